//! A harness for counting 1846's instructions with callgrind (issue 19's speed work): one real
//! export checked as `railrules check` does, or its imported actions replayed by the engine
//! alone, each in a function of its own so that callgrind counts only that part:
//!
//! ```text
//! cargo build --profile bench --example prof1846
//! valgrind --tool=callgrind --toggle-collect='prof1846::check_only' \
//!     target/release/examples/prof1846 tests/data/18xx-games/1846/3099.json check
//! valgrind --tool=callgrind --toggle-collect='prof1846::replay_only' \
//!     target/release/examples/prof1846 tests/data/18xx-games/1846/3099.json replay
//! ```
//!
//! The component data is read once before (`warm`), so neither count includes it.
use railrules::core::{Game, Replay};
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::Action;
use railrules::games::g1846::setup::Options;
use railrules::import::export_18xx::Export;
use railrules::import::title;

#[inline(never)]
fn replay_only(options: &Options, seed: u64, actions: &[Action]) -> usize {
    let state = G1846::setup(options, seed).unwrap();
    match railrules::core::replay(state, actions) {
        Replay::Completed { state, .. } => state.moves as usize,
        Replay::Refused { index, .. } => panic!("action {index} refused"),
    }
}

#[inline(never)]
fn check_only(bytes: &[u8]) -> bool {
    railrules::import::check_export(bytes).is_valid()
}

#[inline(never)]
fn warm(bytes: &[u8]) -> bool {
    let export = Export::parse(std::str::from_utf8(bytes).unwrap()).unwrap();
    title::import::<G1846>(&export).is_ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&args[1]).unwrap();
    let mode = args.get(2).map(String::as_str).unwrap_or("check");
    // warm the one-time data
    assert!(warm(&bytes));
    match mode {
        "check" => assert!(check_only(&bytes)),
        "replay" => {
            let export = Export::parse(std::str::from_utf8(&bytes).unwrap()).unwrap();
            let imported = title::import::<G1846>(&export).unwrap();
            let setup = imported.save.setup;
            let options: Options = serde_json::from_value(setup.options.unwrap()).unwrap();
            let actions: Vec<Action> =
                serde_json::from_value(imported.save.actions.into()).unwrap();
            println!("{}", replay_only(&options, setup.seed, &actions));
        }
        other => panic!("mode `{other}`: check or replay"),
    }
}
