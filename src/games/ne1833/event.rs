//! What an action caused, with the figures.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::action::ShareSource;
use super::ids::{Company, Private, Seat};
use super::state::Standing;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = Ne1833Event)]
pub enum Event {
    RoundStarted {
        round: RoundKind,
        number: u32,
    },
    RoundEnded {
        round: RoundKind,
        number: u32,
    },
    BidPlaced {
        player: Seat,
        company: Private,
        price: u32,
    },
    /// A player dropped out of a contest for a private.
    BidWithdrawn {
        player: Seat,
        company: Private,
    },
    /// The cheapest private bought at its price.
    PrivateBought {
        player: Seat,
        company: Private,
        price: u32,
    },
    /// A private won on a bid (alone, or the last in a contest).
    AuctionWon {
        player: Seat,
        company: Private,
        price: u32,
    },
    PrivateIncome {
        company: Private,
        to: Seat,
        amount: u32,
    },
    Passed {
        player: Seat,
    },
    CompanyStarted {
        corporation: Company,
        president: Seat,
        share_price: u32,
        /// Double the price, paid into the treasury.
        paid: u32,
    },
    SharesBought {
        player: Seat,
        corporation: Company,
        percent: u8,
        from: ShareSource,
        price: u32,
    },
    SharesSold {
        player: Seat,
        corporation: Company,
        percent: u8,
        received: u32,
    },
    SharePriceMoved {
        corporation: Company,
        from: u32,
        to: u32,
    },
    PresidentChanged {
        corporation: Company,
        from: Seat,
        to: Seat,
    },
    CompanyClosed {
        corporation: Company,
    },
    StationPlaced {
        corporation: Company,
        hex: String,
        city: u8,
        cost: u32,
    },
    PriorityDeal {
        player: Seat,
    },
    BankBroken,
    GameEnded {
        ranking: Vec<Standing>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = Ne1833RoundKind)]
pub enum RoundKind {
    Auction,
    StockRound,
    OperatingRound,
}
