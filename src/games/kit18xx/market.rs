//! The linear market of the 1846 family: share price moves and what shares go for, as pure
//! functions over a market given as its prices, one per space from the left (`&[u32]`, index =
//! space). 1833NE's track runs $0-$730, 1846's is the same cut at $550; both follow these rules,
//! which every one of the 770 share-price observations of real 1846 games holds
//! (tests/ne1833/market_data.rs). A title applies the results to its state.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What the president does with a run's revenue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = Kit18xxDividendKind)]
pub enum DividendKind {
    Payout,
    Half,
    Withhold,
}

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
