//! `POST /v1/{game}/validate`: an action judged in a state, legal (the state after it and its
//! events) or illegal (why).

use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};

use super::Endpoint;
use super::handling::{
    Answer, Described, Refused, answer, consistent, described, expect_move, guarded, handle,
    object, parse, present,
};
use crate::api::ApiState;
use crate::api::metrics::Outcome;
use crate::api::problem::Problem;
use crate::core::Game;

pub(super) async fn validate<G: Game>(
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
struct ValidateRequest<G: Game> {
    #[serde(deserialize_with = "object")]
    state: G::State,
    action: G::Action,
    #[serde(default, deserialize_with = "present")]
    expected_move: Option<u64>,
}

#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct Accepted<'a, G: Game> {
    valid: bool,
    state: &'a G::State,
    to_act: &'a [G::Seat],
    events: Vec<Described<'a, G>>,
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
