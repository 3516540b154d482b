//! The contract harness every game's tests and the fuzz targets share (cargo feature
//! `testing`; the package's own tests enable it through a dev-dependency on itself, the fuzz
//! crate through its dependency). Nothing here names a game: the games are reached through the
//! registry ([`crate::registry`]).
//!
//! Entry points:
//! - [`validate_request`]: the bytes of a `POST /v1/{game}/validate` body, parsed exactly as the
//!   service does ([`parse_body`] with the published request schema);
//! - [`sequence`]: the bytes as choices among the listed (and sometimes mutated) actions, for
//!   the game byte 0 picks among the registered ones, from setup or from a prefix of one of its
//!   example save files;
//! - [`play`]: the same for one game from a given start (the generic playouts of
//!   tests/contract.rs);
//! - [`perft`]: the number of legal-action paths of a given depth (tests/perft.rs).
//!
//! Here target 1; beside it, what every applied action must satisfy (`applied`), target 2
//! (`sequences`), perft and what counts as listed (`listing`), the mutated actions the
//! sequences sample (`mutation`) and what `check` says of a hand-built position (`check`).
//!
//! What they assert (the `Game` contract, src/core/game.rs):
//! - nothing panics;
//! - the same state and action give the same result, byte for byte;
//! - an accepted action leaves a state that `check` finds consistent, whose JSON encoding reads
//!   back as the same state, and whose events encode;
//! - a refused action leaves the state byte-identical;
//! - every listed action (and every value of a listed range) is accepted, and is taken by a
//!   seat that `to_act` lists (the core refuses any other before the game sees it);
//! - an accepted action is listed (or one of the listed ranges' values), except the runs of
//!   routes other than the best in 1833NE, which the rules accept without listing them; so a
//!   sampled unlisted action (a mutated or an earlier one) is refused.

use std::sync::OnceLock;

use crate::api::routes::Endpoint;
use crate::api::validation::parse_body;
use crate::api::{ApiState, Limits};
use crate::core::{Checked, Game};
use serde::Deserialize;

mod applied;
mod check;
mod listing;
mod mutation;
mod sequences;

pub use applied::*;
pub use check::*;
pub use listing::*;
use mutation::*;
pub use sequences::*;

/// Listed actions applied per `validate_request` execution (each on its own clone).
pub const LISTED_CAP: usize = 20;
/// Steps of one `sequence` execution, for every game (the input's length bounds them too).
pub const MAX_STEPS: usize = 200;
/// The game whose documented exception [`is_listed`] knows: its runs of routes other than the
/// best are accepted without being listed (docs/rules/1833ne.md).
const UNLISTED_RUNS_GAME: &str = "1833ne";

// ---------------------------------------------------------------------------------------------
// Target 1: a validate request body.

/// The body of `POST /v1/{game}/validate`, as the service reads it (src/api/routes/validate.rs).
#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
pub struct ValidateRequest<G: Game> {
    pub state: G::State,
    pub action: G::Action,
}

/// The service's shared state, for the published request schemas (built once per process).
fn api_state() -> &'static ApiState {
    static STATE: OnceLock<ApiState> = OnceLock::new();
    STATE.get_or_init(|| ApiState::new(Limits::default()).expect("the API state builds"))
}

/// Parses `bytes` as a validate request of game `G` exactly as the service does; when the
/// state is consistent, judges the action and the first [`LISTED_CAP`] listed actions.
pub fn validate_request<G: Game>(bytes: &[u8]) {
    let schema = api_state().request_schema(G::ID, Endpoint::Validate);
    let request = match parse_body::<ValidateRequest<G>>(bytes, &Limits::default(), schema) {
        Ok(request) => request,
        Err(problem) => {
            // The service answers with this problem: it must encode, with a client error.
            assert!(
                (400..500).contains(&problem.status),
                "a request problem with status {}: {problem:?}",
                problem.status
            );
            serde_json::to_string(&problem).expect("the problem encodes");
            return;
        }
    };
    let ValidateRequest { state, action } = request;
    let Ok(state) = Checked::<G>::new(state) else {
        return; // the service answers 422 inconsistent_state without running any rules
    };
    let _ = apply_checked::<G>(&state, &action, "the posted action");
    let legal = G::legal_actions(&state);
    for listed in legal.iter().take(LISTED_CAP) {
        listed_by_a_seat_to_act::<G>(&state, listed);
        if let Err(violation) = apply_checked::<G>(&state, listed, "a listed action") {
            panic!(
                "{}: listed action {} refused: {violation}",
                G::ID,
                json(listed)
            );
        }
    }
}
