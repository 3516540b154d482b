//! 1846's component data in one typed place: `components.json`, transcribed from the production
//! implementation of 1846 in tobymao/18xx (its `sources` name the files and the commit). Every
//! field of the file has a type here (unknown fields are refused), so a number printed on a
//! component lives in the file and nowhere else. The game itself is not built yet.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use utoipa::ToSchema;

pub use crate::games::kit18xx::map::{
    Border, BorderKind, ByColour, Colour, Distance, Edge, End, HexData, Home, Map, Path,
    Reservation, Stop, StopKind, Terrain, TileData, TrainSide,
};

/// The component data, parsed once.
pub fn components() -> &'static Components {
    static COMPONENTS: OnceLock<Components> = OnceLock::new();
    COMPONENTS.get_or_init(|| {
        let mut components: Components = serde_json::from_str(include_str!("components.json"))
            .expect("components.json is checked by the tests");
        components.map.index();
        components
    })
}

// 1846's hex edges (`Edge`), pointy-topped: 0 = SW, 1 = W, 2 = NW, 3 = NE, 4 = E, 5 = SE.

/// `Components::cert_limits` read as numbers once: `(players, corporations, limit)` rows.
#[derive(Debug, Clone, Default)]
struct CertLimitRows(OnceLock<Vec<(u8, usize, u32)>>);

/// A player count, as the file's keys write it ("3", "4", "5").
pub type ByPlayers<T> = BTreeMap<String, T>;

/// 1846's component data as transcribed (its `sources` name the files and commits): map, tiles,
/// market, trains, phases, privates, minors and corporations.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846Components)]
pub struct Components {
    pub notes: String,
    pub sources: Vec<Source>,
    pub caveats: Vec<String>,
    pub game: GameConstants,
    pub market: Vec<u32>,
    pub market_close_prices: Vec<u32>,
    pub par_values: Vec<u32>,
    /// `cert_limits[players][corporations]`: the smallest key at least the number of
    /// corporations available or in play applies (the smallest key stands for "or fewer").
    #[schema(value_type = BTreeMap<String, BTreeMap<String, u32>>)]
    pub cert_limits: ByPlayers<BTreeMap<String, u32>>,
    pub cert_limits_note: String,
    /// `cert_limits` read as numbers, once: `(players, corporations, limit)`.
    #[serde(skip)]
    #[schema(ignore)]
    cert_limit_rows: CertLimitRows,
    pub trains: Vec<TrainCard>,
    pub train_events: BTreeMap<String, String>,
    pub phases: Vec<PhaseData>,
    /// The standard (2nd edition) set.
    pub privates: Vec<PrivateData>,
    pub minors: Vec<MinorData>,
    pub corporations: Vec<CorporationData>,
    pub removals: Removals,
    /// The optional rule "1st Edition private companies".
    pub first_edition: FirstEdition,
    pub bonuses: Bonuses,
    /// The map: layout, hexes and tiles (the kit's types).
    #[serde(flatten)]
    pub map: Map,
}

/// Where the component data was transcribed from: repository, file and commit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846SourceData)]
pub struct Source {
    pub repository: String,
    pub path: String,
    pub commit: String,
}

/// The game's constants: players, bank, starting cash, lays per turn and the game end's
/// conditions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846GameConstants)]
pub struct GameConstants {
    pub players: Vec<u8>,
    #[schema(value_type = BTreeMap<String, u32>)]
    pub bank: ByPlayers<u32>,
    #[schema(value_type = BTreeMap<String, u32>)]
    pub starting_cash: ByPlayers<u32>,
    pub capitalization: String,
    pub tile_lays_per_turn: u8,
    pub max_upgrades_per_turn: u8,
    pub minimum_tile_lay_cost: u32,
    pub must_sell_in_blocks: bool,
    pub home_token_timing: String,
    pub pass_cards: String,
    pub corporation_buys_private_for: String,
    pub game_end: Vec<String>,
}

