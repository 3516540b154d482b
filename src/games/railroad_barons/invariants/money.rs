//! Money (docs/rules/railroad-barons.md#money): every amount in range, and the bank's payments
//! accounted for by the cash players and Holdings hold.

use super::problem;
use crate::core::Violation;
use crate::games::railroad_barons::rules::{MONEY_CEILING, section};
use crate::games::railroad_barons::state::State;

pub(super) fn check(state: &State, problems: &mut Vec<Violation>) {
    let mut total: i64 = 0;
    for p in &state.players {
        total += i64::from(p.cash);
        if p.cash >= MONEY_CEILING {
            problem(
                problems,
                "money_out_of_range",
                section::MONEY,
                format!("/players/{}/cash", p.seat.index()),
                format!(
                    "player {} has ${}; no amount in a game reaches ${MONEY_CEILING}",
                    p.seat, p.cash
                ),
            );
        }
    }
    for h in &state.holdings {
        total += i64::from(h.cash);
        if h.cash >= MONEY_CEILING {
            problem(
                problems,
                "money_out_of_range",
                section::MONEY,
                format!("/holdings/{}/cash", h.colour.index()),
                format!(
                    "{} has ${}; no amount in a game reaches ${MONEY_CEILING}",
                    h.colour, h.cash
                ),
            );
        }
    }
    if total != state.bank_paid_out {
        problem(
            problems,
            "money_not_conserved",
            section::MONEY,
            "/bank_paid_out",
            format!(
                "players and Holdings hold ${total} in all, but the bank has paid out ${} net",
                state.bank_paid_out
            ),
        );
    }
}
