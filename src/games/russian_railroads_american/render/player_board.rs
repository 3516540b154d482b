//! A player's board as drawn: the workers on it, each railroad's track with its specials and
//! advantages.

use super::{
    BOARD_HEADER, CELL, FAINT, INK, MARGIN, ROW, SPACES_LEFT, WIDTH, footer, industry,
    none_if_empty, seat_colour, track_colour,
};
use crate::core::svg::{Font, Paint, Svg};
use crate::games::russian_railroads_american::data::{Advantage, Colour, Components, Special};
use crate::games::russian_railroads_american::round::round_score;
use crate::games::russian_railroads_american::state::{Player, State};

/// One player's board. Returns how far down it went.
pub(super) fn board(svg: &mut Svg, state: &State, player: &Player, top: f64) -> f64 {
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
            let met = crate::games::russian_railroads_american::scoring::reached(
                player,
                r,
                space,
                special.colour,
                special.needs_locomotive,
            );
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

pub(super) fn advantage(advantage: &Advantage) -> String {
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
