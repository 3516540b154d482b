//! The players' cash and shares, and the stack of railroad cards still to come.

use super::{FAINT, MARGIN, WIDTH, investor_mark, investor_name};
use crate::core::svg::{Font, Paint, Svg};
use crate::games::railroad_barons::ids::{Colour, Seat};
use crate::games::railroad_barons::rules::CERTIFICATE_LIMIT;
use crate::games::railroad_barons::state::State;

/// Each player's panel: cash, certificates against the limit, Investors, and their marks.
pub(super) fn players(svg: &mut Svg, state: &State, top: f64) {
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
pub(super) fn stack(svg: &mut Svg, state: &State, top: f64) {
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
pub(super) fn colours(colour: Colour) -> (&'static str, &'static str) {
    match colour {
        Colour::Green => ("#2e8b57", "#fff"),
        Colour::Black => ("#222", "#fff"),
        Colour::Yellow => ("#e8c100", "#222"),
        Colour::Red => ("#c53030", "#fff"),
        Colour::Blue => ("#2b6cb0", "#fff"),
    }
}

pub(super) fn seat_colour(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "#7b3fa0",
        Seat::B => "#c8690c",
    }
}

/// The bank's cash, or its debt once it has paid more than it held.
fn bank_line(state: &State) -> String {
    let cash = state.bank_cash();
    if cash >= 0 {
        format!(
            "The bank holds ${cash} of ${}",
            crate::games::railroad_barons::rules::BANK_CASH
        )
    } else {
        format!(
            "The bank is ${} in debt: the game ends after an Operating Round that ends so",
            cash.unsigned_abs()
        )
    }
}
