//! The HTTP endpoints. Game endpoints are generic over [`Game`] and mounted once per registered
//! game by a [`GameVisitor`]: there is no game-specific code here.
//!
//! This file names the endpoints ([`Endpoint`], [`SchemaKind`]) and mounts them ([`configure`]).
//! The game-independent endpoints are in `service`; each game endpoint has its own file (its
//! handler, request, answer and logic: `setup`, `validate`, `legal_actions`, `replay`, `view`,
//! `check`, `render`, `import_export`), and what they share (reading the body under the
//! deadline, the turns of rules work, the checks of a client's state) is in `handling`.

mod check;
mod handling;
mod import_export;
mod legal_actions;
mod render;
mod replay;
mod service;
mod setup;
mod validate;
mod view;

use actix_web::{guard, web};

use super::ApiState;
use super::problem::method_not_allowed;
use crate::core::{Game, GameVisitor};
use crate::registry::visit_games;
use check::check;
use import_export::import_export;
use legal_actions::legal_actions;
use render::render;
use replay::replay_actions;
use service::{
    components_document, docs_redirect, echo, health, list_games, metrics, openapi_json,
    schema_document, unknown_v1_path,
};
use setup::setup;
use validate::validate;
use view::view;

pub(super) use handling::{Answer, answer, guarded};
pub use service::not_found;

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
