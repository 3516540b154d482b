//! The OpenAPI 3.1 document, assembled per game from the games' own types.
//!
//! Nothing here names a game: a [`GameVisitor`] adds, for every registered game, its types
//! (state, options, seat, action, event and everything they use) and typed request and response
//! schemas that reference them, plus one concrete path per endpoint (`/v1/<id>/validate`...).
//! The request schemas published here are the very ones the server validates bodies against
//! (see [`standalone_schema`]), so clients and server cannot disagree.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};
use utoipa::openapi::path::{HttpMethod, Operation, OperationBuilder, PathItem};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{
    AdditionalProperties, AllOfBuilder, ArrayBuilder, ArrayItems, Discriminator, KnownFormat,
    Object, ObjectBuilder, OneOf, OneOfBuilder, Schema, SchemaFormat, Type,
};
use utoipa::openapi::tag::TagBuilder;
use utoipa::openapi::{
    Components, ContentBuilder, InfoBuilder, LicenseBuilder, OpenApi, OpenApiBuilder, PathsBuilder,
    Ref, RefOr, Required, ResponseBuilder, Tag,
};
use utoipa::{Number, ToSchema};

use super::problem::{PROBLEM_CONTENT_TYPE, Problem, ProblemError};
use super::routes::{Endpoint, SchemaKind};
use crate::core::{Game, GameInfo, GameVisitor, Violation};
use crate::registry::visit_games;

const JSON: &str = "application/json";
const JSON_SCHEMA_DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";
const COMPONENT_REF_PREFIX: &str = "#/components/schemas/";

/// The whole document: shared paths, then every game's paths and schemas.
pub fn build() -> OpenApi {
    assemble().0
}

/// Builds the document and returns the schema names that two games define differently
/// (the first definition wins; a test requires this list to be empty).
pub fn schema_name_clashes() -> Vec<String> {
    assemble().1
}

fn assemble() -> (OpenApi, Vec<String>) {
    let mut collector = Collector::default();
    collector.add_shared();
    visit_games(&mut collector);
    for schema in collector.schemas.values_mut() {
        tighten_tagged_enums(schema);
        bound_integers(schema);
    }
    let mut components = Components::new();
    components.schemas = collector.schemas;
    let doc = OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("railrules")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "A stateless rules engine for railroad board games. Send a full game state \
                     and an action: the answer says whether the action is legal, the state that \
                     results and the events it caused. An illegal action is a 200 answer with \
                     `valid: false`; a malformed request is a 400/422 problem+json listing every \
                     problem with its JSON pointer.",
                ))
                .license(Some(
                    LicenseBuilder::new()
                        .name("MIT OR Apache-2.0")
                        .identifier(Some("MIT OR Apache-2.0"))
                        .build(),
                )),
        )
        .paths(collector.paths.build())
        .components(Some(components))
        .tags(Some(collector.tags))
        .build();
    (doc, collector.clashes)
}

/// The document as pretty JSON with a trailing newline: the body of `GET /openapi.json`, the
/// output of `railrules openapi` and the content of openapi/openapi.json.
pub fn to_pretty_json(doc: &OpenApi) -> String {
    let mut text = doc.to_pretty_json().unwrap_or_else(|_| "{}".to_string());
    text.push('\n');
    text
}

/// The component schemas as plain JSON, the input of [`standalone_schema`].
pub fn components_json(doc: &OpenApi) -> Map<String, Value> {
    doc.components
        .as_ref()
        .and_then(|c| serde_json::to_value(&c.schemas).ok())
        .and_then(|v| match v {
            Value::Object(map) => Some(map),
            _ => None,
        })
        .unwrap_or_default()
}

/// The prefix of a game's schema names: its state's name without `State`
/// (`RailroadBaronsState` -> `RailroadBarons`), so our request types sit next to the game's.
pub fn schema_prefix<G: Game>() -> String {
    let state = <G::State as ToSchema>::name();
    match state.strip_suffix("State") {
        Some(prefix) if !prefix.is_empty() => prefix.to_string(),
        _ => camel_case(G::ID),
    }
}

/// `railroad-barons` -> `RailroadBarons`: the fallback prefix when the state is not `<X>State`.
fn camel_case(id: &str) -> String {
    id.split(|c: char| !c.is_ascii_alphanumeric())
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

pub fn request_schema_name<G: Game>(endpoint: Endpoint) -> String {
    format!("{}{}Request", schema_prefix::<G>(), endpoint.schema_stem())
}

fn response_schema_name<G: Game>(endpoint: Endpoint) -> String {
    format!("{}{}Response", schema_prefix::<G>(), endpoint.schema_stem())
}

/// The component name of a game type served by `GET /v1/<id>/schema/<kind>`.
pub fn kind_schema_name<G: Game>(kind: SchemaKind) -> String {
    match kind {
        SchemaKind::State => <G::State as ToSchema>::name(),
        SchemaKind::Action => <G::Action as ToSchema>::name(),
        SchemaKind::Event => <G::Event as ToSchema>::name(),
    }
    .into_owned()
}

/// A self-contained JSON Schema (draft 2020-12) for component `name`: the component itself at
/// the root and every schema it references under `$defs`, with `$ref`s rewritten to point there.
/// Used both for `GET /v1/<id>/schema/...` and to validate request bodies.
pub fn standalone_schema(components: &Map<String, Value>, name: &str) -> Value {
    let mut defs = Map::new();
    let mut pending = vec![name.to_string()];
    let mut seen = BTreeSet::new();
    while let Some(next) = pending.pop() {
        if !seen.insert(next.clone()) {
            continue;
        }
        let Some(schema) = components.get(&next) else {
            continue;
        };
        let mut schema = schema.clone();
        rewrite_refs(&mut schema, &mut pending);
        defs.insert(next, schema);
    }
    json!({
        "$schema": JSON_SCHEMA_DIALECT,
        "$ref": format!("#/$defs/{name}"),
        "$defs": defs,
    })
}

/// Points component `$ref`s at `$defs` and notes each referenced name.
fn rewrite_refs(value: &mut Value, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key == "$ref"
                    && let Value::String(target) = v
                    && let Some(name) = target.strip_prefix(COMPONENT_REF_PREFIX)
                {
                    found.push(name.to_string());
                    *target = format!("#/$defs/{name}");
                } else {
                    rewrite_refs(v, found);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rewrite_refs(v, found)),
        _ => {}
    }
}

