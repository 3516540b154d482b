//! Operating rounds: two after each stock round. Private income, then each started company in
//! operating order (the game's first round lowest price first, later highest first, the first
//! to reach a price first on a tie): issue or redeem, track, a station, a ferry; run routes;
//! pay out, half or withhold; buy trains; a company must own a train.

use super::action::DividendKind;
use super::board::Node;
use super::data::{Band, components};
use super::end::end_game;
use super::event::{EndReason, Event, Payment, RoundKind};
use super::ids::{Company, Private, Seat};
use super::market::{move_price, price};
use super::routes::{OwnedTrain, Route, RouteContext, check_routes};
use super::rules::{MARKET_LIMIT_PERCENT, SHARE_PERCENT, section};
use super::state::{CompanyTurn, PrivateOwner, Round, State, TurnLay};
use super::stations::{
    StationContext, StationPlacement, active_reservations, check_station, place_station,
};
use super::track::{LayContext, TileLay, check_lay, lay_tile};
use super::turns::{not_your_turn, wrong_round};
use crate::core::Violation;

/// The phase index from which reservations end and ferries are gone (phase IV).
const PHASE_IV: u8 = 3;

pub fn begin(state: &mut State, after_stock_round: u32, number: u8) -> Vec<Event> {
    let mut events = vec![Event::RoundStarted {
        round: RoundKind::OperatingRound,
        number: u32::from(number),
    }];
    events.extend(pay_private_income(state));
    let first_of_game = after_stock_round == 1 && number == 1;
    let order = operating_order(state, first_of_game);
    state.round = Round::OperatingRound {
        after_stock_round,
        number,
        order,
        current: 0,
        turn: CompanyTurn::default(),
        discards: Vec::new(),
    };
    events.extend(start_turn_or_finish(state));
    events
}

/// Each private a player or company owns pays its income, unless closed or flipped.
pub fn pay_private_income(state: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    for i in 0..state.privates.len() {
        let p = state.privates[i].clone();
        if p.closed || p.flipped {
            continue;
        }
        let amount = components().privates[p.private.index()].revenue;
        match p.owner {
            PrivateOwner::Player { seat } => {
                state.bank_pays_player(seat, amount);
                events.push(Event::PrivateIncome {
                    company: p.private,
                    to: seat,
                    amount,
                });
            }
            PrivateOwner::Company { company } => state.bank_pays_company(company, amount),
            PrivateOwner::Unsold {} => {}
        }
    }
    events
}

/// The operating order: started companies by price, highest first (lowest first in the game's
/// first round); on a tie, the one that reached the price first.
pub fn operating_order(state: &State, lowest_first: bool) -> Vec<Company> {
    let mut companies: Vec<&super::state::CompanyState> = state
        .companies
        .iter()
        .filter(|c| c.is_started() && !c.closed)
        .collect();
    companies.sort_by(|a, b| {
        let by_price = if lowest_first {
            a.price.cmp(&b.price)
        } else {
            b.price.cmp(&a.price)
        };
        by_price.then(a.arrived.cmp(&b.arrived))
    });
    companies.into_iter().map(|c| c.company).collect()
}

/// The operating company and its turn.
pub fn current(state: &State) -> Option<(Company, &CompanyTurn)> {
    match &state.round {
        Round::OperatingRound {
            order,
            current,
            turn,
            ..
        } => order.get(*current).map(|c| (*c, turn)),
        _ => None,
    }
}

/// Starts the current company's turn, skipping closed ones; ends the round after the last. A
/// company in receivership with no train operates at once, without choices; one with trains
/// waits for any player to submit its routes (ruling R5).
pub(super) fn start_turn_or_finish(state: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    loop {
        let Some((company, _)) = current(state) else {
            events.extend(finish_round(state));
            return events;
        };
        let entry = state.company(company);
        if entry.closed || !entry.is_started() {
            advance(state);
            continue;
        }
        let president = entry.president;
        let waits = president.is_some() || !entry.trains.is_empty();
        state.company_mut(company).operated = true;
        events.push(Event::CompanyOperates {
            corporation: company,
            president,
        });
        if waits {
            return events;
        }
        events.extend(super::receivership::operate(state, company, 0));
        advance(state);
    }
}

pub(super) fn advance(state: &mut State) {
    if let Round::OperatingRound { current, turn, .. } = &mut state.round {
        *current += 1;
        *turn = CompanyTurn::default();
    }
}

fn finish_round(state: &mut State) -> Vec<Event> {
    let Round::OperatingRound {
        after_stock_round,
        number,
        ..
    } = state.round
    else {
        return vec![];
    };
    let mut events = vec![Event::RoundEnded {
        round: RoundKind::OperatingRound,
        number: u32::from(number),
    }];
    if number < 2 {
        events.extend(begin(state, after_stock_round, number + 1));
    } else if state.bank_broken {
        events.extend(end_game(state, EndReason::BankBroken));
    } else {
        events.extend(super::stock_round::begin(state, after_stock_round + 1));
    }
    events
}

