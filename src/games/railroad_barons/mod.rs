//! Railroad Barons (Helmut Ohley, Lookout Games, 2010): two players, five Holdings, 28
//! Railroad cards. Rules: docs/rules/railroad-barons.md.
//!
//! The whole game: setup, the Investor draft, Stock Rounds, Operating Rounds, the removal of
//! Railroad cards from the stack, and the end with each player's wealth.

pub mod action;
pub mod bot;
pub mod data;
pub mod directorship;
pub mod draft;
pub mod event;
pub mod ids;
pub mod invariants;
pub mod legal;
pub mod log;
pub mod operating_round;
pub mod railroads;
pub mod render;
pub mod rules;
pub mod setup;
pub mod state;
pub mod stock_round;
pub mod turns;

pub use action::{Action, Purchase, Sale};
pub use data::Components;
pub use event::Event;
pub use ids::{Colour, Investor, Seat};
pub use setup::Options;
pub use state::{Round, State};

use crate::core::{Game, GameInfo, ParameterRange, Violation};

/// The Railroad Barons game, as registered in the core registry.
pub struct RailroadBarons;

impl Game for RailroadBarons {
    const ID: &'static str = "railroad-barons";
    const NAME: &'static str = "Railroad Barons";
    const RULES_VERSION: &'static str = "1";
    const RULES_DOCUMENT: &'static str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/rules/railroad-barons.md"
    ));
    const REQUEST_EXAMPLES: &'static [(&'static str, &'static str)] =
        crate::core::game::request_examples!("railroad-barons");
    const END_RULE: &'static str = rules::section::END;
    const TURN_RULE: &'static str = rules::section::TURNS;

    type Options = Options;
    type State = State;
    type Seat = Seat;
    type Action = Action;
    type Event = Event;
    /// Every state is public: no view is served.
    type Components = data::Components;
    type View = State;

    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID,
            name: Self::NAME,
            rules_version: Self::RULES_VERSION,
            min_players: 2,
            max_players: 2,
            variants: vec![],
            components: "provisional",
            complete: true,
            provisional: vec![
                "railroad costs and incomes",
                "the share value track",
                "the circles of each Holding",
                "the Investors' revenue bonuses",
            ],
            not_built: vec![],
        }
    }

    fn deal(options: &Options, seed: u64) -> Result<State, Vec<Violation>> {
        setup::setup(options, seed)
    }

    fn perform(state: &mut State, action: &Action) -> Result<Vec<Event>, Violation> {
        match action {
            Action::OfferInvestor { player, investor } => {
                draft::offer_investor(state, *player, *investor)
            }
            Action::TakeInvestor { player } => draft::answer_offer(state, *player, true),
            Action::TakeCash { player } => draft::answer_offer(state, *player, false),
            Action::ChooseStartValue { player, value } => {
                draft::choose_start_value(state, *player, *value)
            }
            Action::Trade { player, sell, buy } => stock_round::trade(
                state,
                *player,
                &Sale::in_canonical_order(sell),
                buy.as_ref(),
            ),
            Action::Pass { player } => stock_round::pass(state, *player),
            Action::SwapPriority { player } => stock_round::swap_priority(state, *player),
            Action::PlaceOperators {
                player,
                plus,
                diamond,
                invest,
            } => operating_round::place_operators(state, *player, *plus, *diamond, *invest),
            Action::Revenue { player, payout } => operating_round::revenue(state, *player, *payout),
            Action::BuyRailroad {
                player,
                card,
                from,
                face,
                price,
                accepted_by,
                director_help,
            } => operating_round::buy_railroad(
                state,
                *player,
                operating_round::Purchase {
                    card: *card,
                    from: *from,
                    face: *face,
                    price: *price,
                    accepted_by: *accepted_by,
                    director_help: *director_help,
                },
            ),
            Action::AssignInvestor { player, investor } => {
                operating_round::assign_investor(state, *player, *investor)
            }
            Action::DiscardRailroads { player, railroads } => operating_round::discard_railroads(
                state,
                *player,
                &action::railroads_in_canonical_order(railroads),
            ),
            Action::Done { player } => operating_round::done(state, *player),
        }
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

    /// The $30 Investor's swap "may be used even though it is the other player's turn": its
    /// own rule judges when (`stock_round::swap_priority`), with its own reasons.
    fn out_of_turn(action: &Action) -> bool {
        matches!(action, Action::SwapPriority { .. })
    }

    fn seats(_state: &State) -> Vec<Seat> {
        Seat::ALL.to_vec()
    }

    fn is_over(state: &State) -> bool {
        matches!(state.round, Round::GameEnded { .. })
    }

    fn to_act(state: &State) -> Vec<Seat> {
        turns::to_act(state)
    }

    fn list(state: &State) -> Vec<Action> {
        legal::legal_actions(state)
    }

    fn ranges(state: &State, action: &Action) -> Vec<ParameterRange> {
        legal::price_range(state, action)
            .map(|(min, max)| ParameterRange {
                pointer: "/price".to_string(),
                min: u64::from(min),
                max: u64::from(max),
            })
            .into_iter()
            .collect()
    }

    fn check(state: &State) -> Vec<Violation> {
        invariants::check(state)
    }
}
