//! The full state of a game. A client sends it whole with every request. Action spaces,
//! railroads, locomotives, engineers and cards are named by their index in the components'
//! lists (locomotives and engineers by their number).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::action::TILES_TAKEN;
use super::data::{
    BOULDERS, COLOURS, Colour, Components, DIVIDEND_TOKENS, INDUSTRY_TRACKS, MAX_LIST,
    MOST_STOCK_LEVELS, NUMBERED, RAILROADS, SPACES, STARTING_BONUSES, STEELWORKS, SpaceEffect,
    StartingBonus,
};
use crate::core::Rng;

// How long each list of a state may be, read while the body is parsed (published as
// `maxItems`): what the components allow at most (their own lists are bounded in `data`).
/// Seats P1-P4.
pub const SEATS: usize = Seat::ALL.len();
/// The "Done" markers: one per coin space, named by (railroad, space).
pub const COIN_SPACES: usize = RAILROADS * SPACES;
/// Special spaces met: one per (railroad, index in its list), each once.
pub const SPECIALS: usize = RAILROADS * MAX_LIST;
/// Pool items are named by one byte in the actions.
pub const POOL: usize = 256;
/// The choices one action can leave waiting (each is made before any other action): a "?"
/// token per "?" space met while tokens last, a dividend token per level reached first, a
/// detonation per boulder, a displaced locomotive per tile taken, a steelworks per steelworks.
pub const DECISIONS: usize =
    MAX_LIST + MOST_STOCK_LEVELS as usize + BOULDERS + TILES_TAKEN + STEELWORKS;
/// Locomotive tiles: as many of each number as players.
pub const TILES: usize = NUMBERED * SEATS;
pub const STOCK_LEVELS: usize = MOST_STOCK_LEVELS as usize;
/// A round's placements. Each takes at least a worker or a coin of its seat, and a seat holds
/// at most 255 (one byte) of each of workers, temporary workers and coins: 3,060 for four
/// seats; the rest is room for coins earned again within the round. A reading: nothing in
/// the rules counts them.
pub const PLACEMENTS: usize = 4096;

/// The game this state is of: always `russian-railroads-american`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RussianRailroadsAmericanGameTag)]
pub enum GameTag {
    #[serde(rename = "russian-railroads-american")]
    RussianRailroadsAmerican,
}

/// The version of the game's rules this state follows.
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
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, COLOURS>")]
    #[schema(max_items = 5)]
    pub tracks: Vec<Track>,
    /// Locomotive numbers in its slots.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MAX_LIST>")]
    #[schema(max_items = 255)]
    pub locomotives: Vec<u8>,
    /// The spaces with a doubler.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SPACES>")]
    #[schema(max_items = 60)]
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
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SPACES>")]
    #[schema(max_items = 60)]
    pub factories: Vec<Option<u8>>,
    /// Whether its boulder (if it has one) is still there.
    pub boulder: bool,
}

