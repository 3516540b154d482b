//! The panel under an 18xx board: a section of lines per subject (the players with their cash
//! and shares, the companies with their treasuries, prices and trains, the title's privates),
//! as 18xx.games shows beside its map.

use std::fmt::Write as _;

use crate::core::svg::escape;
use crate::games::kit18xx::table::{CompanyState, Player};

/// A heading and its lines.
pub struct Section {
    pub heading: String,
    pub lines: Vec<String>,
}

const HEADING: f64 = 26.0;
const LINE: f64 = 19.0;

/// Each player: cash, then each company they hold a share of (its percent, `P` for its
/// president), or that they are bankrupt.
pub fn players<C: std::fmt::Display>(players: &[Player], companies: &[CompanyState<C>]) -> Section {
    let lines = players
        .iter()
        .map(|player| {
            if player.bankrupt {
                return format!("{}: bankrupt", player.seat);
            }
            let shares: Vec<String> = companies
                .iter()
                .filter(|c| !c.closed)
                .filter_map(|c| {
                    let percent = c.percent_of(player.seat);
                    let president = if c.president == Some(player.seat) {
                        " P"
                    } else {
                        ""
                    };
                    (percent > 0).then(|| format!("{} {percent}%{president}", c.company))
                })
                .collect();
            let held = if shares.is_empty() {
                "no shares".to_string()
            } else {
                shares.join(", ")
            };
            format!("{}: ${}; {held}", player.seat, player.cash)
        })
        .collect();
    Section {
        heading: "Players (P: president)".to_string(),
        lines,
    }
}

/// Each started company: treasury, price, trains, shares in its treasury and the market; a
/// closed one says so.
pub fn companies<C: std::fmt::Display>(market: &[u32], companies: &[CompanyState<C>]) -> Section {
    let lines = companies
        .iter()
        .filter(|c| c.is_started() || c.closed)
        .map(|c| {
            if c.closed {
                return format!("{}: closed", c.company);
            }
            let price = c
                .price
                .and_then(|at| market.get(usize::from(at)))
                .map_or("-".to_string(), |p| format!("${p}"));
            let trains: Vec<&str> = c.trains.iter().map(|t| t.side.as_str()).collect();
            let trains = if trains.is_empty() {
                "no train".to_string()
            } else {
                format!("trains {}", trains.join(", "))
            };
            let mut line = format!(
                "{}: ${} in treasury; price {price}; {trains}",
                c.company, c.cash
            );
            if c.treasury_shares + c.market_shares > 0 {
                let _ = write!(
                    line,
                    "; shares: {}% in treasury, {}% in the market",
                    c.treasury_shares, c.market_shares
                );
            }
            if c.receivership {
                line.push_str("; in receivership");
            }
            line
        })
        .collect();
    Section {
        heading: "Companies".to_string(),
        lines,
    }
}

/// The panel's height: its sections' headings and lines.
pub fn height(sections: &[Section]) -> f64 {
    sections
        .iter()
        .map(|s| HEADING + s.lines.len().max(1) as f64 * LINE)
        .sum::<f64>()
        + 10.0
}

/// The sections from `top`, at `left`.
pub fn draw(out: &mut String, sections: &[Section], top: f64, left: f64) {
    let mut y = top;
    out.push_str("<g class=\"panel\">\n");
    for section in sections {
        y += HEADING;
        let _ = writeln!(
            out,
            "<text x=\"{left:.0}\" y=\"{:.1}\" font-size=\"16\" font-weight=\"bold\">{}</text>",
            y - 6.0,
            escape(&section.heading)
        );
        if section.lines.is_empty() {
            y += LINE;
        }
        for line in &section.lines {
            y += LINE;
            let _ = writeln!(
                out,
                "<text class=\"panel-line\" x=\"{:.0}\" y=\"{:.1}\" font-size=\"14\">{}</text>",
                left + 10.0,
                y - 5.0,
                escape(line)
            );
        }
    }
    out.push_str("</g>\n");
}

/// The privates in play that have an owner, each with it (`rows`: the private's name and its
/// owner's, none while unsold).
pub fn privates(rows: impl Iterator<Item = (String, Option<String>)>) -> Section {
    Section {
        heading: "Privates".to_string(),
        lines: rows
            .filter_map(|(private, owner)| Some(format!("{private}: {}", owner?)))
            .collect(),
    }
}
