//! A Railroad Barons state as SVG (`POST /v1/railroad-barons/render`, issue 21.1): the share
//! value track with each started Holding's marker, a row per Holding (its Director, value,
//! cash, the four certificates and who holds each, its Operators, Railroads and Investors),
//! each player's cash, Investors and certificates, and the Railroad stack. Every Holding is a
//! group of class `holding`; a certificate a player holds is `certificate`, one in the bank (or
//! on the $450 Investor) `certificate bank`; a Railroad card `railroad`, an Investor
//! `investor`, a value marker `value-marker`.

use super::data::{Components, HoldingCard};
use super::ids::{Colour, Investor, Seat};
use super::rules::CERTIFICATE_LIMIT;
use super::state::{Holding, OperatingStep, Owner, Round, State};
use super::turns::round_name;
use crate::core::svg::{Font, Paint, Svg};

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

fn table_header(svg: &mut Svg, top: f64) {
    let titles = [
        "Holding",
        "Director",
        "Share value",
        "Cash",
        "Certificates",
        "Operators",
        "Railroads and Investors",
    ];
    svg.rect(
        MARGIN,
        top,
        WIDTH - 2.0 * MARGIN,
        24.0,
        Paint::fill("#e4dccb"),
    );
    for (x, title) in COLUMNS.iter().zip(titles) {
        svg.text(x + 6.0, top + 16.0, title, Font::new(12.0).bold());
    }
}

fn row_height(holding: &Holding) -> f64 {
    let cards = holding.railroads.len() + holding.investors.len();
    let lines = cards.div_ceil(CARDS_PER_LINE).max(1);
    ROW_HEIGHT.max(8.0 + lines as f64 * CARD_LINE)
}

/// One Holding's row of the table.
fn holding_row(
    svg: &mut Svg,
    c: &Components,
    holding: &Holding,
    top: f64,
    height: f64,
    operating: bool,
) {
    let fallback = HoldingCard {
        colour: holding.colour,
        name: holding.colour.to_string(),
        abbreviation: holding.colour.to_string(),
        operators: 0,
        plus_circles: 0,
        diamond_circles: 0,
    };
    let card = card_of(c, holding.colour).unwrap_or(&fallback);
    svg.open("holding", Some(&format!("holding-{}", holding.colour)));
    svg.rect(
        MARGIN,
        top,
        WIDTH - 2.0 * MARGIN,
        height,
        Paint::outlined("#fff", "#cfc6b4"),
    );
    let (fill, _) = colours(holding.colour);
    svg.rect(MARGIN, top, 8.0, height, Paint::fill(fill));
    if operating {
        // The Holding operating now: outlined, and said so under its Director.
        svg.rect(
            MARGIN + 1.0,
            top + 1.0,
            WIDTH - 2.0 * MARGIN - 2.0,
            height - 2.0,
            Paint::outlined("none", INK).width(2.5),
        );
    }
    let [name, director, value, cash, certificates, operators, cards] = COLUMNS;
    svg.text(
        name + 14.0,
        top + 22.0,
        &card.abbreviation,
        Font::new(15.0).bold(),
    );
    svg.text(
        name + 14.0,
        top + 40.0,
        &format!("{} ({})", card.name, holding.colour),
        Font::new(11.0).colour(FAINT),
    );
    let (who, floated) = match holding.director {
        Some(seat) => (
            seat.to_string(),
            if holding.floated {
                "floated"
            } else {
                "not floated"
            },
        ),
        None => ("\u{2014}".to_string(), "not started"),
    };
    let floated = if operating { "operating" } else { floated };
    svg.text(director + 6.0, top + 22.0, &who, Font::new(15.0).bold());
    svg.text(
        director + 6.0,
        top + 40.0,
        floated,
        Font::new(11.0).colour(FAINT),
    );
    if let (Some(now), Some(start)) = (holding.share_value, holding.start_value) {
        svg.text(
            value + 6.0,
            top + 22.0,
            &format!("${now}"),
            Font::new(15.0).bold(),
        );
        svg.text(
            value + 6.0,
            top + 40.0,
            &format!("started at ${start}"),
            Font::new(11.0).colour(FAINT),
        );
    }
    svg.text(
        cash + 6.0,
        top + 22.0,
        &format!("${}", holding.cash),
        Font::new(15.0),
    );
    certificate_marks(svg, holding, certificates + 6.0, top + 8.0);
    operator_marks(svg, card, holding, operators + 6.0, top + 8.0);
    railroad_cards(svg, c, holding, cards + 6.0, top + 6.0);
    svg.close();
}

