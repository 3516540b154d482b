//! What a player may ask to do. Every action names the acting seat in `player`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{Colour, Investor, Seat};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RailroadBaronsAction)]
pub enum Action {
    /// Draft: offer an Investor from the pool at its printed price.
    OfferInvestor { player: Seat, investor: Investor },
    /// Draft: take the offered Investor card; the offerer receives its price from the bank.
    TakeInvestor { player: Seat },
    /// Draft: take the offered Investor's price from the bank; the offerer receives the card.
    TakeCash { player: Seat },
    /// Draft: the receiver of the $450 Investor chooses MS&C's start value.
    ChooseStartValue { player: Seat, value: u32 },
    /// Stock Round: sell one or more certificates, buy one, or sell then buy one.
    Trade {
        player: Seat,
        /// Certificates sold to the bank (or exchanged down), all in this turn.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        sell: Vec<Sale>,
        /// The one certificate bought from the bank (possibly exchanged up), after the sales.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        buy: Option<Purchase>,
    },
    /// Stock Round: pass. Two passes in a row end the round.
    Pass { player: Seat },
    /// Stock Round, before its first turn: the $30 Investor's owner takes the Priority Deal
    /// (once per game).
    SwapPriority { player: Seat },
    /// Operating Round, step 1: tokens on the (+) and (⋄) circles, and whether one more is
    /// invested in the route network (permanently; at most one per Operating Round).
    PlaceOperators {
        player: Seat,
        plus: u8,
        diamond: u8,
        #[serde(default)]
        invest: bool,
    },
    /// Operating Round, step 2: pay the revenue out to the shareholders or withhold it.
    Revenue { player: Seat, payout: bool },
    /// Operating Round, step 3: buy a Railroad, the top card of the bank's stack at the printed
    /// cost of the chosen face, or another Holding's at an agreed price of at least $1.
    BuyRailroad {
        player: Seat,
        card: u8,
        from: RailroadSource,
        /// From the bank: the face bought (index in the card's `faces`, 0 when absent).
        /// From a Holding: absent (the card keeps its face).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        face: Option<u8>,
        /// From a Holding: the agreed price. From the bank: absent (the printed cost).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        price: Option<u32>,
        /// From a Holding whose Director is the other player: that player's acceptance.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        accepted_by: Option<Seat>,
        /// The Director pays exactly the difference the Holding lacks (first Railroad only).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        director_help: bool,
    },
    /// Operating Round, step 3: assign the Director's own Investor, or move one from another
    /// Holding, to the operating Holding.
    AssignInvestor { player: Seat, investor: Investor },
    /// Operating Round, step 4: the Railroads beyond the tokens on (⋄) leave the game.
    DiscardRailroads { player: Seat, railroads: Vec<u8> },
    /// Operating Round: the operating Holding makes no more acquisitions.
    Done { player: Seat },
}

/// Where a bought Railroad comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = RailroadBaronsRailroadSource)]
pub enum RailroadSource {
    Bank,
    Green,
    Black,
    Yellow,
    Red,
    Blue,
}

impl RailroadSource {
    /// The selling Holding, if it is not the bank.
    pub fn holding(self) -> Option<Colour> {
        match self {
            RailroadSource::Bank => None,
            RailroadSource::Green => Some(Colour::Green),
            RailroadSource::Black => Some(Colour::Black),
            RailroadSource::Yellow => Some(Colour::Yellow),
            RailroadSource::Red => Some(Colour::Red),
            RailroadSource::Blue => Some(Colour::Blue),
        }
    }

    pub fn from_holding(colour: Colour) -> RailroadSource {
        match colour {
            Colour::Green => RailroadSource::Green,
            Colour::Black => RailroadSource::Black,
            Colour::Yellow => RailroadSource::Yellow,
            Colour::Red => RailroadSource::Red,
            Colour::Blue => RailroadSource::Blue,
        }
    }
}

/// A certificate sold to the bank.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsSale)]
pub struct Sale {
    pub holding: Colour,
    /// The certificate handed to the bank, by its percent (40, 30, 20 or 10).
    pub certificate: u8,
    /// Exchange down: the smaller certificate taken back from the bank; only the difference is paid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exchange: Option<u8>,
}

/// A certificate bought from the bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsPurchase)]
pub struct Purchase {
    pub holding: Colour,
    /// The certificate taken from the bank, by its percent (40, 30, 20 or 10).
    pub certificate: u8,
    /// Exchange up: the player's smaller certificate handed in; only the difference is paid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exchange: Option<u8>,
    /// Starting the Holding: its start value (with its Director certificate only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_value: Option<u32>,
}

impl Action {
    /// The seat the action names.
    pub fn player(&self) -> Seat {
        match self {
            Action::OfferInvestor { player, .. }
            | Action::TakeInvestor { player }
            | Action::TakeCash { player }
            | Action::ChooseStartValue { player, .. }
            | Action::Trade { player, .. }
            | Action::Pass { player }
            | Action::SwapPriority { player }
            | Action::PlaceOperators { player, .. }
            | Action::Revenue { player, .. }
            | Action::BuyRailroad { player, .. }
            | Action::AssignInvestor { player, .. }
            | Action::DiscardRailroads { player, .. }
            | Action::Done { player } => *player,
        }
    }
}
