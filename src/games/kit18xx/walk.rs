//! What a company's stations reach along track, walked as 18xx.games walks it (its `Graph`,
//! `Node#walk` and `Path#walk`), because that walk is what the site judges lays, upgrades and
//! stations by, and the kit's titles take the site's 1846 as their referee (1833NE's rules are
//! silent on reach: 1846 decides).
//!
//! The walk is a depth-first search from each station in turn, and it is not a plain
//! reachability search: three of its rules make it miss track a breadth-first search would
//! find, and a lay judged by reach must miss the same track.
//! - A piece of track (a path) is walked once per station: once the walk has used it, it is
//!   not walked again from that station, from whichever side it is met later. Only a walk that
//!   has left a tile by an edge shared by two or more of that tile's paths (a converging exit,
//!   as on tiles 23, 24, 39) gives its track back when it returns, so another branch may use it.
//! - A stop is likewise walked on from once per station (given back the same way); the
//!   company's other stations are never walked through (each has its own walk).
//! - A path is not taken while the chain of track that leads to it has already left by one of
//!   its edges: two paths sharing an edge are never both in one chain.
//!
//! Paths are tried in the order the hex's tile lists them, which the component data keeps as
//! the site's tiles write them.

use super::board::{Board, Faces, Network, Node, neighbour_index};
use super::hex::opposite;
use super::map::{BorderKind, Edge, End, Map, StopKind};

/// The most paths one search walks. The recorded games need a few hundred per station;
/// crafted boards of tiles with converging exits make the walk exponential, and it stops
/// there with what it found.
pub const WALK_STEPS: u32 = 200_000;

/// One search: the reach of `starts` for `company` (its rivals' full cities block it), or for
/// nobody (no city blocks: 18xx.games' `no_blocking` graph).
pub struct TrackWalk<'a> {
    board: &'a Board,
    map: &'a Map,
    faces: Faces<'a>,
    company: Option<&'a str>,
    network: Network,
    /// Per station's walk: the stops walked on from, the paths walked, and how many times the
    /// current chain has left each hex edge (hex * 6 + edge).
    visited_stops: Vec<bool>,
    visited_paths: Vec<bool>,
    leaving: Vec<u16>,
    steps_left: u32,
    /// What [`carries`] looks for, and whether it was found.
    probe: Option<Probe>,
}

/// A walk's question: does it reach stop `to` with one of the paths `using` on the way?
struct Probe {
    to: Node,
    using: Vec<(usize, usize)>,
    found: bool,
}

/// Whether a walk from stop `from` through every city (18xx.games' `Node#walk` with its
/// defaults: no company, every path given back on return, so each chain of track is tried)
/// reaches stop `to` on a chain that uses one of the paths `using` (hex, path index) and goes
/// on from `to` (the walk asks when it takes a path, and `to` counts once its own paths are
/// walked): how the site judges that the Little Miami's new track carries the joining
/// (`little_miami_a_new_path_used_for_connection?`).
pub fn carries(board: &Board, map: &Map, from: Node, to: Node, using: &[(usize, usize)]) -> bool {
    let mut walk = TrackWalk::new(board, map, None);
    walk.probe = Some(Probe {
        to,
        using: using.to_vec(),
        found: false,
    });
    walk.walk_stop(from, true);
    walk.probe.is_some_and(|p| p.found)
}

/// Paths, or stops, per hex in the walk's tables of what it visited.
const SLOTS_PER_HEX: usize = 16;

