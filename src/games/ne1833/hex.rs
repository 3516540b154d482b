//! Hex geometry of the flat-topped 1833NE map: coordinates, edges, neighbours and rotation.
//!
//! Columns are letters A-J running west to east, rows numbers running north to south; a
//! position is a hex only when (column index + row - 1) is odd (A6, B3, C4...). Edges are
//! numbered clockwise 0 = S, 1 = SW, 2 = NW, 3 = N, 4 = NE, 5 = SE, and rotating a tile by r
//! adds r (mod 6) to every edge.

use std::fmt;
use std::str::FromStr;

/// An edge of a hex, 0 = S clockwise to 5 = SE.
pub type Edge = u8;

pub const EDGES: [Edge; 6] = [0, 1, 2, 3, 4, 5];

/// The compass name of an edge.
pub fn edge_name(edge: Edge) -> &'static str {
    ["S", "SW", "NW", "N", "NE", "SE"][usize::from(edge % 6)]
}

/// The edge of the neighbour that faces `edge` (S faces N, SW faces NE...).
pub fn opposite(edge: Edge) -> Edge {
    (edge + 3) % 6
}

/// `edge` of a tile turned by `rotation` steps clockwise.
pub fn rotate(edge: Edge, rotation: u8) -> Edge {
    (edge + rotation) % 6
}

/// A map coordinate such as `B3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// 0 for A.
    pub column: u8,
    pub row: u8,
}

impl Coord {
    /// The coordinate across `edge`, if it is a valid position (it may still not be on the map).
    pub fn neighbour(self, edge: Edge) -> Option<Coord> {
        let (dc, dr): (i16, i16) = match edge % 6 {
            0 => (0, 2),
            1 => (-1, 1),
            2 => (-1, -1),
            3 => (0, -2),
            4 => (1, -1),
            _ => (1, 1),
        };
        let column = i16::from(self.column) + dc;
        let row = i16::from(self.row) + dr;
        (column >= 0 && row >= 1 && column < 26 && row < 100).then_some(Coord {
            column: column as u8,
            row: row as u8,
        })
    }

    /// The edge of `self` that touches `other`, if they are neighbours.
    pub fn edge_towards(self, other: Coord) -> Option<Edge> {
        EDGES
            .into_iter()
            .find(|&e| self.neighbour(e) == Some(other))
    }

    /// Whether the position follows the layout's parity rule.
    pub fn is_hex_position(self) -> bool {
        (u16::from(self.column) + u16::from(self.row)).is_multiple_of(2)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.column) as char, self.row)
    }
}

impl FromStr for Coord {
    type Err = String;

    fn from_str(s: &str) -> Result<Coord, String> {
        let mut chars = s.chars();
        let letter = chars.next().filter(|c| c.is_ascii_uppercase());
        let row = chars.as_str().parse::<u8>().ok().filter(|&r| r >= 1);
        match (letter, row) {
            (Some(l), Some(row)) => Ok(Coord {
                column: l as u8 - b'A',
                row,
            }),
            _ => Err(format!("`{s}` is not a hex coordinate such as B3")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Coord {
        s.parse().unwrap()
    }

    #[test]
    fn neighbours_follow_the_layout() {
        // Boston G22: S G24, SW F23, NW F21, N G20, NE H21, SE H23.
        let names: Vec<String> = EDGES
            .iter()
            .map(|&e| c("G22").neighbour(e).unwrap().to_string())
            .collect();
        assert_eq!(names, ["G24", "F23", "F21", "G20", "H21", "H23"]);
        for e in EDGES {
            let n = c("E22").neighbour(e).unwrap();
            assert_eq!(n.neighbour(opposite(e)), Some(c("E22")));
            assert_eq!(c("E22").edge_towards(n), Some(e));
        }
        assert_eq!(c("A6").neighbour(1), None, "nothing west of column A");
    }

    #[test]
    fn parity_and_parsing() {
        assert!(c("B3").is_hex_position() && c("A6").is_hex_position());
        assert!(!c("B4").is_hex_position());
        assert!("3B".parse::<Coord>().is_err() && "B0".parse::<Coord>().is_err());
        assert_eq!(c("J25").to_string(), "J25");
    }

    #[test]
    fn rotation_adds_steps_clockwise() {
        assert_eq!(rotate(0, 1), 1);
        assert_eq!(rotate(5, 2), 1);
        assert_eq!(edge_name(rotate(3, 3)), "S");
    }
}
