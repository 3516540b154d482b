//! The Stock Round (docs/rules/railroad-barons.md#stock-round): on a turn a player sells one or
//! more certificates, buys one, sells then buys one, or passes. Two passes in a row end the
//! round. This file holds the turn and the trade; selling, buying and the priority deal have
//! their own files.

mod buying;
mod priority_deal;
mod selling;

pub use buying::plan_purchase;
pub use priority_deal::{may_swap_priority, swap_priority};
pub use selling::{PlannedSale, SalesSummary, can_sell_outright, plan_sales, summarize};

use crate::core::Violation;
use crate::games::railroad_barons::action::{Purchase, Sale};
use crate::games::railroad_barons::directorship::{settle_director_certificates, update_sell_down};
use crate::games::railroad_barons::event::{Event, PriorityReason, RoundKind};
use crate::games::railroad_barons::ids::{Colour, Seat};
use crate::games::railroad_barons::rules::{CERTIFICATE_LIMIT, CERTIFICATES, section};
use crate::games::railroad_barons::state::{Owner, Round, Sold, State};
use crate::games::railroad_barons::turns::{not_your_turn, wrong_round};
use buying::carry_out_purchase;
use selling::carry_out_sales;

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
    events.extend(crate::games::railroad_barons::operating_round::begin(
        state, number, 1,
    ));
    Ok(events)
}
