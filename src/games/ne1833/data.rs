//! 1833NE's component data in one typed place: the verified data of
//! `components.json` (transcribed from the public pre-release implementation; its `sources`
//! name the files and commits) and the provisional values the rules set where no source has
//! them (ferries, bonuses: docs/rules/1833ne.md#ferries, #bonuses). Nothing else in the game
//! module holds a number printed on a component. The map's vocabulary (edges, paths, borders,
//! terrain) is the 18xx kit's, shared with 1846 (`games::kit18xx::map`).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use utoipa::ToSchema;

pub use crate::games::kit18xx::map::{
    Border, BorderKind, Colour, Distance, Edge, End, HexData, Home, Map, Path, Stop, StopKind,
    Terrain, TileData, TrainSide,
};

/// The verified component data, parsed once.
pub fn components() -> &'static Components {
    static COMPONENTS: OnceLock<Components> = OnceLock::new();
    COMPONENTS.get_or_init(|| {
        let mut components: Components = serde_json::from_str(include_str!("components.json"))
            .expect("components.json is checked by the tests");
        components.map.index();
        components
    })
}

/// 1833NE's printed components (transcribed; docs/rules/1833ne.md names the sources): map with
/// its layout, hexes and tiles, market, par values, certificate limits, trains, phases,
/// privates and companies.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833Components)]
pub struct Components {
    pub game: GameConstants,
    pub market: Vec<u32>,
    pub market_close_prices: Vec<u32>,
    pub par_values: Vec<u32>,
    /// `cert_limits[players][corporations]`.
    pub cert_limits: BTreeMap<String, BTreeMap<String, u32>>,
    pub trains: Vec<TrainCard>,
    pub phases: Vec<PhaseData>,
    pub privates: Vec<PrivateData>,
    pub corporations: Vec<CorporationData>,
    /// The map: layout, hexes and tiles (the kit's types).
    #[serde(flatten)]
    pub map: Map,
}

/// The game's constants: players, bank, starting cash and tile lays per turn.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833GameConstants)]
pub struct GameConstants {
    pub players: Vec<u8>,
    pub bank: u32,
    pub starting_cash: BTreeMap<String, u32>,
    pub tile_lays_per_turn: u8,
    pub max_upgrades_per_turn: u8,
    pub minimum_tile_lay_cost: u32,
}

/// A tile or hex colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833Band)]
pub enum Band {
    #[serde(rename = "I-II")]
    Early,
    #[serde(rename = "III-IV")]
    Middle,
    #[serde(rename = "V")]
    Late,
}

/// A train card: its id, how many there are and the sides it may run as, each with its price
/// and distance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833TrainCard)]
pub struct TrainCard {
    pub id: String,
    pub count: u8,
    pub sides: Vec<TrainSide>,
}

/// A phase: the train that starts it, the train limit, the tile colours allowed and the
/// off-boards' revenue band.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833Phase)]
pub struct PhaseData {
    pub name: String,
    pub on: Option<String>,
    pub train_limit: u8,
    pub tiles: Vec<Colour>,
    pub offboard_band: Band,
}

/// A private company as printed: its id, name, face value, revenue and ability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833PrivateCompany)]
pub struct PrivateData {
    pub id: String,
    pub name: String,
    /// Its face value (the auction's minimum, and the price range's base).
    pub value: u32,
    /// What it pays its owner at the start of each operating round.
    pub revenue: u32,
    /// Its special ability, as printed.
    pub description: String,
}

/// A company as printed: its symbol, name, home city, station tokens and colours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833CompanyData)]
pub struct CorporationData {
    pub id: String,
    pub name: String,
    pub home: Home2,
    /// The station tokens' costs, the home token first.
    pub tokens: Vec<u32>,
    /// Its colour on the board and its certificates (CSS, e.g. `#0095DA`).
    pub color: String,
    /// The colour of its symbol's text on that colour.
    pub text_color: String,
}

/// A company's home: its hex and the city on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833HomeCity)]
pub struct Home2 {
    pub hex: String,
    pub city: u8,
}

/// What `GET /v1/1833ne/components` serves: the printed components, and the provisional values
/// (ferries, bonuses) a game plays with unless its options replace them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Ne1833ServedComponents)]
pub struct ServedComponents {
    #[serde(flatten)]
    pub printed: Components,
    /// The values no source has (docs/rules/1833ne.md#ferries, #bonuses): a game's
    /// `provisional` option replaces them, and its state carries the ones it plays with.
    pub provisional: Provisional,
}

impl ServedComponents {
    pub fn of_the_game() -> ServedComponents {
        ServedComponents {
            printed: components().clone(),
            provisional: Provisional::default(),
        }
    }
}

impl std::ops::Deref for Components {
    type Target = Map;

    /// 1833NE's components are its map and more: `components().hexes`, `.tile(id)`... read the
    /// map.
    fn deref(&self) -> &Map {
        &self.map
    }
}

impl Components {
    pub fn phase(&self, name: &str) -> Option<&PhaseData> {
        self.phases.iter().find(|p| p.name == name)
    }

