//! The track between stops: every way to go from one stop to another along track that passes
//! no other stop. Routes are chains of these links.

use std::collections::BTreeMap;

use super::board::{Board, Faces, Node, neighbour_index, other_end};
use super::hex::opposite;
use super::map::{End, Map};
use crate::core::Budget;

/// The most steps building the graph of the track a company reaches takes (see
/// [`Graph::build_within`]), for its best routes and when its routes are judged. The recorded
/// games and the benchmarks' late-game board need at most 249; crafted rotations of tile #44
/// (tests/data/ne1833-exploding-track-board.json) over 8 million, 39,000 links.
pub const GRAPH_STEPS: u64 = 100_000;

/// A stretch of track from stop `a` to stop `b` through no other stop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub a: Node,
    pub b: Node,
    /// The track used: (hex index, index of the path in what the hex shows).
    pub paths: Vec<(usize, u8)>,
    /// The track as the rules count it when routes may not share any: each hex edge the paths
    /// reach, (hex index, edge 0-5), and each path between two stops inside a hex, (hex index,
    /// 8 + path index). Two paths of a switch share their edge (18xx.games `check_overlap`).
    pub track: Vec<(usize, u8)>,
    /// The hexes passed, from `a`'s to `b`'s.
    pub hexes: Vec<usize>,
}

impl Link {
    /// The same track, from `b` to `a`.
    pub fn reverse(&mut self) {
        std::mem::swap(&mut self.a, &mut self.b);
        self.paths.reverse();
        self.track.reverse();
        self.hexes.reverse();
    }
}

/// Every link of the board, and the links at each stop.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Graph {
    pub links: Vec<Link>,
    /// By stop: a judge's graph has a few stops, a search's a few hundred, and a stop orders
    /// as two numbers (cheaper than hashing it).
    pub at: BTreeMap<Node, Vec<usize>>,
}

impl Graph {
    /// Every link of the board.
    pub fn build(board: &Board, map: &Map) -> Graph {
        let starts: Vec<Node> = map
            .hexes
            .iter()
            .enumerate()
            .flat_map(|(hex, _)| {
                (0..board.face(map, hex).stops.len() as u8).map(move |stop| Node { hex, stop })
            })
            .collect();
        Graph::build_from(board, map, &starts)
    }

    /// The links reachable from `starts`: the ones a route through one of them can use. It goes
    /// on through any stop but off-board areas and terminals (routes and their interconnections
    /// never run through those).
    pub fn build_from(board: &Board, map: &Map, starts: &[Node]) -> Graph {
        Graph::build_within(board, map, starts, &mut Budget::unlimited())
    }

    /// [`Graph::build_from`], within `budget`: a walk one hex further costs a step, and one
    /// more per 8 pieces of track it already uses (it checks them). Crafted rotations of
    /// four-path tiles make the number of links exponential; when the budget runs out, the
    /// graph has the links found so far.
    pub fn build_within(board: &Board, map: &Map, starts: &[Node], budget: &mut Budget) -> Graph {
        let mut graph = Graph::default();
        let faces = Faces::new(board, map);
        let face = |hex: usize| faces.of(hex);
        let mut seen: std::collections::HashSet<Node> = starts.iter().copied().collect();
        let mut queue: Vec<Node> = starts.to_vec();
        while let Some(from) = queue.pop() {
            let onwards =
                starts.contains(&from) || board.passable_showing(map, face(from.hex), from, None);
            let f = face(from.hex);
            for (p, path) in f.paths.iter().enumerate() {
                let Some(other) = other_end(path, End::Stop { stop: from.stop }) else {
                    continue;
                };
                let mut walk = Walk {
                    paths: vec![(from.hex, p as u8)],
                    hexes: vec![from.hex],
                    found: Vec::new(),
                    budget: &mut *budget,
                    along: None,
                };
                walk.extend(map, &face, from.hex, other, from);
                for link in walk.found {
                    if onwards && seen.insert(link.b) {
                        queue.push(link.b);
                    }
                    if from < link.b {
                        let index = graph.links.len();
                        graph.at.entry(link.a).or_default().push(index);
                        graph.at.entry(link.b).or_default().push(index);
                        graph.links.push(link);
                    }
                }
            }
        }
        graph
    }

    /// Only the links that follow `claims`, each a stop, another stop and the hexes from the
    /// first to the second (a route's connections): the track is walked along each claim's
    /// hexes only, so the cost is linear in the claims whatever the board.
    pub fn along(board: &Board, map: &Map, claims: &[(Node, Node, Vec<usize>)]) -> Graph {
        Graph::along_on(map, &Faces::new(board, map), claims)
    }

    /// [`Graph::along`] on the board `faces` shows (a judge who reads the same hexes again
    /// keeps one `Faces` for all).
    pub fn along_on(map: &Map, faces: &Faces<'_>, claims: &[(Node, Node, Vec<usize>)]) -> Graph {
        let mut graph = Graph::default();
        let mut budget = Budget::unlimited();
        let face = |hex: usize| faces.of(hex);
        let mut walk = Walk::new(&mut budget);
        for (a, b, hexes) in claims {
            let (a, b) = (*a, *b);
            let known = graph.find(a, b, hexes).is_some();
            if known || a.hex >= map.hexes.len() || hexes.first() != Some(&a.hex) {
                continue;
            }
            for p in 0..face(a.hex).paths.len() {
                walk.along_from(map, &face, a, p, hexes);
                if let Some(link) = walk.found.drain(..).find(|l| l.b == b) {
                    graph.add(link);
                    break;
                }
            }
        }
        graph
    }

