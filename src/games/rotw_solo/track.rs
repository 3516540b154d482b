//! Build Track: a line of 1-4 tiles from a city (or the player's open track) that completes a
//! link on reaching another city, or stays open until the end of the turn's actions.

use super::event::Event;
use super::goods::in_play;
use super::map::Hex;
use super::network::{connected, link_between};
use super::rules::{pay, score, section, violation};
use super::state::{Build, Link, OpenTrack, Owner, Phase, State};
use crate::core::Violation;

/// Tiles one Build Track action lays at most.
pub const TILES_PER_ACTION: u8 = 4;

fn refuse(code: &str, message: String) -> Violation {
    violation(code, section::BUILD_TRACK, message)
}

/// Whether a hex carries track: a link's, open track, or the track being built.
pub fn is_taken(state: &State, hex: Hex) -> bool {
    state.links.iter().any(|l| l.hexes.contains(&hex))
        || state.open_track.iter().any(|t| t.hexes.contains(&hex))
        || matches!(&state.phase, Phase::Building { build, .. } if build.hexes.contains(&hex))
}

pub fn city_hex(state: &State, city: u8) -> Hex {
    state.components.map.cities[usize::from(city)].hex
}

/// The free hexes of the map, not cities, next to `head`: where the next tile may go.
pub fn free_neighbours(state: &State, head: Hex) -> Vec<Hex> {
    let map = state.components.map();
    let mut hexes: Vec<Hex> = head
        .neighbours()
        .filter(|h| map.terrain.contains_key(h) && !map.cities.contains_key(h))
        .filter(|h| !is_taken(state, *h))
        .collect();
    hexes.sort();
    hexes
}

/// The cities a track from `from` ending at `head` can complete a link to.
pub fn reachable_cities(state: &State, from: u8, head: Hex) -> Vec<u8> {
    (0..state.components.map.cities.len() as u8)
        .filter(|&c| c != from && in_play(state, c))
        .filter(|&c| city_hex(state, c).is_adjacent(head))
        .filter(|&c| link_between(state, from, c).is_none())
        .collect()
}

pub fn build_from_city(state: &mut State, taken: u8, city: u8) -> Result<Vec<Event>, Violation> {
    if !in_play(state, city) {
        return Err(refuse(
            "unknown_city",
            format!("there is no city {city} in play to build from"),
        ));
    }
    if free_neighbours(state, city_hex(state, city)).is_empty() {
        return Err(refuse(
            "no_room",
            format!("no free hex touches city {city}: no tile can be laid from it"),
        ));
    }
    state.phase = Phase::Building {
        taken,
        build: Build {
            from: city,
            hexes: Vec::new(),
            laid: 0,
            spent: 0,
        },
    };
    Ok(Vec::new())
}

pub fn continue_track(state: &mut State, taken: u8, track: u8) -> Result<Vec<Event>, Violation> {
    if usize::from(track) >= state.open_track.len() {
        return Err(refuse(
            "no_such_open_track",
            format!("there is no open track {track}"),
        ));
    }
    let open = &state.open_track[usize::from(track)];
    let head = open
        .hexes
        .last()
        .copied()
        .unwrap_or_else(|| city_hex(state, open.from));
    // A Build Track action lays at least one tile.
    if free_neighbours(state, head).is_empty() {
        return Err(refuse(
            "no_room",
            format!("no free hex touches the end of open track {track}"),
        ));
    }
    let OpenTrack { from, hexes } = state.open_track.remove(usize::from(track));
    state.phase = Phase::Building {
        taken,
        build: Build {
            from,
            hexes,
            laid: 0,
            spent: 0,
        },
    };
    Ok(Vec::new())
}

/// The hex the next tile must touch: the track's last, or its city.
fn head(state: &State, build: &Build) -> Hex {
    build
        .hexes
        .last()
        .copied()
        .unwrap_or_else(|| city_hex(state, build.from))
}

