//! The schemas and paths that do not depend on a game: problems, violations, the games list,
//! the shared parts of the answers (a refused action, a check's answer, the listed actions'
//! ranges, choices and incomplete parts), health, and the service's own paths.

use serde_json::json;
use utoipa::openapi::path::HttpMethod;
use utoipa::openapi::schema::{ArrayBuilder, KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::tag::TagBuilder;
use utoipa::openapi::{ContentBuilder, ResponseBuilder};

use super::paths::{get_operation, json_response};
use super::{Collector, constant, schema_ref, strict_object};
use crate::api::problem::{Problem, ProblemError};
use crate::core::{GameInfo, Violation};

impl Collector {
    /// Everything that does not depend on a game.
    #[expect(
        clippy::too_many_lines,
        reason = "hand-built schemas of the shared bodies, one after another: to go when those bodies' schemas are derived from their types"
    )]
    pub(super) fn add_shared(&mut self) {
        self.add_type::<Problem>();
        self.add_type::<ProblemError>();
        self.add_type::<Violation>();
        self.add_type::<GameInfo>();
        self.add_type::<crate::api::ListedGame>();
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
}
