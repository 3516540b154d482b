//! Another engine's figures after each action of an export (a trace), compared with railrules'
//! while the export is replayed (issue 37, item 3).
//!
//! A game whose final result matches can still have gone wrong on the way: a treasury short by
//! a station's price, a price a space off that later sales brought back. A trace records, after
//! every action of the export's log, every player's and company's cash, every share price and
//! the bank, as the engine that played the game had them (18xx.games' engine, through the
//! oracle's `trace_1846.rb`): one JSON row per action,
//! `{"i": 1, "players": {"<player id>": cash}, "corps": {"<name>": cash},
//! "prices": {"<name>": price or null}, "bank": cash}`, `i` counting the log's actions from 1.
//! The file lies beside its export, named `<export>.trace.json`.
//!
//! The engine plays by itself what railrules asks for as actions (a pass for a player left
//! nothing to do, a dividend of $0), and the importer inserts those before the export's next
//! action (the flow rules). So a row is compared with railrules' state right after the
//! export's action and, if they differ there, once more just before the export's next action
//! (after what the flow rules inserted): a figure that differs both times is a divergence,
//! named with the first action where it shows.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::export_18xx::ImportError;
use super::title::Seats;

/// The figures after one action of the export's log, as the engine recorded them.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceRow {
    /// The action's place in the export's log, from 1.
    pub i: usize,
    /// Cash by player id (as the export's `players` name them).
    #[serde(default)]
    pub players: BTreeMap<String, i64>,
    /// Cash by company name (corporations and minors).
    #[serde(default)]
    pub corps: BTreeMap<String, i64>,
    /// Share price by corporation name (`null` while it has none).
    #[serde(default)]
    pub prices: BTreeMap<String, Option<i64>>,
    /// The bank's cash.
    #[serde(default)]
    pub bank: Option<i64>,
}

/// A trace: a row for each action of the export's log, in order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trace {
    rows: Vec<TraceRow>,
}

impl Trace {
    /// Reads a trace; its rows must count the log's actions 1, 2, 3...
    pub fn parse(bytes: &[u8]) -> Result<Trace, ImportError> {
        let rows: Vec<TraceRow> = serde_json::from_slice(bytes).map_err(|e| ImportError {
            pointer: String::new(),
            message: format!(
                "not a trace (a list of rows `{{i, players, corps, prices, bank}}`): {e}"
            ),
        })?;
        if let Some((at, row)) = rows.iter().enumerate().find(|(at, row)| row.i != at + 1) {
            return Err(ImportError {
                pointer: format!("/{at}/i"),
                message: format!("row {} counts action {}; rows count 1, 2, 3...", at, row.i),
            });
        }
        Ok(Trace { rows })
    }

    /// The row after the log's action `index` (from 0), if the trace reaches it.
    pub fn after(&self, index: usize) -> Option<&TraceRow> {
        self.rows.get(index)
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

/// Railrules' figures of a state, named as a trace names them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Figures {
    /// Cash by seat, in seat order.
    pub players: Vec<i64>,
    /// Cash by company, by the site's name of it.
    pub companies: Vec<(&'static str, i64)>,
    /// Share price by corporation, by the site's name of it.
    pub prices: Vec<(&'static str, Option<i64>)>,
    pub bank: i64,
}

/// One figure that is not what the trace recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FigureDifference {
    /// What it is: `cash of player 3`, `cash of B&O`, `price of B&O`, `bank`.
    pub figure: String,
    /// Absent when the trace records no such figure.
    pub recorded: Option<i64>,
    /// Absent when railrules has no such figure.
    pub replayed: Option<i64>,
}

/// The figures of `row` that railrules' `figures` do not match. A company or player the row
/// names that railrules does not know is a difference; one the row leaves out is not compared.
pub fn differences(row: &TraceRow, figures: &Figures, seats: &Seats) -> Vec<FigureDifference> {
    let mut found = Vec::new();
    let mut differ = |figure: String, recorded: Option<i64>, replayed: Option<i64>| {
        if recorded != replayed {
            found.push(FigureDifference {
                figure,
                recorded,
                replayed,
            });
        }
    };
    for (player, &cash) in &row.players {
        let seat = (0..seats.len()).find(|&i| seats.key(i) == player);
        let replayed = seat.and_then(|s| figures.players.get(s).copied());
        differ(format!("cash of player {player}"), Some(cash), replayed);
    }
    for (company, &cash) in &row.corps {
        let replayed = named(&figures.companies, company);
        differ(format!("cash of {company}"), Some(cash), replayed);
    }
    for (company, &price) in &row.prices {
        let replayed = named(&figures.prices, company).flatten();
        differ(format!("price of {company}"), price, replayed);
    }
    if let Some(bank) = row.bank {
        differ("bank".to_string(), Some(bank), Some(figures.bank));
    }
    found
}

/// The figure railrules has for the company `name`, if it knows the company.
fn named<T: Copy>(figures: &[(&str, T)], name: &str) -> Option<T> {
    figures.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

/// Where the figures first differ: after the export's action at `pointer`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Divergence {
    /// The export's action after which the figures differ (`/actions/41`).
    pub pointer: String,
    pub differences: Vec<FigureDifference>,
}
