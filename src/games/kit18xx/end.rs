//! The end of the game (1846 8.x): the bank broken (the set of rounds is finished: the
//! operating round's concern), all but one player bankrupt (at once), or, in 1833NE (ruling
//! R6), nothing left that can change. Wealth decides: cash, shares at their price, and what
//! the title adds (1833NE's privates before phase III).

use super::operating_round::{EndReason, OperatingEvent, OperatingTitle};
use super::shares::{SHARE_PERCENT, price};
use super::table::{Seat, Standing};

/// A player's wealth: cash plus shares at their price, plus what the title counts besides.
pub fn wealth<S: OperatingTitle>(state: &S, seat: Seat) -> u32 {
    let shares: u32 = state
        .companies()
        .iter()
        .filter(|c| !c.closed)
        .map(|c| {
            u32::from(c.percent_of(seat) / SHARE_PERCENT) * price(state, c.company).unwrap_or(0)
        })
        .sum();
    state.player(seat).cash + shares + state.other_wealth(seat)
}

/// Ends the game: the ranking by wealth, the richest first (a tie: the earlier seat).
pub fn end_game<S: OperatingTitle>(state: &mut S, reason: EndReason) -> Vec<S::Event> {
    let mut ranking: Vec<Standing> = state
        .seats()
        .map(|seat| Standing {
            player: seat,
            wealth: wealth(state, seat),
        })
        .collect();
    ranking.sort_by_key(|s| (std::cmp::Reverse(s.wealth), s.player));
    state.enter_game_ended(ranking.clone());
    vec![OperatingEvent::GameEnded { ranking, reason }.into()]
}

/// No open company is left and no player can ever start one: no company is left to start, or
/// no player can ever gain money (`income_left` false: the title knows its income outside the
/// companies) and no player still in the game holds the cash for the cheapest start (twice the
/// lowest par).
pub fn no_company_can_run<S: OperatingTitle>(state: &S, income_left: bool) -> bool {
    let companies = state.companies();
    if companies.iter().any(|c| c.is_started() && !c.closed) {
        return false;
    }
    let startable = companies.iter().any(|c| !c.is_started() && !c.closed);
    let cheapest_start = 2 * state.par_values().iter().copied().min().unwrap_or(0);
    let can_pay = state
        .players()
        .iter()
        .any(|p| !p.bankrupt && p.cash >= cheapest_start);
    !startable || (!income_left && !can_pay)
}
