//! Selling shares: what a sale may be (never a share bought this round back, the limits of the pool
//! and the presidency), and its effect on the price.

use super::{StockTitle, company_open, expect_turn, judge_turn_sale, refuse_as};
use crate::core::{Refusal, Violation};
use crate::games::kit18xx::shares::{
    MARKET_LIMIT_PERCENT, PRESIDENT_PERCENT, SHARE_PERCENT, ShareEvent, Shares, move_price, price,
    update_president,
};
use crate::games::kit18xx::table::{Seat, Sold};

pub fn sell_shares<S: StockTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<Vec<S::Event>, Violation> {
    expect_turn::<_, Violation>(state, player, "sell_shares")?;
    judge_turn_sale(state, player, company, percent)?;
    let events = perform_sale(state, player, company, percent);
    if let Some(round) = state.stock_round_mut() {
        round.sold_this_turn.push(company);
        let entry = Sold { player, company };
        if !round.sold.contains(&entry) {
            round.sold.push(entry);
        }
        *round.last_to_act = Some(player);
    }
    Ok(events)
}

/// Judges a sale of `percent` of `company` by `player` to the market: whole shares, held, the
/// corporation operated (or the seller its president), the market's 50%, the president's
/// certificate. Returns what the player would receive.
pub fn judge_sale<S: StockTitle>(
    state: &S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<u32, Violation> {
    judge_sale_as(state, player, company, percent)
}

/// [`judge_sale`], refusing as `R` (see [`Refusal`]).
pub fn judge_sale_as<S: StockTitle, R: Refusal>(
    state: &S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<u32, R> {
    company_open::<_, R>(state, company)?;
    let selling = state.sections().selling;
    let Some(share_price) = price(state, company) else {
        return Err(refuse_as("not_started", selling, || {
            format!("{company} has not started")
        }));
    };
    if percent == 0 || !percent.is_multiple_of(SHARE_PERCENT) {
        return Err(refuse_as("bad_percent", selling, || {
            format!("shares are sold by 10%, not {percent}%")
        }));
    }
    let entry = state.company(company);
    let is_president = entry.president == Some(player);
    if !entry.operated && !is_president {
        return Err(refuse_as("not_yet_operated", selling, || {
            format!("{company} has not operated: only its president may sell its shares")
        }));
    }
    let held = entry.percent_of(player);
    if percent > held {
        return Err(refuse_as("not_enough_shares", selling, || {
            format!("player {player} holds {held}% of {company}, not {percent}%")
        }));
    }
    if entry.market_shares + percent > MARKET_LIMIT_PERCENT {
        return Err(refuse_as("market_full", selling, || {
            format!(
                "the market holds {}% of {company}; at most {MARKET_LIMIT_PERCENT}% may be there",
                entry.market_shares
            )
        }));
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
            return Err(refuse_as("president_certificate", selling, || {
                format!(
                    "player {player} is {company}'s president and would keep {}%: the president's certificate cannot go to the market and no other player holds 20% to take it",
                    held - percent
                )
            }));
        }
    }
    Ok(u32::from(percent / SHARE_PERCENT) * share_price)
}

/// Carries out a judged sale: the bank pays, the shares go to the market, the president's
/// sale drops the price one space, the presidency may change.
pub fn perform_sale<S: Shares>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Vec<S::Event> {
    let share_price = price(state, company).unwrap_or(0);
    let is_president = state.company(company).president == Some(player);
    let received = u32::from(percent / SHARE_PERCENT) * share_price;
    state.bank_pays_player(player, received);
    let entry = state.company_mut(company);
    entry.market_shares += percent;
    *entry.holdings.entry(player).or_insert(0) -= percent;
    entry.holdings.retain(|_, p| *p > 0);
    let mut events = vec![
        ShareEvent::SharesSold {
            player,
            corporation: company,
            percent,
            received,
        }
        .into(),
    ];
    move_price(
        state,
        company,
        crate::games::kit18xx::market::sale_steps(is_president, false),
        &mut events,
    );
    update_president(state, company, &mut events);
    events
}