/// Builds the document while visiting the games.
#[derive(Default)]
struct Collector {
    paths: PathsBuilder,
    schemas: BTreeMap<String, RefOr<Schema>>,
    tags: Vec<Tag>,
    clashes: Vec<String>,
}

impl Collector {
    /// Adds `T`'s schema and all the schemas it references.
    fn add_type<T: ToSchema>(&mut self) {
        self.add_schema(T::name().into_owned(), T::schema());
        let mut dependencies = Vec::new();
        T::schemas(&mut dependencies);
        for (name, schema) in dependencies {
            self.add_schema(name, schema);
        }
    }

    /// Two games must not publish different schemas under one name; the first one wins and the
    /// clash is recorded for [`schema_name_clashes`].
    fn add_schema(&mut self, name: String, schema: RefOr<Schema>) {
        if let Some(existing) = self.schemas.get(&name) {
            if *existing != schema {
                tracing::error!(schema = %name, "two different schemas share this name");
                self.clashes.push(name);
            }
            return;
        }
        self.schemas.insert(name, schema);
    }

    fn add_path(&mut self, path: &str, method: HttpMethod, operation: Operation) {
        let paths = std::mem::take(&mut self.paths);
        self.paths = paths.path(path, PathItem::new(method, operation));
    }

    /// Everything that does not depend on a game.
    #[expect(
        clippy::too_many_lines,
        reason = "hand-built schemas of the shared bodies, one after another: to go when those bodies' schemas are derived from their types"
    )]
    fn add_shared(&mut self) {
        self.add_type::<Problem>();
        self.add_type::<ProblemError>();
        self.add_type::<Violation>();
        self.add_type::<GameInfo>();
        self.add_type::<super::ListedGame>();
        self.add_schema(
            "GamesResponse".into(),
            strict_object()
                .description(Some(
                    "What `GET /v1/games` answers: every game this build serves.",
                ))
                .property("games", ArrayBuilder::new().items(schema_ref("ListedGame")))
                .required("games")
                .into(),
        );
        self.add_schema(
            "ActionRefused".into(),
            strict_object()
                .description(Some("The action is illegal here; the state is unchanged."))
                .property("valid", constant(Type::Boolean, json!(false)))
                .property("violation", schema_ref("Violation"))
                .required("valid")
                .required("violation")
                .into(),
        );
        self.add_schema(
            "CheckResponse".into(),
            strict_object()
                .description(Some(
                    "What `POST /v1/{game}/check` answers: whether the state is one the rules \
                     can reach, and every violation if not.",
                ))
                .property(
                    "consistent",
                    ObjectBuilder::new()
                        .schema_type(Type::Boolean)
                        .description(Some("True when `violations` is empty.")),
                )
                .property(
                    "violations",
                    ArrayBuilder::new()
                        .items(schema_ref("Violation"))
                        .max_items(Some(crate::api::problem::MAX_LISTED_PROBLEMS))
                        .description(Some("Every violation found, the first 100 of them.")),
                )
                .property(
                    "omitted",
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .format(Some(SchemaFormat::KnownFormat(KnownFormat::UInt64)))
                        .description(Some(
                            "How many more violations were found than are listed (absent: none).",
                        )),
                )
                .required("consistent")
                .required("violations")
                .into(),
        );
        let whole = || {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::UInt64)))
        };
        self.add_schema(
            "ActionRange".into(),
            strict_object()
                .description(Some(
                    "A free number in listed action `action` (its index in `actions`): every \
                     whole value from `min` to `max` at `pointer` (a JSON pointer into that \
                     action) is legal too.",
                ))
                .property("action", whole())
                .property(
                    "pointer",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .examples([json!("/price")]),
                )
                .property("min", whole())
                .property("max", whole())
                .required("action")
                .required("pointer")
                .required("min")
                .required("max")
                .into(),
        );
        self.add_schema(
            "ActionChoice".into(),
            strict_object()
                .description(Some(
                    "A number in listed action `action` (its index in `actions`) that may take \
                     any of `values` at `pointer` instead (a company's start is listed once, at \
                     its lowest legal par price; `values` are every legal par price).",
                ))
                .property("action", whole())
                .property(
                    "pointer",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .examples([json!("/share_price")]),
                )
                .property("values", ArrayBuilder::new().items(whole()))
                .required("action")
                .required("pointer")
                .required("values")
                .into(),
        );
        self.add_schema(
            "IncompleteAction".into(),
            strict_object()
                .description(Some(
                    "Listed action `action` (its index in `actions`) is legal, but its part at \
                     `pointer` is the best a bounded search found, not proven the best: the \
                     search stopped at its budget (1833NE's best routes, docs/rules/1833ne.md#routes).",
                ))
                .property("action", whole())
                .property(
                    "pointer",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .examples([json!("/routes")]),
                )
                .property(
                    "detail",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .description(Some("Why, with the budget.")),
                )
                .required("action")
                .required("pointer")
                .required("detail")
                .into(),
        );
        self.add_schema(
            "Health".into(),
            strict_object()
                .description(Some("What `GET /healthz` answers while the service runs."))
                .property("status", constant(Type::String, json!("ok")))
                .required("status")
                .into(),
        );
        self.tags.push(
            TagBuilder::new()
                .name("service")
                .description(Some("The games, the document, health and metrics."))
                .build(),
        );
        self.add_path(
            "/v1/games",
            HttpMethod::Get,
            get_operation(
                "listGames",
                "The games this build judges",
                "Each game's id (the path segment of its endpoints), name, rules version, player \
                 counts and variants.",
                json_response("The registered games.", schema_ref("GamesResponse")),
            ),
        );
        self.add_path(
            "/healthz",
            HttpMethod::Get,
            get_operation(
                "health",
                "Liveness",
                "Always `{\"status\": \"ok\"}` while the process serves requests.",
                json_response("Alive.", schema_ref("Health")),
            ),
        );
        self.add_path(
            "/metrics",
            HttpMethod::Get,
            get_operation(
                "metrics",
                "Prometheus metrics",
                "`railrules_requests_total{game,endpoint,outcome}` (outcome: valid, invalid or \
                 malformed) and `railrules_request_duration_seconds{game,endpoint}`, in the \
                 Prometheus text format. A server started with `--metrics-bind` serves them only \
                 on that address, and answers 404 here.",
                ResponseBuilder::new()
                    .description("Metrics in the Prometheus text exposition format.")
                    .content(
                        "text/plain",
                        ContentBuilder::new()
                            .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
                            .build(),
                    )
                    .build(),
            ),
        );
        self.add_path(
            "/openapi.json",
            HttpMethod::Get,
            get_operation(
                "openapi",
                "This OpenAPI document",
                "The document the Swagger UI at `/docs/` shows.",
                json_response(
                    "The OpenAPI 3.1 document.",
                    ObjectBuilder::new()
                        .schema_type(Type::Object)
                        .description(Some("An OpenAPI 3.1 document.")),
                ),
            ),
        );
    }

    /// Request and response schemas of one game, referencing its own types.
    #[expect(
        clippy::too_many_lines,
        reason = "hand-built schemas of a game's request and response bodies, one after another: to go when they are derived from their types"
    )]
    fn add_game_schemas<G: Game>(&mut self) {
        self.add_type::<G::State>();
        self.add_type::<G::Options>();
        self.add_type::<G::Seat>();
        self.add_type::<G::Action>();
        self.add_type::<G::Components>();
        self.add_type::<G::Event>();
        if let Some(event) = self
            .schemas
            .get_mut(<G::Event as ToSchema>::name().as_ref())
        {
            add_event_text(event);
        }
        let prefix = schema_prefix::<G>();
        let state = || type_ref::<G::State>();
        let action = || type_ref::<G::Action>();
        let events = || ArrayBuilder::new().items(type_ref::<G::Event>());
        let to_act = || {
            ArrayBuilder::new()
                .items(type_ref::<G::Seat>())
                .description(Some(
                    "The seats that may act in `state`, in every round alike (empty once the \
                     game is over).",
                ))
        };
        let log = || {
            ArrayBuilder::new()
                .items(ObjectBuilder::new().schema_type(Type::String))
                .description(Some(
                    "When the request asked for it (`log: true`): every event's `text` in order, \
                     one line each, `<move>. <text>` with the move the action made.",
                ))
        };
        let expected_move = || {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::UInt64)))
                .minimum(Some(0))
                .description(Some(
                    "The `move` the client believes `state` is at. When the state is at another \
                     the request is refused (409, `stale-state`) before any rule is judged: a \
                     submission from a stale view of the game is told so.",
                ))
        };

        let setup_request = strict_object()
            .description(Some(
                "Both fields are optional: default options, and a 53-bit seed drawn from the \
                 operating system's randomness (the answer names it; at most 2^53 - 1, so that a \
                 JavaScript client reads it exactly). The same options and seed \
                 always give the same state, byte for byte. A seed the client chooses is only as \
                 secret as the client keeps it: with a small one, hidden piles can be found by \
                 trying seeds.",
            ))
            .property("options", type_ref::<G::Options>())
            .property(
                "seed",
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::UInt64)))
                    .minimum(Some(0))
                    .maximum(Some(crate::core::rng::MAX_SAFE_SEED as f64))
                    .examples([json!(1)])
                    .description(Some(
                        "Seeds every random draw (e.g. the start player). Published up to \
                         2^53 - 1, the most a JavaScript number holds exactly; the service takes \
                         any 64-bit seed.",
                    )),
            );
        self.add_schema(
            request_schema_name::<G>(Endpoint::Setup),
            setup_request.into(),
        );
        self.add_schema(
            response_schema_name::<G>(Endpoint::Setup),
            strict_object()
                .property("state", state())
                .property("to_act", to_act())
                .property(
                    "seed",
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .format(Some(SchemaFormat::KnownFormat(KnownFormat::UInt64)))
                        .description(Some(
                            "The seed of this game: the one sent, or the one drawn for it.",
                        )),
                )
                .required("state")
                .required("to_act")
                .required("seed")
                .into(),
        );

        self.add_schema(
            request_schema_name::<G>(Endpoint::Validate),
            strict_object()
                .property("state", state())
                .property("action", action())
                .property("expected_move", expected_move())
                .required("state")
                .required("action")
                .into(),
        );
        self.add_schema(
            format!("{prefix}ActionAccepted"),
            strict_object()
                .description(Some(
                    "The action is legal: the resulting state and its events.",
                ))
                .property("valid", constant(Type::Boolean, json!(true)))
                .property("state", state())
                .property("to_act", to_act())
                .property("events", events())
                .required("valid")
                .required("state")
                .required("to_act")
                .required("events")
                .into(),
        );
        self.add_schema(
            response_schema_name::<G>(Endpoint::Validate),
            OneOfBuilder::new()
                .item(schema_ref(&format!("{prefix}ActionAccepted")))
                .item(schema_ref("ActionRefused"))
                .into(),
        );

        if G::HIDDEN_INFORMATION {
            self.add_type::<G::View>();
        }
        self.add_schema(
            request_schema_name::<G>(Endpoint::LegalActions),
            strict_object()
                .property("state", state())
                .property("expected_move", expected_move())
                .property(
                    "effects",
                    ObjectBuilder::new()
                        .schema_type(Type::Boolean)
                        .description(Some(
                            "Whether the answer gives each listed action's `effects`: the events \
                             it would cause, with their figures and text (a tile lay's cost, a \
                             train's price, a dividend's payout and price move). Default false.",
                        )),
                )
                .property(
                    "compact",
                    ObjectBuilder::new()
                        .schema_type(Type::Boolean)
                        .description(Some(
                            "With `effects: true`: each listed action's effects as its events' \
                             lines of English only (`effects_text`), not their fields \
                             (`effects`); about half the size. Default false.",
                        )),
                )
                .property(
                    "seat",
                    AllOfBuilder::new()
                        .item(type_ref::<G::Seat>())
                        .description(Some(
                            "Only the actions of this seat (absent: every seat's). `to_act` \
                             still names every seat that may act.",
                        )),
                )
                .property(
                    "types",
                    ArrayBuilder::new()
                        .items(
                            ObjectBuilder::new()
                                .schema_type(Type::String)
                                .enum_values(Some(action_type_names::<G>())),
                        )
                        .description(Some(
                            "Only the actions of these types (absent: every type). The indices \
                             of `ranges`, `choices`, `incomplete` and the effects count in the \
                             filtered list.",
                        )),
                )
                .required("state")
                .into(),
        );
        if G::RENDERS {
            self.add_schema(
                request_schema_name::<G>(Endpoint::Render),
                strict_object()
                    .property("state", state())
                    .required("state")
                    .into(),
            );
        }
        self.add_schema(
            request_schema_name::<G>(Endpoint::Check),
            strict_object()
                .property("state", state())
                .required("state")
                .into(),
        );
        if G::HIDDEN_INFORMATION {
            self.add_schema(
                request_schema_name::<G>(Endpoint::View),
                strict_object()
                    .property("state", state())
                    .property(
                        "seat",
                        AllOfBuilder::new()
                            .item(type_ref::<G::Seat>())
                            .description(Some(
                                "The seat whose view this is: the table's view and that seat's \
                                 own hidden cards. Absent: what the whole table sees.",
                            )),
                    )
                    .required("state")
                    .into(),
            );
        }
        self.add_schema(
            response_schema_name::<G>(Endpoint::LegalActions),
            strict_object()
                .property(
                    "to_act",
                    ArrayBuilder::new()
                        .items(type_ref::<G::Seat>())
                        .description(Some("The seats that may act now.")),
                )
                .property(
                    "actions",
                    ArrayBuilder::new()
                        .items(action())
                        .description(Some("Every action `validate` accepts in this state.")),
                )
                .property(
                    "ranges",
                    ArrayBuilder::new()
                        .items(schema_ref("ActionRange"))
                        .description(Some("The free numbers of the listed actions.")),
                )
                .property(
                    "choices",
                    ArrayBuilder::new()
                        .items(schema_ref("ActionChoice"))
                        .description(Some(
                            "The listed actions' numbers that may take one of several values \
                             (par prices).",
                        )),
                )
                .property(
                    "complete",
                    ObjectBuilder::new()
                        .schema_type(Type::Boolean)
                        .description(Some(
                            "False when a listed action is the best a bounded search found rather \
                         than proven the best (see `incomplete`); every listed action is legal \
                         either way.",
                        )),
                )
                .property(
                    "incomplete",
                    ArrayBuilder::new()
                        .items(schema_ref("IncompleteAction"))
                        .description(Some(
                            "The listed actions a bounded search could not prove the best \
                             (empty when `complete`).",
                        )),
                )
                .property(
                    "effects",
                    ArrayBuilder::new().items(events()).description(Some(
                        "When asked for (`effects: true`): for each listed action, in order, the \
                         events `validate` would answer for it (a free number at its listed \
                         value).",
                    )),
                )
                .property(
                    "effects_text",
                    ArrayBuilder::new()
                        .items(
                            ArrayBuilder::new()
                                .items(ObjectBuilder::new().schema_type(Type::String)),
                        )
                        .description(Some(
                            "When asked for (`effects: true, compact: true`): for each listed \
                             action, in order, the lines of English of the events it would cause.",
                        )),
                )
                .required("to_act")
                .required("actions")
                .required("ranges")
                .required("choices")
                .required("complete")
                .required("incomplete")
                .into(),
        );

        self.add_schema(
            request_schema_name::<G>(Endpoint::Replay),
            replay_request(
                schema_ref(&request_schema_name::<G>(Endpoint::Setup)),
                state(),
                action(),
            ),
        );
        self.add_schema(
            format!("{prefix}ReplayCompleted"),
            strict_object()
                .description(Some("Every action was legal."))
                .property("valid", constant(Type::Boolean, json!(true)))
                .property("state", state())
                .property("to_act", to_act())
                .property(
                    "events",
                    ArrayBuilder::new()
                        .items(events())
                        .description(Some("The events of each action, in order.")),
                )
                .property("log", log())
                .required("valid")
                .required("state")
                .required("to_act")
                .required("events")
                .into(),
        );
        self.add_schema(
            format!("{prefix}ReplayRefused"),
            strict_object()
                .description(Some(
                    "Action `index` (0-based) is illegal; `state` is the state it was judged \
                     against and `events` those of the actions before it.",
                ))
                .property("valid", constant(Type::Boolean, json!(false)))
                .property(
                    "index",
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .format(Some(SchemaFormat::KnownFormat(KnownFormat::UInt64))),
                )
                .property("violation", schema_ref("Violation"))
                .property("state", state())
                .property("to_act", to_act())
                .property("events", ArrayBuilder::new().items(events()))
                .property("log", log())
                .required("valid")
                .required("index")
                .required("violation")
                .required("state")
                .required("to_act")
                .required("events")
                .into(),
        );
        self.add_schema(
            response_schema_name::<G>(Endpoint::Replay),
            OneOfBuilder::new()
                .item(schema_ref(&format!("{prefix}ReplayCompleted")))
                .item(schema_ref(&format!("{prefix}ReplayRefused")))
                .into(),
        );
        if crate::import::has_title(G::ID) {
            self.add_import_schemas::<G>();
        }
    }

    /// `import`: an 18xx.games export in (the site's format, read loosely: only the fields
    /// named are used), a save file out.
    fn add_import_schemas<G: Game>(&mut self) {
        let count = |description: &str| {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::UInt64)))
                .description(Some(description.to_string()))
        };
        let object = |description: &str| {
            ObjectBuilder::new()
                .schema_type(Type::Object)
                .description(Some(description.to_string()))
        };
        let request = ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "An 18xx.games export (its game data), as the site writes it; fields not named \
                 here are ignored.",
            ))
            .property(
                "id",
                ObjectBuilder::new().description(Some(
                    "The game's id (a number, or a string for hotseat games): its first digits \
                     are the seed when `settings.seed` is absent.",
                )),
            )
            .property(
                "title",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some("The game's title on the site (`1833NE`).")),
            )
            .property(
                "players",
                ArrayBuilder::new().items(
                    object("A player: `id` (else `name`) names it in actions and `result`.")
                        .property("id", ObjectBuilder::new())
                        .property("name", ObjectBuilder::new().schema_type(Type::String))
                        .required("name"),
                ),
            )
            .property(
                "settings",
                object("`seed` and `optional_rules`, and for 1833NE `provisional`."),
            )
            .property(
                "actions",
                ArrayBuilder::new()
                    .items(object("An action as the site records it."))
                    .max_items(Some(crate::import::export_18xx::MAX_ACTIONS)),
            )
            .property(
                "result",
                object("Each player's final value, by player id.")
                    .additional_properties(Some(ObjectBuilder::new().schema_type(Type::Integer))),
            )
            .required("id")
            .required("title")
            .required("players")
            .required("actions");
        self.add_schema(request_schema_name::<G>(Endpoint::Import), request.into());
        let save = object(
            "A railrules save file: `{game, rules_version, setup: {options, seed}, actions, \
             state, origin}`, `state` the final one, `origin` the export's id, players and \
             settings.",
        )
        .property("game", ObjectBuilder::new().schema_type(Type::String))
        .property(
            "rules_version",
            ObjectBuilder::new().schema_type(Type::String),
        )
        .property(
            "setup",
            object("The options and seed.")
                .property("options", type_ref::<G::Options>())
                .property("seed", count("The seed.")),
        )
        .property(
            "actions",
            ArrayBuilder::new().items(type_ref::<G::Action>()),
        )
        .property("state", type_ref::<G::State>())
        .property("origin", origin_schema())
        .required("game")
        .required("rules_version")
        .required("setup")
        .required("actions");
        let response = strict_object()
            .property("save", save)
            .property("imported", count("Actions of the export translated."))
            .property("inserted", count("Actions inserted by flow rules."))
            .property(
                "dropped",
                count("Actions of the export left out by flow rules."),
            )
            .required("save")
            .required("imported")
            .required("inserted")
            .required("dropped");
        self.add_schema(response_schema_name::<G>(Endpoint::Import), response.into());
    }

    /// Each request and answer body of the game's endpoints says which it is, where its
    /// builder gave it no description of its own.
    fn describe_bodies<G: Game>(&mut self) {
        for endpoint in Endpoint::of::<G>() {
            let path = format!("`POST /v1/{}/{}`", G::ID, endpoint.segment());
            let texts = [
                (
                    request_schema_name::<G>(endpoint),
                    format!("The body of {path}: {}.", endpoint.summary()),
                ),
                (
                    response_schema_name::<G>(endpoint),
                    format!("What {path} answers (200): {}.", endpoint.ok_description()),
                ),
            ];
            for (name, text) in texts {
                if let Some(schema) = self.schemas.get_mut(&name) {
                    describe_if_silent(schema, &text);
                }
            }
        }
    }

    #[expect(
        clippy::too_many_lines,
        reason = "every endpoint's operation of a game, built in one place so that each reads the same"
    )]
    fn add_game_paths<G: Game>(&mut self) {
        let info = G::info();
        let tag = G::ID;
        self.tags.push(
            TagBuilder::new()
                .name(tag)
                .description(Some(format!(
                    "{} (rules version {}, {}-{} players).",
                    info.name, info.rules_version, info.min_players, info.max_players
                )))
                .build(),
        );
        for endpoint in Endpoint::of::<G>() {
            let response = match endpoint {
                Endpoint::Check => schema_ref("CheckResponse"),
                Endpoint::View => type_ref::<G::View>(),
                _ => schema_ref(&response_schema_name::<G>(endpoint)),
            };
            let operation = OperationBuilder::new()
                .tag(tag)
                .operation_id(Some(format!("{}_{}", G::ID, endpoint.segment())))
                .summary(Some(format!("{}: {}", G::NAME, endpoint.summary())))
                .description(Some(endpoint.description()))
                .request_body(Some(
                    RequestBodyBuilder::new()
                        .required(Some(Required::True))
                        .content(
                            JSON,
                            ContentBuilder::new()
                                .schema(Some(schema_ref(&request_schema_name::<G>(endpoint))))
                                .example(super::examples::request_example(
                                    G::ID,
                                    endpoint.segment(),
                                ))
                                .build(),
                        )
                        .build(),
                ))
                .response(
                    "200",
                    if endpoint == Endpoint::Render {
                        ResponseBuilder::new()
                            .description(endpoint.ok_description())
                            .content(
                                "image/svg+xml",
                                ContentBuilder::new()
                                    .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
                                    .build(),
                            )
                            .build()
                    } else {
                        json_response(endpoint.ok_description(), response)
                    },
                )
                .response(
                    "400",
                    problem_response("The body is not JSON (or not UTF-8)."),
                )
                .response("413", problem_response("The body is over the size limit."))
                .response(
                    "422",
                    problem_response(
                        "The body has the wrong shape (every problem listed with its JSON \
                         pointer), is nested too deeply, has too many actions, or carries an \
                         inconsistent state (every violation listed).",
                    ),
                )
                .response(
                    "408",
                    problem_response("The body did not arrive within the request timeout."),
                );
            let operation = if matches!(endpoint, Endpoint::Validate | Endpoint::LegalActions) {
                operation.response(
                    "409",
                    problem_response(
                        "The state's `move` is not the request's `expected_move` \
                         (`stale-state`); the detail names both.",
                    ),
                )
            } else {
                operation
            };
            let operation = operation.response("503", overloaded_response()).build();
            self.add_path(
                &format!("/v1/{}/{}", G::ID, endpoint.segment()),
                HttpMethod::Post,
                operation,
            );
        }
        self.add_path(
            &format!("/v1/{}/components", G::ID),
            HttpMethod::Get,
            OperationBuilder::new()
                .tag(tag)
                .operation_id(Some(format!("{}_components", G::ID)))
                .summary(Some(format!("{}: the game's components", G::NAME)))
                .description(Some(
                    "The game's static data, so that a UI can draw and label everything in a \
                     state: for the 18xx titles the map (hexes with their geometry, terrain, \
                     stops and track), every tile's track and stops, the market, trains, \
                     phases, privates and companies with their colours and homes; for the games \
                     whose components travel in the state, the defaults a setup without options \
                     plays with.",
                ))
                .response(
                    "200",
                    json_response("The components.", type_ref::<G::Components>()),
                )
                .build(),
        );
        for kind in SchemaKind::ALL {
            self.add_path(
                &format!("/v1/{}/schema/{}", G::ID, kind.segment()),
                HttpMethod::Get,
                OperationBuilder::new()
                    .tag(tag)
                    .operation_id(Some(format!("{}_schema_{}", G::ID, kind.segment())))
                    .summary(Some(format!(
                        "{}: JSON Schema of {}",
                        G::NAME,
                        kind.plural()
                    )))
                    .description(Some(format!(
                        "A standalone JSON Schema (draft 2020-12) of `{}`, with the schemas it \
                         uses under `$defs`.",
                        kind_schema_name::<G>(kind)
                    )))
                    .response(
                        "200",
                        ResponseBuilder::new()
                            .description("A JSON Schema document.")
                            .content(
                                "application/schema+json",
                                ContentBuilder::new()
                                    .schema(Some(
                                        ObjectBuilder::new()
                                            .schema_type(Type::Object)
                                            .description(Some("A JSON Schema (draft 2020-12).")),
                                    ))
                                    .build(),
                            )
                            .build(),
                    )
                    .build(),
            );
        }
    }
}