impl<'a> TrackWalk<'a> {
    pub fn new(board: &'a Board, map: &'a Map, company: Option<&'a str>) -> TrackWalk<'a> {
        let hexes = map.hexes.len();
        TrackWalk {
            board,
            map,
            faces: Faces::new(board, map),
            company,
            network: Network::default(),
            visited_stops: vec![false; hexes * SLOTS_PER_HEX],
            visited_paths: vec![false; hexes * SLOTS_PER_HEX],
            leaving: vec![0; hexes * 6],
            steps_left: WALK_STEPS,
            probe: None,
        }
    }

    /// Walks from every start in turn (each station's walk knows the others as visited, so it
    /// never passes through them), and gives what they reach together.
    pub fn from_stations(mut self, starts: &[Node]) -> Network {
        for &start in starts {
            self.network.stops.insert(start);
            self.mark_station_hex(start.hex);
        }
        for &start in starts {
            self.visited_stops.iter_mut().for_each(|v| *v = false);
            self.visited_paths.iter_mut().for_each(|v| *v = false);
            self.leaving.iter_mut().for_each(|v| *v = 0);
            for &other in starts.iter().filter(|&&o| o != start) {
                self.set_stop(other, true);
            }
            self.walk_stop(start, false);
        }
        self.network
    }

    /// A station's hex is connected on every side that has a hex across it (the site's
    /// `connected_hexes` of a token's hex).
    fn mark_station_hex(&mut self, hex: usize) {
        for edge in 0..6 {
            if self.across(hex, edge).is_some() {
                self.network.edges.insert((hex, edge));
            }
        }
    }

    fn stop_slot(node: Node) -> usize {
        node.hex * SLOTS_PER_HEX + usize::from(node.stop) % SLOTS_PER_HEX
    }

    fn set_stop(&mut self, node: Node, value: bool) {
        let i = Self::stop_slot(node);
        if let Some(v) = self.visited_stops.get_mut(i) {
            *v = value;
        }
    }

    /// The hex across `edge`, when track may cross it (not an impassable border).
    fn across(&self, hex: usize, edge: Edge) -> Option<usize> {
        let h = &self.map.hexes[hex];
        if h.border(edge)
            .is_some_and(|b| b.kind == BorderKind::Impassable)
        {
            return None;
        }
        neighbour_index(self.map, hex, edge)
    }

    /// Whether the walk goes on from a stop it reaches: never from an off-board or a
    /// terminal, nor (for a company) from a city its rivals fill.
    fn walks_on_from(&self, node: Node) -> bool {
        let face = self.faces.of(node.hex);
        let Some(stop) = face.stops.get(usize::from(node.stop)) else {
            return false;
        };
        match (stop.kind, self.company) {
            (StopKind::Junction, _) => !stop.terminal,
            (_, None) => true,
            (StopKind::Offboard, Some(_)) => false,
            (StopKind::Town, Some(_)) => true,
            (StopKind::City, Some(company)) => {
                self.board
                    .passable_showing(self.map, face, node, Some(company))
            }
        }
    }

    /// `Node#walk`: every path at the stop, in the tile's order.
    fn walk_stop(&mut self, node: Node, converging: bool) {
        let i = Self::stop_slot(node);
        if self.visited_stops.get(i).copied().unwrap_or(true) {
            return;
        }
        self.visited_stops[i] = true;
        let here = End::Stop { stop: node.stop };
        for p in 0..self.faces.of(node.hex).paths.len() {
            if self.faces.of(node.hex).paths[p].contains(&here) {
                self.walk_path(node.hex, p, None, (node, converging), converging);
            }
        }
        if converging {
            self.visited_stops[i] = false;
        }
    }

    /// `Path#walk`: path `p` of hex `hex`, entered by edge `entered` (none from a stop), for
    /// the stop `owner` whose walk it is part of.
    fn walk_path(
        &mut self,
        hex: usize,
        p: usize,
        entered: Option<Edge>,
        owner: (Node, bool),
        converging: bool,
    ) {
        if self.steps_left == 0 {
            return;
        }
        self.steps_left -= 1;
        let slot = hex * SLOTS_PER_HEX + p % SLOTS_PER_HEX;
        if self.visited_paths.get(slot).copied().unwrap_or(true) {
            return;
        }
        let ends = self.faces.of(hex).paths[p];
        let edges = ends.map(|end| match end {
            End::Edge(e) => Some(e),
            End::Stop { .. } => None,
        });
        if edges
            .iter()
            .flatten()
            .any(|&e| self.leaving[hex * 6 + usize::from(e)] > 0)
        {
            return;
        }
        self.visited_paths[slot] = true;
        self.record(hex, p, &ends);
        if self.probe_found() {
            self.steps_left = 0;
            return;
        }
        // The stops on the path: the walk goes on from each (but the one it is from).
        for end in ends {
            if let End::Stop { stop } = end {
                let node = Node { hex, stop };
                if node != owner.0 && self.walks_on_from(node) {
                    self.walk_stop(node, owner.1 || converging);
                }
            }
        }
        // Across each edge but the one it came in by, into every path there.
        for e in edges.into_iter().flatten() {
            if Some(e) == entered {
                continue;
            }
            let Some(next) = self.across(hex, e) else {
                continue;
            };
            let converges = converging || self.converging_exit(hex, e);
            self.leaving[hex * 6 + usize::from(e)] += 1;
            let back = End::Edge(opposite(e));
            for q in 0..self.faces.of(next).paths.len() {
                if self.faces.of(next).paths[q].contains(&back) {
                    self.walk_path(next, q, Some(opposite(e)), owner, converges);
                }
            }
            self.leaving[hex * 6 + usize::from(e)] -= 1;
        }
        if converging {
            self.visited_paths[slot] = false;
        }
    }

    /// Whether the walk, having just taken a path, answers its probe: the probe's stop is
    /// walked on from and one of its paths is on the chain.
    fn probe_found(&mut self) -> bool {
        let Some(probe) = &self.probe else {
            return false;
        };
        let at = |v: &[bool], i: usize| v.get(i).copied().unwrap_or(false);
        let found = at(&self.visited_stops, Self::stop_slot(probe.to))
            && probe
                .using
                .iter()
                .any(|&(h, q)| at(&self.visited_paths, h * SLOTS_PER_HEX + q % SLOTS_PER_HEX));
        if let Some(p) = &mut self.probe {
            p.found |= found;
        }
        found
    }

    /// Whether two or more of the hex's paths leave by `edge`.
    fn converging_exit(&self, hex: usize, edge: Edge) -> bool {
        self.faces
            .of(hex)
            .paths
            .iter()
            .filter(|path| path.contains(&End::Edge(edge)))
            .count()
            > 1
    }

    /// A path reached: it, its stops and its edges (and the edge facing each across the
    /// border) are in the network.
    fn record(&mut self, hex: usize, p: usize, ends: &[End; 2]) {
        self.network.paths.insert((hex, p));
        for end in ends {
            match *end {
                End::Stop { stop } => {
                    self.network.stops.insert(Node { hex, stop });
                }
                End::Edge(e) => {
                    self.network.edges.insert((hex, e));
                    if let Some(next) = self.across(hex, e) {
                        self.network.edges.insert((next, opposite(e)));
                    }
                }
            }
        }
    }
}
