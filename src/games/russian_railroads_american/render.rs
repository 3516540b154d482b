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

use super::data::{Advantage, Colour, Components, EndBonus, IndustrySpace, QuestionToken, Special};
use super::round::round_score;
use super::state::{Phase, Player, Seat, State};
use crate::core::svg::{Font, Paint, Svg};

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

/// One player's board. Returns how far down it went.
fn board(svg: &mut Svg, state: &State, player: &Player, top: f64) -> f64 {
    let c = &state.components;
    let rows = c.railroads.len().min(player.railroads.len());
    let industry_rows = c.industry_tracks.len().min(player.industry.len());
    let height = BOARD_HEADER + 8.0 + (rows + industry_rows) as f64 * ROW + 34.0;
    let (fill, text) = seat_colour(player.seat);
    svg.open("board", Some(&format!("board-{}", player.seat)));
    svg.rect(
        MARGIN,
        top,
        WIDTH - 2.0 * MARGIN,
        height,
        Paint::outlined("#fffdf8", fill).width(2.0),
    );
    svg.rect(
        MARGIN,
        top,
        WIDTH - 2.0 * MARGIN,
        BOARD_HEADER,
        Paint::fill(fill),
    );
    svg.text(
        MARGIN + 10.0,
        top + 23.0,
        &format!("{}  {} points", player.seat, player.points),
        Font::new(17.0).bold().colour(text),
    );
    workers(svg, state, player, MARGIN + 190.0, top + 17.0, text);
    let engineers: Vec<String> = player
        .engineers
        .iter()
        .map(|n| {
            if player.engineers_used.contains(n) {
                format!("#{n}*")
            } else {
                format!("#{n}")
            }
        })
        .collect();
    let place = state
        .turn_order
        .iter()
        .position(|&s| s == player.seat)
        .map_or(String::new(), |i| {
            format!(", {} in turn order", ordinal(i + 1))
        });
    let passed = if player.passed { ", passed" } else { "" };
    svg.text(
        WIDTH - MARGIN - 10.0,
        top + 22.0,
        &format!(
            "{} coins, engineers {}, stocks level {}{place}{passed}",
            player.coins,
            none_if_empty(&engineers),
            player.stock_level
        ),
        Font::new(12.0).end().colour(text),
    );
    let mut y = top + BOARD_HEADER + 8.0;
    let score = (c.railroads.len() == player.railroads.len()
        && c.industry_tracks.len() == player.industry.len())
    .then(|| round_score(state, player));
    for r in 0..rows {
        let points = score.as_ref().and_then(|s| s.railroads.get(r).copied());
        railroad(svg, c, player, r, y, points);
        y += ROW;
    }
    for t in 0..industry_rows {
        let points = score.as_ref().and_then(|s| s.industry.get(t).copied());
        industry(svg, c, player, t, y, points);
        y += ROW;
    }
    footer(
        svg,
        state,
        player,
        y + 16.0,
        score.map(|s| (s.total, s.transcontinental, s.tokens)),
    );
    svg.close();
    top + height
}

fn ordinal(n: usize) -> String {
    match n {
        1 => "1st".to_string(),
        2 => "2nd".to_string(),
        3 => "3rd".to_string(),
        _ => format!("{n}th"),
    }
}

/// The player's workers, temporary ones included: a figure each, hollow once placed.
fn workers(svg: &mut Svg, state: &State, player: &Player, x: f64, y: f64, on: &str) {
    let total = usize::from(player.workers) + usize::from(player.temporary_workers);
    let placed: usize = state
        .placements
        .iter()
        .filter(|p| p.seat == player.seat)
        .map(|p| usize::from(p.workers))
        .sum();
    let placed = placed.min(total);
    for k in 0..total {
        let wx = x + k as f64 * 15.0;
        let temporary = k >= usize::from(player.workers);
        let title = match (k < total - placed, temporary) {
            (true, false) => "a worker",
            (true, true) => "a temporary worker",
            (false, false) => "a worker, placed",
            (false, true) => "a temporary worker, placed",
        };
        svg.open_titled("worker", title);
        let fill = if k < total - placed { on } else { "none" };
        let paint = Paint::outlined(fill, on).width(1.5);
        svg.circle(wx, y - 5.0, 4.0, paint);
        svg.polygon(
            &[(wx - 5.0, y + 8.0), (wx, y - 1.0), (wx + 5.0, y + 8.0)],
            paint,
        );
        if temporary {
            svg.text(wx, y + 17.0, "t", Font::new(8.0).middle().colour(on));
        }
        svg.close();
    }
}

