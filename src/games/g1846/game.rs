//! 1846 as a [`Game`]: the dispatch from actions to the rounds, and the end checks after each
//! action.

use super::action::Action;
use super::event::Event;
use super::ids::{Company, Seat};
use super::operating_round;
use super::setup::Options;
use super::state::{Round, State};
use super::{draft, rules, turns};
use crate::core::{Game, GameInfo, Violation};
use crate::games::kit18xx::actions::perform_family;
use crate::games::kit18xx::operating_round::EndReason;
use crate::games::kit18xx::stations::StationPlacement;
use crate::games::kit18xx::track::TileLay;

/// The 1846 game.
pub struct G1846;

impl Game for G1846 {
    const ID: &'static str = "1846";
    const NAME: &'static str = "1846: The Race for the Midwest";
    const RULES_VERSION: &'static str = "1";
    const RULES_DOCUMENT: &'static str =
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules/1846.md"));
    const REQUEST_EXAMPLES: &'static [(&'static str, &'static str)] =
        crate::core::game::request_examples!("1846");
    const END_RULE: &'static str = rules::section::END;
    const TURN_RULE: &'static str = rules::section::TURNS;

    type Options = Options;
    const RENDERS: bool = true;
    type State = State;
    type Seat = Seat;
    type Action = Action;
    type Event = Event;
    /// Every state is public: no view is served.
    type Components = super::data::Components;
    type View = State;

    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID,
            name: Self::NAME,
            rules_version: Self::RULES_VERSION,
            min_players: 3,
            max_players: 5,
            variants: vec![],
            components: "18xx.games (tobymao/18xx)",
            complete: false,
            provisional: vec![],
            not_built: vec!["the 2-player variant", "the second-edition C&O rule"],
        }
    }

    fn deal(options: &Options, seed: u64) -> Result<State, Vec<Violation>> {
        super::setup::setup(options, seed)
    }

    fn perform(state: &mut State, action: &Action) -> Result<Vec<Event>, Violation> {
        let broken_before = state.bank_broken;
        let (turn_before, round_start_assign) = (
            operator_turn(state),
            turns::is_round_start_assign(state, action),
        );
        if let Some(private) = super::privates::joining_lay_due(state)
            && !action.is_lay_of(private)
        {
            return Err(super::privates::refuse_before_due_lay(private));
        }
        refuse_before_automatic_dividend(state, action)?;
        operating_round::steps::settle_track_step(state, action);
        refuse_before_skipped_run(state, action)?;
        let mut events = dispatch(state, action)?;
        if turn_before.is_some() && operator_turn(state) == turn_before {
            begin_turn(state, round_start_assign);
        }
        if state.bank_broken && !broken_before {
            events.push(Event::BankBroken);
        }
        if all_corporations_closed(state) {
            events.extend(crate::games::kit18xx::end::end_game(
                state,
                EndReason::AllClosed,
            ));
        }
        Ok(events)
    }

    fn components() -> super::data::Components {
        super::data::components().clone()
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
        Seat::ALL[..seat_count(state)].to_vec()
    }

    fn is_over(state: &State) -> bool {
        matches!(state.round, Round::GameEnded { .. })
    }

    fn to_act(state: &State) -> Vec<Seat> {
        turns::to_act(state)
    }

    fn has_seat(state: &State, seat: &Seat) -> bool {
        seat.index() < seat_count(state)
    }

    fn may_act(state: &State, seat: &Seat) -> bool {
        turns::may_act(state, *seat)
    }

    fn first_to_act(state: &State) -> Option<Seat> {
        turns::first_to_act(state)
    }

    fn list(state: &State) -> Vec<Action> {
        super::legal::legal_actions(state)
    }

    fn list_marked(state: &State) -> crate::core::Listing<Action> {
        super::legal::listing(state)
    }

    fn ranges(state: &State, action: &Action) -> Vec<crate::core::ParameterRange> {
        super::legal::ranges(state, action)
    }

    fn choices(state: &State, action: &Action) -> Vec<crate::core::ParameterChoice> {
        use crate::games::kit18xx::stock_round::StockTitle as _;
        crate::games::kit18xx::legal::par_choices::<Self>(state, action, state.par_values())
    }

    fn check(state: &State) -> Vec<Violation> {
        super::invariants::check(state)
    }
}

/// g_1846 `GAME_END_CHECK` `all_closed: :immediate`: once corporations have started, the game
/// ends when every corporation in the game has closed.
fn all_corporations_closed(state: &State) -> bool {
    if matches!(state.round, Round::GameEnded { .. } | Round::Draft { .. }) {
        return false;
    }
    // Asked after every action: the corporations are walked twice rather than gathered.
    let in_game = || {
        Company::CORPORATIONS
            .iter()
            .filter(|c| !state.removed_corporations.contains(c))
            .map(|c| &state.companies[c.index()])
    };
    in_game().any(|c| c.is_started()) && in_game().all(|c| c.closed)
}

