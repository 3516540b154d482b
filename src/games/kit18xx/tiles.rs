//! Tiles on the map: what a hex shows now (its printed face or the tile laid on it, turned),
//! and whether one tile may replace another.

use std::borrow::Cow;

use super::hex::rotate;
use super::map::{Colour, Edge, End, Path, Stop, StopKind, TileData};

/// What a hex shows: its stops and its paths, with edges already turned.
#[derive(Debug, Clone, PartialEq)]
pub struct Face<'a> {
    pub colour: Colour,
    pub stops: &'a [Stop],
    pub paths: Cow<'a, [Path]>,
    pub label: Option<&'a str>,
}

/// A set of a hex's edges (0 to 5), in edge order: asked of a hex in every lay, so kept in
/// one byte rather than a list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Exits(u8);

impl Exits {
    /// Adds `edge` (a hex's edges are 0 to 5: turned edges are taken modulo 6).
    fn insert(&mut self, edge: Edge) {
        debug_assert!(edge < 6, "a hex has edges 0 to 5, not {edge}");
        if edge < 8 {
            self.0 |= 1 << edge;
        }
    }

    pub fn contains(&self, edge: &Edge) -> bool {
        *edge < 8 && self.0 & (1 << edge) != 0
    }
}

impl IntoIterator for Exits {
    type Item = Edge;
    type IntoIter = ExitsIter;
    fn into_iter(self) -> ExitsIter {
        ExitsIter(self.0)
    }
}

/// The edges of an [`Exits`], lowest first.
#[derive(Debug, Clone)]
pub struct ExitsIter(u8);

impl Iterator for ExitsIter {
    type Item = Edge;
    fn next(&mut self) -> Option<Edge> {
        if self.0 == 0 {
            return None;
        }
        let edge = self.0.trailing_zeros() as Edge;
        self.0 &= self.0 - 1;
        Some(edge)
    }
}

/// A path with its edges turned by `rotation`.
pub fn rotate_path(path: &Path, rotation: u8) -> Path {
    path.map(|end| match end {
        End::Edge(e) => End::Edge(rotate(e, rotation)),
        stop => stop,
    })
}

