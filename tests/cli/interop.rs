//! `import` and `export`: 18xx.games exports (docs/rules/1833ne.md#interop), and `check` of an
//! export against its recorded result.

use serde_json::{Value, json};

use crate::{railrules, save_file, stdout, write};

const NE1833_SAVE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/savegames/1833ne-greedy-4p-seed-3.json"
);

fn export_of(save: &str) -> Value {
    let output = railrules(&["export", save]);
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn export_then_import_gives_back_the_save_file() {
    let export = export_of(NE1833_SAVE);
    assert_eq!(export["title"], "1833NE");
    assert_eq!(export["actions"].as_array().unwrap().len(), 562);
    let file = write(&export);
    let output = railrules(&["import", file.path().to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    let mut imported: Value = serde_json::from_slice(&output.stdout).unwrap();
    // The import names the export it came from; the save exported had none.
    let origin = imported.as_object_mut().unwrap().remove("origin").unwrap();
    assert_eq!(origin["id"], export["id"]);
    let original: Value =
        serde_json::from_str(&std::fs::read_to_string(NE1833_SAVE).unwrap()).unwrap();
    assert_eq!(imported, original);
}

/// Issue 40, the command line takes both forms everywhere: `export` of an 18xx.games export
/// imports it and writes it again (the same export), `import` of a save file writes it as it is.
#[test]
fn export_and_import_take_either_form() {
    let export = export_of(NE1833_SAVE);
    let file = write(&export);
    let again = export_of(file.path().to_str().unwrap());
    assert_eq!(again, export, "an export exported again is the same export");
    let output = railrules(&["import", NE1833_SAVE]);
    assert!(output.status.success(), "{output:?}");
    let written: Value = serde_json::from_slice(&output.stdout).unwrap();
    let original: Value =
        serde_json::from_str(&std::fs::read_to_string(NE1833_SAVE).unwrap()).unwrap();
    assert_eq!(written, original);
    // An export the rules refuse is named so.
    let mut bad = export.clone();
    bad["actions"][2]["entity"] = json!(42);
    let bad = write(&bad);
    let output = railrules(&["export", bad.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/actions/2/entity"), "{stderr}");
}

#[test]
fn import_writes_several_files_into_a_directory() {
    let export = write(&export_of(NE1833_SAVE));
    let other = write(&export_of(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/savegames/1833ne-greedy-3p-seed-2.json"
    )));
    let (a, b) = (
        export.path().to_str().unwrap(),
        other.path().to_str().unwrap(),
    );
    // Several files need a directory.
    let output = railrules(&["import", a, b]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let dir = tempfile::tempdir().unwrap();
    let output = railrules(&["import", a, b, "-o", dir.path().to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("686 actions (562 imported, 124 inserted by flow rules, 0 left out)"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    // Each is a save file `check` passes.
    let output = railrules(&["check", dir.path().to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).contains("2 passed"), "{}", stdout(&output));
}

#[test]
fn check_accepts_an_export_and_compares_its_result() {
    let mut export = export_of(NE1833_SAVE);
    let good = write(&export);
    let output = railrules(&["check", good.path().to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    assert!(
        stdout(&output).contains("the result matches"),
        "{}",
        stdout(&output)
    );
    export["result"]["1"] = json!(300);
    let bad = write(&export);
    let output = railrules(&["check", "--format", "json", bad.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let file = &report["files"][0];
    assert_eq!(file["verdict"], "result_differs");
    assert_eq!(
        file["players"],
        json!([{"player": "1", "recorded": 300, "replayed": 42}])
    );
}

#[test]
fn import_names_the_action_and_field_it_cannot_translate() {
    let mut export = export_of(NE1833_SAVE);
    export["actions"][2]["entity"] = json!(42);
    let file = write(&export);
    let output = railrules(&["import", file.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot translate /actions/2/entity"),
        "{stderr}"
    );
    // A save file of a game with no 18xx.games title is not exported.
    let save = write(&save_file(1, 3));
    let output = railrules(&["export", save.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
}

/// `railrules import` writes the save a field a line and each action on a line of its own, so
/// that a diff of two saves shows the actions that differ; the text reads back as the save.
#[test]
fn import_writes_one_action_a_line() {
    let export = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/18xx-games/1846/hs_cvjhogoy_1599504419.json"
    );
    let output = railrules(&["import", export]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let save: Value = serde_json::from_str(&text).expect("the save reads back");
    let actions = save["actions"].as_array().unwrap();
    assert!(actions.len() > 50, "{}", actions.len());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..3],
        ["{", "  \"game\": \"1846\",", "  \"rules_version\": \"1\","]
    );
    let start = lines.iter().position(|l| *l == "  \"actions\": [").unwrap();
    for (i, action) in actions.iter().enumerate() {
        let line = lines[start + 1 + i].trim().trim_end_matches(',');
        assert_eq!(
            &serde_json::from_str::<Value>(line).unwrap(),
            action,
            "action {i}"
        );
    }
    assert!(lines[start + 1 + actions.len()].starts_with("  ]"));
}
