//! `railrules check --format html` (issue 21.3): one page a CI job keeps, a section per file,
//! and for a file with an illegal action the action, its violation and the board drawn before
//! it: the very drawing `render` gives of the state the replay reached there.

use std::process::Command;

use railrules::core::save::SaveVerdict;
use railrules::core::{Game, Replay, replay};
use railrules::games::ne1833::Ne1833;
use railrules::registry::check_save;
use serde_json::Value;

fn root(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The recorded 1833NE game with the first tile lay after action 300 turned by one step.
fn tampered_1833ne() -> (Value, usize) {
    let mut save: Value = serde_json::from_str(
        &std::fs::read_to_string(root("examples/savegames/1833ne-greedy-3p-seed-2.json")).unwrap(),
    )
    .unwrap();
    let actions = save["actions"].as_array_mut().unwrap();
    let at = (300..actions.len())
        .find(|&i| actions[i]["type"] == "lay_tile")
        .unwrap();
    let rotation = actions[at]["rotation"].as_u64().unwrap();
    actions[at]["rotation"] = ((rotation + 1) % 6).into();
    (save, at)
}

/// The recorded 1846 game 3099 with a tile lay after action 400 turned by one step.
fn tampered_export() -> Value {
    let mut export: Value = serde_json::from_str(
        &std::fs::read_to_string(root("tests/data/18xx-games/1846/3099.json")).unwrap(),
    )
    .unwrap();
    let actions = export["actions"].as_array_mut().unwrap();
    let at = (400..actions.len())
        .find(|&i| actions[i]["type"] == "lay_tile")
        .unwrap();
    let rotation = actions[at]["rotation"].as_u64().unwrap();
    actions[at]["rotation"] = ((rotation + 1) % 6).into();
    export
}

/// The drawing of the state before action `index` of `save`, by the library.
fn drawing_before(save: &Value, index: usize) -> String {
    let options = serde_json::from_value(save["setup"]["options"].clone()).unwrap();
    let start = Ne1833::setup(&options, save["setup"]["seed"].as_u64().unwrap()).unwrap();
    let actions: Vec<<Ne1833 as Game>::Action> =
        serde_json::from_value(save["actions"].clone()).unwrap();
    match replay::<Ne1833>(start, &actions[..index]) {
        Replay::Completed { state, .. } => Ne1833::render(&state).unwrap(),
        Replay::Refused { index, .. } => panic!("the recorded game refuses action {index}"),
    }
}

/// The text of the page's section of file number `i`.
fn section(page: &str, i: usize) -> &str {
    let start = page
        .find(&format!("<section id=\"file-{i}\""))
        .unwrap_or_else(|| panic!("no section {i}"));
    let end = page[start..].find("</section>").unwrap() + start;
    &page[start..end]
}

fn escaped(text: &str) -> String {
    railrules::core::svg::escape(text)
}

#[test]
fn the_html_report_shows_each_file_and_the_board_before_the_first_illegal_action() {
    let dir = tempfile::tempdir().unwrap();
    let (save, at) = tampered_1833ne();
    let bad_save = dir.path().join("a-bad-1833ne.json");
    std::fs::write(&bad_save, serde_json::to_vec(&save).unwrap()).unwrap();
    let bad_export = dir.path().join("b-bad-3099.json");
    std::fs::write(&bad_export, serde_json::to_vec(&tampered_export()).unwrap()).unwrap();
    let good = dir.path().join("c-good.json");
    std::fs::copy(
        root("examples/savegames/railroad-barons-greedy-seed-1.json"),
        &good,
    )
    .unwrap();

    let output = Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(["check", "--format", "html"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "two files fail");
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.starts_with("<!doctype html>"));
    assert_eq!(page.matches("<section id=\"file-").count(), 3);
    assert!(
        page.contains("3 file(s): 1 passed, 2 failed"),
        "the summary"
    );
    // Nothing fetched: the only addresses are the drawings' SVG namespace.
    let addresses = page.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assert!(!addresses.contains("http://") && !addresses.contains("https://"));

    // The tampered save: its verdict's action and violation, and the board before it, drawn
    // exactly as the library draws the state the replay reaches there.
    let SaveVerdict::IllegalAction {
        index, violation, ..
    } = check_save(&serde_json::to_vec(&save).unwrap())
    else {
        panic!("the tampered save is refused");
    };
    assert_eq!(index, at);
    let first = section(&page, 0);
    assert!(first.contains("class=\"fail\""), "{first:.300}");
    assert!(first.contains(&format!("The first illegal action: action {at}")));
    assert!(
        first.contains(&escaped(&violation.message)),
        "the violation's message"
    );
    assert!(
        first.contains(&drawing_before(&save, at)),
        "the board before action {at}"
    );

    // The tampered export: its pointer, and a board.
    let second = section(&page, 1);
    assert!(second.contains("class=\"fail\"") && second.contains("/actions/"));
    assert_eq!(
        second.matches("<svg").count(),
        1,
        "the board before the export's action"
    );

    // The good file: a line, no board.
    let third = section(&page, 2);
    assert!(third.contains("class=\"ok\"") && third.contains("OK"));
    assert!(!third.contains("<svg"));
}
