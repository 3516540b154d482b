//! The stocks board: each player's marker on its level alone, the first arrival of a level at
//! its far left with the dividend token it chose; each dividend token on the board or by it
//! once.

use super::{Problems, player_at};
use crate::games::russian_railroads_american::state::{Decision, State};

pub(super) fn check(state: &State, problems: &mut Problems) {
    markers(state, problems);
    tokens(state, problems);
}

fn markers(state: &State, problems: &mut Problems) {
    let top = state.stock_levels.len();
    for (i, p) in state.players.iter().enumerate() {
        if usize::from(p.stock_level) > top {
            problems.add(
                "stock_markers",
                format!("{}/stock_level", player_at(i)),
                format!(
                    "{:?}'s stock marker is on level {}; the board has {top}",
                    p.seat, p.stock_level
                ),
            );
        }
    }
    for (l, level) in state.stock_levels.iter().enumerate() {
        let mut here = [0usize; 4];
        for s in &level.markers {
            here[s.index()] += 1;
        }
        for (i, p) in state.players.iter().enumerate() {
            let expected = usize::from(usize::from(p.stock_level) == l + 1);
            if here[i] != expected {
                problems.add(
                    "stock_markers",
                    format!("/stock_levels/{l}/markers"),
                    format!(
                        "{:?}'s marker is {} times on level {}; its stock level is {}",
                        p.seat,
                        here[i],
                        l + 1,
                        p.stock_level
                    ),
                );
            }
        }
    }
}

fn tokens(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let mut tokens: Vec<u8> = state
        .stock_levels
        .iter()
        .filter_map(|l| l.token)
        .chain(state.dividend_tokens.iter().copied())
        .collect();
    tokens.sort_unstable();
    if tokens != (0..c.dividend_tokens.len() as u8).collect::<Vec<u8>>() {
        problems.add(
            "dividend_tokens",
            "/dividend_tokens",
            format!(
                "the dividend tokens on the board and by it are {tokens:?}: not each of the {} once",
                c.dividend_tokens.len()
            ),
        );
    }
    // A level is reached once a marker stands on it or above.
    let mut reached = vec![false; state.stock_levels.len()];
    let mut above = false;
    for (l, level) in state.stock_levels.iter().enumerate().rev() {
        above |= !level.markers.is_empty();
        reached[l] = above;
    }
    for (l, level) in state.stock_levels.iter().enumerate() {
        let number = l as u8 + 1;
        let pending = state
            .turn
            .decisions
            .iter()
            .any(|d| matches!(d, Decision::DividendToken { level, .. } if *level == number));
        let chooser_fine = level.chosen_by.is_none_or(|seat| {
            let p = &state.players[seat.index()];
            // The first arrival went to the far left; it stays there while on the level.
            p.stock_level >= number
                && (p.stock_level != number || level.markers.first() == Some(&seat))
        });
        if level.token.is_some() != level.chosen_by.is_some()
            || (level.token.is_some() && !reached[l])
            || (reached[l]
                && level.token.is_none()
                && !pending
                && !state.dividend_tokens.is_empty())
            || !chooser_fine
        {
            problems.add(
                "dividend_tokens",
                format!("/stock_levels/{l}"),
                format!(
                    "stocks level {number} has token {:?} chosen by {:?}: a token is chosen by the first to reach a level, who stands at its far left while there",
                    level.token, level.chosen_by
                ),
            );
        }
    }
}
