//! Rail Barons of the World: solo Railways of the World against the Railbot.
//! Rules: docs/rules/rotw-solo.md.
//!
//! A file per concern: the component data (`data`) and the map with the Railbot's cheapest
//! path (`map`); the state, setup and the player's view; the turn (`turn`) and its actions
//! (`track`, `goods`, `operations`, `barons`); the Railbot (`railbot`); the links as a network
//! (`network`); the legal actions and the consistency check.

pub mod action;
pub mod barons;
pub mod bot;
pub mod data;
pub mod event;
pub mod goods;
pub mod invariants;
pub mod legal;
pub mod log;
pub mod map;
pub mod network;
pub mod operations;
pub mod railbot;
pub mod render;
pub mod rules;
pub mod setup;
pub mod state;
pub mod track;
pub mod turn;
pub mod view;

pub use action::Action;
pub use data::Components;
pub use event::Event;
pub use setup::Options;
pub use state::State;

use crate::core::{Game, GameInfo, Violation};

/// The solo game, as registered in the core registry.
pub struct RotwSolo;

/// The one seat: the player.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = RotwSoloSeat)]
pub enum Seat {
    Player,
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the player")
    }
}

impl Game for RotwSolo {
    const ID: &'static str = "rotw-solo";
    const NAME: &'static str = "Rail Barons of the World (solo Railways of the World)";
    const RULES_VERSION: &'static str = "1";
    const RULES_DOCUMENT: &'static str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/rules/rotw-solo.md"
    ));
    const REQUEST_EXAMPLES: &'static [(&'static str, &'static str)] =
        crate::core::game::request_examples!("rotw-solo");
    const END_RULE: &'static str = rules::section::END;
    const TURN_RULE: &'static str = rules::section::TURN;

    type Options = Options;
    type State = State;
    type Seat = Seat;
    type Action = Action;
    type Event = Event;
    type Components = data::Components;
    type View = view::View;

    const HIDDEN_INFORMATION: bool = true;

    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID,
            name: Self::NAME,
            rules_version: Self::RULES_VERSION,
            min_players: 1,
            max_players: 1,
            variants: vec!["duel_barons"],
            components: "provisional",
            complete: true,
            provisional: vec!["the map", "the tables"],
            not_built: vec![],
        }
    }

    fn deal(options: &Options, seed: u64) -> Result<State, Vec<Violation>> {
        setup::setup(options, seed)
    }

    fn perform(state: &mut State, action: &Action) -> Result<Vec<Event>, Violation> {
        turn::apply(state, action)
    }

    const RENDERS: bool = true;

    fn render(state: &State) -> Option<String> {
        Some(render::render(state))
    }

    fn components() -> data::Components {
        data::Components::provisional()
    }

    fn describe(event: &Event) -> String {
        log::text(event)
    }

    fn moves(state: &State) -> u64 {
        state.moves
    }

    fn count_move(state: &mut State) {
        state.moves += 1;
    }

    /// The one player's actions name no seat.
    fn seat_of(_action: &Action) -> Option<Seat> {
        None
    }

    fn seats(_state: &State) -> Vec<Seat> {
        vec![Seat::Player]
    }

    fn is_over(state: &State) -> bool {
        matches!(state.phase, state::Phase::GameEnded { .. })
    }

    fn to_act(state: &State) -> Vec<Seat> {
        if matches!(state.phase, state::Phase::GameEnded { .. }) {
            Vec::new()
        } else {
            vec![Seat::Player]
        }
    }

    fn list(state: &State) -> Vec<Action> {
        legal::legal_actions(state)
    }

    fn check(state: &State) -> Vec<Violation> {
        invariants::check(state)
    }

    fn redact(state: &State) -> Option<view::View> {
        Some(view::view(state))
    }
}
