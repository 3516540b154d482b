//! The HTTP/JSON service: every registered game, typed OpenAPI, Swagger UI, metrics.
//!
//! - [`run`] starts the server on a bound listener (tests bind `127.0.0.1:0`);
//!   [`run_with_metrics_listener`] with `/metrics` on a listener of its own;
//! - [`app`] builds the actix `App` (for in-process tests);
//! - [`openapi::build`] / [`openapi_json`] give the OpenAPI document without a server.
//!
//! Everything here is game-agnostic: games are reached through the registry's visitor.

pub mod config;
pub mod examples;
pub mod headers;
pub mod import;
pub mod metrics;
pub mod openapi;
pub mod problem;
pub mod request_id;
pub mod routes;
pub mod rules_pages;
pub mod validation;
pub mod viewer;

use std::collections::HashMap;
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{Server, Service, ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpServer, web};
use tracing::Instrument;
use utoipa_swagger_ui::{Config as SwaggerConfig, SwaggerUi};

pub use config::{Config, Limits};

/// Answers 200 while the server runs: the liveness and readiness probe.
pub const HEALTH_PATH: &str = "/healthz";
use metrics::Metrics;
use routes::{Endpoint, SchemaKind};
use validation::RequestSchema;

use crate::core::{Game, GameVisitor};
use crate::registry::visit_games;

