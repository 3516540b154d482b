//! Starting a company: judging a par (the company open, the player's room and cash) and whether the
//! player has any choice but to pass.

use super::{
    StockTitle, check_certificate_room, company_open, end_turn, expect_turn, judge_purchase_as,
    judge_turn_sale_as, refuse_as,
};
use crate::core::{Refusal, Refused, Violation};
use crate::games::kit18xx::shares::{PRESIDENT_PERCENT, SHARE_PERCENT, ShareEvent, ShareSource};
use crate::games::kit18xx::table::{CompanyId, Seat};

/// Judges a start at `share_price` and returns the price's market space and the cost: the
/// turn, an open corporation not started, a par value, the certificate limit, the cash.
pub fn judge_par<S: StockTitle>(
    state: &S,
    player: Seat,
    company: S::Company,
    share_price: u32,
) -> Result<(usize, u32), Violation> {
    judge_par_as(state, player, company, share_price)
}

/// [`judge_par`], refusing as `R` (see [`Refusal`]).
pub fn judge_par_as<S: StockTitle, R: Refusal>(
    state: &S,
    player: Seat,
    company: S::Company,
    share_price: u32,
) -> Result<(usize, u32), R> {
    expect_turn::<_, R>(state, player, "par")?;
    company_open::<_, R>(state, company)?;
    let starting = state.sections().starting;
    if !company.has_shares() {
        return Err(refuse_as("no_shares", starting, || {
            format!("{company} has no shares: it is not started with a par")
        }));
    }
    if state.company(company).is_started() {
        return Err(refuse_as("already_started", starting, || {
            format!("{company} has started")
        }));
    }
    let par_values = state.par_values();
    let index = state.market().iter().position(|&p| p == share_price);
    let (true, Some(index)) = (par_values.contains(&share_price), index) else {
        return Err(refuse_as("invalid_par", starting, || {
            format!("${share_price} is not a par value; they are {par_values:?}")
        }));
    };
    check_certificate_room::<_, R>(state, player)?;
    let cost = 2 * share_price;
    let cash = state.player(player).cash;
    if cash < cost {
        return Err(refuse_as("insufficient_cash", starting, || {
            format!(
                "starting {company} at ${share_price} costs ${cost}; player {player} has ${cash}"
            )
        }));
    }
    Ok((index, cost))
}

/// Whether `player`, to act, has anything to do but pass: a start, a purchase or a sale the
/// rules accept. (18xx.games skips a player who has not; railrules asks for the pass.)
pub fn has_choice<S: StockTitle>(state: &S, player: Seat) -> bool {
    // Judged without the refusals' words (`Refused`): only whether one is accepted counts.
    let buys = |company, from, percent| {
        judge_purchase_as::<_, Refused>(state, player, company, from, percent).is_ok()
    };
    let sources = [ShareSource::Treasury, ShareSource::Market];
    S::Company::all().iter().any(|&company| {
        may_par(state, player, company)
            || sources
                .iter()
                .any(|&from| buys(company, from, SHARE_PERCENT))
            || buys(company, ShareSource::Market, PRESIDENT_PERCENT)
            || judge_turn_sale_as::<_, Refused>(state, player, company, SHARE_PERCENT).is_ok()
    })
}

/// Whether `player` may start `company` at one of the par values. Of `judge_par`'s refusals,
/// only a price not on the market and the cash depend on the price, the cash refusing every
/// dearer price too: the par values are judged cheapest first, until one is accepted or
/// refused for more than its place on the market.
fn may_par<S: StockTitle>(state: &S, player: Seat, company: S::Company) -> bool {
    let mut prices = state.par_values().to_vec();
    prices.sort_unstable();
    for price in prices {
        match judge_par_as::<_, Refused>(state, player, company, price) {
            Ok(_) => return true,
            Err(refusal) if refusal.code == "invalid_par" => {}
            Err(_) => return false,
        }
    }
    false
}

/// Starts `company` at `share_price`: the player buys its president's certificate for twice
/// the price, paid into its treasury.
pub fn par<S: StockTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    share_price: u32,
) -> Result<Vec<S::Event>, Violation> {
    let (index, cost) = judge_par(state, player, company, share_price)?;
    // Judged: carry it out.
    let arrivals = state.arrivals_mut();
    *arrivals += 1;
    let arrived = *arrivals;
    state.player_pays_company(player, company, cost);
    let entry = state.company_mut(company);
    entry.price = u8::try_from(index).ok();
    entry.arrived = arrived;
    entry.president = Some(player);
    entry.holdings.insert(player, PRESIDENT_PERCENT);
    entry.treasury_shares = 100 - PRESIDENT_PERCENT;
    let mut events = vec![
        ShareEvent::CompanyStarted {
            corporation: company,
            president: player,
            share_price,
            paid: cost,
        }
        .into(),
    ];
    state.on_start(company, share_price, &mut events);
    end_turn(state, player, true);
    Ok(events)
}
