//! The HTTP endpoints. Game endpoints are generic over [`Game`] and mounted once per registered
//! game by a [`GameVisitor`]: there is no game-specific code here.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use actix_web::http::header::{CONTENT_LENGTH, CONTENT_TYPE, LOCATION};
use actix_web::{HttpRequest, HttpResponse, guard, web};
use serde::{Deserialize, Deserializer, Serialize};

use super::ApiState;
use super::metrics::Outcome;
use super::problem::{Kind, MAX_LISTED_PROBLEMS, Problem, method_not_allowed};
use super::validation::{ObjectOnly, parse_body};
use crate::core::{
    Checked, Deadline, Game, GameVisitor, Incomplete, ParameterChoice, ParameterRange, Replay,
    Violation, replay_by,
};
use crate::registry::visit_games;

/// The POST endpoints of a game: every game has all but `View`, which only games with hidden
/// information serve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endpoint {
    Setup,
    Validate,
    LegalActions,
    Replay,
    Check,
    View,
    /// An 18xx.games export read into a save file: only games with an 18xx.games title.
    Import,
    /// The state drawn as SVG: only games whose drawing is built ([`Game::RENDERS`]).
    Render,
}

impl Endpoint {
    /// Endpoints whose work can be long: legal actions (1833NE searches the best routes) and
    /// replays (up to the action limit).
    pub fn is_heavy(self) -> bool {
        matches!(
            self,
            Endpoint::LegalActions | Endpoint::Replay | Endpoint::Import
        )
    }

    pub const ALL: [Endpoint; 8] = [
        Endpoint::Setup,
        Endpoint::Validate,
        Endpoint::LegalActions,
        Endpoint::Replay,
        Endpoint::Check,
        Endpoint::View,
        Endpoint::Import,
        Endpoint::Render,
    ];

    /// The endpoints game `G` serves.
    pub fn of<G: Game>() -> impl Iterator<Item = Endpoint> {
        Endpoint::ALL
            .into_iter()
            .filter(|e| *e != Endpoint::View || G::HIDDEN_INFORMATION)
            .filter(|e| *e != Endpoint::Import || crate::import::has_title(G::ID))
            .filter(|e| *e != Endpoint::Render || G::RENDERS)
    }

    /// The last path segment, also the `endpoint` label of the metrics.
    pub fn segment(self) -> &'static str {
        match self {
            Endpoint::Setup => "setup",
            Endpoint::Validate => "validate",
            Endpoint::LegalActions => "legal-actions",
            Endpoint::Replay => "replay",
            Endpoint::Check => "check",
            Endpoint::View => "view",
            Endpoint::Import => "import",
            Endpoint::Render => "render",
        }
    }

    /// The middle of its schema names: `<Game><Stem>Request`.
    pub fn schema_stem(self) -> &'static str {
        match self {
            Endpoint::Setup => "Setup",
            Endpoint::Validate => "Validate",
            Endpoint::LegalActions => "LegalActions",
            Endpoint::Replay => "Replay",
            Endpoint::Check => "Check",
            Endpoint::View => "View",
            Endpoint::Import => "Import",
            Endpoint::Render => "Render",
        }
    }

    pub fn summary(self) -> &'static str {
        match self {
            Endpoint::Setup => "a new game's initial state",
            Endpoint::Validate => "judge an action",
            Endpoint::LegalActions => "who acts and every legal action",
            Endpoint::Replay => "replay actions",
            Endpoint::Check => "check a state's consistency",
            Endpoint::View => "what the player may see of a state",
            Endpoint::Import => "an 18xx.games export as a save file",
            Endpoint::Render => "the state drawn as SVG",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Endpoint::Setup => {
                "The initial state for the options and seed (both optional: default options, \
                 a seed drawn from the operating system's randomness, returned as `seed`). \
                 Options that setup refuses get a 422 listing every violation."
            }
            Endpoint::Validate => {
                "Judges `action` in `state`. Legal: `{valid: true, state, events}` with the state \
                 after the action. Illegal: `{valid: false, violation}` (still a 200). A state \
                 that fails the consistency check gets a 422 listing every violation, never a \
                 verdict."
            }
            Endpoint::LegalActions => {
                "The seats that may act and every action `validate` accepts in `state`. Where an \
                 action has a free number (a price, a bid), it is listed once and `ranges` gives \
                 the whole values allowed there. A search with a budget (1833NE's best routes) \
                 that reaches it lists the best it found: `complete` is then false and \
                 `incomplete` names the action. An inconsistent state gets a 422 listing every \
                 violation."
            }
            Endpoint::Replay => {
                "Applies `actions` in order, from a new game (`setup`) or from `state` (exactly \
                 one of the two). All legal: `{valid: true, state, events}` with the events of \
                 each action. Otherwise `{valid: false, index, violation, state, events}` for \
                 the first illegal action, `state` being the state it was judged against."
            }
            Endpoint::Check => {
                "The invariant violations of `state`: money not conserved, a certificate in two \
                 places, a director who is not the largest holder... Empty when consistent."
            }
            Endpoint::View => {
                "`state` with its hidden piles redacted (their sizes kept), for a UI that must \
                 not show them: the order and contents of draw piles and bags. Without `seat`, \
                 what the whole table sees; with `seat`, what that seat may see: the table's \
                 view and its own hidden cards (a seat not at the table gets a 422). A view is \
                 for display; send the full state to the other endpoints. An inconsistent state \
                 gets a 422 listing every violation."
            }
            Endpoint::Import => {
                "Reads an 18xx.games export (the site's game data: `title`, `players`, \
                 `settings` with `seed`, `actions`, `result`) of the game's title into a railrules \
                 save file, replaying it: undone actions dropped, automatic ones played, the \
                 actions the site skips inserted by the documented flow rules \
                 (docs/rules/<game>.md#interop). The answer counts the actions imported, \
                 inserted and left out. An export of another title, an action that cannot be \
                 translated (an unknown type or entity...) or an illegal one gets a 422 naming \
                 the action (its JSON pointer in the export) and the field."
            }
            Endpoint::Render => {
                "`state` drawn as an SVG document (`image/svg+xml`, 1,200 units wide, nothing \
                 fetched). An 18xx title: the map with every hex in its colour, terrain costs, \
                 the track and stops of its printed face or of the tile laid there (turned), \
                 stations in their companies' colours, off-board values; under it the market \
                 with each company's marker, the phase, the depot and the bank. Railroad Barons: \
                 the share value track and a row per Holding (Director, value, cash, \
                 certificates, Operators, Railroads, Investors), the players and the stack. \
                 rotw-solo: the map with every link and cube, the Major Lines, the Railbot's row \
                 and the Operations display (hidden piles as counts). Russian Railroads: the \
                 stocks board and placements, and each player's board (tracks, locomotives, \
                 industry, factories, workers, points). The same state gives the same bytes. An \
                 inconsistent state gets a 422 listing every violation."
            }
        }
    }

    pub fn ok_description(self) -> &'static str {
        match self {
            Endpoint::Setup => "The initial state.",
            Endpoint::Validate => "The verdict: legal (new state and events) or illegal (why).",
            Endpoint::LegalActions => "The seats to act and the legal actions.",
            Endpoint::Replay => "Every action legal, or the first illegal one.",
            Endpoint::Check => "The violations found (empty when consistent).",
            Endpoint::View => "The state as the player may see it, with the hidden piles' sizes.",
            Endpoint::Import => "The save file, with the counts of actions imported and inserted.",
            Endpoint::Render => "The SVG document.",
        }
    }
}

