//! A minor's dividend (docs/rules/1846.md#minors): it splits its revenue with its owner, half
//! (rounded down) to its treasury and the rest to the owner, and has no price to move (g_1846
//! `MinorHalfPay`: `payout` keeps `revenue / 2`, the owner gets the rest).

use crate::games::g1846::event::Event;
use crate::games::g1846::ids::Company;
use crate::games::g1846::state::State;
use crate::games::kit18xx::market::DividendKind;
use crate::games::kit18xx::operating_round::Payment;
use crate::games::kit18xx::table::Table as _;

pub fn pay_minor(
    state: &mut State,
    minor: Company,
    revenue: u32,
    kind: DividendKind,
) -> Vec<Event> {
    let (kept, to_owner) = match kind {
        DividendKind::Withhold => (revenue, 0),
        _ => (revenue / 2, revenue - revenue / 2),
    };
    let mut payments = Vec::new();
    if let Some(owner) = state.company(minor).president
        && to_owner > 0
    {
        state.bank_pays_player(owner, to_owner);
        payments.push(Payment {
            player: owner,
            amount: to_owner,
        });
    }
    state.bank_pays_company(minor, kept);
    vec![Event::DividendsPaid {
        corporation: minor,
        revenue,
        kind,
        per_share: 0,
        payments,
        to_company: kept,
    }]
}
