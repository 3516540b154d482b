//! `check`: what no reachable state breaks, one file per concern. Besides what each part must
//! be on its own, it derives every count the rest of the state fixes (the rulings of 2026-12):
//! the Railbot's and the Operations draw piles against the turns played, the bag against what
//! setup, Urbanize and New Industry drew, the display's Deadheads at its far end, the Hotels
//! against the Hotel cards taken, the Major Lines and Duel Barons claimed against what the
//! player's links and deliveries meet. Each problem is listed once, located by the JSON pointer
//! of what is wrong (relative to the state; `""` for a count that several places make), and no
//! check costs more than O(n log n) in the size of the state.

mod cards;
mod claims;
mod goods;
mod track;
mod turn;

use super::state::State;
use crate::core::Violation;

pub use turn::MOST_COUNT;

pub fn check(state: &State) -> Vec<Violation> {
    let components = state.components.problems();
    if !components.is_empty() {
        // Everything else reads the components: judged against broken ones it says nothing.
        return components;
    }
    let mut problems = Problems::default();
    if !goods::cities(state, &mut problems) {
        return problems.0;
    }
    goods::check(state, &mut problems);
    track::check(state, &mut problems);
    cards::check(state, &mut problems);
    claims::check(state, &mut problems);
    turn::check(state, &mut problems);
    problems.0
}

/// The problems found so far.
#[derive(Default)]
pub(super) struct Problems(Vec<Violation>);

impl Problems {
    fn add(&mut self, code: &str, rule: &str, pointer: impl Into<String>, message: String) {
        self.0.push(Violation::new(code, rule, message).at(pointer));
    }
}

/// Whether each of the `n` entries of a deck is named once among `found` (id, pointer): the
/// first pointer of a card named twice or unknown, and the cards named nowhere.
fn each_once(found: impl Iterator<Item = (u8, String)>, n: usize) -> (Vec<String>, Vec<usize>) {
    let mut seen = vec![false; n];
    let mut reported = vec![false; 256];
    let mut twice = Vec::new();
    for (card, at) in found {
        let fresh = seen
            .get_mut(usize::from(card))
            .is_some_and(|s| !std::mem::replace(s, true));
        if !fresh && !std::mem::replace(&mut reported[usize::from(card)], true) {
            twice.push(at);
        }
    }
    let missing = (0..n).filter(|&c| !seen[c]).collect();
    (twice, missing)
}

/// The entries of a list with their pointers.
fn listed<'a>(at: &'a str, list: &'a [u8]) -> impl Iterator<Item = (u8, String)> + 'a {
    list.iter()
        .enumerate()
        .map(move |(k, &card)| (card, format!("{at}/{k}")))
}
