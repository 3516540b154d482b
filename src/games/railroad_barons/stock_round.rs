//! The Stock Round: on a turn a player sells one or more certificates, buys one, sells then
//! buys one, or passes. Two passes in a row end the round.

use super::action::{Purchase, Sale};
use super::directorship::{settle_director_certificates, update_director, update_sell_down};
use super::event::{Event, PriorityReason, RoundKind, SaleRecord};
use super::ids::{Colour, Investor, Seat};
use super::rules::{
    BANK_CAP_PERCENT, CAPITAL_MULTIPLIER, CERTIFICATE_LIMIT, CERTIFICATES, DIRECTOR_CERTIFICATE,
    FLOAT_PERCENT, section,
};
use super::state::{Owner, Round, Sold, State};
use super::turns::{not_your_turn, wrong_round};
use crate::core::Violation;

/// Starts Stock Round `number`: the Priority Deal's holder acts first.
pub fn begin(state: &mut State, number: u32) -> Vec<Event> {
    state.round = Round::StockRound {
        number,
        to_act: state.priority_deal,
        turns_taken: 0,
        passes_in_a_row: 0,
        last_trader: None,
        sold: Vec::new(),
    };
    vec![Event::RoundStarted {
        round: RoundKind::StockRound,
        number,
    }]
}

/// Checks it is a Stock Round and `player`'s turn.
fn expect_turn(state: &State, player: Seat, action: &str) -> Result<(), Violation> {
    match &state.round {
        Round::StockRound { to_act, .. } if *to_act == player => Ok(()),
        Round::StockRound { to_act, .. } => Err(not_your_turn(player, *to_act)),
        _ => Err(wrong_round(action, state)),
    }
}

fn has_sold(state: &State, player: Seat, holding: Colour) -> bool {
    matches!(&state.round, Round::StockRound { sold, .. }
        if sold.contains(&Sold { player, holding }))
}

/// Units of 10% in a percentage.
fn units(percent: u8) -> u32 {
    u32::from(percent) / 10
}

fn is_certificate(percent: u8) -> bool {
    CERTIFICATES.contains(&percent)
}

fn no_such_certificate(percent: u8) -> Violation {
    Violation::new(
        "no_such_certificate",
        section::STOCK_ROUND,
        format!("a Holding has certificates of 40, 30, 20 and 10 percent, not {percent}"),
    )
}

fn describe(owner: Owner) -> String {
    match owner {
        Owner::Bank => "the bank".to_string(),
        Owner::A | Owner::B => format!("player {:?}", owner),
        Owner::Investor450 => "the $450 Investor".to_string(),
    }
}

/// A sale as judged: what the player receives for it.
#[derive(Debug, Clone, Copy)]
pub struct PlannedSale {
    pub sale: Sale,
    pub received: u32,
}

/// What the sales of a turn add up to, as the buy after them needs to know.
#[derive(Debug, Clone, Default)]
pub struct SalesSummary {
    pub received: u32,
    /// Certificates sold outright (exchanges keep the count).
    pub outright: usize,
    pub holdings: Vec<Colour>,
}

