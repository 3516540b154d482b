//! A game's paths (one operation per endpoint, its components and its JSON Schemas) and the
//! pieces every operation is built from: JSON and problem responses, the 503's `Retry-After`.

use utoipa::openapi::path::{HttpMethod, Operation, OperationBuilder};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::tag::TagBuilder;
use utoipa::openapi::{ContentBuilder, RefOr, Required, ResponseBuilder};

use super::{
    Collector, JSON, kind_schema_name, request_schema_name, response_schema_name, schema_ref,
    type_ref,
};
use crate::api::problem::PROBLEM_CONTENT_TYPE;
use crate::api::routes::{Endpoint, SchemaKind};
use crate::core::Game;

impl Collector {
    #[expect(
        clippy::too_many_lines,
        reason = "every endpoint's operation of a game, built in one place so that each reads the same"
    )]
    pub(super) fn add_game_paths<G: Game>(&mut self) {
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
                                .example(crate::api::examples::request_example(
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

pub(super) fn json_response(
    description: &str,
    schema: impl Into<RefOr<Schema>>,
) -> utoipa::openapi::Response {
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

pub(super) fn get_operation(
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