/// A tile or hex colour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846TrainCard)]
pub struct TrainCard {
    pub id: String,
    /// Trains made, by player count; `None` when unlimited.
    #[schema(value_type = Option<BTreeMap<String, u8>>)]
    pub count_by_players: Option<ByPlayers<u8>>,
    /// The source's count where the rules make the supply unlimited.
    #[serde(default)]
    pub source_count: Option<u8>,
    pub sides: Vec<TrainSide>,
    pub obsolete_on: Option<String>,
    pub rusts_on: Option<String>,
    pub events: Vec<String>,
}

/// A phase: the train that starts it, the train limit, the tile colours allowed, its operating
/// rounds, whether privates may be bought.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846PhaseData)]
pub struct PhaseData {
    pub name: String,
    /// The train card whose first purchase starts the phase.
    pub on: Option<String>,
    pub train_limit: u8,
    pub tiles: Vec<Colour>,
    pub operating_rounds: u8,
    pub corporations_may_buy_privates: bool,
    /// Which off-board value pays: yellow or brown.
    pub offboard_colour: Colour,
}

/// What a private, minor or corporation may do, in the source's terms; the `description`
/// beside it says it in words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = G1846Ability)]
pub enum Ability {
    Reservation {
        hex: String,
        city: u8,
        until: String,
    },
    Token {
        hex: String,
        #[serde(default)]
        city: Option<u8>,
        price: u32,
        #[serde(default)]
        teleport_price: Option<u32>,
        #[serde(default)]
        connection_required: Option<bool>,
        #[serde(default)]
        count: Option<u8>,
        #[serde(default)]
        extra: bool,
        #[serde(default)]
        owned_by: Option<String>,
        #[serde(default)]
        description: Option<String>,
    },
    RevenueBonus {
        per_stop: u32,
        trains: u8,
        owned_by: String,
    },
    NeverCloses {
        owned_by: String,
    },
    TileDiscount {
        terrain: String,
        discount: u32,
        owned_by: String,
    },
    AssignedBonus {
        hexes: Vec<String>,
        #[serde(default)]
        bonus: Option<u32>,
        #[serde(default)]
        bonus_per_port: Option<u32>,
        #[serde(default)]
        reassign: Option<String>,
        #[serde(default)]
        owned_by: Option<String>,
        /// The train card whose first purchase removes the bonus.
        removed_on: String,
    },
    ExtraTileLay {
        hexes: Vec<String>,
        tiles: Vec<String>,
        free: bool,
        #[serde(default)]
        discount: Option<u32>,
        count: u8,
        #[serde(default)]
        must_lay_together: bool,
        #[serde(default)]
        connection_required: Option<bool>,
        #[serde(default)]
        only_if_unconnected: bool,
        owned_by: String,
    },
    BlocksHexes {
        hexes: Vec<String>,
        while_owned_by: String,
    },
    Subsidy {
        description: String,
    },
    FreeTileLays {
        hexes: Vec<String>,
        tiles: Vec<String>,
        description: String,
    },
}

/// A private company (or minor card) as printed: its id, name, price, revenue and abilities.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846PrivateCompany)]
pub struct PrivateData {
    pub id: String,
    pub name: String,
    pub value: u32,
    pub revenue: u32,
    /// The removal group ("blue", "orange"), if any.
    pub group: Option<String>,
    pub description: String,
    pub abilities: Vec<Ability>,
}

/// A minor's home: its hex and city.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846HomeHex)]
pub struct HomeHex {
    pub hex: String,
    pub city: u8,
}

/// An independent railroad, sold in the draft like a private.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846MinorData)]
pub struct MinorData {
    pub id: String,
    pub name: String,
    pub price: u32,
    pub cash: u32,
    /// The face value of its card (18xx.games' `value`): the most a corporation pays for it,
    /// and what it counts in its owner's wealth.
    pub value: u32,
    pub train: String,
    pub home: HomeHex,
    pub tokens: Vec<u32>,
    pub color: String,
    pub text_color: String,
    /// Its place in every operating round (1 = first).
    pub operates: u8,
    pub description: String,
}

/// A corporation as printed: its symbol, name, home, station tokens and colours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846CorporationData)]
pub struct CorporationData {
    pub id: String,
    pub name: String,
    pub home: HomeHex,
    pub color: String,
    pub text_color: String,
    /// Token prices, the home token first.
    pub tokens: Vec<u32>,
    pub float_percent: u8,
    pub shares: Vec<u8>,
    pub always_market_price: bool,
    /// The removal group ("green"), if any.
    pub group: Option<String>,
    pub abilities: Vec<Ability>,
}