/// What every worker shares, built once at start: the OpenAPI document and what derives from
/// it (request schemas, compiled lazily; the per-type JSON Schemas), the games list, metrics.
pub struct ApiState {
    pub limits: Limits,
    pub openapi_json: String,
    pub games_json: String,
    pub kind_schemas: HashMap<(&'static str, SchemaKind), String>,
    /// Each game's static data as JSON (`GET /v1/{game}/components`), written once.
    pub components_json: HashMap<&'static str, String>,
    pub metrics: Metrics,
    /// Turns for heavy requests (see [`Limits::max_heavy_requests`]).
    pub heavy: Arc<tokio::sync::Semaphore>,
    /// Turns for the other game requests (see [`Limits::max_light_requests`]).
    pub light: Arc<tokio::sync::Semaphore>,
    /// Whether `POST /v1/echo` is served (see [`Config::echo_endpoint`]).
    pub echo_endpoint: bool,
    /// The address of the listener `/metrics` is served on, when it has its own (see
    /// [`metrics::keep_to_its_listener`]); `None`: served with the API.
    pub metrics_listener: Option<SocketAddr>,
    request_schemas: HashMap<(&'static str, Endpoint), RequestSchema>,
}

impl ApiState {
    pub fn new(limits: Limits) -> std::io::Result<ApiState> {
        let doc = openapi::build();
        let components = Arc::new(openapi::components_json(&doc));
        let mut collector = StateCollector {
            components: components.clone(),
            games: Vec::new(),
            kind_schemas: HashMap::new(),
            request_schemas: HashMap::new(),
            components_json: HashMap::new(),
        };
        visit_games(&mut collector);
        let ids: Vec<&str> = collector.games.iter().map(|g| g.info.id).collect();
        let metrics = Metrics::new(&ids).map_err(std::io::Error::other)?;
        let games_json = serde_json::to_string(&serde_json::json!({ "games": collector.games }))
            .map_err(std::io::Error::other)?;
        Ok(ApiState {
            limits,
            openapi_json: openapi::to_pretty_json(&doc),
            games_json,
            kind_schemas: collector.kind_schemas,
            components_json: collector.components_json,
            metrics,
            heavy: Arc::new(tokio::sync::Semaphore::new(limits.heavy_permits())),
            light: Arc::new(tokio::sync::Semaphore::new(limits.light_permits())),
            echo_endpoint: false,
            metrics_listener: None,
            request_schemas: collector.request_schemas,
        })
    }

    /// The schema a game endpoint validates its bodies against.
    pub fn request_schema(&self, game: &'static str, endpoint: Endpoint) -> Option<&RequestSchema> {
        self.request_schemas.get(&(game, endpoint))
    }
}

/// A game as `GET /v1/games` lists it: what the game says of itself, and the endpoints this
/// build serves for it (a UI learns there whether it may ask for a drawing or an import).
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ListedGame {
    #[serde(flatten)]
    pub info: crate::core::GameInfo,
    /// The last path segments of the game's `POST /v1/{game}/...` endpoints, e.g. `render`.
    #[schema(example = json!(["setup", "validate", "legal-actions", "replay", "check", "render"]))]
    pub endpoints: Vec<&'static str>,
}

struct StateCollector {
    components: Arc<serde_json::Map<String, serde_json::Value>>,
    games: Vec<ListedGame>,
    kind_schemas: HashMap<(&'static str, SchemaKind), String>,
    request_schemas: HashMap<(&'static str, Endpoint), RequestSchema>,
    components_json: HashMap<&'static str, String>,
}

impl GameVisitor for StateCollector {
    fn visit<G: Game>(&mut self) {
        self.games.push(ListedGame {
            info: G::info(),
            endpoints: Endpoint::of::<G>().map(Endpoint::segment).collect(),
        });
        let components = serde_json::to_string(&G::components()).unwrap_or_default();
        self.components_json.insert(G::ID, components);
        for endpoint in Endpoint::of::<G>() {
            let name = openapi::request_schema_name::<G>(endpoint);
            self.request_schemas.insert(
                (G::ID, endpoint),
                RequestSchema::new(name, self.components.clone()),
            );
        }
        for kind in SchemaKind::ALL {
            let name = openapi::kind_schema_name::<G>(kind);
            let schema = openapi::standalone_schema(&self.components, &name);
            let text = serde_json::to_string_pretty(&schema).unwrap_or_default();
            self.kind_schemas.insert((G::ID, kind), text);
        }
    }
}

/// The OpenAPI document as served and as `railrules openapi` prints it.
pub fn openapi_json() -> String {
    openapi::to_pretty_json(&openapi::build())
}

/// The application: routes, Swagger UI, CORS, the security headers and an access log, around
/// shared `state`.
pub fn app(
    state: web::Data<ApiState>,
    cors_origins: Vec<String>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let echo = state.echo_endpoint;
    App::new()
        .app_data(state)
        .configure(|cfg| routes::configure(cfg, echo))
        .service(docs())
        .default_service(web::to(routes::not_found))
        // Answers compressed (gzip or brotli) when the request's Accept-Encoding asks: states
        // run to tens of kilobytes of repetitive JSON.
        .wrap(Compress::default())
        // The last wrapped is the outermost: the security headers reach every answer, the
        // CORS preflights' and the misplaced requests' 404s included.
        .wrap(headers::cors(&cors_origins))
        .wrap(from_fn(metrics::keep_to_its_listener))
        .wrap(headers::every_answer())
        .wrap_fn(|req, srv| {
            let started = Instant::now();
            let id = request_id::of(&req);
            // Everything logged while the request is handled carries its id.
            let span = tracing::info_span!("request", request_id = %id);
            let method = req.method().clone();
            let path = req.path().to_string();
            let call = srv.call(req).instrument(span.clone());
            async move {
                let mut response = call.await?;
                request_id::echo(&mut response, &id);
                span.in_scope(|| {
                    tracing::info!(
                        target: "railrules::access",
                        %method,
                        %path,
                        status = response.status().as_u16(),
                        micros = started.elapsed().as_micros() as u64,
                    )
                });
                Ok(response)
            }
        })
}

/// The Swagger UI under `/docs/`, with the policy that lets it load ([`headers::DOCS_CSP`]).
/// (`/docs` alone is redirected by routes.)
fn docs() -> actix_web::Scope<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    // "none": no validator badge, which would send the document's address to swagger.io.
    let config = SwaggerConfig::new(["/openapi.json"]).validator_url("none");
    web::scope("/docs")
        // The document itself is served by routes (GET /openapi.json, 405 otherwise).
        .service(SwaggerUi::new("/{_:.*}").config(config))
        // Reached only by methods other than GET: the UI resource is GET-guarded.
        .service(
            web::resource("/{_:.*}")
                .default_service(web::to(|| async { problem::method_not_allowed("GET") })),
        )
        .wrap(headers::docs())
}

/// Starts the server on `listener`. The returned future runs it; its handle stops it.
pub fn run(listener: TcpListener, config: Config) -> std::io::Result<Server> {
    run_with_metrics_listener(listener, None, config)
}

/// As [`run`]; with `metrics_listener`, `/metrics` is served there and only there (the API's
/// listener answers 404 for it, the metrics listener for everything else). One server serves
/// both, so one handle, one signal and one drain stop them together.
pub fn run_with_metrics_listener(
    listener: TcpListener,
    metrics_listener: Option<TcpListener>,
    config: Config,
) -> std::io::Result<Server> {
    let state = web::Data::new(ApiState {
        echo_endpoint: config.echo_endpoint,
        metrics_listener: metrics_listener
            .as_ref()
            .map(TcpListener::local_addr)
            .transpose()?,
        ..ApiState::new(config.limits)?
    });
    let origins = config.cors_origins.clone();
    let mut server =
        HttpServer::new(move || app(state.clone(), origins.clone())).listen(listener)?;
    if let Some(metrics_listener) = metrics_listener {
        server = server.listen(metrics_listener)?;
    }
    if let Some(workers) = config.workers {
        server = server.workers(workers);
    }
    // actix stops on SIGTERM/SIGINT by itself: it stops accepting, lets requests in flight
    // finish for this long, then exits.
    server = server.shutdown_timeout(config.shutdown_timeout_secs);
    Ok(server.run())
}
