//! The map as it stands: the tiles laid and the stations placed, what each hex shows, and the
//! track network a company reaches from its stations.

use serde::{Deserialize, Serialize};
use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use utoipa::ToSchema;

use super::map::{Colour, Edge, End, HexData, Map, StopKind, TileData};
use super::name::{Name, same};
use super::tiles::Face;
use super::walk::TrackWalk;

/// A tile on a hex, turned `rotation` steps clockwise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxLaidTile)]
pub struct LaidTile {
    #[schema(value_type = String)]
    pub tile: Name,
    pub rotation: u8,
}

/// A company's station in a city: `city` is the stop index in what the hex shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxStation)]
pub struct Station {
    #[schema(value_type = String)]
    pub company: Name,
    #[schema(value_type = String)]
    pub hex: Name,
    pub city: u8,
}

/// The most stations a board of the kit's titles holds: 1846's seven corporations' 28 tokens,
/// the two minors' and the C&WI's, 31 (1833NE's nine companies have two each).
pub const MAX_STATIONS: usize = 32;

/// The map's changing part.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxBoard)]
pub struct Board {
    /// Tiles laid, by hex id: at most one per hex of the map (100).
    #[schema(value_type = BTreeMap<String, LaidTile>)]
    pub tiles: Tiles,
    /// At most [`MAX_STATIONS`]: each title's `check` holds its companies to their tokens.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 32>")]
    #[schema(max_items = 32)]
    pub stations: Vec<Station>,
}

/// The tiles laid, by hex id (on the wire, the map itself), with what each hex of the map has
/// laid on it looked up once: the rules ask what a hex shows thousands of times a game (every
/// route judged, every lay and station checked), and a lookup by the hex's and the tile's ids
/// cost more than the rest of the answer. The index is worked out on the first question and
/// dropped by every change, so it is never out of date.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Tiles {
    #[serde(deserialize_with = "crate::core::unique_keys::map_at_most::<_, _, _, 100>")]
    laid: BTreeMap<Name, LaidTile>,
    #[serde(skip)]
    index: OnceLock<LaidIndex>,
}

/// By hex of one map (in the order of its hexes): the index of the tile laid there in the map's
/// tiles, and its rotation.
#[derive(Debug, Clone)]
struct LaidIndex {
    /// The map the index was worked out for (its hexes' address): a board is read with one
    /// map, and a question with another is answered by ids.
    hexes: usize,
    by_hex: Box<[Option<(u32, u8)>]>,
}

impl Tiles {
    pub fn insert(&mut self, hex: Name, tile: LaidTile) -> Option<LaidTile> {
        self.index = OnceLock::new();
        self.laid.insert(hex, tile)
    }

    pub fn remove(&mut self, hex: &str) -> Option<LaidTile> {
        self.index = OnceLock::new();
        self.laid.remove(hex)
    }

    /// Lays `tile` on `hex` where `placement` says it is on the map: the index is kept (it
    /// changes at that hex only) when it is of the same map.
    pub fn place(&mut self, hex: Name, tile: LaidTile, placement: Placement) -> Option<LaidTile> {
        let rotation = tile.rotation;
        let old = self.laid.insert(hex, tile);
        match self.index.get_mut() {
            Some(index) if index.hexes == placement.hexes && placement.hex < index.by_hex.len() => {
                index.by_hex[placement.hex] = Some((placement.tile as u32, rotation));
            }
            _ => self.index = OnceLock::new(),
        }
        old
    }

    /// The tile laid on `hex` (of `map`) and its rotation, if one is and `map` has it.
    fn laid_on<'a>(&self, map: &'a Map, hex: &HexData) -> Option<(&'a TileData, u8)> {
        let (tile, rotation) = self.laid_index(map, hex)?;
        Some((&map.tiles[tile as usize], rotation))
    }

    /// What hex `hex` (an index in `map`'s hexes) shows, as [`Board::face`] reads it: the tile
    /// laid there (its index in the map's tiles) and its rotation, or none for the printed
    /// face.
    pub fn laid_at(&self, map: &Map, hex: usize) -> Option<(u32, u8)> {
        self.laid_index(map, map.hexes.get(hex)?)
    }

    fn laid_index(&self, map: &Map, hex: &HexData) -> Option<(u32, u8)> {
        let by_ids = || {
            let laid = self.laid.get(hex.id.as_str())?;
            Some((map.tile_index(&laid.tile)? as u32, laid.rotation))
        };
        let Some(at) = position_in(&map.hexes, hex) else {
            return by_ids();
        };
        let index = self.index.get_or_init(|| self.index_for(map));
        if index.hexes != map.hexes.as_ptr() as usize {
            return by_ids();
        }
        index.by_hex[at]
    }

    fn index_for(&self, map: &Map) -> LaidIndex {
        let mut by_hex = vec![None; map.hexes.len()].into_boxed_slice();
        for (hex, laid) in &self.laid {
            let tile = map.tile_index(&laid.tile);
            if let (Some(at), Some(tile)) = (map.hex_index(hex), tile) {
                by_hex[at] = Some((tile as u32, laid.rotation));
            }
        }
        LaidIndex {
            hexes: map.hexes.as_ptr() as usize,
            by_hex,
        }
    }
}