impl GameVisitor for Collector {
    fn visit<G: Game>(&mut self) {
        self.add_game_schemas::<G>();
        self.describe_bodies::<G>();
        self.add_game_paths::<G>();
    }
}

/// `{setup}` or `{state}` (exactly one), plus the actions.
fn replay_request(
    setup: RefOr<Schema>,
    state: RefOr<Schema>,
    action: RefOr<Schema>,
) -> RefOr<Schema> {
    let fields = strict_object()
        .property("setup", setup)
        .property("state", state)
        .property(
            "actions",
            ArrayBuilder::new().items(action).description(Some(
                "Applied in order; the server caps how many (10,000 by default).",
            )),
        )
        .property(
            "log",
            ObjectBuilder::new()
                .schema_type(Type::Boolean)
                .description(Some(
                    "Whether the answer carries the game's `log`: each event's `text` as a line \
                     `<move>. <text>`, in order. Default false.",
                )),
        )
        .required("actions");
    let exactly_one_start = OneOfBuilder::new()
        .item(ObjectBuilder::new().required("setup"))
        .item(ObjectBuilder::new().required("state"));
    AllOfBuilder::new()
        .description(Some(
            "Replays `actions` from a new game (`setup`) or from a given `state`: exactly one of \
             the two.",
        ))
        .item(fields)
        .item(exactly_one_start)
        .into()
}

