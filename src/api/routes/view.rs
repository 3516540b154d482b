//! `POST /v1/{game}/view`: a state with its hidden piles redacted, as the table or a seat may
//! see it (games with hidden information only).

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::Endpoint;
use super::handling::{
    Answer, answer, consistent, guarded, handle, object, parse, present_through_value,
};
use crate::api::ApiState;
use crate::api::metrics::Outcome;
use crate::api::problem::{Kind, Problem};
use crate::core::Game;

pub(super) async fn view<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(G::ID, Endpoint::View, req, st, payload, view_logic::<G>).await
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
