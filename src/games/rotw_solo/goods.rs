//! Goods cubes: delivering, urbanizing, cubes leaving cities, Empty City Markers.

use super::data::{CityColour, GoodsColour, OperationsEffect};
use super::event::{Event, RemovalReason};
use super::network::link_between;
use super::rules::{lose, pay, score, section, violation};
use super::state::{DisplayCard, NewCity, Owner, State};
use crate::core::Violation;

/// Cubes drawn from the bag onto a city (Urbanize, New Industry).
pub const URBANIZE_CUBES: usize = 2;

/// The goods colour a city takes now: its own, or its New City tile's.
pub fn demand(state: &State, city: u8) -> Option<GoodsColour> {
    if let Some(new) = state.new_cities.iter().find(|n| n.city == city) {
        return Some(new.colour);
    }
    state
        .components
        .map
        .cities
        .get(usize::from(city))?
        .colour
        .goods()
}

pub fn in_play(state: &State, city: u8) -> bool {
    state
        .components
        .map
        .cities
        .get(usize::from(city))
        .is_some_and(|c| c.in_play)
}

fn unknown_city(city: u8) -> Violation {
    violation(
        "unknown_city",
        section::TURN,
        format!("there is no city {city} in play on the map"),
    )
}

/// Deliver One Goods Cube.
pub fn deliver(
    state: &mut State,
    colour: GoodsColour,
    route: &[u8],
) -> Result<Vec<Event>, Violation> {
    // Long: the delivery's refusals, one after another in the order the rules give them.
    let refuse = |code: &str, message: String| Err(violation(code, section::DELIVER, message));
    if route.len() < 2 {
        return refuse(
            "route_too_short",
            "a delivery runs from one city to another".to_string(),
        );
    }
    if let Some(&city) = route.iter().find(|&&c| !in_play(state, c)) {
        return Err(unknown_city(city));
    }
    let (source, destination) = (route[0], route[route.len() - 1]);
    if !state.city_cubes[usize::from(source)].contains(&colour) {
        return refuse(
            "no_such_cube",
            format!("city {source} has no {colour:?} cube"),
        );
    }
    let links = route.len() - 1;
    if links > usize::from(state.engine) {
        return refuse(
            "beyond_engine",
            format!(
                "the route uses {links} links; a level {} engine reaches {}",
                state.engine, state.engine
            ),
        );
    }
    for (i, city) in route.iter().enumerate() {
        if route[..i].contains(city) {
            return refuse("city_twice", format!("the route passes city {city} twice"));
        }
    }
    let mut own = 0u32;
    let mut railbot = 0u32;
    for pair in route.windows(2) {
        match link_between(state, pair[0], pair[1]) {
            Some(link) if link.owner == Owner::Player => own += 1,
            Some(_) => railbot += 1,
            None => {
                return refuse(
                    "not_linked",
                    format!("no link joins cities {} and {}", pair[0], pair[1]),
                );
            }
        }
    }
    if demand(state, destination) != Some(colour) {
        return refuse(
            "wrong_destination",
            format!("city {destination} does not take {colour:?} goods"),
        );
    }
    // The cube stops at the first city of its colour.
    if let Some(&stop) = route[1..route.len() - 1]
        .iter()
        .find(|&&c| demand(state, c) == Some(colour))
    {
        return refuse(
            "passes_its_city",
            format!("the cube would stop at city {stop}, the first of its colour on the route"),
        );
    }
    let mut events = Vec::new();
    take_cube(state, source, colour);
    state.deliveries = state.deliveries.saturating_add(1);
    let mut points = i64::from(own) - i64::from(railbot);
    score(state, own, "own links used by a delivery", &mut events);
    lose(
        state,
        railbot,
        "Railbot links used by a delivery",
        &mut events,
    );
    if state.hotels.contains(&destination) {
        score(state, 1, "Hotel", &mut events);
        points += 1;
    }
    points += i64::from(claim_service_bounty(state, destination, &mut events));
    events.insert(
        0,
        Event::CubeDelivered {
            colour,
            route: route.to_vec(),
            points,
        },
    );
    mark_if_empty(state, source, &mut events);
    Ok(events)
}

/// The first Service Bounty for `city` in the display scores and is taken.
fn claim_service_bounty(state: &mut State, city: u8, events: &mut Vec<Event>) -> u32 {
    let Some((place, card, points)) = bounty_for(state, city) else {
        return 0;
    };
    state.operations.display.remove(place);
    state.operations.taken.push(card);
    events.push(Event::ServiceBountyClaimed { card, points });
    score(state, points, "Service Bounty", events);
    points
}

