//! Goods and cities: a cube list per city (none on a city not in play), no more cubes of a
//! colour than the game has, the bag as large as setup, Urbanize and New Industry left it,
//! at least one cube gone for each delivery; Empty City Markers on cities in play, once each,
//! on every city setup gave cubes to that has none now; New City tiles and Hotels.

use std::collections::HashSet;

use super::Problems;
use crate::games::rotw_solo::data::{CityColour, GoodsColour, OperationsEffect};
use crate::games::rotw_solo::goods::URBANIZE_CUBES;
use crate::games::rotw_solo::rules::section;
use crate::games::rotw_solo::state::State;

/// One cube list per city of the map: every other check indexes cities so.
pub(super) fn cities(state: &State, problems: &mut Problems) -> bool {
    let cities = state.components.map.cities.len();
    if state.city_cubes.len() != cities {
        problems.add(
            "cubes_per_city",
            section::TURN,
            "/city_cubes",
            format!(
                "cubes are listed for {} cities; the map has {cities}",
                state.city_cubes.len()
            ),
        );
        return false;
    }
    true
}

pub(super) fn check(state: &State, problems: &mut Problems) {
    cubes(state, problems);
    bag(state, problems);
    markers(state, problems);
    new_cities(state, problems);
    hotels(state, problems);
}

fn cubes(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let mut in_play = [0usize; GoodsColour::ALL.len()];
    for &g in state.bag.iter().chain(state.city_cubes.iter().flatten()) {
        in_play[g as usize] += 1;
    }
    let mut created = false;
    for colour in GoodsColour::ALL {
        let n = in_play[colour as usize];
        if n > usize::from(c.cubes_per_colour) {
            created = true;
            problems.add(
                "cubes_created",
                section::TURN,
                "",
                format!(
                    "{n} {colour:?} cubes are in play; the game has {}",
                    c.cubes_per_colour
                ),
            );
        }
    }
    for (i, cubes) in state.city_cubes.iter().enumerate() {
        if !c.map.cities[i].in_play && !cubes.is_empty() {
            problems.add(
                "cubes_on_city_not_in_play",
                section::TURN,
                format!("/city_cubes/{i}"),
                format!("{} is not in play but holds cubes", c.map.cities[i].name),
            );
        }
    }
    // Each delivery takes its cube off the map for good (judged only where no cube was
    // made: created cubes already name the problem).
    if created {
        return;
    }
    let total = GoodsColour::ALL.len() * usize::from(c.cubes_per_colour);
    let gone = total.saturating_sub(in_play.iter().sum());
    if (gone as u64) < u64::from(state.deliveries) {
        problems.add(
            "deliveries",
            section::DELIVER,
            "/deliveries",
            format!(
                "{} deliveries, but only {gone} cubes have left the map and the bag",
                state.deliveries
            ),
        );
    }
}

/// What setup gave each city: its printed cubes, from the front of the bag, while it lasts.
fn setup_cubes(state: &State) -> Vec<usize> {
    let c = &state.components;
    let mut left = GoodsColour::ALL.len() * usize::from(c.cubes_per_colour);
    c.map
        .cities
        .iter()
        .map(|city| {
            let n = if city.in_play {
                usize::from(city.cubes).min(left)
            } else {
                0
            };
            left -= n;
            n
        })
        .collect()
}

/// Cubes never go back into the bag: it holds at most every cube but those setup put on the
/// cities and those Urbanize (two) and the New Industry cards taken drew since (exactly that
/// in play; fewer only where cubes were taken out of it by hand, which hides nothing).
fn bag(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let total = GoodsColour::ALL.len() * usize::from(c.cubes_per_colour);
    let setup: usize = setup_cubes(state).iter().sum();
    let industries: usize = state
        .operations
        .taken
        .iter()
        .filter_map(|&card| c.operations_deck.get(usize::from(card)))
        .map(|card| match card.effect {
            OperationsEffect::NewIndustry { cubes } => usize::from(cubes),
            _ => 0,
        })
        .sum();
    let drawn = setup + URBANIZE_CUBES * state.new_cities.len() + industries;
    let expected = total.saturating_sub(drawn);
    if state.bag.len() > expected {
        problems.add(
            "bag",
            section::URBANIZE,
            "/bag",
            format!(
                "the bag holds {} cubes; of the {total}, setup drew {setup}, Urbanize {} and New Industry {industries}, leaving at most {expected}",
                state.bag.len(),
                URBANIZE_CUBES * state.new_cities.len()
            ),
        );
    }
}

/// A city in play gets its Empty City Marker when its last cube leaves; markers stay.
fn markers(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let mut marked = HashSet::new();
    for (k, &m) in state.empty_cities.iter().enumerate() {
        let on_city = c
            .map
            .cities
            .get(usize::from(m))
            .is_some_and(|city| city.in_play);
        if !on_city || !marked.insert(m) {
            problems.add(
                "empty_city_markers",
                section::END,
                format!("/empty_cities/{k}"),
                format!("an Empty City Marker lies on city {m}: not a city in play, or twice"),
            );
        }
    }
    for (i, had) in setup_cubes(state).into_iter().enumerate() {
        if had > 0 && state.city_cubes[i].is_empty() && !marked.contains(&(i as u8)) {
            problems.add(
                "empty_city_markers",
                section::END,
                "/empty_cities",
                format!(
                    "{} has lost its last cube but has no Empty City Marker",
                    c.map.cities[i].name
                ),
            );
        }
    }
}

/// New City tiles: on grey cities in play, one each, no more of a colour than printed.
fn new_cities(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let mut seen = HashSet::new();
    let mut used = [0usize; GoodsColour::ALL.len()];
    for (k, new) in state.new_cities.iter().enumerate() {
        used[new.colour as usize] += 1;
        let grey = c
            .map
            .cities
            .get(usize::from(new.city))
            .is_some_and(|city| city.in_play && city.colour == CityColour::Grey);
        if !grey || !seen.insert(new.city) {
            problems.add(
                "new_city_tile",
                section::URBANIZE,
                format!("/new_cities/{k}"),
                format!(
                    "a New City tile lies on city {}, not a grey city in play without one",
                    new.city
                ),
            );
        }
    }
    for colour in GoodsColour::ALL {
        let printed: usize = c
            .new_city_tiles
            .iter()
            .filter(|(t, _)| *t == colour)
            .map(|(_, n)| usize::from(*n))
            .sum();
        let used = used[colour as usize];
        if used > printed {
            problems.add(
                "new_city_tile",
                section::URBANIZE,
                "/new_cities",
                format!("{used} {colour:?} New City tiles are on the map; there are {printed}"),
            );
        }
    }
}

/// The player's Hotels are the Hotel cards taken, each in its city.
fn hotels(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let names: std::collections::HashMap<&str, u8> = c
        .map
        .cities
        .iter()
        .enumerate()
        .map(|(i, city)| (city.name.as_str(), i as u8))
        .collect();
    let mut expected: Vec<u8> = state
        .operations
        .taken
        .iter()
        .filter_map(|&card| c.operations_deck.get(usize::from(card)))
        .filter_map(|card| match &card.effect {
            OperationsEffect::Hotel { city } => names.get(city.as_str()).copied(),
            _ => None,
        })
        .collect();
    expected.sort_unstable();
    let mut hotels = state.hotels.clone();
    hotels.sort_unstable();
    if hotels != expected {
        problems.add(
            "hotel",
            section::OPERATIONS,
            "/hotels",
            format!(
                "the Hotels are on cities {:?}; the Hotel cards taken put them on {expected:?}",
                state.hotels
            ),
        );
    }
}
