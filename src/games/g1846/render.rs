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
