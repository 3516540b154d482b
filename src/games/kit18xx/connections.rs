//! Reading a route written as 18xx.games writes it in older exports: only the hexes of each
//! connection (`[["J10", "I11", "H12"]]`), not its stops. The stops are the ends of each
//! connection's track on the board: a connection runs from a stop in its first hex to a stop in
//! its last along exactly its hexes, and each connection starts where the one before ended.
//! Where that leaves a choice (one edge of Chicago leads to all four of its cities), every
//! reading is given, in order, for the rules to judge.

use super::board::{Board, Faces, Node};
use super::graph::{Graph, Link};
use super::map::Map;

/// At most this many readings of one route are given (a route has at most a few ambiguous
/// stops; this bounds the work on a crafted one).
pub const MAX_READINGS: usize = 16;

/// One reading of a route: its stops, and the hexes from each to the next, both in the route's
/// order (as the kit's `Route` has them), and the track of each connection (the link the walk
/// found first, from the stop before to the stop after): what a judge of the route would find
/// again along its claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub nodes: Vec<Node>,
    pub connections: Vec<Vec<usize>>,
    pub links: Vec<Link>,
}

/// The readings of `connections` on `board`: none when no track runs along them.
pub fn readings<H: AsRef<str>>(
    board: &Board,
    map: &Map,
    connections: &[Vec<H>],
) -> Result<Vec<Reading>, String> {
    readings_on(&Faces::new(board, map), map, connections)
}

/// [`readings`] on the board `faces` shows (a caller who reads the same hexes again keeps one
/// `Faces` for all).
pub fn readings_on<H: AsRef<str>>(
    faces: &Faces,
    map: &Map,
    connections: &[Vec<H>],
) -> Result<Vec<Reading>, String> {
    let readings = read_on(faces, map, connections)?;
    Ok((0..readings.len())
        .filter_map(|k| readings.reading(k))
        .collect())
}

/// [`readings_on`], each reading written out only when asked for.
pub fn read_on<H: AsRef<str>>(
    faces: &Faces,
    map: &Map,
    connections: &[Vec<H>],
) -> Result<Readings, String> {
    let mut chains = Vec::with_capacity(connections.len());
    for hexes in connections {
        let chain: Option<Vec<usize>> = hexes.iter().map(|h| map.hex_index(h.as_ref())).collect();
        match chain {
            Some(chain) if !chain.is_empty() => chains.push(chain),
            _ => {
                let named: Vec<&str> = hexes.iter().map(AsRef::as_ref).collect();
                return Err(format!("no such hexes: {}", named.join(", ")));
            }
        }
    }
    let options: Vec<Vec<Link>> = chains
        .iter()
        .map(|chain| ends_along(map, faces, chain))
        .collect();
    let mut found = Vec::new();
    let mut choice = Choice::default();
    choose(&chains, &options, &mut choice, &mut found);
    Ok(Readings {
        chains,
        options,
        found,
    })
}

/// The readings of one route ([`read_on`]), each written out only when asked for
/// ([`Readings::reading`]): a judge who tries them in order seldom needs more than the first.
#[derive(Debug, Clone)]
pub struct Readings {
    /// Each connection's hexes as written.
    chains: Vec<Vec<usize>>,
    /// Each connection's links, from a stop of its first hex to one of its last.
    options: Vec<Vec<Link>>,
    found: Vec<Choice>,
}

impl Readings {
    pub fn len(&self) -> usize {
        self.found.len()
    }

    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The `k`th reading, if there is one.
    pub fn reading(&self, k: usize) -> Option<Reading> {
        let choice = self.found.get(k)?;
        let each = || self.chains.iter().zip(&self.options).zip(&choice.picked);
        Some(Reading {
            nodes: choice.nodes.clone(),
            connections: each()
                .map(|((chain, _), &(_, forwards))| {
                    let mut chain = chain.clone();
                    if !forwards {
                        chain.reverse();
                    }
                    chain
                })
                .collect(),
            links: each()
                .map(|((_, links), &(i, forwards))| {
                    let mut link = links[i].clone();
                    if !forwards {
                        link.reverse();
                    }
                    link
                })
                .collect(),
        })
    }
}

/// The track joining a stop of `chain`'s first hex to a stop of its last along exactly its
/// hexes: one link per pair of stops (the first the walk finds), by the first stop, then the
/// last.
fn ends_along(map: &Map, faces: &Faces, chain: &[usize]) -> Vec<Link> {
    let stops = |hex: usize| {
        let count = faces.of(hex).stops.len() as u8;
        (0..count).map(move |stop| Node { hex, stop })
    };
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    let mut ends = Vec::new();
    for a in stops(first) {
        // One walk from `a` finds every stop it joins along the chain.
        let mut reached = Graph::links_along(map, faces, a, chain);
        for b in stops(last).filter(|&b| b != a) {
            if let Some(i) = reached.iter().position(|l| l.b == b) {
                ends.push(reached.remove(i));
            }
        }
    }
    ends
}

/// The choices made so far, connection by connection: the route's stops, and for each
/// connection the link chosen (its index among the connection's) and its direction.
#[derive(Debug, Clone, Default)]
struct Choice {
    nodes: Vec<Node>,
    picked: Vec<(usize, bool)>,
}

/// Chooses, connection by connection, an end pair and a direction that continues the route.
fn choose(
    chains: &[Vec<usize>],
    options: &[Vec<Link>],
    choice: &mut Choice,
    found: &mut Vec<Choice>,
) {
    if found.len() >= MAX_READINGS {
        return;
    }
    let k = choice.picked.len();
    if k == chains.len() {
        found.push(choice.clone());
        return;
    }
    // A route of one connection read backwards is the same route: read it forwards only.
    let directions: &[bool] = if chains.len() == 1 {
        &[true]
    } else {
        &[true, false]
    };
    for (i, link) in options[k].iter().enumerate() {
        // Forwards (from the first hex's stop) or backwards, from where the route stands.
        for &forwards in directions {
            let (from, to) = if forwards {
                (link.a, link.b)
            } else {
                (link.b, link.a)
            };
            let nodes = &mut choice.nodes;
            let continues = match nodes.last() {
                None => true,
                Some(&at) => at == from,
            };
            if !continues || nodes.contains(&to) || (nodes.is_empty() && from == to) {
                continue;
            }
            let started = nodes.is_empty();
            if started {
                nodes.push(from);
            }
            nodes.push(to);
            choice.picked.push((i, forwards));
            choose(chains, options, choice, found);
            choice.picked.pop();
            choice.nodes.pop();
            if started {
                choice.nodes.pop();
            }
        }
    }
}
