//! The market drawn below the map: a row of spaces, each company's marker on its price, and the bank's cash.

use super::{MARGIN, Scene};
use crate::core::svg::escape;
use std::fmt::Write as _;

/// The market as a row of spaces, each company's marker on its price.
pub(super) fn draw_market(out: &mut String, scene: &Scene, top: f64, width: f64) {
    let per_row = 12;
    let cell = ((width - 2.0 * MARGIN) / per_row as f64).min(80.0);
    out.push_str("<g class=\"market\">\n");
    for (i, price) in scene.market.iter().enumerate() {
        let x = MARGIN + (i % per_row) as f64 * cell;
        let y = top + (i / per_row) as f64 * 46.0;
        let _ = writeln!(
            out,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{cell:.1}\" height=\"42\" fill=\"#fff\" stroke=\"#555\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">${price}</text>",
            x + 3.0,
            y + 13.0
        );
        let here: Vec<&str> = scene
            .markers
            .iter()
            .filter(|(_, at)| *at == i)
            .map(|(s, _)| s.as_str())
            .collect();
        for (k, symbol) in here.iter().enumerate() {
            let (colour, text) = scene
                .colours
                .iter()
                .find(|(s, _, _)| s == symbol)
                .map_or(("#888", "#000"), |&(_, b, t)| (b, t));
            let _ = writeln!(
                out,
                "<g class=\"marker\"><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"9\" fill=\"{}\" stroke=\"#000\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"7\" fill=\"{}\">{}</text></g>",
                x + 2.0,
                y + 16.0 + 9.0 * (k % 3) as f64,
                cell - 4.0,
                escape(colour),
                x + 4.0,
                y + 23.0 + 9.0 * (k % 3) as f64,
                escape(text),
                escape(symbol)
            );
        }
    }
    out.push_str("</g>\n");
}

/// The bank's line under the market: its cash, or once broken what it paid beyond it (a broken
/// bank pays on: the game ends with the set of operating rounds).
pub(super) fn bank_line(bank: i64) -> String {
    if bank >= 0 {
        format!("Bank: ${bank}")
    } else {
        format!(
            "Bank: broken, ${} paid beyond its cash",
            bank.unsigned_abs()
        )
    }
}
