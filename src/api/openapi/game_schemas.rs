//! A game's request and response schemas, referencing its own types (state, options, seat,
//! action, event...), each body described where its builder gave it no description.

use serde_json::json;
use utoipa::ToSchema;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    AllOfBuilder, ArrayBuilder, KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat,
    Type,
};

use super::{
    Collector, action_type_names, constant, request_schema_name, response_schema_name,
    schema_prefix, schema_ref, strict_object, type_ref,
};
use crate::api::routes::Endpoint;
use crate::core::Game;

impl Collector {
    /// Request and response schemas of one game, referencing its own types.
    #[expect(
        clippy::too_many_lines,
        reason = "hand-built schemas of a game's request and response bodies, one after another: to go when they are derived from their types"
    )]
    pub(super) fn add_game_schemas<G: Game>(&mut self) {
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

    /// Each request and answer body of the game's endpoints says which it is, where its
    /// builder gave it no description of its own.
    pub(super) fn describe_bodies<G: Game>(&mut self) {
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
