//! What a player may ask to do in 1846, in the vocabulary of tobymao/18xx, with the acting seat
//! in `player` (for a corporation, its president; for a private, its owner's).

use crate::games::kit18xx::map::{Map, names};
pub use crate::games::kit18xx::market::DividendKind;
pub use crate::games::kit18xx::shares::ShareSource;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::components;
use super::ids::{Company, Private, Seat};
use crate::games::kit18xx::routes::Route;

/// An 1846 action: the draft's choices, the stock round's purchases and sales, the operating
/// round's track, stations, routes, dividends, trains and privates; each names its seat in
/// `player`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = G1846Action)]
pub enum Action {
    /// The draft: choose one of the cards offered (a private, a minor or a blank `Pass (n)`).
    Choose { player: Seat, card: String },
    /// The draft: pass on the last card (its price drops). Stock round: end the turn.
    /// Operating round: end the step or the turn.
    Pass { player: Seat },
    /// Stock round: start a corporation by buying its president's certificate at a par price.
    Par {
        player: Seat,
        corporation: Company,
        share_price: u32,
    },
    /// Stock round: buy one 10% share from the corporation's treasury or from the market.
    /// Operating round, with `entity` the operating corporation: redeem shares from the market.
    BuyShares {
        player: Seat,
        corporation: Company,
        from: ShareSource,
        /// The corporation redeeming its own shares (its president acts for it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entity: Option<Company>,
        /// For a redemption, how much (in percent); 10 (one share) when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        percent: Option<u8>,
    },
    /// Stock round: sell shares of one corporation to the market (before buying).
    /// Operating round, with `entity` the operating corporation: issue shares to the market.
    SellShares {
        player: Seat,
        corporation: Company,
        percent: u8,
        /// The corporation issuing its own shares (its president acts for it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entity: Option<Company>,
    },
    /// Operating round: lay a tile; with `company`, one of that private's own lays for the
    /// corporation owning it.
    LayTile {
        player: Seat,
        #[serde(deserialize_with = "names::hex::<MapNames, _>")]
        #[schema(schema_with = names::hexes::<MapNames>)]
        hex: String,
        #[serde(deserialize_with = "names::tile::<MapNames, _>")]
        #[schema(schema_with = names::tiles::<MapNames>)]
        tile: String,
        rotation: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        company: Option<Private>,
    },
    /// Operating round: place a station; with `company: C&WI`, the C&WI's in Chicago.
    PlaceToken {
        player: Seat,
        #[serde(deserialize_with = "names::hex::<MapNames, _>")]
        #[schema(schema_with = names::hexes::<MapNames>)]
        hex: String,
        city: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        company: Option<Private>,
    },
    /// Operating round: run the operator's trains.
    RunRoutes {
        player: Seat,
        /// One route per train (at most 4 trains are held, obsolete ones included).
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
        #[schema(max_items = 8)]
        routes: Vec<Route>,
    },
    /// Operating round: pay the revenue out, pay half, or withhold it.
    Dividend { player: Seat, kind: DividendKind },
    /// Operating round: buy a train from the depot (the first card left), on the side chosen,
    /// or from another corporation.
    BuyTrain {
        player: Seat,
        /// From the depot: the card (`2`, `4`, `5`, `6`). From a corporation: the train's id.
        train: String,
        /// The side (`4` or `3/5`...); from a corporation, the side it runs as.
        variant: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Company>,
        /// From a corporation: the agreed price, at least $1.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        price: Option<u32>,
        /// From a corporation another player presides: that player's acceptance.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        accepted_by: Option<Seat>,
    },
    /// Operating round, phases I-II: the corporation buys a private or a minor from its owner.
    BuyCompany {
        player: Seat,
        company: Purchase,
        price: u32,
        /// When the owner is not the acting president: the owner's acceptance.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        accepted_by: Option<Seat>,
    },
    /// Operating round: a corporation over the train limit after a phase change discards.
    DiscardTrain { player: Seat, train: String },
    /// Operating round: the president cannot raise the money for the corporation's train.
    Bankrupt { player: Seat },
    /// A bonus private's owner places or moves its marker: the Steamboat's on a port or a
    /// corporation, the Meat Packing's and the Boomtown's on their hexes.
    Assign {
        player: Seat,
        company: Private,
        target: String,
    },
}

/// What a corporation may buy from a player: a private, or a minor whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
#[schema(as = G1846Purchase)]
pub enum Purchase {
    Private(Private),
    Minor(Company),
}

crate::games::kit18xx::actions::family_actions!(Action, Company);

impl Action {
    pub fn player(&self) -> Seat {
        match self {
            Action::Choose { player, .. }
            | Action::Pass { player }
            | Action::Par { player, .. }
            | Action::BuyShares { player, .. }
            | Action::SellShares { player, .. }
            | Action::LayTile { player, .. }
            | Action::PlaceToken { player, .. }
            | Action::RunRoutes { player, .. }
            | Action::Dividend { player, .. }
            | Action::BuyTrain { player, .. }
            | Action::DiscardTrain { player, .. }
            | Action::BuyCompany { player, .. }
            | Action::Assign { player, .. }
            | Action::Bankrupt { player } => *player,
        }
    }

    /// Whether this is `private`'s own tile lay.
    pub fn is_lay_of(&self, private: Private) -> bool {
        matches!(self, Action::LayTile { company: Some(p), .. } if *p == private)
    }
}

/// 1846's map, as its actions name its hexes and tiles.
pub struct MapNames;

impl names::TitleMap for MapNames {
    const TITLE: &'static str = "1846";

    fn map() -> &'static Map {
        &components().map
    }
}