    pub fn corporation(&self, id: &str) -> Option<&CorporationData> {
        self.corporations.iter().find(|c| c.id == id)
    }

    pub fn train_side(&self, name: &str) -> Option<&TrainSide> {
        self.trains
            .iter()
            .flat_map(|t| t.sides.iter())
            .find(|s| s.name == name)
    }
}

// ---- Provisional data (docs/rules/1833ne.md#ferries and #bonuses) ----

/// A ferry: worth `value` to a route of its owning company that ends in or passes through
/// `city` (the port's city), and a link from its port to Boston for interconnection bonuses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Ferry)]
pub struct Ferry {
    pub id: String,
    /// The port hex (a blue hex, or a city hex with a port node).
    pub port: String,
    /// The hex of the city the ferry serves.
    pub city: String,
    pub value: u32,
}

/// A bonus for a route that links two locations, by phase band.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Bonus)]
pub struct Bonus {
    pub between: [String; 2],
    /// Phases I-II, III-IV, V.
    pub values: [u32; 3],
}

/// The values no source has, as the rules file sets them provisionally.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Provisional)]
pub struct Provisional {
    pub ferry_price: u32,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 16>")]
    #[schema(max_items = 16)]
    pub ferries: Vec<Ferry>,
    /// Added to a route through the most recently bought ferry's city.
    pub new_ferry_bonus: u32,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 32>")]
    #[schema(max_items = 32)]
    pub bonuses: Vec<Bonus>,
    /// The D&H (A12) by phase band, only on a route to or through Montreal (B3).
    pub delaware_and_hudson: [u32; 3],
}

impl Default for Provisional {
    fn default() -> Provisional {
        let ferry = |id: &str, port: &str, city: &str| Ferry {
            id: id.to_string(),
            port: port.to_string(),
            city: city.to_string(),
            value: 20,
        };
        let bonus = |a: &str, b: &str, values| Bonus {
            between: [a.to_string(), b.to_string()],
            values,
        };
        Provisional {
            ferry_price: 40,
            ferries: vec![
                ferry("new_haven", "C28", "C26"),
                ferry("norwich", "E28", "E26"),
                ferry("cape_cod", "J25", "I26"),
                ferry("boston", "G22", "G22"),
                ferry("portland", "I14", "I14"),
            ],
            new_ferry_bonus: 20,
            bonuses: vec![
                bonus("G22", "B3", [150, 200, 200]),
                bonus("G22", "A20", [100, 60, 0]),
                bonus("G22", "A28", [0, 60, 150]),
            ],
            delaware_and_hudson: [40, 70, 80],
        }
    }
}

impl Band {
    /// The index of the band in a `[I-II, III-IV, V]` array.
    pub fn index(self) -> usize {
        match self {
            Band::Early => 0,
            Band::Middle => 1,
            Band::Late => 2,
        }
    }
}

// ---- Stations (the seed and the rules file) ----

/// The price of a company's station beyond its home.
pub const STATION_PRICE: u32 = 80;

/// Stations priced differently: the B&W's in Worcester always costs $40.
pub const SPECIAL_STATION_PRICES: [(&str, &str, u32); 1] = [("BW", "E22", 40)];

/// A spot held for a company until phase IV.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeldSpot {
    pub company: &'static str,
    pub hex: &'static str,
    /// Held only once the hex shows a green (or later) tile.
    pub from_green: bool,
}

/// The B&W's spot in Worcester; the B&P's in Boston once Boston's green tile is laid.
pub const HELD_SPOTS: [HeldSpot; 2] = [
    HeldSpot {
        company: "BW",
        hex: "E22",
        from_green: false,
    },
    HeldSpot {
        company: "B&P",
        hex: "G22",
        from_green: true,
    },
];

// ---- Trains: where the rules file overrides the code's data ----

/// The 7+3 costs $1,000 and its supply is unlimited (the seed over the code's $950 and 15).
pub const UNLIMITED_TRAIN: &str = "7+3";
pub const UNLIMITED_TRAIN_PRICE: u32 = 1000;

/// The price of a train side.
/// Whether the train card `card` has a side named `side`.
pub fn card_has_side(card: &str, side: &str) -> bool {
    components()
        .trains
        .iter()
        .any(|t| t.id == card && t.sides.iter().any(|s| s.name == side))
}

pub fn train_price(side: &TrainSide) -> u32 {
    if side.name == UNLIMITED_TRAIN {
        UNLIMITED_TRAIN_PRICE
    } else {
        side.price
    }
}

/// What phase `phase` (0 = I) does to trains bought in earlier phases: the cards it phases
/// out and the cards it removes (the rules file: phase I trains are phased out at III and
/// removed at IV; phase II trains phased out at IV, removed at V; phase III trains phased out
/// at V).
pub fn phase_train_effects(phase: usize) -> (&'static [&'static str], &'static [&'static str]) {
    match phase {
        2 => (&["2"], &[]),
        3 => (&["3/5"], &["2"]),
        4 => (&["4/7"], &["3/5"]),
        _ => (&[], &[]),
    }
}
