//! Moving tracks on a player's railroads (rules #tracks, the seed's American rules): one track
//! per space; a colour never reaches or passes the colour before it; a new track enters on
//! space 1; colours must be unlocked, and each colour's tracks are few (2 natural, 1 white);
//! a boulder's space is closed until it is detonated.

use super::data::{Colour, Components};
use super::rules::{self, section};
use super::state::{Player, Track};
use crate::core::Violation;

fn refuse(code: &str, message: String) -> Violation {
    rules::refuse(code, section::TRACKS, message)
}

/// The colour before `colour` in the order (black has none).
pub fn before(colour: Colour) -> Option<Colour> {
    let i = Colour::ALL.iter().position(|&c| c == colour)?;
    i.checked_sub(1).map(|j| Colour::ALL[j])
}

/// The player's tracks of `colour` on all railroads.
pub fn tracks_of(player: &Player, colour: Colour) -> usize {
    player
        .railroads
        .iter()
        .flat_map(|r| &r.tracks)
        .filter(|t| t.colour == colour)
        .count()
}

/// Where the track would go: the next space, or space 1 for a colour new on this railroad.
pub fn target(
    c: &Components,
    player: &Player,
    railroad: usize,
    colour: Colour,
) -> Result<u8, Violation> {
    let data = c.railroads.get(railroad).ok_or_else(|| {
        refuse(
            "no_such_railroad",
            format!("there is no railroad {railroad}"),
        )
    })?;
    let state = &player.railroads[railroad];
    let at = |colour: Colour| {
        state
            .tracks
            .iter()
            .find(|t| t.colour == colour)
            .map(|t| t.space)
    };
    let to = match at(colour) {
        Some(space) => space + 1,
        None => {
            if !player.unlocked.contains(&colour) {
                return Err(refuse(
                    "colour_locked",
                    format!("{colour:?} is not unlocked yet"),
                ));
            }
            let supply = c
                .tracks_per_colour
                .iter()
                .find(|(t, _)| *t == colour)
                .map_or(0, |(_, n)| usize::from(*n));
            if tracks_of(player, colour) >= supply {
                return Err(refuse(
                    "no_track_left",
                    format!("all {supply} {colour:?} tracks are on railroads already"),
                ));
            }
            1
        }
    };
    if to > data.spaces {
        return Err(refuse(
            "railroad_end",
            format!("the {colour:?} track is at the end of {}", data.name),
        ));
    }
    if state.boulder && data.boulder == Some(to) {
        return Err(refuse(
            "boulder",
            format!(
                "a boulder closes space {to} of {} until it is detonated",
                data.name
            ),
        ));
    }
    if state.tracks.iter().any(|t| t.space == to) {
        return Err(refuse(
            "space_taken",
            format!("space {to} of {} holds a track", data.name),
        ));
    }
    // The colour before it must stay strictly ahead (and be there at all).
    if let Some(lower) = before(colour)
        && at(lower).is_none_or(|space| space <= to)
    {
        return Err(refuse(
            "would_pass",
            format!("the {colour:?} track may not reach or pass the {lower:?} track"),
        ));
    }
    Ok(to)
}

/// Moves the player's `colour` track on `railroad` one space; its new space.
pub fn advance(
    c: &Components,
    player: &mut Player,
    railroad: usize,
    colour: Colour,
) -> Result<u8, Violation> {
    let to = target(c, player, railroad, colour)?;
    let tracks = &mut player.railroads[railroad].tracks;
    match tracks.iter_mut().find(|t| t.colour == colour) {
        Some(track) => track.space = to,
        None => tracks.push(Track { colour, space: to }),
    }
    Ok(to)
}

/// Whether any track of `colours` (every colour when empty) can move one space now.
pub fn any_move(c: &Components, player: &Player, colours: &[Colour]) -> bool {
    (0..c.railroads.len()).any(|railroad| {
        Colour::ALL
            .into_iter()
            .filter(|colour| colours.is_empty() || colours.contains(colour))
            .any(|colour| target(c, player, railroad, colour).is_ok())
    })
}
