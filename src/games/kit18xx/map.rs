//! The map of an 18xx title as its component data writes it: hexes, tiles, stops, track paths,
//! borders and terrain, the layout that says which hex lies across each edge, and the trains'
//! reach. Each title's `components.json` holds its own figures in these types; [`Map`] is the
//! part of it the board, track and route search work on.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

use super::hex::{Coord, Layout};

/// A hex edge, 0 to 5 (each title's layout says where 0 is).
pub type Edge = u8;

/// One end of a path: a hex edge or a stop (by its index in the hex's or tile's stops).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(untagged)]
#[schema(as = Kit18xxEnd)]
pub enum End {
    /// A hex edge, 0-5 (an [`Edge`]; written `u8` so that the schema inlines it).
    Edge(u8),
    Stop {
        stop: u8,
    },
}

/// A stretch of track between two ends.
pub type Path = [End; 2];

/// What lies along a hex side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = Kit18xxBorderKind)]
pub enum BorderKind {
    Impassable,
    Water,
    Mountain,
    Plain,
}

/// A hex side with something on it, and what crossing it costs (nothing unless said).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxBorder)]
pub struct Border {
    /// The hex edge, 0-5 (an [`Edge`]).
    pub edge: u8,
    pub kind: BorderKind,
    #[serde(default)]
    pub cost: u32,
    pub neighbor: String,
}

/// Terrain printed in a hex: its kind and the cost of the first tile laid there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxTerrain)]
pub struct Terrain {
    pub kind: String,
    pub cost: u32,
}

/// A hex's or tile's colour; tiles go yellow, green, brown (and gray where a title has them).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[schema(as = Kit18xxColour)]
pub enum Colour {
    White,
    Yellow,
    Green,
    Brown,
    Gray,
    Red,
    Blue,
}

impl Colour {
    /// The colour a tile of this colour is upgraded to.
    pub fn next(self) -> Option<Colour> {
        match self {
            Colour::White => Some(Colour::Yellow),
            Colour::Yellow => Some(Colour::Green),
            Colour::Green => Some(Colour::Brown),
            Colour::Brown => Some(Colour::Gray),
            _ => None,
        }
    }
}

/// What a stop is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = Kit18xxStopKind)]
pub enum StopKind {
    City,
    Town,
    Offboard,
    /// A meeting point of track that pays nothing (1833NE's ferry landings).
    Junction,
}

/// An off-board's value by 1833NE's phase bands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxBands)]
pub struct Bands {
    #[serde(rename = "I-II")]
    pub early: u32,
    #[serde(rename = "III-IV")]
    pub middle: u32,
    #[serde(rename = "V")]
    pub late: u32,
}

/// An off-board's value by 1846's two colours (yellow in phases I-II, brown from III).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxByColour)]
pub struct ByColour {
    pub yellow: u32,
    pub brown: u32,
}

/// The value an off-board pays in each of the title's bands, as the data prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
#[schema(as = Kit18xxBandValues)]
pub enum BandValues {
    Phases(Bands),
    Colours(ByColour),
}

impl BandValues {
    /// The value in band `band` (0 first); a band past the last pays the last value.
    pub fn value(&self, band: usize) -> u32 {
        let values: &[u32] = match self {
            BandValues::Phases(b) => &[b.early, b.middle, b.late],
            BandValues::Colours(c) => &[c.yellow, c.brown],
        };
        values[band.min(values.len() - 1)]
    }
}

/// A stop printed on a hex or a tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxStop)]
pub struct Stop {
    pub kind: StopKind,
    #[serde(default)]
    pub revenue: Option<u32>,
    /// Station spots, for a city.
    #[serde(default)]
    pub slots: Option<u8>,
    /// An off-board's value by phase band (1833NE).
    #[serde(default)]
    pub revenue_by_phase: Option<Bands>,
    /// An off-board's value by colour (1846).
    #[serde(default)]
    pub revenue_by_colour: Option<ByColour>,
    /// A junction where track ends.
    #[serde(default)]
    pub terminal: bool,
    /// The off-board group a stop belongs to (1833NE: counted once per route).
    #[serde(default)]
    pub group: Option<String>,
    /// The groups a stop belongs to (1846: Chicago's four cities are one).
    #[serde(default)]
    pub groups: Vec<String>,
    /// Not drawn (1846's second stops of a two-hex off-board).
    #[serde(default)]
    pub hidden: bool,
}