/// A save file's `origin` (core::save::SiteRecord): the export it was imported from, as far as
/// the game does not carry it.
fn origin_schema() -> ObjectBuilder {
    let string = || ObjectBuilder::new().schema_type(Type::String);
    let player = strict_object()
        .description(Some(
            "A player of the export, in seat order: its id there and name.",
        ))
        .property("id", ObjectBuilder::new())
        .property("name", string())
        .required("name");
    strict_object()
        .description(Some(
            "The export a save was imported from: its id, description and players, which \
             `export` writes back.",
        ))
        .property("id", ObjectBuilder::new())
        .property("description", string())
        .property("players", ArrayBuilder::new().items(player))
        .required("id")
        .required("players")
}

/// An object that refuses unknown properties, as our request and response types do.
fn strict_object() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
}

/// A single-value enum, i.e. a constant.
fn constant(schema_type: Type, value: Value) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(schema_type)
        .enum_values(Some([value]))
}

fn schema_ref(name: &str) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(name))
}

fn type_ref<T: ToSchema>() -> RefOr<Schema> {
    schema_ref(&T::name())
}

fn json_response(description: &str, schema: impl Into<RefOr<Schema>>) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content(JSON, ContentBuilder::new().schema(Some(schema)).build())
        .build()
}

/// Every game endpoint runs under the request deadline (`--request-timeout-ms`).
fn overloaded_response() -> utoipa::openapi::Response {
    let mut response = problem_response(
        "Too many requests at once (heavy ones, legal actions and replays, have their own \
         turns), or the rules work ran past the request timeout and was cancelled (replays and \
         1833NE's legal actions stop there); retry after the `Retry-After` seconds.",
    );
    response.headers.insert(
        "Retry-After".to_string(),
        utoipa::openapi::header::HeaderBuilder::new()
            .schema(Some(
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::UInt32))),
            ))
            .description(Some("Seconds to wait before retrying."))
            .build()
            .into(),
    );
    response
}

