//! Railroad scoring (rules #round, with the American board's Transcontinental ends): each space
//! within the locomotive reach takes the colour of the nearest track at or ahead of it and scores
//! that colour's value (revalued after the revaluation token), doubled under a doubler; each
//! completed Transcontinental end adds its points (the Golden Spike's instead, once placed).

use super::data::{Colour, Components, QuestionToken, Special};
use super::state::Player;

/// The locomotive reach of a railroad: the sum of its locomotives' numbers.
pub fn reach(player: &Player, railroad: usize) -> u32 {
    player.railroads[railroad]
        .locomotives
        .iter()
        .map(|&n| u32::from(n))
        .sum()
}

/// The "?" tokens the player has spent.
pub fn spent_tokens<'a>(
    c: &'a Components,
    player: &'a Player,
) -> impl Iterator<Item = QuestionToken> + 'a {
    player
        .question_tokens
        .iter()
        .filter_map(|&i| c.question_tokens.get(usize::from(i)).copied())
}

pub fn revalued(c: &Components, player: &Player) -> bool {
    spent_tokens(c, player).any(|t| t == QuestionToken::Revaluation {})
}

pub fn golden_spike(c: &Components, player: &Player) -> bool {
    spent_tokens(c, player).any(|t| t == QuestionToken::GoldenSpike {})
}

/// Points the spent "?" tokens add to every railroad scoring.
pub fn token_points(c: &Components, player: &Player) -> u32 {
    spent_tokens(c, player)
        .map(|t| match t {
            QuestionToken::PointsEachScoring { points } => points,
            _ => 0,
        })
        .sum()
}

fn value(c: &Components, player: &Player, colour: Colour) -> u32 {
    let table = if revalued(c, player) {
        &c.revalued_colour_values
    } else {
        &c.colour_values
    };
    table
        .iter()
        .find(|(t, _)| *t == colour)
        .map_or(0, |(_, v)| *v)
}

/// What one railroad scores now.
pub fn railroad_points(c: &Components, player: &Player, railroad: usize) -> u32 {
    let data = &c.railroads[railroad];
    let state = &player.railroads[railroad];
    let last = reach(player, railroad).min(u32::from(data.spaces));
    (1..=last)
        .map(|space| {
            let space = space as u8;
            // The nearest track at or ahead of the space gives it its colour.
            let colour = state
                .tracks
                .iter()
                .filter(|t| t.space >= space)
                .min_by_key(|t| t.space)
                .map(|t| t.colour);
            let points = colour.map_or(0, |colour| value(c, player, colour));
            if state.doublers.contains(&space) {
                2 * points
            } else {
                points
            }
        })
        .sum()
}

/// Whether a special space's condition is met: its colour's track at or past it, and, if it
/// asks, the locomotive reach covering it.
pub fn reached(
    player: &Player,
    railroad: usize,
    space: u8,
    colour: Colour,
    needs_locomotive: bool,
) -> bool {
    let state = &player.railroads[railroad];
    let track_there = state
        .tracks
        .iter()
        .any(|t| t.colour == colour && t.space >= space);
    track_there && (!needs_locomotive || reach(player, railroad) >= u32::from(space))
}

/// The Transcontinental ends a player has completed.
pub fn transcontinental_ends(c: &Components, player: &Player) -> u32 {
    c.railroads
        .iter()
        .enumerate()
        .flat_map(|(i, r)| r.specials.iter().map(move |s| (i, s)))
        .filter(|(i, s)| {
            s.special == Special::TranscontinentalEnd {}
                && reached(player, *i, s.space, s.colour, s.needs_locomotive)
        })
        .count() as u32
}

/// The railroad scoring of a round: every railroad, and the Transcontinental ends (each worth
/// its points, or the Golden Spike's instead once placed).
pub fn railroads_scoring(c: &Components, player: &Player) -> u32 {
    let tracks: u32 = (0..c.railroads.len())
        .map(|r| railroad_points(c, player, r))
        .sum();
    // The Golden Spike tile covers the dashed outline's +10: each end then scores its +25.
    let per_end = if golden_spike(c, player) {
        c.golden_spike_points
    } else {
        c.transcontinental_points
    };
    tracks + transcontinental_ends(c, player) * per_end
}

/// The special spaces of `railroad` whose condition the player meets now (by index in the
/// railroad's list). The engine fires each once, as soon as it is met: a track move or a new
/// locomotive (more reach) can meet one, and a met condition stays met after the space is
/// upgraded to a better colour (rules #specials) because the track that met it only moves on.
pub fn met_specials(c: &Components, player: &Player, railroad: usize) -> Vec<usize> {
    c.railroads[railroad]
        .specials
        .iter()
        .enumerate()
        .filter(|(_, s)| reached(player, railroad, s.space, s.colour, s.needs_locomotive))
        .map(|(i, _)| i)
        .collect()
}