/// One railroad: its spaces in the colour they score, its tracks, doublers, boulder and
/// special spaces, the reach of its locomotives, and the locomotive slots.
#[expect(
    clippy::too_many_lines,
    reason = "one railroad's spaces, tracks and slots, drawn in the order they overlap"
)]
fn railroad(
    svg: &mut Svg,
    c: &Components,
    player: &Player,
    r: usize,
    top: f64,
    points: Option<u32>,
) {
    let (Some(data), Some(own)) = (c.railroads.get(r), player.railroads.get(r)) else {
        return;
    };
    let reach: u32 = own.locomotives.iter().map(|&n| u32::from(n)).sum();
    svg.text(
        MARGIN + 10.0,
        top + 16.0,
        &data.name,
        Font::new(12.0).bold(),
    );
    let scores = points.map_or(String::new(), |p| format!(", scores {p}"));
    svg.text(
        MARGIN + 10.0,
        top + 31.0,
        &format!("reach {reach}{scores}"),
        Font::new(11.0).colour(FAINT),
    );
    for space in 1..=data.spaces {
        let x = SPACES_LEFT + f64::from(space - 1) * CELL;
        // The nearest track at or ahead of a space gives it its colour.
        let colour = own
            .tracks
            .iter()
            .filter(|t| t.space >= space)
            .min_by_key(|t| t.space)
            .map(|t| t.colour);
        let fill = colour.map_or("#f1ede2", |k| track_colour(k).1);
        let dark = matches!(colour, Some(Colour::Black));
        svg.rect(
            x,
            top + 2.0,
            CELL - 2.0,
            ROW - 6.0,
            Paint::outlined(fill, "#999"),
        );
        let number = if dark { "#ddd" } else { FAINT };
        svg.text(
            x + 3.0,
            top + 12.0,
            &space.to_string(),
            Font::new(8.0).colour(number),
        );
        if data.doubler_spaces.contains(&space) && !own.doublers.contains(&space) {
            svg.text(
                x + CELL - 5.0,
                top + 12.0,
                "\u{00d7}2",
                Font::new(8.0).end().colour(number),
            );
        }
        for special in data.specials.iter().filter(|s| s.space == space) {
            let met =
                super::scoring::reached(player, r, space, special.colour, special.needs_locomotive);
            let done = matches!(special.special, Special::CoinSpace { .. })
                && player
                    .coin_spaces_done
                    .iter()
                    .any(|&(rr, s)| usize::from(rr) == r && s == space);
            let mut label = special_label(&special.special);
            if done {
                label.push_str(" \u{2713}");
            }
            let ink = if dark { "#fff" } else { INK };
            let font = Font::new(8.0)
                .middle()
                .colour(if met { ink } else { number });
            svg.text(
                x + (CELL - 2.0) / 2.0,
                top + 31.0,
                &label,
                if met { font.bold() } else { font },
            );
        }
        if own.boulder && data.boulder == Some(space) {
            svg.open_titled("boulder", &format!("a boulder on space {space}"));
            svg.circle(
                x + CELL / 2.0,
                top + 19.0,
                9.0,
                Paint::outlined("#7d7d7d", INK),
            );
            svg.close();
        }
        if own.doublers.contains(&space) {
            svg.open_titled("doubler", &format!("a doubler on space {space}"));
            svg.rect(
                x + CELL - 17.0,
                top + 3.0,
                14.0,
                10.0,
                Paint::outlined("#f5d142", INK),
            );
            svg.text(
                x + CELL - 10.0,
                top + 11.0,
                "\u{00d7}2",
                Font::new(7.0).middle(),
            );
            svg.close();
        }
    }
    for track in &own.tracks {
        let x = SPACES_LEFT + f64::from(track.space.max(1) - 1) * CELL + (CELL - 2.0) / 2.0;
        let (fill, _) = track_colour(track.colour);
        let outline = if matches!(track.colour, Colour::Black) {
            "#fff"
        } else {
            INK
        };
        svg.open_titled(
            "track",
            &format!("{:?} track on space {}", track.colour, track.space),
        );
        svg.rounded(
            x - 12.0,
            top + 14.0,
            24.0,
            10.0,
            2.0,
            Paint::outlined(fill, outline).width(1.5),
        );
        svg.close();
    }
    let right = SPACES_LEFT + f64::from(data.spaces) * CELL;
    if reach > 0 {
        let end = SPACES_LEFT + f64::from(reach.min(u32::from(data.spaces))) * CELL - 2.0;
        svg.line(
            (SPACES_LEFT, top + ROW - 2.0),
            (end, top + ROW - 2.0),
            "#c0392b",
            2.5,
        );
    }
    let slots = usize::from(data.locomotive_slots).max(own.locomotives.len());
    for k in 0..slots {
        let x = right + 12.0 + k as f64 * 56.0;
        match own.locomotives.get(k) {
            Some(number) => {
                svg.open_titled("locomotive", &format!("locomotive #{number}"));
                svg.rounded(
                    x,
                    top + 4.0,
                    50.0,
                    ROW - 10.0,
                    5.0,
                    Paint::outlined("#3b3b3b", INK),
                );
                svg.text(
                    x + 25.0,
                    top + 24.0,
                    &format!("#{number}"),
                    Font::new(13.0).middle().bold().colour("#fff"),
                );
                svg.close();
            }
            None => {
                svg.rounded(
                    x,
                    top + 4.0,
                    50.0,
                    ROW - 10.0,
                    5.0,
                    Paint::outlined("none", "#bbb"),
                );
            }
        }
    }
}