/// A tile's place on a map: the hex's index in the map's hexes and the tile's in its tiles
/// (as [`Tiles::place`] takes them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    hexes: usize,
    hex: usize,
    tile: usize,
}

impl Placement {
    pub fn on(map: &Map, hex: usize, tile: usize) -> Placement {
        Placement {
            hexes: map.hexes.as_ptr() as usize,
            hex,
            tile,
        }
    }
}

/// Where `hex` stands in `hexes`, if it is one of them (a hex is asked about by reference into
/// its map).
fn position_in(hexes: &[HexData], hex: &HexData) -> Option<usize> {
    let size = std::mem::size_of::<HexData>();
    let offset = (hex as *const HexData as usize).checked_sub(hexes.as_ptr() as usize)?;
    (offset % size == 0 && offset / size < hexes.len()).then_some(offset / size)
}

impl std::ops::Deref for Tiles {
    type Target = BTreeMap<Name, LaidTile>;
    fn deref(&self) -> &Self::Target {
        &self.laid
    }
}

impl<'a> IntoIterator for &'a Tiles {
    type Item = (&'a Name, &'a LaidTile);
    type IntoIter = std::collections::btree_map::Iter<'a, Name, LaidTile>;
    fn into_iter(self) -> Self::IntoIter {
        self.laid.iter()
    }
}

impl PartialEq for Tiles {
    fn eq(&self, other: &Self) -> bool {
        self.laid == other.laid
    }
}

impl Eq for Tiles {}

impl FromIterator<(Name, LaidTile)> for Tiles {
    fn from_iter<I: IntoIterator<Item = (Name, LaidTile)>>(iter: I) -> Self {
        Tiles {
            laid: iter.into_iter().collect(),
            index: OnceLock::new(),
        }
    }
}

/// A stop on the map: a hex (by index in `map().hexes`) and a stop index in its face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    pub hex: usize,
    pub stop: u8,
}

/// What a company's stations reach along track, as 18xx.games' graph walk finds it
/// ([`super::walk`]; sets of bits by hex: they iterate in order, the same on every run).
#[derive(Debug, Clone, Default)]
pub struct Network {
    /// Stops the company's track reaches (its stations' among them).
    pub stops: NodeSet,
    /// Hex edges the company may lay track to (the site's `connected_hexes`): each edge of a
    /// path it reaches and the edge facing it across the border, and every side of a hex it
    /// has a station in.
    pub edges: EdgeSet,
    /// The paths it reaches: (hex, index of the path in what the hex shows).
    pub paths: PathSet,
}

/// The most hexes a kit title's map has (1833NE's 100, 1846's 76), and stops or edges a hex
/// has (a hex's six edges; no tile of the titles has more than eight stops). `Map::index`
/// holds the titles' component data to them.
pub const MAX_HEXES: usize = 128;
pub const MAX_PER_HEX: usize = 8;
const WORDS: usize = MAX_HEXES * MAX_PER_HEX / 64;

/// A set of (hex, index in the hex) pairs as bits: 8 per hex.
#[derive(Debug, Clone, PartialEq, Eq)]
struct HexBits([u64; WORDS]);

impl Default for HexBits {
    fn default() -> Self {
        HexBits([0; WORDS])
    }
}

impl HexBits {
    fn bit(hex: usize, k: usize) -> Option<usize> {
        (hex < MAX_HEXES && k < MAX_PER_HEX).then_some(hex * MAX_PER_HEX + k)
    }

    /// Adds the pair; whether it was new (a pair outside the bounds is never held).
    fn insert(&mut self, hex: usize, k: usize) -> bool {
        let Some(b) = Self::bit(hex, k) else {
            return false;
        };
        let (word, mask) = (b / 64, 1u64 << (b % 64));
        let new = self.0[word] & mask == 0;
        self.0[word] |= mask;
        new
    }

