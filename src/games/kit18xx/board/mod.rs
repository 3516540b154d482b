//! The map as it stands: the tiles laid and the stations placed, what each hex shows, and the
//! track network a company reaches from its stations.

mod laid;
mod network;

pub use laid::{BoardIds, Laid, Tiles, read, write};
pub use network::*;

use serde::{Deserialize, Serialize};
use std::cell::OnceCell;
use utoipa::ToSchema;

use super::map::{Colour, Edge, End, HexData, Map, StopKind};
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

/// The map's changing part. A state names it by ids ([`BoardIds`]): each title reads it on its
/// map ([`read`]) and writes it back ([`write`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Board {
    /// The tiles laid, by hex of the map.
    pub tiles: Tiles,
    /// At most [`MAX_STATIONS`]: each title's `check` holds its companies to their tokens.
    pub stations: Vec<Station>,
}

impl Board {
    /// What hex `hex` (an index in `map`'s hexes) shows: the tile laid on it, or its printed
    /// face.
    pub fn face<'a>(&self, map: &'a Map, hex: usize) -> Face<'a> {
        let laid = self.tiles.at(hex);
        match laid.and_then(|l| Some((l.tile_in(map)?, l.rotation))) {
            Some((tile, rotation)) => Face::of_tile(tile, rotation),
            None => printed_face(&map.hexes[hex]),
        }
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
        self.blocks_showing(map, &self.face(map, node.hex), node, company)
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
        self.passable_showing(map, &self.face(map, node.hex), node, company)
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
        self.cells[hex].get_or_init(|| self.board.face(self.map, hex))
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

/// What `hex` shows before a tile is laid on it.
pub fn printed_face(hex: &HexData) -> Face<'_> {
    Face {
        colour: hex.color,
        stops: &hex.stops,
        paths: std::borrow::Cow::Borrowed(&hex.paths),
        label: hex.label.as_deref(),
    }
}

/// Whether a hex's colour never takes a tile.
pub fn is_fixed(colour: Colour) -> bool {
    matches!(colour, Colour::Gray | Colour::Red | Colour::Blue)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a hex shows follows every change of its tile, whether it was laid by index (the
    /// rules) or by ids (a state read), and a tile of no hex or no manifest leaves the hex
    /// printed while the board keeps it by its ids.
    #[test]
    fn a_hex_shows_its_tile_after_every_change() {
        let map: &Map = crate::games::g1846::data::components();
        let at = map.hex_index("E11").expect("a hex of 1846");
        let hex = &map.hexes[at];
        let tile = |id: &str| map.tile_index(id).expect("a tile of 1846") as u16;
        let shows = |board: &Board| board.face(map, at).paths.into_owned();
        let by_id = |board: &Board| {
            let laid = board.tiles.get(map, "E11").expect("a tile on E11");
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
        board.tiles.lay(
            at,
            Laid {
                tile: tile("8"),
                rotation: 0,
            },
        );
        assert_eq!(shows(&board), by_id(&board));
        assert_ne!(board, Board::default());
        board.tiles.lay(
            at,
            Laid {
                tile: tile("8"),
                rotation: 2,
            },
        );
        assert_eq!(shows(&board), by_id(&board), "turned");
        assert_eq!(
            board.tiles.at(at),
            Some(Laid {
                tile: tile("8"),
                rotation: 2
            }),
            "the turn replaces the tile as it lay"
        );
        assert_ne!(
            shows(&board),
            Face::of_tile(map.tile("8").unwrap(), 0).paths.into_owned(),
            "turned, the paths are not the first lay's"
        );
        board.tiles.insert(map, "E11", laid("9", 1));
        assert_eq!(shows(&board), by_id(&board), "laid by ids");
        assert_eq!(board.tiles.get(map, "E11"), Some(laid("9", 1)));
        board.tiles.remove(map, "E11");
        assert_eq!(shows(&board), hex.paths, "printed again once removed");
        assert_eq!(board, Board::default(), "the same as a board never laid on");
        board.tiles.insert(map, "E11", laid("no such tile", 0));
        board.tiles.insert(map, "Z99", laid("9", 0));
        assert_eq!(shows(&board), hex.paths, "a stray leaves the hex printed");
        assert_eq!(board.tiles.len(), 2, "the strays are kept");
        assert_eq!(
            board.tiles.by_id(map).keys().collect::<Vec<_>>(),
            ["E11", "Z99"]
        );
    }

    /// A board read from its ids and written back is the same, strays and all, in the order
    /// of the hexes' ids.
    #[test]
    fn a_board_is_written_back_as_it_was_read() {
        use crate::games::g1846::action::MapNames;
        let text = r#"{"tiles":{"E11":{"tile":"8","rotation":7},"Q1":{"tile":"9","rotation":0},"D14":{"tile":"no","rotation":7},"C15":{"tile":"9","rotation":1}},"stations":[{"company":"PRR","hex":"F20","city":0}]}"#;
        let mut json = serde_json::Deserializer::from_str(text);
        let board = read::<MapNames, _>(&mut json).expect("a board");
        let map: &Map = crate::games::g1846::data::components();
        assert!(board.tiles.is_laid(map, "E11") && !board.tiles.is_laid(map, "D14"));
        let mut out = Vec::new();
        write::<MapNames, _>(&board, &mut serde_json::Serializer::new(&mut out)).unwrap();
        let expected: serde_json::Value = serde_json::from_str(text).unwrap();
        let written: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(written, expected);
        let out = String::from_utf8(out).unwrap();
        let at = |hex: &str| out.find(&format!("\"{hex}\"")).unwrap();
        assert!(at("C15") < at("D14") && at("D14") < at("E11") && at("E11") < at("Q1"));
    }

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
                map,
                hex,
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

    /// Every title's map fits the network's sets and the board's tiles: a hex or stop beyond
    /// them would never be reached, nor laid on.
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
