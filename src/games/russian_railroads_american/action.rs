//! What a player may ask. Railroads and industry tracks are named by their index in the
//! components' lists, action spaces by their id, locomotives and engineers by their number,
//! dividend and "?" tokens by their index, pool items by their place in the turn's pool.
//! Every action names the seat asking in `player`: only the seat to act may.
//!
//! No tagged enum sits inside another one: serde would then accept a number for the inner tag.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::{Colour, MOVES, SPACES, StartingBonus};
use super::state::Seat;

/// One tile, or for a locomotive-and-factory space two.
pub const TILES_TAKEN: usize = 2;

/// A Russian Railroads: American Railroads action: a worker placement, its choices, and
/// passing; each names its seat in `player`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanAction)]
pub enum Action {
    /// Before round 1: take one of the starting bonuses left; a move, an industry move or a
    /// doubler goes into the turn's pool. Then `end_turn`.
    ChooseStartingBonus { player: Seat, bonus: StartingBonus },
    /// The turn's direct action: workers (and `coins_as_workers` coins standing in for
    /// workers) on an action space, resolved completely as `resolution` says.
    Place {
        player: Seat,
        space: String,
        #[serde(default)]
        coins_as_workers: u8,
        #[serde(default)]
        resolution: Resolution,
    },
    /// Ends the player's round: the turn-order card's points.
    Pass { player: Seat },
    /// Ends the turn; what is left in the pool is lost.
    EndTurn { player: Seat },
    /// A hired engineer's action joins the pool (once a round).
    UseEngineer { player: Seat, engineer: u8 },
    /// Pay a coin for the advantage of a coin space met (once each).
    UseCoinSpace {
        player: Seat,
        railroad: u8,
        space: u8,
    },
    /// One move of a track from pool item `item`.
    MoveTrack {
        player: Seat,
        item: u8,
        railroad: u8,
        colour: Colour,
    },
    /// One move of an industry marker from pool item `item`. A factory it reaches in a gap of
    /// the top track is used at once, as `factories` says.
    MoveIndustry {
        player: Seat,
        item: u8,
        track: u8,
        #[serde(
            default,
            skip_serializing_if = "Vec::is_empty",
            deserialize_with = "crate::core::bounded::vec::<_, _, SPACES>"
        )]
        #[schema(max_items = 60)]
        factories: Vec<FactoryUse>,
    },
    /// A doubler from pool item `item` onto the left-most free doubler place of `railroad`.
    PlaceDoubler {
        player: Seat,
        item: u8,
        railroad: u8,
    },
    /// A locomotive or a factory from pool item `item`.
    TakeTile { player: Seat, item: u8, tile: Tile },
    /// The dividend token for the level just reached first.
    ChooseDividendToken { player: Seat, token: u8 },
    /// The "?" token for a "?" space just met.
    ChooseQuestionToken { player: Seat, token: u8 },
    /// Which boulder a detonation removes: the one of railroad `railroad`, or of industry
    /// track `industry_track` (name one).
    Detonate {
        player: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        railroad: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        industry_track: Option<u8>,
    },
    /// The replaced locomotive onto `railroad` (an empty slot, or in place of a lower one).
    PlaceLocomotive {
        player: Seat,
        railroad: u8,
        /// With the railroad's slots full: the lower locomotive it replaces.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        replaces: Option<u8>,
    },
    /// The replaced locomotive back to the supply as a factory (only with every slot full).
    ReturnLocomotive { player: Seat },
    /// The steelworks taken into a gap of industry track `track` (or in place of the factory
    /// in gap `replace`, as any factory).
    PlaceSteelworks {
        player: Seat,
        track: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        replace: Option<u8>,
    },
    /// The steelworks taken back to the box.
    DiscardSteelworks { player: Seat },
}