/// After a bankruptcy: the game ends when one player is left; otherwise the company's turn
/// goes on with its new president (who must still buy the train), or, in receivership, it buys
/// what it can and its turn ends; a closed company's turn ends.
pub(super) fn after_bankruptcy(state: &mut State, company: Company) -> Vec<Event> {
    if state.players.iter().filter(|p| !p.bankrupt).count() <= 1 {
        return end_game(state, EndReason::Bankruptcies);
    }
    let entry = state.company(company);
    if !entry.closed && !entry.receivership {
        return vec![];
    }
    let mut events = Vec::new();
    if entry.receivership {
        events.extend(super::receivership::buy_train(state, company));
    }
    advance(state);
    events.extend(start_turn_or_finish(state));
    events
}

/// Checks the action is the operating company's president's, outside a pending discard.
pub(super) fn expect_president(
    state: &State,
    player: Seat,
    action: &str,
) -> Result<(Company, CompanyTurn), Violation> {
    let Round::OperatingRound { discards, .. } = &state.round else {
        return Err(wrong_round(action, state));
    };
    if let Some(first) = discards.first() {
        let president = state
            .company(*first)
            .president
            .map_or("nobody".to_string(), |p| p.to_string());
        return Err(Violation::new(
            "discard_pending",
            section::TRAINS,
            format!(
                "{first} is over the train limit: player {president} must discard a train first"
            ),
        ));
    }
    let (company, turn) = current(state).ok_or_else(|| wrong_round(action, state))?;
    let Some(president) = state.company(company).president else {
        return Err(Violation::new(
            "in_receivership",
            section::RECEIVERSHIP,
            format!(
                "{company} is in receivership: it operates without choices; any player submits its routes (run_routes)"
            ),
        ));
    };
    if player != president {
        return Err(not_your_turn(player, president));
    }
    Ok((company, turn.clone()))
}

fn before_routes(turn: &CompanyTurn, action: &str) -> Result<(), Violation> {
    if turn.revenue.is_some() {
        return Err(Violation::new(
            "after_routes",
            section::OPERATING_ROUND,
            format!("{action} comes before running routes"),
        ));
    }
    Ok(())
}

pub(super) fn set_turn(state: &mut State, new: CompanyTurn) {
    if let Round::OperatingRound { turn, .. } = &mut state.round {
        *turn = new;
    }
}

fn owns(state: &State, company: Company, private: Private) -> bool {
    let p = state.private(private);
    !p.closed && p.owner == (PrivateOwner::Company { company })
}

/// The off-board areas the company may use as if it had a station there (P4: A6, P6: A12).
pub fn extra_sources(state: &State, company: Company) -> Vec<Node> {
    let c = components();
    [(Private::P4, "A6"), (Private::P6, "A12")]
        .iter()
        .filter(|(p, _)| owns(state, company, *p))
        .filter_map(|(_, hex)| {
            Some(Node {
                hex: c.hex_index(hex)?,
                stop: 0,
            })
        })
        .collect()
}

/// Hexes blocked by privates players own.
fn blocked_hexes(state: &State) -> Vec<String> {
    components()
        .hexes
        .iter()
        .filter(|h| {
            h.blocked_by.iter().any(|id| {
                state.privates.iter().any(|p| {
                    !p.closed
                        && format!("{:?}", p.private) == *id
                        && matches!(
                            p.owner,
                            PrivateOwner::Player { .. } | PrivateOwner::Unsold {}
                        )
                })
            })
        })
        .map(|h| h.id.clone())
        .collect()
}

/// The B&L may not lay track in phase I until a company owns P2.
fn lowell_blocks_track(state: &State, company: Company) -> bool {
    company == Company::Bl
        && state.phase == 0
        && !matches!(
            state.private(Private::P2).owner,
            PrivateOwner::Company { .. }
        )
}

/// Judges a lay by the operating company (`network`: its network, when known).
pub fn judge_lay(
    state: &State,
    company: Company,
    turn: &CompanyTurn,
    lay: &TileLay,
    network: Option<&super::board::Network>,
) -> Result<super::track::PlannedLay, Violation> {
    before_routes(turn, "lay_tile")?;
    if lowell_blocks_track(state, company) {
        return Err(Violation::new(
            "lowell_blocks",
            section::TRACK,
            "the B&L may not lay track in phase I until a company owns the Lowell Merchants (P2)",
        ));
    }
    let c = components();
    let earlier: Vec<(String, super::track::LayKind)> =
        turn.lays.iter().map(|l| (l.hex.clone(), l.kind)).collect();
    let blocked = blocked_hexes(state);
    let sources = extra_sources(state, company);
    let ctx = LayContext {
        components: c,
        phase: &c.phases[usize::from(state.phase)],
        company: company.symbol(),
        cash: state.company(company).cash,
        earlier: &earlier,
        blocked: &blocked,
        extra_sources: &sources,
        discount: lowell_discount(state, company),
        connection_free: false,
        network,
    };
    check_lay(&state.board, &ctx, lay)
}