impl Stop {
    /// The stations a city holds: its printed spots, one when none are printed.
    pub fn station_slots(&self) -> usize {
        usize::from(self.slots.unwrap_or(1))
    }

    /// What the stop pays in band `band`.
    pub fn value(&self, band: usize) -> u32 {
        match (&self.revenue_by_phase, &self.revenue_by_colour) {
            (Some(bands), _) => BandValues::Phases(*bands).value(band),
            (None, Some(colours)) => BandValues::Colours(*colours).value(band),
            (None, None) => self.revenue.unwrap_or(0),
        }
    }
}

/// A corporation's home: its hex's city.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxHome)]
pub struct Home {
    pub corporation: String,
    pub city: u8,
}

/// A station spot held for someone (1846) until an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxReservation)]
pub struct Reservation {
    pub by: String,
    pub city: u8,
    #[serde(default)]
    pub slot: Option<u8>,
    pub until: String,
}

/// A hex of the map as printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxHex)]
pub struct HexData {
    pub id: String,
    pub color: Colour,
    pub name: Option<String>,
    pub stops: Vec<Stop>,
    pub label: Option<String>,
    pub terrain: Option<Terrain>,
    /// Track: each path joins two ends (an edge 0-5, or one of the stops by index).
    #[schema(value_type = Vec<Vec<End>>)]
    pub paths: Vec<Path>,
    pub borders: Vec<Border>,
    /// An off-board's values (the same as its stop's), for display.
    #[serde(default)]
    pub offboard: Option<BandValues>,
    pub icons: Vec<String>,
    pub blocked_by: Vec<String>,
    pub homes: Vec<Home>,
    #[serde(default)]
    pub reservations: Vec<Reservation>,
}

impl HexData {
    /// The hex's coordinate, from its id (the map's ids are letters and a number).
    pub fn coord(&self) -> Coord {
        self.id
            .parse()
            .expect("components.json hex ids are coordinates")
    }

    pub fn border(&self, edge: Edge) -> Option<&Border> {
        self.borders.iter().find(|b| b.edge == edge)
    }

    pub fn is_city(&self) -> bool {
        self.stops.iter().any(|s| s.kind == StopKind::City)
    }
}

/// A tile design of the manifest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxTile)]
pub struct TileData {
    pub id: String,
    pub color: Colour,
    /// Copies in the game; absent for unlimited tiles.
    pub count: Option<u8>,
    #[serde(default)]
    pub unlimited: bool,
    pub stops: Vec<Stop>,
    /// Track: each path joins two ends (an edge 0-5, or one of the stops by index).
    #[schema(value_type = Vec<Vec<End>>)]
    pub paths: Vec<Path>,
    pub label: Option<String>,
    /// One of the shared tiles of the 18xx family (not the title's own).
    #[serde(default)]
    pub standard: bool,
    /// Its paths turned by each rotation, 0 to 5 (made by [`Map::index`]: every search asks
    /// what the laid tiles show, many times per action).
    #[serde(skip)]
    #[schema(ignore)]
    pub rotated: Vec<Vec<Path>>,
}

/// One side of a train card: its name, price and reach.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxTrainSide)]
pub struct TrainSide {
    pub name: String,
    pub price: u32,
    pub distance: Vec<Distance>,
}

/// How far a train reaches among stops of the kinds named: it visits up to `visit` and counts
/// the best `pay`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxDistance)]
pub struct Distance {
    pub nodes: Vec<StopKind>,
    pub pay: u8,
    pub visit: u8,
}

