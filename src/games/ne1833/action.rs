//! What a player may ask to do, in the vocabulary of tobymao/18xx (docs/rules/1833ne.md maps
//! the two), with the acting seat in `player`.

use crate::games::kit18xx::map::{Map, names};
pub use crate::games::kit18xx::market::DividendKind;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::components;
use super::ids::{Company, Private, Seat};
use super::routes::Route;

/// A 1833NE action: the auction's bids, the stock round's purchases and sales, the operating
/// round's track, stations, ferries, routes, dividends, trains and privates; each names its
/// seat in `player`.
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
    /// Operating round, with `entity` the operating company: redeem shares from the market.
    BuyShares {
        player: Seat,
        corporation: Company,
        from: ShareSource,
        /// The company redeeming its own shares (its president acts for it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entity: Option<Company>,
        /// For a redemption, how much (in percent); 10 (one share) when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        percent: Option<u8>,
    },
    /// Stock round: sell shares of one company to the market (before buying).
    /// Operating round, with `entity` the operating company: issue shares to the market.
    SellShares {
        player: Seat,
        corporation: Company,
        percent: u8,
        /// The company issuing its own shares (its president acts for it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entity: Option<Company>,
    },
    /// Operating round: lay a tile (see docs/rules/1833ne.md#track); with `company: P3`, one of
    /// the Champlain & St. Lawrence's free tiles in C4 or C6.
    LayTile {
        player: Seat,
        #[serde(deserialize_with = "names::hex::<MapNames, _>")]
        #[schema(schema_with = names::hexes::<MapNames>)]
        hex: String,
        #[serde(deserialize_with = "names::tile::<MapNames, _>")]
        #[schema(schema_with = names::tiles::<MapNames>)]
        tile: String,
        rotation: u8,
        /// The private whose ability the lay uses (P3).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        company: Option<Private>,
    },
    /// Operating round: place the company's extra station.
    PlaceToken {
        player: Seat,
        #[serde(deserialize_with = "names::hex::<MapNames, _>")]
        #[schema(schema_with = names::hexes::<MapNames>)]
        hex: String,
        city: u8,
    },
    /// Operating round: buy a ferry (before phase IV).
    BuyFerry { player: Seat, ferry: String },
    /// Operating round: run the company's trains.
    RunRoutes {
        player: Seat,
        /// One route per train (a company holds at most 8, phased-out ones included).
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
        #[schema(max_items = 8)]
        routes: Vec<Route>,
    },
    /// Operating round: pay the revenue out, pay half, or withhold it.
    Dividend { player: Seat, kind: DividendKind },
    /// Operating round: buy a train from the depot (the first card left), on the side chosen.
    BuyTrain {
        player: Seat,
        /// From the depot: the card (`2`, `3/5`, `4/7`, `6/9`, `7+3`). From a company: the
        /// train's id (`2-3`).
        train: String,
        /// The side (`2` or `2+1`, `3/5` or `2+2`...); from a company, the side it runs as.
        variant: String,
        /// The company selling it; absent for the depot.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Company>,
        /// From a company: the agreed price, at least $1.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        price: Option<u32>,
        /// From a company another player presides: that player's acceptance.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        accepted_by: Option<Seat>,
    },
    /// Operating round, phases I-II: the company buys a private from its owner, for $1 up to
    /// its printed price (P6: $40 more to the bank).
    BuyCompany {
        player: Seat,
        company: Private,
        price: u32,
        /// When the private's owner is not the acting president: the owner's acceptance.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        accepted_by: Option<Seat>,
    },
    /// Operating round: a company over the train limit after a phase change discards a train.
    DiscardTrain { player: Seat, train: String },
    /// Operating round: the president cannot raise the money for the company's train.
    Bankrupt { player: Seat },
    /// Operating round: P5's owner chooses the ferry P5 doubles (once).
    Assign {
        player: Seat,
        company: Private,
        target: String,
    },
}

pub use crate::games::kit18xx::shares::ShareSource;

crate::games::kit18xx::actions::family_actions!(Action, Company);

impl Action {
    pub fn player(&self) -> Seat {
        match self {
            Action::Bid { player, .. }
            | Action::Pass { player }
            | Action::Par { player, .. }
            | Action::BuyShares { player, .. }
            | Action::SellShares { player, .. }
            | Action::LayTile { player, .. }
            | Action::PlaceToken { player, .. }
            | Action::BuyFerry { player, .. }
            | Action::RunRoutes { player, .. }
            | Action::Dividend { player, .. }
            | Action::BuyTrain { player, .. }
            | Action::DiscardTrain { player, .. }
            | Action::BuyCompany { player, .. }
            | Action::Assign { player, .. }
            | Action::Bankrupt { player } => *player,
        }
    }
}

/// 1833NE's map, as its actions name its hexes and tiles.
pub struct MapNames;

impl names::TitleMap for MapNames {
    const TITLE: &'static str = "1833NE";

    fn map() -> &'static Map {
        &components().map
    }
}