    fn contains(&self, hex: usize, k: usize) -> bool {
        Self::bit(hex, k).is_some_and(|b| self.0[b / 64] & (1u64 << (b % 64)) != 0)
    }

    fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The pairs in order (by hex, then index).
    fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let low = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let b = i * 64 + low;
                    (b / MAX_PER_HEX, b % MAX_PER_HEX)
                })
            })
        })
    }
}

/// A set of stops, in [`Node`]'s order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NodeSet(HexBits);

impl NodeSet {
    pub fn insert(&mut self, node: Node) -> bool {
        self.0.insert(node.hex, usize::from(node.stop))
    }
    pub fn contains(&self, node: &Node) -> bool {
        self.0.contains(node.hex, usize::from(node.stop))
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn iter(&self) -> impl Iterator<Item = Node> + '_ {
        self.0.iter().map(|(hex, stop)| Node {
            hex,
            stop: stop as u8,
        })
    }
}

/// A set of hex edges (hex, edge), in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EdgeSet(HexBits);

impl EdgeSet {
    pub fn insert(&mut self, (hex, edge): (usize, Edge)) -> bool {
        self.0.insert(hex, usize::from(edge))
    }
    pub fn contains(&self, &(hex, edge): &(usize, Edge)) -> bool {
        self.0.contains(hex, usize::from(edge))
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn iter(&self) -> impl Iterator<Item = (usize, Edge)> + '_ {
        self.0.iter().map(|(hex, edge)| (hex, edge as Edge))
    }
}

/// A set of paths (hex, index of the path in what the hex shows), in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PathSet(HexBits);

impl PathSet {
    pub fn insert(&mut self, (hex, path): (usize, usize)) -> bool {
        self.0.insert(hex, path)
    }
    pub fn contains(&self, &(hex, path): &(usize, usize)) -> bool {
        self.0.contains(hex, path)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Board {
    /// What the hex shows: the tile laid on it, or its printed face.
    pub fn face<'a>(&self, map: &'a Map, hex: &'a HexData) -> Face<'a> {
        match self.tiles.laid_on(map, hex) {
            Some((tile, rotation)) => Face::of_tile(tile, rotation),
            None => Face {
                colour: hex.color,
                stops: &hex.stops,
                paths: std::borrow::Cow::Borrowed(&hex.paths),
                label: hex.label.as_deref(),
            },
        }
    }

    /// How many copies of `tile` are on the map.
    pub fn tiles_in_use(&self, tile: &str) -> usize {
        self.tiles.values().filter(|t| t.tile == tile).count()
    }

    pub fn stations_in(&self, hex: &str, city: u8) -> impl Iterator<Item = &Station> {
        self.stations
            .iter()
            .filter(move |s| s.city == city && same(&s.hex, hex))
    }

    pub fn stations_of<'a>(&'a self, company: &'a str) -> impl Iterator<Item = &'a Station> {
        self.stations
            .iter()
            .filter(move |s| same(&s.company, company))
    }

    /// A city the company may not pass through: every slot taken, none by the company.
    pub fn blocks(&self, map: &Map, node: Node, company: &str) -> bool {
        self.blocks_showing(map, &self.face(map, &map.hexes[node.hex]), node, company)
    }

    /// [`Board::blocks`] where the hex shows `face`.
    fn blocks_showing(&self, map: &Map, face: &Face, node: Node, company: &str) -> bool {
        let hex = &map.hexes[node.hex];
        let Some(stop) = face.stops.get(usize::from(node.stop)) else {
            return true;
        };
        if stop.kind != StopKind::City {
            return false;
        }
        // Counted in one pass, without collecting: this is asked at every stop a search walks.
        let slots = stop.station_slots();
        let (mut filled, mut own) = (0, false);
        for station in self.stations_in(&hex.id, node.stop) {
            filled += 1;
            own |= same(&station.company, company);
        }
        filled >= slots && !own
    }

    /// The track network reachable from the company's stations (and `extra_sources`, stops it
    /// may use as if it had a station there).
    pub fn network(&self, map: &Map, company: &str, extra_sources: &[Node]) -> Network {
        let starts: Vec<Node> = self
            .station_nodes(map, company)
            .chain(extra_sources.iter().copied())
            .collect();
        self.reach_from(map, company, &starts)
    }

    /// The stops of the company's stations.
    pub fn station_nodes<'a>(
        &'a self,
        map: &'a Map,
        company: &'a str,
    ) -> impl Iterator<Item = Node> + 'a {
        self.stations_of(company).filter_map(|s| {
            let hex = map.hex_index(&s.hex)?;
            Some(Node { hex, stop: s.city })
        })
    }