/// The game types whose JSON Schema `GET /v1/<id>/schema/<kind>` serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SchemaKind {
    State,
    Action,
    Event,
}

impl SchemaKind {
    pub const ALL: [SchemaKind; 3] = [SchemaKind::State, SchemaKind::Action, SchemaKind::Event];

    pub fn segment(self) -> &'static str {
        match self {
            SchemaKind::State => "state",
            SchemaKind::Action => "action",
            SchemaKind::Event => "event",
        }
    }

    pub fn plural(self) -> &'static str {
        match self {
            SchemaKind::State => "states",
            SchemaKind::Action => "actions",
            SchemaKind::Event => "events",
        }
    }
}

/// Mounts every route. Each resource answers 405 with `Allow` to other methods (P6).
/// `echo` adds `POST /v1/echo` (see [`echo`]).
pub fn configure(cfg: &mut web::ServiceConfig, echo_endpoint: bool) {
    get_resource(cfg, "/v1/games", list_games);
    get_resource(cfg, super::HEALTH_PATH, health);
    get_resource(cfg, super::metrics::PATH, metrics);
    get_resource(cfg, "/openapi.json", openapi_json);
    get_resource(cfg, "/docs", docs_redirect);
    super::viewer::configure(cfg);
    super::rules_pages::configure(cfg);
    visit_games(&mut Mounter { cfg });
    if echo_endpoint {
        cfg.service(
            web::resource("/v1/echo")
                .route(web::post().to(echo))
                .default_service(web::to(|| async { method_not_allowed("POST") })),
        );
    }
    // After the games: any other `/v1/...` path names an unknown game or endpoint.
    cfg.service(web::resource("/v1/{tail:.*}").to(unknown_v1_path));
}

fn get_resource<F, Args>(cfg: &mut web::ServiceConfig, path: &str, handler: F)
where
    F: actix_web::Handler<Args>,
    Args: actix_web::FromRequest + 'static,
    F::Output: actix_web::Responder + 'static,
{
    cfg.service(
        web::resource(path)
            .route(get_or_head().to(handler))
            .default_service(web::to(|| async { method_not_allowed("GET, HEAD") })),
    );
}

/// GET, and HEAD with it (actix sends no body for HEAD), as the `Allow` header promises.
pub(super) fn get_or_head() -> actix_web::Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

struct Mounter<'a> {
    cfg: &'a mut web::ServiceConfig,
}

