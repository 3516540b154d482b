//! `POST /v1/{game}/check`: the invariant violations of a state (empty when consistent).

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use super::Endpoint;
use super::handling::{Answer, StateRequest, answer, guarded, handle, is_zero, parse};
use crate::api::ApiState;
use crate::api::metrics::Outcome;
use crate::api::problem::{MAX_LISTED_PROBLEMS, Problem};
use crate::core::{Game, Violation};

pub(super) async fn check<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(G::ID, Endpoint::Check, req, st, payload, check_logic::<G>).await
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
