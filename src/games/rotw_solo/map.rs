//! The hex map: coordinates, terrain, ridges, cities, and the cheapest path the Railbot builds.
//!
//! Hexes use axial coordinates `(q, r)`, pointy side up: rows run along `r`, and a hex's six
//! neighbours lie across its sides 0-5 (east, north-east, north-west, west, south-west,
//! south-east).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A hex, in axial coordinates.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloHex)]
pub struct Hex {
    pub q: i16,
    pub r: i16,
}

/// The steps to the six neighbours, side 0 (east) to side 5 (south-east).
const STEPS: [(i16, i16); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

impl Hex {
    pub const fn new(q: i16, r: i16) -> Hex {
        Hex { q, r }
    }

    /// The hex across side `side` (0-5). Saturating: a sent state may name a hex at the edge
    /// of the coordinates, and no map reaches there.
    pub fn neighbour(self, side: usize) -> Hex {
        let (dq, dr) = STEPS[side % 6];
        Hex::new(self.q.saturating_add(dq), self.r.saturating_add(dr))
    }

    pub fn neighbours(self) -> impl Iterator<Item = Hex> {
        (0..6).map(move |side| self.neighbour(side))
    }

    pub fn is_adjacent(self, other: Hex) -> bool {
        self.neighbours().any(|n| n == other)
    }

    /// The hex at `column` of `row` on a map drawn in rows, odd rows shifted half a hex right.
    pub fn from_row_and_column(row: i16, column: i16) -> Hex {
        Hex::new(column - (row - (row & 1)) / 2, row)
    }
}

/// What a hex costs to build track on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RotwSoloTerrain)]
pub enum Terrain {
    Plains,
    Water,
    Mountain,
}

/// A side between two adjacent hexes, its hexes in ascending order.
pub type Side = (Hex, Hex);

pub fn side(a: Hex, b: Hex) -> Side {
    if a <= b { (a, b) } else { (b, a) }
}

/// Track-building prices, in thousands of dollars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloTrackCosts)]
pub struct TrackCosts {
    pub plains: u32,
    pub water: u32,
    pub mountain: u32,
    /// Added for each ridge a tile's track crosses.
    pub ridge: u32,
}

impl TrackCosts {
    pub fn of(&self, terrain: Terrain) -> u32 {
        match terrain {
            Terrain::Plains => self.plains,
            Terrain::Water => self.water,
            Terrain::Mountain => self.mountain,
        }
    }
}

/// The map as the rules read it: each hex's terrain, the ridges, and which hexes are cities
/// (by index in the components' city list).
#[derive(Debug, Clone, Default)]
pub struct Map {
    pub terrain: HashMap<Hex, Terrain>,
    pub ridges: std::collections::HashSet<Side>,
    pub cities: HashMap<Hex, usize>,
}

/// A path of track between two cities: the hexes between them, in order, and its price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    pub hexes: Vec<Hex>,
    pub cost: u32,
}

impl Map {
    /// What a tile on `to`, entered from `from`, costs, the ridge between them included; for
    /// the last step, into a city, only the ridge.
    pub fn step_cost(&self, costs: &TrackCosts, from: Hex, to: Hex) -> Option<u32> {
        let ridge = if self.ridges.contains(&side(from, to)) {
            costs.ridge
        } else {
            0
        };
        if self.cities.contains_key(&to) {
            return Some(ridge);
        }
        Some(costs.of(*self.terrain.get(&to)?) + ridge)
    }

    /// The cheapest path of new track from city hex `from` to city hex `to` through free hexes
    /// (`is_free`: on the map, not a city, carrying no track). Ties go to the fewest hexes, then
    /// to the path whose hex list sorts first. None when there is no such path, or when the two
    /// cities are neighbours (a link needs at least one tile).
    pub fn cheapest_path(
        &self,
        costs: &TrackCosts,
        from: Hex,
        to: Hex,
        is_free: impl Fn(Hex) -> bool,
    ) -> Option<Path> {
        // Keys compare by cost, then length, then the hexes so far: among paths reaching a hex
        // with equal cost and length, the one with the smaller prefix stays smaller whatever
        // follows, so keeping the best key per hex is exact.
        type Key = (u32, usize, Vec<Hex>);
        let mut best: HashMap<Hex, Key> = HashMap::new();
        let mut queue: BinaryHeap<Reverse<(Key, Hex)>> = BinaryHeap::new();
        queue.push(Reverse(((0, 0, Vec::new()), from)));
        while let Some(Reverse(((cost, length, hexes), at))) = queue.pop() {
            if at == to {
                return Some(Path { hexes, cost });
            }
            if at != from
                && best
                    .get(&at)
                    .is_some_and(|b| *b < (cost, length, hexes.clone()))
            {
                continue;
            }
            for next in at.neighbours() {
                let arriving = next == to;
                if arriving && at == from {
                    continue; // neighbouring cities: no tile between them
                }
                // Between the two cities, only free hexes of the map that are not cities.
                let passable = self.terrain.contains_key(&next)
                    && !self.cities.contains_key(&next)
                    && is_free(next);
                if !arriving && !passable {
                    continue;
                }
                let Some(step) = self.step_cost(costs, at, next) else {
                    continue;
                };
                let mut path = hexes.clone();
                if !arriving {
                    path.push(next);
                }
                let key = (cost + step, path.len(), path);
                if arriving || best.get(&next).is_none_or(|b| key < *b) {
                    if !arriving {
                        best.insert(next, key.clone());
                    }
                    queue.push(Reverse((key, next)));
                }
            }
        }
        None
    }
}
