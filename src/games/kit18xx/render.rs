//! The board of an 18xx title as SVG (issue 21.1): every hex of the map in its colour with its
//! terrain cost and name, the track and stops of what it shows (its printed face, or the tile
//! laid there, turned), stations in their companies' colours, and beside the map the market
//! with each company's marker. Deterministic: the same state gives the same bytes (fixed
//! decimals, maps in key order), with no font or asset fetched (`font-family: sans-serif`).

use super::board::Board;
use super::hex::{Coord, Layout, rotate};
use super::map::{Colour, End, HexData, Map, Path, Stop, StopKind};
use crate::core::svg::escape;
use std::fmt::Write as _;

pub mod panel;

mod market;
use market::*;

/// A hex's circumradius, in the map's own units (the map group is scaled to the drawing's width).
const SIZE: f64 = 40.0;
const MARGIN: f64 = 50.0;
/// The drawing's width, every game's (README).
const WIDTH: f64 = 1200.0;
/// A light outline behind text on the map, so that labels stay readable over track and cities.
const HALO: &str =
    "stroke=\"#fdfaf2\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\"";

/// What the title tells the renderer besides the map and the board.
pub struct Scene<'a> {
    pub title: &'a str,
    /// Each company's symbol, colour and text colour (CSS).
    pub colours: Vec<(&'a str, &'a str, &'a str)>,
    /// The market's prices, and each started company's symbol at its space.
    pub market: &'a [u32],
    pub markers: Vec<(String, usize)>,
    /// Lines of text under the map: the phase, the depot...
    pub notes: Vec<String>,
    /// Ferries drawn over the map (1833NE): none for a title without them.
    pub ferries: Vec<FerryMark>,
    /// The panel under the market: the players, the companies, and what the title adds (its
    /// privates).
    pub panel: Vec<panel::Section>,
}

pub use panel::Section;

/// A ferry on the map: a token at its port hex, linked by a dashed line to the hex it sails to
/// (none when the port is that hex), named and valued, in its owner's colours when bought.
pub struct FerryMark {
    pub port: String,
    pub to: String,
    pub label: String,
    /// The owning company's symbol, when bought.
    pub owner: Option<String>,
}

impl<'a> Scene<'a> {
    /// A title's scene: its companies' colours, each open company's marker at its price, and
    /// the phase, the move, the depot's cards left and the bank under the map.
    pub fn of<C: std::fmt::Display>(
        title: &'a str,
        colours: Vec<(&'a str, &'a str, &'a str)>,
        market: &'a [u32],
        (players, companies): (&[super::table::Player], &[super::table::CompanyState<C>]),
        table: Table<'_>,
    ) -> Scene<'a> {
        let markers = companies
            .iter()
            .filter(|c| !c.closed)
            .filter_map(|c| c.price.map(|at| (c.company.to_string(), usize::from(at))))
            .collect();
        let depot: Vec<String> = table
            .depot
            .iter()
            .map(|(card, left)| format!("{card} x{left}"))
            .collect();
        Scene {
            title,
            colours,
            market,
            markers,
            notes: vec![
                format!("Phase {}; move {}", table.phase, table.moves),
                format!("Depot: {}", depot.join(", ")),
                bank_line(table.bank),
            ],
            ferries: Vec::new(),
            panel: vec![
                panel::players(players, companies),
                panel::companies(market, companies),
            ],
        }
    }
}

/// What the notes under the map say: the phase's name, the state's move, each train card of
/// the depot with how many are left, the bank's cash.
pub struct Table<'a> {
    pub phase: &'a str,
    pub moves: u64,
    pub depot: Vec<(&'a str, u8)>,
    pub bank: i64,
}

impl<'a> Table<'a> {
    /// The notes of a title's state: its phase's name (`?` for a phase its data lacks), its
    /// move, each train card with the depot's count, its bank.
    pub fn of(
        phase: Option<&'a str>,
        moves: u64,
        cards: impl IntoIterator<Item = &'a str>,
        depot: &[u8],
        bank: i64,
    ) -> Table<'a> {
        Table {
            phase: phase.unwrap_or("?"),
            moves,
            depot: cards.into_iter().zip(depot.iter().copied()).collect(),
            bank,
        }
    }
}

