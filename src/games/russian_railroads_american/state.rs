//! The full state of a game. A client sends it whole with every request. Action spaces,
//! railroads, locomotives, engineers and cards are named by their index in the components'
//! lists (locomotives and engineers by their number).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::{Colour, Components, StartingBonus};
use crate::core::Rng;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RussianRailroadsAmericanGameTag)]
pub enum GameTag {
    #[serde(rename = "russian-railroads-american")]
    RussianRailroadsAmerican,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RussianRailroadsAmericanRulesVersion)]
pub enum RulesVersion {
    #[serde(rename = "1")]
    V1,
}

/// A player's seat, by the order they sat down (`P1`...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[schema(as = RussianRailroadsAmericanSeat)]
pub enum Seat {
    P1,
    P2,
    P3,
    P4,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::P1, Seat::P2, Seat::P3, Seat::P4];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A track piece on a railroad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanTrack)]
pub struct Track {
    pub colour: Colour,
    /// Its space, from 1.
    pub space: u8,
}

/// A player's railroad: its tracks, locomotives and doublers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanRailroadState)]
pub struct RailroadState {
    pub tracks: Vec<Track>,
    /// Locomotive numbers in its slots.
    pub locomotives: Vec<u8>,
    /// The spaces with a doubler.
    pub doublers: Vec<u8>,
    /// Whether its boulder (if it has one) is still there.
    pub boulder: bool,
}

/// A player's industry track: the marker's space and the factories in its gaps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanIndustryState)]
pub struct IndustryState {
    pub marker: u8,
    /// For each gap of the track, left to right: the factory's locomotive number, or nothing
    /// (0 stands for a steelworks).
    pub factories: Vec<Option<u8>>,
    /// Whether its boulder (if it has one) is still there.
    pub boulder: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanPlayer)]
pub struct Player {
    pub seat: Seat,
    pub coins: u8,
    /// Workers owned (temporary ones included while they last).
    pub workers: u8,
    pub temporary_workers: u8,
    pub points: u32,
    /// One per railroad of the board, in its order.
    pub railroads: Vec<RailroadState>,
    /// The colours the player may build.
    pub unlocked: Vec<Colour>,
    /// One per industry track, bottom first.
    pub industry: Vec<IndustryState>,
    /// Engineers hired, by number.
    pub engineers: Vec<u8>,
    /// End-bonus cards held (hidden from the others), by index.
    pub end_bonus: Vec<u8>,
    /// The stocks board level of the player's marker (0: the bottom).
    pub stock_level: u8,
    /// Coin spaces whose advantage was taken (railroad, space): the "Done" markers.
    pub coin_spaces_done: Vec<(u8, u8)>,
    pub golden_spike: bool,
    pub revalued: bool,
    pub passed: bool,
}

/// A stocks board level: its dividend token, and the markers that reached it, left first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanStockLevel)]
pub struct StockLevel {
    /// The dividend token the first arrival chose (by index).
    pub token: Option<u8>,
    pub markers: Vec<Seat>,
}

/// Workers (or a coin) on an action space this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanPlacement)]
pub struct Placement {
    pub space: u8,
    pub seat: Seat,
    pub workers: u8,
    pub coins: u8,
}

/// A locomotive pile: its number and the tiles left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanPile)]
pub struct Pile {
    pub number: u8,
    pub left: u8,
}

/// Where the round stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "phase", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanPhase)]
pub enum Phase {
    /// Before round 1: the players in the last seats, last first, each take a starting bonus.
    StartingBonuses { to_choose: Vec<Seat> },
    /// Worker placement: `to_act` places or passes.
    Placement { to_act: Seat },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanState)]
pub struct State {
    pub game: GameTag,
    pub rules_version: RulesVersion,
    pub components: Components,
    /// The generator's state: later shuffles continue it.
    pub rng: Rng,
    pub players: Vec<Player>,
    /// The round being played, from 1.
    pub round: u8,
    /// This round's order of play.
    pub turn_order: Vec<Seat>,
    pub placements: Vec<Placement>,
    pub piles: Vec<Pile>,
    /// Factories returned to the supply (by locomotive number), to be taken again.
    pub returned_factories: Vec<u8>,
    /// The engineer strip, left to right: upcoming engineers, the two public places, the hiring
    /// place (by engineer number; empty places as nothing).
    pub engineer_strip: Vec<Option<u8>>,
    /// End-bonus cards: the draw pile (hidden) and the ones removed unseen at setup.
    pub end_bonus_deck: Vec<u8>,
    pub end_bonus_removed: Vec<u8>,
    /// The starting bonuses not yet taken.
    pub starting_bonuses: Vec<StartingBonus>,
    /// Stocks board levels 1 and up (the bottom is level 0).
    pub stock_levels: Vec<StockLevel>,
    /// Dividend tokens not yet on the stocks board (by index).
    pub dividend_tokens: Vec<u8>,
    /// Who took each steelworks.
    pub steelworks: Vec<Option<Seat>>,
    pub phase: Phase,
}
