//! What every action applied in the harness must satisfy: listed by a seat to act, the same result
//! twice, a consistent state that reads back as itself, a refused action leaving the state
//! untouched.

use crate::core::save::first_difference;
use crate::core::{Checked, Game, Violation};
use serde_json::Value;

/// A listed action is taken by a seat `to_act` lists: the core's turn guard
/// (src/core/contract.rs) would refuse any other.
pub fn listed_by_a_seat_to_act<G: Game>(state: &Checked<G>, listed: &G::Action) {
    if let Some(seat) = G::seat_of(listed) {
        assert!(
            G::to_act(state).contains(&seat),
            "{}: listed action {} is taken by {seat}, not among those to act {:?}",
            G::ID,
            json(listed),
            G::to_act(state)
        );
    }
}

/// A game's quick answers about the turn ([`Game::first_to_act`], [`Game::may_act`],
/// [`Game::has_seat`]) agree with its lists ([`Game::to_act`], [`Game::seats`]).
pub fn turn_answers_agree<G: Game>(state: &Checked<G>) {
    let to_act = G::to_act(state);
    assert_eq!(
        G::first_to_act(state).as_ref(),
        to_act.first(),
        "{}: first_to_act is not the first of to_act",
        G::ID
    );
    for seat in G::seats(state) {
        assert!(G::has_seat(state, &seat), "{}: {seat} is seated", G::ID);
        assert_eq!(
            G::may_act(state, &seat),
            to_act.contains(&seat),
            "{}: may_act({seat}) disagrees with to_act {to_act:?}",
            G::ID
        );
    }
}

/// Applies `action` on a clone of `state` and checks the outcome: the same on a second clone,
/// byte for byte; accepted, the new state is consistent and survives a JSON round trip;
/// refused, the state is byte-identical.
pub fn apply_checked<G: Game>(
    state: &Checked<G>,
    action: &G::Action,
    what: &str,
) -> Result<Checked<G>, Violation> {
    let mut next = state.clone();
    let outcome = G::apply(&mut next, action);
    let mut again = state.clone();
    let repeated = G::apply(&mut again, action);
    assert!(
        json(&outcome) == json(&repeated) && json(&next) == json(&again),
        "{}: {what} {} gave two different outcomes on the same state: {}",
        G::ID,
        json(action),
        difference::<G>(&next, &again)
    );
    match outcome {
        Ok(events) => {
            let problems = G::check(&next);
            assert!(
                problems.is_empty(),
                "{}: {what} {} was accepted, but the new state fails check: {problems:?}",
                G::ID,
                json(action)
            );
            serde_json::to_string(&events).expect("the events encode");
            round_trip::<G>(&next, action);
            Ok(next)
        }
        Err(violation) => {
            if next != *state || json(&next) != json(state) {
                panic!(
                    "{}: {what} {} was refused ({violation}) but the state changed: {}",
                    G::ID,
                    json(action),
                    difference::<G>(state, &next)
                );
            }
            Err(violation)
        }
    }
}

/// The service returns the new state for the client to post back: it must read back as itself.
fn round_trip<G: Game>(state: &G::State, after: &G::Action) {
    let text = serde_json::to_string(state).expect("the state encodes");
    match serde_json::from_str::<G::State>(&text) {
        Ok(back) => assert!(
            back == *state,
            "{}: the state after {} does not read back as itself: {}",
            G::ID,
            json(after),
            difference::<G>(state, &back)
        ),
        Err(e) => panic!(
            "{}: the state after {} does not read back: {e}",
            G::ID,
            json(after)
        ),
    }
}

pub(super) fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("<unencodable: {e}>"))
}

/// Where two states first differ, as `pointer: before -> after`.
pub(super) fn difference<G: Game>(before: &G::State, after: &G::State) -> String {
    let a = serde_json::to_value(before).unwrap_or(Value::Null);
    let b = serde_json::to_value(after).unwrap_or(Value::Null);
    match first_difference(&a, &b, String::new()) {
        Some((pointer, x, y)) => format!("at `{pointer}`: {x} -> {y}"),
        None => "equal JSON, unequal values".to_string(),
    }
}
