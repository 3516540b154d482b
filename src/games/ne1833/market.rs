//! The linear market: share price moves, presidency changes, closing at $0.
//!
//! The market rules themselves are pure functions over a market given as its prices, one per
//! space from the left (`&[u32]`, index = space): 1833NE's market is `components().market`
//! ($0-$730); 1846's is the same track cut at $550. They say how far a price moves and what a
//! share goes for; the functions below them apply the result to a game's state.

use super::action::DividendKind;
use super::data::components;
use super::event::Event;
use super::ids::{Company, Seat};
use super::rules::PRESIDENT_PERCENT;
use super::state::{PrivateOwner, State};

/// The space `steps` spaces from `space` (negative: left), stopping at either end of the market.
pub fn step(market: &[u32], space: usize, steps: i32) -> usize {
    let last = market.len().saturating_sub(1);
    let to = i64::try_from(space).unwrap_or(i64::MAX) + i64::from(steps);
    usize::try_from(to.max(0)).map_or(last, |to| to.min(last))
}

/// The space showing `price`, if the market has one.
pub fn space(market: &[u32], price: u32) -> Option<usize> {
    market.iter().position(|&p| p == price)
}

/// The price on `space`, or $0 off the market (an empty market has no price).
fn at(market: &[u32], space: usize) -> u32 {
    market.get(space).copied().unwrap_or(0)
}

/// The dividend move for `paid` out in total (0 for a withhold) against the price: less than
/// half the price, one left; at least the price, one right; at least double, two; at least
/// triple, three, but only from $165 up (below it triple still moves two).
pub fn dividend_steps(paid: u32, price: u32) -> i32 {
    if paid < price / 2 {
        -1
    } else if price >= 165 && paid >= price.saturating_mul(3) {
        3
    } else if paid >= price.saturating_mul(2) {
        2
    } else if paid >= price {
        1
    } else {
        0
    }
}

/// How a run's revenue divides between the company and its shareholders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split {
    /// Kept in the company's treasury.
    pub kept: u32,
    /// Paid out, and compared with the price for the dividend move.
    pub paid: u32,
}

impl Split {
    /// What each of the ten shares receives (revenues are multiples of $10).
    pub fn per_share(self) -> u32 {
        self.paid / 10
    }
}

/// The split of `revenue` for the president's choice. Half pay keeps half the revenue rounded
/// down to a multiple of $10 ($1 a share) and pays the rest, so an odd half pays the extra $10
/// out: $150 keeps $70 and pays $80.
pub fn dividend_split(revenue: u32, kind: DividendKind) -> Split {
    let kept = match kind {
        DividendKind::Payout => 0,
        DividendKind::Half => revenue / 2 / 10 * 10,
        DividendKind::Withhold => revenue,
    };
    Split {
        kept,
        paid: revenue - kept,
    }
}

/// What shares changing hands at one price come to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShareTerms {
    /// The price of each share.
    pub each: u32,
    /// The price of them all.
    pub total: u32,
    /// The space the share price stands on afterwards.
    pub space_after: usize,
}

impl ShareTerms {
    fn new(each: u32, shares: u32, space_after: usize) -> ShareTerms {
        ShareTerms {
            each,
            total: each.saturating_mul(shares),
            space_after,
        }
    }
}

/// The company's own issue of `shares` at the start of its turn: each brings the price one
/// space left of the share price, and the price does not move.
pub fn voluntary_issue(market: &[u32], space: usize, shares: u32) -> ShareTerms {
    ShareTerms::new(at(market, step(market, space, -1)), shares, space)
}

/// The company buying `shares` back from the market: it pays the price one space right of the
/// share price for each, and the price does not move.
pub fn redemption(market: &[u32], space: usize, shares: u32) -> ShareTerms {
    ShareTerms::new(at(market, step(market, space, 1)), shares, space)
}

/// The issue of `shares` to pay for a train the company must buy: the price moves one space
/// left per share, and each share brings the price one space left of the new price. A bundle
/// that raises nothing is refused (`None`), and with it any that would take the price to the
/// closing space: an emergency issue never closes the company.
pub fn emergency_issue(market: &[u32], space: usize, shares: u32) -> Option<ShareTerms> {
    let moved = i32::try_from(shares).ok()?;
    let after = step(market, space, -moved);
    let each = at(market, step(market, after, -1));
    let terms = ShareTerms::new(each, shares, after);
    (terms.total > 0).then_some(terms)
}

/// The price move for one sale action of a player (any number of shares of one company): one
/// space left if the seller is the company's president, none otherwise; none for the sales
/// that close a bankruptcy, where the bankrupt's remaining shares go to the market as they are.
pub fn sale_steps(by_president: bool, bankruptcy: bool) -> i32 {
    if by_president && !bankruptcy { -1 } else { 0 }
}

/// A player's sale of `shares` in one action: they go at the share price before the sale
/// moves it (`sale_steps`).
pub fn player_sale(
    market: &[u32],
    space: usize,
    shares: u32,
    by_president: bool,
    bankruptcy: bool,
) -> ShareTerms {
    let after = step(market, space, sale_steps(by_president, bankruptcy));
    ShareTerms::new(at(market, space), shares, after)
}

/// The move at the end of a stock round: one left while any share is in the market; one right
/// when players hold all ten shares (sold out); none otherwise (shares left in the treasury).
pub fn end_of_round_steps(in_market: bool, sold_out: bool) -> i32 {
    if in_market {
        -1
    } else if sold_out {
        1
    } else {
        0
    }
}

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