    /// Whether the company's network (its stations and `extra_sources`) reaches track at any of
    /// `edges` (a hex and an edge, from inside that hex).
    pub fn reaches_any(
        &self,
        map: &Map,
        company: &str,
        extra_sources: &[Node],
        edges: &[(usize, Edge)],
    ) -> bool {
        if edges.is_empty() {
            return false;
        }
        let network = self.network(map, company, extra_sources);
        edges.iter().any(|edge| network.edges.contains(edge))
    }

    /// Whether the company's track (from its stations and `extra_sources`) reaches stop
    /// `target`.
    pub fn reaches_stop(
        &self,
        map: &Map,
        company: &str,
        extra_sources: &[Node],
        target: Node,
    ) -> bool {
        self.network(map, company, extra_sources)
            .stops
            .contains(&target)
    }

    /// The track network the company reaches from `starts`.
    pub fn reach_from(&self, map: &Map, company: &str, starts: &[Node]) -> Network {
        TrackWalk::new(self, map, Some(company)).from_stations(starts)
    }

    /// Whether the company's track from `start` reaches another stop.
    pub fn reaches_another_stop(&self, map: &Map, company: &str, start: Node) -> bool {
        self.reach_from(map, company, &[start]).stops.len() > 1
    }

    /// The track reachable from `starts` through every city, full or not (18xx.games'
    /// `no_blocking` graph: whether track joins two places, whoever's it is).
    pub fn reach_unblocked(&self, map: &Map, starts: &[Node]) -> Network {
        TrackWalk::new(self, map, None).from_stations(starts)
    }

    /// Whether track may run on through a stop (for `company`, when given, a city it has a
    /// station in is never blocked): not an off-board, not a terminal junction, not a city
    /// full of other companies' stations.
    pub fn passable(&self, map: &Map, node: Node, company: Option<&str>) -> bool {
        self.passable_showing(map, &self.face(map, &map.hexes[node.hex]), node, company)
    }

    /// [`Board::passable`] where the stop's hex shows `face`.
    pub fn passable_showing(
        &self,
        map: &Map,
        face: &Face,
        node: Node,
        company: Option<&str>,
    ) -> bool {
        match face.stops.get(usize::from(node.stop)) {
            None => false,
            Some(stop) => match stop.kind {
                StopKind::Offboard => false,
                StopKind::Junction => !stop.terminal,
                StopKind::Town => true,
                StopKind::City => match company {
                    Some(c) => !self.blocks_showing(map, face, node, c),
                    None => true,
                },
            },
        }
    }
}

/// What each hex of the map shows, worked out once for a search that visits hexes many times
/// (a tile's face is its paths turned by its rotation).
pub struct Faces<'a> {
    board: &'a Board,
    map: &'a Map,
    cells: Vec<OnceCell<Face<'a>>>,
}

impl<'a> Faces<'a> {
    pub fn new(board: &'a Board, map: &'a Map) -> Faces<'a> {
        Faces {
            board,
            map,
            cells: (0..map.hexes.len()).map(|_| OnceCell::new()).collect(),
        }
    }

    /// The board the faces are of.
    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// What hex `hex` (an index in the map's hexes) shows.
    pub fn of(&self, hex: usize) -> &Face<'a> {
        self.cells[hex].get_or_init(|| self.board.face(self.map, &self.map.hexes[hex]))
    }
}

/// The other end of `path` if one end is `end`.
pub fn other_end(path: &[End; 2], end: End) -> Option<End> {
    if path[0] == end {
        Some(path[1])
    } else if path[1] == end {
        Some(path[0])
    } else {
        None
    }
}

/// The index of the hex across `edge` of hex `hex`, if it is on the map.
pub fn neighbour_index(map: &Map, hex: usize, edge: Edge) -> Option<usize> {
    map.neighbour(hex, edge)
}