/// Judges the sales of one turn together. Exchanges draw on what the bank held at the start of
/// the turn.
pub fn plan_sales(
    state: &State,
    player: Seat,
    sales: &[Sale],
) -> Result<Vec<PlannedSale>, Violation> {
    let mut planned = Vec::with_capacity(sales.len());
    // Units each Holding's bank share grows by in this turn.
    let mut to_bank = [0u8; 5];
    for (i, sale) in sales.iter().enumerate() {
        let holding = state.holding(sale.holding);
        if !is_certificate(sale.certificate) {
            return Err(no_such_certificate(sale.certificate));
        }
        if sales[..i]
            .iter()
            .any(|s| s.holding == sale.holding && s.certificate == sale.certificate)
        {
            return Err(Violation::new(
                "duplicate_sale",
                section::SELLING,
                format!(
                    "{}'s {}% certificate is sold twice in one turn",
                    sale.holding, sale.certificate
                ),
            ));
        }
        let owner = holding.owner_of(sale.certificate).unwrap_or(Owner::Bank);
        if owner != player.into() {
            return Err(Violation::new(
                "certificate_not_owned",
                section::SELLING,
                format!(
                    "player {player} does not hold {}'s {}% certificate; it lies with {}",
                    sale.holding,
                    sale.certificate,
                    describe(owner)
                ),
            ));
        }
        if sale.certificate == DIRECTOR_CERTIFICATE && holding.director == Some(player) {
            let other = holding.percent_of(player.other().into());
            if other < DIRECTOR_CERTIFICATE {
                return Err(Violation::new(
                    "director_certificate_not_for_sale",
                    section::DIRECTOR_CERTIFICATE,
                    format!(
                        "player {player} is {}'s Director and may not sell its Director certificate: player {} holds {other}%, less than 40%",
                        sale.holding,
                        player.other()
                    ),
                ));
            }
        }
        let kept = match sale.exchange {
            None => 0,
            Some(smaller) => {
                if !is_certificate(smaller) {
                    return Err(no_such_certificate(smaller));
                }
                if smaller >= sale.certificate {
                    return Err(Violation::new(
                        "exchange_must_be_smaller",
                        section::SELLING,
                        format!(
                            "exchanging down gives {}% for a smaller certificate, and {smaller}% is not smaller",
                            sale.certificate
                        ),
                    ));
                }
                let lies_with = holding.owner_of(smaller).unwrap_or(Owner::Bank);
                if lies_with != Owner::Bank {
                    return Err(not_in_bank(sale.holding, smaller, lies_with));
                }
                if sales[..i]
                    .iter()
                    .any(|s| s.holding == sale.holding && s.exchange == Some(smaller))
                {
                    return Err(Violation::new(
                        "duplicate_exchange",
                        section::SELLING,
                        format!(
                            "{}'s {smaller}% certificate is taken back from the bank twice in one turn",
                            sale.holding
                        ),
                    ));
                }
                smaller
            }
        };
        let share_value = holding.share_value.unwrap_or(0);
        let sold_units = units(sale.certificate) - units(kept);
        to_bank[sale.holding.index()] += sold_units as u8;
        planned.push(PlannedSale {
            sale: *sale,
            received: sold_units.saturating_mul(share_value),
        });
    }
    for colour in Colour::ALL {
        let holding = state.holding(colour);
        let bank_after = holding
            .percent_of(Owner::Bank)
            .saturating_add(to_bank[colour.index()].saturating_mul(10));
        if holding.floated && to_bank[colour.index()] > 0 && bank_after > BANK_CAP_PERCENT {
            return Err(Violation::new(
                "bank_cap",
                section::BANK_CAP,
                format!(
                    "after these sales the bank would hold {bank_after}% of {colour}; it may hold at most {BANK_CAP_PERCENT}% of a floated Holding"
                ),
            ));
        }
    }
    Ok(planned)
}

fn not_in_bank(holding: Colour, percent: u8, lies_with: Owner) -> Violation {
    Violation::new(
        "certificate_not_in_bank",
        section::BUYING,
        format!(
            "{holding}'s {percent}% certificate is not in the bank; it lies with {}",
            describe(lies_with)
        ),
    )
}

pub fn summarize(planned: &[PlannedSale]) -> SalesSummary {
    let mut summary = SalesSummary::default();
    for p in planned {
        summary.received = summary.received.saturating_add(p.received);
        if p.sale.exchange.is_none() {
            summary.outright += 1;
        }
        if !summary.holdings.contains(&p.sale.holding) {
            summary.holdings.push(p.sale.holding);
        }
    }
    summary
}