/// The groups things are removed from at setup and how many, by player count.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846Removals)]
pub struct Removals {
    pub description: String,
    pub groups: BTreeMap<String, Vec<String>>,
    #[schema(value_type = BTreeMap<String, BTreeMap<String, u8>>)]
    pub count_by_players: BTreeMap<String, ByPlayers<u8>>,
}

/// The optional rule "1st Edition private companies": the privates it leaves out and how many
/// are removed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846FirstEdition)]
pub struct FirstEdition {
    pub option: String,
    pub name: String,
    pub description: String,
    /// The privates of the 1st-edition set (ids of `privates`).
    pub privates: Vec<String>,
    pub groups: BTreeMap<String, Vec<String>>,
    #[schema(value_type = BTreeMap<String, BTreeMap<String, u8>>)]
    pub count_by_players: BTreeMap<String, ByPlayers<u8>>,
}

/// The east-west bonus: the hexes at either end and what a route between them earns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846EastWest)]
pub struct EastWest {
    pub description: String,
    pub east: BTreeMap<String, u32>,
    pub west: BTreeMap<String, u32>,
}

/// The bonuses for routes between named places (east-west, Chicago-Conn.).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846Bonuses)]
pub struct Bonuses {
    pub east_west: EastWest,
    pub mail_contract_per_stop: u32,
    pub meat_packing: u32,
    pub steamboat_per_port: u32,
    /// Port symbols per port hex (the Steamboat pays per symbol).
    pub ports: BTreeMap<String, u32>,
    pub boomtown: u32,
}

impl std::ops::Deref for Components {
    type Target = Map;

    /// 1846's components are its map and more: `components().hexes`, `.tile(id)`... read the
    /// map.
    fn deref(&self) -> &Map {
        &self.map
    }
}

impl Components {
    pub fn private(&self, id: &str) -> Option<&PrivateData> {
        self.privates.iter().find(|p| p.id == id)
    }

    pub fn corporation(&self, id: &str) -> Option<&CorporationData> {
        self.corporations.iter().find(|c| c.id == id)
    }

    pub fn phase(&self, name: &str) -> Option<&PhaseData> {
        self.phases.iter().find(|p| p.name == name)
    }

    /// The id of the hex across `edge` of hex `id` (whether or not it is on the map).
    pub fn neighbour_id(&self, id: &str, edge: Edge) -> Option<String> {
        let across = self.map.layout.neighbour(self.hex(id)?.coord(), edge)?;
        Some(across.to_string())
    }

    /// The certificate limit with `players` players and `corporations` corporations available or
    /// in play.
    /// The row for the fewest corporations at least `corporations`, else the row for the most
    /// (read in one pass: the stock round asks at every purchase it judges).
    pub fn cert_limit(&self, players: u8, corporations: usize) -> Option<u32> {
        // (corporations, limit) rows.
        let mut fewest_enough: Option<(usize, u32)> = None;
        let mut most: Option<(usize, u32)> = None;
        for &(_, k, v) in self.cert_limit_rows().iter().filter(|r| r.0 == players) {
            if k >= corporations && fewest_enough.is_none_or(|(f, _)| k < f) {
                fewest_enough = Some((k, v));
            }
            if most.is_none_or(|(m, _)| k > m) {
                most = Some((k, v));
            }
        }
        fewest_enough.or(most).map(|(_, limit)| limit)
    }

    /// `cert_limits` with its keys read as numbers (a key that is not one is left out, as
    /// before: the data's tests check every key).
    fn cert_limit_rows(&self) -> &[(u8, usize, u32)] {
        self.cert_limit_rows.0.get_or_init(|| {
            self.cert_limits
                .iter()
                .filter_map(|(p, table)| Some((p.parse::<u8>().ok()?, table)))
                .flat_map(|(p, table)| {
                    table
                        .iter()
                        .filter_map(move |(k, &v)| Some((p, k.parse::<usize>().ok()?, v)))
                })
                .collect()
        })
    }
}
