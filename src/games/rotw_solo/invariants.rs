//! `check`: what no reachable state breaks. Every problem found is listed.

use std::collections::HashSet;

use super::data::{CityColour, GoodsColour, RailbotEffect};
use super::goods::in_play;
use super::map::Hex;
use super::railbot::options;
use super::rules::section;
use super::setup::{BARONS_SHOWN, ROW};
use super::state::{Decision, DisplayCard, Phase, State};
use super::track::{TILES_PER_ACTION, city_hex};
use super::turn::ACTIONS;
use crate::core::Violation;

pub fn check(state: &State) -> Vec<Violation> {
    let problems = state.components.problems();
    if !problems.is_empty() {
        return problems;
    }
    let mut found: Vec<(&str, &str, String)> = Vec::new();
    let c = &state.components;
    let cities = c.map.cities.len();
    if state.city_cubes.len() != cities {
        found.push((
            "cubes_per_city",
            section::TURN,
            format!(
                "cubes are listed for {} cities; the map has {cities}",
                state.city_cubes.len()
            ),
        ));
        return to_violations(found);
    }
    for colour in GoodsColour::ALL {
        let in_play = state.bag.iter().filter(|&&g| g == colour).count()
            + state
                .city_cubes
                .iter()
                .flatten()
                .filter(|&&g| g == colour)
                .count();
        if in_play > usize::from(c.cubes_per_colour) {
            found.push((
                "cubes_created",
                section::TURN,
                format!(
                    "{in_play} {colour:?} cubes are in play; the game has {}",
                    c.cubes_per_colour
                ),
            ));
        }
    }
    for (i, cubes) in state.city_cubes.iter().enumerate() {
        if !c.map.cities[i].in_play && !cubes.is_empty() {
            found.push((
                "cubes_on_city_not_in_play",
                section::TURN,
                format!("{} is not in play but holds cubes", c.map.cities[i].name),
            ));
        }
    }
    check_track(state, &mut found);
    check_cards(state, &mut found);
    let top = c.top_engine();
    if !(1..=top).contains(&state.engine) {
        found.push((
            "engine_level",
            section::UPGRADE_ENGINE,
            format!("engine level {} is not between 1 and {top}", state.engine),
        ));
    }
    if state.major_lines.len() != c.major_lines.len() {
        found.push((
            "major_lines",
            section::TURN,
            "a Major Line's claim is missing or extra".to_string(),
        ));
    }
    let expected_barons = if state.duel_barons_variant {
        BARONS_SHOWN
    } else {
        0
    };
    let distinct: HashSet<u8> = state.barons.iter().map(|b| b.baron).collect();
    if state.barons.len() != expected_barons
        || distinct.len() != state.barons.len()
        || state
            .barons
            .iter()
            .any(|b| usize::from(b.baron) >= c.duel_barons.len())
    {
        found.push((
            "duel_barons",
            section::DUEL_BARONS,
            format!("{} distinct Duel Barons must be in play", expected_barons),
        ));
    }
    let markers: HashSet<u8> = state.empty_cities.iter().copied().collect();
    if markers.len() != state.empty_cities.len()
        || state.empty_cities.iter().any(|&m| usize::from(m) >= cities)
    {
        found.push((
            "empty_city_markers",
            section::END,
            "an Empty City Marker is twice on a city or on no city".to_string(),
        ));
    }
    if state.hotels.iter().any(|&h| usize::from(h) >= cities) {
        found.push((
            "hotel",
            section::OPERATIONS,
            "a Hotel is on no city".to_string(),
        ));
    }
    match &state.phase {
        Phase::Actions { taken } | Phase::Building { taken, .. } if *taken >= ACTIONS => found
            .push((
                "actions_taken",
                section::TURN,
                format!("{taken} actions taken; a turn has {ACTIONS}"),
            )),
        Phase::Railbot { .. } if state.decisions.is_empty() => found.push((
            "no_decision",
            section::RAILBOT,
            "the Railbot waits for no decision".to_string(),
        )),
        _ => {}
    }
    if state
        .last_turn
        .is_some_and(|t| t < state.turn || t > state.turn.saturating_add(1))
    {
        found.push((
            "last_turn",
            section::END,
            "the last turn is this one or the next, never another".to_string(),
        ));
    }
    if state.empty_cities.len() >= usize::from(c.empty_city_threshold) && state.last_turn.is_none()
    {
        found.push((
            "end_not_triggered",
            section::END,
            "the Empty City threshold is reached but the end is not triggered".to_string(),
        ));
    }
    for (what, value) in [
        ("cash", state.cash),
        ("bonds", state.bonds),
        ("points", state.points),
        ("deliveries", state.deliveries),
        ("turn", state.turn),
    ] {
        if value >= MOST_COUNT {
            found.push((
                "out_of_range",
                section::TURN,
                format!("{what} is {value}; no game reaches {MOST_COUNT}"),
            ));
        }
    }
    check_new_cities(state, &mut found);
    check_decisions(state, &mut found);
    to_violations(found)
}

