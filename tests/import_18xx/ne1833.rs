//! 1833NE: railrules' recorded games written as exports and read back
//! (docs/rules/1833ne.md#interop): the save imported back exactly, the export's title, players,
//! seed and result, and an export refused or tampered with named at its index and field.

use railrules::core::save::SaveFile;
use railrules::games::ne1833::Ne1833;
use railrules::import::export_18xx::Export;
use railrules::import::title::{self, ExportVerdict, Failure, Imported};
use serde_json::{Value, json};

use crate::FIXTURES;

pub(crate) fn ne1833_saves() -> Vec<(String, SaveFile)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("1833ne-")
        })
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let save = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            (name, save)
        })
        .collect()
}

/// The 4-player recorded game (686 actions).
pub(crate) fn four_players() -> SaveFile {
    ne1833_saves().remove(1).1
}

pub(crate) fn export_json(save: &SaveFile) -> Value {
    title::export::<Ne1833>(save).unwrap()
}

/// Leaked: an export borrows its text, and a test's few exports may live to its end.
fn read(export: &Value) -> Export<'static> {
    Export::parse(Box::leak(export.to_string().into_boxed_str())).unwrap()
}

pub(crate) fn import(export: &Value) -> Result<Imported<Ne1833>, Failure> {
    title::import::<Ne1833>(&read(export))
}

fn check(export: &Value) -> ExportVerdict {
    railrules::import::check_export(export.to_string().as_bytes())
}

pub(crate) fn actions(export: &mut Value) -> &mut Vec<Value> {
    export["actions"].as_array_mut().unwrap()
}

