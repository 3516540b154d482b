//! Operating rounds: two after each stock round. Private income, then each started company in
//! operating order (the game's first round lowest price first, later highest first, the first
//! to reach a price first on a tie): issue or redeem, track, a station, a ferry; run routes;
//! pay out, half or withhold; buy trains; a company must own a train.

use super::action::DividendKind;
use super::board::Node;
use super::data::{Band, components};
use super::event::{Event, Payment, RoundKind};
use super::ids::{Company, Private, Seat};
use super::market::{move_price, price};
use super::routes::{OwnedTrain, Route, RouteContext, check_routes};
use super::rules::{MARKET_LIMIT_PERCENT, SHARE_PERCENT, section};
use super::state::{CompanyTurn, PrivateOwner, Round, Standing, State, TurnLay};
use super::stations::{
    StationContext, StationPlacement, active_reservations, check_station, place_station,
};
use super::track::{LayContext, TileLay, check_lay, lay_tile};
use super::turns::{not_your_turn, wrong_round};
use crate::core::Violation;

/// The phase index from which reservations end and ferries are gone (phase IV).
const PHASE_IV: u8 = 3;
/// Phase III: privates close or flip, off-board values change.
const PHASE_III: u8 = 2;

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

/// Starts the current company's turn, skipping closed ones; ends the round after the last.
fn start_turn_or_finish(state: &mut State) -> Vec<Event> {
    loop {
        let Some((company, _)) = current(state) else {
            return finish_round(state);
        };
        let Some(president) = state
            .company(company)
            .president
            .filter(|_| !state.company(company).closed)
        else {
            advance(state);
            continue;
        };
        state.company_mut(company).operated = true;
        return vec![Event::CompanyOperates {
            corporation: company,
            president,
        }];
    }
}

fn advance(state: &mut State) {
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
        events.extend(end_game(state));
    } else {
        events.extend(super::stock_round::begin(state, after_stock_round + 1));
    }
    events
}

/// Wealth: cash plus shares at their price, plus privates at list price before phase III.
pub fn end_game(state: &mut State) -> Vec<Event> {
    let mut ranking: Vec<Standing> = state
        .seats()
        .map(|seat| {
            let shares: u32 = state
                .companies
                .iter()
                .filter(|c| !c.closed)
                .map(|c| {
                    u32::from(c.percent_of(seat) / SHARE_PERCENT)
                        * price(state, c.company).unwrap_or(0)
                })
                .sum();
            let privates: u32 = if state.phase < PHASE_III {
                state
                    .privates
                    .iter()
                    .filter(|p| !p.closed && p.owner == PrivateOwner::Player { seat })
                    .map(|p| components().privates[p.private.index()].value)
                    .sum()
            } else {
                0
            };
            Standing {
                player: seat,
                wealth: state.player(seat).cash + shares + privates,
            }
        })
        .collect();
    ranking.sort_by_key(|s| (std::cmp::Reverse(s.wealth), s.player));
    state.round = Round::GameEnded {
        ranking: ranking.clone(),
    };
    vec![Event::GameEnded { ranking }]
}