fn problem_response(description: &str) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            PROBLEM_CONTENT_TYPE,
            ContentBuilder::new()
                .schema(Some(schema_ref("Problem")))
                .build(),
        )
        .build()
}

fn get_operation(
    id: &str,
    summary: &str,
    description: &str,
    ok: utoipa::openapi::Response,
) -> Operation {
    OperationBuilder::new()
        .tag("service")
        .operation_id(Some(id))
        .summary(Some(summary))
        .description(Some(description))
        .response("200", ok)
        .build()
}

/// Gives `schema` the description `text` unless it has one.
fn describe_if_silent(schema: &mut RefOr<Schema>, text: &str) {
    let RefOr::T(schema) = schema else { return };
    let description = match schema {
        Schema::Object(object) => &mut object.description,
        Schema::OneOf(one_of) => &mut one_of.description,
        Schema::AllOf(all_of) => &mut all_of.description,
        Schema::AnyOf(any_of) => &mut any_of.description,
        Schema::Array(array) => &mut array.description,
        _ => return,
    };
    if description.is_none() {
        *description = Some(text.to_string());
    }
}

/// Every event an answer carries has its line of English (`text`, from [`Game::describe`]):
/// each variant of the game's event union gets the property, required.
fn add_event_text(schema: &mut RefOr<Schema>) {
    let RefOr::T(Schema::OneOf(one_of)) = schema else {
        return;
    };
    for item in one_of.items.iter_mut() {
        if let RefOr::T(Schema::Object(variant)) = item {
            variant.properties.insert(
                "text".to_string(),
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some(
                        "The event as one line of English naming its figures, e.g. \
                         \"B&W pays $10 per share; its price moves from $70 to $80\".",
                    ))
                    .into(),
            );
            variant.required.push("text".to_string());
        }
    }
}

