//! Hex geometry: coordinates such as `B3`, the layout of a title's map (which hex lies across
//! each edge, what the edges are called), and rotation.
//!
//! A coordinate is a letter and a number. What they count depends on the map: 1833NE's map is
//! flat-topped with lettered columns, 1846's pointy-topped with lettered rows. Edges are numbered
//! 0 to 5 clockwise from the first the layout names, and rotating a tile by r adds r (mod 6) to
//! every edge.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use super::map::Edge;
use utoipa::ToSchema;

pub const EDGES: [Edge; 6] = [0, 1, 2, 3, 4, 5];

/// The edge of the neighbour that faces `edge`.
pub fn opposite(edge: Edge) -> Edge {
    (edge + 3) % 6
}

/// `edge` of a tile turned by `rotation` steps clockwise.
pub fn rotate(edge: Edge, rotation: u8) -> Edge {
    (edge + rotation) % 6
}

/// A map coordinate such as `B3`: its letter (0 for A) and its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    pub letter: u8,
    pub number: u8,
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.letter) as char, self.number)
    }
}

impl FromStr for Coord {
    type Err = String;

    fn from_str(s: &str) -> Result<Coord, String> {
        let mut chars = s.chars();
        let letter = chars.next().filter(|c| c.is_ascii_uppercase());
        let number = chars.as_str().parse::<u8>().ok().filter(|&r| r >= 1);
        match (letter, number) {
            (Some(l), Some(number)) => Ok(Coord {
                letter: l as u8 - b'A',
                number,
            }),
            _ => Err(format!("`{s}` is not a hex coordinate such as B3")),
        }
    }
}

/// How a map's hexes lie, as the component data writes it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "LayoutData")]
pub struct Layout {
    /// The edges' names (`S`, `SW`... or `SW`, `W`...), edge 0 first.
    pub edges: [String; 6],
    /// Across each edge: the change of letter and of number.
    offsets: [(i16, i16); 6],
    /// A letter and a number make a hex when their sum (A = 0) has this parity.
    parity: u16,
    /// The data it was read from, as served (`GET /v1/{game}/components`).
    source: LayoutData,
}

impl Layout {
    /// The coordinate across `edge`, if it is a valid position (it may still not be on the map).
    pub fn neighbour(&self, coord: Coord, edge: Edge) -> Option<Coord> {
        let (dl, dn) = self.offsets[usize::from(edge % 6)];
        let letter = i16::from(coord.letter) + dl;
        let number = i16::from(coord.number) + dn;
        (letter >= 0 && number >= 1 && letter < 26 && number < 100).then_some(Coord {
            letter: letter as u8,
            number: number as u8,
        })
    }

    /// The edge of `from` that touches `to`, if they are neighbours.
    pub fn edge_towards(&self, from: Coord, to: Coord) -> Option<Edge> {
        EDGES
            .into_iter()
            .find(|&e| self.neighbour(from, e) == Some(to))
    }

    /// Whether the position follows the layout's parity rule.
    pub fn is_hex_position(&self, coord: Coord) -> bool {
        (u16::from(coord.letter) + u16::from(coord.number)) % 2 == self.parity
    }

    /// Whether the hexes are flat-topped (letters name columns) rather than pointy-topped.
    pub fn is_flat(&self) -> bool {
        self.source.orientation == "flat"
    }

    /// Across `edge`: the change of letter and of number.
    pub fn offset(&self, edge: Edge) -> (i16, i16) {
        self.offsets[usize::from(edge % 6)]
    }

    /// The compass name of an edge.
    pub fn edge_name(&self, edge: Edge) -> &str {
        &self.edges[usize::from(edge % 6)]
    }
}

/// The layout as `components.json` has it: offsets by row and column, which of the two the
/// letter counts following from the orientation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxLayout)]
pub struct LayoutData {
    /// `flat` (flat-topped hexes, letters name columns) or `pointy` (letters name rows).
    pub orientation: String,
    /// What the numbers name, in words.
    pub rows: String,
    /// What the letters name, in words.
    pub columns: String,
    /// Which letter-and-number pairs are hexes, in words (the parity of their sum).
    pub hex_exists_rule: String,
    /// The edges' compass names, edge 0 first: a tile's rotation turns edge `e` to `e + r`.
    pub edges: Vec<String>,
    /// Across edge `e` (the key): the change of column and row to the neighbouring hex.
    pub neighbour_offsets: BTreeMap<String, Offset>,
}

/// Across one edge: the change of column and row to the neighbouring hex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxOffset)]
pub struct Offset {
    pub row: i16,
    pub column: i16,
}

/// The layout is served as the component data writes it.
impl Serialize for Layout {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.source.serialize(serializer)
    }
}