/// P2's free tile: the company that bought P2 lays its G20 tile $20 cheaper (free: $20 is the
/// least a lay costs) in the operating round it bought P2.
fn lowell_discount(state: &State, company: Company) -> Option<(&'static str, u32)> {
    let free = state.lowell_free_tile?;
    let Round::OperatingRound {
        after_stock_round,
        number,
        ..
    } = state.round
    else {
        return None;
    };
    (free.company == company
        && free.after_stock_round == after_stock_round
        && free.operating_round == number)
        .then_some(("G20", components().game.minimum_tile_lay_cost))
}

pub fn lay(state: &mut State, player: Seat, lay: &TileLay) -> Result<Vec<Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "lay_tile")?;
    let planned = judge_lay(state, company, &turn, lay, None)?;
    lay_tile(&mut state.board, lay, &planned);
    if lay.hex == "G20" && lowell_discount(state, company).is_some() {
        state.lowell_free_tile = None;
    }
    state.company_mut(company).cash -= planned.cost;
    state.bank += i64::from(planned.cost);
    turn.lays.push(TurnLay {
        hex: lay.hex.clone(),
        kind: planned.kind,
    });
    set_turn(state, turn);
    Ok(vec![Event::TileLaid {
        corporation: company,
        hex: lay.hex.clone(),
        tile: lay.tile.clone(),
        rotation: lay.rotation,
        cost: planned.cost,
    }])
}

pub fn place_token(
    state: &mut State,
    player: Seat,
    at: &StationPlacement,
) -> Result<Vec<Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "place_token")?;
    before_routes(&turn, "place_token")?;
    if turn.station_placed {
        return Err(Violation::new(
            "station_placed",
            section::STATIONS,
            "one station per turn",
        ));
    }
    let c = components();
    let reservations = active_reservations(&state.board, c, state.phase < PHASE_IV);
    let unstarted: Vec<String> = state
        .companies
        .iter()
        .filter(|e| !e.is_started())
        .map(|e| e.company.symbol().to_string())
        .collect();
    let sources = extra_sources(state, company);
    let ctx = StationContext {
        components: c,
        company: company.symbol(),
        cash: state.company(company).cash,
        reservations: &reservations,
        unstarted: &unstarted,
        extra_sources: &sources,
    };
    let cost = check_station(&state.board, &ctx, at)?;
    place_station(&mut state.board, company.symbol(), at);
    state.company_mut(company).cash -= cost;
    state.bank += i64::from(cost);
    turn.station_placed = true;
    set_turn(state, turn);
    Ok(vec![Event::StationPlaced {
        corporation: company,
        hex: at.hex.clone(),
        city: at.city,
        cost,
    }])
}

pub fn buy_ferry(state: &mut State, player: Seat, ferry: &str) -> Result<Vec<Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "buy_ferry")?;
    before_routes(&turn, "buy_ferry")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::FERRIES, m));
    if state.phase >= PHASE_IV {
        return refuse(
            "ferries_removed",
            "the ferries left the game in phase IV".to_string(),
        );
    }
    if turn.ferry_bought {
        return refuse("ferry_bought", "one ferry per turn".to_string());
    }
    if !state.provisional.ferries.iter().any(|f| f.id == ferry) {
        return refuse("unknown_ferry", format!("there is no ferry {ferry}"));
    }
    if state.ferries.iter().any(|f| f.ferry == ferry) {
        return refuse("ferry_taken", format!("the {ferry} ferry is bought"));
    }
    let price = state.provisional.ferry_price;
    if state.company(company).cash < price {
        return refuse(
            "insufficient_cash",
            format!(
                "a ferry costs ${price}; {company} has ${}",
                state.company(company).cash
            ),
        );
    }
    state.company_mut(company).cash -= price;
    state.bank += i64::from(price);
    state.ferries.push(super::state::OwnedFerry {
        ferry: ferry.to_string(),
        company,
    });
    turn.ferry_bought = true;
    set_turn(state, turn);
    Ok(vec![Event::FerryBought {
        corporation: company,
        ferry: ferry.to_string(),
        price,
    }])
}

/// How much the company may issue: shares players hold less shares in the market, within its
/// treasury and the market's 50%.
pub fn issuable(state: &State, company: Company) -> u8 {
    let e = state.company(company);
    let held: u8 = e.holdings.values().sum();
    held.saturating_sub(e.market_shares)
        .min(e.treasury_shares)
        .min(MARKET_LIMIT_PERCENT.saturating_sub(e.market_shares))
}

