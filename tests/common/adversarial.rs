//! A 1833NE state built to make the best-route search explode (issue 16): a recorded game's
//! late state, its operating company about to run its routes, with the same brown track tile
//! (#44, four paths) on every plain hex and three 7+3 trains. The board is not one a game
//! reaches (the tile has one copy, brown is not yet allowed, track leaves the map), and `check`
//! says so, so the API refuses it; the route search is run on it directly, to test that its
//! budget holds on any board. Unbounded, its search takes more than 10^8 steps (over a minute
//! in a debug build).

use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::Action;
use railrules::games::ne1833::board::LaidTile;
use railrules::games::ne1833::data::{Colour, components};
use railrules::games::ne1833::ids::Company;
use railrules::games::ne1833::operating_round::current;
use railrules::games::ne1833::state::Train;

/// A checked state, changed by hand (feature `testing`).
pub type State = railrules::core::Checked<Ne1833>;

/// The recorded game the state comes from (examples/savegames/): one whose last run's
/// company reaches much of the map.
pub const GAME: &str = "1833ne-greedy-4p-seed-3.json";

/// The tile laid on every plain hex.
pub const TILE: &str = "44";

/// The recorded game's setup and actions.
pub fn recorded(file: &str) -> (State, Vec<Action>) {
    let path = format!("{}/examples/savegames/{file}", env!("CARGO_MANIFEST_DIR"));
    let save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let options = serde_json::from_value(save["setup"]["options"].clone()).unwrap();
    let seed = save["setup"]["seed"].as_u64().unwrap();
    let actions = serde_json::from_value(save["actions"].clone()).unwrap();
    (Ne1833::setup(&options, seed).unwrap(), actions)
}

/// The state before the last `run_routes` with routes of a recorded game.
pub fn before_last_run(file: &str) -> State {
    let (mut state, actions) = recorded(file);
    let last = actions
        .iter()
        .rposition(|a| matches!(a, Action::RunRoutes { routes, .. } if !routes.is_empty()))
        .unwrap();
    for action in &actions[..last] {
        Ne1833::apply(&mut state, action).unwrap();
    }
    state
}

/// The adversarial state and the company whose routes are searched.
pub fn adversarial_1833ne() -> (State, Company) {
    adversarial_with(TILE, &["7+3", "7+3", "7+3"])
}

/// The recorded late state with `tile` on every plain hex, its operating company owning
/// trains of `sides` (card and side alike).
pub fn adversarial_with(tile: &str, sides: &[&str]) -> (State, Company) {
    adversarial_in(GAME, tile, sides)
}

/// [`adversarial_with`] from the late state of recorded game `game`.
pub fn adversarial_in(game: &str, tile: &str, sides: &[&str]) -> (State, Company) {
    let mut state = before_last_run(game);
    for hex in &components().hexes {
        let plain = hex.color == Colour::White
            && hex.stops.is_empty()
            && hex.paths.is_empty()
            && hex.label.is_none();
        if plain {
            state.board.tiles.insert(
                &components().map,
                hex.id.as_str(),
                LaidTile {
                    tile: tile.into(),
                    rotation: 0,
                },
            );
        }
    }
    let (company, _) = current(&state).unwrap();
    let entry = state
        .companies
        .iter_mut()
        .find(|c| c.company == company)
        .unwrap();
    entry.trains = sides
        .iter()
        .enumerate()
        .map(|(i, side)| Train {
            id: format!("{side}-{}", 20 + i).into(),
            card: (*side).into(),
            side: (*side).into(),
            phased_out: false,
        })
        .collect();
    let codes: Vec<String> = Ne1833::check(&state).into_iter().map(|v| v.code).collect();
    assert!(
        codes.iter().any(|c| c == "tiles_over_stock"),
        "check refuses the state: {codes:?}"
    );
    (state, company)
}
