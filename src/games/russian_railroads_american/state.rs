//! The full state of a game. A client sends it whole with every request. Action spaces,
//! railroads, locomotives, engineers and cards are named by their index in the components'
//! lists (locomotives and engineers by their number).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::{Colour, Components, SpaceEffect, StartingBonus};
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

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
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
    /// Special spaces already met (railroad, index in its list): each fires once.
    pub specials_met: Vec<(u8, u8)>,
    /// "?" tokens spent, by index in the components' list.
    pub question_tokens: Vec<u8>,
    /// Hired engineers already used this round.
    pub engineers_used: Vec<u8>,
    pub passed: bool,
}

/// A stocks board level: its dividend token, and the markers that reached it, left first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanStockLevel)]
pub struct StockLevel {
    /// The dividend token the first arrival chose (by index), and who chose it.
    pub token: Option<u8>,
    pub chosen_by: Option<Seat>,
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

/// Where the round stands. In every phase but the end, one seat acts: its turn may hold an
/// action pool and pending decisions (in the state's `turn`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "phase", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanPhase)]
pub enum Phase {
    /// Before round 1: `to_act` takes a starting bonus; `next` follow, in that order.
    StartingBonuses {
        to_act: Seat,
        next: Vec<Seat>,
    },
    /// Worker placement: `to_act` places (a direct action) or passes.
    Placement {
        to_act: Seat,
    },
    /// A general payout after a steelworks was taken: `to_act` takes its advantages, `next`
    /// follow; then worker placement goes on after `resume`, or, when the steelworks was
    /// taken in the worker reuse, the reuse goes on with `resume_reuse`.
    Payout {
        to_act: Seat,
        next: Vec<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resume: Option<Seat>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        resume_reuse: Vec<Seat>,
    },
    /// After the round's scoring: the turn-order claimants, 2nd place first, may each put
    /// their turn-order worker on an empty one-worker space and use it.
    WorkerReuse {
        to_act: Seat,
        next: Vec<Seat>,
    },
    GameEnded {},
}

impl Phase {
    /// The seat acting now (none once the game has ended).
    pub fn to_act(&self) -> Option<Seat> {
        match self {
            Phase::StartingBonuses { to_act, .. }
            | Phase::Placement { to_act }
            | Phase::Payout { to_act, .. }
            | Phase::WorkerReuse { to_act, .. } => Some(*to_act),
            Phase::GameEnded {} => None,
        }
    }
}

/// A choice the acting player must make before anything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanDecision)]
pub enum Decision {
    /// First to reach stocks level `level`: choose its dividend token; `then_payout`: the
    /// stocks "?" token's personal payout follows, so that it includes the new level's token.
    DividendToken {
        level: u8,
        #[serde(default)]
        then_payout: bool,
    },
    /// A "?" space was met: choose one of the "?" tokens left.
    QuestionToken {},
    /// A detonation with both boulders in place: choose which leaves.
    Detonation {},
    /// Locomotive `number` was replaced: place it on a railroad, or, with every slot full,
    /// return it to the supply as a factory.
    DisplacedLocomotive { number: u8 },
    /// Steelworks `steelworks` was taken: place it in a gap, or put it back in the box.
    Steelworks { steelworks: u8 },
}

/// The acting player's turn: its indirect actions not yet used, the choices it must make, and
/// whether its direct action is done.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanTurn)]
pub struct Turn {
    /// The action pool: indirect actions, used in any order, in part, or not at all; what is
    /// left when the turn ends is lost.
    pub pool: Vec<SpaceEffect>,
    /// Choices to make first, oldest first.
    pub decisions: Vec<Decision>,
    /// The turn's direct action (or the starting bonus) is done.
    pub acted: bool,
    /// Steelworks taken this turn: a general payout follows the turn, takers first.
    pub general_payouts: Vec<Seat>,
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
    /// Doubler tiles left in the supply.
    pub doublers: u8,
    /// Engineers that left the game unhired.
    pub engineers_gone: Vec<u8>,
    pub phase: Phase,
    pub turn: Turn,
}

impl State {
    /// The seat's place in this round's turn order, from 0.
    pub fn turn_position(&self, seat: Seat) -> usize {
        self.turn_order.iter().position(|&s| s == seat).unwrap_or(0)
    }
}