/// A player's board: workers, coins, tracks, locomotives, factories and points.
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
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, RAILROADS>")]
    #[schema(max_items = 3)]
    pub railroads: Vec<RailroadState>,
    /// The colours the player may build.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, COLOURS>")]
    #[schema(max_items = 5)]
    pub unlocked: Vec<Colour>,
    /// One per industry track, bottom first.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, INDUSTRY_TRACKS>")]
    #[schema(max_items = 2)]
    pub industry: Vec<IndustryState>,
    /// Engineers hired, by number.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, NUMBERED>")]
    #[schema(max_items = 256)]
    pub engineers: Vec<u8>,
    /// End-bonus cards held (hidden from the others), by index.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MAX_LIST>")]
    #[schema(max_items = 255)]
    pub end_bonus: Vec<u8>,
    /// The stocks board level of the player's marker (0: the bottom).
    pub stock_level: u8,
    /// Coin spaces whose advantage was taken (railroad, space): the "Done" markers.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, COIN_SPACES>")]
    #[schema(max_items = 180)]
    pub coin_spaces_done: Vec<(u8, u8)>,
    /// Special spaces already met (railroad, index in its list): each fires once.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SPECIALS>")]
    #[schema(max_items = 765)]
    pub specials_met: Vec<(u8, u8)>,
    /// "?" tokens spent, by index in the components' list.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MAX_LIST>")]
    #[schema(max_items = 255)]
    pub question_tokens: Vec<u8>,
    /// Hired engineers already used this round.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, NUMBERED>")]
    #[schema(max_items = 256)]
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
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SEATS>")]
    #[schema(max_items = 4)]
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
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SEATS>")]
        #[schema(max_items = 4)]
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
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SEATS>")]
        #[schema(max_items = 4)]
        next: Vec<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resume: Option<Seat>,
        #[serde(
            default,
            skip_serializing_if = "Vec::is_empty",
            deserialize_with = "crate::core::bounded::vec::<_, _, SEATS>"
        )]
        #[schema(max_items = 4)]
        resume_reuse: Vec<Seat>,
    },
    /// After the round's scoring: the turn-order claimants, 2nd place first, may each put
    /// their turn-order worker on an empty one-worker space and use it.
    WorkerReuse {
        to_act: Seat,
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SEATS>")]
        #[schema(max_items = 4)]
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
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, POOL>")]
    #[schema(max_items = 256)]
    pub pool: Vec<SpaceEffect>,
    /// Choices to make first, oldest first.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, DECISIONS>")]
    #[schema(max_items = 282)]
    pub decisions: Vec<Decision>,
    /// The turn's direct action (or the starting bonus) is done.
    pub acted: bool,
    /// Steelworks taken this turn: a general payout follows the turn, takers first.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, STEELWORKS>")]
    #[schema(max_items = 3)]
    pub general_payouts: Vec<Seat>,
}

/// A whole Russian Railroads: American Railroads game at one moment: its components, the
/// players' boards, the action spaces, the hidden piles (see `view`) and who acts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanState)]
pub struct State {
    pub game: GameTag,
    pub rules_version: RulesVersion,
    /// The actions applied since setup (0 at setup). A client compares it with what it last
    /// saw (`expected_move`) to tell a stale state from the current one.
    #[serde(rename = "move")]
    pub moves: u64,
    pub components: Components,
    /// The generator's state: later shuffles continue it.
    pub rng: Rng,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SEATS>")]
    #[schema(max_items = 4)]
    pub players: Vec<Player>,
    /// The round being played, from 1.
    pub round: u8,
    /// This round's order of play.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SEATS>")]
    #[schema(max_items = 4)]
    pub turn_order: Vec<Seat>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, PLACEMENTS>")]
    #[schema(max_items = 4096)]
    pub placements: Vec<Placement>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, NUMBERED>")]
    #[schema(max_items = 256)]
    pub piles: Vec<Pile>,
    /// Factories returned to the supply (by locomotive number), to be taken again.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, TILES>")]
    #[schema(max_items = 1024)]
    pub returned_factories: Vec<u8>,
    /// The engineer strip, left to right: upcoming engineers, the two public places, the hiring
    /// place (by engineer number; empty places as nothing).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, NUMBERED>")]
    #[schema(max_items = 256)]
    pub engineer_strip: Vec<Option<u8>>,
    /// End-bonus cards: the draw pile (hidden) and the ones removed unseen at setup.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MAX_LIST>")]
    #[schema(max_items = 255)]
    pub end_bonus_deck: Vec<u8>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MAX_LIST>")]
    #[schema(max_items = 255)]
    pub end_bonus_removed: Vec<u8>,
    /// The starting bonuses not yet taken.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, STARTING_BONUSES>")]
    #[schema(max_items = 4)]
    pub starting_bonuses: Vec<StartingBonus>,
    /// Stocks board levels 1 and up (the bottom is level 0).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, STOCK_LEVELS>")]
    #[schema(max_items = 20)]
    pub stock_levels: Vec<StockLevel>,
    /// Dividend tokens not yet on the stocks board (by index).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, DIVIDEND_TOKENS>")]
    #[schema(max_items = 8)]
    pub dividend_tokens: Vec<u8>,
    /// Who took each steelworks.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, STEELWORKS>")]
    #[schema(max_items = 3)]
    pub steelworks: Vec<Option<Seat>>,
    /// Doubler tiles left in the supply.
    pub doublers: u8,
    /// Engineers that left the game unhired.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, NUMBERED>")]
    #[schema(max_items = 256)]
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
