//! Dividends (1846 6.6): the revenue paid out, half or withheld, per 10% share, and the price
//! move it earns.

use super::{
    OperatingEvent, OperatingTitle, Payment, TurnRecord, advance, expect_president, set_turn,
    start_turn_or_finish,
};
use crate::core::Violation;
use crate::games::kit18xx::market::{self, DividendKind};
use crate::games::kit18xx::shares::{SHARE_PERCENT, move_price, price};
use crate::games::kit18xx::table::Seat;

pub fn dividend<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    kind: DividendKind,
) -> Result<Vec<S::Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "dividend")?;
    let section = state.operating_sections().dividends;
    let Some(revenue) = turn.common().revenue else {
        return Err(Violation::new(
            "routes_first",
            section,
            "run routes first (run_routes, with no routes if it runs none)",
        ));
    };
    if turn.common().dividend_done {
        return Err(Violation::new(
            "dividend_done",
            section,
            "the revenue is paid already",
        ));
    }
    let kinds = state.dividend_kinds(company, revenue);
    if !kinds.contains(&kind) {
        return Err(Violation::new(
            "dividend_kind",
            section,
            format!("{company} may only {kinds:?} its ${revenue}, not {kind:?}"),
        ));
    }
    let mut events = state.pay_dividend(company, revenue, kind);
    *turn.common_mut().dividend_done = true;
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
pub fn pay_shareholders<S: OperatingTitle>(
    state: &mut S,
    company: S::Company,
    revenue: u32,
    kind: DividendKind,
) -> Vec<S::Event> {
    let split = market::dividend_split(revenue, kind);
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
    let mut events = vec![
        OperatingEvent::DividendsPaid {
            corporation: company,
            revenue,
            kind,
            per_share,
            payments,
            to_company,
        }
        .into(),
    ];
    let share_price = price(state, company).unwrap_or(0);
    let steps = price_steps(paid, share_price);
    move_price(state, company, steps, &mut events);
    events
}

/// The price move for `paid` out against the price: less than half, one left; at least the
/// price, one right; double, two; triple with a price of $165 or more, three.
pub fn price_steps(paid: u32, price: u32) -> i32 {
    market::dividend_steps(paid, price)
}