/// A bound on every counter, far beyond play, so that no arithmetic on a sent state overflows.
pub const MOST_COUNT: u32 = 1_000_000;

/// New City tiles: on grey cities in play, one each, no more of a colour than printed.
fn check_new_cities(state: &State, found: &mut Vec<(&str, &str, String)>) {
    let c = &state.components;
    let mut seen = HashSet::new();
    for new in &state.new_cities {
        let grey = c
            .map
            .cities
            .get(usize::from(new.city))
            .is_some_and(|city| city.in_play && city.colour == CityColour::Grey);
        if !grey || !seen.insert(new.city) {
            found.push((
                "new_city_tile",
                section::URBANIZE,
                format!(
                    "a New City tile lies on city {}, not a grey city in play without one",
                    new.city
                ),
            ));
        }
    }
    for colour in GoodsColour::ALL {
        let printed: usize = c
            .new_city_tiles
            .iter()
            .filter(|(t, _)| *t == colour)
            .map(|(_, n)| usize::from(*n))
            .sum();
        let used = state
            .new_cities
            .iter()
            .filter(|n| n.colour == colour)
            .count();
        if used > printed {
            found.push((
                "new_city_tile",
                section::URBANIZE,
                format!("{used} {colour:?} New City tiles are on the map; there are {printed}"),
            ));
        }
    }
}

/// Pending Railbot choices: about cities in play, Barons only with the variant, and the first
/// one a real choice (one with a single answer or none is settled at once).
fn check_decisions(state: &State, found: &mut Vec<(&str, &str, String)>) {
    if !matches!(state.phase, Phase::Railbot { .. }) {
        if !state.decisions.is_empty() {
            found.push((
                "bad_decision",
                section::RAILBOT,
                "choices are pending outside the Railbot's card".to_string(),
            ));
        }
        return;
    }
    let decisions = &state.decisions;
    for decision in decisions {
        let fine = match decision {
            Decision::RemoveCube { city, .. } => in_play(state, *city),
            Decision::GiveBaron {} => state.duel_barons_variant,
            _ => true,
        };
        if !fine {
            found.push((
                "bad_decision",
                section::RAILBOT,
                format!("the pending choice {decision:?} cannot arise"),
            ));
        }
    }
    if let Some(first) = decisions.first()
        && options(state, first).len() < 2
    {
        found.push((
            "bad_decision",
            section::RAILBOT,
            format!("the first pending choice {first:?} is no choice: it would have been made"),
        ));
    }
}

fn to_violations(found: Vec<(&str, &str, String)>) -> Vec<Violation> {
    found
        .into_iter()
        .map(|(code, rule, message)| Violation::new(code, rule, message))
        .collect()
}

