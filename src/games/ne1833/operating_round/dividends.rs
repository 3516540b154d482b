//! Dividends (docs/rules/1833ne.md#dividends): the revenue paid out, half or withheld, per 10%
//! share, and the price move it earns.

use super::{advance, expect_president, set_turn, start_turn_or_finish};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::action::DividendKind;
use crate::games::ne1833::event::{Event, Payment};
use crate::games::ne1833::ids::{Company, Seat};
use crate::games::ne1833::market::{self, move_price, price};
use crate::games::ne1833::rules::{SHARE_PERCENT, section};
use crate::games::ne1833::state::State;

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
pub(in crate::games::ne1833) fn pay_dividend(
    state: &mut State,
    company: Company,
    revenue: u32,
    kind: DividendKind,
) -> Vec<Event> {
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
    market::dividend_steps(paid, price)
}
