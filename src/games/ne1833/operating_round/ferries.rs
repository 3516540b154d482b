//! Buying a ferry (docs/rules/1833ne.md#ferries, provisional): one a turn, before routes, each
//! ferry once, none from phase IV.

use super::{PHASE_IV, before_routes, expect_president, set_turn};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::event::Event;
use crate::games::ne1833::ids::Seat;
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{OwnedFerry, State};

pub fn buy_ferry(state: &mut State, player: Seat, ferry: &str) -> Result<Vec<Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "buy_ferry")?;
    before_routes(state, &turn, "buy_ferry")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::FERRIES, m));
    if state.phase >= PHASE_IV {
        return refuse(
            "ferries_removed",
            "the ferries left the game in phase IV".to_string(),
        );
    }
    if turn.ferry_bought {
        return refuse("ferry_bought", "one ferry per turn".to_string());
    }
    if !state.provisional.ferries.iter().any(|f| f.id == ferry) {
        return refuse("unknown_ferry", format!("there is no ferry {ferry}"));
    }
    if state.ferries.iter().any(|f| f.ferry == ferry) {
        return refuse("ferry_taken", format!("the {ferry} ferry is bought"));
    }
    let price = state.provisional.ferry_price;
    if state.company(company).cash < price {
        return refuse(
            "insufficient_cash",
            format!(
                "a ferry costs ${price}; {company} has ${}",
                state.company(company).cash
            ),
        );
    }
    state.company_mut(company).cash -= price;
    state.bank += i64::from(price);
    state.ferries.push(OwnedFerry {
        ferry: ferry.to_string(),
        company,
    });
    turn.ferry_bought = true;
    set_turn(state, turn);
    Ok(vec![Event::FerryBought {
        corporation: company,
        ferry: ferry.to_string(),
        price,
    }])
}
