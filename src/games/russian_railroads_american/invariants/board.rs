//! Each player's board on its own: tracks on their railroads (one of a colour, one on a space,
//! behind the colour before, short of a boulder), the track supply and the colours unlocked,
//! locomotive slots, doublers on their places in order, industry markers and factories.

use super::{Problems, player_at};
use crate::games::russian_railroads_american::data::{Colour, IndustrySpace};
use crate::games::russian_railroads_american::state::{Player, State};
use crate::games::russian_railroads_american::tracks::before;

/// Whether each player's board is well formed: what it implies is derived only from one that is
/// (a broken board would only echo its own problem).
pub(super) fn check(state: &State, problems: &mut Problems) -> Vec<bool> {
    state
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let before = problems.0.len();
            railroads(state, i, p, problems);
            industry(state, i, p, problems);
            problems.0.len() == before
        })
        .collect()
}

#[expect(
    clippy::too_many_lines,
    reason = "one independent check per way a railroad track can be wrong, in order."
)]
fn railroads(state: &State, i: usize, p: &Player, problems: &mut Problems) {
    let c = &state.components;
    let who = p.seat;
    let mut used = [0usize; Colour::ALL.len()];
    for (r, (data, railroad)) in c.railroads.iter().zip(&p.railroads).enumerate() {
        let at = format!("{}/railroads/{r}", player_at(i));
        // A railroad holds at most one track of each colour, each on its own space.
        let mut of_colour: [Option<u8>; Colour::ALL.len()] = [None; Colour::ALL.len()];
        let mut spaces = vec![false; usize::from(data.spaces) + 1];
        // A railroad's misplaced tracks are one problem, at the first (however many follow).
        let mut misplaced = false;
        for (k, t) in railroad.tracks.iter().enumerate() {
            let track_at = format!("{at}/tracks/{k}");
            used[t.colour as usize] += 1;
            if misplaced {
                continue;
            }
            if t.space == 0 || t.space > data.spaces {
                misplaced = true;
                problems.add(
                    "track_position",
                    track_at,
                    format!(
                        "{who:?}'s {:?} track is on space {} of {}, which has spaces 1 to {}",
                        t.colour, t.space, data.name, data.spaces
                    ),
                );
                continue;
            }
            let space = &mut spaces[usize::from(t.space)];
            let colour = &mut of_colour[t.colour as usize];
            if *space || colour.is_some() {
                misplaced = true;
                problems.add(
                    "track_position",
                    track_at,
                    format!(
                        "{who:?} has a second {:?} track or a second track on space {} of {}",
                        t.colour, t.space, data.name
                    ),
                );
                continue;
            }
            *space = true;
            *colour = Some(t.space);
            if railroad.boulder && data.boulder.is_some_and(|b| t.space >= b) {
                problems.add(
                    "track_position",
                    format!("{at}/tracks/{k}"),
                    format!(
                        "{who:?}'s {:?} track on {} stands on or past its boulder",
                        t.colour, data.name
                    ),
                );
            }
        }
        // A colour stands behind the one before it, which must be there.
        for (k, t) in railroad.tracks.iter().enumerate().filter(|_| !misplaced) {
            let Some(lower) = before(t.colour) else {
                continue;
            };
            if of_colour[lower as usize].is_none_or(|space| space <= t.space) {
                problems.add(
                    "track_position",
                    format!("{at}/tracks/{k}"),
                    format!(
                        "{who:?}'s {:?} track on {} is not behind its {lower:?} track",
                        t.colour, data.name
                    ),
                );
            }
        }
        if railroad.boulder && data.boulder.is_none() {
            problems.add(
                "board_shape",
                format!("{at}/boulder"),
                format!("{who:?} has a boulder on {}, which has none", data.name),
            );
        }
        if railroad.locomotives.len() > usize::from(data.locomotive_slots) {
            problems.add(
                "locomotive_slots",
                format!("{at}/locomotives"),
                format!(
                    "{who:?} has {} locomotives on {}, which has {} slots",
                    railroad.locomotives.len(),
                    data.name,
                    data.locomotive_slots
                ),
            );
        }
        let in_order = railroad.doublers.len() <= data.doubler_spaces.len()
            && railroad
                .doublers
                .iter()
                .zip(&data.doubler_spaces)
                .all(|(a, b)| a == b);
        if !in_order {
            problems.add(
                "doublers",
                format!("{at}/doublers"),
                format!(
                    "{who:?}'s doublers on {} are {:?}: not its first places {:?}, left to right",
                    data.name, railroad.doublers, data.doubler_spaces
                ),
            );
        }
    }
    for colour in Colour::ALL {
        let supply = c
            .tracks_per_colour
            .iter()
            .find(|(t, _)| *t == colour)
            .map_or(0, |(_, n)| usize::from(*n));
        let used = used[colour as usize];
        if used > supply {
            problems.add(
                "track_supply",
                format!("{}/railroads", player_at(i)),
                format!("{who:?} has {used} {colour:?} tracks on railroads; there are {supply}"),
            );
        }
        if used > 0 && !p.unlocked.contains(&colour) {
            problems.add(
                "colour_locked",
                format!("{}/unlocked", player_at(i)),
                format!("{who:?} builds {colour:?} without unlocking it"),
            );
        }
    }
}

