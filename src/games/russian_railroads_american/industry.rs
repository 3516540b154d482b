//! The two industry tracks (rules #industry, the seed): the bottom one keeps the base rules (a
//! marker never moves onto or past an empty gap, and fires the factory it moves onto); on the
//! top one the marker may land on and skip gaps, firing a factory in a gap it lands on. Each
//! marker stays on its own track; a boulder's space is closed until it is detonated.

use super::data::{Components, IndustrySpace};
use super::rules::{self, section};
use super::state::Player;
use crate::core::Violation;

/// One step of a marker: the factory it fired (by locomotive number; 0 a steelworks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub space: u8,
    pub fired: Option<u8>,
}

fn refuse(code: &str, message: String) -> Violation {
    rules::refuse(code, section::INDUSTRY, message)
}

/// Moves the marker of industry track `track` one space.
pub fn advance(c: &Components, player: &mut Player, track: usize) -> Result<Step, Violation> {
    let data = c.industry_tracks.get(track).ok_or_else(|| {
        refuse(
            "no_such_track",
            format!("there is no industry track {track}"),
        )
    })?;
    let state = &player.industry[track];
    let next = usize::from(state.marker) + 1;
    let Some(space) = data.spaces.get(next) else {
        return Err(refuse(
            "track_end",
            format!(
                "the marker is at the end of the {} industry track",
                data.name
            ),
        ));
    };
    let gap = data.spaces[..next]
        .iter()
        .filter(|s| matches!(s, IndustrySpace::Gap {}))
        .count();
    let fired = match space {
        IndustrySpace::Gap {} => match state.factories.get(gap).copied().flatten() {
            Some(factory) => Some(factory),
            None if data.gaps_may_be_skipped => None,
            None => {
                return Err(refuse(
                    "gap_unfilled",
                    format!(
                        "gap {} of the {} industry track has no factory yet",
                        gap + 1,
                        data.name
                    ),
                ));
            }
        },
        IndustrySpace::Boulder { .. } if state.boulder => {
            return Err(refuse(
                "boulder",
                format!(
                    "a boulder closes that space of the {} industry track until it is detonated",
                    data.name
                ),
            ));
        }
        _ => None,
    };
    let space = next as u8;
    player.industry[track].marker = space;
    Ok(Step { space, fired })
}

/// Whether a factory reached on industry track `track` is used at once, within the action
/// that reached it (the top track, whose gaps may be landed on: the seed's "you must use its
/// function immediately"), rather than going into the action pool (the bottom track, as in the
/// base game).
pub fn fires_at_once(c: &Components, track: usize) -> bool {
    c.industry_tracks
        .get(track)
        .is_some_and(|t| t.gaps_may_be_skipped)
}

/// Whether any industry marker can move one space now.
pub fn any_move(c: &Components, player: &Player) -> bool {
    (0..c.industry_tracks.len()).any(|track| advance(c, &mut player.clone(), track).is_ok())
}

/// What a marker scores each round: the printed points of its space, or of the nearest printed
/// space behind it (on a factory).
pub fn points(c: &Components, player: &Player, track: usize) -> u32 {
    let data = &c.industry_tracks[track];
    let marker = usize::from(player.industry[track].marker).min(data.spaces.len() - 1);
    data.spaces[..=marker]
        .iter()
        .rev()
        .find_map(|s| match s {
            IndustrySpace::Points { points } | IndustrySpace::Boulder { points } => Some(*points),
            IndustrySpace::Gap {} => None,
        })
        .unwrap_or(0)
}