/// Checks the action is the operating company's president's, outside a pending discard.
fn expect_president(
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
        return Err(wrong_round(action, state));
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

fn set_turn(state: &mut State, new: CompanyTurn) {
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
    let below = components().market[usize::from(index.saturating_sub(1))];
    let received = u32::from(percent / SHARE_PERCENT) * below;
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
    let market_prices = &components().market;
    let above = market_prices[usize::from(index + 1).min(market_prices.len() - 1)];
    let paid = u32::from(percent / SHARE_PERCENT) * above;
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
    let (company, mut turn) = expect_president(state, player, "run_routes")?;
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
    Ok(events)
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
    let withheld = match kind {
        DividendKind::Payout => 0,
        DividendKind::Half => revenue / 2 / 10 * 10,
        DividendKind::Withhold => revenue,
    };
    let paid = revenue - withheld;
    let per_share = paid / 10;
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
    turn.dividend_done = true;
    set_turn(state, turn);
    if state.company(company).closed {
        // At $0 the company closes and its turn ends.
        advance(state);
        events.extend(start_turn_or_finish(state));
    }
    Ok(events)
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
    let issue_first =
        short(state, company, &turn).is_some_and(|need| emergency_shares(state, company, need) > 0);
    let (price, president_paid) =
        super::trains::plan_purchase_with(state, company, card, variant, issue_first)?;
    let mut events = super::trains::buy(state, company, card, variant, price, president_paid);
    let order = match &state.round {
        Round::OperatingRound { order, .. } => order.clone(),
        _ => vec![],
    };
    let over = super::trains::over_limit(state, &order);
    if let Round::OperatingRound { discards, .. } = &mut state.round {
        *discards = over;
    }
    if state.phase >= PHASE_III {
        events.extend(check_closed_privates(state));
    }
    Ok(events)
}

/// Nothing to do yet beyond what the phase change did (kept for the privates' future abilities).
fn check_closed_privates(_state: &mut State) -> Vec<Event> {
    Vec::new()
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
    if needed_train(state, company).is_some() {
        return Err(Violation::new(
            "must_buy_train",
            section::TRAINS,
            format!("{company} owns no train and must buy one"),
        ));
    }
    advance(state);
    Ok(start_turn_or_finish(state))
}

// ---- Emergency money: a company without a train must buy one ----

/// The cheapest train the company could buy, if it owns none and the depot has one.
pub fn needed_train(state: &State, company: Company) -> Option<u32> {
    if !state.company(company).trains.is_empty() {
        return None;
    }
    let card = &components().trains[super::trains::available_card(state)?];
    card.sides.iter().map(super::data::train_price).min()
}

/// Whether the company is short of its cheapest train after its dividend.
fn short(state: &State, company: Company, turn: &CompanyTurn) -> Option<u32> {
    let need = needed_train(state, company)?;
    (turn.dividend_done && state.company(company).cash < need).then_some(need)
}

/// The emergency issue of `shares`: each at one value below the price after `shares` moves
/// left; `None` if it would take the price below $20 or raise nothing.
fn emergency_terms(state: &State, company: Company, shares: u8) -> Option<(u32, usize)> {
    let market = &components().market;
    let index = usize::from(state.company(company).price?);
    let after = index.checked_sub(usize::from(shares))?;
    if market[after] < 20 {
        return None;
    }
    let each = market[after.checked_sub(1)?];
    (each > 0).then_some((each * u32::from(shares), after))
}

/// The shares the company may issue in an emergency: the fewest that pay for the train, or all
/// it can when even that is not enough (0 when none can be).
pub fn emergency_shares(state: &State, company: Company, need: u32) -> u8 {
    let cash = state.company(company).cash;
    let most = issuable(state, company) / SHARE_PERCENT;
    let mut allowed = 0;
    for n in 1..=most {
        let Some((raised, _)) = emergency_terms(state, company, n) else {
            break;
        };
        allowed = n;
        if cash + raised >= need {
            break;
        }
    }
    allowed
}

pub fn emergency_issue(
    state: &mut State,
    player: Seat,
    company: Company,
    percent: u8,
) -> Result<Vec<Event>, Violation> {
    let (operating, turn) = expect_president(state, player, "sell_shares")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::ISSUES, m));
    if company != operating {
        return refuse(
            "not_operating",
            format!("only the operating company, {operating}, may issue now"),
        );
    }
    let Some(need) = short(state, company, &turn) else {
        return refuse("issue_closed", "a company issues or redeems before paying dividends, or after them only to pay for its train".to_string());
    };
    let allowed = emergency_shares(state, company, need);
    if percent == 0 || !percent.is_multiple_of(SHARE_PERCENT) || percent / SHARE_PERCENT != allowed
    {
        return refuse(
            "cannot_issue",
            format!(
                "to pay for its train {company} issues exactly {}% now (the fewest shares that pay, or all it can)",
                allowed * SHARE_PERCENT
            ),
        );
    }
    let (received, after) = emergency_terms(state, company, allowed).expect("allowed");
    state.bank_pays_company(company, received);
    let e = state.company_mut(company);
    e.treasury_shares -= percent;
    e.market_shares += percent;
    let mut events = vec![Event::SharesIssued {
        corporation: company,
        percent,
        received,
    }];
    let from = usize::from(state.company(company).price.unwrap_or(0));
    move_price(state, company, after as i32 - from as i32, &mut events);
    Ok(events)
}