/// The map a board is laid on: the hexes, the tiles, the layout, and the tables the track and
/// route searches read (built once when the title's data is parsed).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(as = Kit18xxMap)]
pub struct Map {
    #[schema(value_type = super::hex::LayoutData)]
    pub layout: Layout,
    pub hexes: Vec<HexData>,
    pub tiles: Vec<TileData>,
    /// Each hex's neighbour across each edge, by index in `hexes`.
    #[serde(skip)]
    #[schema(ignore)]
    pub neighbours: Vec<[Option<usize>; 6]>,
    #[serde(skip)]
    #[schema(ignore)]
    index: HashMap<Coord, usize>,
    #[serde(skip)]
    #[schema(ignore)]
    tile_index: NameIndex,
    #[serde(skip)]
    #[schema(ignore)]
    hex_ids: NameIndex,
}

/// Indices by name, for the map's hex ids and tile ids: every action names hexes and tiles
/// that the track and route searches look up many times. The names are short, so each is
/// kept as one number (its bytes, up to 8), and a lookup compares numbers, not strings.
#[derive(Debug, Clone, Default)]
struct NameIndex {
    /// (the name as a number, index), by number.
    short: Vec<(u64, usize)>,
    /// Names longer than 8 bytes.
    long: BTreeMap<String, usize>,
}

impl NameIndex {
    fn of<'a>(names: impl Iterator<Item = &'a str>) -> NameIndex {
        let mut index = NameIndex::default();
        for (i, name) in names.enumerate() {
            match short_key(name) {
                Some(key) => index.short.push((key, i)),
                None => {
                    index.long.insert(name.to_string(), i);
                }
            }
        }
        index.short.sort_unstable();
        // As a map from names would keep it: a name given twice is its last index.
        index.short.reverse();
        index.short.dedup_by_key(|(key, _)| *key);
        index.short.reverse();
        index
    }

    fn get(&self, name: &str) -> Option<usize> {
        match short_key(name) {
            Some(key) => self
                .short
                .binary_search_by_key(&key, |&(k, _)| k)
                .ok()
                .map(|at| self.short[at].1),
            None => self.long.get(name).copied(),
        }
    }
}

/// A name of 1 to 8 bytes as a number (its bytes, the first highest); none for a longer one
/// or the empty name. Distinct names of these lengths give distinct numbers, since no name
/// of the data holds a zero byte and a shorter name's missing bytes are zeros.
fn short_key(name: &str) -> Option<u64> {
    let bytes = name.as_bytes();
    if bytes.is_empty() || bytes.len() > 8 || bytes.contains(&0) {
        return None;
    }
    let mut word = [0u8; 8];
    word[..bytes.len()].copy_from_slice(bytes);
    Some(u64::from_be_bytes(word))
}

impl Map {
    /// Builds the tables: route searches ask for neighbours and tiles many times per action,
    /// answered from tables rather than by parsing coordinates and comparing names.
    pub fn index(&mut self) {
        self.index = self
            .hexes
            .iter()
            .enumerate()
            .map(|(i, h)| (h.coord(), i))
            .collect();
        let neighbours = (0..self.hexes.len())
            .map(|hex| {
                let coord = self.hexes[hex].coord();
                std::array::from_fn(|edge| {
                    let next = self.layout.neighbour(coord, edge as Edge)?;
                    self.index.get(&next).copied()
                })
            })
            .collect();
        self.neighbours = neighbours;
        for tile in &mut self.tiles {
            tile.rotated = (0..6)
                .map(|r| {
                    tile.paths
                        .iter()
                        .map(|p| super::tiles::rotate_path(p, r))
                        .collect()
                })
                .collect();
        }
        self.tile_index = NameIndex::of(self.tiles.iter().map(|t| t.id.as_str()));
        self.hex_ids = NameIndex::of(self.hexes.iter().map(|h| h.id.as_str()));
    }

    pub fn hex(&self, id: &str) -> Option<&HexData> {
        self.hex_ids.get(id).map(|i| &self.hexes[i])
    }

    pub fn hex_at(&self, coord: Coord) -> Option<&HexData> {
        self.index.get(&coord).map(|&i| &self.hexes[i])
    }

