//! Tiles and doublers: each locomotive number has as many tiles as players, in its pile, on
//! boards, among the returned factories or waiting to be placed; the piles are taken lowest
//! first, and a steelworks is taken exactly when its pile is emptied; the doublers placed and
//! in the supply are the components' number.

use super::{Problems, player_at};
use crate::games::russian_railroads_american::locomotives::STEELWORKS;
use crate::games::russian_railroads_american::state::{Decision, State};

pub(super) fn check(state: &State, problems: &mut Problems) {
    counts(state, problems);
    piles(state, problems);
    steelworks(state, problems);
    doublers(state, problems);
}

fn counts(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let players = state.players.len();
    let mut known = [false; 256];
    for l in &c.locomotives {
        known[usize::from(l.number)] = true;
    }
    let mut count = [0usize; 256];
    for pile in &state.piles {
        count[usize::from(pile.number)] += usize::from(pile.left);
    }
    for p in &state.players {
        for &n in p.railroads.iter().flat_map(|r| &r.locomotives) {
            count[usize::from(n)] += 1;
        }
        for &n in p.industry.iter().flat_map(|t| &t.factories).flatten() {
            if n != STEELWORKS {
                count[usize::from(n)] += 1;
            }
        }
    }
    for &n in &state.returned_factories {
        count[usize::from(n)] += 1;
    }
    for d in &state.turn.decisions {
        if let Decision::DisplacedLocomotive { number } = *d {
            count[usize::from(number)] += 1;
        }
    }
    for n in 0..256 {
        if known[n] && count[n] != players {
            problems.add(
                "tiles_in_play",
                "",
                format!(
                    "{} #{n} tiles are in play (piles, boards, returned factories, waiting); there are {players}",
                    count[n]
                ),
            );
        } else if !known[n] && count[n] > 0 {
            problems.add(
                "tiles_in_play",
                "",
                format!(
                    "{} #{n} tiles are in play; there is no locomotive #{n}",
                    count[n]
                ),
            );
        }
    }
}

/// One pile per locomotive number from #2 (#1 is each player's start), taken lowest first:
/// a pile is touched only once every lower one is empty.
fn piles(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let players = state.players.len();
    let mut numbers: Vec<u8> = state.piles.iter().map(|p| p.number).collect();
    numbers.sort_unstable();
    let mut expected: Vec<u8> = c
        .locomotives
        .iter()
        .map(|l| l.number)
        .filter(|&n| n > 1)
        .collect();
    expected.sort_unstable();
    if numbers != expected {
        problems.add(
            "tiles_in_play",
            "/piles",
            format!("the piles are {numbers:?}; there is one per locomotive number from #2, {expected:?}"),
        );
        return;
    }
    let mut order: Vec<usize> = (0..state.piles.len()).collect();
    order.sort_unstable_by_key(|&j| state.piles[j].number);
    // The lowest pile with tiles left: every higher one is untouched.
    let mut lowest_left: Option<usize> = None;
    for &j in &order {
        let pile = state.piles[j];
        if usize::from(pile.left) > players {
            problems.add(
                "tiles_in_play",
                format!("/piles/{j}"),
                format!(
                    "pile #{} holds {} tiles; it starts with {players}",
                    pile.number, pile.left
                ),
            );
        }
        match lowest_left {
            Some(low) if usize::from(pile.left) < players => problems.add(
                "piles",
                format!("/piles/{j}"),
                format!(
                    "{} tiles are taken from pile #{} while pile #{} has {} left: the lowest tile is taken first",
                    players.saturating_sub(usize::from(pile.left)),
                    pile.number,
                    state.piles[low].number,
                    state.piles[low].left
                ),
            ),
            None if pile.left > 0 => lowest_left = Some(j),
            _ => {}
        }
    }
}

/// A steelworks is taken with the last tile of its pile, and only then; a player places no
/// more steelworks than they took.
fn steelworks(state: &State, problems: &mut Problems) {
    let c = &state.components;
    for (i, (data, taker)) in c.steelworks.iter().zip(&state.steelworks).enumerate() {
        let emptied = state
            .piles
            .iter()
            .any(|p| p.number == data.pile && p.left == 0);
        if emptied != taker.is_some() {
            problems.add(
                "steelworks",
                format!("/steelworks/{i}"),
                format!(
                    "the steelworks by pile #{} is {} while its pile is {}",
                    data.pile,
                    if taker.is_some() {
                        "taken"
                    } else {
                        "not taken"
                    },
                    if emptied { "empty" } else { "not empty" }
                ),
            );
        }
    }
    for (i, p) in state.players.iter().enumerate() {
        let placed = p
            .industry
            .iter()
            .flat_map(|t| &t.factories)
            .filter(|f| **f == Some(STEELWORKS))
            .count();
        let taken = state
            .steelworks
            .iter()
            .filter(|s| **s == Some(p.seat))
            .count();
        if placed > taken {
            problems.add(
                "steelworks",
                format!("{}/industry", player_at(i)),
                format!(
                    "{:?} has {placed} steelworks in gaps and took {taken}",
                    p.seat
                ),
            );
        }
    }
}

fn doublers(state: &State, problems: &mut Problems) {
    let placed: usize = state
        .players
        .iter()
        .flat_map(|p| &p.railroads)
        .map(|r| r.doublers.len())
        .sum();
    let total = usize::from(state.components.doublers);
    if placed + usize::from(state.doublers) != total {
        problems.add(
            "doublers",
            "/doublers",
            format!(
                "{placed} doublers placed and {} in the supply; there are {total}",
                state.doublers
            ),
        );
    }
}
