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
            | Action::SwapPriority { player } => *player,
        }
    }
}
