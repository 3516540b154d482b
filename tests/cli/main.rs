//! The `railrules` binary: `check` on save files, `serve`, `openapi`, and `import` and `export`
//! of 18xx.games exports.

#[path = "../common/binary.rs"]
mod binary;
mod check;
mod interop;
mod readme;
mod serve;

use std::process::{Command, Output};

use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use serde_json::{Value, json};
use tempfile::NamedTempFile;

fn railrules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A save file of `n` actions (each the first legal one) from setup with `seed`, with its
/// final state recorded.
fn save_file(seed: u64, n: usize) -> Value {
    let mut state = RailroadBarons::setup(&Default::default(), seed).unwrap();
    let mut actions = Vec::new();
    for _ in 0..n {
        let Some(action) = RailroadBarons::legal_actions(&state).into_iter().next() else {
            break;
        };
        RailroadBarons::apply(&mut state, &action).unwrap();
        actions.push(action);
    }
    json!({
        "game": RailroadBarons::ID,
        "rules_version": RailroadBarons::RULES_VERSION,
        "setup": {"options": {}, "seed": seed},
        "actions": actions,
        "state": state,
    })
}

fn write(save: &Value) -> NamedTempFile {
    let file = NamedTempFile::new().unwrap();
    std::fs::write(file.path(), serde_json::to_vec_pretty(save).unwrap()).unwrap();
    file
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A folder with two good save files and a bad one, the bad one in a subfolder.
fn folder_of_saves() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("more")).unwrap();
    let mut bad = save_file(3, 8);
    let player = bad["actions"][2]["player"].as_str().unwrap().to_string();
    bad["actions"][2]["player"] = json!(if player == "A" { "B" } else { "A" });
    for (name, save) in [
        ("a.json", save_file(1, 10)),
        ("b.json", save_file(2, 5)),
        ("more/c.json", bad),
    ] {
        std::fs::write(dir.path().join(name), serde_json::to_vec(&save).unwrap()).unwrap();
    }
    std::fs::write(dir.path().join("notes.txt"), "not a save file").unwrap();
    // JSON that is not a save file: a package's manifest, and check's own report.
    std::fs::write(
        dir.path().join("package.json"),
        r#"{"name": "ui", "version": "1.0.0"}"#,
    )
    .unwrap();
    std::fs::write(
        dir.path().join("more/report.json"),
        r#"{"files": [], "summary": {"files": 0}}"#,
    )
    .unwrap();
    dir
}