/// The Holding's certificates, largest first, each with who holds it.
fn certificate_marks(svg: &mut Svg, holding: &Holding, x: f64, y: f64) {
    let mut certificates = holding.certificates.clone();
    certificates.sort_by_key(|c| std::cmp::Reverse(c.percent));
    for (k, certificate) in certificates.iter().enumerate() {
        let cx = x + k as f64 * 50.0;
        let (class, fill, text, owner) = match certificate.owner {
            Owner::A | Owner::B => {
                let seat = certificate.owner.seat().unwrap_or(Seat::A);
                ("certificate", seat_colour(seat), "#fff", seat.to_string())
            }
            Owner::Bank => ("certificate bank", "#eee", FAINT, "bank".to_string()),
            Owner::Investor450 => ("certificate bank", "#eee", FAINT, "$450".to_string()),
        };
        svg.open_titled(class, &format!("{}%: {owner}", certificate.percent));
        let width = if Holding::is_director_certificate(certificate.percent) {
            2.5
        } else {
            1.0
        };
        svg.rounded(
            cx,
            y,
            46.0,
            38.0,
            4.0,
            Paint::outlined(fill, INK).width(width),
        );
        svg.text(
            cx + 23.0,
            y + 15.0,
            &format!("{}%", certificate.percent),
            Font::new(12.0).middle().bold().colour(text),
        );
        svg.text(
            cx + 23.0,
            y + 31.0,
            &owner,
            Font::new(11.0).middle().colour(text),
        );
        svg.close();
    }
}

/// The Holding card's Operator tokens: those invested in the route network filled.
fn operator_marks(svg: &mut Svg, card: &HoldingCard, holding: &Holding, x: f64, y: f64) {
    let (fill, _) = colours(holding.colour);
    for k in 0..card.operators {
        let invested = k < holding.operators_invested;
        let paint = if invested {
            Paint::outlined(fill, INK)
        } else {
            Paint::outlined("#fff", FAINT)
        };
        svg.circle(x + 7.0 + f64::from(k) * 17.0, y + 9.0, 6.5, paint);
    }
    svg.text(
        x,
        y + 34.0,
        &format!(
            "{} of {} invested",
            holding.operators_invested, card.operators
        ),
        Font::new(11.0).colour(FAINT),
    );
}

/// The Holding's Railroad cards (name, level, income) and Investors, three to a line.
fn railroad_cards(svg: &mut Svg, c: &Components, holding: &Holding, x: f64, y: f64) {
    let place = |k: usize| {
        (
            x + (k % CARDS_PER_LINE) as f64 * 96.0,
            y + (k / CARDS_PER_LINE) as f64 * CARD_LINE,
        )
    };
    for (k, owned) in holding.railroads.iter().enumerate() {
        let (cx, cy) = place(k);
        let card = c.railroads.get(usize::from(owned.card));
        let face = card.and_then(|r| r.faces.get(usize::from(owned.face)));
        let name = card.map_or("?", |r| r.name.as_str());
        let label = face.map_or(String::from("?"), |f| {
            format!("{} L{} +${}", short(name), f.level, f.income)
        });
        svg.open_titled("railroad", &format!("{name}: {label}"));
        svg.rounded(cx, cy, 92.0, 20.0, 3.0, Paint::outlined("#f4efe2", INK));
        svg.text(cx + 46.0, cy + 14.0, &label, Font::new(10.0).middle());
        svg.close();
    }
    for (k, investor) in holding.investors.iter().enumerate() {
        let (cx, cy) = place(holding.railroads.len() + k);
        investor_mark(svg, c, *investor, cx, cy);
    }
}

/// An Investor card: its price, and the revenue it adds.
fn investor_mark(svg: &mut Svg, c: &Components, investor: Investor, x: f64, y: f64) {
    let card = c.investors.iter().find(|i| i.investor == investor);
    let label = match card {
        Some(i) if i.bonus > 0 => format!("${} Inv. +${}", i.price, i.bonus),
        Some(i) => format!("${} Investor", i.price),
        None => investor.to_string(),
    };
    svg.open_titled("investor", &investor_name(investor));
    svg.rounded(x, y, 92.0, 20.0, 10.0, Paint::outlined("#e9f1e4", INK));
    svg.text(x + 46.0, y + 14.0, &label, Font::new(10.0).middle());
    svg.close();
}

/// A Railroad's name short enough for its card: the initials of a long one.
fn short(name: &str) -> String {
    if name.len() <= 10 {
        return name.to_string();
    }
    name.split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(|w| {
            if w == "&" {
                "&".to_string()
            } else {
                w.chars().take(1).collect()
            }
        })
        .collect()
}

fn investor_name(investor: Investor) -> String {
    match investor {
        Investor::Investor30 => "$30 Investor",
        Investor::Investor40 => "$40 Investor",
        Investor::Investor50 => "$50 Investor",
        Investor::Investor60 => "$60 Investor",
        Investor::Investor450 => "$450 Investor",
    }
    .to_string()
}

