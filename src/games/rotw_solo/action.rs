//! What the player may ask. Cities, cards, Major Lines and Barons are named by their index in
//! the components' lists (Operations cards by their place in the display).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::{GoodsColour, MOST_ENGINE_LEVELS};
use super::map::Hex;

/// A route's cities: one more than its links, which are at most the top engine's level (one
/// above its upgrades).
pub const ROUTE: usize = MOST_ENGINE_LEVELS + 2;

/// A Rail Barons of the World solo action: the player's build, deliveries and bonds, and the
/// answers to the Railbot's cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RotwSoloAction)]
pub enum Action {
    /// Build Track, from a city in play: then `lay_track` 1-4 times, and `complete_link` or
    /// `stop_building`.
    BuildTrack {
        city: u8,
    },
    /// Build Track, continuing the player's open track (by its place in `open_track`).
    ContinueTrack {
        track: u8,
    },
    /// The next tile of the track being built, next to its last hex.
    LayTrack {
        hex: Hex,
    },
    /// The track being built reaches `city`: a link, and the end of the action.
    CompleteLink {
        city: u8,
    },
    /// Ends a Build Track action with its track open.
    StopBuilding {},
    /// A New City tile of `colour` on a grey city, then two cubes from the bag.
    Urbanize {
        city: u8,
        colour: GoodsColour,
    },
    UpgradeEngine {},
    /// Deliver One Goods Cube: a cube of `colour` from the first city of `route` along links
    /// to its last city (consecutive cities linked).
    Deliver {
        colour: GoodsColour,
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, ROUTE>")]
        #[schema(max_items = 22)]
        route: Vec<u8>,
    },
    /// Take the Operations card at `place` in the display; a New Industry names its `city`.
    TakeOperationsCard {
        place: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        city: Option<u8>,
    },
    /// Insurance: both first actions, a token on row slot 1 or 2.
    Insure {
        slot: u8,
    },
    /// An action spent doing nothing: only when no other action of the turn is possible.
    Pass {},
    /// Free at any time of the player's turn: $5k now, $1k a turn and a point at the end.
    IssueBond {},
    /// Free at any time of the player's turn: a Duel Baron whose objective is met.
    ClaimBaron {
        baron: u8,
    },
    /// Answering the Railbot: the cube of `colour` leaves `city`.
    RemoveCube {
        city: u8,
        colour: GoodsColour,
    },
    /// Answering the Railbot: the Major Line it claims.
    GiveMajorLine {
        line: u8,
    },
    /// Answering the Railbot: the Duel Baron it claims (its opponent effect follows).
    GiveBaron {
        baron: u8,
    },
}
