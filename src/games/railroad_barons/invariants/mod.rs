//! `check` (docs/rules/railroad-barons.md#components and each file's sections): every way a
//! Railroad Barons state can be inconsistent, each reported with what is wrong, one file per
//! concern: the seats, money, certificates, Holdings, Railroad cards, Investor cards, the draft
//! and the round. This file holds the order of the checks and what they share: counting where
//! each component lies.

mod certificates;
mod draft;
mod holdings;
mod investors;
mod money;
mod railroads;
mod round;
mod seats;

use crate::core::Violation;
use crate::games::railroad_barons::state::State;

pub fn check(state: &State) -> Vec<Violation> {
    let mut problems = state.components.problems();
    if !problems.is_empty() {
        // Everything else reads the components; judging it against broken ones says nothing.
        return problems;
    }
    seats::check(state, &mut problems);
    if !problems.is_empty() {
        return problems;
    }
    money::check(state, &mut problems);
    certificates::check(state, &mut problems);
    holdings::check(state, &mut problems);
    railroads::check(state, &mut problems);
    investors::check(state, &mut problems);
    draft::check(state, &mut problems);
    round::check(state, &mut problems);
    problems
}

pub(super) fn problem(
    problems: &mut Vec<Violation>,
    code: &str,
    rule: &str,
    pointer: impl Into<String>,
    message: String,
) {
    problems.push(Violation::new(code, rule, message).at(pointer));
}

/// How many times each of `n` components is found among `found`; the ids beyond `n` go to
/// `unknown`. Counting first keeps the consistent case (every request) free of messages.
pub(super) fn counts<P: Copy>(
    n: usize,
    found: impl Iterator<Item = (usize, P)>,
    mut unknown: impl FnMut(usize, P),
) -> Vec<u8> {
    let mut counts = vec![0u8; n];
    let mut reported = std::collections::HashSet::new();
    for (id, place) in found {
        match counts.get_mut(id) {
            Some(count) => *count = count.saturating_add(1),
            // An unknown id is one problem however often it recurs.
            None if reported.insert(id) => unknown(id, place),
            None => {}
        }
    }
    counts
}

/// "a and b (3 times)": every place of component `id`, each named once with how often.
pub(super) fn places_of<P: std::fmt::Display>(
    found: impl Iterator<Item = (usize, P)>,
    id: usize,
) -> String {
    let mut places: Vec<(String, usize)> = Vec::new();
    for (_, place) in found.filter(|(i, _)| *i == id) {
        let place = place.to_string();
        match places.iter_mut().find(|(p, _)| *p == place) {
            Some((_, n)) => *n += 1,
            None => places.push((place, 1)),
        }
    }
    places
        .into_iter()
        .map(|(place, n)| {
            if n > 1 {
                format!("{place} ({n} times)")
            } else {
                place
            }
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The place of component `id`'s second appearance: where it should not be.
pub(super) fn second_place<P: Copy>(
    found: impl Iterator<Item = (usize, P)>,
    id: usize,
) -> Option<P> {
    found.filter(|(i, _)| *i == id).nth(1).map(|(_, p)| p)
}