/// An issue or a redemption: by the operating company, once, before its dividend.
fn expect_share_move(
    state: &State,
    player: Seat,
    company: Company,
    action: &str,
) -> Result<CompanyTurn, Violation> {
    let (operating, turn) = expect_president(state, player, action)?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::ISSUES, m));
    if company != operating {
        return refuse(
            "not_operating",
            format!("only the operating company, {operating}, may issue or redeem now"),
        );
    }
    if turn.dividend_done || turn.shares_moved {
        return refuse(
            "issue_closed",
            "a company issues or redeems once, before paying dividends".to_string(),
        );
    }
    Ok(turn)
}

pub fn issue(
    state: &mut State,
    player: Seat,
    company: Company,
    percent: u8,
) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_share_move(state, player, company, "sell_shares")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::ISSUES, m));
    if percent == 0 || !percent.is_multiple_of(SHARE_PERCENT) || percent > issuable(state, company)
    {
        return refuse(
            "cannot_issue",
            format!(
                "{company} may issue up to {}% (shares players hold less those in the market), not {percent}%",
                issuable(state, company)
            ),
        );
    }
    let Some(index) = state.company(company).price else {
        return refuse("not_started", format!("{company} has not started"));
    };
    let shares = u32::from(percent / SHARE_PERCENT);
    let received =
        super::market::voluntary_issue(&components().market, usize::from(index), shares).total;
    state.bank_pays_company(company, received);
    let e = state.company_mut(company);
    e.treasury_shares -= percent;
    e.market_shares += percent;
    turn.shares_moved = true;
    set_turn(state, turn);
    Ok(vec![Event::SharesIssued {
        corporation: company,
        percent,
        received,
    }])
}

pub fn redeem(
    state: &mut State,
    player: Seat,
    company: Company,
    percent: u8,
) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_share_move(state, player, company, "buy_shares")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::ISSUES, m));
    let market = state.company(company).market_shares;
    if percent == 0 || !percent.is_multiple_of(SHARE_PERCENT) || percent > market {
        return refuse(
            "cannot_redeem",
            format!("{company} may redeem up to the {market}% in the market, not {percent}%"),
        );
    }
    let Some(index) = state.company(company).price else {
        return refuse("not_started", format!("{company} has not started"));
    };
    let shares = u32::from(percent / SHARE_PERCENT);
    let paid = super::market::redemption(&components().market, usize::from(index), shares).total;
    if state.company(company).cash < paid {
        return refuse(
            "insufficient_cash",
            format!(
                "redeeming {percent}% costs ${paid}; {company} has ${}",
                state.company(company).cash
            ),
        );
    }
    let e = state.company_mut(company);
    e.cash -= paid;
    e.market_shares -= percent;
    e.treasury_shares += percent;
    state.bank += i64::from(paid);
    turn.shares_moved = true;
    set_turn(state, turn);
    Ok(vec![Event::SharesRedeemed {
        corporation: company,
        percent,
        paid,
    }])
}

/// The route context of the operating company.
pub fn route_context<'a>(
    state: &'a State,
    company: Company,
    trains: &'a [OwnedTrain],
    ferries: &'a [String],
    sources: &'a [Node],
) -> RouteContext<'a> {
    let band = match state.phase {
        0 | 1 => Band::Early,
        2 | 3 => Band::Middle,
        _ => Band::Late,
    };
    RouteContext {
        components: components(),
        provisional: &state.provisional,
        band,
        before_phase_four: state.phase < PHASE_IV,
        company: company.symbol(),
        trains,
        ferries,
        new_ferry: state.ferries.last().map(|f| f.ferry.as_str()),
        luxury_ferry: state
            .luxury_ferry
            .as_deref()
            .filter(|_| owns(state, company, Private::P5)),
        ogdensburg: owns(state, company, Private::P4),
        delaware_and_hudson: owns(state, company, Private::P6),
        extra_sources: sources,
    }
}

pub fn owned_trains(state: &State, company: Company) -> Vec<OwnedTrain> {
    state
        .company(company)
        .trains
        .iter()
        .map(|t| OwnedTrain {
            id: t.id.clone(),
            side: t.side.clone(),
        })
        .collect()
}

pub fn owned_ferries(state: &State, company: Company) -> Vec<String> {
    state
        .ferries
        .iter()
        .filter(|f| f.company == company)
        .map(|f| f.ferry.clone())
        .collect()
}

/// The B&L may not run routes in phase I until a company owns P2, nor later while Boston shows
/// its printed yellow.
fn lowell_blocks_routes(state: &State, company: Company) -> bool {
    company == Company::Bl
        && !matches!(
            state.private(Private::P2).owner,
            PrivateOwner::Company { .. }
        )
        && (state.phase == 0 || !state.board.tiles.contains_key("G22"))
}

