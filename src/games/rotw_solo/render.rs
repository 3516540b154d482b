//! A solo state as SVG (`POST /v1/rotw-solo/render`, issue 21.1): the map (each hex in its
//! terrain, the ridges, every city with its colour, goods cubes, Empty City Marker and Hotel),
//! every link in its owner's colour and the open track, and beside it the player's figures,
//! the Major Lines, the Railbot's row, the Operations display and the Duel Barons. Only what
//! the player sees is drawn: of the hidden piles (the bag, the draw piles), their sizes.
//!
//! Classes counted by tests: `link`, `open-track`, `cube`, `city`, `empty-city`, `hotel`,
//! `major-line`, `railbot-card`, `display-card`, `baron`.

use super::data::{
    BaronObjective, CityColour, Components, GoodsColour, OperationsEffect, OpponentEffect,
    RailbotEffect,
};
use super::map::{Hex, Terrain};
use super::state::{DisplayCard, Owner, Phase, State};
use crate::core::svg::{Font, Paint, Svg};

const WIDTH: f64 = 1200.0;
const MARGIN: f64 = 20.0;
/// A hex's circumradius.
const SIZE: f64 = 40.0;
const MAP_TOP: f64 = 70.0;
/// Where the panel beside the map starts.
const PANEL: f64 = 850.0;
const PAPER: &str = "#fbf8f0";
const INK: &str = "#222";
const FAINT: &str = "#666";
const CUBE: f64 = 9.0;

pub fn render(state: &State) -> String {
    let c = &state.components;
    let origin = map_origin(c);
    let mut svg = Svg::new(WIDTH, "Rail Barons of the World (solo)", PAPER);
    heading(&mut svg, state);
    let at = |hex: Hex| centre(hex, origin);
    hexes(&mut svg, c, &at);
    ridges(&mut svg, c, &at);
    links(&mut svg, state, &at);
    cities(&mut svg, state, &at);
    let map_bottom = c
        .map
        .hexes
        .iter()
        .map(|h| at(h.hex).1 + SIZE)
        .fold(MAP_TOP, f64::max);
    legend(&mut svg, map_bottom + 24.0);
    let panel_bottom = panel(&mut svg, state);
    svg.finish(panel_bottom.max(map_bottom + 50.0) + MARGIN)
}

/// The offset that puts the map's top-left hex at the margin.
fn map_origin(c: &Components) -> (f64, f64) {
    let (min_x, min_y) = c
        .map
        .hexes
        .iter()
        .map(|h| centre(h.hex, (0.0, 0.0)))
        .fold((f64::MAX, f64::MAX), |(a, b), (x, y)| (a.min(x), b.min(y)));
    if min_x == f64::MAX {
        return (MARGIN, MAP_TOP);
    }
    let half_width = SIZE * 3f64.sqrt() / 2.0;
    (MARGIN + half_width - min_x, MAP_TOP + SIZE - min_y)
}

/// A pointy-topped hex's centre from its axial coordinates.
fn centre(hex: Hex, (ox, oy): (f64, f64)) -> (f64, f64) {
    let (q, r) = (f64::from(hex.q), f64::from(hex.r));
    (ox + SIZE * 3f64.sqrt() * (q + r / 2.0), oy + SIZE * 1.5 * r)
}

fn corners((x, y): (f64, f64), size: f64) -> Vec<(f64, f64)> {
    (0..6)
        .map(|i| {
            let a = (30.0 + 60.0 * f64::from(i)).to_radians();
            (x + size * a.cos(), y + size * a.sin())
        })
        .collect()
}

fn heading(svg: &mut Svg, state: &State) {
    svg.text(
        MARGIN,
        30.0,
        &format!(
            "Rail Barons of the World (solo), turn {}, move {}",
            state.turn, state.moves
        ),
        Font::new(22.0).bold(),
    );
    let phase = match &state.phase {
        Phase::Actions { taken } => format!("The player's actions: {taken} of 3 taken"),
        Phase::Building { taken, build } => format!(
            "Building track ({taken} of 3 actions taken): {} tiles laid, ${}k spent",
            build.laid, build.spent
        ),
        Phase::Railbot {} => format!(
            "The Railbot's card waits for {} choices",
            state.decisions.len()
        ),
        Phase::GameEnded { score } => format!(
            "The game has ended: {} points, {} lost to bonds, total {} against a target of {}: {}",
            score.points,
            score.bond_penalty,
            score.total,
            score.target,
            if score.won { "won" } else { "lost" }
        ),
    };
    let last = state
        .last_turn
        .map_or(String::new(), |t| format!(" (the last turn is {t})"));
    svg.text(MARGIN, 52.0, &format!("{phase}{last}"), Font::new(14.0));
}

