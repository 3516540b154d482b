//! Step 2, revenue (docs/rules/railroad-barons.md#revenue): the Railroads' incomes, the
//! invested tokens and the Investors' bonuses, paid out to the shareholders or withheld, and the
//! share value's move.

use super::{expect_step, set_round};
use crate::core::Violation;
use crate::games::railroad_barons::event::{Event, Payment};
use crate::games::railroad_barons::ids::{Colour, Seat};
use crate::games::railroad_barons::rules::{INVESTED_TOKEN_REVENUE, section};
use crate::games::railroad_barons::state::{OperatingStep, State};

/// Railroad incomes, plus $10 per invested token and the assigned Investors' bonuses while the
/// Holding owns at least one Railroad.
pub fn revenue_of(state: &State, colour: Colour) -> u32 {
    let holding = state.holding(colour);
    if holding.railroads.is_empty() {
        return 0;
    }
    let incomes: u32 = holding
        .railroads
        .iter()
        .filter_map(|r| state.face_of(*r))
        .map(|f| f.income)
        .sum();
    let tokens = u32::from(holding.operators_invested) * INVESTED_TOKEN_REVENUE;
    let bonuses: u32 = holding
        .investors
        .iter()
        .map(|&i| state.components.investor(i).bonus)
        .sum();
    incomes + tokens + bonuses
}

pub fn revenue(state: &mut State, player: Seat, payout: bool) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_step(state, player, "revenue", OperatingStep::Revenue)?;
    let colour = turn.holding;
    let revenue = revenue_of(state, colour);
    if payout && revenue == 0 {
        return Err(Violation::new(
            "nothing_to_pay",
            section::REVENUE,
            format!("{colour} has no revenue to pay out; withhold (payout: false)"),
        ));
    }
    let mut events = Vec::new();
    if payout {
        let mut payments = Vec::new();
        for seat in Seat::ALL {
            let percent = state.holding(colour).percent_of(seat.into());
            if percent == 0 {
                continue;
            }
            // Whole dollars: each player's share is rounded down.
            let amount = (u64::from(revenue) * u64::from(percent) / 100) as u32;
            state.bank_pays_player(seat, amount);
            payments.push(Payment {
                player: seat,
                percent,
                amount,
            });
        }
        events.push(Event::DividendsPaid {
            holding: colour,
            revenue,
            payments,
        });
        if let Some(from) = state.holding(colour).share_value {
            let to = state.components.step_up(from);
            if to != from {
                state.holding_mut(colour).share_value = Some(to);
                events.push(Event::ShareValueMoved {
                    holding: colour,
                    from,
                    to,
                });
            }
            if state.components.share_value_track.last() == Some(&to) {
                turn.top_reached = true;
            }
        }
    } else {
        state.bank_pays_holding(colour, revenue);
        events.push(Event::RevenueWithheld {
            holding: colour,
            revenue,
        });
    }
    turn.step = OperatingStep::Acquisitions;
    set_round(state, turn);
    Ok(events)
}