/// The SVG document of `board` on `map`: the map scaled to the drawing's width, then the market,
/// the notes and the panel.
pub fn svg(map: &Map, board: &Board, scene: &Scene) -> String {
    let centres: Vec<(f64, f64)> = map
        .hexes
        .iter()
        .map(|h| centre(&map.layout, h.coord()))
        .collect();
    let (min_x, min_y, max_x, max_y) = bounds(&centres);
    let scale = (WIDTH - 2.0 * MARGIN) / (max_x - min_x + 2.0 * SIZE);
    let map_height = (max_y - min_y + 2.0 * SIZE) * scale + 2.0 * MARGIN;
    let market_rows = scene.market.len().div_ceil(12);
    let panel_top = map_height + 40.0 + market_rows as f64 * 46.0 + scene.notes.len() as f64 * 22.0;
    let height = panel_top + panel::height(&scene.panel);
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {WIDTH:.0} {height:.0}\" font-family=\"sans-serif\">\n\
         <title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fdfaf2\"/>\n\
         <g class=\"map\" transform=\"translate({MARGIN:.0} {MARGIN:.0}) scale({scale:.4})\">\n",
        escape(scene.title)
    );
    let shift = (SIZE - min_x, SIZE - min_y);
    for (hex, &(x, y)) in map.hexes.iter().zip(&centres) {
        draw_hex(&mut out, map, board, hex, (x + shift.0, y + shift.1), scene);
    }
    for (hex, &(x, y)) in map.hexes.iter().zip(&centres) {
        draw_labels(&mut out, map, board, hex, (x + shift.0, y + shift.1));
    }
    let at = |id: &str| {
        map.hexes
            .iter()
            .zip(&centres)
            .find(|(h, _)| h.id == id)
            .map(|(_, &(x, y))| (x + shift.0, y + shift.1))
    };
    for ferry in &scene.ferries {
        draw_ferry(&mut out, ferry, at(&ferry.port), at(&ferry.to), scene);
    }
    out.push_str("</g>\n");
    draw_market(&mut out, scene, map_height + 20.0, WIDTH);
    let mut y = map_height + 40.0 + market_rows as f64 * 46.0;
    for note in &scene.notes {
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN:.0}\" y=\"{y:.1}\" font-size=\"14\">{}</text>",
            escape(note)
        );
        y += 22.0;
    }
    panel::draw(&mut out, &scene.panel, panel_top, MARGIN);
    out.push_str("</svg>\n");
    out
}

/// A hex's centre: flat-topped maps letter their columns, pointy-topped ones their rows.
fn centre(layout: &Layout, coord: Coord) -> (f64, f64) {
    let (letter, number) = (f64::from(coord.letter), f64::from(coord.number));
    let half = SIZE * 3f64.sqrt() / 2.0;
    if layout.is_flat() {
        (letter * 1.5 * SIZE, number * half)
    } else {
        (number * half, letter * 1.5 * SIZE)
    }
}

/// The midpoint of `edge` of a hex centred at the origin, from the direction of its neighbour.
fn edge_midpoint(layout: &Layout, edge: u8) -> (f64, f64) {
    let (dl, dn) = layout.offset(edge);
    let origin = centre(
        layout,
        Coord {
            letter: 30,
            number: 30,
        },
    );
    let across = centre(
        layout,
        Coord {
            letter: (30 + dl) as u8,
            number: (30 + dn) as u8,
        },
    );
    ((across.0 - origin.0) / 2.0, (across.1 - origin.1) / 2.0)
}

fn bounds(points: &[(f64, f64)]) -> (f64, f64, f64, f64) {
    points.iter().fold(
        (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
        |(a, b, c, d), &(x, y)| (a.min(x), b.min(y), c.max(x), d.max(y)),
    )
}

fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "#f4f1e6",
        Colour::Yellow => "#f6d84a",
        Colour::Green => "#6dbb5c",
        Colour::Brown => "#b98a5a",
        Colour::Gray => "#b0b0b0",
        Colour::Red => "#d9534f",
        Colour::Blue => "#5b9bd5",
    }
}