fn hexes(svg: &mut Svg, c: &Components, at: &impl Fn(Hex) -> (f64, f64)) {
    svg.open("hexes", None);
    for hex in &c.map.hexes {
        let fill = match hex.terrain {
            Terrain::Plains => "#e6edcc",
            Terrain::Water => "#a9cbe8",
            Terrain::Mountain => "#c9ae86",
        };
        svg.polygon(
            &corners(at(hex.hex), SIZE),
            Paint::outlined(fill, "#9a9a88"),
        );
        if hex.terrain == Terrain::Mountain {
            let (x, y) = at(hex.hex);
            svg.polygon(
                &[(x - 9.0, y + 6.0), (x, y - 8.0), (x + 9.0, y + 6.0)],
                Paint::fill("#8c6d45"),
            );
        }
    }
    svg.close();
}

/// Each ridge as a thick line along the side its two hexes share.
fn ridges(svg: &mut Svg, c: &Components, at: &impl Fn(Hex) -> (f64, f64)) {
    svg.open("ridges", None);
    for [a, b] in &c.map.ridges {
        let ((ax, ay), (bx, by)) = (at(*a), at(*b));
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let length = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(1.0);
        let (px, py) = (-(by - ay) / length, (bx - ax) / length);
        let half = SIZE / 2.0;
        svg.line(
            (mx - px * half, my - py * half),
            (mx + px * half, my + py * half),
            "#5a3a1a",
            5.0,
        );
    }
    svg.close();
}

fn owner_colour(owner: Owner) -> &'static str {
    match owner {
        Owner::Player => "#1f5fbf",
        Owner::Railbot => "#b22222",
    }
}

fn owner_name(owner: Owner) -> &'static str {
    match owner {
        Owner::Player => "the player",
        Owner::Railbot => "the Railbot",
    }
}

/// Every link, from city to city through its hexes, and the player's open track, dashed.
fn links(svg: &mut Svg, state: &State, at: &impl Fn(Hex) -> (f64, f64)) {
    let c = &state.components;
    let city_at = |i: u8| c.map.cities.get(usize::from(i)).map(|city| at(city.hex));
    let name = |i: u8| {
        c.map
            .cities
            .get(usize::from(i))
            .map_or("?", |city| city.name.as_str())
    };
    for link in &state.links {
        let [a, b] = link.cities;
        let mut points: Vec<(f64, f64)> = city_at(a).into_iter().collect();
        points.extend(link.hexes.iter().map(|&h| at(h)));
        points.extend(city_at(b));
        svg.open_titled(
            "link",
            &format!("{}-{} ({})", name(a), name(b), owner_name(link.owner)),
        );
        svg.polyline(&points, "#fff", 9.0, false);
        svg.polyline(&points, owner_colour(link.owner), 5.0, false);
        svg.close();
    }
    // Track being built, open or under way this turn: dashed, from its city along its hexes.
    let mut open_track = |from: u8, hexes: &[Hex], title: String| {
        let mut points: Vec<(f64, f64)> = city_at(from).into_iter().collect();
        points.extend(hexes.iter().map(|&h| at(h)));
        svg.open_titled("open-track", &title);
        svg.polyline(&points, owner_colour(Owner::Player), 4.0, true);
        svg.close();
    };
    for open in &state.open_track {
        open_track(
            open.from,
            &open.hexes,
            format!("open track from {}", name(open.from)),
        );
    }
    if let Phase::Building { build, .. } = &state.phase {
        open_track(
            build.from,
            &build.hexes,
            format!("track building from {}", name(build.from)),
        );
    }
}

fn goods_fill(colour: GoodsColour) -> &'static str {
    match colour {
        GoodsColour::Red => "#d8342c",
        GoodsColour::Blue => "#2f6fd6",
        GoodsColour::Black => "#1c1c1c",
        GoodsColour::Yellow => "#f2c81e",
        GoodsColour::Purple => "#8a3fb5",
    }
}

fn city_fill(colour: CityColour) -> &'static str {
    match colour.goods() {
        Some(goods) => goods_fill(goods),
        None => "#a0a0a0",
    }
}

