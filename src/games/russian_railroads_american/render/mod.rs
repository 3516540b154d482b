//! A state as SVG (`POST /v1/russian-railroads-american/render`, issue 21.1): the shared
//! table (the stocks board with each player's marker, the locomotive piles, the engineer strip,
//! the workers on the action spaces) and a board per player: each railroad's spaces in the
//! colour they score, its tracks, doublers, boulder, special spaces and locomotives; the two
//! industry tracks with the marker and the factories; workers, coins, engineers and points.
//! What the table does not see (end-bonus cards before the end, the draw pile) is drawn as
//! counts.
//!
//! Classes counted by tests: `board`, `track`, `locomotive`, `doubler`, `boulder`,
//! `industry-marker`, `factory`, `worker`, `stock-marker`, `placement`.

use super::data::Colour;
use super::state::{Phase, Player, Seat, State};
use crate::core::svg::{Font, Paint, Svg};

mod industry_track;
mod player_board;

use industry_track::*;
use player_board::*;

const WIDTH: f64 = 1200.0;
const MARGIN: f64 = 20.0;
const PAPER: &str = "#f7f4ec";
const INK: &str = "#222";
const FAINT: &str = "#666";
/// Where a board's spaces start, and their size.
const SPACES_LEFT: f64 = 190.0;
const CELL: f64 = 44.0;
const ROW: f64 = 40.0;
const INDUSTRY_CELL: f64 = 40.0;
const BOARD_HEADER: f64 = 34.0;

pub fn render(state: &State) -> String {
    let c = &state.components;
    let mut svg = Svg::new(WIDTH, "Russian Railroads: American Railroads", PAPER);
    heading(&mut svg, state);
    let mut y = table(&mut svg, state, 74.0);
    for player in &state.players {
        y = board(&mut svg, state, player, y + 14.0);
    }
    legend(&mut svg, c, y + 24.0);
    svg.finish(y + 60.0)
}

fn seat_colour(seat: Seat) -> (&'static str, &'static str) {
    match seat {
        Seat::P1 => ("#c0392b", "#fff"),
        Seat::P2 => ("#2471a3", "#fff"),
        Seat::P3 => ("#1e8449", "#fff"),
        Seat::P4 => ("#b7950b", "#222"),
    }
}

/// A track's colour, and the lighter shade of the spaces it colours.
fn track_colour(colour: Colour) -> (&'static str, &'static str) {
    match colour {
        Colour::Black => ("#1b1b1b", "#4a4a4a"),
        Colour::Grey => ("#8a8a8a", "#bcbcbc"),
        Colour::Brown => ("#7b4a1e", "#b8875a"),
        Colour::Natural => ("#d2ab6f", "#ecd9b4"),
        Colour::White => ("#ffffff", "#ffffff"),
    }
}

fn heading(svg: &mut Svg, state: &State) {
    svg.text(
        MARGIN,
        30.0,
        &format!(
            "Russian Railroads: American Railroads, round {} of {}, move {}",
            state.round,
            super::round::rounds(state),
            state.moves
        ),
        Font::new(22.0).bold(),
    );
    let order: Vec<String> = state.turn_order.iter().map(Seat::to_string).collect();
    let phase = match &state.phase {
        Phase::StartingBonuses { to_act, .. } => format!("Starting bonuses: {to_act} chooses"),
        Phase::Placement { to_act } => format!("Worker placement: {to_act} to act"),
        Phase::Payout { to_act, .. } => format!("A general payout: {to_act} to act"),
        Phase::WorkerReuse { to_act, .. } => format!("The workers' reuse: {to_act} to act"),
        Phase::GameEnded {} => {
            let mut ranked: Vec<&Player> = state.players.iter().collect();
            ranked.sort_by_key(|p| std::cmp::Reverse(p.points));
            let scores: Vec<String> = ranked
                .iter()
                .map(|p| format!("{} {}", p.seat, p.points))
                .collect();
            format!("The game has ended: {}", scores.join(", "))
        }
    };
    let waiting = if state.turn.decisions.is_empty() {
        String::new()
    } else {
        format!("; {} choices waiting", state.turn.decisions.len())
    };
    svg.text(
        MARGIN,
        52.0,
        &format!("{phase}{waiting}. Turn order: {}", order.join(", ")),
        Font::new(14.0),
    );
}

