//! The full state of a solo game. A client sends it whole with every request; the hidden piles
//! (the bag, the Railbot and Operations draw piles, the cards removed unseen) are in it, and
//! `POST /v1/rotw-solo/view` redacts them for a player's eyes.
//!
//! Cities, cards and Barons are named by their index in the components' lists.

use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::{Array, ArrayBuilder, Ref};

use super::data::{Components, GoodsColour, MOST_ENTRIES, MOST_HEXES};
use super::event::Score;
use super::map::Hex;
use super::setup::{BARONS_SHOWN, REMOVED_UNSEEN, ROW};
use super::track::TILES_PER_ACTION;
use super::turn::ACTIONS;
use crate::core::Rng;

// How long each list of a state may be, read while the body is parsed (published as
// `maxItems`): what the components allow at most (their own lists are bounded in `data`).
/// Every cube of the game: five colours, at most 255 (one byte) of each.
pub const CUBES: usize = GoodsColour::ALL.len() * u8::MAX as usize;
/// Open track lasts one turn: at most its three actions' four tiles each.
pub const TURN_TRACK: usize = (ACTIONS * TILES_PER_ACTION) as usize;
/// Open track: one per Build Track action of the turn.
pub const OPEN_TRACKS: usize = ACTIONS as usize;
/// The display holds at most its size, one byte.
pub const DISPLAY: usize = u8::MAX as usize;
/// What one Railbot card can leave to choose: a cube per pair of its cities (three) or the
/// base exhaust count (one byte), a Major Line, and a Duel Baron whose opponent effect removes
/// up to 255 (one byte) cubes.
pub const DECISIONS: usize = 2 * u8::MAX as usize + 2 + 3;

/// Marks a state as this game's; a state of another game is refused when parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RotwSoloGameTag)]
pub enum GameTag {
    #[serde(rename = "rotw-solo")]
    RotwSolo,
}

/// The version of the solo game's rules this state follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RotwSoloRulesVersion)]
pub enum RulesVersion {
    #[serde(rename = "1")]
    V1,
}

/// Who owns a link, a Major Line or a Duel Baron.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RotwSoloOwner)]
pub enum Owner {
    Player,
    Railbot,
}

/// A completed link: track joining two cities.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloLink)]
pub struct Link {
    pub owner: Owner,
    /// Its two cities, the lower index first.
    #[schema(min_items = 2, max_items = 2)]
    pub cities: [u8; 2],
    /// The hexes of its track, from the first city to the second.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_HEXES>")]
    #[schema(max_items = 5000)]
    pub hexes: Vec<Hex>,
}

/// The player's track not (yet) joining two cities; removed at the end of the turn's actions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloOpenTrack)]
pub struct OpenTrack {
    /// The city it starts from.
    pub from: u8,
    /// Its hexes from that city on.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, TURN_TRACK>")]
    #[schema(max_items = 12)]
    pub hexes: Vec<Hex>,
}

/// A grey city urbanized with a New City tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloNewCity)]
pub struct NewCity {
    pub city: u8,
    pub colour: GoodsColour,
}

/// The Railbot's cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloRailbot)]
pub struct Railbot {
    /// The draw pile, top first (hidden).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub deck: Vec<u8>,
    /// The row, slot 1 first (face up).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, ROW>")]
    #[schema(max_items = 3)]
    pub row: Vec<u8>,
    /// The row card holding the player's Insurance token, if it is in play (the token moves
    /// with its card as the row slides).
    pub insurance: Option<u8>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub discard: Vec<u8>,
    /// The three cards removed at setup without being seen (hidden).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, REMOVED_UNSEEN>")]
    #[schema(max_items = 3)]
    pub removed_unseen: Vec<u8>,
}

/// A place in the Operations display.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RotwSoloDisplayCard)]
pub enum DisplayCard {
    Operations {
        card: u8,
    },
    /// A Railbot Deadhead card: takes a place for good.
    Deadhead {
        card: u8,
    },
}

/// The Operations cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloOperations)]
pub struct Operations {
    /// The draw pile, top first (hidden).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub deck: Vec<u8>,
    /// The display, from the end nearest the draw pile: new cards go first, the last place is
    /// the furthest (where Deadhead cards lie).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, DISPLAY>")]
    #[schema(max_items = 255)]
    pub display: Vec<DisplayCard>,
    /// The cards the player took.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub taken: Vec<u8>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub discard: Vec<u8>,
    /// Back in the box at setup: the other Service Bounties and the start cards.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub out_of_game: Vec<u8>,
}

/// A Duel Baron in play (the variant).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloBaronInPlay)]
pub struct BaronInPlay {
    pub baron: u8,
    pub claimed_by: Option<Owner>,
}

