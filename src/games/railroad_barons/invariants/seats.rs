//! The seats (docs/rules/railroad-barons.md#setup): two players, A then B, and the five
//! Holdings, each once and in colour order.

use super::problem;
use crate::core::Violation;
use crate::games::railroad_barons::ids::{Colour, Seat};
use crate::games::railroad_barons::rules::{PLAYERS, section};
use crate::games::railroad_barons::state::State;

pub(super) fn check(state: &State, problems: &mut Vec<Violation>) {
    let seats: Vec<Seat> = state.players.iter().map(|p| p.seat).collect();
    if seats != Seat::ALL || state.players.len() != PLAYERS {
        problem(
            problems,
            "bad_players",
            section::SETUP,
            "/players",
            format!("the players must be seats A then B; found {seats:?}"),
        );
    }
    let colours: Vec<Colour> = state.holdings.iter().map(|h| h.colour).collect();
    if colours != Colour::ALL {
        problem(
            problems,
            "bad_holdings",
            section::SETUP,
            "/holdings",
            format!(
                "the Holdings must be green, black, yellow, red, blue in that order; found {colours:?}"
            ),
        );
    }
}
