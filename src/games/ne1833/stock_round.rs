//! Stock rounds: on a turn a player sells (any companies' shares, one sale per company), then
//! buys one certificate (a share or a president's certificate to start a company), or passes.
//! The round ends when every player has passed in a row.

use super::action::ShareSource;
use super::data::components;
use super::event::{Event, RoundKind};
use super::ids::{Company, Seat};
use super::market::{move_price, price, update_president};
use super::rules::{
    MARKET_LIMIT_PERCENT, PLAYER_LIMIT_PERCENT, PRESIDENT_PERCENT, SHARE_PERCENT, section,
};
use super::state::{Round, Sold, State};
use super::turns::{not_your_turn, wrong_round};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;

pub fn begin(state: &mut State, number: u32) -> Vec<Event> {
    // A bankrupt player is out: the Priority Deal passes to the next player still in.
    if state.player(state.priority_deal).bankrupt {
        state.priority_deal = state.next_seat(state.priority_deal);
    }
    state.round = Round::StockRound {
        number,
        to_act: state.priority_deal,
        passes_in_a_row: 0,
        sold_this_turn: Vec::new(),
        sold: Vec::new(),
        last_to_act: None,
    };
    vec![Event::RoundStarted {
        round: RoundKind::StockRound,
        number,
    }]
}

fn expect_turn(state: &State, player: Seat, action: &str) -> Result<(), Violation> {
    match &state.round {
        Round::StockRound { to_act, .. } if *to_act == player => Ok(()),
        Round::StockRound { to_act, .. } => Err(not_your_turn(player, *to_act)),
        _ => Err(wrong_round(action, state)),
    }
}

fn refuse(code: &str, rule: &str, message: String) -> Violation {
    Violation::new(code, rule, message)
}

/// The certificate limit for the number of players and of companies in play.
pub fn certificate_limit(state: &State) -> usize {
    let in_play = state.companies.iter().filter(|c| !c.closed).count().max(5);
    components()
        .cert_limits
        .get(&state.players.len().to_string())
        .and_then(|by| by.get(&in_play.to_string()))
        .map_or(0, |&l| l as usize)
}

fn check_certificate_room(state: &State, player: Seat) -> Result<(), Violation> {
    let held = state.certificates(player);
    let limit = certificate_limit(state);
    if held >= limit {
        return Err(refuse(
            "certificate_limit",
            section::CERTIFICATE_LIMIT,
            format!("player {player} holds {held} certificates; the limit is {limit}"),
        ));
    }
    Ok(())
}

/// A player over the certificate limit (1846 5.43, ruling R8) must sell down: they may not end
/// their turn while any sale `sell_shares` would accept is left to them, even one that does not
/// bring them all the way under.
fn check_not_over_limit(state: &State, player: Seat) -> Result<(), Violation> {
    let held = state.certificates(player);
    let limit = certificate_limit(state);
    if held <= limit {
        return Ok(());
    }
    if let Some((company, percent)) = first_accepted_sale(state, player) {
        return Err(refuse(
            "over_certificate_limit",
            section::CERTIFICATE_LIMIT,
            format!(
                "player {player} holds {held} certificates, over the limit of {limit}, and must sell (for one, {percent}% of {company}) before passing"
            ),
        ));
    }
    Ok(())
}

/// The first sale (company, percent) `sell_shares` would accept from `player` now.
fn first_accepted_sale(state: &State, player: Seat) -> Option<(Company, u8)> {
    Company::ALL.into_iter().find_map(|company| {
        let held = state.company(company).percent_of(player);
        (SHARE_PERCENT..=held)
            .step_by(usize::from(SHARE_PERCENT))
            .find(|&percent| judge_turn_sale(state, player, company, percent).is_ok())
            .map(|percent| (company, percent))
    })
}

/// Judges a sale in the stock round: one sale per company per turn, then [`judge_sale`].
fn judge_turn_sale(
    state: &State,
    player: Seat,
    company: Company,
    percent: u8,
) -> Result<u32, Violation> {
    if matches!(&state.round, Round::StockRound { sold_this_turn, .. } if sold_this_turn.contains(&company))
    {
        return Err(refuse(
            "sold_this_turn",
            section::SELLING,
            format!(
                "player {player} has sold {company} this turn already: one sale per company per turn"
            ),
        ));
    }
    judge_sale(state, player, company, percent)
}

fn has_sold(state: &State, player: Seat, company: Company) -> bool {
    matches!(&state.round, Round::StockRound { sold, .. } if sold.contains(&Sold { player, company }))
}