    /// Adds `link`, unless the graph has it already (the same stops and hexes, either way).
    pub fn add(&mut self, link: Link) {
        if self.find(link.a, link.b, &link.hexes).is_some() {
            return;
        }
        let index = self.links.len();
        self.at.entry(link.a).or_default().push(index);
        self.at.entry(link.b).or_default().push(index);
        self.links.push(link);
    }

    /// The links from stop `a` through exactly `hexes` (the first being `a`'s, and passing no
    /// other stop), in the order the walk finds them: the first to each stop is the one
    /// [`Graph::along`] would find for a claim from `a` to it through `hexes`.
    pub fn links_along(map: &Map, faces: &Faces<'_>, a: Node, hexes: &[usize]) -> Vec<Link> {
        let mut links = Vec::new();
        if a.hex >= map.hexes.len() || hexes.first() != Some(&a.hex) {
            return links;
        }
        let mut budget = Budget::unlimited();
        let face = |hex: usize| faces.of(hex);
        let mut walk = Walk::new(&mut budget);
        for p in 0..face(a.hex).paths.len() {
            walk.along_from(map, &face, a, p, hexes);
            links.append(&mut walk.found);
        }
        links
    }

    /// The links from `a` to `b` passing exactly `hexes` (in either direction of storage).
    pub fn find(&self, a: Node, b: Node, hexes: &[usize]) -> Option<&Link> {
        self.at.get(&a)?.iter().map(|&i| &self.links[i]).find(|l| {
            (l.a == a && l.b == b && l.hexes == hexes)
                || (l.a == b && l.b == a && l.hexes.iter().rev().eq(hexes.iter()))
        })
    }
}

/// What `paths` count as track ([`Link::track`]): each edge a path reaches, or the path itself
/// when it joins two stops.
fn track_of<'f>(
    face: &dyn Fn(usize) -> &'f super::tiles::Face<'f>,
    paths: &[(usize, u8)],
) -> Vec<(usize, u8)> {
    let mut track = Vec::with_capacity(paths.len() * 2);
    for &(hex, p) in paths {
        let Some(ends) = face(hex).paths.get(usize::from(p)) else {
            continue;
        };
        let before = track.len();
        for end in ends {
            if let End::Edge(edge) = end {
                track.push((hex, *edge));
            }
        }
        if track.len() == before {
            track.push((hex, 8 + p));
        }
    }
    track
}

struct Walk<'b> {
    paths: Vec<(usize, u8)>,
    hexes: Vec<usize>,
    /// The links found, each from the walk's start.
    found: Vec<Link>,
    budget: &'b mut Budget,
    /// When set, the walk follows these hexes only (see [`Graph::along`]).
    along: Option<&'b [usize]>,
}

impl<'b> Walk<'b> {
    /// A walk for [`Walk::along_from`], its lists kept from one start to the next.
    fn new(budget: &'b mut Budget) -> Walk<'b> {
        Walk {
            paths: Vec::new(),
            hexes: Vec::new(),
            found: Vec::new(),
            budget,
            along: None,
        }
    }

    /// The links track reaches from stop `a` leaving by path `p` of its hex and following
    /// exactly `hexes`, in `found` (none when that path does not touch `a`): one walk of
    /// [`Graph::along`] and [`Graph::links_along`].
    fn along_from<'f>(
        &mut self,
        map: &Map,
        face: &dyn Fn(usize) -> &'f super::tiles::Face<'f>,
        a: Node,
        p: usize,
        hexes: &'b [usize],
    ) {
        self.found.clear();
        let Some(other) = face(a.hex)
            .paths
            .get(p)
            .and_then(|path| other_end(path, End::Stop { stop: a.stop }))
        else {
            return;
        };
        self.paths.clear();
        self.paths.push((a.hex, p as u8));
        self.hexes.clear();
        self.hexes.push(a.hex);
        self.along = Some(hexes);
        self.extend(map, face, a.hex, other, a);
    }

    /// Continues from `end` inside `hex`; records a link on reaching a stop.
    fn extend<'f>(
        &mut self,
        map: &Map,
        face: &dyn Fn(usize) -> &'f super::tiles::Face<'f>,
        hex: usize,
        end: End,
        from: Node,
    ) {
        if !self.budget.steps(1 + self.paths.len() as u64 / 8) {
            return;
        }
        match end {
            End::Stop { stop } => {
                let to = Node { hex, stop };
                if to == from || self.along.is_some_and(|h| h != self.hexes) {
                    return;
                }
                self.found.push(Link {
                    a: from,
                    b: to,
                    paths: self.paths.clone(),
                    hexes: self.hexes.clone(),
                    track: track_of(face, &self.paths),
                });
            }
            End::Edge(edge) => {
                let Some(next) = neighbour_index(map, hex, edge) else {
                    return;
                };
                if self
                    .along
                    .is_some_and(|h| h.get(self.hexes.len()) != Some(&next))
                {
                    return;
                }
                let back = End::Edge(opposite(edge));
                for (p, path) in face(next).paths.iter().enumerate() {
                    if self.paths.contains(&(next, p as u8)) {
                        continue;
                    }
                    let Some(other) = other_end(path, back) else {
                        continue;
                    };
                    self.paths.push((next, p as u8));
                    let entered = self.hexes.last() != Some(&next);
                    if entered {
                        self.hexes.push(next);
                    }
                    self.extend(map, face, next, other, from);
                    if entered {
                        self.hexes.pop();
                    }
                    self.paths.pop();
                }
            }
        }
    }
}