impl GameVisitor for Mounter<'_> {
    fn visit<G: Game>(&mut self) {
        // Their answers carry or judge states: never cached.
        let post = |path: String, route: actix_web::Route| {
            web::resource(path)
                .wrap(super::headers::no_store())
                .route(route)
                .default_service(web::to(|| async { method_not_allowed("POST") }))
        };
        let base = format!("/v1/{}", G::ID);
        self.cfg
            .service(post(format!("{base}/setup"), web::post().to(setup::<G>)))
            .service(post(
                format!("{base}/validate"),
                web::post().to(validate::<G>),
            ))
            .service(post(
                format!("{base}/legal-actions"),
                web::post().to(legal_actions::<G>),
            ))
            .service(post(
                format!("{base}/replay"),
                web::post().to(replay_actions::<G>),
            ))
            .service(post(format!("{base}/check"), web::post().to(check::<G>)));
        if G::HIDDEN_INFORMATION {
            self.cfg
                .service(post(format!("{base}/view"), web::post().to(view::<G>)));
        }
        if G::RENDERS {
            self.cfg
                .service(post(format!("{base}/render"), web::post().to(render::<G>)));
        }
        if crate::import::has_title(G::ID) {
            self.cfg.service(post(
                format!("{base}/import"),
                web::post().to(import_export::<G>),
            ));
        }
        self.cfg.service(
            web::resource(format!("{base}/components"))
                .route(
                    get_or_head().to(|st: web::Data<ApiState>| async move {
                        components_document(&st, G::ID)
                    }),
                )
                .default_service(web::to(|| async { method_not_allowed("GET, HEAD") })),
        );
        for kind in SchemaKind::ALL {
            let path = format!("{base}/schema/{}", kind.segment());
            self.cfg.service(
                web::resource(path)
                    .route(get_or_head().to(move |st: web::Data<ApiState>| async move {
                        schema_document(&st, G::ID, kind)
                    }))
                    .default_service(web::to(|| async { method_not_allowed("GET, HEAD") })),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Service endpoints

async fn list_games(st: web::Data<ApiState>) -> HttpResponse {
    json_response(st.games_json.clone())
}

async fn health() -> HttpResponse {
    json_response(r#"{"status":"ok"}"#.to_string())
}

async fn metrics(st: web::Data<ApiState>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"))
        .body(st.metrics.render())
}

async fn openapi_json(st: web::Data<ApiState>) -> HttpResponse {
    json_response(st.openapi_json.clone())
}

/// The Swagger UI is mounted at `/docs/{_:.*}`, which `/docs` without its slash does not match:
/// redirected rather than a 404.
async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((LOCATION, "/docs/"))
        .finish()
}

fn schema_document(st: &ApiState, game: &'static str, kind: SchemaKind) -> HttpResponse {
    match st.kind_schemas.get(&(game, kind)) {
        Some(text) => HttpResponse::Ok()
            .insert_header((CONTENT_TYPE, "application/schema+json"))
            .body(text.clone()),
        None => Problem::new(Kind::NotFound, "no such schema").response(),
    }
}

fn components_document(st: &ApiState, game: &'static str) -> HttpResponse {
    match st.components_json.get(game) {
        Some(text) => json_response(text.clone()),
        None => Problem::new(Kind::NotFound, "no components").response(),
    }
}

/// Any method on an unknown path.
pub async fn not_found(req: HttpRequest) -> HttpResponse {
    Problem::new(Kind::NotFound, format!("no resource at `{}`", req.path())).response()
}

async fn unknown_v1_path(req: HttpRequest) -> HttpResponse {
    let games = crate::registry::game_ids();
    let game = req
        .path()
        .trim_start_matches("/v1/")
        .split('/')
        .next()
        .unwrap_or("");
    let detail = if games.contains(&game) {
        format!(
            "`{}` is not an endpoint; a game has {}, components, schema/{{state,action,event}}, \
             and view when its states hide information",
            req.path(),
            Endpoint::ALL
                .into_iter()
                .filter(|e| *e != Endpoint::View)
                .map(Endpoint::segment)
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        format!("unknown game `{game}`; known games: {}", games.join(", "))
    };
    Problem::new(Kind::NotFound, detail).response()
}

/// The body parsed as JSON and written back, read as the game endpoints read theirs: what any
/// JSON service pays for the same bytes, the baseline `validate` is measured against.
async fn echo(req: HttpRequest, st: web::Data<ApiState>, payload: web::Payload) -> HttpResponse {
    let deadline =
        tokio::time::Instant::now() + Duration::from_millis(st.limits.request_timeout_ms);
    let echoed = read_body_by(deadline, &req, payload, st.limits.max_body_bytes)
        .await
        .and_then(|bytes| {
            serde_json::from_slice::<serde_json::Value>(&bytes)
                .map_err(|e| Problem::at(Kind::NotJson, "", format!("the body is not JSON: {e}")))
        });
    match echoed {
        Ok(value) => json_response(value.to_string()),
        Err(problem) => problem.response(),
    }
}

// ---------------------------------------------------------------------------------------------
// Game endpoints: read the body, run the logic, record the metrics.

/// What a game endpoint's logic produced: a JSON body and how to count it.
pub(super) struct Answer {
    pub(super) body: String,
    /// `application/json`, or `image/svg+xml` for a drawing.
    pub(super) content_type: &'static str,
    pub(super) outcome: Outcome,
}

type Logic = fn(&ApiState, &[u8]) -> Result<Answer, Problem>;

async fn handle(
    game: &'static str,
    endpoint: Endpoint,
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
    logic: Logic,
) -> HttpResponse {
    let started = Instant::now();
    let at = started + Duration::from_millis(st.limits.request_timeout_ms);
    let by = tokio::time::Instant::from_std(at);
    let deadline = Deadline::at(at);
    // Work nobody waits for stops: when this future is dropped (at shutdown, after the grace
    // period), the deadline is cancelled. actix 4 does not drop it when a client hangs up
    // (actix/actix-web#3462): such work runs until its deadline.
    let _stop_unread_work = deadline.cancel_on_drop();
    let result = match read_body_by(by, &req, payload, st.limits.max_body_bytes).await {
        Ok(bytes) => run_rules(endpoint, by, &deadline, &st, bytes, logic).await,
        Err(problem) => Err(problem),
    };
    let (response, outcome) = match result {
        Ok(answer) => (
            HttpResponse::Ok()
                .insert_header((CONTENT_TYPE, answer.content_type))
                .body(answer.body),
            answer.outcome,
        ),
        Err(problem) => (problem.response(), Outcome::Malformed),
    };
    st.metrics
        .record(game, endpoint, outcome, started.elapsed());
    response
}

/// The body, if it arrives by the deadline: a client dribbling bytes cannot hold a worker.
async fn read_body_by(
    deadline: tokio::time::Instant,
    req: &HttpRequest,
    payload: web::Payload,
    limit: usize,
) -> Result<web::Bytes, Problem> {
    tokio::time::timeout_at(deadline, read_body(req, payload, limit))
        .await
        .unwrap_or_else(|_| {
            Err(Problem::new(
                Kind::RequestTimeout,
                "the body did not arrive within the request timeout",
            ))
        })
}

/// Rules work runs on the blocking pool, never on the workers, so that it cannot starve them
/// (a /healthz is answered whatever a request costs). A bounded number run at once: heavy
/// endpoints (legal actions, replays) and the others each have their own turns. Every request
/// runs under its deadline: one that cannot get a turn in time, or whose work outlasts it, gets
/// 503 with `Retry-After`. The deadline is then cancelled: the long searches (1833NE's routes
/// and legal actions, replays) read it and stop, giving their turn back; work that does not
/// read it (a game's `check`) finishes in the background, keeping its turn until then.
async fn run_rules(
    endpoint: Endpoint,
    by: tokio::time::Instant,
    deadline: &Deadline,
    st: &web::Data<ApiState>,
    bytes: web::Bytes,
    logic: Logic,
) -> Result<Answer, Problem> {
    let turns = if endpoint.is_heavy() {
        &st.heavy
    } else {
        &st.light
    };
    let Ok(Ok(turn)) = tokio::time::timeout_at(by, turns.clone().acquire_owned()).await else {
        return Err(busy(if endpoint.is_heavy() {
            "too many heavy requests at once; retry shortly"
        } else {
            "too many requests at once; retry shortly"
        }));
    };
    let state = st.clone();
    let work_deadline = deadline.clone();
    let work = web::block(move || {
        let _turn = turn;
        work_deadline.run(|| logic(&state, &bytes))
    });
    let result = tokio::time::timeout_at(by, work).await;
    if result.is_err() || deadline.passed() {
        // Its answer, if any, may be cut short by the deadline: never served.
        deadline.cancel();
        return Err(past_the_deadline(st.limits.request_timeout_ms));
    }
    match result {
        Ok(Ok(result)) => result,
        _ => Err(Problem::new(
            Kind::Internal,
            "the rules engine could not run this request",
        )),
    }
}

fn busy(detail: &str) -> Problem {
    Problem::new(Kind::Overloaded, detail)
}

fn past_the_deadline(timeout_ms: u64) -> Problem {
    busy(&format!(
        "the rules work ran past the request timeout of {timeout_ms} ms and was cancelled"
    ))
}

/// The body, within the size limit. A declared length over it is refused before reading.
async fn read_body(
    req: &HttpRequest,
    payload: web::Payload,
    limit: usize,
) -> Result<web::Bytes, Problem> {
    let too_large = || {
        Problem::at(
            Kind::BodyTooLarge,
            "",
            format!("the body is over the limit of {limit} bytes"),
        )
    };
    let declared = req
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    match payload.to_bytes_limited(limit).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(e)) => Err(Problem::at(
            Kind::NotJson,
            "",
            format!("the body could not be read: {e}"),
        )),
        Err(_) => Err(too_large()),
    }
}

async fn setup<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(G::ID, Endpoint::Setup, req, st, payload, setup_logic::<G>).await
}

async fn validate<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(
        G::ID,
        Endpoint::Validate,
        req,
        st,
        payload,
        validate_logic::<G>,
    )
    .await
}