pub fn lay_track(state: &mut State, hex: Hex) -> Result<Vec<Event>, Violation> {
    let Phase::Building { build, .. } = &state.phase else {
        return Err(not_building());
    };
    if build.laid >= TILES_PER_ACTION {
        return Err(refuse(
            "four_tiles_laid",
            format!("a Build Track action lays at most {TILES_PER_ACTION} tiles"),
        ));
    }
    let map = state.components.map();
    let from = head(state, build);
    if !map.terrain.contains_key(&hex) || map.cities.contains_key(&hex) {
        return Err(refuse(
            "not_buildable",
            format!(
                "({}, {}) is not a hex of the map without a city",
                hex.q, hex.r
            ),
        ));
    }
    if !from.is_adjacent(hex) {
        return Err(refuse(
            "not_next_to_track",
            format!("({}, {}) does not touch the end of the track", hex.q, hex.r),
        ));
    }
    if is_taken(state, hex) {
        return Err(refuse(
            "hex_taken",
            format!("({}, {}) already carries track", hex.q, hex.r),
        ));
    }
    let cost = map
        .step_cost(&state.components.track_costs, from, hex)
        .unwrap_or(0);
    let mut events = vec![Event::TrackLaid { hex, cost }];
    pay(state, cost, &mut events);
    if let Phase::Building { build, .. } = &mut state.phase {
        build.hexes.push(hex);
        build.laid += 1;
        build.spent = build.spent.saturating_add(cost);
    }
    Ok(events)
}

pub fn complete_link(state: &mut State, city: u8) -> Result<Vec<Event>, Violation> {
    let Phase::Building { taken, build } = &state.phase else {
        return Err(not_building());
    };
    let (taken, build) = (*taken, build.clone());
    if !in_play(state, city) || city == build.from {
        return Err(refuse(
            "not_a_destination",
            format!("the track cannot end at city {city}"),
        ));
    }
    if build.laid == 0 {
        return Err(refuse(
            "no_tile_laid",
            "a Build Track action lays at least one tile".to_string(),
        ));
    }
    if !head(state, &build).is_adjacent(city_hex(state, city)) {
        return Err(refuse(
            "not_next_to_city",
            format!("the track's last tile does not touch city {city}"),
        ));
    }
    if link_between(state, build.from, city).is_some() {
        return Err(refuse(
            "already_linked",
            format!("cities {} and {city} are already linked", build.from),
        ));
    }
    let map = state.components.map();
    let cost = map
        .step_cost(
            &state.components.track_costs,
            head(state, &build),
            city_hex(state, city),
        )
        .unwrap_or(0);
    let mut events = Vec::new();
    pay(state, cost, &mut events);
    let spent = build.spent.saturating_add(cost);
    add_link(
        state,
        Owner::Player,
        build.from,
        city,
        build.hexes,
        spent,
        &mut events,
    );
    super::turn::action_done(state, taken, &mut events);
    Ok(events)
}

pub fn stop_building(state: &mut State) -> Result<Vec<Event>, Violation> {
    let Phase::Building { taken, build } = &state.phase else {
        return Err(not_building());
    };
    if build.laid == 0 {
        return Err(refuse(
            "no_tile_laid",
            "a Build Track action lays at least one tile".to_string(),
        ));
    }
    let (taken, build) = (*taken, build.clone());
    state.open_track.push(OpenTrack {
        from: build.from,
        hexes: build.hexes,
    });
    let mut events = Vec::new();
    super::turn::action_done(state, taken, &mut events);
    Ok(events)
}

fn not_building() -> Violation {
    refuse(
        "not_building",
        "no Build Track action is under way".to_string(),
    )
}

/// A new link; the player's may complete Major Lines.
pub fn add_link(
    state: &mut State,
    by: Owner,
    from: u8,
    to: u8,
    mut hexes: Vec<Hex>,
    cost: u32,
    events: &mut Vec<Event>,
) {
    let cities = if from <= to { [from, to] } else { [to, from] };
    if from > to {
        hexes.reverse();
    }
    events.push(Event::LinkBuilt {
        by,
        cities,
        hexes: hexes.clone(),
        cost,
    });
    state.links.push(Link {
        owner: by,
        cities,
        hexes,
    });
    if by == Owner::Player {
        claim_major_lines(state, events);
    }
}

/// Major Lines whose cities the player's own links now connect, in order.
fn claim_major_lines(state: &mut State, events: &mut Vec<Event>) {
    for line in 0..state.components.major_lines.len() {
        let data = &state.components.major_lines[line];
        if state.major_lines[line].is_some() || !data.in_play {
            continue;
        }
        let cities: Option<Vec<u8>> = data
            .cities
            .iter()
            .map(|name| state.components.city(name).map(|i| i as u8))
            .collect();
        let Some(cities) = cities else { continue };
        let done = cities
            .windows(2)
            .all(|w| connected(state, w[0], w[1], |o| o == Owner::Player));
        if done {
            let points = data.points;
            state.major_lines[line] = Some(Owner::Player);
            events.push(Event::MajorLineClaimed {
                line: line as u8,
                by: Owner::Player,
            });
            score(state, points, "Major Line", events);
        }
    }
}