/// The index of the first action of the export that `pick` accepts.
pub(crate) fn find(export: &Value, pick: impl Fn(&Value) -> bool) -> usize {
    export["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(pick)
        .unwrap()
}

pub(crate) fn untranslatable(failure: Failure) -> railrules::import::export_18xx::ImportError {
    match failure {
        Failure::Untranslatable(e) => e,
        other => panic!("{other:?}"),
    }
}

#[test]
fn each_recorded_1833ne_save_imports_back_from_its_export_exactly() {
    let saves = ne1833_saves();
    assert_eq!(saves.len(), 3);
    // (save, actions, written in the export, inserted again by the flow rules)
    let expected = [
        ("1833ne-greedy-3p-seed-2.json", 536, 428, 108),
        ("1833ne-greedy-4p-seed-3.json", 686, 562, 124),
        ("1833ne-greedy-5p-seed-3.json", 1211, 819, 392),
    ];
    for ((name, save), (file, total, written, inserted)) in saves.iter().zip(expected) {
        assert_eq!(name, file);
        let export = export_json(save);
        assert_eq!(
            export["actions"].as_array().unwrap().len(),
            written,
            "{name}"
        );
        let imported = import(&export).unwrap_or_else(|f| panic!("{name}: {f:?}"));
        // The save, and beside it the export it came from (which a save written here lacks).
        let mut back = imported.save.clone();
        let origin = back
            .origin
            .take()
            .expect("an imported save names its origin");
        assert_eq!(origin.id, export["id"], "{name}");
        assert_eq!(
            serde_json::to_value(&origin.players).unwrap(),
            export["players"],
            "{name}"
        );
        assert_eq!(
            serde_json::to_value(&back).unwrap(),
            serde_json::to_value(save).unwrap(),
            "{name}"
        );
        assert_eq!(imported.save.actions.len(), total, "{name}");
        assert_eq!(
            (imported.imported, imported.inserted, imported.dropped),
            (written, inserted, 0),
            "{name}"
        );
        // Each inserted action names its rule and the export's action it came before.
        for origin in imported.origins.iter().filter(|o| o.rule.is_some()) {
            assert!(origin.pointer.starts_with("/actions/"), "{origin:?}");
        }
    }
}

#[test]
fn an_export_names_the_title_the_players_the_seed_and_the_result() {
    let save = four_players();
    let export = export_json(&save);
    assert_eq!(export["title"], "1833NE");
    assert_eq!(export["status"], "finished");
    assert_eq!(export["settings"]["seed"], 3);
    assert_eq!(
        export["players"],
        json!([{"id": 1, "name": "seat-1"}, {"id": 2, "name": "seat-2"},
               {"id": 3, "name": "seat-3"}, {"id": 4, "name": "seat-4"}])
    );
    // The final ranking of the save: seat-3 $6,572, seat-4 $77, seat-1 $42, seat-2 $0
    // (bankrupt).
    assert_eq!(
        export["result"],
        json!({"1": 42, "2": 0, "3": 6572, "4": 77})
    );
    // The company acts; its president's seat is not written.
    let first_par = &export["actions"][find(&export, |a| a["type"] == "par")];
    assert_eq!(
        *first_par,
        json!({"type": "par", "entity": 3, "entity_type": "player", "id": 16,
               "corporation": "B&P", "share_price": "137,0,13"})
    );
    let lay = &export["actions"][find(&export, |a| a["type"] == "lay_tile")];
    assert_eq!(lay["entity_type"], "corporation");
    assert_eq!(lay["tile"], "5-0");
}

#[test]
fn check_of_an_export_compares_its_result_with_railrules_scores() {
    let mut export = export_json(&four_players());
    assert_eq!(
        check(&export),
        ExportVerdict::Valid {
            actions: 686,
            imported: 562,
            inserted: 124,
            dropped: 0,
            result_compared: true,
            figures_compared: None
        }
    );
    export["result"]["3"] = json!(6573);
    match check(&export) {
        ExportVerdict::ResultDiffers { players, .. } => {
            assert_eq!(players.len(), 1);
            assert_eq!(players[0].player, "3");
            assert_eq!(players[0].recorded, Some(6573));
            assert_eq!(players[0].replayed, 6572);
        }
        other => panic!("{other:?}"),
    }
    // A game cut short is compared as it would score at its last action.
    let mut short = export_json(&four_players());
    actions(&mut short).truncate(100);
    short["result"] = json!({"1": 1, "2": 2, "3": 3, "4": 4});
    assert!(
        matches!(check(&short), ExportVerdict::ResultDiffers { players, .. } if players.len() == 4)
    );
}

#[test]
fn an_export_of_another_title_is_refused_naming_the_title() {
    let text = std::fs::read_to_string(format!("{FIXTURES}/3099.json")).unwrap();
    // 1846 is read now: a title railrules does not read is 1830's.
    let mut other: Value = serde_json::from_str(&text).unwrap();
    other["title"] = Value::from("1830");
    match railrules::import::check_export(other.to_string().as_bytes()) {
        ExportVerdict::Malformed { pointer, problem } => {
            assert_eq!(pointer, "/title");
            assert!(problem.contains("`1830`"), "{problem}");
        }
        other => panic!("{other:?}"),
    }
    let export = Export::parse(&text).unwrap();
    let e = untranslatable(
        title::import::<Ne1833>(&export)
            .map(|_| ())
            .expect_err("the import fails"),
    );
    assert_eq!(e.pointer, "/title");
    // Through the dispatch with a game named: an 1833NE export is not another game's.
    let ne = read(&export_json(&four_players()));
    let e = untranslatable(
        railrules::import::import(&ne, Some("railroad-barons"))
            .map(|_| ())
            .expect_err("the import fails"),
    );
    assert_eq!(e.pointer, "/title");
}

#[test]
fn an_unknown_action_type_or_entity_is_named_with_its_index_and_field() {
    let mut export = export_json(&four_players());
    actions(&mut export)[5]["type"] = json!("take_loan");
    let e = untranslatable(import(&export).map(|_| ()).expect_err("the import fails"));
    assert_eq!(e.pointer, "/actions/5/type");
    assert!(
        matches!(check(&export), ExportVerdict::Untranslatable { pointer, .. } if pointer == "/actions/5/type")
    );

    let mut export = export_json(&four_players());
    actions(&mut export)[3]["entity"] = json!(99);
    assert_eq!(
        untranslatable(import(&export).map(|_| ()).expect_err("the import fails")).pointer,
        "/actions/3/entity"
    );

    let mut export = export_json(&four_players());
    let lay = find(&export, |a| a["type"] == "lay_tile");
    let company = export["actions"][lay]["entity"].clone();
    actions(&mut export)[lay]["entity"] = json!("PRR");
    assert_eq!(
        untranslatable(import(&export).map(|_| ()).expect_err("the import fails")).pointer,
        format!("/actions/{lay}/entity")
    );
    actions(&mut export)[lay]["entity"] = company;
    actions(&mut export)[lay]["tile"] = json!("5");
    assert_eq!(
        untranslatable(import(&export).map(|_| ()).expect_err("the import fails")).pointer,
        format!("/actions/{lay}/tile")
    );

    let mut export = export_json(&four_players());
    let buy = find(&export, |a| {
        a["type"] == "buy_shares" && a["entity_type"] == "player"
    });
    actions(&mut export)[buy]["shares"] = json!(["RR_0"]);
    let e = untranslatable(import(&export).map(|_| ()).expect_err("the import fails"));
    assert_eq!(e.pointer, format!("/actions/{buy}/shares/0"));
    assert!(e.message.contains("held by seat-3"), "{}", e.message);
}

#[test]
fn a_tampered_price_is_the_first_illegal_action_or_a_result_that_differs() {
    // A bid under the private's price: refused where it stands.
    let mut export = export_json(&four_players());
    actions(&mut export)[0]["price"] = json!(5);
    match check(&export) {
        ExportVerdict::IllegalAction {
            pointer,
            rule,
            index,
            violation,
            ..
        } => {
            assert_eq!((pointer.as_str(), rule, index), ("/actions/0", None, 0));
            assert_eq!(violation.code, "bid_too_low");
        }
        other => panic!("{other:?}"),
    }
    // A par at another price the game allows: the market space no longer matches it.
    let mut export = export_json(&four_players());
    let par = find(&export, |a| a["type"] == "par");
    actions(&mut export)[par]["share_price"] = json!("100,0,11");
    match check(&export) {
        ExportVerdict::Untranslatable { pointer, .. } => {
            assert_eq!(pointer, format!("/actions/{par}/share_price"));
        }
        other => panic!("{other:?}"),
    }
    // The same, its column changed too ($100 is column 10): it plays, and the game goes
    // another way.
    actions(&mut export)[par]["share_price"] = json!("100,0,10");
    // (Here B&P, started at $100 rather than $137, changes who acts: at /actions/23 seat-4's
    // purchase comes when seat-3 is to act.)
    match check(&export) {
        ExportVerdict::IllegalAction {
            pointer, violation, ..
        } => {
            assert_eq!(pointer, "/actions/23");
            assert_eq!(violation.code, "not_your_turn");
        }
        other => panic!("{other:?}"),
    }
    // A higher bid that is still legal: the game goes another way.
    let mut export = export_json(&four_players());
    actions(&mut export)[0]["price"] = json!(85);
    let verdict = check(&export);
    assert!(!verdict.is_valid(), "{verdict:?}");
}

#[test]
fn an_action_moved_is_the_first_illegal_action_with_its_export_index() {
    let mut export = export_json(&four_players());
    actions(&mut export).swap(1, 2);
    match check(&export) {
        ExportVerdict::IllegalAction {
            pointer, violation, ..
        } => {
            assert_eq!(pointer, "/actions/1");
            assert_eq!(violation.code, "not_your_turn");
        }
        other => panic!("{other:?}"),
    }
}
