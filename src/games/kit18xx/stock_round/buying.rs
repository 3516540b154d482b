//! Buying shares: from the initial offering, the bank pool or a company's treasury, as the title
//! allows, each certificate within the player's room.

use super::{
    StockTitle, check_certificate_room, company_open, end_turn, expect_turn, has_sold, refuse_as,
};
use crate::core::{Refusal, Violation};
use crate::games::kit18xx::shares::{
    PLAYER_LIMIT_PERCENT, PRESIDENT_PERCENT, SHARE_PERCENT, ShareEvent, ShareSource, price,
    update_president,
};
use crate::games::kit18xx::table::Seat;

/// `buy_shares`: one 10% share from the treasury (paid to the company) or the market (paid to
/// the bank) at the current price, or, of a corporation in receivership, its 20% president's
/// certificate from the market at twice the price.
pub fn buy_shares<S: StockTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    from: ShareSource,
    percent: u8,
) -> Result<Vec<S::Event>, Violation> {
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
    let mut events = vec![
        ShareEvent::SharesBought {
            player,
            corporation: company,
            percent,
            from,
            price: cost,
        }
        .into(),
    ];
    update_president(state, company, &mut events);
    end_receivership(state, company, player, &mut events);
    end_turn(state, player, true);
    Ok(events)
}

/// Judges a purchase and returns its cost: the turn, an open started corporation not sold by
/// the player this round, a certificate of that size where it is bought from, the 60% limit,
/// the certificate limit, the cash.
pub fn judge_purchase<S: StockTitle>(
    state: &S,
    player: Seat,
    company: S::Company,
    from: ShareSource,
    percent: u8,
) -> Result<u32, Violation> {
    judge_purchase_as(state, player, company, from, percent)
}

/// [`judge_purchase`], refusing as `R` (see [`Refusal`]).
pub fn judge_purchase_as<S: StockTitle, R: Refusal>(
    state: &S,
    player: Seat,
    company: S::Company,
    from: ShareSource,
    percent: u8,
) -> Result<u32, R> {
    expect_turn::<_, R>(state, player, "buy_shares")?;
    company_open::<_, R>(state, company)?;
    let buying = state.sections().buying;
    let Some(share_price) = price(state, company) else {
        return Err(refuse_as("not_started", buying, || {
            format!("{company} has not started: start it with par")
        }));
    };
    if has_sold(state, player, company) {
        return Err(refuse_as("bought_after_selling", buying, || {
            format!("player {player} sold {company} this round and may not buy it again in it")
        }));
    }
    check_certificate_size::<_, R>(state, company, from, percent)?;
    let entry = state.company(company);
    let available = match from {
        ShareSource::Treasury => entry.treasury_shares,
        // In receivership 20% of the market is the president's certificate: bought whole, or
        // (where the title has it so) as a share by a player holding one, swapping it.
        ShareSource::Market
            if entry.receivership
                && percent == SHARE_PERCENT
                && !(state.receivership_presidency_as_a_share()
                    && entry.percent_of(player) >= SHARE_PERCENT) =>
        {
            entry.market_shares.saturating_sub(PRESIDENT_PERCENT)
        }
        ShareSource::Market => entry.market_shares,
    };
    if available < percent {
        return Err(refuse_as("no_share_there", buying, || {
            format!(
                "{company} has {available}% to buy in its {}, not {percent}%",
                source_name(from)
            )
        }));
    }
    let held = entry.percent_of(player);
    if held + percent > PLAYER_LIMIT_PERCENT {
        return Err(refuse_as("player_limit", buying, || {
            format!(
                "player {player} holds {held}% of {company} and would hold {}%; no one may hold more than {PLAYER_LIMIT_PERCENT}%",
                held + percent
            )
        }));
    }
    check_certificate_room::<_, R>(state, player)?;
    let cost = u32::from(percent / SHARE_PERCENT) * share_price;
    let cash = state.player(player).cash;
    if cash < cost {
        return Err(refuse_as("insufficient_cash", buying, || {
            format!("{percent}% of {company} costs ${cost}; player {player} has ${cash}")
        }));
    }
    Ok(cost)
}

fn source_name(from: ShareSource) -> &'static str {
    match from {
        ShareSource::Treasury => "treasury",
        ShareSource::Market => "market",
    }
}

/// A player buys one 10% share; only a corporation in receivership has its 20% president's
/// certificate in the market to buy.
fn check_certificate_size<S: StockTitle, R: Refusal>(
    state: &S,
    company: S::Company,
    from: ShareSource,
    percent: u8,
) -> Result<(), R> {
    let certificate = percent == PRESIDENT_PERCENT
        && from == ShareSource::Market
        && state.company(company).receivership
        && !state.receivership_presidency_as_a_share();
    if percent == SHARE_PERCENT || certificate {
        return Ok(());
    }
    Err(refuse_as("one_share", state.sections().buying, || {
        format!(
            "a player buys one 10% share at a time, or the 20% president's certificate of a company in receivership from the market; not {percent}% of {company} from its {}",
            source_name(from)
        )
    }))
}

/// A corporation in receivership gets a president as soon as a player holds 20% (the
/// certificate bought from the market, or two shares, swapped for the certificate there): it
/// leaves receivership.
fn end_receivership<S: StockTitle>(
    state: &mut S,
    company: S::Company,
    buyer: Seat,
    events: &mut Vec<S::Event>,
) {
    let entry = state.company_mut(company);
    if !entry.receivership || entry.percent_of(buyer) < PRESIDENT_PERCENT {
        return;
    }
    entry.receivership = false;
    entry.president = Some(buyer);
    events.push(
        ShareEvent::ReceivershipEnded {
            corporation: company,
            president: buyer,
        }
        .into(),
    );
}