/// A whole solo game at one moment: its components, the map's links and cubes, the player's
/// cash and bonds, the Railbot's deck (hidden: see `view`) and the phase.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloState)]
pub struct State {
    pub game: GameTag,
    pub rules_version: RulesVersion,
    /// The actions applied since setup (0 at setup). A client compares it with what it last
    /// saw (`expected_move`) to tell a stale state from the current one.
    #[serde(rename = "move")]
    pub moves: u64,
    pub components: Components,
    pub duel_barons_variant: bool,
    /// The seeded generator: every later draw (Urbanize, New Industry) continues it.
    pub rng: Rng,
    /// The turn being played, from 1.
    pub turn: u32,
    /// Money, in thousands of dollars.
    pub cash: u32,
    pub bonds: u32,
    /// The points (and income) track.
    pub points: u32,
    pub engine: u8,
    pub deliveries: u32,
    /// The cubes on each city (by city index); empty for a city not in play.
    #[serde(deserialize_with = "city_cubes")]
    #[schema(schema_with = city_cubes_schema)]
    pub city_cubes: Vec<Vec<GoodsColour>>,
    /// The cities with an Empty City Marker, in the order they emptied.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub empty_cities: Vec<u8>,
    /// The goods cubes still in the bag (hidden; drawn from the front).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, CUBES>")]
    #[schema(max_items = 1275)]
    pub bag: Vec<GoodsColour>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub new_cities: Vec<NewCity>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_HEXES>")]
    #[schema(max_items = 5000)]
    pub links: Vec<Link>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, OPEN_TRACKS>")]
    #[schema(max_items = 3)]
    pub open_track: Vec<OpenTrack>,
    /// Who claimed each Major Line (by index).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub major_lines: Vec<Option<Owner>>,
    /// The cities with the player's Hotels.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub hotels: Vec<u8>,
    pub railbot: Railbot,
    pub operations: Operations,
    /// The four Duel Barons of the variant (empty without it).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, BARONS_SHOWN>")]
    #[schema(max_items = 4)]
    pub barons: Vec<BaronInPlay>,
    /// Set when the end is triggered: the last turn to play (without the Railbot).
    pub last_turn: Option<u32>,
    /// The choices a Railbot card waits for, in order (phase `railbot`); empty otherwise. Kept
    /// here rather than in the phase: serde would read a tag nested in another tagged enum
    /// from a number as well as from its name.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, DECISIONS>")]
    #[schema(max_items = 515)]
    pub decisions: Vec<Decision>,
    pub phase: Phase,
}

/// Where the turn stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "phase", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RotwSoloPhase)]
pub enum Phase {
    /// The player's actions: `taken` of the turn's three are done; the Railbot's card comes
    /// after the second.
    Actions {
        taken: u8,
    },
    /// A Build Track action under way (it counts when it ends).
    Building {
        taken: u8,
        build: Build,
    },
    /// The Railbot's card waits for the player's choices (`decisions`); then the third action.
    Railbot {},
    GameEnded {
        score: Score,
    },
}

/// The track of a Build Track action under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloBuild)]
pub struct Build {
    /// The city the track starts from.
    pub from: u8,
    /// Its hexes from that city, open track continued included.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, TURN_TRACK>")]
    #[schema(max_items = 12)]
    pub hexes: Vec<Hex>,
    /// Tiles laid in this action (at most 4).
    pub laid: u8,
    /// Money spent on it in this action, in $k.
    pub spent: u32,
}

/// A choice the Railbot's card leaves to the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "decision", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RotwSoloDecision)]
pub enum Decision {
    /// Building Links between connected cities: a cube leaves `city`, of `colour` if the city
    /// has one (the next city's colour).
    RemoveCube {
        city: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        colour: Option<GoodsColour>,
    },
    /// Exhaust Goods: a cube of `colour` leaves a city of the player's choice.
    ExhaustCube { colour: GoodsColour },
    /// A Duel Baron's opponent effect: any cube leaves any city.
    RemoveAnyCube {},
    /// The Major Line icon: the player picks the Major Line the Railbot claims.
    GiveMajorLine {},
    /// The Baron icon: the player picks the Duel Baron the Railbot claims.
    GiveBaron {},
}

/// The cubes on one city: at most every cube of the game.
#[derive(Deserialize)]
#[serde(transparent)]
struct CityCubes(
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, CUBES>")] Vec<GoodsColour>,
);

/// Reads `city_cubes`: a list per city, each bounded.
fn city_cubes<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<GoodsColour>>, D::Error> {
    let cities = crate::core::bounded::vec::<D, CityCubes, MOST_ENTRIES>(d)?;
    Ok(cities.into_iter().map(|c| c.0).collect())
}

/// `city_cubes`' schema: at most [`MOST_ENTRIES`] cities of at most [`CUBES`] cubes.
fn city_cubes_schema() -> Array {
    let cubes = ArrayBuilder::new()
        .items(Ref::from_schema_name("RotwSoloGoodsColour"))
        .max_items(Some(CUBES));
    ArrayBuilder::new()
        .items(cubes)
        .max_items(Some(MOST_ENTRIES))
        .description(Some(
            "The cubes on each city (by city index); empty for a city not in play.",
        ))
        .build()
}
