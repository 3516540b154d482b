//! 1833NE's state as SVG (`POST /v1/1833ne/render`): the kit draws the map and the market; this
//! names the companies' colours, the markers on the market, the phase, the depot and the bank.

use super::data::components;
use super::state::State;
use crate::games::kit18xx::render::{Scene, Table, svg};

pub fn render(state: &State) -> String {
    let data = components();
    let colours = data
        .corporations
        .iter()
        .map(|c| (c.id.as_str(), c.color.as_str(), c.text_color.as_str()))
        .collect();
    let table = Table {
        phase: data
            .phases
            .get(usize::from(state.phase))
            .map_or("?", |p| p.name.as_str()),
        moves: state.moves,
        depot: data
            .trains
            .iter()
            .zip(&state.depot)
            .map(|(card, &left)| (card.id.as_str(), left))
            .collect(),
        bank: state.bank,
    };
    let scene = Scene::of("1833NE", colours, &data.market, &state.companies, table);
    svg(&data.map, &state.board, &scene)
}
