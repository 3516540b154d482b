//! The vocabulary of an 18xx map as the component data writes it: hex edges, the ends of a
//! track path, the borders between hexes and the terrain that costs to build on.

use serde::Deserialize;

/// A hex edge, 0 to 5 (each title's data says where 0 is).
pub type Edge = u8;

/// One end of a path: a hex edge or a stop (by its index in the hex's or tile's stops).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(untagged)]
pub enum End {
    Edge(Edge),
    Stop { stop: u8 },
}

/// A stretch of track between two ends.
pub type Path = [End; 2];

/// What lies along a hex side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BorderKind {
    Impassable,
    Water,
    Mountain,
    Plain,
}

/// A hex side with something on it, and what crossing it costs (nothing unless said).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Border {
    pub edge: Edge,
    pub kind: BorderKind,
    #[serde(default)]
    pub cost: u32,
    pub neighbor: String,
}

/// Terrain printed in a hex: its kind and the cost of the first tile laid there.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub kind: String,
    pub cost: u32,
}