/// The president's cash falls short of the train even with the company's: they may sell their
/// own shares (not changing the operating company's president, not closing it), until it is
/// enough.
pub fn emergency_sale(
    state: &mut State,
    player: Seat,
    company: Company,
    percent: u8,
) -> Result<Vec<Event>, Violation> {
    let (operating, turn) = expect_president(state, player, "sell_shares")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::TRAINS, m));
    let Some(need) = short(state, operating, &turn) else {
        return refuse("no_emergency", "players sell shares in stock rounds; in an operating round only a president raising money for a train".to_string());
    };
    if emergency_shares(state, operating, need) > 0 {
        return refuse(
            "issue_first",
            format!("{operating} must issue shares before its president sells"),
        );
    }
    if state.company(operating).cash + state.player(player).cash >= need {
        return refuse(
            "enough_raised",
            "the president has enough cash: no more sales".to_string(),
        );
    }
    super::stock_round::judge_sale(state, player, company, percent)?;
    if company == operating {
        let after = state.company(company).percent_of(player) - percent;
        if state
            .seats()
            .any(|s| s != player && state.company(company).percent_of(s) > after)
        {
            return refuse(
                "presidency_would_change",
                format!("the sale would cost player {player} the presidency of {company}"),
            );
        }
        if state.company(company).price.is_some_and(|i| i <= 1) {
            return refuse(
                "company_would_close",
                format!("the sale would drop {company} to $0"),
            );
        }
    }
    Ok(super::stock_round::perform_sale(
        state, player, company, percent,
    ))
}

/// Whether the president has a sale left that `emergency_sale` would accept.
fn has_emergency_sale(state: &State, player: Seat) -> bool {
    Company::ALL.iter().any(|&c| {
        (10..=state.company(c).percent_of(player))
            .step_by(10)
            .any(|p| emergency_sale(&mut state.clone(), player, c, p).is_ok())
    })
}

pub fn bankrupt(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    let (company, turn) = expect_president(state, player, "bankrupt")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::END, m));
    let Some(need) = short(state, company, &turn) else {
        return refuse(
            "not_bankrupt",
            format!("{company} does not need money for a train"),
        );
    };
    if emergency_shares(state, company, need) > 0
        || state.company(company).cash + state.player(player).cash >= need
        || has_emergency_sale(state, player)
    {
        return refuse(
            "not_bankrupt",
            format!("player {player} can still raise money for {company}'s train"),
        );
    }
    let cash = state.player(player).cash;
    state.player_pays_company(player, company, cash);
    state.player_mut(player).bankrupt = true;
    let mut events = vec![Event::PlayerBankrupt {
        player,
        cash_to_company: cash,
    }];
    // The player's shares go to the market without moving prices; their privates close.
    for c in Company::ALL {
        let held = state.company(c).percent_of(player);
        if held == 0 {
            continue;
        }
        let e = state.company_mut(c);
        e.holdings.remove(&player);
        e.market_shares += held;
        if e.president == Some(player) {
            let next = e
                .holdings
                .iter()
                .filter(|(_, p)| **p >= super::rules::PRESIDENT_PERCENT)
                .max_by_key(|(s, p)| (**p, std::cmp::Reverse(s.index())))
                .map(|(s, _)| *s);
            match next {
                Some(to) => {
                    e.president = Some(to);
                    events.push(Event::PresidentChanged {
                        corporation: c,
                        from: player,
                        to,
                    });
                }
                None => super::market::close(state, c, &mut events),
            }
        }
    }
    for p in state.privates.iter_mut() {
        if p.owner == (PrivateOwner::Player { seat: player }) {
            p.closed = true;
        }
    }
    let left = state.players.iter().filter(|p| !p.bankrupt).count();
    if left <= 1 {
        events.extend(end_game(state));
        return Ok(events);
    }
    // The new president must buy the train; a closed company's turn ends.
    if state.company(company).closed {
        advance(state);
        events.extend(start_turn_or_finish(state));
    }
    Ok(events)
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
    let (company, _) = expect_president(state, player, "buy_company")?;
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
    if t.side != variant {
        return refuse(
            "no_such_variant",
            format!("{train} runs as {}, not {variant}", t.side),
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
    state.company_mut(company).trains.push(t);
    Ok(vec![Event::TrainSold {
        from: seller,
        to: company,
        train: train.to_string(),
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
