//! What happened: the events an accepted action triggers, in order.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::GoodsColour;
use super::map::Hex;
use super::state::Owner;

/// Why a cube left a city.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RotwSoloCubeRemovalReason)]
pub enum RemovalReason {
    BuildingLinks,
    ExhaustGoods,
    OpponentEffect,
}

/// The final score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloScore)]
pub struct Score {
    /// The points track.
    pub points: u32,
    pub bonds: u32,
    /// Points lost to bonds.
    pub bond_penalty: u32,
    pub total: i64,
    pub target: u32,
    pub won: bool,
}

/// What a Rail Barons of the World solo action caused, with its figures and its one line of
/// English (`text`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RotwSoloEvent)]
pub enum Event {
    TrackLaid {
        hex: Hex,
        cost: u32,
    },
    /// `cost`: what this action paid for it (the Railbot pays nothing).
    LinkBuilt {
        by: Owner,
        cities: [u8; 2],
        hexes: Vec<Hex>,
        cost: u32,
    },
    OpenTrackRemoved {
        hexes: Vec<Hex>,
    },
    CityUrbanized {
        city: u8,
        colour: GoodsColour,
        cubes: Vec<GoodsColour>,
    },
    EngineUpgraded {
        level: u8,
        cost: u32,
    },
    /// `points`: own links less Railbot links, plus any Hotel and Service Bounty.
    CubeDelivered {
        colour: GoodsColour,
        route: Vec<u8>,
        points: i64,
    },
    CubeRemoved {
        city: u8,
        colour: GoodsColour,
        reason: RemovalReason,
    },
    CityEmptied {
        city: u8,
        markers: u8,
    },
    PointsScored {
        points: u32,
        reason: String,
    },
    PointsLost {
        points: u32,
        reason: String,
    },
    OperationsCardTaken {
        card: u8,
    },
    OperationsCardDealt {
        card: u8,
    },
    OperationsCardDiscarded {
        card: u8,
    },
    ServiceBountyClaimed {
        card: u8,
        points: u32,
    },
    HotelGained {
        city: u8,
    },
    NewIndustry {
        city: u8,
        cubes: Vec<GoodsColour>,
    },
    InsurancePlaced {
        slot: u8,
    },
    InsuranceUsed {
        card: u8,
    },
    RailbotCardDrawn {
        card: u8,
    },
    RailbotCardResolved {
        card: u8,
        slot: u8,
    },
    DeadheadPlaced {
        card: u8,
    },
    TaxationPaid {
        amount: u32,
    },
    MajorLineClaimed {
        line: u8,
        by: Owner,
    },
    DuelBaronClaimed {
        baron: u8,
        by: Owner,
    },
    BondIssued {
        bonds: u32,
        cash: u32,
    },
    IncomeCollected {
        income: i64,
        interest: u32,
    },
    EndTriggered {
        reason: String,
        last_turn: u32,
    },
    TurnStarted {
        turn: u32,
    },
    GameEnded {
        score: Score,
    },
}