impl TryFrom<LayoutData> for Layout {
    type Error = String;

    fn try_from(data: LayoutData) -> Result<Layout, String> {
        let source = data.clone();
        // Flat-topped maps letter their columns, pointy-topped ones their rows.
        let letters_are_columns = match data.orientation.as_str() {
            "flat" => true,
            "pointy" => false,
            other => return Err(format!("unknown orientation `{other}`")),
        };
        let edges: [String; 6] = data
            .edges
            .try_into()
            .map_err(|_| "a layout names six edges".to_string())?;
        let mut offsets = [(0, 0); 6];
        for (edge, offset) in offsets.iter_mut().enumerate() {
            let o = data
                .neighbour_offsets
                .get(&edge.to_string())
                .ok_or_else(|| format!("no offset for edge {edge}"))?;
            *offset = if letters_are_columns {
                (o.column, o.row)
            } else {
                (o.row, o.column)
            };
        }
        // The data states the rule in words: "... - 1 is odd" (flat) or "... is odd" (pointy).
        let parity = if data.hex_exists_rule.contains("- 1 is odd") {
            0
        } else if data.hex_exists_rule.ends_with("is odd") {
            1
        } else {
            return Err(format!("unknown hex rule `{}`", data.hex_exists_rule));
        };
        Ok(Layout {
            edges,
            offsets,
            parity,
            source,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Coord {
        s.parse().unwrap()
    }

    fn flat() -> Layout {
        serde_json::from_value(serde_json::json!({
            "orientation": "flat", "rows": "numbers", "columns": "letters",
            "hex_exists_rule": "column index (A = 0) + row number - 1 is odd",
            "edges": ["S", "SW", "NW", "N", "NE", "SE"],
            "neighbour_offsets": {
                "0": {"column": 0, "row": 2}, "1": {"column": -1, "row": 1},
                "2": {"column": -1, "row": -1}, "3": {"column": 0, "row": -2},
                "4": {"column": 1, "row": -1}, "5": {"column": 1, "row": 1}
            }
        }))
        .unwrap()
    }

    fn pointy() -> Layout {
        serde_json::from_value(serde_json::json!({
            "orientation": "pointy", "rows": "letters", "columns": "numbers",
            "hex_exists_rule": "row index (A = 0) + column number is odd",
            "edges": ["SW", "W", "NW", "NE", "E", "SE"],
            "neighbour_offsets": {
                "0": {"row": 1, "column": -1}, "1": {"row": 0, "column": -2},
                "2": {"row": -1, "column": -1}, "3": {"row": -1, "column": 1},
                "4": {"row": 0, "column": 2}, "5": {"row": 1, "column": 1}
            }
        }))
        .unwrap()
    }

    #[test]
    fn a_flat_map_letters_its_columns() {
        // 1833NE's Boston G22: S G24, SW F23, NW F21, N G20, NE H21, SE H23.
        let layout = flat();
        let names: Vec<String> = EDGES
            .iter()
            .map(|&e| layout.neighbour(c("G22"), e).unwrap().to_string())
            .collect();
        assert_eq!(names, ["G24", "F23", "F21", "G20", "H21", "H23"]);
        for e in EDGES {
            let n = layout.neighbour(c("E22"), e).unwrap();
            assert_eq!(layout.neighbour(n, opposite(e)), Some(c("E22")));
            assert_eq!(layout.edge_towards(c("E22"), n), Some(e));
        }
        assert_eq!(
            layout.neighbour(c("A6"), 1),
            None,
            "nothing west of column A"
        );
        assert!(layout.is_hex_position(c("B3")) && layout.is_hex_position(c("A6")));
        assert!(!layout.is_hex_position(c("B4")));
        assert_eq!(layout.edge_name(3), "N");
    }

    #[test]
    fn a_pointy_map_letters_its_rows() {
        // 1846's Chicago D6: SW E5, W D4, NW C5, NE C7, E D8, SE E7.
        let layout = pointy();
        let names: Vec<String> = EDGES
            .iter()
            .map(|&e| layout.neighbour(c("D6"), e).unwrap().to_string())
            .collect();
        assert_eq!(names, ["E5", "D4", "C5", "C7", "D8", "E7"]);
        assert!(layout.is_hex_position(c("D6")) && !layout.is_hex_position(c("D7")));
        assert_eq!(layout.edge_name(1), "W");
    }

    #[test]
    fn coordinates_parse_and_rotation_adds_steps_clockwise() {
        assert!("3B".parse::<Coord>().is_err() && "B0".parse::<Coord>().is_err());
        assert_eq!(c("J25").to_string(), "J25");
        assert_eq!(rotate(0, 1), 1);
        assert_eq!(rotate(5, 2), 1);
        assert_eq!(opposite(4), 1);
    }
}