async fn legal_actions<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(
        G::ID,
        Endpoint::LegalActions,
        req,
        st,
        payload,
        legal_actions_logic::<G>,
    )
    .await
}

async fn replay_actions<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(G::ID, Endpoint::Replay, req, st, payload, replay_logic::<G>).await
}

async fn view<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(G::ID, Endpoint::View, req, st, payload, view_logic::<G>).await
}

async fn check<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(G::ID, Endpoint::Check, req, st, payload, check_logic::<G>).await
}

async fn render<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(G::ID, Endpoint::Render, req, st, payload, render_logic::<G>).await
}

async fn import_export<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(
        G::ID,
        Endpoint::Import,
        req,
        st,
        payload,
        super::import::import_logic::<G>,
    )
    .await
}

// ---------------------------------------------------------------------------------------------
// Request and response bodies. Optional request fields may be absent but not `null`, exactly
// as the published schemas say.

#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
struct SetupRequest<G: Game> {
    #[serde(default, deserialize_with = "present_object")]
    options: Option<G::Options>,
    #[serde(default, deserialize_with = "present")]
    seed: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
struct ValidateRequest<G: Game> {
    #[serde(deserialize_with = "object")]
    state: G::State,
    action: G::Action,
    #[serde(default, deserialize_with = "present")]
    expected_move: Option<u64>,
}

/// `legal-actions`: the state, and optionally the move the client believes it is at.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
struct LegalActionsRequest<G: Game> {
    #[serde(deserialize_with = "object")]
    state: G::State,
    #[serde(default, deserialize_with = "present")]
    expected_move: Option<u64>,
    /// Whether the answer gives each listed action's effects (the events it would cause).
    #[serde(default)]
    effects: bool,
    /// With `effects`: the effects as lines of English only (`effects_text`).
    #[serde(default)]
    compact: bool,
    /// Only the actions of this seat.
    #[serde(default, deserialize_with = "present_through_value")]
    seat: Option<G::Seat>,
    /// Only the actions of these types.
    #[serde(default, deserialize_with = "present")]
    types: Option<Vec<ActionTypeName<G>>>,
}

/// The name of one of a game's action types (`pass`, `lay_tile`...); another is refused at its
/// place in the list.
struct ActionTypeName<G>(String, std::marker::PhantomData<G>);

impl<'de, G: Game> Deserialize<'de> for ActionTypeName<G> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        let names = super::openapi::action_type_names::<G>();
        if names.contains(&name) {
            Ok(ActionTypeName(name, std::marker::PhantomData))
        } else {
            Err(serde::de::Error::custom(format!(
                "`{name}` is not an action type of {} (they are {})",
                G::ID,
                names.join(", ")
            )))
        }
    }
}

