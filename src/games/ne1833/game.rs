//! 1833NE as a [`Game`]: the dispatch from actions to the rounds.

use super::action::Action;
use super::event::Event;
use super::ids::Seat;
use super::setup::Options;
use super::state::{Round, State};
use super::stations::StationPlacement;
use super::track::TileLay;
use super::{auction, invariants, legal, operating_round, turns};
use crate::core::{Game, GameInfo, Listing, ParameterRange, Violation};
use crate::games::kit18xx::actions::perform_family;

/// The 1833NE game, as registered in the core registry.
pub struct Ne1833;

impl Game for Ne1833 {
    const ID: &'static str = "1833ne";
    const NAME: &'static str = "1833NE: Railroading in New England";
    const RULES_VERSION: &'static str = "1";
    const RULES_DOCUMENT: &'static str =
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules/1833ne.md"));
    const REQUEST_EXAMPLES: &'static [(&'static str, &'static str)] =
        crate::core::game::request_examples!("1833ne");
    const END_RULE: &'static str = super::rules::section::END;
    const TURN_RULE: &'static str = super::rules::section::TURNS;

    type Options = Options;
    const RENDERS: bool = true;
    type State = State;
    type Seat = Seat;
    type Action = Action;
    type Event = Event;
    /// Every state is public: no view is served.
    type Components = super::data::ServedComponents;
    type View = State;

    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID,
            name: Self::NAME,
            rules_version: Self::RULES_VERSION,
            min_players: 3,
            max_players: 5,
            variants: vec![],
            components: "provisional",
            complete: true,
            provisional: vec!["ferries", "route bonuses"],
            not_built: vec!["the Takeover variant"],
        }
    }

    fn deal(options: &Options, seed: u64) -> Result<State, Vec<Violation>> {
        super::setup::setup(options, seed)
    }

    fn perform(state: &mut State, action: &Action) -> Result<Vec<Event>, Violation> {
        let broken_before = state.bank_broken;
        let mut events = dispatch(state, action)?;
        if state.bank_broken && !broken_before {
            events.push(Event::BankBroken);
        }
        if super::end::nothing_can_change(state) {
            events.extend(super::end::end_game(
                state,
                super::event::EndReason::NothingCanChange,
            ));
        }
        Ok(events)
    }

    fn components() -> super::data::ServedComponents {
        super::data::ServedComponents::of_the_game()
    }

    fn render(state: &State) -> Option<String> {
        Some(super::render::render(state))
    }

    fn describe(event: &Event) -> String {
        super::log::text(event)
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
        matches!(state.round, Round::GameEnded { .. })
    }

    fn to_act(state: &State) -> Vec<Seat> {
        turns::to_act(state)
    }

    fn list(state: &State) -> Vec<Action> {
        legal::legal_actions(state)
    }

    fn list_marked(state: &State) -> Listing<Action> {
        legal::listing(state)
    }

    fn ranges(state: &State, action: &Action) -> Vec<ParameterRange> {
        legal::ranges(state, action)
    }

    fn choices(state: &State, action: &Action) -> Vec<crate::core::ParameterChoice> {
        use crate::games::kit18xx::stock_round::StockTitle as _;
        crate::games::kit18xx::legal::par_choices::<Self>(state, action, state.par_values())
    }

    fn check(state: &State) -> Vec<Violation> {
        invariants::check(state)
    }
}

/// Hands 1833NE's own actions to their rounds (the auction, ferries, the privates' purchases
/// and abilities, the extra station), and the family's to the kit.
fn dispatch(state: &mut State, action: &Action) -> Result<Vec<Event>, Violation> {
    let auction = matches!(state.round, Round::Auction { .. });
    match action {
        Action::Bid {
            player,
            company,
            price,
        } => auction::bid(state, *player, *company, *price),
        Action::Pass { player } if auction => auction::pass(state, *player),
        Action::LayTile {
            player,
            hex,
            tile,
            rotation,
            company: Some(private),
        } => {
            let lay = TileLay {
                hex: hex.clone(),
                tile: tile.clone(),
                rotation: *rotation,
            };
            match private {
                super::ids::Private::P3 => operating_round::lay_champlain(state, *player, &lay),
                other => Err(Violation::new(
                    "no_such_ability",
                    super::rules::section::PRIVATES,
                    format!("{other} has no tile-laying ability"),
                )),
            }
        }
        Action::Assign {
            player,
            company,
            target,
        } => operating_round::assign_luxury_ferry(state, *player, *company, target),
        Action::PlaceToken { player, hex, city } => operating_round::place_token(
            state,
            *player,
            &StationPlacement {
                hex: hex.clone(),
                city: *city,
            },
        ),
        Action::BuyFerry { player, ferry } => operating_round::buy_ferry(state, *player, ferry),
        Action::BuyCompany {
            player,
            company,
            price,
            accepted_by,
        } => operating_round::buy_company(state, *player, *company, *price, *accepted_by),
        _ => perform_family(state, action),
    }
}