impl<'a> Face<'a> {
    pub fn of_tile(tile: &'a TileData, rotation: u8) -> Face<'a> {
        let paths = match tile.rotated.get(usize::from(rotation % 6)) {
            Some(turned) => Cow::Borrowed(turned.as_slice()),
            None => Cow::Owned(
                tile.paths
                    .iter()
                    .map(|p| rotate_path(p, rotation))
                    .collect(),
            ),
        };
        Face {
            colour: tile.color,
            stops: &tile.stops,
            paths,
            label: tile.label.as_deref(),
        }
    }

    /// Whether track leaves the hex by `edge`.
    pub fn leaves_by(&self, edge: Edge) -> bool {
        self.paths
            .iter()
            .flatten()
            .any(|end| *end == End::Edge(edge))
    }

    /// The edges track leaves the hex by.
    pub fn exits(&self) -> Exits {
        let mut exits = Exits::default();
        for end in self.paths.iter().flatten() {
            if let End::Edge(e) = end {
                exits.insert(*e);
            }
        }
        exits
    }

    pub fn count(&self, kind: StopKind) -> usize {
        self.stops.iter().filter(|s| s.kind == kind).count()
    }

    /// The stops an edge's track leads to directly.
    pub fn stops_at(&self, edge: Edge) -> Vec<u8> {
        self.paths
            .iter()
            .filter_map(|[a, b]| match (a, b) {
                (End::Edge(e), End::Stop { stop }) | (End::Stop { stop }, End::Edge(e))
                    if *e == edge =>
                {
                    Some(*stop)
                }
                _ => None,
            })
            .collect()
    }

    fn has_edge_path(&self, a: Edge, b: Edge) -> bool {
        self.paths.iter().any(|p| {
            matches!(p, [End::Edge(x), End::Edge(y)] if (*x == a && *y == b) || (*x == b && *y == a))
        })
    }
}

/// Why `new` cannot replace `old`, or how `old`'s stops map onto `new`'s (for the tokens).
///
/// The rules: the colour is the next one; the labels are equal; the towns are as many, and the
/// cities as many (a labelled tile, made for its hex, may have more); the track is kept: every
/// old exit stays an exit, old track between two edges stays, an edge that led to a city or a
/// town still leads to one of the same kind, and edges that met at one city still meet at one.
pub fn upgrade(old: &Face, new: &Face) -> Result<Vec<Option<u8>>, String> {
    let expected = old.colour.next();
    if Some(new.colour) != expected {
        return Err(format!(
            "a {:?} hex takes {}, not a {:?} tile",
            old.colour,
            expected.map_or("no tile".to_string(), |c| format!("a {c:?} tile")),
            new.colour
        ));
    }
    keeps_face(old, new)
}

/// Whether upgrades from a hex printed in `printed` reach tiles of `colour` (a white hex:
/// yellow, green, brown; a yellow one: green, brown...).
pub fn colour_reachable(printed: Colour, colour: Colour) -> bool {
    std::iter::successors(printed.next(), |c| c.next()).any(|c| c == colour)
}

/// Everything [`upgrade`] asks besides the colour: the label, the towns and cities, the track
/// kept. Each rule carries over a chain of upgrades, so a tile on the map also meets it against
/// its hex's printed face.
pub fn keeps_face(old: &Face, new: &Face) -> Result<Vec<Option<u8>>, String> {
    if old.label != new.label {
        return Err(format!(
            "the hex is labelled {} and the tile {}",
            old.label.unwrap_or("nothing"),
            new.label.unwrap_or("nothing")
        ));
    }
    let (old_towns, new_towns) = (old.count(StopKind::Town), new.count(StopKind::Town));
    let (old_cities, new_cities) = (old.count(StopKind::City), new.count(StopKind::City));
    let cities_fit = new_cities == old_cities || (new.label.is_some() && new_cities > old_cities);
    if old_towns != new_towns || !cities_fit {
        return Err(format!(
            "the hex has {old_cities} cities and {old_towns} towns; the tile has {new_cities} and {new_towns}"
        ));
    }
    let new_exits = new.exits();
    for e in old.exits() {
        if !new_exits.contains(&e) {
            return Err(format!("the tile drops the track leaving by edge {e}"));
        }
    }
    // Old stop -> new stop, from the edges that lead to it: the new stop must be one every one
    // of the old stop's edges leads to (on Chicago's tiles one edge leads to all four cities,
    // the other edge of each says which).
    let mut candidates: Vec<Option<Vec<u8>>> = vec![None; old.stops.len()];
    for path in old.paths.iter() {
        match *path {
            [End::Edge(a), End::Edge(b)] if !new.has_edge_path(a, b) => {
                return Err(format!(
                    "the tile drops the track between edges {a} and {b}"
                ));
            }
            [End::Edge(e), End::Stop { stop }] | [End::Stop { stop }, End::Edge(e)] => {
                let kind = old.stops[usize::from(stop)].kind;
                if !matches!(kind, StopKind::City | StopKind::Town) {
                    continue;
                }
                let targets: Vec<u8> = new
                    .stops_at(e)
                    .into_iter()
                    .filter(|&s| new.stops[usize::from(s)].kind == kind)
                    .collect();
                if targets.is_empty() {
                    return Err(format!("edge {e} no longer leads to a {kind:?}"));
                }
                let known = &mut candidates[usize::from(stop)];
                let kept: Vec<u8> = match known.take() {
                    None => targets,
                    Some(before) => before.into_iter().filter(|t| targets.contains(t)).collect(),
                };
                if kept.is_empty() {
                    return Err(format!("track that met at one {kind:?} would meet at two"));
                }
                *known = Some(kept);
            }
            _ => {}
        }
    }
    let mapping = candidates
        .into_iter()
        .map(|c| c.and_then(|c| c.first().copied()))
        .collect();
    Ok(mapping)
}