fn company_open(state: &State, company: Company) -> Result<(), Violation> {
    if state.company(company).closed {
        return Err(refuse(
            "company_closed",
            section::STOCK_ROUND,
            format!("{company} has closed"),
        ));
    }
    Ok(())
}

pub fn par(
    state: &mut State,
    player: Seat,
    company: Company,
    share_price: u32,
) -> Result<Vec<Event>, Violation> {
    expect_turn(state, player, "par")?;
    company_open(state, company)?;
    if state.company(company).is_started() {
        return Err(refuse(
            "already_started",
            section::STARTING,
            format!("{company} has started"),
        ));
    }
    let c = components();
    if !c.par_values.contains(&share_price) {
        return Err(refuse(
            "invalid_par",
            section::STARTING,
            format!(
                "${share_price} is not a par value; they are {:?}",
                c.par_values
            ),
        ));
    }
    check_certificate_room(state, player)?;
    let cost = 2 * share_price;
    let cash = state.player(player).cash;
    if cash < cost {
        return Err(refuse(
            "insufficient_cash",
            section::STARTING,
            format!(
                "starting {company} at ${share_price} costs ${cost}; player {player} has ${cash}"
            ),
        ));
    }
    // Judged: carry it out.
    let index = c
        .market
        .iter()
        .position(|&p| p == share_price)
        .expect("par values are on the market") as u8;
    state.arrivals += 1;
    let arrived = state.arrivals;
    state.player_pays_company(player, company, cost);
    let entry = state.company_mut(company);
    entry.price = Some(index);
    entry.arrived = arrived;
    entry.president = Some(player);
    entry.holdings.insert(player, PRESIDENT_PERCENT);
    entry.treasury_shares = 100 - PRESIDENT_PERCENT;
    let mut events = vec![Event::CompanyStarted {
        corporation: company,
        president: player,
        share_price,
        paid: cost,
    }];
    if super::stations::place_home(&mut state.board, c, company.symbol()).is_ok()
        && let Some(s) = state.board.stations_of(company.symbol()).next()
    {
        events.push(Event::StationPlaced {
            corporation: company,
            hex: s.hex.clone(),
            city: s.city,
            cost: 0,
        });
    }
    end_turn(state, player, true);
    Ok(events)
}

/// `buy_shares`: one 10% share from the treasury (paid to the company) or the market (paid to
/// the bank) at the current price, or, of a company in receivership, its 20% president's
/// certificate from the market at twice the price (ruling R5).
pub fn buy_shares(
    state: &mut State,
    player: Seat,
    company: Company,
    from: ShareSource,
    percent: u8,
) -> Result<Vec<Event>, Violation> {
    let cost = judge_purchase(state, player, company, from, percent)?;
    match from {
        ShareSource::Treasury => {
            state.player_pays_company(player, company, cost);
            state.company_mut(company).treasury_shares -= percent;
        }
        ShareSource::Market => {
            state.player_pays_bank(player, cost);
            state.company_mut(company).market_shares -= percent;
        }
    }
    *state
        .company_mut(company)
        .holdings
        .entry(player)
        .or_insert(0) += percent;
    let mut events = vec![Event::SharesBought {
        player,
        corporation: company,
        percent,
        from,
        price: cost,
    }];
    update_president(state, company, &mut events);
    end_receivership(state, company, player, &mut events);
    end_turn(state, player, true);
    Ok(events)
}