/// The shared table: the stocks board, the piles, the engineers and the placements. Returns
/// how far down it went.
#[expect(
    clippy::too_many_lines,
    reason = "one table, drawn top to bottom: each block follows the one above"
)]
fn table(svg: &mut Svg, state: &State, top: f64) -> f64 {
    let c = &state.components;
    svg.text(MARGIN, top + 12.0, "Stocks", Font::new(13.0).bold());
    let levels = usize::from(c.stock_levels) + 1;
    let cell = 92.0;
    for level in 0..levels {
        let x = MARGIN + 60.0 + level as f64 * cell;
        svg.rect(x, top, cell - 4.0, 46.0, Paint::outlined("#fff", "#bbb"));
        let token = level
            .checked_sub(1)
            .and_then(|l| state.stock_levels.get(l))
            .and_then(|l| l.token.map(|t| (t, l.chosen_by)));
        let label = match token {
            Some((t, by)) => {
                let by = by.map_or(String::new(), |s| format!(" ({s})"));
                let advantage = c
                    .dividend_tokens
                    .get(usize::from(t))
                    .map_or("?".into(), advantage);
                format!("{level}: {advantage}{by}")
            }
            None => format!("{level}"),
        };
        svg.text(x + 4.0, top + 13.0, &label, Font::new(10.0));
        let here = state
            .players
            .iter()
            .filter(|p| usize::from(p.stock_level) == level);
        for (k, p) in here.enumerate() {
            let (fill, text) = seat_colour(p.seat);
            let mx = x + 12.0 + k as f64 * 21.0;
            svg.open_titled(
                "stock-marker",
                &format!("{} on stocks level {level}", p.seat),
            );
            svg.circle(mx, top + 30.0, 9.0, Paint::outlined(fill, INK));
            svg.text(
                mx,
                top + 33.5,
                &p.seat.to_string(),
                Font::new(8.0).middle().colour(text),
            );
            svg.close();
        }
    }
    let y = top + 66.0;
    let piles: Vec<String> = state
        .piles
        .iter()
        .map(|p| format!("#{} \u{00d7}{}", p.number, p.left))
        .collect();
    svg.text(
        MARGIN,
        y,
        &format!("Locomotive piles: {}", piles.join("  ")),
        Font::new(12.0),
    );
    let strip: Vec<String> = state
        .engineer_strip
        .iter()
        .map(|e| e.map_or("\u{2014}".to_string(), |n| format!("#{n}")))
        .collect();
    let steelworks: Vec<String> = state
        .steelworks
        .iter()
        .zip(&c.steelworks)
        .map(|(by, s)| {
            format!(
                "#{}: {}",
                s.pile,
                by.map_or("open".to_string(), |seat| seat.to_string())
            )
        })
        .collect();
    svg.text(
        MARGIN,
        y + 18.0,
        &format!(
            "Engineer strip (upcoming, public 1 and 2, hiring): {}.  Steelworks {}.  Doublers left {}",
            strip.join(" "),
            steelworks.join(", "),
            state.doublers
        ),
        Font::new(12.0),
    );
    let returned: Vec<String> = state
        .returned_factories
        .iter()
        .map(|n| format!("#{n}"))
        .collect();
    let bonuses: Vec<String> = state
        .starting_bonuses
        .iter()
        .map(|b| format!("{b:?}"))
        .collect();
    svg.text(
        MARGIN,
        y + 36.0,
        &format!(
            "Factories returned: {}.  Starting bonuses left: {}.  End-bonus pile: {} (hidden)",
            none_if_empty(&returned),
            none_if_empty(&bonuses),
            state.end_bonus_deck.len()
        ),
        Font::new(12.0).colour(FAINT),
    );
    placements(svg, state, y + 52.0)
}

fn none_if_empty(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

/// The workers (and coins) on the main board's action spaces this round, a chip each.
fn placements(svg: &mut Svg, state: &State, top: f64) -> f64 {
    let c = &state.components;
    svg.text(MARGIN, top + 14.0, "Action spaces", Font::new(13.0).bold());
    let (mut x, mut y) = (MARGIN + 110.0, top);
    for placement in &state.placements {
        let space = c
            .action_spaces
            .get(usize::from(placement.space))
            .map_or("?", |s| s.id.as_str());
        let coins = if placement.coins > 0 {
            format!(" +{}c", placement.coins)
        } else {
            String::new()
        };
        let label = format!(
            "{space} {}\u{00d7}{}{coins}",
            placement.seat, placement.workers
        );
        let width = 12.0 + label.chars().count() as f64 * 6.2;
        if x + width > WIDTH - MARGIN {
            x = MARGIN + 110.0;
            y += 22.0;
        }
        let (fill, text) = seat_colour(placement.seat);
        svg.open_titled("placement", &label);
        svg.rounded(x, y, width, 19.0, 9.0, Paint::outlined(fill, INK));
        svg.text(
            x + width / 2.0,
            y + 13.5,
            &label,
            Font::new(11.0).middle().colour(text),
        );
        svg.close();
        x += width + 6.0;
    }
    if state.placements.is_empty() {
        svg.text(
            x,
            top + 14.0,
            "none this round",
            Font::new(12.0).colour(FAINT),
        );
    }
    y + 22.0
}