pub fn run_routes(
    state: &mut State,
    player: Seat,
    routes: &[Route],
) -> Result<Vec<Event>, Violation> {
    let (company, mut turn) = expect_runner(state, player)?;
    before_routes(&turn, "run_routes")?;
    if !routes.is_empty() && lowell_blocks_routes(state, company) {
        return Err(Violation::new(
            "lowell_blocks",
            section::ROUTES,
            "the B&L runs no route until a company owns the Lowell Merchants (P2) and, after phase I, until Boston is upgraded",
        ));
    }
    let trains = owned_trains(state, company);
    let ferries = owned_ferries(state, company);
    let sources = extra_sources(state, company);
    let ctx = route_context(state, company, &trains, &ferries, &sources);
    let revenues = check_routes(&state.board, &ctx, routes)?;
    let revenue: u32 = revenues.iter().map(|r| r.total).sum();
    turn.revenue = Some(revenue);
    set_turn(state, turn);
    let mut events = vec![Event::RoutesRun {
        corporation: company,
        revenue,
    }];
    // Phased-out trains have made their last run: they leave the game, one event per card.
    let gone = state.remove_trains(company, |t| t.phased_out);
    events.extend(trains_removed_by_card(gone));
    if state.company(company).receivership {
        events.extend(super::receivership::operate(state, company, revenue));
        advance(state);
        events.extend(start_turn_or_finish(state));
    }
    Ok(events)
}

/// Who may submit the operating company's routes: its president; for a company in
/// receivership, any player still in the game (ruling R5).
fn expect_runner(state: &State, player: Seat) -> Result<(Company, CompanyTurn), Violation> {
    match current(state) {
        Some((company, turn))
            if state.company(company).receivership
                && matches!(&state.round, Round::OperatingRound { discards, .. } if discards.is_empty()) =>
        {
            if state.player(player).bankrupt {
                return Err(Violation::new(
                    "player_bankrupt",
                    section::RECEIVERSHIP,
                    format!("player {player} is bankrupt and out of the game"),
                ));
            }
            Ok((company, turn.clone()))
        }
        _ => expect_president(state, player, "run_routes"),
    }
}

/// One `trains_removed` event per card among `ids` (`2-3` is a train of the card `2`), in the
/// order the cards first appear.
fn trains_removed_by_card(ids: Vec<String>) -> Vec<Event> {
    let mut events: Vec<Event> = Vec::new();
    for id in ids {
        let card = id
            .rsplit_once('-')
            .map_or(id.as_str(), |(c, _)| c)
            .to_string();
        match events.iter_mut().find_map(|e| match e {
            Event::TrainsRemoved { card: c, trains } if *c == card => Some(trains),
            _ => None,
        }) {
            Some(trains) => trains.push(id),
            None => events.push(Event::TrainsRemoved {
                card,
                trains: vec![id],
            }),
        }
    }
    events
}

pub fn dividend(
    state: &mut State,
    player: Seat,
    kind: DividendKind,
) -> Result<Vec<Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "dividend")?;
    let Some(revenue) = turn.revenue else {
        return Err(Violation::new(
            "routes_first",
            section::DIVIDENDS,
            "run routes first (run_routes, with no routes if it runs none)",
        ));
    };
    if turn.dividend_done {
        return Err(Violation::new(
            "dividend_done",
            section::DIVIDENDS,
            "the revenue is paid already",
        ));
    }
    let mut events = pay_dividend(state, company, revenue, kind);
    turn.dividend_done = true;
    set_turn(state, turn);
    if state.company(company).closed {
        // At $0 the company closes and its turn ends.
        advance(state);
        events.extend(start_turn_or_finish(state));
    }
    Ok(events)
}

/// Pays the revenue out, half or not at all, per 10% share (to players for theirs, to the
/// company for its treasury's, to no one for the market's), and moves the price by what was
/// paid against it.
pub(super) fn pay_dividend(
    state: &mut State,
    company: Company,
    revenue: u32,
    kind: DividendKind,
) -> Vec<Event> {
    let split = super::market::dividend_split(revenue, kind);
    let (withheld, paid, per_share) = (split.kept, split.paid, split.per_share());
    let mut payments = Vec::new();
    let holders: Vec<(Seat, u8)> = state
        .company(company)
        .holdings
        .iter()
        .map(|(s, p)| (*s, *p))
        .collect();
    for (seat, percent) in holders {
        let amount = per_share * u32::from(percent / SHARE_PERCENT);
        state.bank_pays_player(seat, amount);
        payments.push(Payment {
            player: seat,
            amount,
        });
    }
    let treasury_dividends =
        per_share * u32::from(state.company(company).treasury_shares / SHARE_PERCENT);
    let to_company = withheld + treasury_dividends;
    state.bank_pays_company(company, to_company);
    let mut events = vec![Event::DividendsPaid {
        corporation: company,
        revenue,
        kind,
        per_share,
        payments,
        to_company,
    }];
    let share_price = price(state, company).unwrap_or(0);
    let steps = price_steps(paid, share_price);
    move_price(state, company, steps, &mut events);
    events
}

