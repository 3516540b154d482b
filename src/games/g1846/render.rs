//! 1846's state as SVG (`POST /v1/1846/render`): the kit draws the map and the market; this
//! names the corporations' colours, the markers on the market, the phase, the depot and the bank.

use super::data::components;
use super::state::{PrivateOwner, State};
use crate::games::kit18xx::render::{Scene, Table, panel, svg};

pub fn render(state: &State) -> String {
    let data = components();
    let colours = data
        .corporations
        .iter()
        .map(|c| (c.id.as_str(), c.color.as_str(), c.text_color.as_str()))
        .chain(
            data.minors
                .iter()
                .map(|m| (m.id.as_str(), m.color.as_str(), m.text_color.as_str())),
        )
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
        "1846",
        colours,
        &data.market,
        (&state.players, &state.companies),
        table,
    );
    scene.panel.push(panel::privates(privates(state)));
    svg(&data.map, &state.board, &scene)
}

/// The open privates that have an owner, named with it.
fn privates(state: &State) -> Vec<(String, String)> {
    state
        .privates
        .iter()
        .filter(|p| !p.closed)
        .filter_map(|p| {
            let owner = match p.owner {
                PrivateOwner::Unsold {} => return None,
                PrivateOwner::Player { seat } => seat.to_string(),
                PrivateOwner::Company { company } => company.to_string(),
            };
            Some((p.private.to_string(), owner))
        })
        .collect()
}