/// The place, card and points of a Service Bounty for `city` in the display.
fn bounty_for(state: &State, city: u8) -> Option<(usize, u8, u32)> {
    let name = &state.components.map.cities.get(usize::from(city))?.name;
    state
        .operations
        .display
        .iter()
        .enumerate()
        .find_map(|(place, d)| match d {
            DisplayCard::Operations { card } => {
                match &state.components.operations_deck[usize::from(*card)].effect {
                    OperationsEffect::ServiceBounty { city: c, points } if c == name => {
                        Some((place, *card, *points))
                    }
                    _ => None,
                }
            }
            DisplayCard::Deadhead { .. } => None,
        })
}

/// A cube the Railbot makes leave `city`: a Hotel there scores, a Service Bounty for it goes.
pub fn railbot_removes(
    state: &mut State,
    city: u8,
    colour: GoodsColour,
    reason: RemovalReason,
    events: &mut Vec<Event>,
) {
    take_cube(state, city, colour);
    events.push(Event::CubeRemoved {
        city,
        colour,
        reason,
    });
    // The Railbot's own removals only: Building Links and Exhaust Goods, not a Baron's
    // opponent effect (the player picks those cubes).
    if reason != RemovalReason::OpponentEffect {
        railbot_removal_effects(state, city, events);
    }
    mark_if_empty(state, city, events);
}

/// A cube the Railbot removed: the player's Hotel there scores; a Service Bounty for the city
/// leaves the display.
fn railbot_removal_effects(state: &mut State, city: u8, events: &mut Vec<Event>) {
    if state.hotels.contains(&city) {
        score(state, 1, "Hotel", events);
    }
    if let Some((place, card, _)) = bounty_for(state, city) {
        state.operations.display.remove(place);
        state.operations.discard.push(card);
        events.push(Event::OperationsCardDiscarded { card });
    }
}

fn take_cube(state: &mut State, city: u8, colour: GoodsColour) {
    let cubes = &mut state.city_cubes[usize::from(city)];
    if let Some(i) = cubes.iter().position(|&c| c == colour) {
        cubes.remove(i);
    }
}

/// An Empty City Marker on a city in play that has just lost its last cube; the threshold
/// triggers the end.
fn mark_if_empty(state: &mut State, city: u8, events: &mut Vec<Event>) {
    if !state.city_cubes[usize::from(city)].is_empty() || state.empty_cities.contains(&city) {
        return;
    }
    state.empty_cities.push(city);
    let markers = u8::try_from(state.empty_cities.len()).unwrap_or(u8::MAX);
    events.push(Event::CityEmptied { city, markers });
    if markers >= state.components.empty_city_threshold {
        super::turn::trigger_end(state, "the Empty City threshold is reached", events);
    }
}

/// Urbanize.
pub fn urbanize(state: &mut State, city: u8, colour: GoodsColour) -> Result<Vec<Event>, Violation> {
    if !in_play(state, city) {
        return Err(unknown_city(city));
    }
    let grey = state.components.map.cities[usize::from(city)].colour == CityColour::Grey;
    if !grey || state.new_cities.iter().any(|n| n.city == city) {
        return Err(violation(
            "not_grey",
            section::URBANIZE,
            format!("city {city} is not a grey city without a New City tile"),
        ));
    }
    if tiles_left(state, colour) == 0 {
        return Err(violation(
            "no_tile_left",
            section::URBANIZE,
            format!("no {colour:?} New City tile is left"),
        ));
    }
    let mut events = Vec::new();
    pay(state, state.components.urbanize_cost, &mut events);
    state.new_cities.push(NewCity { city, colour });
    let cubes = draw_cubes(state, city, URBANIZE_CUBES);
    events.insert(
        0,
        Event::CityUrbanized {
            city,
            colour,
            cubes,
        },
    );
    Ok(events)
}

/// New City tiles of `colour` not yet on the map.
pub fn tiles_left(state: &State, colour: GoodsColour) -> u8 {
    let printed = state
        .components
        .new_city_tiles
        .iter()
        .filter(|(c, _)| *c == colour)
        .map(|(_, n)| usize::from(*n))
        .sum::<usize>();
    let used = state
        .new_cities
        .iter()
        .filter(|n| n.colour == colour)
        .count();
    u8::try_from(printed.saturating_sub(used)).unwrap_or(u8::MAX)
}

/// `n` cubes from the front of the bag onto `city` (fewer if the bag runs out).
pub fn draw_cubes(state: &mut State, city: u8, n: usize) -> Vec<GoodsColour> {
    let n = n.min(state.bag.len());
    let cubes: Vec<GoodsColour> = state.bag.drain(..n).collect();
    state.city_cubes[usize::from(city)].extend(&cubes);
    cubes
}
