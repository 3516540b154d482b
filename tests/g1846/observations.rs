//! The 770 share-price observations of the real games (tests/data/1846-market-observations.csv)
//! checked in the engine's own replay of an imported game (issue 19.4): each row names the
//! export action (its `id`) during which 18xx.games moved a corporation's price, from its
//! price before to its price after (the rows of one corporation at one action, as at the end of
//! a stock round or in a bankruptcy, follow one another: one observation). The engine's moves
//! of each corporation's price must be exactly its moving observations, in order, each made by a
//! save action that belongs to the observation's export action: the one translated from it, or
//! one the flow rules inserted between the translated actions around it (what the site did by
//! itself while processing it, or a dropped action there: the importer inserts such actions
//! when the export's next action needs them, so they may come on either side). An observation
//! without a move must find the engine's price so there. A closed corporation's price is 0.
//!
//! This is apart from `market.rs`, which replays the prices by the kit's market rules alone
//! over a ledger of the export: here the whole engine moves them, as a user's replay does.

use crate::replay::{Row, rows_of};
use railrules::core::Game;
use railrules::games::g1846::G1846;
use railrules::games::g1846::data::components;
use railrules::games::g1846::state::State;
use railrules::import::export_18xx::Export;
use railrules::import::title::Imported;
use std::collections::BTreeMap;

/// The index of the export action a save action came from (`/actions/N...`).
fn host_index(pointer: &str) -> Option<usize> {
    pointer.split('/').nth(2)?.parse().ok()
}

/// Each corporation's price (its symbol, `B&O`...), 0 once closed.
fn prices(state: &State) -> BTreeMap<&'static str, u32> {
    let market = &components().market;
    state
        .companies
        .iter()
        .filter(|c| !c.company.is_minor())
        .filter_map(|c| {
            let price = if c.closed {
                0
            } else {
                market[usize::from(c.price?)]
            };
            Some((c.company.symbol(), price))
        })
        .collect()
}

/// One save action of the replay: where in the export it stands, and the prices around it.
struct Step {
    /// The export actions it may belong to, by index: its own for a translated action; for an
    /// inserted one, from the translated action before it to the one after it (the site did
    /// it by itself while processing one of those, or a dropped action between them).
    window: (usize, usize),
    before: BTreeMap<&'static str, u32>,
    after: BTreeMap<&'static str, u32>,
}

/// Replays the imported save from setup, noting each action's window and the prices around it.
fn replay(imported: &Imported<G1846>) -> Vec<Step> {
    let setup = &imported.save.setup;
    let options = serde_json::from_value(setup.options.clone().unwrap()).unwrap();
    let mut state = G1846::setup(&options, setup.seed).unwrap();
    let translated: Vec<Option<usize>> = imported
        .origins
        .iter()
        .map(|o| o.rule.is_none().then(|| host_index(&o.pointer)).flatten())
        .collect();
    let mut steps = Vec::new();
    for (k, action) in imported.save.actions.iter().enumerate() {
        let window = match translated[k] {
            Some(own) => (own, own),
            None => (
                translated[..k]
                    .iter()
                    .rev()
                    .flatten()
                    .next()
                    .copied()
                    .unwrap_or(0),
                translated[k + 1..]
                    .iter()
                    .flatten()
                    .next()
                    .copied()
                    .unwrap_or(usize::MAX),
            ),
        };
        let before = prices(&state);
        let action = serde_json::from_value(action.clone()).unwrap();
        G1846::apply(&mut state, &action).unwrap();
        steps.push(Step {
            window,
            before,
            after: prices(&state),
        });
    }
    steps
}

/// Every row of the game whose price the engine's replay does not reproduce, and every move of
/// the engine's no row records, described. The rows of one corporation at one action are one
/// observation (its first row's price before, its last row's after); the engine's moves of a
/// corporation must be the moving observations in order, each by an action whose window holds
/// the observation's action; an observation without a move must find the price so within its
/// action's window.
pub fn rows_not_reproduced(name: &str, export: &Export, imported: &Imported<G1846>) -> Vec<String> {
    let by_id: BTreeMap<u64, usize> = export
        .actions
        .iter()
        .enumerate()
        .filter_map(|(i, a)| Some((a.get("id").as_u64()?, i)))
        .collect();
    let steps = replay(imported);
    // The observations of each corporation, in the export's order.
    let mut observed: BTreeMap<String, BTreeMap<u64, Vec<Row>>> = BTreeMap::new();
    for row in rows_of(name) {
        observed
            .entry(row.get("corporation").to_string())
            .or_default()
            .entry(row.id())
            .or_default()
            .push(row);
    }
    let mut wrong = Vec::new();
    for (corporation, at) in &observed {
        let corporation = corporation.as_str();
        // The engine's moves of this corporation's price, in order.
        let mut moves = steps.iter().filter_map(|s| {
            let (from, to) = (*s.before.get(corporation)?, *s.after.get(corporation)?);
            (from != to).then_some((s.window, from, to))
        });
        for (id, rows) in at {
            let Some(&index) = by_id.get(id) else {
                wrong.push(format!("{name}: no export action has id {id}"));
                continue;
            };
            let last = &rows[rows.len() - 1];
            let (before, after) = (rows[0].number("price_before"), last.number("price_after"));
            let within = |(from, to): (usize, usize)| from <= index && index <= to;
            if before == after {
                let seen = steps
                    .iter()
                    .filter(|s| within(s.window))
                    .any(|s| s.before.get(corporation) == Some(&before));
                if !seen {
                    wrong.push(format!(
                        "{}: the engine's {corporation} is never at ${before} there",
                        last.describe()
                    ));
                }
                continue;
            }
            match moves.next() {
                Some((window, from, to)) if within(window) && (from, to) == (before, after) => {}
                other => wrong.push(format!(
                    "{}: the engine's next move of {corporation} is {other:?} (window, from, to)",
                    last.describe()
                )),
            }
        }
        for (window, from, to) in moves {
            wrong.push(format!(
                "{name}: the engine moves {corporation} from ${from} to ${to} at export actions {window:?}, where no row does"
            ));
        }
    }
    wrong
}
