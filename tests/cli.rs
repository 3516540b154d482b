//! The `railrules` binary: `check` on save files and `openapi`.

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

#[test]
fn check_accepts_a_good_save_file() {
    let save = save_file(1, 10);
    assert_eq!(save["actions"].as_array().unwrap().len(), 10);
    let file = write(&save);
    let output = railrules(&["check", file.path().to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    let out = stdout(&output);
    assert!(out.contains(": OK"), "{out}");
    assert!(out.contains("10 actions"), "{out}");
}

#[test]
fn check_names_the_first_bad_action() {
    let mut save = save_file(1, 10);
    let player = save["actions"][6]["player"].as_str().unwrap().to_string();
    save["actions"][6]["player"] = json!(if player == "A" { "B" } else { "A" });
    let bad = write(&save);
    let good = write(&save_file(2, 5));
    let output = railrules(&[
        "check",
        good.path().to_str().unwrap(),
        bad.path().to_str().unwrap(),
    ]);
    assert!(!output.status.success(), "{output:?}");
    let out = stdout(&output);
    assert!(out.contains("action 6 is illegal"), "{out}");
    // Every file is reported, the good one too.
    assert_eq!(out.matches(": OK").count(), 1, "{out}");
    assert_eq!(out.matches(": FAIL").count(), 1, "{out}");
}

#[test]
fn check_names_the_first_differing_pointer_of_the_final_state() {
    let mut save = save_file(1, 10);
    let cash = save["state"]["players"][1]["cash"].as_u64().unwrap();
    save["state"]["players"][1]["cash"] = json!(cash + 1);
    let file = write(&save);
    let output = railrules(&["check", file.path().to_str().unwrap()]);
    assert!(!output.status.success());
    let out = stdout(&output);
    assert!(out.contains("/players/1/cash"), "{out}");
}

#[test]
fn check_reports_unreadable_and_malformed_files() {
    let garbage = NamedTempFile::new().unwrap();
    std::fs::write(garbage.path(), b"{not json").unwrap();
    let output = railrules(&[
        "check",
        garbage.path().to_str().unwrap(),
        "/nonexistent/save.json",
    ]);
    assert!(!output.status.success());
    let out = stdout(&output);
    assert!(out.contains("malformed save file"), "{out}");
    assert!(out.contains("cannot read"), "{out}");
}

#[test]
fn openapi_prints_the_document() {
    let output = railrules(&["openapi"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.ends_with("}\n"));
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert!(doc["paths"]["/v1/railroad-barons/validate"]["post"].is_object());
    assert_eq!(text, railrules::api::openapi_json());
}