    pub fn hex_index(&self, id: &str) -> Option<usize> {
        self.hex_ids.get(id)
    }

    pub fn tile(&self, id: &str) -> Option<&TileData> {
        self.tile_index(id).map(|i| &self.tiles[i])
    }

    /// The index of tile `id` in the map's tiles.
    pub fn tile_index(&self, id: &str) -> Option<usize> {
        self.tile_index.get(id)
    }

    /// The index of the hex across `edge` of hex `hex`, if it is on the map.
    pub fn neighbour(&self, hex: usize, edge: Edge) -> Option<usize> {
        *self.neighbours.get(hex)?.get(usize::from(edge % 6))?
    }
}

/// Hexes and tiles named in a title's actions: a name not of the title's map is a malformed
/// request (422 naming the field), not a move to judge. Each title's action parser calls these
/// with its own map and name.
pub mod names {
    use super::Map;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer};
    use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

    /// A title's map, as its actions name the hexes and tiles on it: the title's actions read
    /// their hex and tile fields with [`hex`] and [`tile`], their schemas by [`hexes`] and
    /// [`tiles`].
    pub trait TitleMap {
        /// The title, as an unknown name's error says it.
        const TITLE: &'static str;
        fn map() -> &'static Map;
    }

    /// An action's hex (`deserialize_with`): one of the title's map.
    pub fn hex<'de, M: TitleMap, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<String, D::Error> {
        known_hex(M::map(), M::TITLE, String::deserialize(deserializer)?).map_err(D::Error::custom)
    }

    /// An action's tile (`deserialize_with`): one of the title's tiles.
    pub fn tile<'de, M: TitleMap, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<String, D::Error> {
        known_tile(M::map(), M::TITLE, String::deserialize(deserializer)?).map_err(D::Error::custom)
    }

    /// The schema of an action's hex (`schema_with`).
    pub fn hexes<M: TitleMap>() -> Object {
        hex_schema(M::map())
    }

    /// The schema of an action's tile (`schema_with`).
    pub fn tiles<M: TitleMap>() -> Object {
        tile_schema(M::map())
    }

    pub fn known_hex(map: &Map, title: &str, hex: String) -> Result<String, String> {
        match map.hex(&hex) {
            Some(_) => Ok(hex),
            None => Err(format!(
                "unknown hex `{hex}`: {title}'s map has no such hex"
            )),
        }
    }

    pub fn known_tile(map: &Map, title: &str, tile: String) -> Result<String, String> {
        match map.tile(&tile) {
            Some(_) => Ok(tile),
            None => Err(format!("unknown tile `{tile}`: {title} has no such tile")),
        }
    }

    /// The schema of a hex named in an action: one of the map's hexes.
    pub fn hex_schema(map: &Map) -> Object {
        names_schema("A hex of the map.", map.hexes.iter().map(|h| h.id.as_str()))
    }

    /// The schema of a tile named in an action: one of the game's tiles.
    pub fn tile_schema(map: &Map) -> Object {
        names_schema(
            "A tile of the game.",
            map.tiles.iter().map(|t| t.id.as_str()),
        )
    }

    fn names_schema<'a>(description: &str, names: impl Iterator<Item = &'a str>) -> Object {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(description))
            .enum_values(Some(names))
            .build()
    }
}

#[cfg(test)]
mod tests {
    use super::NameIndex;

    #[test]
    fn a_name_index_finds_short_and_long_names_and_no_other() {
        let names = ["H12", "H1", "298", "a-long-tile-name", "H12"];
        let index = NameIndex::of(names.into_iter());
        assert_eq!(index.get("H1"), Some(1));
        // A name given twice is its last index, as a map from names would keep it.
        assert_eq!(index.get("H12"), Some(4));
        assert_eq!(index.get("298"), Some(2));
        assert_eq!(index.get("a-long-tile-name"), Some(3));
        for missing in ["", "H", "H120", "a-long-tile-nam", "H1\0"] {
            assert_eq!(index.get(missing), None, "{missing:?}");
        }
    }
}
