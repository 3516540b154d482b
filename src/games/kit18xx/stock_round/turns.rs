//! A player's turn ending, and the round ending once every player has passed in turn.

use super::{StockTitle, check_not_over_limit, expect_turn};
use crate::core::Violation;
use crate::games::kit18xx::shares::{ShareEvent, move_price};
use crate::games::kit18xx::table::Seat;

pub fn pass<S: StockTitle>(state: &mut S, player: Seat) -> Result<Vec<S::Event>, Violation> {
    expect_turn::<_, Violation>(state, player, "pass")?;
    check_not_over_limit(state, player)?;
    let acted = state
        .stock_round()
        .is_some_and(|r| !r.sold_this_turn.is_empty());
    let mut events = vec![ShareEvent::Passed { player }.into()];
    end_turn(state, player, acted);
    let active = state.players().iter().filter(|p| !p.bankrupt).count() as u8;
    if let Some(round) = state.stock_round()
        && round.passes_in_a_row >= active
    {
        let number = round.number;
        events.extend(finish(state, number));
    }
    Ok(events)
}

/// Ends `player`'s turn: an action (a buy or any sale) starts the pass count again.
pub(super) fn end_turn<S: StockTitle>(state: &mut S, player: Seat, acted: bool) {
    let next = state.next_seat(player);
    if let Some(round) = state.stock_round_mut() {
        *round.to_act = next;
        round.sold_this_turn.clear();
        if acted {
            *round.passes_in_a_row = 0;
            *round.last_to_act = Some(player);
        } else {
            *round.passes_in_a_row += 1;
        }
    }
}

/// The end of the round: corporations with shares in the market drop a space, those wholly
/// held by players rise one, in operating order; the priority deal goes to the player after
/// the last to act.
pub(super) fn finish<S: StockTitle>(state: &mut S, number: u32) -> Vec<S::Event> {
    let mut events = vec![ShareEvent::RoundEnded { number }.into()];
    // In the operating order of this moment: highest price first, the earlier arrival first on
    // a price, so that of two corporations moving onto the same space the one ahead stays
    // ahead.
    for company in state.operating_order() {
        let entry = state.company(company);
        let sold_out = entry.holdings.values().map(|&p| u32::from(p)).sum::<u32>() == 100;
        let steps =
            crate::games::kit18xx::market::end_of_round_steps(entry.market_shares > 0, sold_out);
        move_price(state, company, steps, &mut events);
    }
    if let Some(last) = state.stock_round().and_then(|r| r.last_to_act) {
        let deal = state.next_seat(last);
        *state.priority_deal_mut() = deal;
        events.push(ShareEvent::PriorityDeal { player: deal }.into());
    }
    events.extend(state.after_stock_round(number));
    events
}