/// The price move for `paid` out against the price: less than half, one left; at least the
/// price, one right; double, two; triple with a price of $165 or more, three.
pub fn price_steps(paid: u32, price: u32) -> i32 {
    super::market::dividend_steps(paid, price)
}

pub fn buy_train(
    state: &mut State,
    player: Seat,
    card: &str,
    variant: &str,
) -> Result<Vec<Event>, Violation> {
    let (company, turn) = expect_president(state, player, "buy_train")?;
    if !turn.dividend_done {
        return Err(Violation::new(
            "dividend_first",
            section::TRAINS,
            "trains are bought after the dividend",
        ));
    }
    let price = super::trains::judge_depot_card(state, company, card, variant)?;
    let president_paid = super::emergency::judge_depot_purchase(state, company, &turn, price)?;
    let mut events = super::trains::buy(
        state,
        company,
        card,
        variant,
        price,
        president_paid.unwrap_or(0),
    );
    events.extend(require_discards(state));
    Ok(events)
}

/// After a phase change, companies over the new limit discard, in operating order: a company
/// in receivership at once, its oldest trains first (a reading: it has no one to choose), the
/// others when their presidents act.
pub(super) fn require_discards(state: &mut State) -> Vec<Event> {
    let order = match &state.round {
        Round::OperatingRound { order, .. } => order.clone(),
        _ => vec![],
    };
    let mut events = Vec::new();
    let mut over = super::trains::over_limit(state, &order);
    let receivers: Vec<Company> = over
        .iter()
        .copied()
        .filter(|&c| state.company(c).receivership)
        .collect();
    for company in receivers {
        while super::trains::active_trains(state, company) > super::trains::train_limit(state) {
            let Some(oldest) = state
                .company(company)
                .trains
                .iter()
                .find(|t| !t.phased_out)
                .map(|t| t.id.clone())
            else {
                break;
            };
            state.remove_trains(company, |t| t.id == oldest);
            events.push(Event::TrainDiscarded {
                corporation: company,
                train: oldest,
            });
        }
    }
    over.retain(|&c| !state.company(c).receivership);
    if let Round::OperatingRound { discards, .. } = &mut state.round {
        *discards = over;
    }
    events
}

pub fn discard_train(
    state: &mut State,
    player: Seat,
    train: &str,
) -> Result<Vec<Event>, Violation> {
    let Round::OperatingRound { discards, .. } = &state.round else {
        return Err(wrong_round("discard_train", state));
    };
    let Some(&company) = discards.first() else {
        return Err(Violation::new(
            "no_discard",
            section::TRAINS,
            "no company is over the train limit",
        ));
    };
    let Some(president) = state.company(company).president else {
        return Err(wrong_round("discard_train", state));
    };
    if player != president {
        return Err(not_your_turn(player, president));
    }
    if !state
        .company(company)
        .trains
        .iter()
        .any(|t| t.id == train && !t.phased_out)
    {
        return Err(Violation::new(
            "unknown_train",
            section::TRAINS,
            format!("{company} has no train {train} to discard"),
        ));
    }
    state.remove_trains(company, |t| t.id == train);
    let still_over =
        super::trains::active_trains(state, company) > super::trains::train_limit(state);
    if let Round::OperatingRound { discards, .. } = &mut state.round
        && !still_over
    {
        discards.remove(0);
    }
    Ok(vec![Event::TrainDiscarded {
        corporation: company,
        train: train.to_string(),
    }])
}

/// Ends the operating company's turn: after its dividend, owning a train (if it can buy one).
pub fn pass(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    let (company, turn) = expect_president(state, player, "pass")?;
    if !turn.dividend_done {
        return Err(Violation::new(
            "routes_first",
            section::OPERATING_ROUND,
            "run routes and pay the dividend before ending the turn",
        ));
    }
    if super::emergency::needed_train(state, company).is_some() {
        return Err(Violation::new(
            "must_buy_train",
            section::TRAINS,
            format!("{company} owns no train and must buy one"),
        ));
    }
    advance(state);
    Ok(start_turn_or_finish(state))
}

// ---- Trains and privates bought from others ----

/// The surcharge a company pays the bank on top of P6's price.
pub const D_AND_H_SURCHARGE: u32 = 40;

/// Phases I-II: companies may buy privates.
const LAST_PRIVATE_PHASE: u8 = 1;