fn special_label(special: &Special) -> String {
    match special {
        Special::Unlock { colour } => format!("+{}", format!("{colour:?}").to_lowercase()),
        Special::Detonation {} => "blast".to_string(),
        Special::StockAdvance {} => "stock".to_string(),
        Special::Question {} => "?".to_string(),
        Special::Worker {} => "+worker".to_string(),
        Special::CoinSpace { advantage: a } => format!("$ {}", advantage(a)),
        Special::TranscontinentalEnd {} => "end".to_string(),
    }
}

fn advantage(advantage: &Advantage) -> String {
    match advantage {
        Advantage::BlackMove {} => "black".to_string(),
        Advantage::BrownAndNatural {} => "brn+nat".to_string(),
        Advantage::AnyMove {} => "any".to_string(),
        Advantage::Industry {} => "industry".to_string(),
        Advantage::Coin {} => "coin".to_string(),
        Advantage::Points { points } => format!("{points}p"),
        Advantage::StockAdvance {} => "stock".to_string(),
    }
}

/// One industry track: its spaces, the factories in its gaps, its boulder and the marker.
#[expect(
    clippy::too_many_lines,
    reason = "one industry track's spaces, factories and marker, drawn in the order they overlap"
)]
fn industry(
    svg: &mut Svg,
    c: &Components,
    player: &Player,
    t: usize,
    top: f64,
    points: Option<u32>,
) {
    let (Some(data), Some(own)) = (c.industry_tracks.get(t), player.industry.get(t)) else {
        return;
    };
    svg.text(
        MARGIN + 10.0,
        top + 16.0,
        &format!("Industry ({})", data.name),
        Font::new(12.0).bold(),
    );
    let scores = points.map_or(String::new(), |p| format!("scores {p}"));
    svg.text(
        MARGIN + 10.0,
        top + 31.0,
        &scores,
        Font::new(11.0).colour(FAINT),
    );
    let mut gap = 0;
    for (i, space) in data.spaces.iter().enumerate() {
        let x = SPACES_LEFT + i as f64 * INDUSTRY_CELL;
        let cx = x + (INDUSTRY_CELL - 2.0) / 2.0;
        match space {
            IndustrySpace::Points { points } | IndustrySpace::Boulder { points } => {
                svg.rect(
                    x,
                    top + 2.0,
                    INDUSTRY_CELL - 2.0,
                    ROW - 6.0,
                    Paint::outlined("#e9f0f7", "#999"),
                );
                svg.text(
                    cx,
                    top + 13.0,
                    &points.to_string(),
                    Font::new(10.0).middle(),
                );
                if matches!(space, IndustrySpace::Boulder { .. }) && own.boulder {
                    svg.open_titled(
                        "boulder",
                        &format!("a boulder on the {} industry track", data.name),
                    );
                    svg.circle(cx, top + 23.0, 8.0, Paint::outlined("#7d7d7d", INK));
                    svg.close();
                }
            }
            IndustrySpace::Gap {} => {
                svg.rect(
                    x,
                    top + 2.0,
                    INDUSTRY_CELL - 2.0,
                    ROW - 6.0,
                    Paint::outlined("#fff", "#bbb"),
                );
                if let Some(Some(number)) = own.factories.get(gap) {
                    let label = if *number == 0 {
                        "SW".to_string()
                    } else {
                        format!("#{number}")
                    };
                    let title = if *number == 0 {
                        "a steelworks".to_string()
                    } else {
                        format!("the factory of locomotive #{number}")
                    };
                    svg.open_titled("factory", &title);
                    svg.rect(
                        x + 3.0,
                        top + 5.0,
                        INDUSTRY_CELL - 8.0,
                        ROW - 12.0,
                        Paint::outlined("#8e6b3e", INK),
                    );
                    svg.text(
                        cx,
                        top + 24.0,
                        &label,
                        Font::new(11.0).middle().bold().colour("#fff"),
                    );
                    svg.close();
                }
                gap += 1;
            }
        }
    }
    let x = SPACES_LEFT + f64::from(own.marker) * INDUSTRY_CELL + (INDUSTRY_CELL - 2.0) / 2.0;
    let (fill, text) = seat_colour(player.seat);
    svg.open_titled(
        "industry-marker",
        &format!("the {} industry marker on space {}", data.name, own.marker),
    );
    svg.circle(
        x + 10.0,
        top + 25.0,
        6.5,
        Paint::outlined(fill, INK).width(1.5),
    );
    svg.text(
        x + 10.0,
        top + 28.0,
        "i",
        Font::new(9.0).middle().bold().colour(text),
    );
    svg.close();
}

