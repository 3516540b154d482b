//! A player's industry track, the footer with the score so far, and the legend.

use super::{FAINT, INDUSTRY_CELL, INK, MARGIN, ROW, SPACES_LEFT, none_if_empty, seat_colour};
use crate::core::svg::{Font, Paint, Svg};
use crate::games::russian_railroads_american::data::{
    Components, EndBonus, IndustrySpace, QuestionToken,
};
use crate::games::russian_railroads_american::state::{Phase, Player, State};

/// One industry track: its spaces, the factories in its gaps, its boulder and the marker.
#[expect(
    clippy::too_many_lines,
    reason = "one industry track's spaces, factories and marker, drawn in the order they overlap"
)]
pub(super) fn industry(
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
pub(super) fn footer(
    svg: &mut Svg,
    state: &State,
    player: &Player,
    y: f64,
    score: Option<(u32, u32, u32)>,
) {
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
pub(super) fn legend(svg: &mut Svg, c: &Components, y: f64) {
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
