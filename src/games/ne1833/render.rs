//! 1833NE's state as SVG (`POST /v1/1833ne/render`): the kit draws the map and the market; this
//! names the companies' colours, the markers on the market, the phase, the depot and the bank,
//! and the ferries (docs/rules/1833ne.md#ferries): each at its port, linked to Boston, in its
//! owner's colours once bought, until they leave the game in phase IV.

use super::data::components;
use super::operating_round::PHASE_IV;
use super::route_bonuses::BOSTON;
use super::state::{PrivateOwner, State};
use crate::games::kit18xx::render::{FerryMark, Scene, Table, panel, svg};

pub fn render(state: &State) -> String {
    let data = components();
    let colours = data
        .corporations
        .iter()
        .map(|c| (c.id.as_str(), c.color.as_str(), c.text_color.as_str()))
        .collect();
    let table = Table::of(
        data.phases
            .get(usize::from(state.phase))
            .map(|p| p.name.as_str()),
        state.moves,
        data.trains.iter().map(|card| card.id.as_str()),
        &state.depot,
        state.bank,
    );
    let mut scene = Scene::of(
        "1833NE",
        colours,
        &data.market,
        (&state.players, &state.companies),
        table,
    );
    scene.ferries = ferries(state);
    let privates = state.privates.iter().filter(|p| !p.closed);
    scene.panel.push(panel::privates(
        privates.map(|p| (p.private.to_string(), owner_name(p.owner))),
    ));
    svg(&data.map, &state.board, &scene)
}

/// Who owns a private, by name; none while it is unsold.
fn owner_name(owner: PrivateOwner) -> Option<String> {
    match owner {
        PrivateOwner::Unsold {} => None,
        PrivateOwner::Player { seat } => Some(seat.to_string()),
        PrivateOwner::Company { company } => Some(company.to_string()),
    }
}

/// The ferries in play: all of them before phase IV (bought or not), none after.
fn ferries(state: &State) -> Vec<FerryMark> {
    if state.phase >= PHASE_IV {
        return Vec::new();
    }
    state
        .provisional
        .ferries
        .iter()
        .map(|ferry| {
            let owner = state
                .ferries
                .iter()
                .find(|owned| owned.ferry == ferry.id)
                .map(|owned| owned.company.to_string());
            let doubled = state.luxury_ferry.as_deref() == Some(ferry.id.as_str());
            FerryMark {
                port: ferry.port.clone(),
                to: BOSTON.to_string(),
                label: format!(
                    "{} ${}{}",
                    ferry.id.replace('_', " "),
                    ferry.value,
                    if doubled { " x2" } else { "" }
                ),
                owner,
            }
        })
        .collect()
}