/// Under the board: the "?" tokens spent, the end-bonus cards, the round's scoring.
fn footer(svg: &mut Svg, state: &State, player: &Player, y: f64, score: Option<(u32, u32, u32)>) {
    let c = &state.components;
    let tokens: Vec<String> = player
        .question_tokens
        .iter()
        .filter_map(|&i| c.question_tokens.get(usize::from(i)))
        .map(question_token)
        .collect();
    let bonus = if matches!(state.phase, Phase::GameEnded {}) {
        let cards: Vec<String> = player
            .end_bonus
            .iter()
            .filter_map(|&i| c.end_bonus_cards.get(usize::from(i)))
            .map(end_bonus)
            .collect();
        format!("end-bonus cards: {}", none_if_empty(&cards))
    } else {
        format!("{} end-bonus cards (hidden)", player.end_bonus.len())
    };
    let scoring = score.map_or(String::new(), |(total, ends, tokens)| {
        format!(".  A scoring now: {total} (Transcontinental ends +{ends}, tokens +{tokens})")
    });
    svg.text(
        MARGIN + 10.0,
        y,
        &format!(
            "\"?\" tokens spent: {}; {bonus}{scoring}",
            none_if_empty(&tokens)
        ),
        Font::new(11.0).colour(FAINT),
    );
}

fn question_token(token: &QuestionToken) -> String {
    match token {
        QuestionToken::EndBonusCard {} => "end-bonus card".to_string(),
        QuestionToken::PointsEachScoring { points } => format!("+{points} each scoring"),
        QuestionToken::Revaluation {} => "revaluation".to_string(),
        QuestionToken::GoldenSpike {} => "Golden Spike".to_string(),
        QuestionToken::Stock {} => "stock".to_string(),
    }
}

fn end_bonus(card: &EndBonus) -> String {
    match card {
        EndBonus::PerFactory { points } => format!("{points} per factory"),
        EndBonus::PerEngineer { points } => format!("{points} per engineer"),
        EndBonus::PerCompletedRailroad { points } => format!("{points} per completed railroad"),
        EndBonus::PerDoubler { points } => format!("{points} per doubler"),
        EndBonus::PerStockLevel { points } => format!("{points} per stocks level"),
        EndBonus::PerDividendToken { points } => format!("{points} per dividend token"),
    }
}

/// What the marks mean.
fn legend(svg: &mut Svg, c: &Components, y: f64) {
    let values: Vec<String> = c
        .colour_values
        .iter()
        .map(|(colour, v)| format!("{} {v}", format!("{colour:?}").to_lowercase()))
        .collect();
    let lines = [
        format!(
            "A space takes the colour of the nearest track at or ahead of it ({}) and scores within the red reach line.",
            values.join(", ")
        ),
        "\u{00d7}2: a doubler place; bold specials are met, \u{2713} a coin space used; i: an industry marker; * an engineer used this round; hollow workers are placed."
            .to_string(),
    ];
    for (k, line) in lines.iter().enumerate() {
        svg.text(
            MARGIN,
            y + k as f64 * 16.0,
            line,
            Font::new(11.0).colour(FAINT),
        );
    }
}
