//! What an action caused, with the figures, for UIs and logs.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::action::RailroadSource;
use super::ids::{Colour, Investor, Seat};
use super::state::{Owner, Wealth};

/// What a Railroad Barons action caused, with its figures and its one line of English (`text`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = RailroadBaronsEvent)]
pub enum Event {
    RoundStarted {
        round: RoundKind,
        number: u32,
    },
    RoundEnded {
        round: RoundKind,
        number: u32,
    },
    InvestorOffered {
        by: Seat,
        investor: Investor,
        price: u32,
    },
    /// The chooser took either the card or the cash; the offerer got the other.
    InvestorDrafted {
        investor: Investor,
        price: u32,
        card_to: Seat,
        cash_to: Seat,
    },
    /// The fifth Investor leaves the game; each player receives its price.
    InvestorLeftGame {
        investor: Investor,
        paid_to_each: u32,
        /// The Dominion Atlantic, back on the stack when the $450 Investor leaves.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        railroad_returned_to_stack: Option<u8>,
    },
    /// The $450 Investor's receiver gets MS&C's Director certificate, and MS&C the Dominion Atlantic.
    #[serde(rename = "investor_450_bundle_received")]
    Investor450BundleReceived {
        player: Seat,
        holding: Colour,
        railroad: u8,
    },
    /// The chooser took the $450 Investor's money instead of the card: its bundle stays where it
    /// normally lies (the certificate in the bank, the Dominion Atlantic in the stack).
    #[serde(rename = "investor_450_bundle_returned")]
    Investor450BundleReturned {
        railroad: u8,
    },
    HoldingStarted {
        holding: Colour,
        director: Seat,
        start_value: u32,
        /// What the Director paid for the Director certificate (nothing with the $450 Investor).
        paid: u32,
    },
    HoldingFloated {
        holding: Colour,
        capital: u32,
    },
    CertificatesSold {
        player: Seat,
        sales: Vec<SaleRecord>,
        total: u32,
    },
    CertificateBought {
        player: Seat,
        holding: Colour,
        certificate: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        handed_in: Option<u8>,
        paid: u32,
    },
    ShareValueMoved {
        holding: Colour,
        from: u32,
        to: u32,
    },
    DirectorChanged {
        holding: Colour,
        from: Seat,
        to: Seat,
    },
    /// The Director handed in certificates summing to 40% for the Director certificate.
    DirectorCertificateExchanged {
        holding: Colour,
        director: Seat,
        handed_in: Vec<u8>,
        /// Who held the Director certificate and received the handed-in ones.
        from: Owner,
    },
    /// A player is over the certificate limit and must sell down before anything else.
    SellDownRequired {
        player: Seat,
        certificates: u32,
        limit: u32,
    },
    Passed {
        player: Seat,
    },
    PriorityDealPassed {
        from: Seat,
        to: Seat,
        reason: PriorityReason,
    },
    /// A Holding begins its turn in an Operating Round.
    HoldingOperates {
        holding: Colour,
        director: Seat,
    },
    OperatorsPlaced {
        holding: Colour,
        plus: u8,
        diamond: u8,
        invested: bool,
    },
    DividendsPaid {
        holding: Colour,
        revenue: u32,
        payments: Vec<Payment>,
    },
    RevenueWithheld {
        holding: Colour,
        revenue: u32,
    },
    RailroadBought {
        holding: Colour,
        card: u8,
        face: u8,
        level: u8,
        from: RailroadSource,
        price: u32,
        /// What the Director paid of it (the Director's help).
        #[serde(default, skip_serializing_if = "is_zero")]
        director_paid: u32,
    },
    InvestorAssigned {
        holding: Colour,
        investor: Investor,
        /// The Holding it was moved from; absent when it came from the Director.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_holding: Option<Colour>,
    },
    /// Railroads of a level made obsolete leave the game without compensation.
    RailroadsObsolete {
        level: u8,
        railroads: Vec<u8>,
        /// The card whose purchase (or removal from the stack) made them obsolete.
        cause: u8,
        removed_from_stack: bool,
    },
    RailroadsDiscarded {
        holding: Colour,
        railroads: Vec<u8>,
    },
    /// After two Operating Rounds the top card of the stack leaves the game.
    RailroadRemovedFromStack {
        card: u8,
    },
    GameEnded {
        wealth: Vec<Wealth>,
        winners: Vec<Seat>,
    },
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// What one player received of a payout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RailroadBaronsPayment)]
pub struct Payment {
    pub player: Seat,
    pub percent: u8,
    pub amount: u32,
}

/// One certificate of a sale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RailroadBaronsSaleRecord)]
pub struct SaleRecord {
    pub holding: Colour,
    pub certificate: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exchange: Option<u8>,
    pub received: u32,
}

/// A kind of round: the Investor draft, a stock round or an operating round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RailroadBaronsRoundKind)]
pub enum RoundKind {
    InvestorDraft,
    StockRound,
    OperatingRound,
}

/// Why the Priority Deal moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RailroadBaronsPriorityReason)]
pub enum PriorityReason {
    /// The $30 Investor's once-per-game swap.
    #[serde(rename = "investor_30")]
    Investor30,
    /// At the end of a Stock Round, to the player who did not make the last buy or sell.
    StockRoundEnded,
}
