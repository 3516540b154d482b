//! Listing the legal actions of a title of the family: what every title's `list` shares. The
//! title names its candidates (its own action type); the kit judges them by `apply` on a copy,
//! finds the tile lays near a company's network and the cities it reaches, and marks a listed
//! run of routes the best-route search could not prove the best.

use super::best_routes::{BestRoutes, SEARCH_STEPS};
use super::board::{Board, Network, Node, neighbour_index};
use super::map::{Colour, Map};
use super::routes::Route;
use super::track::TileLay;
use crate::core::{Deadline, Game, Incomplete, Stop};

/// The candidates `apply` accepts, judged each on a copy of the state; those judged before the
/// deadline passed.
pub fn judged<G: Game>(
    state: &G::State,
    candidates: Vec<G::Action>,
    deadline: &Deadline,
) -> Vec<G::Action> {
    let mut legal = Vec::new();
    for action in candidates {
        if deadline.passed() {
            break;
        }
        if crate::core::contract::apply::<G>(&mut state.clone(), &action).is_ok() {
            legal.push(action);
        }
    }
    legal
}

/// The hexes a company may lay in: those with its track or station, and their neighbours.
pub fn lay_hexes(board: &Board, map: &Map, company: &str, network: &Network) -> Vec<usize> {
    let mut hexes: Vec<usize> = network.edges.iter().map(|(h, _)| h).collect();
    for (h, e) in network.edges.iter() {
        if let Some(n) = neighbour_index(map, h, e) {
            hexes.push(n);
        }
    }
    for s in board.stations_of(company) {
        if let Some(h) = map.hex_index(&s.hex) {
            hexes.push(h);
        }
    }
    hexes.sort_unstable();
    hexes.dedup();
    hexes
}

/// Every tile lay the phase's colours allow in `hexes` (each tile of the hex's next colour and
/// label, each rotation) that `accepts` takes; those judged before the deadline passed.
pub fn tile_lays(
    board: &Board,
    map: &Map,
    phase_colours: &[Colour],
    hexes: &[usize],
    deadline: &Deadline,
    accepts: impl Fn(&TileLay) -> bool,
) -> Vec<TileLay> {
    let mut out = Vec::new();
    for &h in hexes {
        if deadline.passed() {
            break;
        }
        let hex = &map.hexes[h];
        let face = board.face(map, hex);
        let Some(next) = face.colour.next() else {
            continue;
        };
        for tile in map
            .tiles
            .iter()
            .filter(|t| t.color == next && phase_colours.contains(&t.color) && t.label == hex.label)
        {
            for rotation in 0..6 {
                let lay = TileLay {
                    hex: hex.id.clone(),
                    tile: tile.id.clone(),
                    rotation,
                };
                if accepts(&lay) {
                    out.push(lay);
                }
            }
        }
    }
    out
}

/// The cities (and other stops) the company's track reaches, in order.
pub fn reached_stops(network: &Network) -> Vec<Node> {
    network.stops.iter().collect()
}

/// The listed runs of the searched routes (`run_of` reads an action's routes), when the search
/// stopped before proving them the best; `rule` is the title's routes section.
pub fn incomplete_runs<A>(
    legal: &[A],
    search: &BestRoutes,
    rule: &str,
    run_of: impl Fn(&A) -> Option<&[Route]>,
) -> Vec<Incomplete> {
    let Some(stop) = search.stopped else {
        return Vec::new();
    };
    let why = match stop {
        Stop::OutOfSteps => format!(
            "the best-route search stopped at its budget of {SEARCH_STEPS} steps \
             ({rule}): these are the best routes it found, not proven the best; any \
             legal run is accepted"
        ),
        Stop::DeadlinePassed => {
            "the best-route search stopped at the request deadline: these are the best routes \
             it found, not proven the best"
                .to_string()
        }
    };
    legal
        .iter()
        .enumerate()
        .filter(|(_, a)| run_of(a).is_some_and(|routes| routes == search.routes.as_slice()))
        .map(|(action, _)| Incomplete {
            action,
            pointer: "/routes".to_string(),
            detail: why.clone(),
        })
        .collect()
}