/// The price range for buying a private: $1 to its printed price, within the company's cash.
pub fn private_price_range(state: &State, company: Company, private: Private) -> (u32, u32) {
    let face = components().privates[private.index()].value;
    let surcharge = if private == Private::P6 {
        D_AND_H_SURCHARGE
    } else {
        0
    };
    (
        1,
        face.min(state.company(company).cash.saturating_sub(surcharge)),
    )
}

pub fn buy_company(
    state: &mut State,
    player: Seat,
    private: Private,
    price: u32,
    accepted_by: Option<Seat>,
) -> Result<Vec<Event>, Violation> {
    let (company, turn) = expect_president(state, player, "buy_company")?;
    super::emergency::refuse_private_purchase(state, company, &turn)?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::PRIVATES, m));
    if state.phase > LAST_PRIVATE_PHASE {
        return refuse(
            "privates_not_for_sale",
            "companies buy privates only in phases I and II".to_string(),
        );
    }
    let p = state.private(private);
    let PrivateOwner::Player { seat: owner } = p.owner else {
        return refuse(
            "not_a_players_private",
            format!("{private} is not a player's"),
        );
    };
    if p.closed {
        return refuse("private_closed", format!("{private} is closed"));
    }
    match (owner == player, accepted_by) {
        (true, None) => {}
        (false, Some(seat)) if seat == owner => {}
        (true, Some(_)) => {
            return refuse(
                "acceptance_not_needed",
                "the president sells to the company without acceptance".to_string(),
            );
        }
        (false, _) => {
            return refuse(
                "acceptance_required",
                format!("player {owner} owns {private}: the action needs accepted_by: \"{owner}\""),
            );
        }
    }
    let (min, max) = private_price_range(state, company, private);
    let face = components().privates[private.index()].value;
    if price < min || price > face {
        return refuse(
            "bad_price",
            format!("{private} sells for $1 to ${face}, not ${price}"),
        );
    }
    if price > max {
        return refuse(
            "insufficient_cash",
            format!("{company} has ${}", state.company(company).cash),
        );
    }
    let surcharge = if private == Private::P6 {
        D_AND_H_SURCHARGE
    } else {
        0
    };
    let e = state.company_mut(company);
    e.cash -= price + surcharge;
    state.player_mut(owner).cash += price;
    state.bank += i64::from(surcharge);
    state.privates[private.index()].owner = PrivateOwner::Company { company };
    if private == Private::P2
        && let Round::OperatingRound {
            after_stock_round,
            number,
            ..
        } = state.round
    {
        state.lowell_free_tile = Some(super::state::FreeTile {
            company,
            after_stock_round,
            operating_round: number,
        });
    }
    Ok(vec![Event::PrivateSold {
        company: private,
        from: owner,
        to: company,
        price,
        surcharge,
    }])
}

/// A train from another company, at an agreed price of at least $1; never a phased-out one.
pub fn buy_train_from(
    state: &mut State,
    player: Seat,
    seller: Company,
    train: &str,
    variant: &str,
    price: u32,
    accepted_by: Option<Seat>,
) -> Result<Vec<Event>, Violation> {
    let (company, turn) = expect_president(state, player, "buy_train")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::TRAINS, m));
    if !turn.dividend_done {
        return refuse(
            "dividend_first",
            "trains are bought after the dividend".to_string(),
        );
    }
    super::emergency::refuse_purchase_from_others(state, company, &turn)?;
    if seller == company {
        return refuse("own_train", format!("{company} cannot buy its own train"));
    }
    let Some(t) = state
        .company(seller)
        .trains
        .iter()
        .find(|t| t.id == train)
        .cloned()
    else {
        return refuse("unknown_train", format!("{seller} has no train {train}"));
    };
    if t.phased_out {
        return refuse(
            "phased_out",
            format!("{train} is phased out and cannot be sold"),
        );
    }
    // The buyer chooses the side at every purchase (ruling R2): the side it ran on before
    // does not bind it.
    if !super::data::card_has_side(&t.card, variant) {
        return refuse(
            "no_such_variant",
            format!("the {} card has no side {variant}", t.card),
        );
    }
    if price == 0 {
        return refuse("bad_price", "a train sells for at least $1".to_string());
    }
    if super::trains::active_trains(state, company) >= super::trains::train_limit(state) {
        return refuse("train_limit", format!("{company} is at the train limit"));
    }
    let seller_president = state.company(seller).president;
    match (seller_president == Some(player), accepted_by) {
        (true, None) => {}
        (false, Some(seat)) if Some(seat) == seller_president => {}
        (true, Some(_)) => {
            return refuse(
                "acceptance_not_needed",
                "the same president needs no acceptance".to_string(),
            );
        }
        (false, _) => {
            return refuse(
                "acceptance_required",
                format!("{seller}'s president must accept (accepted_by)"),
            );
        }
    }
    if state.company(company).cash < price {
        return refuse(
            "insufficient_cash",
            format!(
                "{company} has ${} for ${price}",
                state.company(company).cash
            ),
        );
    }
    state.company_mut(company).cash -= price;
    state.company_mut(seller).cash += price;
    state.company_mut(seller).trains.retain(|x| x.id != train);
    state.company_mut(company).trains.push(super::state::Train {
        side: variant.to_string(),
        ..t
    });
    Ok(vec![Event::TrainSold {
        from: seller,
        to: company,
        train: train.to_string(),
        variant: variant.to_string(),
        price,
    }])
}

