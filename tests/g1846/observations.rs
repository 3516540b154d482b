//! The 770 share-price observations of the real games (tests/data/1846-market-observations.csv)
//! checked in the engine's own replay of an imported game (issue 19.4): each row names the
//! export action (its `id`) during which 18xx.games moved a corporation's price. The engine's
//! price of that corporation just before the save's actions of that export action must be the
//! row's `price_before`, and just after them the `price_after` of the corporation's last row
//! there. The save's actions of an export action are the one translated from it and those the
//! flow rules inserted for what the site did by itself while processing it: before a pass (a
//! step ended, the steps after it skipped: no route, a $0 dividend), or else after the action
//! before the one they were inserted before. Several rows at one action, as at the end of a
//! stock round or a bankruptcy, follow one another. A closed corporation's price is 0.
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

/// The prices before and after each export action that some save action came from, by that
/// action's index in the export.
struct Around {
    before: BTreeMap<usize, BTreeMap<&'static str, u32>>,
    after: BTreeMap<usize, BTreeMap<&'static str, u32>>,
}

/// The export actions 18xx.games processed, by index, in order (undone actions and messages
/// left out).
fn processed(export: &Export) -> Vec<usize> {
    let mut hosts: Vec<usize> = export
        .played()
        .unwrap()
        .iter()
        .filter(|p| p.action["type"] != "message")
        .filter_map(|p| host_index(&p.pointer))
        .collect();
    hosts.dedup();
    hosts
}

/// Replays the imported save from setup, noting the prices around each export action.
fn replay(export: &Export, imported: &Imported<G1846>) -> Around {
    let processed = processed(export);
    let setup = &imported.save.setup;
    let options = serde_json::from_value(setup.options.clone().unwrap()).unwrap();
    let mut state = G1846::setup(&options, setup.seed).unwrap();
    let mut around = Around {
        before: BTreeMap::new(),
        after: BTreeMap::new(),
    };
    for (action, origin) in imported.save.actions.iter().zip(&imported.origins) {
        let at = host_index(&origin.pointer).unwrap_or(usize::MAX);
        // An inserted action is what 18xx.games did by itself while processing an action:
        // the pass it was inserted before, when a pass ends a step and the site skips the
        // steps after it with nothing to do (no route, a $0 dividend); otherwise the action
        // before, after which the site went on by itself to the action it was inserted before.
        let host = match origin.rule {
            Some(_) if export.actions.get(at).is_some_and(|a| a["type"] != "pass") => processed
                .iter()
                .rev()
                .find(|&&i| i < at)
                .copied()
                .unwrap_or(at),
            _ => at,
        };
        around.before.entry(host).or_insert_with(|| prices(&state));
        let action = serde_json::from_value(action.clone()).unwrap();
        G1846::apply(&mut state, &action).unwrap();
        around.after.insert(host, prices(&state));
    }
    around
}

/// The price of `corporation` at the nearest point at or before `index` (an export action no
/// save action came from, such as a dropped one, changes nothing).
fn price_at(
    noted: &BTreeMap<usize, BTreeMap<&'static str, u32>>,
    index: usize,
    corporation: &str,
) -> Option<u32> {
    noted
        .range(..=index)
        .next_back()
        .and_then(|(_, prices)| prices.get(corporation).copied())
}

/// Every row of the game whose price the engine's replay does not reproduce, described.
pub fn rows_not_reproduced(name: &str, export: &Export, imported: &Imported<G1846>) -> Vec<String> {
    let by_id: BTreeMap<u64, usize> = export
        .actions
        .iter()
        .enumerate()
        .filter_map(|(i, a)| Some((a["id"].as_u64()?, i)))
        .collect();
    let around = replay(export, imported);
    // The rows of one corporation at one action, in the file's order.
    let mut at: BTreeMap<(u64, String), Vec<Row>> = BTreeMap::new();
    for row in rows_of(name) {
        at.entry((row.id(), row.get("corporation").to_string()))
            .or_default()
            .push(row);
    }
    let mut wrong = Vec::new();
    for ((id, corporation), rows) in &at {
        let Some(&index) = by_id.get(id) else {
            wrong.push(format!("{name}: no export action has id {id}"));
            continue;
        };
        let (first, last) = (&rows[0], &rows[rows.len() - 1]);
        // Before: as things stood after the export's previous actions.
        let before = index
            .checked_sub(1)
            .and_then(|i| price_at(&around.after, i, corporation))
            .or_else(|| {
                around
                    .before
                    .get(&index)?
                    .get(corporation.as_str())
                    .copied()
            });
        let after = price_at(&around.after, index, corporation);
        let expected = (first.number("price_before"), last.number("price_after"));
        if (before, after) != (Some(expected.0), Some(expected.1)) {
            wrong.push(format!(
                "{}: the engine's {corporation} goes {before:?} -> {after:?}",
                last.describe()
            ));
        }
    }
    wrong
}