/// utoipa drops `deny_unknown_fields` on internally tagged enums (found by schemathesis, whose
/// check "schema-valid request rejected" failed), so the schema
/// would accept `{"type": "pass", "player": "A", "junk": 1}` that serde refuses. Close every
/// variant object of a tagged `oneOf`, wherever it sits.
fn tighten_tagged_enums(schema: &mut RefOr<Schema>) {
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::OneOf(one_of) => {
            let tag = tag_of(one_of);
            for item in one_of.items.iter_mut() {
                if let Some(tag) = &tag
                    && let RefOr::T(Schema::Object(variant)) = item
                {
                    variant.additional_properties =
                        Some(Box::new(AdditionalProperties::FreeForm(false)));
                    // Code generators and Swagger UI name the variant by its tag's value.
                    variant.title = tag_value(variant, tag);
                }
                tighten_tagged_enums(item);
            }
            one_of.discriminator = tag.map(Discriminator::new);
        }
        Schema::AllOf(all_of) => all_of.items.iter_mut().for_each(tighten_tagged_enums),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().for_each(tighten_tagged_enums),
        Schema::Object(object) => {
            object
                .properties
                .values_mut()
                .for_each(tighten_tagged_enums);
            if let Some(extra) = object.additional_properties.as_mut()
                && let AdditionalProperties::RefOr(inner) = extra.as_mut()
            {
                tighten_tagged_enums(inner);
            }
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                tighten_tagged_enums(items);
            }
        }
        _ => {}
    }
}

