//! Links and open track: on the map, continuous from their first city, never two on a hex,
//! one link per pair of cities; open track only within a turn's actions.

use std::collections::HashSet;

use super::Problems;
use crate::games::rotw_solo::map::Hex;
use crate::games::rotw_solo::rules::section;
use crate::games::rotw_solo::state::{Phase, State};
use crate::games::rotw_solo::track::{TILES_PER_ACTION, city_hex};

#[expect(
    clippy::too_many_lines,
    reason = "one independent check per way the track can be wrong, in order."
)]
pub(super) fn check(state: &State, problems: &mut Problems) {
    let map = state.components.map();
    let cities = state.components.map.cities.len();
    let mut used: HashSet<Hex> = HashSet::new();
    let mut shared: HashSet<Hex> = HashSet::new();
    let mut pairs = HashSet::new();
    let mut twice = HashSet::new();
    let building = match &state.phase {
        Phase::Building { build, .. } => Some((build.from, &build.hexes)),
        _ => None,
    };
    let tracks = state
        .links
        .iter()
        .enumerate()
        .map(|(k, l)| {
            (
                format!("/links/{k}"),
                l.cities[0],
                Some(l.cities[1]),
                &l.hexes,
            )
        })
        .chain(
            state
                .open_track
                .iter()
                .enumerate()
                .map(|(k, t)| (format!("/open_track/{k}"), t.from, None, &t.hexes)),
        )
        .chain(building.map(|(from, hexes)| ("/phase/build".to_string(), from, None, hexes)));
    for (at, from, to, hexes) in tracks {
        if usize::from(from) >= cities || to.is_some_and(|t| usize::from(t) >= cities || t <= from)
        {
            problems.add(
                "bad_link",
                section::BUILD_TRACK,
                format!("{at}/cities"),
                format!("a track names cities {from} and {to:?}"),
            );
            continue;
        }
        if let Some(to) = to
            && !pairs.insert((from, to))
            && twice.insert((from, to))
        {
            problems.add(
                "link_twice",
                section::BUILD_TRACK,
                at.clone(),
                format!("cities {from} and {to} are linked twice"),
            );
        }
        let mut head = city_hex(state, from);
        for (k, &hex) in hexes.iter().enumerate() {
            if !map.terrain.contains_key(&hex)
                || map.cities.contains_key(&hex)
                || !head.is_adjacent(hex)
            {
                problems.add(
                    "broken_track",
                    section::BUILD_TRACK,
                    format!("{at}/hexes/{k}"),
                    format!("track from city {from} breaks at ({}, {})", hex.q, hex.r),
                );
                break;
            }
            if !used.insert(hex) && shared.insert(hex) {
                problems.add(
                    "hex_shared",
                    section::BUILD_TRACK,
                    format!("{at}/hexes/{k}"),
                    format!("({}, {}) carries two tracks", hex.q, hex.r),
                );
            }
            head = hex;
        }
        if let Some(to) = to
            && (hexes.is_empty() || !head.is_adjacent(city_hex(state, to)))
        {
            problems.add(
                "broken_track",
                section::BUILD_TRACK,
                format!("{at}/hexes"),
                format!("the link from city {from} does not reach city {to}"),
            );
        }
    }
    if let Some(k) = state.open_track.iter().position(|t| t.hexes.is_empty()) {
        problems.add(
            "broken_track",
            section::BUILD_TRACK,
            format!("/open_track/{k}"),
            "open track without tiles".to_string(),
        );
    }
    if let Phase::Building { build, .. } = &state.phase
        && (usize::from(build.laid) > build.hexes.len() || build.laid > TILES_PER_ACTION)
    {
        problems.add(
            "broken_track",
            section::BUILD_TRACK,
            "/phase/build/laid",
            format!(
                "{} tiles laid of a track of {}; a Build Track action lays at most {TILES_PER_ACTION}",
                build.laid,
                build.hexes.len()
            ),
        );
    }
    // Open track is removed after the turn's third action: a turn not begun has none.
    let turn_begun = match state.phase {
        Phase::Actions { taken } => taken > 0,
        Phase::Building { .. } | Phase::Railbot {} => true,
        Phase::GameEnded { .. } => false,
    };
    if !turn_begun && !state.open_track.is_empty() {
        problems.add(
            "open_track",
            section::BUILD_TRACK,
            "/open_track",
            "open track is left before the turn's first action, or after the game".to_string(),
        );
    }
}