/// Every city: its disc in the colour it takes now, its name, its cubes above, and its
/// Empty City Marker and Hotel.
fn cities(svg: &mut Svg, state: &State, at: &impl Fn(Hex) -> (f64, f64)) {
    let c = &state.components;
    for (i, city) in c.map.cities.iter().enumerate() {
        let (x, y) = at(city.hex);
        let index = u8::try_from(i).unwrap_or(u8::MAX);
        let new = state.new_cities.iter().find(|n| n.city == index);
        let colour = new.map_or(city.colour, |n| CityColour::of(n.colour));
        svg.open("city", Some(&format!("city-{i}")));
        if !city.in_play {
            svg.polygon(&corners((x, y), SIZE), Paint::fill("#555"));
            svg.text(
                x,
                y + 4.0,
                "covered",
                Font::new(9.0).middle().colour("#fff"),
            );
        }
        let ring = if new.is_some() { 3.0 } else { 1.5 };
        svg.circle(
            x,
            y,
            15.0,
            Paint::outlined(city_fill(colour), INK).width(ring),
        );
        if new.is_some() {
            svg.text(x, y + 4.0, "new", Font::new(9.0).middle().colour("#fff"));
        }
        svg.rounded(x - 34.0, y + 17.0, 68.0, 13.0, 3.0, Paint::fill("#fffdf6"));
        svg.text(x, y + 27.0, &city.name, Font::new(10.0).middle().bold());
        let cubes = state.city_cubes.get(i).map_or(&[][..], Vec::as_slice);
        for (k, &cube) in cubes.iter().enumerate() {
            let per_row = 6;
            let row = (k / per_row) as f64;
            let in_row = (cubes.len() - (k / per_row) * per_row).min(per_row) as f64;
            let cx = x - in_row * (CUBE + 1.0) / 2.0 + (k % per_row) as f64 * (CUBE + 1.0);
            let cy = y - 30.0 + row * (CUBE + 1.0);
            svg.open_titled("cube", &format!("{cube:?} cube on {}", city.name));
            svg.rect(
                cx,
                cy,
                CUBE,
                CUBE,
                Paint::outlined(goods_fill(cube), "#fff"),
            );
            svg.close();
        }
        if state.empty_cities.contains(&index) {
            svg.open_titled("empty-city", &format!("{} is empty", city.name));
            svg.circle(x + 20.0, y - 10.0, 7.0, Paint::outlined("#fff", INK));
            svg.line((x + 16.0, y - 14.0), (x + 24.0, y - 6.0), INK, 2.0);
            svg.line((x + 24.0, y - 14.0), (x + 16.0, y - 6.0), INK, 2.0);
            svg.close();
        }
        if state.hotels.contains(&index) {
            svg.open_titled("hotel", &format!("the player's Hotel in {}", city.name));
            svg.rect(
                x - 27.0,
                y - 17.0,
                12.0,
                12.0,
                Paint::outlined("#ffe27a", INK),
            );
            svg.text(x - 21.0, y - 7.5, "H", Font::new(9.0).middle().bold());
            svg.close();
        }
        svg.close();
    }
}

fn legend(svg: &mut Svg, y: f64) {
    let items = [
        (owner_colour(Owner::Player), "the player's link"),
        (owner_colour(Owner::Railbot), "the Railbot's link"),
    ];
    for (k, (colour, label)) in items.iter().enumerate() {
        let x = MARGIN + k as f64 * 190.0;
        svg.line((x, y - 4.0), (x + 30.0, y - 4.0), colour, 5.0);
        svg.text(x + 38.0, y, label, Font::new(12.0));
    }
    let x = MARGIN + 380.0;
    svg.circle(x + 6.0, y - 4.0, 6.0, Paint::outlined("#fff", INK));
    svg.text(x + 18.0, y, "Empty City Marker", Font::new(12.0));
    svg.rect(
        x + 140.0,
        y - 10.0,
        12.0,
        12.0,
        Paint::outlined("#ffe27a", INK),
    );
    svg.text(x + 158.0, y, "Hotel", Font::new(12.0));
    svg.line((x + 210.0, y - 4.0), (x + 240.0, y - 4.0), "#5a3a1a", 5.0);
    svg.text(x + 248.0, y, "ridge", Font::new(12.0));
}

