//! 1833NE as a [`Game`]: the dispatch from actions to the rounds.

use super::action::Action;
use super::event::Event;
use super::ids::Seat;
use super::setup::Options;
use super::state::{Round, State};
use super::{auction, invariants, legal, stock_round, turns};
use crate::core::{Game, GameInfo, ParameterRange, Violation};

/// The 1833NE game, as registered in the core registry.
pub struct Ne1833;

impl Game for Ne1833 {
    const ID: &'static str = "1833ne";
    const NAME: &'static str = "1833NE: Railroading in New England";
    const RULES_VERSION: &'static str = "1";

    type Options = Options;
    type State = State;
    type Seat = Seat;
    type Action = Action;
    type Event = Event;

    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID,
            name: Self::NAME,
            rules_version: Self::RULES_VERSION,
            min_players: 3,
            max_players: 5,
            variants: vec![],
            components: "provisional",
            complete: false,
        }
    }

    fn setup(options: &Options, seed: u64) -> Result<State, Vec<Violation>> {
        super::setup::setup(options, seed)
    }

    fn apply(state: &mut State, action: &Action) -> Result<Vec<Event>, Violation> {
        if matches!(
            state.round,
            Round::OperatingRound { .. } | Round::GameEnded { .. }
        ) {
            return Err(turns::not_supported_yet(state));
        }
        if action.player().index() >= state.players.len() {
            return Err(Violation::new(
                "unknown_seat",
                super::rules::section::TURNS,
                format!(
                    "{} is not in this {}-player game",
                    action.player(),
                    state.players.len()
                ),
            ));
        }
        let auction = matches!(state.round, Round::Auction { .. });
        match action {
            Action::Bid {
                player,
                company,
                price,
            } => auction::bid(state, *player, *company, *price),
            Action::Pass { player } if auction => auction::pass(state, *player),
            Action::Pass { player } => stock_round::pass(state, *player),
            Action::Par {
                player,
                corporation,
                share_price,
            } => stock_round::par(state, *player, *corporation, *share_price),
            Action::BuyShares {
                player,
                corporation,
                from,
            } => stock_round::buy_shares(state, *player, *corporation, *from),
            Action::SellShares {
                player,
                corporation,
                percent,
            } => stock_round::sell_shares(state, *player, *corporation, *percent),
        }
    }

    fn to_act(state: &State) -> Vec<Seat> {
        turns::to_act(state)
    }

    fn legal_actions(state: &State) -> Vec<Action> {
        legal::legal_actions(state)
    }

    fn ranges(state: &State, action: &Action) -> Vec<ParameterRange> {
        legal::ranges(state, action)
    }

    fn check(state: &State) -> Vec<Violation> {
        invariants::check(state)
    }
}