fn draw_hex(
    out: &mut String,
    map: &Map,
    board: &Board,
    hex: &HexData,
    (x, y): (f64, f64),
    scene: &Scene,
) {
    let laid = board.tiles.get(map, &hex.id);
    let tile = laid.as_ref().and_then(|l| map.tile(l.tile.as_str()));
    let (colour, stops, paths, rotation): (Colour, &[Stop], &[Path], u8) = match (&laid, tile) {
        (Some(l), Some(t)) => (t.color, &t.stops, &t.paths, l.rotation),
        _ => (hex.color, &hex.stops, &hex.paths, 0),
    };
    let class = if laid.is_some() { "hex tile" } else { "hex" };
    let _ = writeln!(
        out,
        "<g class=\"{class}\" id=\"hex-{}\" transform=\"translate({x:.1} {y:.1})\">",
        escape(&hex.id)
    );
    let corners: Vec<String> = (0..6)
        .map(|i| {
            let start = if map.layout.is_flat() { 0.0 } else { 30.0 };
            let a = (start + 60.0 * f64::from(i)).to_radians();
            format!("{:.1},{:.1}", SIZE * a.cos(), SIZE * a.sin())
        })
        .collect();
    let _ = writeln!(
        out,
        "<polygon points=\"{}\" fill=\"{}\" stroke=\"#555\" stroke-width=\"1\"/>",
        corners.join(" "),
        fill(colour)
    );
    let stop_at = |i: u8| stop_position(stops.len(), i);
    for path in paths {
        let [a, b] = path.map(|end| match end {
            End::Edge(e) => edge_midpoint(&map.layout, rotate(e, rotation)),
            End::Stop { stop } => stop_at(stop),
        });
        let _ = writeln!(
            out,
            "<path d=\"M{:.1},{:.1} Q0,0 {:.1},{:.1}\" fill=\"none\" stroke=\"#222\" stroke-width=\"5\"/>",
            a.0, a.1, b.0, b.1
        );
    }
    for (i, stop) in stops.iter().enumerate() {
        let (sx, sy) = stop_at(i as u8);
        if stop.kind == StopKind::Town {
            draw_town(out, map, paths, rotation, i as u8, (sx, sy));
        }
        draw_stop(out, board, hex, stop, i, (sx, sy), scene);
    }
    out.push_str("</g>\n");
}

/// A town: a bar across the track that runs through it (two edges), as 18xx.games draws one;
/// otherwise a dot.
fn draw_town(
    out: &mut String,
    map: &Map,
    paths: &[Path],
    rotation: u8,
    index: u8,
    (sx, sy): (f64, f64),
) {
    let edges: Vec<(f64, f64)> = paths
        .iter()
        .filter(|p| p.contains(&End::Stop { stop: index }))
        .flat_map(|p| p.iter())
        .filter_map(|end| match end {
            End::Edge(e) => Some(edge_midpoint(&map.layout, rotate(*e, rotation))),
            End::Stop { .. } => None,
        })
        .collect();
    if let [a, b] = edges.as_slice() {
        let angle = (b.1 - a.1).atan2(b.0 - a.0).to_degrees();
        let _ = writeln!(
            out,
            "<rect class=\"town-bar\" x=\"-3\" y=\"-9\" width=\"6\" height=\"18\" \
             fill=\"#222\" transform=\"translate({sx:.1} {sy:.1}) rotate({angle:.1})\"/>"
        );
    } else {
        let _ = writeln!(
            out,
            "<circle class=\"town\" cx=\"{sx:.1}\" cy=\"{sy:.1}\" r=\"5\" fill=\"#222\"/>"
        );
    }
}