/// The panel beside the map: figures, Major Lines, the Railbot, Operations, Duel Barons.
/// Returns how far down it went.
#[expect(
    clippy::too_many_lines,
    reason = "one column of the panel, drawn top to bottom: each block follows the one above"
)]
fn panel(svg: &mut Svg, state: &State) -> f64 {
    let c = &state.components;
    let mut y = MAP_TOP + 4.0;
    let income = super::rules::income(state);
    let figures = [
        format!("Cash ${}k, bonds {}", state.cash, state.bonds),
        format!("Points {}, income ${income}k", state.points),
        format!(
            "Engine level {} of {}, {} deliveries",
            state.engine,
            c.engine_costs.len() + 1,
            state.deliveries
        ),
        empty_cities_line(state.empty_cities.len(), c.empty_city_threshold),
        format!("Goods cubes in the bag: {}", state.bag.len()),
    ];
    y = section(svg, "The player", y);
    for line in figures {
        svg.text(PANEL, y, &line, Font::new(13.0));
        y += 18.0;
    }
    y = section(svg, "Major Lines", y + 8.0);
    for (k, line) in c.major_lines.iter().enumerate() {
        let owner = state.major_lines.get(k).copied().flatten();
        let (fill, by) = owner.map_or(("#fff", "open".to_string()), |o| {
            (owner_colour(o), owner_name(o).to_string())
        });
        svg.open_titled(
            "major-line",
            &format!("{}: {}", line.name, line.cities.join(", ")),
        );
        svg.rect(PANEL, y - 10.0, 10.0, 10.0, Paint::outlined(fill, INK));
        let closed = if line.in_play { "" } else { " (not in play)" };
        svg.text(
            PANEL + 16.0,
            y,
            &format!("{} {}p, {}{closed}", line.name, line.points, by),
            Font::new(12.0),
        );
        svg.text(
            PANEL + 16.0,
            y + 14.0,
            &line.cities.join(" \u{2013} "),
            Font::new(10.0).colour(FAINT),
        );
        svg.close();
        y += 32.0;
    }
    y = section(svg, "The Railbot's row", y);
    for (slot, &card) in state.railbot.row.iter().enumerate() {
        let insured = state.railbot.insurance == Some(card);
        let text = c
            .railbot_deck
            .get(usize::from(card))
            .map_or("?".to_string(), |card| {
                format!("{} {}", card.id, railbot_effect(&card.effect))
            });
        svg.open_titled("railbot-card", &text);
        svg.rounded(
            PANEL,
            y - 13.0,
            330.0,
            18.0,
            3.0,
            Paint::outlined("#f6e3e3", INK),
        );
        let insurance = if insured { " [Insurance]" } else { "" };
        svg.text(
            PANEL + 6.0,
            y,
            &format!("{}. {text}{insurance}", slot + 1),
            Font::new(11.0),
        );
        svg.close();
        y += 22.0;
    }
    svg.text(
        PANEL,
        y,
        &format!(
            "Draw pile {} (hidden), discards {}",
            state.railbot.deck.len(),
            state.railbot.discard.len()
        ),
        Font::new(11.0).colour(FAINT),
    );
    y = section(svg, "The Operations display", y + 22.0);
    for card in &state.operations.display {
        let text = match *card {
            DisplayCard::Operations { card } => c
                .operations_deck
                .get(usize::from(card))
                .map_or("?".to_string(), |card| {
                    format!("{} {}", card.id, operations_effect(&card.effect))
                }),
            DisplayCard::Deadhead { card } => c
                .railbot_deck
                .get(usize::from(card))
                .map_or("Deadhead".to_string(), |card| {
                    format!("{} Deadhead: the place is gone", card.id)
                }),
        };
        svg.open_titled("display-card", &text);
        let fill = match card {
            DisplayCard::Operations { .. } => "#e3eef6",
            DisplayCard::Deadhead { .. } => "#ddd",
        };
        svg.rounded(
            PANEL,
            y - 13.0,
            330.0,
            18.0,
            3.0,
            Paint::outlined(fill, INK),
        );
        svg.text(PANEL + 6.0, y, &text, Font::new(11.0));
        svg.close();
        y += 22.0;
    }
    let taken: Vec<String> = state
        .operations
        .taken
        .iter()
        .filter_map(|&k| c.operations_deck.get(usize::from(k)))
        .map(|card| format!("{} {}", card.id, operations_effect(&card.effect)))
        .collect();
    svg.text(
        PANEL,
        y,
        &format!(
            "Draw pile {} (hidden), display of {} places",
            state.operations.deck.len(),
            c.operations_display_size
        ),
        Font::new(11.0).colour(FAINT),
    );
    y += 16.0;
    for line in taken {
        svg.text(PANEL, y, &format!("Taken: {line}"), Font::new(11.0));
        y += 16.0;
    }
    if !state.barons.is_empty() {
        y = section(svg, "Duel Barons", y + 8.0);
        for baron in &state.barons {
            let Some(card) = c.duel_barons.get(usize::from(baron.baron)) else {
                continue;
            };
            let by = baron.claimed_by.map_or("unclaimed".to_string(), |o| {
                format!("claimed by {}", owner_name(o))
            });
            svg.open_titled("baron", &card.name);
            let fill = baron.claimed_by.map_or("#fff", owner_colour);
            svg.rect(PANEL, y - 10.0, 10.0, 10.0, Paint::outlined(fill, INK));
            svg.text(
                PANEL + 16.0,
                y,
                &format!("{} {}p, {by}", card.name, card.points),
                Font::new(12.0),
            );
            svg.text(
                PANEL + 16.0,
                y + 14.0,
                &format!(
                    "{}; against the player: {}",
                    objective(&card.objective),
                    opponent_effect(&card.opponent_effect)
                ),
                Font::new(10.0).colour(FAINT),
            );
            svg.close();
            y += 32.0;
        }
    }
    y
}

