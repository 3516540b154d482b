//! What a player may ask to do, in the vocabulary of tobymao/18xx (docs/rules/1833ne.md maps
//! the two), with the acting seat in `player`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{Company, Private, Seat};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = Ne1833Action)]
pub enum Action {
    /// Auction: buy the cheapest private at its price, or bid on another (or, in a contest,
    /// raise the bid).
    Bid {
        player: Seat,
        company: Private,
        price: u32,
    },
    /// Auction, stock round: do nothing more this turn; in a contest, drop out.
    Pass { player: Seat },
    /// Stock round: start a company by buying its president's certificate at a par price.
    Par {
        player: Seat,
        corporation: Company,
        share_price: u32,
    },
    /// Stock round: buy one 10% share from the company's treasury or from the market.
    BuyShares {
        player: Seat,
        corporation: Company,
        from: ShareSource,
    },
    /// Stock round: sell shares of one company to the market (before buying).
    SellShares {
        player: Seat,
        corporation: Company,
        percent: u8,
    },
}

/// Where a bought share comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = Ne1833ShareSource)]
pub enum ShareSource {
    /// The company's treasury: the price goes to the company.
    Treasury,
    /// The market: the price goes to the bank.
    Market,
}

impl Action {
    pub fn player(&self) -> Seat {
        match self {
            Action::Bid { player, .. }
            | Action::Pass { player }
            | Action::Par { player, .. }
            | Action::BuyShares { player, .. }
            | Action::SellShares { player, .. } => *player,
        }
    }
}
