//! What an action caused, with the figures.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::action::{DividendKind, ShareSource};
use super::ids::{Company, Private, Seat};
use super::state::Standing;

/// What a 1833NE action caused, with its figures and its one line of English (`text`).
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
        /// Its trains, which leave the game with it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        trains: Vec<String>,
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
    /// The company's turn begins; a company in receivership has no president.
    CompanyOperates {
        corporation: Company,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        president: Option<Seat>,
    },
    TileLaid {
        corporation: Company,
        hex: String,
        tile: String,
        rotation: u8,
        cost: u32,
    },
    FerryBought {
        corporation: Company,
        ferry: String,
        price: u32,
    },
    SharesIssued {
        corporation: Company,
        percent: u8,
        received: u32,
    },
    SharesRedeemed {
        corporation: Company,
        percent: u8,
        paid: u32,
    },
    RoutesRun {
        corporation: Company,
        revenue: u32,
    },
    DividendsPaid {
        corporation: Company,
        revenue: u32,
        kind: DividendKind,
        per_share: u32,
        payments: Vec<Payment>,
        /// Withheld revenue and the treasury's dividends.
        to_company: u32,
    },
    TrainBought {
        corporation: Company,
        train: String,
        variant: String,
        price: u32,
        /// What the president paid of it (a company without a train).
        #[serde(default, skip_serializing_if = "is_zero")]
        president_paid: u32,
    },
    /// A company bought a train from another company.
    TrainSold {
        from: Company,
        to: Company,
        train: String,
        /// The side the buyer chose for it (ruling R2).
        variant: String,
        price: u32,
    },
    /// A company bought a private from a player.
    PrivateSold {
        company: Private,
        from: Seat,
        to: Company,
        price: u32,
        /// Paid to the bank on top (P6).
        #[serde(default, skip_serializing_if = "is_zero")]
        surcharge: u32,
    },
    /// P5 doubles this ferry from now on.
    FerryAssigned {
        ferry: String,
    },
    PhaseChanged {
        phase: String,
    },
    TrainsPhasedOut {
        card: String,
    },
    TrainsRemoved {
        card: String,
        trains: Vec<String>,
    },
    PrivatesClosed {
        privates: Vec<Private>,
    },
    PrivatesFlipped {
        privates: Vec<Private>,
    },
    FerriesRemoved,
    /// A president who could not pay for the company's train is out (ruling R4): every share
    /// sold (`sold`, the first as the normal rules allow, then the rest without moving prices),
    /// and all their cash, the proceeds included, given to the company.
    PlayerBankrupt {
        player: Seat,
        /// The company whose train the player could not pay for.
        corporation: Company,
        /// Every dollar the player had after the sales, given to the company.
        cash_to_company: u32,
        sold: Vec<ShareSale>,
    },
    /// A company left without a president enters receivership (ruling R5).
    ReceivershipStarted {
        corporation: Company,
    },
    TrainDiscarded {
        corporation: Company,
        train: String,
    },
    GameEnded {
        ranking: Vec<Standing>,
        reason: EndReason,
    },
    /// A player came to hold 20% of a company in receivership and became its president.
    ReceivershipEnded {
        corporation: Company,
        president: Seat,
    },
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = Ne1833EndReason)]
pub enum EndReason {
    /// The bank ran out and the set of rounds is finished.
    BankBroken,
    /// All but one player went bankrupt.
    Bankruptcies,
    /// No company is open and none can be started any more (ruling R6).
    NothingCanChange,
}

impl From<crate::games::kit18xx::operating_round::Payment> for Payment {
    fn from(p: crate::games::kit18xx::operating_round::Payment) -> Payment {
        Payment {
            player: p.player,
            amount: p.amount,
        }
    }
}

impl From<crate::games::kit18xx::operating_round::ShareSale<Company>> for ShareSale {
    fn from(s: crate::games::kit18xx::operating_round::ShareSale<Company>) -> ShareSale {
        ShareSale {
            corporation: s.corporation,
            percent: s.percent,
            received: s.received,
        }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// What a player received of a payout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833Payment)]
pub struct Payment {
    pub player: Seat,
    pub amount: u32,
}

/// A kind of round: the auction, a stock round or an operating round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = Ne1833RoundKind)]
pub enum RoundKind {
    Auction,
    StockRound,
    OperatingRound,
}

/// Shares a bankrupt player sold, and what the bank paid for them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833ShareSale)]
pub struct ShareSale {
    pub corporation: Company,
    pub percent: u8,
    pub received: u32,
}
