//! The track between stops: every way to go from one stop to another along track that passes
//! no other stop. Routes are chains of these links.

use std::collections::HashMap;

use super::board::{Board, Node, neighbour_index, other_end};
use super::data::{Components, End};
use super::hex::opposite;

/// A stretch of track from stop `a` to stop `b` through no other stop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub a: Node,
    pub b: Node,
    /// The track used: (hex index, index of the path in what the hex shows).
    pub paths: Vec<(usize, u8)>,
    /// The hexes passed, from `a`'s to `b`'s.
    pub hexes: Vec<usize>,
}

/// Every link of the board, and the links at each stop.
#[derive(Debug, Clone, Default)]
pub struct Graph {
    pub links: Vec<Link>,
    pub at: HashMap<Node, Vec<usize>>,
}

impl Graph {
    pub fn build(board: &Board, components: &Components) -> Graph {
        let mut graph = Graph::default();
        let faces: Vec<_> = components
            .hexes
            .iter()
            .map(|h| board.face(components, h))
            .collect();
        for (hex, face) in faces.iter().enumerate() {
            for stop in 0..face.stops.len() as u8 {
                let from = Node { hex, stop };
                for (p, path) in face.paths.iter().enumerate() {
                    let Some(other) = other_end(path, End::Stop { stop }) else {
                        continue;
                    };
                    let mut walk = Walk {
                        paths: vec![(hex, p as u8)],
                        hexes: vec![hex],
                    };
                    walk.extend(components, &faces, hex, other, from, &mut graph);
                }
            }
        }
        graph
    }

    /// The links from `a` to `b` passing exactly `hexes` (in either direction of storage).
    pub fn find(&self, a: Node, b: Node, hexes: &[usize]) -> Option<&Link> {
        self.at.get(&a)?.iter().map(|&i| &self.links[i]).find(|l| {
            (l.a == a && l.b == b && l.hexes == hexes)
                || (l.a == b && l.b == a && l.hexes.iter().rev().eq(hexes.iter()))
        })
    }
}

struct Walk {
    paths: Vec<(usize, u8)>,
    hexes: Vec<usize>,
}

impl Walk {
    /// Continues from `end` inside `hex`; records a link on reaching a stop. Links are kept
    /// once, from the lower stop.
    fn extend(
        &mut self,
        components: &Components,
        faces: &[super::tiles::Face],
        hex: usize,
        end: End,
        from: Node,
        graph: &mut Graph,
    ) {
        match end {
            End::Stop { stop } => {
                let to = Node { hex, stop };
                if to == from || from > to {
                    return;
                }
                let index = graph.links.len();
                graph.links.push(Link {
                    a: from,
                    b: to,
                    paths: self.paths.clone(),
                    hexes: self.hexes.clone(),
                });
                graph.at.entry(from).or_default().push(index);
                graph.at.entry(to).or_default().push(index);
            }
            End::Edge(edge) => {
                let Some(next) = neighbour_index(components, hex, edge) else {
                    return;
                };
                let back = End::Edge(opposite(edge));
                for (p, path) in faces[next].paths.iter().enumerate() {
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
                    self.extend(components, faces, next, other, from, graph);
                    if entered {
                        self.hexes.pop();
                    }
                    self.paths.pop();
                }
            }
        }
    }
}