/// Whether a hex's colour never takes a tile.
pub fn is_fixed(colour: Colour) -> bool {
    matches!(colour, Colour::Gray | Colour::Red | Colour::Blue)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a hex shows follows every change of its tile, whether it was laid by `place`
    /// (the index kept) or by `insert` and `remove` (the index dropped), and equals what the
    /// tiles say by id.
    #[test]
    fn a_hex_shows_its_tile_after_every_change() {
        let map: &Map = crate::games::g1846::data::components();
        let at = map.hex_index("E11").expect("a hex of 1846");
        let hex = &map.hexes[at];
        let tile = |id: &str| map.tile_index(id).expect("a tile of 1846");
        let shows = |board: &Board| board.face(map, hex).paths.into_owned();
        let by_id = |board: &Board| {
            let laid = &board.tiles[hex.id.as_str()];
            Face::of_tile(map.tile(&laid.tile).unwrap(), laid.rotation)
                .paths
                .into_owned()
        };
        let laid = |id: &str, rotation: u8| LaidTile {
            tile: id.into(),
            rotation,
        };
        let mut board = Board::default();
        assert_eq!(shows(&board), hex.paths, "printed before any tile");
        board.tiles.place(
            "E11".into(),
            laid("8", 0),
            Placement::on(map, at, tile("8")),
        );
        assert_eq!(shows(&board), by_id(&board));
        board.tiles.place(
            "E11".into(),
            laid("8", 2),
            Placement::on(map, at, tile("8")),
        );
        assert_eq!(shows(&board), by_id(&board), "turned, the index kept");
        board.tiles.insert("E11".into(), laid("9", 1));
        assert_eq!(shows(&board), by_id(&board), "laid by insert");
        board.tiles.remove("E11");
        assert_eq!(shows(&board), hex.paths, "printed again once removed");
    }

    /// Every title's map fits the network's sets: a hex or stop beyond them would never be
    /// reached.
    /// A walk that comes back to the stop it left does not leave it again (18xx.games' walk
    /// never returns to its node): a loop through E17 gives the ERIE no way back out by the
    /// track it came in by. railrules game g5024 (seed 1851024) before save action 265: the
    /// ERIE's E21 reaches E17 by D18's 5-0 and again round E15 and F16; D18's 0-4 into Erie
    /// (D20) is only reached by leaving E17 the way it first came in, so D20's city is not
    /// the ERIE's (the engine's `reachable_hexes` holds no D20).
    #[test]
    fn a_walk_back_to_the_stop_it_left_does_not_leave_it_again() {
        let map: &Map = crate::games::g1846::data::components();
        let mut board = Board::default();
        for (hex, tile, rotation) in [
            ("E19", "16", 2),
            ("D18", "28", 0),
            ("E17", "294", 3),
            ("E15", "7", 4),
            ("F16", "21", 5),
            ("D20", "14", 3),
        ] {
            board.tiles.insert(
                hex.into(),
                LaidTile {
                    tile: tile.into(),
                    rotation,
                },
            );
        }
        for (company, hex) in [("ERIE", "E21"), ("NYC", "D20")] {
            board.stations.push(Station {
                company: company.into(),
                hex: hex.into(),
                city: 0,
            });
        }
        let network = board.network(map, "ERIE", &[]);
        let node = |hex: &str| Node {
            hex: map.hex_index(hex).unwrap(),
            stop: 0,
        };
        assert!(network.stops.contains(&node("E17")), "E17 is reached");
        assert!(
            !network.stops.contains(&node("D20")),
            "Erie is reached only by turning back at E17"
        );
    }

    #[test]
    fn every_titles_map_fits_the_network_sets() {
        let maps: [&Map; 2] = [
            crate::games::g1846::data::components(),
            crate::games::ne1833::data::components(),
        ];
        for map in maps {
            assert!(map.hexes.len() <= MAX_HEXES, "{} hexes", map.hexes.len());
            let most_stops = map
                .hexes
                .iter()
                .map(|h| h.stops.len())
                .chain(map.tiles.iter().map(|t| t.stops.len()))
                .max();
            assert!(most_stops.is_some_and(|n| (1..=MAX_PER_HEX).contains(&n)));
        }
    }

    #[test]
    fn a_node_set_holds_each_stop_once_in_order() {
        let mut set = NodeSet::default();
        let a = Node { hex: 70, stop: 1 };
        let b = Node { hex: 3, stop: 7 };
        assert!(set.insert(a) && set.insert(b) && !set.insert(a));
        assert!(set.contains(&a) && !set.contains(&Node { hex: 70, stop: 0 }));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![b, a]);
        assert_eq!(set.len(), 2);
        // Beyond the bounds: never held, never a panic.
        assert!(!set.insert(Node {
            hex: MAX_HEXES,
            stop: 0
        }));
        assert!(!set.contains(&Node { hex: 0, stop: 8 }));
        let mut edges = EdgeSet::default();
        assert!(edges.insert((127, 5)) && !edges.insert((127, 5)));
        assert_eq!(edges.iter().collect::<Vec<_>>(), vec![(127, 5)]);
    }
}