/// utoipa publishes an integer's width as its `format` but its range only as `minimum: 0` for
/// unsigned types; serde refuses a `u8` of 300, so the schema must too (else schema-based
/// clients and fuzzers send values the server refuses). Add the range the format implies.
fn bound_integers(schema: &mut RefOr<Schema>) {
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::Object(object) => {
            if let Some(SchemaFormat::KnownFormat(format)) = &object.format
                && let Some((name, min, max)) = integer_range(format)
            {
                // utoipa spells the unsigned formats `u-int8`...; the registry says `uint8`.
                object.format = Some(SchemaFormat::Custom(name.to_string()));
                object.minimum.get_or_insert(min);
                object.maximum.get_or_insert(max);
            }
            object.properties.values_mut().for_each(bound_integers);
            if let Some(extra) = object.additional_properties.as_mut()
                && let AdditionalProperties::RefOr(inner) = extra.as_mut()
            {
                bound_integers(inner);
            }
        }
        Schema::OneOf(one_of) => one_of.items.iter_mut().for_each(bound_integers),
        Schema::AllOf(all_of) => all_of.items.iter_mut().for_each(bound_integers),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().for_each(bound_integers),
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                bound_integers(items);
            }
        }
        _ => {}
    }
}

/// The registry name and range of an integer format.
fn integer_range(format: &KnownFormat) -> Option<(&'static str, Number, Number)> {
    Some(match format {
        KnownFormat::Int8 => ("int8", i8::MIN.into(), i8::MAX.into()),
        KnownFormat::Int16 => ("int16", i16::MIN.into(), i16::MAX.into()),
        KnownFormat::Int32 => ("int32", i32::MIN.into(), i32::MAX.into()),
        KnownFormat::Int64 => ("int64", i64::MIN.into(), i64::MAX.into()),
        KnownFormat::UInt8 => ("uint8", 0u8.into(), u8::MAX.into()),
        KnownFormat::UInt16 => ("uint16", 0u8.into(), u16::MAX.into()),
        KnownFormat::UInt32 => ("uint32", 0u8.into(), u32::MAX.into()),
        KnownFormat::UInt64 => ("uint64", 0u8.into(), u64::MAX.into()),
        _ => return None,
    })
}

