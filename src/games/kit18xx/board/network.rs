//! What a company reaches along track, as sets of bits by hex: the stops, the hex edges and the
//! paths of a network ([`Network`]).

use crate::games::kit18xx::map::Edge;

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
/// has (a hex's six edges; no tile of the titles has more than eight stops). A test
/// (`every_titles_map_fits_the_network_sets`) holds the titles' maps to them.
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