/// Judges a purchase and returns its cost: the turn, an open started company not sold by the
/// player this round, a certificate of that size where it is bought from, the 60% limit, the
/// certificate limit, the cash.
fn judge_purchase(
    state: &State,
    player: Seat,
    company: Company,
    from: ShareSource,
    percent: u8,
) -> Result<u32, Violation> {
    expect_turn(state, player, "buy_shares")?;
    company_open(state, company)?;
    let Some(share_price) = price(state, company) else {
        return Err(refuse(
            "not_started",
            section::BUYING,
            format!("{company} has not started: start it with par"),
        ));
    };
    if has_sold(state, player, company) {
        return Err(refuse(
            "bought_after_selling",
            section::BUYING,
            format!("player {player} sold {company} this round and may not buy it again in it"),
        ));
    }
    check_certificate_size(state, company, from, percent)?;
    let entry = state.company(company);
    let available = match from {
        ShareSource::Treasury => entry.treasury_shares,
        // In receivership 20% of the market is the president's certificate, bought whole.
        ShareSource::Market if entry.receivership && percent == SHARE_PERCENT => {
            entry.market_shares.saturating_sub(PRESIDENT_PERCENT)
        }
        ShareSource::Market => entry.market_shares,
    };
    if available < percent {
        return Err(refuse(
            "no_share_there",
            section::BUYING,
            format!(
                "{company} has {available}% to buy in its {}, not {percent}%",
                if from == ShareSource::Treasury {
                    "treasury"
                } else {
                    "market"
                }
            ),
        ));
    }
    let held = entry.percent_of(player);
    if held + percent > PLAYER_LIMIT_PERCENT {
        return Err(refuse(
            "player_limit",
            section::BUYING,
            format!(
                "player {player} holds {held}% of {company} and would hold {}%; no one may hold more than {PLAYER_LIMIT_PERCENT}%",
                held + percent
            ),
        ));
    }
    check_certificate_room(state, player)?;
    let cost = u32::from(percent / SHARE_PERCENT) * share_price;
    let cash = state.player(player).cash;
    if cash < cost {
        return Err(refuse(
            "insufficient_cash",
            section::BUYING,
            format!("{percent}% of {company} costs ${cost}; player {player} has ${cash}"),
        ));
    }
    Ok(cost)
}

/// A player buys one 10% share; only a company in receivership has its 20% president's
/// certificate in the market to buy.
fn check_certificate_size(
    state: &State,
    company: Company,
    from: ShareSource,
    percent: u8,
) -> Result<(), Violation> {
    let certificate = percent == PRESIDENT_PERCENT
        && from == ShareSource::Market
        && state.company(company).receivership;
    if percent == SHARE_PERCENT || certificate {
        return Ok(());
    }
    Err(refuse(
        "one_share",
        section::BUYING,
        format!(
            "a player buys one 10% share at a time, or the 20% president's certificate of a company in receivership from the market; not {percent}% of {company} from its {}",
            if from == ShareSource::Treasury {
                "treasury"
            } else {
                "market"
            }
        ),
    ))
}

/// A company in receivership gets a president as soon as a player holds 20% (the certificate
/// bought from the market, or two shares, swapped for the certificate there): it leaves
/// receivership (ruling R5).
fn end_receivership(state: &mut State, company: Company, buyer: Seat, events: &mut Vec<Event>) {
    let entry = state.company_mut(company);
    if !entry.receivership || entry.percent_of(buyer) < PRESIDENT_PERCENT {
        return;
    }
    entry.receivership = false;
    entry.president = Some(buyer);
    events.push(Event::ReceivershipEnded {
        corporation: company,
        president: buyer,
    });
}

pub fn sell_shares(
    state: &mut State,
    player: Seat,
    company: Company,
    percent: u8,
) -> Result<Vec<Event>, Violation> {
    expect_turn(state, player, "sell_shares")?;
    judge_turn_sale(state, player, company, percent)?;
    let events = perform_sale(state, player, company, percent);
    if let Round::StockRound {
        sold_this_turn,
        sold,
        last_to_act,
        ..
    } = &mut state.round
    {
        sold_this_turn.push(company);
        let entry = Sold { player, company };
        if !sold.contains(&entry) {
            sold.push(entry);
        }
        *last_to_act = Some(player);
    }
    Ok(events)
}

pub fn pass(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    expect_turn(state, player, "pass")?;
    check_not_over_limit(state, player)?;
    let acted = matches!(&state.round, Round::StockRound { sold_this_turn, .. } if !sold_this_turn.is_empty());
    let mut events = vec![Event::Passed { player }];
    end_turn(state, player, acted);
    let active = state.players.iter().filter(|p| !p.bankrupt).count() as u8;
    if let Round::StockRound {
        passes_in_a_row,
        number,
        ..
    } = &state.round
        && *passes_in_a_row >= active
    {
        let number = *number;
        events.extend(finish(state, number));
    }
    Ok(events)
}