/// Judges the buy of a turn, after its sales; returns the price.
pub fn plan_purchase(
    state: &State,
    player: Seat,
    purchase: &Purchase,
    sales: &SalesSummary,
) -> Result<u32, Violation> {
    let colour = purchase.holding;
    let holding = state.holding(colour);
    if has_sold(state, player, colour) || sales.holdings.contains(&colour) {
        return Err(Violation::new(
            "bought_after_selling",
            section::BUYING,
            format!(
                "player {player} sold {colour} in this Stock Round and may not buy it again until the next one"
            ),
        ));
    }
    if !is_certificate(purchase.certificate) {
        return Err(no_such_certificate(purchase.certificate));
    }
    let lies_with = holding
        .owner_of(purchase.certificate)
        .unwrap_or(Owner::Bank);
    if lies_with != Owner::Bank {
        return Err(not_in_bank(colour, purchase.certificate, lies_with));
    }
    let share_value = match (holding.share_value, purchase.start_value) {
        (None, None) => {
            return Err(Violation::new(
                "start_value_required",
                section::STARTING,
                format!("buying {colour}'s Director certificate starts it: choose its start_value"),
            ));
        }
        (None, Some(start)) => {
            if purchase.certificate != DIRECTOR_CERTIFICATE {
                return Err(Violation::new(
                    "director_certificate_first",
                    section::STARTING,
                    format!(
                        "{colour} is not started: the first certificate bought is its 40% Director certificate, not {}%",
                        purchase.certificate
                    ),
                ));
            }
            if !state.components.start_values.contains(&start) {
                return Err(super::draft::invalid_start_value(state, start));
            }
            start
        }
        (Some(_), Some(_)) => {
            return Err(Violation::new(
                "already_started",
                section::STARTING,
                format!(
                    "{colour} is already started; a start_value is given only when starting a Holding"
                ),
            ));
        }
        (Some(value), None) => value,
    };
    let price_units = match purchase.exchange {
        Some(smaller) => {
            if !is_certificate(smaller) {
                return Err(no_such_certificate(smaller));
            }
            if smaller >= purchase.certificate {
                return Err(Violation::new(
                    "exchange_must_be_larger",
                    section::BUYING,
                    format!(
                        "exchanging up hands in a smaller certificate for {}%, and {smaller}% is not smaller",
                        purchase.certificate
                    ),
                ));
            }
            let owner = holding.owner_of(smaller).unwrap_or(Owner::Bank);
            if owner != player.into() {
                return Err(Violation::new(
                    "certificate_not_owned",
                    section::BUYING,
                    format!(
                        "player {player} does not hold {colour}'s {smaller}% certificate to hand in; it lies with {}",
                        describe(owner)
                    ),
                ));
            }
            units(purchase.certificate) - units(smaller)
        }
        None => {
            let count = state.certificate_count(player) - sales.outright;
            if count >= CERTIFICATE_LIMIT {
                return Err(Violation::new(
                    "certificate_limit",
                    section::CERTIFICATE_LIMIT,
                    format!(
                        "player {player} holds {count} certificates; the limit is {CERTIFICATE_LIMIT}, so they may not buy another (an exchange is allowed)"
                    ),
                ));
            }
            units(purchase.certificate)
        }
    };
    let price = price_units.saturating_mul(share_value);
    let cash = state.player(player).cash.saturating_add(sales.received);
    if cash < price {
        return Err(Violation::new(
            "insufficient_cash",
            section::BUYING,
            format!(
                "{colour}'s {}% certificate costs ${price}; player {player} has ${cash}",
                purchase.certificate
            ),
        ));
    }
    Ok(price)
}

