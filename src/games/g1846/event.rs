//! What an action caused in 1846, with the figures.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{Company, Private, Seat};
use super::state::Standing;
use crate::games::kit18xx::market::DividendKind;
use crate::games::kit18xx::operating_round::{EndReason, Payment};
use crate::games::kit18xx::shares::ShareSource;

/// What an 1846 action caused, with its figures and its one line of English (`text`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = G1846Event)]
pub enum Event {
    RoundStarted {
        round: RoundKind,
        number: u32,
    },
    RoundEnded {
        round: RoundKind,
        number: u32,
    },
    /// A player chose a card of the draft (a private, a minor or a blank).
    CardChosen {
        player: Seat,
        card: String,
        price: u32,
    },
    /// A player passed on the last card of the draft: its price drops.
    DraftPassed {
        player: Seat,
        card: String,
        price: u32,
    },
    /// At the end of the draft a player paid for a card chosen (a private or a minor).
    CardBought {
        player: Seat,
        card: String,
        price: u32,
    },
    /// A minor's owner took it over with its treasury from the bank.
    MinorFloated {
        corporation: Company,
        owner: Seat,
        treasury: u32,
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
    /// The IC's subsidy when it starts: its par price, from the bank.
    Subsidy {
        corporation: Company,
        amount: u32,
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
    ReceivershipEnded {
        corporation: Company,
        president: Seat,
    },
    PrivateIncome {
        company: Private,
        to: String,
        amount: u32,
    },
    /// The operator's turn begins; a corporation in receivership has no president.
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
        /// Withheld revenue and the treasury's dividends (a minor's half).
        to_company: u32,
    },
    TrainBought {
        corporation: Company,
        train: String,
        variant: String,
        price: u32,
        /// What the president paid of it (a corporation without a train).
        #[serde(default, skip_serializing_if = "is_zero")]
        president_paid: u32,
    },
    /// A corporation bought a train from another.
    TrainSold {
        from: Company,
        to: Company,
        train: String,
        variant: String,
        price: u32,
    },
    /// A corporation bought a private or a minor from a player.
    CompanyBought {
        company: String,
        from: Seat,
        to: Company,
        price: u32,
    },
    /// A bonus marker placed or moved.
    MarkerAssigned {
        company: Private,
        hex: String,
        corporation: Company,
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
    /// The privates' bonus markers are gone (the first 6).
    BonusesRemoved,
    PlayerBankrupt {
        player: Seat,
        corporation: Company,
        cash_to_company: u32,
        sold: Vec<crate::games::kit18xx::operating_round::ShareSale<Company>>,
    },
    ReceivershipStarted {
        corporation: Company,
    },
    TrainDiscarded {
        corporation: Company,
        train: String,
    },
    BankBroken,
    GameEnded {
        ranking: Vec<Standing>,
        reason: EndReason,
    },
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A kind of round: the draft, a stock round or an operating round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = G1846RoundKind)]
pub enum RoundKind {
    Draft,
    StockRound,
    OperatingRound,
}

crate::share_events_into!(Event, Company, RoundKind);

crate::operating_events_into!(Event, Company, RoundKind);