/// Judges a sale of `percent` of `company` by `player` to the market: whole shares, held, the
/// company operated (or the seller its president), the market's 50%, the president's
/// certificate. Returns what the player would receive.
pub fn judge_sale(
    state: &State,
    player: Seat,
    company: Company,
    percent: u8,
) -> Result<u32, Violation> {
    company_open(state, company)?;
    let Some(share_price) = price(state, company) else {
        return Err(refuse(
            "not_started",
            section::SELLING,
            format!("{company} has not started"),
        ));
    };
    if percent == 0 || !percent.is_multiple_of(SHARE_PERCENT) {
        return Err(refuse(
            "bad_percent",
            section::SELLING,
            format!("shares are sold by 10%, not {percent}%"),
        ));
    }
    let entry = state.company(company);
    let is_president = entry.president == Some(player);
    if !entry.operated && !is_president {
        return Err(refuse(
            "not_yet_operated",
            section::SELLING,
            format!("{company} has not operated: only its president may sell its shares"),
        ));
    }
    let held = entry.percent_of(player);
    if percent > held {
        return Err(refuse(
            "not_enough_shares",
            section::SELLING,
            format!("player {player} holds {held}% of {company}, not {percent}%"),
        ));
    }
    if entry.market_shares + percent > MARKET_LIMIT_PERCENT {
        return Err(refuse(
            "market_full",
            section::SELLING,
            format!(
                "the market holds {}% of {company}; at most {MARKET_LIMIT_PERCENT}% may be there",
                entry.market_shares
            ),
        ));
    }
    // The president's certificate never goes to the market: the president keeps 20% unless
    // another player holds at least 20% and takes the presidency.
    if is_president && held - percent < PRESIDENT_PERCENT {
        let successor = state
            .seats()
            .filter(|&s| s != player)
            .map(|s| entry.percent_of(s))
            .max()
            .unwrap_or(0);
        if successor < PRESIDENT_PERCENT || successor <= held - percent {
            return Err(refuse(
                "president_certificate",
                section::SELLING,
                format!(
                    "player {player} is {company}'s president and would keep {}%: the president's certificate cannot go to the market and no other player holds 20% to take it",
                    held - percent
                ),
            ));
        }
    }
    Ok(u32::from(percent / SHARE_PERCENT) * share_price)
}

/// Carries out a judged sale: the bank pays, the shares go to the market, the president's
/// sale drops the price one space, the presidency may change.
pub fn perform_sale(state: &mut State, player: Seat, company: Company, percent: u8) -> Vec<Event> {
    let share_price = price(state, company).unwrap_or(0);
    let is_president = state.company(company).president == Some(player);
    let received = u32::from(percent / SHARE_PERCENT) * share_price;
    state.bank_pays_player(player, received);
    let entry = state.company_mut(company);
    entry.market_shares += percent;
    *entry.holdings.entry(player).or_insert(0) -= percent;
    entry.holdings.retain(|_, p| *p > 0);
    let mut events = vec![Event::SharesSold {
        player,
        corporation: company,
        percent,
        received,
    }];
    move_price(
        state,
        company,
        super::market::sale_steps(is_president, false),
        &mut events,
    );
    update_president(state, company, &mut events);
    events
}

/// Ends `player`'s turn: an action (a buy or any sale) starts the pass count again.
fn end_turn(state: &mut State, player: Seat, acted: bool) {
    let next = state.next_seat(player);
    if let Round::StockRound {
        to_act,
        passes_in_a_row,
        sold_this_turn,
        last_to_act,
        ..
    } = &mut state.round
    {
        *to_act = next;
        sold_this_turn.clear();
        if acted {
            *passes_in_a_row = 0;
            *last_to_act = Some(player);
        } else {
            *passes_in_a_row += 1;
        }
    }
}

/// The end of the round: companies with shares in the market drop a space, those wholly held
/// by players rise one, in operating order; the Priority Deal goes to the player after the last to act.
fn finish(state: &mut State, number: u32) -> Vec<Event> {
    let mut events = vec![Event::RoundEnded {
        round: RoundKind::StockRound,
        number,
    }];
    // In the operating order of this moment (ruling R10): highest price first, the earlier
    // arrival first on a price, so that of two companies moving onto the same space the one
    // ahead stays ahead.
    for company in super::operating_round::operating_order(state, false) {
        let entry = state.company(company);
        let sold_out = entry.holdings.values().map(|&p| u32::from(p)).sum::<u32>() == 100;
        let steps = super::market::end_of_round_steps(entry.market_shares > 0, sold_out);
        move_price(state, company, steps, &mut events);
    }
    if let Round::StockRound {
        last_to_act: Some(last),
        ..
    } = state.round
    {
        state.priority_deal = state.next_seat(last);
        events.push(Event::PriorityDeal {
            player: state.priority_deal,
        });
    }
    events.extend(super::operating_round::begin(state, number, 1));
    events
}