/// A serde internally tagged enum: every variant is an object that requires one same property
/// holding a single constant string.
/// The tag of a serde-tagged enum's `oneOf`: the required property every variant gives one
/// value (`type`, `kind`...); `None` for another union.
fn tag_of(one_of: &OneOf) -> Option<String> {
    let tags: Vec<Option<BTreeSet<&str>>> = one_of
        .items
        .iter()
        .map(|item| match item {
            RefOr::T(Schema::Object(variant)) => Some(
                variant
                    .required
                    .iter()
                    .filter(|name| tag_value(variant, name).is_some())
                    .map(String::as_str)
                    .collect(),
            ),
            _ => None,
        })
        .collect();
    let Some(Some(first)) = tags.first() else {
        return None;
    };
    let common: BTreeSet<&str> = tags.iter().fold(first.clone(), |acc, t| match t {
        Some(t) => acc.intersection(t).copied().collect(),
        None => BTreeSet::new(),
    });
    // The one property every variant fixes: serde's tag (a variant fixing another field too
    // would leave more than one only if every variant did).
    ["type", "kind", "verdict"]
        .into_iter()
        .find(|name| common.contains(name))
        .or_else(|| common.first().copied())
        .map(str::to_string)
}

/// The one value a variant's property `name` may take, if it is a string enum of one.
/// The names of a game's action types: the tag (`type`) of each variant of its action schema,
/// in the order the game declares them.
pub(crate) fn action_type_names<G: Game>() -> Vec<String> {
    let RefOr::T(Schema::OneOf(one_of)) = <G::Action as utoipa::PartialSchema>::schema() else {
        return Vec::new();
    };
    one_of
        .items
        .iter()
        .filter_map(|item| match item {
            RefOr::T(Schema::Object(variant)) => tag_value(variant, "type"),
            _ => None,
        })
        .collect()
}

fn tag_value(variant: &Object, name: &str) -> Option<String> {
    match variant.properties.get(name) {
        Some(RefOr::T(Schema::Object(p))) => match p.enum_values.as_deref() {
            Some([Value::String(value)]) => Some(value.clone()),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_come_from_the_state_name_or_the_id() {
        assert_eq!(camel_case("railroad-barons"), "RailroadBarons");
        assert_eq!(camel_case("rotw-solo"), "RotwSolo");
        assert_eq!(camel_case("1833ne"), "1833ne");
    }

    #[test]
    fn standalone_schemas_pull_in_their_references_only() {
        let components = serde_json::from_value(json!({
            "A": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/B"}}},
            "B": {"type": "array", "items": {"$ref": "#/components/schemas/C"}},
            "C": {"type": "integer"},
            "D": {"type": "string"},
        }))
        .unwrap();
        let schema = standalone_schema(&components, "A");
        assert_eq!(schema["$ref"], "#/$defs/A");
        let defs = schema["$defs"].as_object().unwrap();
        assert_eq!(defs.keys().collect::<Vec<_>>(), ["A", "B", "C"]);
        assert_eq!(defs["B"]["items"]["$ref"], "#/$defs/C");
    }

    #[test]
    fn only_tagged_enums_are_closed() {
        let variant = |tag: &str| {
            ObjectBuilder::new()
                .property("type", constant(Type::String, json!(tag)))
                .property("n", ObjectBuilder::new().schema_type(Type::Integer))
                .required("type")
        };
        let mut tagged: RefOr<Schema> = OneOfBuilder::new()
            .item(variant("a"))
            .item(variant("b"))
            .into();
        tighten_tagged_enums(&mut tagged);
        let json = serde_json::to_value(&tagged).unwrap();
        assert_eq!(json["oneOf"][0]["additionalProperties"], false);
        assert_eq!(json["oneOf"][1]["additionalProperties"], false);
        // Each variant titled by its tag's value, the union discriminated by the tag.
        assert_eq!(
            (&json["oneOf"][0]["title"], &json["oneOf"][1]["title"]),
            (&json!("a"), &json!("b"))
        );
        assert_eq!(json["discriminator"], json!({"propertyName": "type"}));

        // An optional reference (`oneOf: [$ref, null]`) is left alone.
        let mut optional: RefOr<Schema> = OneOfBuilder::new()
            .item(schema_ref("X"))
            .item(ObjectBuilder::new().schema_type(Type::Null))
            .into();
        let before = serde_json::to_value(&optional).unwrap();
        tighten_tagged_enums(&mut optional);
        assert_eq!(serde_json::to_value(&optional).unwrap(), before);
    }
}
