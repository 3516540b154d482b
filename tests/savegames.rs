//! Every save file in examples/savegames/ replays to its recorded final state, and a corrupted
//! copy is caught with the index of its first bad action.

use railrules::core::save::{SaveVerdict, check_save};
use serde_json::Value;

fn savegames() -> Vec<(String, Vec<u8>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no save files in {dir}");
    files
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect()
}

#[test]
fn every_example_save_file_is_valid_and_compares_its_final_state() {
    for (name, bytes) in savegames() {
        let verdict = check_save(&bytes);
        assert!(
            matches!(
                verdict,
                SaveVerdict::Valid {
                    final_state_compared: true,
                    ..
                }
            ),
            "{name}: {verdict:?}"
        );
    }
}

#[test]
fn a_corrupted_action_is_named_by_its_index() {
    for (name, bytes) in savegames() {
        let mut save: Value = serde_json::from_slice(&bytes).unwrap();
        // The second action answered as the wrong seat.
        let action = &mut save["actions"][1]["player"];
        *action = Value::from(if action == "A" { "B" } else { "A" });
        let verdict = check_save(&serde_json::to_vec(&save).unwrap());
        match verdict {
            SaveVerdict::IllegalAction {
                index, violation, ..
            } => {
                assert_eq!(
                    (index, violation.code.as_str()),
                    (1, "not_your_turn"),
                    "{name}"
                );
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn a_tampered_final_state_is_named_by_its_pointer() {
    for (name, bytes) in savegames() {
        let mut save: Value = serde_json::from_slice(&bytes).unwrap();
        save["state"]["players"][0]["cash"] = Value::from(1);
        match check_save(&serde_json::to_vec(&save).unwrap()) {
            SaveVerdict::FinalStateDiffers { pointer, .. } => {
                assert_eq!(pointer, "/players/0/cash", "{name}")
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn another_rules_version_is_refused_naming_both() {
    let (_, bytes) = savegames().remove(0);
    let mut save: Value = serde_json::from_slice(&bytes).unwrap();
    save["rules_version"] = Value::from("0");
    match check_save(&serde_json::to_vec(&save).unwrap()) {
        SaveVerdict::Malformed { problem } => {
            assert!(
                problem.contains("`0`") && problem.contains("`1`"),
                "{problem}"
            );
        }
        other => panic!("{other:?}"),
    }
}