/// Whether a listed action passes `legal-actions`' filters: its seat is `seat`, its type one
/// of `types` (each when given). An action that names no seat (a solo game's) is of whoever
/// acts (`to_act`).
fn wanted<G: Game>(
    action: &G::Action,
    to_act: &[G::Seat],
    seat: Option<&G::Seat>,
    types: Option<&[ActionTypeName<G>]>,
) -> bool {
    seat.is_none_or(|seat| G::seat_of(action).map_or(to_act.contains(seat), |of| &of == seat))
        && types.is_none_or(|types| {
            let value = serde_json::to_value(action).unwrap_or_default();
            value["type"]
                .as_str()
                .is_some_and(|t| types.iter().any(|wanted| wanted.0 == t))
        })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
struct StateRequest<G: Game> {
    #[serde(deserialize_with = "object")]
    state: G::State,
}

/// `view`: the state, and the seat whose view it is (none: the table's).
#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
struct ViewRequest<G: Game> {
    #[serde(deserialize_with = "object")]
    state: G::State,
    #[serde(default, deserialize_with = "present_through_value")]
    seat: Option<G::Seat>,
}

/// As [`present`], read through a JSON value: serde_json calls a `null` where an enum belongs
/// a syntax error, which would be answered as a body that is not JSON.
fn present_through_value<'de, D: Deserializer<'de>, T: serde::de::DeserializeOwned>(
    d: D,
) -> Result<Option<T>, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    T::deserialize(value)
        .map(Some)
        .map_err(serde::de::Error::custom)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
struct ReplayRequest<G: Game> {
    #[serde(default, deserialize_with = "present_object")]
    setup: Option<SetupRequest<G>>,
    #[serde(default, deserialize_with = "present_object")]
    state: Option<G::State>,
    actions: Vec<G::Action>,
    /// Whether the answer carries the game's log: each event's text, one line each.
    #[serde(default)]
    log: bool,
}

/// An optional field that, when present, must hold a value (not `null`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// An optional object field that, when present, must be an object (see [`ObjectOnly`]).
fn present_object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    ObjectOnly::<T>::deserialize(d).map(|ObjectOnly(value)| Some(value))
}

/// A required object field (see [`ObjectOnly`]).
fn object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    ObjectOnly::<T>::deserialize(d).map(|ObjectOnly(value)| value)
}

#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct SetupAnswer<'a, G: Game> {
    state: &'a G::State,
    to_act: &'a [G::Seat],
    /// The seed the game was set up with: the client's, or one drawn from the operating
    /// system's randomness when it gave none.
    seed: u64,
}

#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct Accepted<'a, G: Game> {
    valid: bool,
    state: &'a G::State,
    to_act: &'a [G::Seat],
    events: Vec<Described<'a, G>>,
}

/// An event as answers carry it: its fields, and its one line of English (`text`).
#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct Described<'a, G: Game> {
    #[serde(flatten)]
    event: &'a G::Event,
    text: String,
}

fn described<G: Game>(events: &[G::Event]) -> Vec<Described<'_, G>> {
    events
        .iter()
        .map(|event| Described {
            event,
            text: G::describe(event),
        })
        .collect()
}

/// The events of each replayed action, described.
fn described_per_action<G: Game>(events: &[Vec<G::Event>]) -> Vec<Vec<Described<'_, G>>> {
    events.iter().map(|e| described::<G>(e)).collect()
}

/// The replay's log: a line per event, `<move>. <text>`, the move being the one the action
/// made (the start state's `move` plus its place among the actions).
fn log_lines<G: Game>(first_move: u64, events: &[Vec<G::Event>]) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, action_events) in events.iter().enumerate() {
        let made = first_move + i as u64 + 1;
        for event in action_events {
            lines.push(format!("{made}. {}", G::describe(event)));
        }
    }
    lines
}

#[derive(Serialize)]
struct Refused<'a> {
    valid: bool,
    violation: &'a Violation,
}

#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct LegalActionsAnswer<'a, G: Game> {
    to_act: &'a [G::Seat],
    actions: Vec<&'a G::Action>,
    ranges: Vec<ActionRange<'a>>,
    choices: Vec<ActionChoice<'a>>,
    complete: bool,
    incomplete: Vec<Incomplete>,
    #[serde(skip_serializing_if = "Option::is_none")]
    effects: Option<Vec<Vec<Described<'a, G>>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    effects_text: Option<Vec<Vec<String>>>,
}

/// A number of listed action `action` (its index in `actions`) that may take any of `values`.
#[derive(Serialize)]
struct ActionChoice<'a> {
    action: usize,
    pointer: &'a str,
    values: &'a [u64],
}

/// A free number of listed action `action` (its index in `actions`).
#[derive(Serialize)]
struct ActionRange<'a> {
    action: usize,
    pointer: &'a str,
    min: u64,
    max: u64,
}

#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct ReplayCompleted<'a, G: Game> {
    valid: bool,
    state: &'a G::State,
    to_act: &'a [G::Seat],
    events: Vec<Vec<Described<'a, G>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<Vec<String>>,
}

