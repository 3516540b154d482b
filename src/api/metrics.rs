//! Prometheus metrics, kept in a registry of their own (not the process-global one) so that
//! several servers in one process (tests) do not collide.
//!
//! `/metrics` is served with the API, or, when the server has a metrics listener of its own
//! (`--metrics-bind`), only there: see [`keep_to_its_listener`].

use std::net::SocketAddr;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web;
use prometheus::{HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry, TextEncoder};

use super::ApiState;
use super::routes::Endpoint;

/// Where the metrics are served.
pub const PATH: &str = "/metrics";

/// How a game request ended, for `railrules_requests_total{outcome}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Answered 200 with a positive verdict (legal action, consistent state, completed replay,
    /// a setup or the legal actions).
    Valid,
    /// Answered 200 with a negative verdict (illegal action, inconsistent state in `check`,
    /// refused replay).
    Invalid,
    /// Refused with a problem (4xx, or 500 if a rules function failed).
    Malformed,
}

impl Outcome {
    pub const ALL: [Outcome; 3] = [Outcome::Valid, Outcome::Invalid, Outcome::Malformed];

    pub fn label(self) -> &'static str {
        match self {
            Outcome::Valid => "valid",
            Outcome::Invalid => "invalid",
            Outcome::Malformed => "malformed",
        }
    }
}

pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    duration: HistogramVec,
}

impl Metrics {
    /// Creates the metrics with every (game, endpoint, outcome) series at zero, so dashboards
    /// see them before the first request.
    pub fn new(game_ids: &[&str]) -> prometheus::Result<Metrics> {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new(
                "railrules_requests_total",
                "Game requests answered, by game, endpoint and outcome (valid, invalid, malformed).",
            ),
            &["game", "endpoint", "outcome"],
        )?;
        let duration = HistogramVec::new(
            HistogramOpts::new(
                "railrules_request_duration_seconds",
                "Time to answer a game request, from the body read to the answer built.",
            )
            .buckets(vec![
                0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
                0.5, 1.0,
            ]),
            &["game", "endpoint"],
        )?;
        registry.register(Box::new(requests.clone()))?;
        registry.register(Box::new(duration.clone()))?;
        for game in game_ids {
            for endpoint in Endpoint::ALL {
                duration.with_label_values(&[*game, endpoint.segment()]);
                for outcome in Outcome::ALL {
                    requests.with_label_values(&[*game, endpoint.segment(), outcome.label()]);
                }
            }
        }
        Ok(Metrics {
            registry,
            requests,
            duration,
        })
    }

    pub fn record(&self, game: &str, endpoint: Endpoint, outcome: Outcome, elapsed: Duration) {
        self.requests
            .with_label_values(&[game, endpoint.segment(), outcome.label()])
            .inc();
        self.duration
            .with_label_values(&[game, endpoint.segment()])
            .observe(elapsed.as_secs_f64());
    }

    /// The Prometheus text exposition.
    pub fn render(&self) -> String {
        TextEncoder::new()
            .encode_to_string(&self.registry.gather())
            .unwrap_or_default()
    }
}

/// With a metrics listener (`ApiState::metrics_listener`), a request is answered only where it
/// belongs: `/metrics` on that listener, everything else on the API's; elsewhere it is a 404, as
/// for a path that does not exist. So a public API port never shows the metrics, and the
/// metrics port, which only Prometheus should reach, runs no rules.
pub async fn keep_to_its_listener(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let metrics_listener = req
        .app_data::<web::Data<ApiState>>()
        .and_then(|st| st.metrics_listener);
    if is_misplaced(&req, metrics_listener) {
        let (req, _) = req.into_parts();
        let response = super::routes::not_found(req.clone()).await;
        return Ok(ServiceResponse::new(req, response).map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

fn is_misplaced(req: &ServiceRequest, metrics_listener: Option<SocketAddr>) -> bool {
    metrics_listener.is_some_and(|metrics| {
        // The address of the listener the connection came in on (not the client's idea of it).
        let on_metrics_listener = req.app_config().local_addr() == metrics;
        on_metrics_listener != (req.path() == PATH)
    })
}