/// Links and open track: on the map, continuous, never sharing a hex, one link per pair.
fn check_track(state: &State, found: &mut Vec<(&str, &str, String)>) {
    let map = state.components.map();
    let cities = state.components.map.cities.len();
    let mut used: HashSet<Hex> = HashSet::new();
    let mut pairs = HashSet::new();
    let building = match &state.phase {
        Phase::Building { build, .. } => Some((build.from, build.hexes.clone())),
        _ => None,
    };
    let tracks = state
        .links
        .iter()
        .map(|l| (l.cities[0], Some(l.cities[1]), l.hexes.clone()))
        .chain(
            state
                .open_track
                .iter()
                .map(|t| (t.from, None, t.hexes.clone())),
        )
        .chain(building.map(|(from, hexes)| (from, None, hexes)));
    if state.open_track.iter().any(|t| t.hexes.is_empty())
        || matches!(&state.phase, Phase::Building { build, .. }
            if usize::from(build.laid) > build.hexes.len() || build.laid > TILES_PER_ACTION)
    {
        found.push((
            "broken_track",
            section::BUILD_TRACK,
            "open track without tiles, or more tiles laid than built".to_string(),
        ));
    }
    for (from, to, hexes) in tracks {
        if usize::from(from) >= cities || to.is_some_and(|t| usize::from(t) >= cities || t <= from)
        {
            found.push((
                "bad_link",
                section::BUILD_TRACK,
                format!("a track names cities {from} and {to:?}"),
            ));
            continue;
        }
        if let Some(to) = to
            && !pairs.insert((from, to))
        {
            found.push((
                "link_twice",
                section::BUILD_TRACK,
                format!("cities {from} and {to} are linked twice"),
            ));
        }
        let mut at = city_hex(state, from);
        for &hex in &hexes {
            if !map.terrain.contains_key(&hex)
                || map.cities.contains_key(&hex)
                || !at.is_adjacent(hex)
            {
                found.push((
                    "broken_track",
                    section::BUILD_TRACK,
                    format!("track from city {from} breaks at ({}, {})", hex.q, hex.r),
                ));
                break;
            }
            if !used.insert(hex) {
                found.push((
                    "hex_shared",
                    section::BUILD_TRACK,
                    format!("({}, {}) carries two tracks", hex.q, hex.r),
                ));
            }
            at = hex;
        }
        if let Some(to) = to
            && (hexes.is_empty() || !at.is_adjacent(city_hex(state, to)))
        {
            found.push((
                "broken_track",
                section::BUILD_TRACK,
                format!("the link from city {from} does not reach city {to}"),
            ));
        }
    }
}

/// Whether `found` names each of the `n` cards of a deck exactly once.
fn each_once(found: impl Iterator<Item = u8>, n: usize) -> bool {
    let mut cards: Vec<u8> = found.collect();
    cards.sort_unstable();
    cards.len() == n && cards.iter().enumerate().all(|(i, &c)| usize::from(c) == i)
}

/// Every Railbot and Operations card in exactly one place.
fn check_cards(state: &State, found: &mut Vec<(&str, &str, String)>) {
    let r = &state.railbot;
    let deadheads = state.operations.display.iter().filter_map(|d| match d {
        DisplayCard::Deadhead { card } => Some(*card),
        DisplayCard::Operations { .. } => None,
    });
    let railbot = r
        .deck
        .iter()
        .chain(&r.row)
        .chain(&r.discard)
        .chain(&r.removed_unseen)
        .copied()
        .chain(deadheads);
    if !each_once(railbot, state.components.railbot_deck.len()) {
        found.push((
            "railbot_cards",
            section::RAILBOT,
            "a Railbot card is missing or in two places".to_string(),
        ));
    }
    let deadheads_valid = state.operations.display.iter().all(|d| match d {
        DisplayCard::Deadhead { card } => state
            .components
            .railbot_deck
            .get(usize::from(*card))
            .is_some_and(|c| c.effect == RailbotEffect::Deadhead {}),
        DisplayCard::Operations { .. } => true,
    });
    if !deadheads_valid {
        found.push((
            "deadhead",
            section::RAILBOT,
            "a Deadhead place holds another card".to_string(),
        ));
    }
    if r.row.len() != ROW || r.insurance.is_some_and(|card| !r.row.contains(&card)) {
        found.push((
            "railbot_row",
            section::RAILBOT,
            "the row holds more than three cards or the Insurance lies elsewhere".to_string(),
        ));
    }
    let o = &state.operations;
    let shown = o.display.iter().filter_map(|d| match d {
        DisplayCard::Operations { card } => Some(*card),
        DisplayCard::Deadhead { .. } => None,
    });
    let operations = o
        .deck
        .iter()
        .chain(&o.taken)
        .chain(&o.discard)
        .chain(&o.out_of_game)
        .copied()
        .chain(shown);
    if !each_once(operations, state.components.operations_deck.len()) {
        found.push((
            "operations_cards",
            section::OPERATIONS,
            "an Operations card is missing or in two places".to_string(),
        ));
    }
    if o.display.len() > usize::from(state.components.operations_display_size) {
        found.push((
            "display_overfull",
            section::OPERATIONS,
            "the Operations display holds too many cards".to_string(),
        ));
    }
}