#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct ReplayRefused<'a, G: Game> {
    valid: bool,
    index: usize,
    violation: &'a Violation,
    state: &'a G::State,
    to_act: &'a [G::Seat],
    events: Vec<Vec<Described<'a, G>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<Vec<String>>,
}

#[derive(Serialize)]
struct CheckAnswer<'a> {
    consistent: bool,
    /// The first 100 violations found.
    violations: &'a [Violation],
    /// How many more were found than are listed.
    #[serde(skip_serializing_if = "is_zero")]
    omitted: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

// ---------------------------------------------------------------------------------------------
// The logic of each game endpoint.

fn parse<T: serde::de::DeserializeOwned, G: Game>(
    st: &ApiState,
    endpoint: Endpoint,
    bytes: &[u8],
) -> Result<T, Problem> {
    parse_body(bytes, &st.limits, st.request_schema(G::ID, endpoint))
        .map_err(|problem| name_game_and_version::<G>(problem, bytes))
}

/// A state of another game or rules version is refused naming both sides: what it says, and
/// what this endpoint implements (the schema's own words only list the allowed value).
fn name_game_and_version<G: Game>(mut problem: Problem, bytes: &[u8]) -> Problem {
    const GAME: &str = "/state/game";
    const VERSION: &str = "/state/rules_version";
    if !problem
        .errors
        .iter()
        .any(|e| e.pointer == GAME || e.pointer == VERSION)
    {
        return problem;
    }
    let body: serde_json::Value = serde_json::from_slice(bytes).unwrap_or_default();
    for error in &mut problem.errors {
        let sent = body.pointer(&error.pointer).map(|v| v.to_string());
        let sent = sent.as_deref().unwrap_or("nothing");
        if error.pointer == VERSION {
            error.detail = format!(
                "the state is for rules version {sent}; {} here implements rules version \"{}\"",
                G::ID,
                G::RULES_VERSION
            );
        } else if error.pointer == GAME {
            error.detail = format!(
                "the state is of the game {sent}; this endpoint is {}'s (\"{}\")",
                G::info().name,
                G::ID
            );
        }
    }
    if let [only] = &problem.errors[..] {
        problem.detail = format!("1 problem: {} at `{}`", only.detail, only.pointer);
    }
    problem
}

fn setup_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let mut request: SetupRequest<G> = parse::<_, G>(st, Endpoint::Setup, bytes)?;
    let seed = *request.seed.get_or_insert_with(crate::core::rng::os_seed);
    let state = new_game::<G>(request, "/options")?;
    let to_act = guarded(|| G::to_act(state.state()))?;
    answer(
        &SetupAnswer::<G> {
            state: state.state(),
            to_act: &to_act,
            seed,
        },
        Outcome::Valid,
    )
}

fn validate_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let request: ValidateRequest<G> = parse::<_, G>(st, Endpoint::Validate, bytes)?;
    expect_move::<G>(&request.state, request.expected_move)?;
    let mut state = consistent::<G>(request.state, "/state")?;
    let verdict = guarded(|| {
        G::apply(&mut state, &request.action).map(|events| (events, G::to_act(state.state())))
    })?;
    match verdict {
        Ok((events, to_act)) => answer(
            &Accepted::<G> {
                valid: true,
                state: state.state(),
                to_act: &to_act,
                events: described::<G>(&events),
            },
            Outcome::Valid,
        ),
        Err(violation) => answer(
            &Refused {
                valid: false,
                violation: &violation,
            },
            Outcome::Invalid,
        ),
    }
}

fn legal_actions_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let LegalActionsRequest::<G> {
        state,
        expected_move,
        effects,
        compact,
        seat,
        types,
    } = parse::<_, G>(st, Endpoint::LegalActions, bytes)?;
    if compact && !effects {
        return Err(Problem::at(
            Kind::InvalidRequest,
            "/compact",
            "`compact` shortens the listed actions' effects: ask with `effects: true` too",
        ));
    }
    expect_move::<G>(&state, expected_move)?;
    let checked = consistent::<G>(state, "/state")?;
    let (to_act, listing) = guarded(|| {
        let listing = G::listing(&checked);
        (G::to_act(checked.state()), listing)
    })?;
    // The filters (`seat`, `types`) keep some of the listed actions; every index the answer
    // gives (ranges, choices, incomplete, effects) counts in the kept list.
    let kept: Vec<usize> = (0..listing.actions.len())
        .filter(|&i| {
            wanted::<G>(
                &listing.actions[i],
                &to_act,
                seat.as_ref(),
                types.as_deref(),
            )
        })
        .collect();
    let actions: Vec<&G::Action> = kept.iter().map(|&i| &listing.actions[i]).collect();
    let (ranges, choices) = guarded(|| {
        let state = checked.state();
        let ranges: Vec<Vec<ParameterRange>> =
            actions.iter().map(|a| G::ranges(state, a)).collect();
        let choices: Vec<Vec<ParameterChoice>> =
            actions.iter().map(|a| G::choices(state, a)).collect();
        (ranges, choices)
    })?;
    let choices = choices
        .iter()
        .enumerate()
        .flat_map(|(action, choices)| {
            choices.iter().map(move |c| ActionChoice {
                action,
                pointer: &c.pointer,
                values: &c.values,
            })
        })
        .collect();
    let ranges = ranges
        .iter()
        .enumerate()
        .flat_map(|(action, ranges)| {
            ranges.iter().map(move |r| ActionRange {
                action,
                pointer: &r.pointer,
                min: r.min,
                max: r.max,
            })
        })
        .collect();
    let incomplete: Vec<Incomplete> = listing
        .incomplete
        .iter()
        .filter_map(|item| {
            let action = kept.iter().position(|&i| i == item.action)?;
            Some(Incomplete {
                action,
                ..item.clone()
            })
        })
        .collect();
    let effects = match effects {
        true => Some(guarded(|| effects_of::<G>(&checked, &actions))??),
        false => None,
    };
    let (effects, effects_text) = match (&effects, compact) {
        (None, _) => (None, None),
        (Some(effects), false) => (Some(described_per_action::<G>(effects)), None),
        (Some(effects), true) => (None, Some(texts_per_action::<G>(effects))),
    };
    answer(
        &LegalActionsAnswer::<G> {
            to_act: &to_act,
            actions,
            ranges,
            choices,
            complete: incomplete.is_empty(),
            incomplete,
            effects,
            effects_text,
        },
        Outcome::Valid,
    )
}