/// Hands 1846's own actions to their rounds (the draft, the privates' and minors' purchases
/// and abilities), and the family's to the kit.
fn dispatch(state: &mut State, action: &Action) -> Result<Vec<Event>, Violation> {
    let in_draft = matches!(state.round, Round::Draft { .. });
    match action {
        Action::Choose { player, card } => draft::choose(state, *player, card),
        Action::Pass { player } if in_draft => draft::pass(state, *player),
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
            operating_round::lay_private(state, *player, *private, &lay)
        }
        Action::PlaceToken {
            player,
            hex,
            city,
            company,
        } => {
            let at = StationPlacement {
                hex: hex.clone(),
                city: *city,
            };
            match company {
                None => operating_round::place_token(state, *player, &at),
                Some(super::ids::Private::Cwi) => operating_round::place_cwi(state, *player, &at),
                Some(other) => Err(Violation::new(
                    "no_such_ability",
                    rules::section::PRIVATES,
                    format!("{other} places no station"),
                )),
            }
        }
        Action::BuyCompany {
            player,
            company,
            price,
            accepted_by,
        } => operating_round::buy_company(state, *player, *company, *price, *accepted_by),
        Action::Assign {
            player,
            company,
            target,
        } => operating_round::assign(state, *player, *company, target),
        _ => perform_family(state, action),
    }
}

/// A revenue with no dividend step (a corporation's $0, a minor's run) is paid or withheld as
/// the routes are run: 18xx.games skips its `Dividend` step at once (`Dividend#skip!`,
/// `MinorHalfPay#skip!`), the price moving then (and a corporation whose price reaches $0
/// closing then), so nothing comes between the run and that dividend (`dividend_due`).
fn refuse_before_automatic_dividend(state: &State, action: &Action) -> Result<(), Violation> {
    use crate::games::kit18xx::operating_round::{OperatingTitle as _, current};
    let Some((company, turn)) = current(state) else {
        return Ok(());
    };
    let Some(revenue) = turn.revenue else {
        return Ok(());
    };
    if turn.dividend_done
        || state.has_dividend_step(company, revenue)
        || matches!(action, Action::Dividend { .. })
    {
        return Ok(());
    }
    Err(Violation::new(
        "dividend_due",
        rules::section::DIVIDENDS,
        format!(
            "{company}'s ${revenue} has no dividend step: it is paid or withheld as its routes run, before anything else"
        ),
    ))
}

/// Routes skipped when the track step ended (the company can run nothing): 18xx.games passes
/// its `Route` step and withholds its $0 at once (`Dividend#skip!`), in the action that ended
/// the track step. Where that withhold takes the corporation to $0 it closes with that
/// action, so nothing of its turn comes after: its $0 run comes before anything else
/// (`run_due`). (Otherwise the withhold's order among the turn's other actions changes
/// nothing.)
fn refuse_before_skipped_run(state: &State, action: &Action) -> Result<(), Violation> {
    use crate::games::kit18xx::operating_round::current;
    use crate::games::kit18xx::shares::Shares as _;
    use crate::games::kit18xx::table::Table as _;
    let Some((company, turn)) = current(state) else {
        return Ok(());
    };
    if !turn.routes_skipped || turn.revenue.is_some() || matches!(action, Action::RunRoutes { .. })
    {
        return Ok(());
    }
    let market = state.market();
    let closes = state.company(company).price.is_some_and(|at| {
        let to = crate::games::kit18xx::market::step(market, usize::from(at), -1);
        state.closing_prices().contains(&market[to])
    });
    if !closes {
        return Ok(());
    }
    Err(Violation::new(
        "run_due",
        rules::section::DIVIDENDS,
        format!(
            "{company} can run nothing and its track step is over: its $0 run and withhold, which close it, come before anything else"
        ),
    ))
}

/// Which operator's turn it is: the stock round it follows, the round's number and the
/// operator's place (an action that ends the turn leaves the next one as it was).
fn operator_turn(state: &State) -> Option<(u32, u8, usize)> {
    match &state.round {
        Round::OperatingRound {
            after_stock_round,
            number,
            current,
            ..
        } => Some((*after_stock_round, *number, *current)),
        _ => None,
    }
}

/// Marks the operator's turn begun after an action in it, but for the Steamboat owner's own
/// assign at the round's start (the site's `Assign` step before the operator's steps): any
/// other action, a private's purchase or lay too, ends the round's start.
fn begin_turn(state: &mut State, round_start_assign: bool) {
    if let Round::OperatingRound { turn, .. } = &mut state.round
        && !round_start_assign
    {
        turn.begun = true;
    }
}

/// How many seats the table has: one per player, at most five.
fn seat_count(state: &State) -> usize {
    state.players.len().min(Seat::ALL.len())
}
