//! The engineers against the strip (rules #engineers, setup): the strip holds the engineers dealt,
//! stack B's left of stack A's, and slides one place right each round; the rightmost (hiring)
//! place's engineer is hired or leaves the game. So after `r` rounds the strip's first `r - 1`
//! places are empty, the engineers hired and gone are the `r - 1` that reached the hiring place
//! (and this round's, once hired, with its hire among the placements), stack A's first; each
//! engineer is in one place, and a player uses only engineers hired, once a round.

use super::{Problems, player_at};
use crate::games::russian_railroads_american::data::SpaceEffect;
use crate::games::russian_railroads_american::state::State;

pub(super) fn check(state: &State, problems: &mut Problems) {
    if !each_in_one_place(state, problems) {
        return;
    }
    used(state, problems);
    strip(state, problems);
}

/// Every engineer named is one of the components', in one place (the strip, a player, gone).
fn each_in_one_place(state: &State, problems: &mut Problems) -> bool {
    let c = &state.components;
    let mut known = [false; 256];
    for e in &c.engineers {
        known[usize::from(e.number)] = true;
    }
    let mut seen = [false; 256];
    let mut reported = [false; 256];
    let mut fine = true;
    let mut place = |at: String, n: u8, problems: &mut Problems| {
        let bad = !known[usize::from(n)] || std::mem::replace(&mut seen[usize::from(n)], true);
        if bad && !std::mem::replace(&mut reported[usize::from(n)], true) {
            problems.add(
                "engineers",
                at,
                format!("engineer #{n} is unknown or in a second place"),
            );
        }
        fine &= !bad;
    };
    for (k, e) in state.engineer_strip.iter().enumerate() {
        if let Some(n) = e {
            place(format!("/engineer_strip/{k}"), *n, problems);
        }
    }
    for (i, p) in state.players.iter().enumerate() {
        for (k, &n) in p.engineers.iter().enumerate() {
            place(format!("{}/engineers/{k}", player_at(i)), n, problems);
        }
    }
    for (k, &n) in state.engineers_gone.iter().enumerate() {
        place(format!("/engineers_gone/{k}"), n, problems);
    }
    fine
}

/// A hired engineer's action is used once a round.
fn used(state: &State, problems: &mut Problems) {
    for (i, p) in state.players.iter().enumerate() {
        let mut hired = [false; 256];
        for &n in &p.engineers {
            hired[usize::from(n)] = true;
        }
        let mut seen = [false; 256];
        let mut reported = [false; 256];
        for (k, &n) in p.engineers_used.iter().enumerate() {
            let bad = !hired[usize::from(n)] || std::mem::replace(&mut seen[usize::from(n)], true);
            if bad && !std::mem::replace(&mut reported[usize::from(n)], true) {
                problems.add(
                    "engineers",
                    format!("{}/engineers_used/{k}", player_at(i)),
                    format!(
                        "{:?} used engineer #{n}, not hired or used twice this round",
                        p.seat
                    ),
                );
            }
        }
    }
}

fn strip(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let Some(count) = c
        .player_counts
        .iter()
        .find(|pc| usize::from(pc.players) == state.players.len())
    else {
        return;
    };
    let dealt = usize::from(count.engineers_a) + usize::from(count.engineers_b);
    let strip = &state.engineer_strip;
    if strip.len() != dealt {
        problems.add(
            "engineer_strip",
            "/engineer_strip",
            format!(
                "the engineer strip has {} places; {} players deal {dealt} engineers",
                strip.len(),
                state.players.len()
            ),
        );
        return;
    }
    // The cleanups so far each emptied a place on the left.
    let slid = usize::from(state.round.saturating_sub(1)).min(dealt);
    for (k, e) in strip.iter().enumerate() {
        let emptied = k < slid;
        let hiring = k + 1 == dealt;
        let wrong = if emptied {
            e.is_some()
        } else {
            e.is_none() && !hiring
        };
        if wrong {
            problems.add(
                "engineer_strip",
                format!("/engineer_strip/{k}"),
                format!(
                    "place {k} of the strip {} in round {}: the strip's first {slid} places are empty, the rest hold the engineers not yet hired, the hiring place's until it is hired",
                    if e.is_some() { "holds an engineer" } else { "is empty" },
                    state.round
                ),
            );
        }
    }
    // The hiring place is emptied by this round's hire, recorded among the placements.
    let hired_now = slid < dealt && strip[dealt - 1].is_none();
    let hire_placed = state.placements.iter().any(|p| {
        c.action_spaces
            .get(usize::from(p.space))
            .is_some_and(|s| s.effect == SpaceEffect::HireEngineer {})
    });
    if slid < dealt && hired_now != hire_placed {
        problems.add(
            "engineer_strip",
            format!("/engineer_strip/{}", dealt - 1),
            format!(
                "the hiring place is {} but {} placement hired this round",
                if hired_now { "empty" } else { "taken" },
                if hire_placed { "a" } else { "no" }
            ),
        );
    }
    stacks(
        state,
        count.engineers_a.into(),
        slid + usize::from(hired_now),
        problems,
    );
}

/// The engineers that left the strip are the last `left` dealt: stack A's first; the strip's
/// are stack B's left of stack A's.
fn stacks(state: &State, from_a: usize, left: usize, problems: &mut Problems) {
    let c = &state.components;
    let mut stack = [b'?'; 256];
    for e in &c.engineers {
        stack[usize::from(e.number)] = e.stack as u8;
    }
    let of = |n: u8| stack[usize::from(n)];
    let hired: Vec<u8> = state
        .players
        .iter()
        .flat_map(|p| p.engineers.iter().copied())
        .chain(state.engineers_gone.iter().copied())
        .collect();
    if hired.len() != left {
        problems.add(
            "engineers_hired",
            "",
            format!(
                "{} engineers are hired or gone; in round {} the strip has brought {left} to the hiring place",
                hired.len(),
                state.round
            ),
        );
        return;
    }
    let a_left = hired.iter().filter(|&&n| of(n) == b'A').count();
    if a_left != left.min(from_a) {
        problems.add(
            "engineers_hired",
            "",
            format!(
                "{a_left} of the {left} engineers hired or gone are from stack A; stack A's {from_a} reach the hiring place first"
            ),
        );
    }
    let on_strip: Vec<(usize, u8)> = state
        .engineer_strip
        .iter()
        .enumerate()
        .filter_map(|(k, e)| e.map(|n| (k, of(n))))
        .collect();
    let a_on_strip = on_strip.iter().filter(|(_, s)| *s == b'A').count();
    if a_on_strip + left.min(from_a) != from_a {
        problems.add(
            "engineer_strip",
            "/engineer_strip",
            format!(
                "{a_on_strip} stack A engineers are on the strip and {} left it; {from_a} were dealt",
                left.min(from_a)
            ),
        );
    }
    if let Some(w) = on_strip
        .windows(2)
        .find(|w| w[0].1 == b'A' && w[1].1 == b'B')
    {
        problems.add(
            "engineer_strip",
            format!("/engineer_strip/{}", w[1].0),
            "a stack B engineer stands right of a stack A engineer: the strip holds B's, then A's"
                .to_string(),
        );
    }
}