/// Each action's events as their lines of English (the compact form of effects).
fn texts_per_action<G: Game>(events: &[Vec<G::Event>]) -> Vec<Vec<String>> {
    events
        .iter()
        .map(|events| events.iter().map(G::describe).collect())
        .collect()
}

/// What each listed action would cause: the events `validate` would answer, each action
/// applied to its own copy of the state (so a UI shows a tile lay's cost, a train's price, a
/// dividend's payout and price move before the player commits). Work in proportion to the
/// listing, stopped at the request's deadline.
fn effects_of<G: Game>(
    state: &Checked<G>,
    actions: &[&G::Action],
) -> Result<Vec<Vec<G::Event>>, Problem> {
    let deadline = Deadline::current();
    let mut effects = Vec::with_capacity(actions.len());
    for action in actions {
        if deadline.passed() {
            return Err(busy(
                "the listed actions' effects ran past the request timeout; ask without `effects`",
            ));
        }
        let mut copy = state.clone();
        match G::apply(&mut copy, action) {
            Ok(events) => effects.push(events),
            Err(violation) => {
                tracing::error!(%violation, "a listed action was refused");
                return Err(Problem::new(
                    Kind::Internal,
                    format!("a listed action was refused: {violation}"),
                ));
            }
        }
    }
    Ok(effects)
}

fn replay_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let request: ReplayRequest<G> = parse::<_, G>(st, Endpoint::Replay, bytes)?;
    let max = st.limits.max_replay_actions;
    if request.actions.len() > max {
        return Err(Problem::at(
            Kind::TooManyActions,
            "/actions",
            format!(
                "{} actions; a replay request may carry at most {max}",
                request.actions.len()
            ),
        ));
    }
    let start = match (request.setup, request.state) {
        (Some(setup), None) => new_game::<G>(setup, "/setup/options")?,
        (None, Some(state)) => consistent::<G>(state, "/state")?,
        _ => {
            return Err(Problem::at(
                Kind::InvalidRequest,
                "",
                "give exactly one of `setup` (replay a new game) and `state` (replay from it)",
            ));
        }
    };
    let first_move = G::moves(start.state());
    let replayed = guarded(|| replay_by::<G>(start, &request.actions, &Deadline::current()))?;
    let Ok(replayed) = replayed else {
        return Err(past_the_deadline(st.limits.request_timeout_ms));
    };
    let (to_act, log) = guarded(|| match &replayed {
        Replay::Completed { state, events } | Replay::Refused { state, events, .. } => (
            G::to_act(state),
            request.log.then(|| log_lines::<G>(first_move, events)),
        ),
    })?;
    match replayed {
        Replay::Completed { state, events } => answer(
            &ReplayCompleted::<G> {
                valid: true,
                state: &state,
                to_act: &to_act,
                events: described_per_action::<G>(&events),
                log,
            },
            Outcome::Valid,
        ),
        Replay::Refused {
            index,
            violation,
            state,
            events,
        } => answer(
            &ReplayRefused::<G> {
                valid: false,
                index,
                violation: &violation,
                state: &state,
                to_act: &to_act,
                events: described_per_action::<G>(&events),
                log,
            },
            Outcome::Invalid,
        ),
    }
}

fn view_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let request: ViewRequest<G> = parse::<_, G>(st, Endpoint::View, bytes)?;
    let state = consistent::<G>(request.state, "/state")?;
    match guarded(|| G::view_for(&state, request.seat.as_ref()))? {
        Ok(Some(view)) => answer(&view, Outcome::Valid),
        Ok(None) => Err(Problem::new(
            Kind::NotFound,
            format!("{} has no hidden information to redact", G::ID),
        )),
        Err(violation) => Err(Problem::at(
            Kind::InvalidRequest,
            "/seat",
            format!("{}: {}", violation.code, violation.message),
        )),
    }
}

fn render_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let request: StateRequest<G> = parse::<_, G>(st, Endpoint::Render, bytes)?;
    let state = consistent::<G>(request.state, "/state")?;
    match guarded(|| G::render(state.state()))? {
        Some(svg) => Ok(Answer {
            body: svg,
            outcome: Outcome::Valid,
            content_type: "image/svg+xml",
        }),
        None => Err(Problem::new(
            Kind::NotFound,
            format!("drawing {} is not built yet", G::ID),
        )),
    }
}

fn check_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let request: StateRequest<G> = parse::<_, G>(st, Endpoint::Check, bytes)?;
    let violations = guarded(|| G::check(&request.state))?;
    let outcome = if violations.is_empty() {
        Outcome::Valid
    } else {
        Outcome::Invalid
    };
    answer(
        &CheckAnswer {
            consistent: violations.is_empty(),
            violations: &violations[..violations.len().min(MAX_LISTED_PROBLEMS)],
            omitted: violations.len().saturating_sub(MAX_LISTED_PROBLEMS),
        },
        outcome,
    )
}

