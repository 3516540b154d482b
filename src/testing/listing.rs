//! Perft, and what counts as listed when an action not picked from the list is accepted (a range's
//! values, the documented unlisted runs).

use super::{Choices, Listing, UNLISTED_RUNS_GAME, apply_checked, difference, json, sorted};
use crate::core::{Checked, Game};
use serde_json::Value;

/// The number of paths of `depth` legal actions from `state` (perft, as chess engines count
/// moves): any change in what `legal_actions` lists, or in where the actions lead, changes it.
/// Values of listed ranges are not counted (a range's action is one path).
pub fn perft<G: Game>(state: &Checked<G>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let legal = G::legal_actions(state);
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .iter()
        .map(|action| {
            let mut next = state.clone();
            G::apply(&mut next, action).unwrap_or_else(|v| {
                panic!("{}: listed action {} refused: {v}", G::ID, json(action))
            });
            perft::<G>(&next, depth - 1)
        })
        .sum()
}

/// The listed actions of `action`'s type (the first 12), for messages.
pub(super) fn same_type<G: Game>(
    state: &Checked<G>,
    legal: &[G::Action],
    action: &G::Action,
    next: &Checked<G>,
) -> String {
    let tag = serde_json::to_value(action).map(|v| v["type"].clone());
    let same: Vec<String> = legal
        .iter()
        .filter(|l| {
            serde_json::to_value(l).map(|v| v["type"].clone()).ok() == tag.as_ref().ok().cloned()
        })
        .take(12)
        .map(|l| {
            let mut theirs = state.clone();
            match G::apply(&mut theirs, l) {
                Ok(_) => format!(
                    "{} (its new state differs {})",
                    json(l),
                    difference::<G>(next, &theirs)
                ),
                Err(v) => format!("{} (refused: {v})", json(l)),
            }
        })
        .collect();
    format!("[{}]", same.join(", "))
}

/// `action` with each of its ranged numbers set to a value of its range.
pub(super) fn in_range<G: Game>(
    state: &Checked<G>,
    action: &G::Action,
    choices: &mut Choices<'_>,
) -> G::Action {
    let ranges = G::ranges(state, action);
    if ranges.is_empty() {
        return action.clone();
    }
    let mut value = serde_json::to_value(action).expect("an action encodes");
    for range in &ranges {
        assert!(
            range.min <= range.max,
            "{}: empty range {range:?} for listed {}",
            G::ID,
            json(action)
        );
        let span = range.max - range.min;
        let offset = match choices.u8() % 4 {
            0 => 0,
            1 => span,
            _ => u64::from(choices.u32()) % span.saturating_add(1).max(1),
        };
        let slot = value.pointer_mut(&range.pointer).unwrap_or_else(|| {
            panic!(
                "{}: range pointer {} not in {}",
                G::ID,
                range.pointer,
                json(action)
            )
        });
        *slot = Value::from(range.min + offset.min(span));
    }
    serde_json::from_value(value)
        .unwrap_or_else(|e| panic!("{}: a value in a listed range does not decode: {e}", G::ID))
}

/// Whether `action` is listed, is a listed action with other values of its ranges, or is
/// another spelling of a listed action (see [`equivalent_listed`]).
pub(super) fn is_listed<G: Game>(
    state: &Checked<G>,
    legal: &[G::Action],
    action: &G::Action,
    next: &Checked<G>,
    listing: Listing,
) -> bool {
    if legal.contains(action) {
        return true;
    }
    let mine = serde_json::to_value(action).expect("an action encodes");
    if G::ID == UNLISTED_RUNS_GAME && mine["type"] == "run_routes" {
        // Documented: the best routes are listed; other legal runs are accepted unlisted.
        return true;
    }
    let in_range = legal.iter().any(|listed| {
        let ranges = G::ranges(state, listed);
        if ranges.is_empty() {
            return false;
        }
        let mut theirs = serde_json::to_value(listed).expect("an action encodes");
        ranges.iter().all(
            |r| match (mine.pointer(&r.pointer), theirs.pointer_mut(&r.pointer)) {
                (Some(v), Some(slot))
                    if v.as_u64().is_some_and(|v| (r.min..=r.max).contains(&v)) =>
                {
                    *slot = v.clone();
                    true
                }
                _ => false,
            },
        ) && theirs == mine
    });
    in_range || (listing == Listing::Spellings && equivalent_listed::<G>(state, legal, &mine, next))
}

/// Whether a listed action of the same type and player leads to the very same state (a default
/// written out or left out), or is the same but for the order of its lists.
fn equivalent_listed<G: Game>(
    state: &Checked<G>,
    legal: &[G::Action],
    mine: &Value,
    next: &Checked<G>,
) -> bool {
    legal.iter().any(|listed| {
        let theirs = serde_json::to_value(listed).expect("an action encodes");
        theirs["type"] == mine["type"]
            && theirs["player"] == mine["player"]
            && (sorted(theirs.clone()) == sorted(mine.clone())
                || apply_checked::<G>(state, listed, "a listed action").as_ref() == Ok(next))
    })
}
