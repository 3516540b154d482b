//! `POST /v1/{game}/setup`: a new game's initial state, for the options and seed.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};

use super::Endpoint;
use super::handling::{Answer, answer, guarded, handle, new_game, parse, present, present_object};
use crate::api::ApiState;
use crate::api::metrics::Outcome;
use crate::api::problem::Problem;
use crate::core::Game;

pub(super) async fn setup<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(G::ID, Endpoint::Setup, req, st, payload, setup_logic::<G>).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
pub(super) struct SetupRequest<G: Game> {
    #[serde(default, deserialize_with = "present_object")]
    pub(super) options: Option<G::Options>,
    #[serde(default, deserialize_with = "present")]
    pub(super) seed: Option<u64>,
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