fn industry(state: &State, i: usize, p: &Player, problems: &mut Problems) {
    // Long: one independent check per way the industry track can be wrong, in order.
    let c = &state.components;
    let who = p.seat;
    for (t, (data, track)) in c.industry_tracks.iter().zip(&p.industry).enumerate() {
        let at = format!("{}/industry/{t}", player_at(i));
        let gaps = data
            .spaces
            .iter()
            .filter(|s| matches!(s, IndustrySpace::Gap {}))
            .count();
        if track.factories.len() != gaps || usize::from(track.marker) >= data.spaces.len() {
            problems.add(
                "board_shape",
                at,
                format!(
                    "{who:?}'s {} industry track has {} gaps and its marker on {}; the track has {gaps} gaps and spaces 0 to {}",
                    data.name,
                    track.factories.len(),
                    track.marker,
                    data.spaces.len() - 1
                ),
            );
            continue;
        }
        let has_boulder = data
            .spaces
            .iter()
            .any(|s| matches!(s, IndustrySpace::Boulder { .. }));
        if track.boulder && !has_boulder {
            problems.add(
                "board_shape",
                format!("{at}/boulder"),
                format!(
                    "{who:?} has a boulder on the {} track, which has none",
                    data.name
                ),
            );
        }
        if let Some(g) = track
            .factories
            .windows(2)
            .position(|w| w[0].is_none() && w[1].is_some())
        {
            problems.add(
                "industry_track",
                format!("{at}/factories/{}", g + 1),
                format!(
                    "{who:?}'s factories on the {} track are not left to right: gap {} is empty",
                    data.name,
                    g + 1
                ),
            );
        }
        let mut gap = 0;
        let mut empty_gap_passed = false;
        for (space, kind) in data.spaces.iter().enumerate().skip(1) {
            let passed = usize::from(track.marker) >= space;
            match kind {
                IndustrySpace::Gap {} => {
                    if passed
                        && !data.gaps_may_be_skipped
                        && track.factories[gap].is_none()
                        && !std::mem::replace(&mut empty_gap_passed, true)
                    {
                        problems.add(
                            "industry_track",
                            format!("{at}/marker"),
                            format!(
                                "{who:?}'s {} marker on {} stands on or past gap {}, which has no factory",
                                data.name,
                                track.marker,
                                gap + 1
                            ),
                        );
                    }
                    gap += 1;
                }
                IndustrySpace::Boulder { .. } if passed && track.boulder => {
                    problems.add(
                        "industry_track",
                        format!("{at}/marker"),
                        format!(
                            "{who:?}'s {} marker on {} stands on or past its boulder",
                            data.name, track.marker
                        ),
                    );
                }
                _ => {}
            }
        }
    }
}
