//! The full state of a solo game. A client sends it whole with every request; the hidden piles
//! (the bag, the Railbot and Operations draw piles, the cards removed unseen) are in it, and
//! `POST /v1/rotw-solo/view` redacts them for a player's eyes.
//!
//! Cities, cards and Barons are named by their index in the components' lists.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::{Components, GoodsColour};
use super::event::Score;
use super::map::Hex;
use crate::core::Rng;

/// Marks a state as this game's; a state of another game is refused when parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RotwSoloGameTag)]
pub enum GameTag {
    #[serde(rename = "rotw-solo")]
    RotwSolo,
}

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
    pub cities: [u8; 2],
    /// The hexes of its track, from the first city to the second.
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
    pub deck: Vec<u8>,
    /// The row, slot 1 first (face up).
    pub row: Vec<u8>,
    /// The row card holding the player's Insurance token, if it is in play (the token moves
    /// with its card as the row slides).
    pub insurance: Option<u8>,
    pub discard: Vec<u8>,
    /// The three cards removed at setup without being seen (hidden).
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
    pub deck: Vec<u8>,
    /// The display, from the end nearest the draw pile: new cards go first, the last place is
    /// the furthest (where Deadhead cards lie).
    pub display: Vec<DisplayCard>,
    /// The cards the player took.
    pub taken: Vec<u8>,
    pub discard: Vec<u8>,
    /// Back in the box at setup: the other Service Bounties and the start cards.
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloState)]
pub struct State {
    pub game: GameTag,
    pub rules_version: RulesVersion,
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
    pub city_cubes: Vec<Vec<GoodsColour>>,
    /// The cities with an Empty City Marker, in the order they emptied.
    pub empty_cities: Vec<u8>,
    /// The goods cubes still in the bag (hidden; drawn from the front).
    pub bag: Vec<GoodsColour>,
    pub new_cities: Vec<NewCity>,
    pub links: Vec<Link>,
    pub open_track: Vec<OpenTrack>,
    /// Who claimed each Major Line (by index).
    pub major_lines: Vec<Option<Owner>>,
    /// The cities with the player's Hotels.
    pub hotels: Vec<u8>,
    pub railbot: Railbot,
    pub operations: Operations,
    /// The four Duel Barons of the variant (empty without it).
    pub barons: Vec<BaronInPlay>,
    /// Set when the end is triggered: the last turn to play (without the Railbot).
    pub last_turn: Option<u32>,
    /// The choices a Railbot card waits for, in order (phase `railbot`); empty otherwise. Kept
    /// here rather than in the phase: serde would read a tag nested in another tagged enum
    /// from a number as well as from its name.
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
