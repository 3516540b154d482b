//! Railroad cards (docs/rules/railroad-barons.md#components, #acquisitions): each card of the
//! game once, at a face it has, in the stack (in order), out of the game, under the $450
//! Investor or owned by one Holding.

use super::{counts, places_of, problem, second_place};
use crate::core::Violation;
use crate::games::railroad_barons::ids::Colour;
use crate::games::railroad_barons::rules::section;
use crate::games::railroad_barons::state::State;

/// Where a Railroad card lies, for messages.
#[derive(Clone, Copy)]
enum RailroadPlace {
    Stack,
    OutOfGame,
    Investor450,
    Holding(Colour),
}

impl std::fmt::Display for RailroadPlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RailroadPlace::Stack => f.write_str("the stack"),
            RailroadPlace::OutOfGame => f.write_str("out of the game"),
            RailroadPlace::Investor450 => f.write_str("the $450 Investor"),
            RailroadPlace::Holding(colour) => write!(f, "{colour}'s railroads"),
        }
    }
}

impl RailroadPlace {
    /// The list (or field) of the state it lies in.
    fn pointer(self) -> String {
        match self {
            RailroadPlace::Stack => "/railroad_stack".to_string(),
            RailroadPlace::OutOfGame => "/railroads_out_of_game".to_string(),
            RailroadPlace::Investor450 => "/investor_450_railroad".to_string(),
            RailroadPlace::Holding(colour) => format!("/holdings/{}/railroads", colour.index()),
        }
    }
}

/// Every Railroad card in play, with where it lies.
fn railroad_places(state: &State) -> impl Iterator<Item = (u8, RailroadPlace)> + '_ {
    let stack = state
        .railroad_stack
        .iter()
        .map(|&id| (id, RailroadPlace::Stack));
    let out = state
        .railroads_out_of_game
        .iter()
        .map(|&id| (id, RailroadPlace::OutOfGame));
    let investor = state
        .investor_450_railroad
        .map(|id| (id, RailroadPlace::Investor450));
    let owned = state.holdings.iter().flat_map(|h| {
        h.railroads
            .iter()
            .map(|r| (r.card, RailroadPlace::Holding(h.colour)))
    });
    stack.chain(out).chain(investor).chain(owned)
}

fn places_pointer(found: impl Iterator<Item = (usize, RailroadPlace)>, id: usize) -> String {
    second_place(found, id).map_or_else(String::new, RailroadPlace::pointer)
}

pub(super) fn check(state: &State, problems: &mut Vec<Violation>) {
    let cards = &state.components.railroads;
    let found = || railroad_places(state).map(|(id, place)| (usize::from(id), place));
    let counts = counts(cards.len(), found(), |id, place| {
        problem(
            problems,
            "unknown_railroad",
            section::COMPONENTS,
            place.pointer(),
            format!(
                "Railroad card {id} is in {place}, but there are only {} cards",
                cards.len()
            ),
        )
    });
    for h in &state.holdings {
        for r in &h.railroads {
            if state.face_of(*r).is_none() {
                problem(
                    problems,
                    "no_such_face",
                    section::ACQUISITIONS,
                    format!("/holdings/{}/railroads", h.colour.index()),
                    format!(
                        "{} owns card {} at face {}, which the card does not have",
                        h.colour, r.card, r.face
                    ),
                );
            }
        }
    }
    for (id, &count) in counts.iter().enumerate() {
        match count {
            1 => {}
            0 => problem(
                problems,
                "railroad_missing",
                section::COMPONENTS,
                "/railroad_stack",
                format!("Railroad card {id} ({}) is nowhere", cards[id].name),
            ),
            _ => problem(
                problems,
                "railroad_in_two_places",
                section::COMPONENTS,
                places_pointer(found(), id),
                format!(
                    "Railroad card {id} ({}) is in {}",
                    cards[id].name,
                    places_of(found(), id)
                ),
            ),
        }
    }
    if state.railroad_stack.windows(2).any(|w| w[0] >= w[1]) {
        problem(
            problems,
            "stack_out_of_order",
            section::COMPONENTS,
            "/railroad_stack",
            "the Railroad stack must keep the cards in component order".to_string(),
        );
    }
}
