//! 1833NE's state as SVG (`POST /v1/1833ne/render`): the kit draws the map and the market; this
//! names the companies' colours, the markers on the market, the phase, the depot and the bank.

use super::data::components;
use super::state::State;
use crate::games::kit18xx::render::{Scene, svg};

pub fn render(state: &State) -> String {
    let data = components();
    let colours = data
        .corporations
        .iter()
        .map(|c| (c.id.as_str(), c.color.as_str(), c.text_color.as_str()))
        .collect();
    let markers = state
        .companies
        .iter()
        .filter(|c| !c.closed)
        .filter_map(|c| c.price.map(|at| (c.company.to_string(), usize::from(at))))
        .collect();
    let phase = data
        .phases
        .get(usize::from(state.phase))
        .map_or("?", |p| p.name.as_str());
    let depot: Vec<String> = data
        .trains
        .iter()
        .zip(&state.depot)
        .map(|(card, left)| format!("{} x{left}", card.id))
        .collect();
    let scene = Scene {
        title: "1833NE",
        colours,
        market: &data.market,
        markers,
        notes: vec![
            format!("Phase {phase}; move {}", state.moves),
            format!("Depot: {}", depot.join(", ")),
            format!("Bank: ${}", state.bank),
        ],
    };
    svg(&data.map, &state.board, &scene)
}