/// A client that names the move it believes the state is at (`expected_move`) is told when
/// the state it sent is at another: a submission from a stale view of the game is refused
/// before any rule is judged.
fn expect_move<G: Game>(state: &G::State, expected: Option<u64>) -> Result<(), Problem> {
    let actual = G::moves(state);
    match expected {
        Some(expected) if expected != actual => Err(Problem::at(
            Kind::StaleState,
            "/expected_move",
            format!("the state is at move {actual}; the request expected move {expected}"),
        )),
        _ => Ok(()),
    }
}

/// Setup from a request; refused options become a 422 listing every violation.
fn new_game<G: Game>(
    request: SetupRequest<G>,
    options_pointer: &str,
) -> Result<Checked<G>, Problem> {
    let options = request.options.unwrap_or_default();
    // No seed given: one from the operating system's randomness, so that no two such games
    // share their hidden piles (issue 16.5).
    let seed = request.seed.unwrap_or_else(crate::core::rng::os_seed);
    guarded(|| G::setup(&options, seed))?.map_err(|violations| {
        Problem::new(
            Kind::SetupRefused,
            format!(
                "setup refused the options: {} violation(s)",
                violations.len()
            ),
        )
        .with_violations(options_pointer, violations)
    })
}

/// A client's state, as one the rules can reach: judging an action on an inconsistent state
/// would give a wrong answer, so it is refused instead, listing every violation. The game
/// endpoints take only [`Checked`] states: none can skip this.
fn consistent<G: Game>(state: G::State, pointer: &str) -> Result<Checked<G>, Problem> {
    let violations = match guarded(|| Checked::<G>::new(state))? {
        Ok(checked) => return Ok(checked),
        Err(violations) => violations,
    };
    Err(Problem::new(
        Kind::InconsistentState,
        format!(
            "the state is inconsistent ({} violation(s)); see `errors`",
            violations.len()
        ),
    )
    .with_violations(pointer, violations))
}

/// Runs rules code so that a panic (a bug in a game) becomes a 500 problem instead of killing
/// the worker thread.
pub(super) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, Problem> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|_| {
        tracing::error!("a rules function panicked");
        Problem::new(
            Kind::Internal,
            "the rules engine failed on this request; please report it with the request body",
        )
    })
}

pub(super) fn answer(body: &impl Serialize, outcome: Outcome) -> Result<Answer, Problem> {
    serde_json::to_string(body)
        .map(|body| Answer {
            body,
            outcome,
            content_type: "application/json",
        })
        .map_err(|e| {
            Problem::new(
                Kind::Internal,
                format!("the answer could not be encoded: {e}"),
            )
        })
}

fn json_response(body: String) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/json"))
        .body(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Limits;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// How many times [`until_stopped`] saw its deadline pass.
    static STOPPED: AtomicUsize = AtomicUsize::new(0);

    /// Work that goes on until its deadline passes (30 s at most), as the searches do.
    fn until_stopped(_: &ApiState, _: &[u8]) -> Result<Answer, Problem> {
        let deadline = Deadline::current();
        let started = Instant::now();
        while !deadline.passed() && started.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(1));
        }
        if deadline.passed() {
            STOPPED.fetch_add(1, Ordering::SeqCst);
        }
        answer(&"done", Outcome::Valid)
    }

    #[actix_web::test]
    async fn every_endpoint_runs_under_its_deadline_and_its_work_is_stopped() {
        let limits = Limits {
            request_timeout_ms: 50,
            ..Limits::default()
        };
        let st = web::Data::new(ApiState::new(limits).unwrap());
        for endpoint in Endpoint::ALL {
            let started = Instant::now();
            let at = started + Duration::from_millis(50);
            let by = tokio::time::Instant::from_std(at);
            let result = run_rules(
                endpoint,
                by,
                &Deadline::at(at),
                &st,
                web::Bytes::new(),
                until_stopped,
            )
            .await;
            let problem = result.err().expect("503");
            assert_eq!(problem.status, 503, "{endpoint:?}");
            assert!(
                problem.detail.contains("was cancelled"),
                "{}",
                problem.detail
            );
            assert!(started.elapsed() < Duration::from_secs(5), "{endpoint:?}");
        }
        // Each work read its request's deadline, stopped, and gave its turn back.
        let started = Instant::now();
        while STOPPED.load(Ordering::SeqCst) < Endpoint::ALL.len()
            || st.heavy.available_permits() < limits.heavy_permits()
            || st.light.available_permits() < limits.light_permits()
        {
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "work still running"
            );
            actix_web::rt::time::sleep(Duration::from_millis(5)).await;
        }
    }

    #[actix_web::test]
    async fn a_request_without_a_turn_by_its_deadline_is_503() {
        let limits = Limits {
            request_timeout_ms: 20,
            max_light_requests: Some(1),
            ..Limits::default()
        };
        let st = web::Data::new(ApiState::new(limits).unwrap());
        let _taken = st.light.clone().acquire_owned().await.unwrap();
        let at = Instant::now() + Duration::from_millis(20);
        let result = run_rules(
            Endpoint::Check,
            tokio::time::Instant::from_std(at),
            &Deadline::at(at),
            &st,
            web::Bytes::new(),
            until_stopped,
        )
        .await;
        let problem = result.err().expect("503");
        assert_eq!(problem.status, 503);
        assert_eq!(problem.detail, "too many requests at once; retry shortly");
    }
}