/// A turn of sales, a buy, or sales then a buy.
pub fn trade(
    state: &mut State,
    player: Seat,
    sell: &[Sale],
    buy: Option<&Purchase>,
) -> Result<Vec<Event>, Violation> {
    expect_turn(state, player, "trade")?;
    if sell.is_empty() && buy.is_none() {
        return Err(Violation::new(
            "empty_trade",
            section::STOCK_ROUND,
            "a trade sells or buys something; to do nothing, pass",
        ));
    }
    let planned = plan_sales(state, player, sell)?;
    let summary = summarize(&planned);
    if state.player(player).owes_sell_down && (buy.is_some() || summary.outright == 0) {
        return Err(sell_down_required(state, player));
    }
    let price = match buy {
        Some(purchase) => Some(plan_purchase(state, player, purchase, &summary)?),
        None => None,
    };
    // Everything is judged: from here on the turn is carried out.
    let mut events = Vec::new();
    if !planned.is_empty() {
        carry_out_sales(state, player, &planned, &summary, &mut events);
    }
    if let (Some(purchase), Some(price)) = (buy, price) {
        carry_out_purchase(state, player, purchase, price, &mut events);
    }
    settle_director_certificates(state, &mut events);
    update_sell_down(state, &mut events);
    if let Round::StockRound {
        to_act,
        turns_taken,
        passes_in_a_row,
        last_trader,
        ..
    } = &mut state.round
    {
        *to_act = player.other();
        *turns_taken = turns_taken.saturating_add(1);
        *passes_in_a_row = 0;
        *last_trader = Some(player);
    }
    Ok(events)
}

fn sell_down_required(state: &State, player: Seat) -> Violation {
    Violation::new(
        "sell_down_required",
        section::CERTIFICATE_LIMIT,
        format!(
            "player {player} holds {} certificates, over the limit of {CERTIFICATE_LIMIT}, and must sell (not exchange, not buy) before anything else",
            state.certificate_count(player)
        ),
    )
}

fn carry_out_sales(
    state: &mut State,
    player: Seat,
    planned: &[PlannedSale],
    summary: &SalesSummary,
    events: &mut Vec<Event>,
) {
    for p in planned {
        let holding = state.holding_mut(p.sale.holding);
        holding.set_owner(p.sale.certificate, Owner::Bank);
        if let Some(smaller) = p.sale.exchange {
            holding.set_owner(smaller, player.into());
        }
    }
    state.bank_pays_player(player, summary.received);
    events.push(Event::CertificatesSold {
        player,
        sales: planned
            .iter()
            .map(|p| SaleRecord {
                holding: p.sale.holding,
                certificate: p.sale.certificate,
                exchange: p.sale.exchange,
                received: p.received,
            })
            .collect(),
        total: summary.received,
    });
    if let Round::StockRound { sold, .. } = &mut state.round {
        for &holding in &summary.holdings {
            let entry = Sold { player, holding };
            if !sold.contains(&entry) {
                sold.push(entry);
            }
        }
    }
    // Each Holding sold moves down once, before any Directorship change.
    let mut sold_holdings = summary.holdings.clone();
    sold_holdings.sort();
    for &colour in &sold_holdings {
        move_share_value_down(state, colour, events);
    }
    for &colour in &sold_holdings {
        update_director(state, colour, events);
    }
}

fn move_share_value_down(state: &mut State, colour: Colour, events: &mut Vec<Event>) {
    let Some(from) = state.holding(colour).share_value else {
        return;
    };
    let to = state.components.step_down(from);
    if to != from {
        state.holding_mut(colour).share_value = Some(to);
        events.push(Event::ShareValueMoved {
            holding: colour,
            from,
            to,
        });
    }
}

fn carry_out_purchase(
    state: &mut State,
    player: Seat,
    purchase: &Purchase,
    price: u32,
    events: &mut Vec<Event>,
) {
    let colour = purchase.holding;
    state.player_pays_bank(player, price);
    let holding = state.holding_mut(colour);
    if let Some(smaller) = purchase.exchange {
        holding.set_owner(smaller, Owner::Bank);
    }
    holding.set_owner(purchase.certificate, player.into());
    if let Some(start) = purchase.start_value {
        holding.start_value = Some(start);
        holding.share_value = Some(start);
        holding.director = Some(player);
        events.push(Event::HoldingStarted {
            holding: colour,
            director: player,
            start_value: start,
            paid: price,
        });
    }
    events.push(Event::CertificateBought {
        player,
        holding: colour,
        certificate: purchase.certificate,
        handed_in: purchase.exchange,
        paid: price,
    });
    float_if_due(state, colour, events);
    update_director(state, colour, events);
}

