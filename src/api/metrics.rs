//! Prometheus metrics, kept in a registry of their own (not the process-global one) so that
//! several servers in one process (tests) do not collide.

use std::time::Duration;

use prometheus::{HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry, TextEncoder};

use super::routes::Endpoint;

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