/// Each player's panel: cash, certificates against the limit, Investors, and their marks.
fn players(svg: &mut Svg, state: &State, top: f64) {
    let width = (WIDTH - 3.0 * MARGIN) / 2.0;
    for (k, player) in state.players.iter().enumerate() {
        let x = MARGIN + k as f64 * (width + MARGIN);
        let seat = player.seat;
        svg.open("player", Some(&format!("player-{seat}")));
        svg.rect(x, top, width, 140.0, Paint::outlined("#fff", "#cfc6b4"));
        svg.rect(x, top, width, 28.0, Paint::fill(seat_colour(seat)));
        svg.text(
            x + 10.0,
            top + 20.0,
            &format!("Player {seat}"),
            Font::new(16.0).bold().colour("#fff"),
        );
        let mut marks = Vec::new();
        if state.start_player == seat {
            marks.push("start player");
        }
        if state.priority_deal == seat {
            marks.push("Priority Deal");
        }
        svg.text(
            x + width - 10.0,
            top + 20.0,
            &marks.join(", "),
            Font::new(12.0).end().colour("#fff"),
        );
        svg.text(
            x + 10.0,
            top + 52.0,
            &format!("Cash ${}", player.cash),
            Font::new(15.0).bold(),
        );
        let held = state.certificate_count(seat);
        svg.text(
            x + 150.0,
            top + 52.0,
            &format!("{held} of {CERTIFICATE_LIMIT} certificates"),
            Font::new(13.0),
        );
        let mut notes = Vec::new();
        if player.priority_swap_used {
            notes.push("Priority Deal swap used");
        }
        if player.owes_sell_down {
            notes.push("must sell down");
        }
        svg.text(
            x + 10.0,
            top + 74.0,
            &notes.join("; "),
            Font::new(12.0).colour(FAINT),
        );
        svg.text(x + 10.0, top + 100.0, "Investors:", Font::new(12.0));
        for (i, investor) in player.investors.iter().enumerate() {
            investor_mark(
                svg,
                &state.components,
                *investor,
                x + 80.0 + i as f64 * 100.0,
                top + 86.0,
            );
        }
        svg.close();
    }
}

/// The Railroad stack: how many cards, the top one, and what has left the game.
fn stack(svg: &mut Svg, state: &State, top: f64) {
    let c = &state.components;
    let top_card = state.railroad_stack.first().and_then(|&id| {
        let card = c.railroads.get(usize::from(id))?;
        let face = card.faces.first()?;
        Some(format!(
            "; top: {} ({}), level {}, cost ${}, income ${}",
            card.name, card.category, face.level, face.cost, face.income
        ))
    });
    svg.text(
        MARGIN,
        top,
        &format!(
            "Railroad stack: {} cards{}",
            state.railroad_stack.len(),
            top_card.unwrap_or_default()
        ),
        Font::new(14.0),
    );
    let investors: Vec<String> = state
        .investors_out_of_game
        .iter()
        .map(|&i| investor_name(i))
        .collect();
    let mut gone = format!(
        "Out of the game: {} Railroad cards",
        state.railroads_out_of_game.len()
    );
    if !investors.is_empty() {
        gone.push_str(&format!("; {}", investors.join(", ")));
    }
    if let Some(card) = state
        .investor_450_railroad
        .and_then(|id| c.railroads.get(usize::from(id)))
    {
        gone.push_str(&format!(
            ". On the $450 Investor: {} and MS&C's Director certificate",
            card.name
        ));
    }
    svg.text(MARGIN, top + 22.0, &gone, Font::new(13.0).colour(FAINT));
    svg.text(
        MARGIN,
        top + 44.0,
        &bank_line(state),
        Font::new(13.0).colour(FAINT),
    );
}

/// A Holding's colour and the text colour that reads on it.
fn colours(colour: Colour) -> (&'static str, &'static str) {
    match colour {
        Colour::Green => ("#2e8b57", "#fff"),
        Colour::Black => ("#222", "#fff"),
        Colour::Yellow => ("#e8c100", "#222"),
        Colour::Red => ("#c53030", "#fff"),
        Colour::Blue => ("#2b6cb0", "#fff"),
    }
}

fn seat_colour(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "#7b3fa0",
        Seat::B => "#c8690c",
    }
}

/// The bank's cash, or its debt once it has paid more than it held.
fn bank_line(state: &State) -> String {
    let cash = state.bank_cash();
    if cash >= 0 {
        format!("The bank holds ${cash} of ${}", super::rules::BANK_CASH)
    } else {
        format!(
            "The bank is ${} in debt: the game ends after an Operating Round that ends so",
            cash.unsigned_abs()
        )
    }
}