/// A hex's texts, drawn over every hex (a name reaching into a neighbour stays readable): its
/// terrain cost while no tile is laid, its id, the laid tile's number and its city's name.
fn draw_labels(out: &mut String, map: &Map, board: &Board, hex: &HexData, (x, y): (f64, f64)) {
    let laid = board.tiles.get(map, &hex.id);
    let _ = writeln!(
        out,
        "<g class=\"labels\" id=\"labels-{}\" transform=\"translate({x:.1} {y:.1})\">",
        escape(&hex.id)
    );
    if let Some(terrain) = &hex.terrain
        && laid.is_none()
    {
        let (tx, ty) = place(&map.layout, Spot::Terrain);
        let _ = writeln!(
            out,
            "<text class=\"terrain\" x=\"{tx:.1}\" y=\"{ty:.1}\" font-size=\"9\" \
             text-anchor=\"middle\" {HALO}>{}</text>",
            escape(&terrain_mark(&terrain.kind, terrain.cost))
        );
    }
    let (lx, ly) = place(&map.layout, Spot::Id);
    let _ = writeln!(
        out,
        "<text class=\"hex-id\" x=\"{lx:.1}\" y=\"{ly:.1}\" font-size=\"8\" text-anchor=\"middle\" \
         fill=\"#333\" {HALO}>{}</text>",
        escape(&hex.id)
    );
    if let Some(l) = laid {
        let (tx, ty) = place(&map.layout, Spot::Tile);
        let _ = writeln!(
            out,
            "<text class=\"tile-number\" x=\"{tx:.1}\" y=\"{ty:.1}\" font-size=\"7\" \
             text-anchor=\"middle\" fill=\"#333\" {HALO}>#{}</text>",
            escape(&l.tile)
        );
    }
    // The city's name stays when a tile is laid over it.
    if let Some(name) = &hex.name {
        let (nx, ny) = place(&map.layout, Spot::Name);
        let _ = writeln!(
            out,
            "<text class=\"hex-name\" x=\"{nx:.1}\" y=\"{ny:.1}\" font-size=\"9\" \
             text-anchor=\"middle\" font-weight=\"bold\" {HALO}>{}</text>",
            escape(name)
        );
    }
    out.push_str("</g>\n");
}

/// The places of a hex's texts, each in a wedge between the edges' midpoints (where track
/// runs) so that labels cover no track of the usual tiles: the id near the top, the tile's
/// number across from it, the name near the bottom, the terrain across from the name.
#[derive(Clone, Copy)]
enum Spot {
    Id,
    Tile,
    Name,
    Terrain,
}

fn place(layout: &Layout, spot: Spot) -> (f64, f64) {
    // Flat-topped hexes have a corner to each side and edges above and below: the wedges are
    // around the upper and lower corners. Pointy-topped ones have a corner above and below.
    let (x, y) = if layout.is_flat() {
        match spot {
            Spot::Id => (-0.42, -0.6),
            Spot::Tile => (0.42, -0.6),
            Spot::Name => (0.0, 0.76),
            Spot::Terrain => (-0.3, 0.52),
        }
    } else {
        match spot {
            Spot::Id => (0.0, -0.74),
            Spot::Tile => (0.5, -0.36),
            Spot::Name => (0.0, 0.86),
            Spot::Terrain => (-0.52, 0.4),
        }
    };
    (x * SIZE, y * SIZE)
}

/// A terrain cost in a few characters: a mountain `▲$60`, water `≈$40`, another kind its name.
fn terrain_mark(kind: &str, cost: u32) -> String {
    match kind {
        "mountain" => format!("\u{25b2}${cost}"),
        "water" | "river" | "lake" => format!("\u{2248}${cost}"),
        other => format!("{other} ${cost}"),
    }
}

