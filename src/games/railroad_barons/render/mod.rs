//! A Railroad Barons state as SVG (`POST /v1/railroad-barons/render`, issue 21.1): the share
//! value track with each started Holding's marker, a row per Holding (its Director, value,
//! cash, the four certificates and who holds each, its Operators, Railroads and Investors),
//! each player's cash, Investors and certificates, and the Railroad stack. Every Holding is a
//! group of class `holding`; a certificate a player holds is `certificate`, one in the bank (or
//! on the $450 Investor) `certificate bank`; a Railroad card `railroad`, an Investor
//! `investor`, a value marker `value-marker`.

use super::data::{Components, HoldingCard};
use super::ids::{Colour, Seat};
use super::state::{OperatingStep, Round, State};
use super::turns::round_name;
use crate::core::svg::{Font, Paint, Svg};

mod holdings;
mod seats;

use holdings::*;
use seats::*;

const WIDTH: f64 = 1200.0;
const MARGIN: f64 = 20.0;
const PAPER: &str = "#fbf8f0";
const INK: &str = "#222";
const FAINT: &str = "#777";
/// The track's cells and the markers stacked under a value.
const CELL_HEIGHT: f64 = 28.0;
const MARKER_HEIGHT: f64 = 16.0;
/// A Holding's row: at least this tall, a line of Railroad cards more for each three cards.
const ROW_HEIGHT: f64 = 56.0;
const CARD_LINE: f64 = 24.0;
const CARDS_PER_LINE: usize = 3;
/// Where the table's columns start.
const COLUMNS: [f64; 7] = [20.0, 280.0, 372.0, 492.0, 562.0, 770.0, 890.0];

pub fn render(state: &State) -> String {
    let c = &state.components;
    let rows: Vec<f64> = state.holdings.iter().map(row_height).collect();
    let track_top = 74.0;
    let track_bottom =
        track_top + CELL_HEIGHT + 6.0 + MARKER_HEIGHT * most_on_a_value(state) as f64;
    let table_top = track_bottom + 30.0;
    let table_bottom = table_top + 24.0 + rows.iter().sum::<f64>();
    let players_top = table_bottom + 30.0;
    let height = players_top + 150.0 + 90.0;
    let mut svg = Svg::new(WIDTH, "Railroad Barons", PAPER);
    heading(&mut svg, state);
    value_track(&mut svg, state, track_top);
    table_header(&mut svg, table_top);
    let mut y = table_top + 24.0;
    let operating = match state.round {
        Round::OperatingRound { holding, .. } => Some(holding),
        _ => None,
    };
    for (holding, &h) in state.holdings.iter().zip(&rows) {
        holding_row(
            &mut svg,
            c,
            holding,
            y,
            h,
            operating == Some(holding.colour),
        );
        y += h;
    }
    players(&mut svg, state, players_top);
    stack(&mut svg, state, players_top + 160.0);
    svg.finish(height)
}

/// The Holding card of `colour` (a state sent to the command line is drawn unchecked).
fn card_of(c: &Components, colour: Colour) -> Option<&HoldingCard> {
    c.holdings.iter().find(|h| h.colour == colour)
}

/// The most Holdings' markers on one value of the track (at least one, for the space).
fn most_on_a_value(state: &State) -> usize {
    state
        .components
        .share_value_track
        .iter()
        .map(|v| {
            state
                .holdings
                .iter()
                .filter(|h| h.is_started() && h.share_value == Some(*v))
                .count()
        })
        .max()
        .unwrap_or(0)
        .max(1)
}

/// The title and where the game stands.
fn heading(svg: &mut Svg, state: &State) {
    svg.text(
        MARGIN,
        30.0,
        &format!("Railroad Barons, move {}", state.moves),
        Font::new(22.0).bold(),
    );
    svg.text(MARGIN, 52.0, &standing(state), Font::new(14.0));
}

/// The round in words, with who acts or who won.
fn standing(state: &State) -> String {
    match &state.round {
        Round::InvestorDraft {
            offers_made, offer, ..
        } => {
            let offer = offer.map_or(String::new(), |o| {
                format!("; {} offers the {}", o.by, investor_name(o.investor))
            });
            format!("The Investor draft: {offers_made} of 4 offers made{offer}")
        }
        Round::StockRound {
            number,
            to_act,
            passes_in_a_row,
            ..
        } => format!("Stock Round {number}: {to_act} to act ({passes_in_a_row} passes in a row)"),
        Round::OperatingRound {
            holding,
            step,
            plus,
            diamond,
            top_reached,
            ..
        } => {
            let end = if *top_reached {
                "; the top of the track is reached: the game ends with this round"
            } else {
                ""
            };
            let step = match step {
                OperatingStep::PlaceOperators => "placing Operators",
                OperatingStep::Revenue => "revenue",
                OperatingStep::Acquisitions => "acquisitions",
                OperatingStep::Discard => "discarding",
            };
            let director = state
                .holdings
                .get(holding.index())
                .and_then(|h| h.director)
                .map_or(String::new(), |d| format!(", Director {d} to act"));
            format!(
                "{}: {step}{director}; {plus} Operators on (+), {diamond} on (\u{22c4}){end}",
                capitalised(&round_name(&state.round))
            )
        }
        Round::GameEnded { wealth, winners } => {
            let winners: Vec<String> = winners.iter().map(Seat::to_string).collect();
            let wealth: Vec<String> = wealth
                .iter()
                .map(|w| {
                    format!(
                        "{} ${} (cash ${} + certificates ${})",
                        w.player, w.total, w.cash, w.certificates
                    )
                })
                .collect();
            format!(
                "The game has ended: {} won. Wealth: {}",
                winners.join(" and "),
                wealth.join("; ")
            )
        }
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The share value track, bottom value at the left, each started Holding's marker under its
/// value and the start values marked.
fn value_track(svg: &mut Svg, state: &State, top: f64) {
    let c = &state.components;
    let track = &c.share_value_track;
    let cell = (WIDTH - 2.0 * MARGIN) / track.len().max(1) as f64;
    svg.open("value-track", None);
    for (i, value) in track.iter().enumerate() {
        let x = MARGIN + i as f64 * cell;
        let start = c.start_values.contains(value);
        let fill = if start { "#f3e3a0" } else { "#fff" };
        svg.rect(x, top, cell, CELL_HEIGHT, Paint::outlined(fill, FAINT));
        svg.text(
            x + cell / 2.0,
            top + 18.0,
            &format!("${value}"),
            Font::new(12.0).middle().bold(),
        );
        let here = state
            .holdings
            .iter()
            .filter(|h| h.is_started() && h.share_value == Some(*value));
        for (k, holding) in here.enumerate() {
            let abbreviation = card_of(c, holding.colour).map_or("?", |h| h.abbreviation.as_str());
            let y = top + CELL_HEIGHT + 4.0 + k as f64 * MARKER_HEIGHT;
            svg.open_titled("value-marker", &format!("{abbreviation} at ${value}"));
            let (fill, text) = colours(holding.colour);
            svg.rounded(
                x + 2.0,
                y,
                cell - 4.0,
                MARKER_HEIGHT - 2.0,
                3.0,
                Paint::outlined(fill, INK),
            );
            svg.text(
                x + cell / 2.0,
                y + 10.5,
                abbreviation,
                Font::new(9.0).middle().bold().colour(text),
            );
            svg.close();
        }
    }
    svg.text(
        WIDTH - MARGIN,
        top - 6.0,
        "Share value track ($ per 10%; start values shaded)",
        Font::new(11.0).end().colour(FAINT),
    );
    svg.close();
}