// ---- The privates' abilities ----

/// The tiles P3 may lay in each of its hexes.
const CHAMPLAIN_TILES: [(&str, &[&str]); 2] = [("C4", &["3", "4", "58"]), ("C6", &["7", "8", "9"])];

/// P3: up to two free yellow tiles in C4 and C6, without connection to the company's network;
/// the C4 tile must lead towards Montreal (B3); a second lay follows the first in the same turn
/// and connects to it.
pub fn lay_champlain(
    state: &mut State,
    player: Seat,
    lay: &TileLay,
) -> Result<Vec<Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "lay_tile")?;
    before_routes(&turn, "lay_tile")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::PRIVATES, m));
    if !owns(state, company, Private::P3) {
        return refuse(
            "no_such_ability",
            format!("{company} does not own the Champlain & St. Lawrence (P3)"),
        );
    }
    let Some((_, tiles)) = CHAMPLAIN_TILES.iter().find(|(hex, _)| *hex == lay.hex) else {
        return refuse(
            "not_a_champlain_hex",
            format!("P3 lays only in C4 and C6, not {}", lay.hex),
        );
    };
    if !tiles.contains(&lay.tile.as_str()) {
        return refuse(
            "not_a_champlain_tile",
            format!(
                "P3 lays {} in {}, not {}",
                tiles.join(", "),
                lay.hex,
                lay.tile
            ),
        );
    }
    if state.champlain_lays.contains(&lay.hex) {
        return refuse(
            "champlain_used",
            format!("P3 has laid in {} already", lay.hex),
        );
    }
    if !state.champlain_lays.is_empty() && turn.champlain_lays == 0 {
        return refuse(
            "champlain_together",
            "P3's second tile follows the first in the same turn".to_string(),
        );
    }
    let c = components();
    let ctx = LayContext {
        components: c,
        phase: &c.phases[usize::from(state.phase)],
        company: company.symbol(),
        cash: u32::MAX,
        earlier: &[],
        blocked: &[],
        extra_sources: &[],
        discount: None,
        connection_free: true,
        network: None,
    };
    let planned = check_lay(&state.board, &ctx, lay)?;
    let tile = c.tile(&lay.tile).expect("checked");
    let exits = super::tiles::Face::of_tile(tile, lay.rotation).exits();
    // C4 leads NW to Montreal; the two tiles meet on the C4 - C6 edge (C4's S, C6's N).
    if lay.hex == "C4" && !exits.contains(&2) {
        return refuse(
            "champlain_to_montreal",
            "the C4 tile must lead towards Montreal (B3)".to_string(),
        );
    }
    if !state.champlain_lays.is_empty() {
        let meets = if lay.hex == "C4" {
            exits.contains(&0)
        } else {
            exits.contains(&3)
        };
        if !meets {
            return refuse(
                "champlain_together",
                "P3's two tiles must connect to each other".to_string(),
            );
        }
    }
    lay_tile(&mut state.board, lay, &planned);
    state.champlain_lays.push(lay.hex.clone());
    turn.champlain_lays += 1;
    set_turn(state, turn);
    Ok(vec![Event::TileLaid {
        corporation: company,
        hex: lay.hex.clone(),
        tile: lay.tile.clone(),
        rotation: lay.rotation,
        cost: 0,
    }])
}

/// P5: its owner chooses, once, the company's ferry it doubles.
pub fn assign_luxury_ferry(
    state: &mut State,
    player: Seat,
    private: Private,
    ferry: &str,
) -> Result<Vec<Event>, Violation> {
    let (company, _) = expect_president(state, player, "assign")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::PRIVATES, m));
    if private != Private::P5 || !owns(state, company, Private::P5) {
        return refuse(
            "no_such_ability",
            format!("{company} has no ability to assign with {private}"),
        );
    }
    if state.luxury_ferry.is_some() {
        return refuse(
            "already_assigned",
            "P5's ferry cannot be reassigned".to_string(),
        );
    }
    if !state
        .ferries
        .iter()
        .any(|f| f.ferry == ferry && f.company == company)
    {
        return refuse("not_its_ferry", format!("{company} owns no ferry {ferry}"));
    }
    state.luxury_ferry = Some(ferry.to_string());
    Ok(vec![Event::FerryAssigned {
        ferry: ferry.to_string(),
    }])
}