impl Action {
    /// The seat asking.
    pub fn player(&self) -> Seat {
        match self {
            Action::ChooseStartingBonus { player, .. }
            | Action::Pass { player, .. }
            | Action::EndTurn { player, .. }
            | Action::UseEngineer { player, .. }
            | Action::UseCoinSpace { player, .. }
            | Action::MoveIndustry { player, .. }
            | Action::PlaceDoubler { player, .. }
            | Action::TakeTile { player, .. }
            | Action::ChooseDividendToken { player, .. }
            | Action::ChooseQuestionToken { player, .. }
            | Action::PlaceLocomotive { player, .. }
            | Action::ReturnLocomotive { player, .. }
            | Action::DiscardSteelworks { player, .. }
            | Action::Place { player, .. }
            | Action::MoveTrack { player, .. }
            | Action::Detonate { player, .. }
            | Action::PlaceSteelworks { player, .. } => *player,
        }
    }
}

/// How a direct action is resolved: only the lists its effect uses, each as long as the effect
/// says (the moves in order).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanResolution)]
pub struct Resolution {
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::core::bounded::vec::<_, _, MOVES>"
    )]
    #[schema(max_items = 4)]
    pub moves: Vec<TrackMove>,
    /// Industry tracks, one per industry move (done before the track moves).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::core::bounded::vec::<_, _, MOVES>"
    )]
    #[schema(max_items = 4)]
    pub industry: Vec<u8>,
    /// The railroad that gets the doubler.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doubler: Option<u8>,
    /// One tile, or for a locomotive-and-factory space two, in the order taken.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::core::bounded::vec::<_, _, TILES_TAKEN>"
    )]
    #[schema(max_items = 2)]
    pub tiles: Vec<Tile>,
    /// The industry-and-black space: the black moves before the industry moves.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moves_first: bool,
    /// The boulder that leaves at the first detonation of these moves that asks which (both
    /// boulders there): it leaves at once, so later moves may use its space. Unnamed, the
    /// choice is asked after the action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detonate: Option<Boulder>,
    /// The uses of the factories the industry moves reach in gaps of the top track, in the
    /// order they are reached (one for each factory whose function asks for a choice).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::core::bounded::vec::<_, _, SPACES>"
    )]
    #[schema(max_items = 60)]
    pub factories: Vec<FactoryUse>,
}

/// The use of a factory an industry marker reaches in a gap of the top track: its function is
/// used at once, within the action that reached it (the seed: "If the gap is occupied by a
/// factory, you must use its function immediately"), never put in the pool. Only what the
/// function asks is named: its track moves in order, its industry moves, or the railroad of its
/// doubler; fewer moves than it gives only when no further one is possible. A factory whose
/// function asks for nothing (coins, points, a stocks advancement) takes no use.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanFactoryUse)]
pub struct FactoryUse {
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::core::bounded::vec::<_, _, MOVES>"
    )]
    #[schema(max_items = 4)]
    pub moves: Vec<TrackMove>,
    /// Industry tracks, one per industry move (a factory these reach on the top track takes
    /// the next use of the action's list).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::core::bounded::vec::<_, _, MOVES>"
    )]
    #[schema(max_items = 4)]
    pub industry: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doubler: Option<u8>,
    /// As a resolution's `detonate`, for the first detonation of these moves that asks which
    /// boulder leaves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detonate: Option<Boulder>,
}

/// A boulder: the one of railroad `railroad`, or of industry track `industry_track` (name one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanBoulder)]
pub struct Boulder {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub railroad: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub industry_track: Option<u8>,
}

/// A track marker moved: on which railroad, and which colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanTrackMove)]
pub struct TrackMove {
    pub railroad: u8,
    pub colour: Colour,
}

/// A tile taken: the lowest-numbered one left (or, as a factory, a returned factory named by
/// `returned`), as a locomotive on railroad `locomotive` (in place of its locomotive
/// `replaces`) or a factory on industry track `factory` (in place of the factory in gap
/// `replace`). Name exactly one of the two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanTile)]
pub struct Tile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locomotive: Option<u8>,
    /// A locomotive onto a railroad whose slots are full: the lower locomotive it replaces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub factory: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replace: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned: Option<u8>,
}