/// A panel section's title; returns where its first line goes.
fn section(svg: &mut Svg, title: &str, y: f64) -> f64 {
    svg.text(PANEL, y, title, Font::new(14.0).bold());
    svg.line((PANEL, y + 4.0), (WIDTH - MARGIN, y + 4.0), "#cfc6b4", 1.0);
    y + 22.0
}

fn railbot_effect(effect: &RailbotEffect) -> String {
    match effect {
        RailbotEffect::BuildingLinks { cities } => {
            format!("links {}", cities.join(" \u{2013} "))
        }
        RailbotEffect::Deadhead {} => "Deadhead".to_string(),
        RailbotEffect::Taxation {} => "Taxation".to_string(),
        RailbotEffect::ExhaustGoods { colour } => format!("Exhaust {colour:?} goods"),
        RailbotEffect::FinalEvaluation {} => "Final Evaluation".to_string(),
    }
}

fn operations_effect(effect: &OperationsEffect) -> String {
    match effect {
        OperationsEffect::ServiceBounty { city, points } => {
            format!("Service Bounty {city} +{points}p")
        }
        OperationsEffect::Hotel { city } => format!("Hotel {city}"),
        OperationsEffect::NewIndustry { cubes } => format!("New Industry ({cubes} cubes)"),
        OperationsEffect::EngineUpgrade {} => "Engine Upgrade".to_string(),
        OperationsEffect::Start {} => "start card".to_string(),
    }
}

fn objective(objective: &BaronObjective) -> String {
    match objective {
        BaronObjective::Links { count } => format!("{count} links"),
        BaronObjective::Deliveries { count } => format!("{count} deliveries"),
        BaronObjective::EngineLevel { level } => format!("engine level {level}"),
        BaronObjective::CitiesConnected { count } => format!("{count} cities connected"),
    }
}

fn opponent_effect(effect: &OpponentEffect) -> String {
    match effect {
        OpponentEffect::LosePoints { points } => format!("loses {points}p"),
        OpponentEffect::Pay { amount } => format!("pays ${amount}k"),
        OpponentEffect::RemoveCubes { cubes } => format!("removes {cubes} cubes"),
    }
}

/// The Empty City Markers placed, against the number that brings the end (more may be placed
/// in the last turn, so the count can pass it).
fn empty_cities_line(placed: usize, threshold: u8) -> String {
    if placed >= usize::from(threshold) {
        format!("Empty City Markers: {placed} placed; the end's {threshold} reached")
    } else {
        format!("Empty City Markers: {placed} placed; the end comes at {threshold}")
    }
}

#[cfg(test)]
mod tests {
    use super::empty_cities_line;

    /// Issue 40: "Empty City Markers 10 of 7" read as a count out of a maximum.
    #[test]
    fn empty_city_markers_are_counted_against_the_end() {
        assert_eq!(
            empty_cities_line(3, 7),
            "Empty City Markers: 3 placed; the end comes at 7"
        );
        assert_eq!(
            empty_cities_line(10, 7),
            "Empty City Markers: 10 placed; the end's 7 reached"
        );
    }
}
