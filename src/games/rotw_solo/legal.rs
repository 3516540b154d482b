//! Every action `apply` accepts in a state, in a stable order.

use super::action::Action;
use super::barons::met;
use super::data::{GoodsColour, OperationsEffect};
use super::goods::{demand, in_play, tiles_left};
use super::railbot::options;
use super::state::{Build, DisplayCard, Phase, State};
use super::track::{TILES_PER_ACTION, city_hex, free_neighbours, reachable_cities};

pub fn legal_actions(state: &State) -> Vec<Action> {
    let mut out = match &state.phase {
        Phase::GameEnded { .. } => return Vec::new(),
        Phase::Railbot { .. } => state
            .decisions
            .first()
            .map(|d| options(state, d))
            .unwrap_or_default(),
        Phase::Building { build, .. } => building(state, build),
        Phase::Actions { taken } => {
            let mut actions = actions(state, *taken);
            if actions.is_empty() {
                actions.push(Action::Pass {});
            }
            actions
        }
    };
    out.push(Action::IssueBond {});
    // Free at any time of the turn, a Railbot card's choices waiting included.
    for (place, baron) in state.barons.iter().enumerate() {
        let data = &state.components.duel_barons[usize::from(baron.baron)];
        if baron.claimed_by.is_none() && met(state, &data.objective) {
            out.push(Action::ClaimBaron { baron: place as u8 });
        }
    }
    out
}

fn building(state: &State, build: &Build) -> Vec<Action> {
    let head = build
        .hexes
        .last()
        .copied()
        .unwrap_or_else(|| city_hex(state, build.from));
    let mut out = Vec::new();
    if build.laid < TILES_PER_ACTION {
        out.extend(
            free_neighbours(state, head)
                .into_iter()
                .map(|hex| Action::LayTrack { hex }),
        );
    }
    if build.laid > 0 {
        out.extend(
            reachable_cities(state, build.from, head)
                .into_iter()
                .map(|city| Action::CompleteLink { city }),
        );
    }
    if build.laid > 0 {
        out.push(Action::StopBuilding {});
    }
    out
}

/// The actions of the turn possible now (without a pass).
pub fn actions(state: &State, taken: u8) -> Vec<Action> {
    let mut out = Vec::new();
    let cities = 0..state.components.map.cities.len() as u8;
    for city in cities.clone().filter(|&c| in_play(state, c)) {
        if !free_neighbours(state, city_hex(state, city)).is_empty() {
            out.push(Action::BuildTrack { city });
        }
    }
    for (track, open) in state.open_track.iter().enumerate() {
        let head = *open.hexes.last().unwrap_or(&city_hex(state, open.from));
        if !free_neighbours(state, head).is_empty() {
            out.push(Action::ContinueTrack { track: track as u8 });
        }
    }
    for city in cities.clone().filter(|&c| in_play(state, c)) {
        let grey = demand(state, city).is_none();
        for colour in GoodsColour::ALL {
            if grey && tiles_left(state, colour) > 0 {
                out.push(Action::Urbanize { city, colour });
            }
        }
    }
    if state.engine < state.components.top_engine() {
        out.push(Action::UpgradeEngine {});
    }
    out.extend(deliveries(state));
    for (place, display) in state.operations.display.iter().enumerate() {
        let DisplayCard::Operations { card } = display else {
            continue;
        };
        let place = place as u8;
        match state.components.operations_deck[usize::from(*card)].effect {
            OperationsEffect::Hotel { .. } => {
                out.push(Action::TakeOperationsCard { place, city: None })
            }
            OperationsEffect::EngineUpgrade {} if state.engine < state.components.top_engine() => {
                out.push(Action::TakeOperationsCard { place, city: None })
            }
            OperationsEffect::NewIndustry { .. } => {
                for city in cities.clone().filter(|&c| in_play(state, c)) {
                    out.push(Action::TakeOperationsCard {
                        place,
                        city: Some(city),
                    });
                }
            }
            _ => {}
        }
    }
    if taken == 0 && state.railbot.insurance.is_none() {
        for slot in 1..=state.railbot.row.len().min(2) as u8 {
            out.push(Action::Insure { slot });
        }
    }
    out
}

/// Every delivery: from each city, each colour it holds, along links without revisiting, up
/// to the engine's reach, to the first city of that colour.
fn deliveries(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    for source in 0..state.city_cubes.len() as u8 {
        let mut colours = state.city_cubes[usize::from(source)].clone();
        colours.sort();
        colours.dedup();
        for colour in colours {
            let mut route = vec![source];
            extend(state, colour, &mut route, &mut out);
        }
    }
    out
}

fn extend(state: &State, colour: GoodsColour, route: &mut Vec<u8>, out: &mut Vec<Action>) {
    if route.len() > usize::from(state.engine) {
        return;
    }
    let at = *route.last().expect("a route starts somewhere");
    let mut next: Vec<u8> = state
        .links
        .iter()
        .filter_map(|l| match l.cities {
            [a, b] if a == at => Some(b),
            [a, b] if b == at => Some(a),
            _ => None,
        })
        .filter(|c| !route.contains(c))
        .collect();
    next.sort_unstable();
    for city in next {
        route.push(city);
        if demand(state, city) == Some(colour) {
            out.push(Action::Deliver {
                colour,
                route: route.clone(),
            });
        } else {
            extend(state, colour, route, out);
        }
        route.pop();
    }
}