/// A ferry: its link (dashed, under the token) and its token at the port, a little below the
/// hex's centre so that the stops stay readable. A ferry whose port is not on the map is left
/// out (the title's data checks name it).
fn draw_ferry(
    out: &mut String,
    ferry: &FerryMark,
    port: Option<(f64, f64)>,
    to: Option<(f64, f64)>,
    scene: &Scene,
) {
    let Some((x, y)) = port else { return };
    let (fill, ink) = ferry
        .owner
        .as_deref()
        .and_then(|owner| scene.colours.iter().find(|(c, _, _)| *c == owner))
        .map_or(("#ffffff", "#1d4f91"), |(_, fill, ink)| (*fill, *ink));
    let _ = writeln!(
        out,
        "<g class=\"ferry\" id=\"ferry-{}\">",
        escape(&ferry.port)
    );
    if let Some((tx, ty)) = to.filter(|_| ferry.to != ferry.port) {
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{tx:.1}\" y2=\"{ty:.1}\" stroke=\"#1d4f91\" \
             stroke-width=\"2\" stroke-dasharray=\"6 4\"/>"
        );
    }
    // The token sits on its link just outside the port hex, clear of the port's city; a ferry
    // with no link sits below the hex's centre.
    let (cx, cy) = match to.filter(|_| ferry.to != ferry.port) {
        Some((tx, ty)) => {
            let length = ((tx - x).powi(2) + (ty - y).powi(2)).sqrt().max(1.0);
            (
                x + (tx - x) / length * SIZE * 1.25,
                y + (ty - y) / length * SIZE * 1.25,
            )
        }
        None => (x, y + SIZE * 0.45),
    };
    let top = cy - 6.5;
    let _ = writeln!(
        out,
        "<rect x=\"{:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"13\" rx=\"3\" fill=\"{fill}\" \
         stroke=\"#1d4f91\" stroke-width=\"1.5\"/>\n\
         <text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"8\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
        cx - SIZE * 0.9,
        SIZE * 1.8,
        top + 9.5,
        escape(&ferry.label)
    );
    out.push_str("</g>\n");
}

/// Where stop `i` of `count` sits: alone at the centre, several spread around it.
fn stop_position(count: usize, i: u8) -> (f64, f64) {
    if count <= 1 {
        return (0.0, 0.0);
    }
    let a = (90.0 + 360.0 * f64::from(i) / count as f64).to_radians();
    (SIZE * 0.4 * a.cos(), SIZE * 0.4 * a.sin())
}

fn draw_stop(
    out: &mut String,
    board: &Board,
    hex: &HexData,
    stop: &Stop,
    index: usize,
    (x, y): (f64, f64),
    scene: &Scene,
) {
    match stop.kind {
        StopKind::City => {
            let _ = writeln!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"11\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"2\"/>"
            );
            for station in board
                .stations
                .iter()
                .filter(|s| s.hex.as_str() == hex.id && usize::from(s.city) == index)
            {
                let symbol = station.company.as_str();
                let (background, text) = scene
                    .colours
                    .iter()
                    .find(|(s, _, _)| *s == symbol)
                    .map_or(("#888", "#fff"), |&(_, b, t)| (b, t));
                let _ = writeln!(
                    out,
                    "<g class=\"station\"><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"10\" fill=\"{}\" stroke=\"#000\"/>\
                     <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"7\" text-anchor=\"middle\" fill=\"{}\">{}</text></g>",
                    escape(background),
                    y + 2.5,
                    escape(text),
                    escape(symbol)
                );
            }
        }
        // Towns are drawn with the track they sit on (`draw_hex`).
        StopKind::Town | StopKind::Offboard | StopKind::Junction => {}
    }
    let revenue = revenue_text(stop);
    if !revenue.is_empty() {
        let _ = writeln!(
            out,
            "<text class=\"revenue\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\" {HALO}>{}</text>",
            x + 15.0,
            y - 8.0,
            escape(&revenue)
        );
    }
}

/// A stop's revenue as printed: one figure, or one per phase band.
fn revenue_text(stop: &Stop) -> String {
    match (
        &stop.revenue_by_phase,
        &stop.revenue_by_colour,
        stop.revenue,
    ) {
        (Some(b), _, _) => format!("{}/{}/{}", b.early, b.middle, b.late),
        (None, Some(c), _) => format!("{}/{}", c.yellow, c.brown),
        (None, None, Some(r)) if r > 0 => r.to_string(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::bank_line;

    /// Issue 40: a broken bank read "Bank: $-571".
    #[test]
    fn a_broken_bank_says_what_it_paid_beyond_its_cash() {
        assert_eq!(bank_line(6000), "Bank: $6000");
        assert_eq!(bank_line(0), "Bank: $0");
        assert_eq!(bank_line(-571), "Bank: broken, $571 paid beyond its cash");
    }
}
