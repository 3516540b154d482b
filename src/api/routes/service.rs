//! The service endpoints, which no game owns: the games list, health, metrics, the OpenAPI
//! document and its Swagger UI's redirect, each game's JSON Schemas and components, the 404s
//! and the echo baseline.

use std::time::Duration;

use actix_web::http::header::{CONTENT_TYPE, LOCATION};
use actix_web::{HttpRequest, HttpResponse, web};

use super::handling::{json_response, read_body_by};
use super::{Endpoint, SchemaKind};
use crate::api::ApiState;
use crate::api::problem::{Kind, Problem};

pub(super) async fn list_games(st: web::Data<ApiState>) -> HttpResponse {
    json_response(st.games_json.clone())
}

pub(super) async fn health() -> HttpResponse {
    json_response(r#"{"status":"ok"}"#.to_string())
}

pub(super) async fn metrics(st: web::Data<ApiState>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"))
        .body(st.metrics.render())
}

pub(super) async fn openapi_json(st: web::Data<ApiState>) -> HttpResponse {
    json_response(st.openapi_json.clone())
}

/// The Swagger UI is mounted at `/docs/{_:.*}`, which `/docs` without its slash does not match:
/// redirected rather than a 404.
pub(super) async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((LOCATION, "/docs/"))
        .finish()
}

pub(super) fn schema_document(st: &ApiState, game: &'static str, kind: SchemaKind) -> HttpResponse {
    match st.kind_schemas.get(&(game, kind)) {
        Some(text) => HttpResponse::Ok()
            .insert_header((CONTENT_TYPE, "application/schema+json"))
            .body(text.clone()),
        None => Problem::new(Kind::NotFound, "no such schema").response(),
    }
}

pub(super) fn components_document(st: &ApiState, game: &'static str) -> HttpResponse {
    match st.components_json.get(game) {
        Some(text) => json_response(text.clone()),
        None => Problem::new(Kind::NotFound, "no components").response(),
    }
}

/// Any method on an unknown path.
pub async fn not_found(req: HttpRequest) -> HttpResponse {
    Problem::new(Kind::NotFound, format!("no resource at `{}`", req.path())).response()
}

pub(super) async fn unknown_v1_path(req: HttpRequest) -> HttpResponse {
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
pub(super) async fn echo(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
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
