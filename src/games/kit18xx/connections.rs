//! Reading a route written as 18xx.games writes it in older exports: only the hexes of each
//! connection (`[["J10", "I11", "H12"]]`), not its stops. The stops are the ends of each
//! connection's track on the board: a connection runs from a stop in its first hex to a stop in
//! its last along exactly its hexes, and each connection starts where the one before ended.
//! Where that leaves a choice (one edge of Chicago leads to all four of its cities), every
//! reading is given, in order, for the rules to judge.

use super::board::{Board, Faces, Node};
use super::graph::Graph;
use super::map::Map;

/// At most this many readings of one route are given (a route has at most a few ambiguous
/// stops; this bounds the work on a crafted one).
pub const MAX_READINGS: usize = 16;

/// One reading of a route: its stops, and the hexes from each to the next, both in the route's
/// order (as the kit's `Route` has them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub nodes: Vec<Node>,
    pub connections: Vec<Vec<usize>>,
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
    let options: Vec<Vec<(Node, Node)>> = chains
        .iter()
        .map(|chain| ends_along(map, faces, chain))
        .collect();
    let mut found = Vec::new();
    let mut nodes = Vec::new();
    let mut forwards_each = Vec::new();
    choose(
        &chains,
        &options,
        &mut nodes,
        &mut forwards_each,
        &mut found,
    );
    Ok(found)
}

/// The stops at either end of `chain` that track joins along exactly its hexes, as (first hex's
/// stop, last hex's stop).
fn ends_along(map: &Map, faces: &Faces, chain: &[usize]) -> Vec<(Node, Node)> {
    let stops = |hex: usize| {
        let count = faces.of(hex).stops.len() as u8;
        (0..count).map(move |stop| Node { hex, stop })
    };
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    let mut ends = Vec::new();
    for a in stops(first) {
        // One walk from `a` finds every stop it joins along the chain.
        let reached = Graph::stops_along(map, faces, a, chain);
        for b in stops(last).filter(|&b| b != a) {
            if reached.contains(&b) {
                ends.push((a, b));
            }
        }
    }
    ends
}

/// Chooses, connection by connection, an end pair and a direction that continues the route.
fn choose(
    chains: &[Vec<usize>],
    options: &[Vec<(Node, Node)>],
    nodes: &mut Vec<Node>,
    forwards_each: &mut Vec<bool>,
    found: &mut Vec<Reading>,
) {
    if found.len() >= MAX_READINGS {
        return;
    }
    let k = forwards_each.len();
    if k == chains.len() {
        let connections = chains
            .iter()
            .zip(forwards_each.iter())
            .map(|(chain, &forwards)| {
                let mut chain = chain.clone();
                if !forwards {
                    chain.reverse();
                }
                chain
            })
            .collect();
        found.push(Reading {
            nodes: nodes.clone(),
            connections,
        });
        return;
    }
    // A route of one connection read backwards is the same route: read it forwards only.
    let directions: &[bool] = if chains.len() == 1 {
        &[true]
    } else {
        &[true, false]
    };
    for &(a, b) in &options[k] {
        // Forwards (from the first hex's stop) or backwards, from where the route stands.
        for &forwards in directions {
            let (from, to) = if forwards { (a, b) } else { (b, a) };
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
            forwards_each.push(forwards);
            choose(chains, options, nodes, forwards_each, found);
            forwards_each.pop();
            nodes.pop();
            if started {
                nodes.pop();
            }
        }
    }
}
