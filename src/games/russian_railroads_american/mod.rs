//! Russian Railroads with the American Railroads expansion (2-4 players).
//! Rules: docs/rules/russian-railroads-american.md.
//!
//! A file per concern: the component data (`data`, with our provisional set in
//! `provisional`), the state and setup; the player board's parts (`tracks`, `specials`,
//! `industry`, `locomotives`, `scoring`) and the stocks board (`stock`); the turn and its action
//! pool (`turn`, resolving effects in `effects`); the round's end (`round`); the legal actions,
//! the consistency check and the table's view.

pub mod action;
pub mod bot;
pub mod data;
pub mod effects;
pub mod event;
pub mod industry;
pub mod invariants;
pub mod legal;
pub mod locomotives;
pub mod log;
pub mod provisional;
pub mod render;
pub mod round;
pub mod rules;
pub mod scoring;
pub mod setup;
pub mod specials;
pub mod state;
pub mod stock;
pub mod tracks;
pub mod turn;
pub mod view;

pub use action::Action;
pub use data::Components;
pub use event::Event;
pub use setup::Options;
pub use state::{Seat, State};

use crate::core::{Game, GameInfo, Violation};

/// The game, as registered in the core registry.
pub struct RussianRailroadsAmerican;

impl Game for RussianRailroadsAmerican {
    const ID: &'static str = "russian-railroads-american";
    const NAME: &'static str = "Russian Railroads: American Railroads";
    const RULES_VERSION: &'static str = "1";
    const RULES_DOCUMENT: &'static str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/rules/russian-railroads-american.md"
    ));
    const REQUEST_EXAMPLES: &'static [(&'static str, &'static str)] =
        crate::core::game::request_examples!("russian-railroads-american");
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
            min_players: 2,
            max_players: 4,
            variants: Vec::new(),
            components: "provisional",
            complete: true,
            provisional: vec![
                "the American player board",
                "the stocks board values the seed lacks",
                "engineers #2-#15",
                "the end-bonus cards",
                "the \"?\" tokens",
            ],
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

    fn seat_of(action: &Action) -> Option<Seat> {
        Some(action.player())
    }

    fn seats(state: &State) -> Vec<Seat> {
        Seat::ALL[..state.players.len().min(Seat::ALL.len())].to_vec()
    }

    fn is_over(state: &State) -> bool {
        matches!(state.phase, state::Phase::GameEnded {})
    }

    fn to_act(state: &State) -> Vec<Seat> {
        state.phase.to_act().into_iter().collect()
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

    fn redact_for(state: &State, seat: Option<&Seat>) -> Result<Option<view::View>, Violation> {
        match seat {
            None => Ok(Some(view::view(state))),
            Some(&seat) => view::view_for(state, seat).map(Some),
        }
    }
}