/// Once players hold 50% or more, the bank pays the Holding 10 times its start value.
fn float_if_due(state: &mut State, colour: Colour, events: &mut Vec<Event>) {
    let holding = state.holding(colour);
    if holding.floated || holding.percent_held_by_players() < FLOAT_PERCENT {
        return;
    }
    let capital = holding
        .start_value
        .unwrap_or(0)
        .saturating_mul(CAPITAL_MULTIPLIER);
    state.holding_mut(colour).floated = true;
    state.bank_pays_holding(colour, capital);
    events.push(Event::HoldingFloated {
        holding: colour,
        capital,
    });
}

/// Whether `player` has an outright sale open to them (a player owing a sell-down may pass
/// only when they have none).
pub fn can_sell_outright(state: &State, player: Seat) -> bool {
    state.holdings.iter().any(|h| {
        h.certificates_of(player.into()).into_iter().any(|percent| {
            let sale = Sale {
                holding: h.colour,
                certificate: percent,
                exchange: None,
            };
            plan_sales(state, player, &[sale]).is_ok()
        })
    })
}

pub fn pass(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    expect_turn(state, player, "pass")?;
    if state.player(player).owes_sell_down && can_sell_outright(state, player) {
        return Err(sell_down_required(state, player));
    }
    let mut events = vec![Event::Passed { player }];
    let Round::StockRound {
        number,
        to_act,
        turns_taken,
        passes_in_a_row,
        last_trader,
        ..
    } = &mut state.round
    else {
        unreachable!("expect_turn checked the round")
    };
    *turns_taken = turns_taken.saturating_add(1);
    *passes_in_a_row = passes_in_a_row.saturating_add(1);
    if *passes_in_a_row < 2 {
        *to_act = player.other();
        return Ok(events);
    }
    let (number, last_trader) = (*number, *last_trader);
    events.push(Event::RoundEnded {
        round: RoundKind::StockRound,
        number,
    });
    // The player who did not make the last buy or sell gets the Priority Deal.
    if let Some(trader) = last_trader {
        let to = trader.other();
        if to != state.priority_deal {
            events.push(Event::PriorityDealPassed {
                from: state.priority_deal,
                to,
                reason: PriorityReason::StockRoundEnded,
            });
            state.priority_deal = to;
        }
    }
    events.extend(super::operating_round::begin(state, number, 1));
    Ok(events)
}

/// Whether `player` may use the $30 Investor's swap now (ignoring whose turn it is).
pub fn may_swap_priority(state: &State, player: Seat) -> bool {
    swap_problem(state, player).is_none()
}

fn swap_problem(state: &State, player: Seat) -> Option<Violation> {
    let problem =
        |code: &str, message: String| Some(Violation::new(code, section::PRIORITY_DEAL, message));
    match &state.round {
        Round::StockRound { turns_taken: 0, .. } => {}
        Round::StockRound { .. } => {
            return problem(
                "swap_too_late",
                "the Priority Deal may be swapped only at the start of a Stock Round, before its first turn".to_string(),
            );
        }
        _ => return Some(wrong_round("swap_priority", state)),
    }
    let p = state.player(player);
    if !p.investors.contains(&Investor::Investor30) {
        return problem(
            "no_investor_30",
            format!("player {player} does not own the $30 Investor"),
        );
    }
    if state.priority_deal == player {
        return problem(
            "already_has_priority",
            format!("player {player} already holds the Priority Deal"),
        );
    }
    if p.priority_swap_used {
        return problem(
            "swap_already_used",
            format!(
                "player {player} has already used the $30 Investor's swap; it is once per game"
            ),
        );
    }
    None
}

pub fn swap_priority(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    if let Some(v) = swap_problem(state, player) {
        return Err(v);
    }
    let from = state.priority_deal;
    state.priority_deal = player;
    state.player_mut(player).priority_swap_used = true;
    if let Round::StockRound { to_act, .. } = &mut state.round {
        *to_act = player;
    }
    Ok(vec![Event::PriorityDealPassed {
        from,
        to: player,
        reason: PriorityReason::Investor30,
    }])
}
