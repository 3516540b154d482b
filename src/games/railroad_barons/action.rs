//! What a player may ask to do. Every action names the acting seat in `player`.

use std::borrow::Cow;
use std::cmp::Reverse;

use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use super::ids::{Colour, Investor, Seat};

/// A Railroad Barons action: the Investor draft, trades in the stock round, the operating
/// round's operators, revenue and Railroads; each names its seat in `player`.
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
        /// Certificates sold to the bank (or exchanged down), all in this turn. They are judged
        /// together, so their order does not matter: they are read in canonical order
        /// (Holdings in operating order, larger certificates first).
        #[serde(
            default,
            skip_serializing_if = "Vec::is_empty",
            deserialize_with = "canonical_sales"
        )]
        #[schema(max_items = 20)]
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
    /// Operating Round, step 4: the Railroads beyond the tokens on (⋄) leave the game. Their
    /// order does not matter: they are read in ascending order of card.
    DiscardRailroads {
        player: Seat,
        #[serde(deserialize_with = "canonical_railroads")]
        #[schema(max_items = 64)]
        railroads: Vec<u8>,
    },
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

impl Sale {
    /// The canonical order of a trade's sales: Holdings in operating order, larger
    /// certificates first.
    fn canonical_key(&self) -> (Colour, Reverse<u8>, Option<u8>) {
        (self.holding, Reverse(self.certificate), self.exchange)
    }

    /// `sales` in canonical order, borrowed when they already are.
    pub fn in_canonical_order(sales: &[Sale]) -> Cow<'_, [Sale]> {
        if sales.is_sorted_by_key(Sale::canonical_key) {
            Cow::Borrowed(sales)
        } else {
            let mut sorted = sales.to_vec();
            sorted.sort_by_key(Sale::canonical_key);
            Cow::Owned(sorted)
        }
    }
}

/// Railroad cards named in a list whose order does not matter, in ascending order (borrowed
/// when they already are).
pub fn railroads_in_canonical_order(cards: &[u8]) -> Cow<'_, [u8]> {
    if cards.is_sorted() {
        Cow::Borrowed(cards)
    } else {
        let mut sorted = cards.to_vec();
        sorted.sort_unstable();
        Cow::Owned(sorted)
    }
}

/// Reads a trade's sales in canonical order, so that every order of the same sales is the
/// same action (the one `legal_actions` lists).
fn canonical_sales<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Sale>, D::Error> {
    // At most one sale per certificate a player can hold (5 Holdings, 4 certificates each).
    let sales = crate::core::bounded::vec::<D, Sale, 20>(deserializer)?;
    Ok(Sale::in_canonical_order(&sales).into_owned())
}

/// Reads discarded Railroads in ascending order, for the same reason.
fn canonical_railroads<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
    let cards = crate::core::bounded::vec::<D, u8, 64>(deserializer)?;
    Ok(railroads_in_canonical_order(&cards).into_owned())
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
