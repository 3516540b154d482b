//! Reading a route written as 18xx.games writes it in older exports: only the hexes of each
//! connection (`[["J10", "I11", "H12"]]`), not its stops. The stops are the ends of each
//! connection's track on the board: a connection runs from a stop in its first hex to a stop in
//! its last along exactly its hexes, and each connection starts where the one before ended.
//! Where that leaves a choice (one edge of Chicago leads to all four of its cities), every
//! reading is given, in order, for the rules to judge.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use super::board::{Board, Faces, Node};
use super::graph::{Graph, Link};
use super::map::Map;
use super::routes::Resolved;

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
    let readings = read_on(faces, map, connections, &EndsMemo::default())?;
    Ok((0..readings.len())
        .filter_map(|k| readings.reading(k))
        .collect())
}

/// [`readings_on`], each reading written out only when asked for; what each connection's track
/// joins is looked up in `ends` first (and kept there).
pub fn read_on<H: AsRef<str>>(
    faces: &Faces,
    map: &Map,
    connections: &[Vec<H>],
    ends: &EndsMemo,
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
    let options: Vec<Rc<[Link]>> = chains
        .iter()
        .map(|chain| ends.along(map, faces, chain))
        .collect();
    let mut found = Vec::new();
    // Room for the whole route from the start: a stop per connection and the first.
    let mut choice = Choice {
        nodes: Vec::with_capacity(chains.len() + 1),
        picked: Vec::with_capacity(chains.len()),
    };
    choose(&chains, &options, &mut choice, &mut found);
    Ok(Readings {
        chains,
        options,
        found,
    })
}

/// The readings of one route ([`read_on`]), each given only when asked for: by reference for
/// a judge ([`Readings::resolved`], which also names the route in the action's words:
/// `Resolved::to_route`), or written out whole ([`Readings::reading`]). A judge who tries them
/// in order seldom needs more than the first.
#[derive(Debug, Clone)]
pub struct Readings {
    /// Each connection's hexes as written.
    chains: Vec<Vec<usize>>,
    /// Each connection's links, from a stop of its first hex to one of its last.
    options: Vec<Rc<[Link]>>,
    found: Vec<Choice>,
}

impl Readings {
    pub fn len(&self) -> usize {
        self.found.len()
    }

    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The `k`th reading's stops, and the track between each two as found (each link either
    /// way round, as a judge takes it): what [`Readings::reading`] writes out, by reference.
    pub fn resolved(&self, k: usize) -> Option<Resolved<'_>> {
        let choice = self.found.get(k)?;
        let links = self
            .options
            .iter()
            .zip(&choice.picked)
            .map(|(links, &(i, _))| &links[i])
            .collect();
        Some(Resolved::new(choice.nodes.clone(), links))
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

/// A connection's hexes, each with what it shows, as a list of numbers (see
/// [`EndsMemo::showing`]): all that [`ends_along`] reads.
type Showing = [u32; SHOWN];

/// The most hexes of a connection that is remembered (a longer one is walked every time).
const SHOWN: usize = 16;

/// What the track joins along the connections read so far, by what their hexes showed: a
/// company runs the same connections operating round after operating round (3099, a real
/// game: 433 connections, 65 of them different), and the walk along one reads nothing but the
/// faces of its hexes. An importer keeps one for the whole export (a copy starts empty: it
/// is only a shortcut); at most [`ENDS_KEPT`] are kept, all forgotten when full.
#[derive(Default)]
pub struct EndsMemo(RefCell<Ends>);

#[derive(Default)]
struct Ends {
    /// The map the connections were read on (its address: one importer reads one title).
    map: usize,
    ends: HashMap<Showing, Rc<[Link]>, BuildHasherDefault<ShowingHasher>>,
}

/// Hashes a [`Showing`] (a list of small numbers the importer makes itself, so no one
/// chooses them to collide): a multiply and a rotation per eight bytes, where the standard
/// hasher's keyed SipHash cost a third of a lookup's remembered walk.
#[derive(Default)]
struct ShowingHasher(u64);

impl Hasher for ShowingHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The most connections remembered (a long real game reads about 160 different ones).
const ENDS_KEPT: usize = 1024;

impl Clone for EndsMemo {
    fn clone(&self) -> Self {
        EndsMemo::default()
    }
}

impl PartialEq for EndsMemo {
    /// A shortcut, never part of what is compared.
    fn eq(&self, _: &EndsMemo) -> bool {
        true
    }
}

impl Eq for EndsMemo {}

impl std::fmt::Debug for EndsMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EndsMemo({} connections)", self.0.borrow().ends.len())
    }
}

impl EndsMemo {
    /// How many connections it remembers.
    pub fn len(&self) -> usize {
        self.0.borrow().ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// [`ends_along`] `chain` on `faces`, remembered.
    fn along(&self, map: &Map, faces: &Faces, chain: &[usize]) -> Rc<[Link]> {
        let Some(showing) = Self::showing(faces.board(), chain) else {
            return ends_along(map, faces, chain).into();
        };
        let address = std::ptr::from_ref(map) as usize;
        let mut memo = self.0.borrow_mut();
        if memo.map != address || memo.ends.len() >= ENDS_KEPT {
            memo.map = address;
            memo.ends.clear();
        }
        Rc::clone(
            memo.ends
                .entry(showing)
                .or_insert_with(|| ends_along(map, faces, chain).into()),
        )
    }

    /// Each hex of `chain` with what it shows, in one number: its index (from 1), the index of
    /// the tile laid there (from 1; 0 for its printed face) and the tile's rotation, in 10, 18
    /// and 4 bits. None when the chain or a number is too long for that (never on the titles'
    /// maps: at most 128 hexes and a few hundred tiles).
    fn showing(board: &Board, chain: &[usize]) -> Option<Showing> {
        if chain.len() > SHOWN {
            return None;
        }
        let mut showing = [0; SHOWN];
        for (slot, &hex) in showing.iter_mut().zip(chain) {
            let (tile, rotation) = match board.tiles.at(hex) {
                Some(laid) => (u32::from(laid.tile) + 1, u32::from(laid.rotation)),
                None => (0, 0),
            };
            let hex = u32::try_from(hex).ok()?.checked_add(1)?;
            if hex >= 1 << 10 || tile >= 1 << 18 || rotation >= 1 << 4 {
                return None;
            }
            *slot = hex << 22 | tile << 4 | rotation;
        }
        Some(showing)
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
    options: &[Rc<[Link]>],
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
