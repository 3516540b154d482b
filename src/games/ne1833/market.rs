//! 1833NE's market in its state: share price moves, presidency changes, closing at $0. How far
//! a price moves and what a share goes for are the kit's market rules (`kit18xx::market`, on
//! 1833NE's track `components().market`, $0-$730), re-exported here.

use super::data::components;
use super::event::Event;
use super::ids::{Company, Seat};
use super::rules::PRESIDENT_PERCENT;
use super::state::{PrivateOwner, State};
pub use crate::games::kit18xx::market::*;
use crate::games::kit18xx::table::Table as _;

/// The company's share price in dollars, if started.
pub fn price(state: &State, company: Company) -> Option<u32> {
    let index = state.company(company).price?;
    components().market.get(usize::from(index)).copied()
}

/// Moves the price `steps` spaces (negative: left), clamped at both ends; a company reaching a
/// closing space closes.
pub fn move_price(state: &mut State, company: Company, steps: i32, events: &mut Vec<Event>) {
    let market = &components().market;
    let Some(from) = state.company(company).price else {
        return;
    };
    let Ok(to) = u8::try_from(step(market, usize::from(from), steps)) else {
        return;
    };
    if to == from {
        return;
    }
    state.arrivals += 1;
    let arrived = state.arrivals;
    let entry = state.company_mut(company);
    entry.price = Some(to);
    entry.arrived = arrived;
    events.push(Event::SharePriceMoved {
        corporation: company,
        from: market[usize::from(from)],
        to: market[usize::from(to)],
    });
    if components()
        .market_close_prices
        .contains(&market[usize::from(to)])
    {
        close(state, company, events);
    }
}

/// A company closes (1846 8.1, ruling R7): it leaves the game with its shares, stations and
/// trains (the trains leave the game, not for the depot); its treasury goes to the bank, its
/// privates close and its ferries are gone.
pub fn close(state: &mut State, company: Company, events: &mut Vec<Event>) {
    let cash = state.company(company).cash;
    state.bank += i64::from(cash);
    let entry = state.company_mut(company);
    entry.cash = 0;
    entry.closed = true;
    entry.holdings.clear();
    entry.treasury_shares = 0;
    entry.market_shares = 0;
    entry.president = None;
    entry.receivership = false;
    let trains = state.remove_trains(company, |_| true);
    state.ferries.retain(|f| f.company != company);
    if state.lowell_free_tile.is_some_and(|f| f.company == company) {
        state.lowell_free_tile = None;
    }
    state
        .board
        .stations
        .retain(|s| s.company != company.symbol());
    for p in state.privates.iter_mut() {
        if p.owner == (PrivateOwner::Company { company }) {
            p.closed = true;
        }
    }
    events.push(Event::CompanyClosed {
        corporation: company,
        trains,
    });
}

/// The president changes when another player holds strictly more; among several, the first
/// after the president in turn order. They swap the certificate for two shares.
pub fn update_president(state: &mut State, company: Company, events: &mut Vec<Event>) {
    let Some(president) = state.company(company).president else {
        return;
    };
    let held = state.company(company).percent_of(president);
    let mut seat = president;
    let mut best: Option<(Seat, u8)> = None;
    for _ in 1..state.players.len() {
        seat = state.next_seat(seat);
        let p = state.company(company).percent_of(seat);
        if p > held && p >= PRESIDENT_PERCENT && best.is_none_or(|(_, b)| p > b) {
            best = Some((seat, p));
        }
    }
    if let Some((to, _)) = best {
        state.company_mut(company).president = Some(to);
        events.push(Event::PresidentChanged {
            corporation: company,
            from: president,
            to,
        });
    }
}
