//! 1846 against 18xx.games' production engine (issue 37): games the engine played with a random
//! policy, replayed here with the engine's figures after every action (a trace) compared along
//! the way. The files are tests/data/18xx-games/1846-oracle (their README names the engine's
//! commit and the seeds). Each part holds the rulings of one concern that the engine's games
//! (or railrules' own, replayed by the engine) settled.

mod bankruptcy;
mod emergency_money;
mod privates;
mod receivership;
mod samples;
mod track;
mod turns;

use std::io::Read;

use railrules::core::{Checked, Game};
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::Action;
use railrules::import::check_export_traced;
use railrules::import::export_18xx::Export;
use railrules::import::title::{self, ExportVerdict};

const DIR: &str = "tests/data/18xx-games/1846-oracle";

fn gunzip(path: &str) -> Vec<u8> {
    let file = std::fs::File::open(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(file)
        .read_to_end(&mut bytes)
        .unwrap();
    bytes
}

/// The generated game `name` and its trace, both cut to the first `upto` actions of the log.
fn cut(name: &str, upto: Option<usize>) -> (Vec<u8>, Vec<u8>) {
    let mut export: serde_json::Value =
        serde_json::from_slice(&gunzip(&format!("{DIR}/{name}.json.gz"))).unwrap();
    let mut trace: Vec<serde_json::Value> =
        serde_json::from_slice(&gunzip(&format!("{DIR}/{name}.trace.json.gz"))).unwrap();
    if let Some(upto) = upto {
        export["actions"].as_array_mut().unwrap().truncate(upto);
        export["status"] = "active".into();
        export["result"] = serde_json::json!({});
        trace.truncate(upto);
    }
    (
        serde_json::to_vec(&export).unwrap(),
        serde_json::to_vec(&trace).unwrap(),
    )
}

fn verdict(name: &str, upto: Option<usize>) -> ExportVerdict {
    let (export, trace) = cut(name, upto);
    check_export_traced(&export, Some(&trace))
}

fn assert_agrees(name: &str, upto: Option<usize>) {
    match verdict(name, upto) {
        ExportVerdict::Valid {
            figures_compared: Some(n),
            ..
        } => assert!(n > 0, "{name}: no figure compared"),
        other => panic!("{name} (first {upto:?} actions): {other:?}"),
    }
}

/// The state of engine game `name` after its first `upto` actions (what the flow rules insert
/// after the last included).
fn imported_state(name: &str, upto: usize) -> Checked<G1846> {
    let (export, _) = cut(name, Some(upto));
    let export = Export::parse(std::str::from_utf8(&export).unwrap()).unwrap();
    Checked::new(title::import::<G1846>(&export).unwrap().state).unwrap()
}

/// The code `action` is refused with (on a copy of `state`).
fn refused(state: &Checked<G1846>, action: &Action) -> String {
    let mut copy = state.clone();
    G1846::apply(&mut copy, action).unwrap_err().code
}

/// A position of tests/data/18xx-games/1846-positions: a state railrules reached in a playout
/// and the actions that came next there.
pub(crate) fn position(file: &str) -> (Checked<G1846>, Vec<Action>) {
    let path = format!(
        "{}/tests/data/18xx-games/1846-positions/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let data: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let state = Checked::new(serde_json::from_value(data["state"].clone()).unwrap()).unwrap();
    (
        state,
        serde_json::from_value(data["actions"].clone()).unwrap(),
    )
}

/// A railrules save of tests/data/18xx-games/1846-rr-playouts.
fn rr_playout(file: &str) -> railrules::core::save::SaveFile {
    let path = format!(
        "{}/tests/data/18xx-games/1846-rr-playouts/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// A railrules playout from before a rule, cut after the action the rule now refuses: the
/// state before that last action (every earlier one still accepted) and the action.
fn before_refused_last(file: &str) -> (Checked<G1846>, Action) {
    let save = rr_playout(file);
    let mut actions: Vec<Action> = serde_json::from_value(save.actions.clone().into()).unwrap();
    let options = serde_json::from_value(save.setup.options.clone().unwrap()).unwrap();
    let mut state = G1846::setup(&options, save.setup.seed).unwrap();
    let last = actions.pop().unwrap();
    for action in &actions {
        G1846::apply(&mut state, action).unwrap();
    }
    (state, last)
}
