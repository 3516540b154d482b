//! 18xx.games exports read as the engine reads them (issue 19, item 3): the twelve real 1846
//! games of tobymao/18xx's fixtures (tests/data/18xx-games/, with its README), their logs with
//! undone actions dropped, checked against the engine's own replay of them: every dividend the
//! engine paid (tests/data/1846-market-observations.csv, recorded by that engine) is an action
//! played here, and every dividend played here is one the engine paid.

use railrules::import::export_18xx::Export;
use std::collections::{BTreeMap, BTreeSet};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/18xx-games/1846");

fn exports() -> Vec<(String, Export<'static>)> {
    let mut files: Vec<_> = std::fs::read_dir(FIXTURES)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(&p).unwrap();
            // Leaked: an export borrows its text, and a test's few files may live to its end.
            let text: &'static str = Box::leak(text.into_boxed_str());
            let export = Export::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, export)
        })
        .collect()
}

/// (fixture, action id) of every explicit dividend the engine recorded.
fn engine_dividends() -> BTreeSet<(String, u64)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/1846-market-observations.csv"
    ))
    .unwrap();
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let mut fields = line.split(',');
            let fixture = fields.next()?.to_string();
            let id: u64 = fields.next()?.parse().ok()?;
            (fields.next()? == "dividend").then_some((fixture, id))
        })
        .collect()
}

#[test]
fn the_twelve_real_1846_games_are_read() {
    let exports = exports();
    assert_eq!(exports.len(), 12);
    for (name, export) in &exports {
        assert_eq!(export.title, "1846", "{name}");
        assert!((3..=5).contains(&export.players.len()), "{name}");
        let played = export.played().unwrap_or_else(|e| panic!("{name}: {e}"));
        for p in &played {
            let kind = p.action.get("type").as_str().unwrap();
            assert!(
                !matches!(kind, "undo" | "redo" | "message") && !kind.starts_with("program_"),
                "{name}: {kind} at {} is played",
                p.pointer
            );
        }
        // Every player of a finished game has a result.
        if export.status.as_deref() == Some("finished") && !export.result.is_empty() {
            let ids: BTreeSet<String> = export.players.iter().map(|p| p.key()).collect();
            let results: BTreeSet<String> = export.result.keys().cloned().collect();
            assert_eq!(ids, results, "{name}");
        }
    }
}

#[test]
fn the_dividends_played_are_exactly_those_the_engine_paid() {
    let engine = engine_dividends();
    let mut here = BTreeSet::new();
    let mut undone_dividends = 0;
    for (name, export) in exports() {
        let played = export.played().unwrap();
        let played_ids: BTreeSet<u64> = played
            .iter()
            .filter(|p| p.action.get("type").as_str() == Some("dividend"))
            .filter_map(|p| p.action.get("id").as_u64())
            .collect();
        let raw_dividends = export
            .actions
            .iter()
            .filter(|a| a.get("type").as_str() == Some("dividend"))
            .count();
        undone_dividends += raw_dividends - played_ids.len();
        here.extend(played_ids.into_iter().map(|id| (name.clone(), id)));
    }
    assert_eq!(here, engine);
    // The logs do undo dividends: reading them raw would pay these again.
    assert!(undone_dividends > 0, "{undone_dividends}");
}

#[test]
fn the_seed_is_dealt_as_the_engine_deals_it() {
    let seeds: BTreeMap<String, u64> = exports()
        .into_iter()
        .map(|(name, export)| (name, export.seed().unwrap()))
        .collect();
    // `settings.seed` where the export has one...
    assert_eq!(seeds["3099.json"], 3099);
    assert_eq!(seeds["222264.json"], 1_093_335_663);
    // ...and where it is missing or empty, the first digits of the game's id.
    assert_eq!(seeds["hs_sudambau_1600037415.json"], 1_600_037_415);
    assert_eq!(seeds["hs_wwhjwjvo_1716866882.json"], 1_716_866_882);
}

#[test]
fn a_body_that_is_not_an_export_is_named_where_it_fails() {
    let problem = Export::parse(r#"{"id": 1, "title": "1846", "players": 3, "actions": []}"#)
        .map(|_| ())
        .expect_err("the import fails");
    assert_eq!(problem.pointer, "/players");
}

// -- 1833NE: railrules' recorded games written as exports and read back
// (docs/rules/1833ne.md#interop).

use railrules::core::save::SaveFile;
use railrules::games::ne1833::Ne1833;
use railrules::import::ne1833::rule;
use railrules::import::title::{self, ExportVerdict, Failure, Imported};
use serde_json::{Value, json};

fn ne1833_saves() -> Vec<(String, SaveFile)> {
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
fn four_players() -> SaveFile {
    ne1833_saves().remove(1).1
}

fn export_json(save: &SaveFile) -> Value {
    title::export::<Ne1833>(save).unwrap()
}

/// Leaked: an export borrows its text, and a test's few exports may live to its end.
fn read(export: &Value) -> Export<'static> {
    Export::parse(Box::leak(export.to_string().into_boxed_str())).unwrap()
}

fn import(export: &Value) -> Result<Imported<Ne1833>, Failure> {
    title::import::<Ne1833>(&read(export))
}

fn check(export: &Value) -> ExportVerdict {
    railrules::import::check_export(export.to_string().as_bytes())
}

fn actions(export: &mut Value) -> &mut Vec<Value> {
    export["actions"].as_array_mut().unwrap()
}

/// The index of the first action of the export that `pick` accepts.
fn find(export: &Value, pick: impl Fn(&Value) -> bool) -> usize {
    export["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(pick)
        .unwrap()
}

fn untranslatable(failure: Failure) -> railrules::import::export_18xx::ImportError {
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

#[test]
fn a_company_pass_the_site_leaves_out_is_inserted_by_rule_turn_ended() {
    let save = four_players();
    let mut export = export_json(&save);
    // A company's last pass followed by another company's action.
    let list = export["actions"].as_array().unwrap().clone();
    let at = (0..list.len() - 1)
        .find(|&i| {
            list[i]["type"] == "pass"
                && list[i]["entity_type"] == "corporation"
                && list[i + 1]["entity_type"] == "corporation"
                && list[i + 1]["entity"] != list[i]["entity"]
        })
        .unwrap();
    let whole = import(&export).unwrap();
    actions(&mut export).remove(at);
    let imported = import(&export).unwrap();
    // One action fewer in the export, one more inserted: the save is the same.
    assert_eq!(
        (imported.imported, imported.inserted),
        (whole.imported - 1, whole.inserted + 1)
    );
    assert!(
        imported
            .origins
            .iter()
            .any(|o| o.rule == Some(rule::TURN_ENDED) && o.pointer == format!("/actions/{at}"))
    );
    assert_eq!(imported.save.state, save.state);
}

#[test]
fn a_step_pass_of_the_site_is_left_out() {
    let save = four_players();
    let mut export = export_json(&save);
    // The site's pass of the track step before a company runs its trains.
    let run = find(&export, |a| {
        a["type"] == "run_routes" && !a["routes"].as_array().unwrap().is_empty()
    });
    let company = export["actions"][run]["entity"].clone();
    let whole = import(&export).unwrap();
    actions(&mut export).insert(
        run,
        json!({"type": "pass", "entity": company, "entity_type": "corporation"}),
    );
    let imported = import(&export).unwrap();
    // The pass left out: the same actions imported and inserted, one dropped.
    assert_eq!(
        (imported.imported, imported.inserted, imported.dropped),
        (whole.imported, whole.inserted, whole.dropped + 1)
    );
    assert_eq!(imported.save.state, save.state);
}

#[test]
fn a_revenue_skipped_without_a_dividend_is_not_passed_over() {
    let mut export = export_json(&four_players());
    // A dividend after routes that earned something.
    let list = export["actions"].as_array().unwrap().clone();
    let dividend = (1..list.len())
        .find(|&i| {
            list[i]["type"] == "dividend"
                && list[i - 1]["type"] == "run_routes"
                && !list[i - 1]["routes"].as_array().unwrap().is_empty()
        })
        .unwrap();
    actions(&mut export).remove(dividend);
    let e = untranslatable(import(&export).map(|_| ()).expect_err("the import fails"));
    assert_eq!(e.pointer, format!("/actions/{dividend}"));
    assert!(
        e.message.contains("without paying or withholding"),
        "{}",
        e.message
    );
}

#[test]
fn a_player_with_nothing_to_do_is_passed_for_by_rule_nothing_to_do() {
    let (_, save) = ne1833_saves().remove(2);
    let imported = import(&export_json(&save)).unwrap();
    let passes = imported
        .origins
        .iter()
        .filter(|o| o.rule == Some(rule::NOTHING_TO_DO))
        .count();
    let others: usize = [
        rule::NO_ROUTE_STEP,
        rule::NO_DIVIDEND_STEP,
        rule::TURN_ENDED,
    ]
    .iter()
    .map(|r| {
        imported
            .origins
            .iter()
            .filter(|o| o.rule == Some(r))
            .count()
    })
    .sum();
    assert!(passes > 0, "{passes}");
    assert_eq!(passes + others, 392);
}

/// A real 1846 export with its first action of `kind` changed by `tamper`: the check's verdict,
/// and that action's index in the raw log.
fn tampered_1846(
    kind: &str,
    tamper: impl Fn(&mut serde_json::Value),
) -> (railrules::import::title::ExportVerdict, usize) {
    let text = std::fs::read_to_string(format!("{FIXTURES}/3099.json")).unwrap();
    let mut export: serde_json::Value = serde_json::from_str(&text).unwrap();
    let actions = export["actions"].as_array_mut().unwrap();
    let index = actions.iter().position(|a| a["type"] == kind).unwrap();
    tamper(&mut actions[index]);
    let bytes = serde_json::to_vec(&export).unwrap();
    (railrules::import::check_export(&bytes), index)
}

/// A lay's hex, tile and rotation are read as a request's are: a hex or tile 1846's map lacks,
/// or a rotation no number of steps can be, is untranslatable at its field.
#[test]
fn an_1846_lay_naming_what_the_map_lacks_is_named_at_its_field() {
    use railrules::import::title::ExportVerdict;
    for (field, value, says) in [
        ("hex", serde_json::json!("Z99"), "no such hex"),
        ("tile", serde_json::json!("999-0"), "no such tile"),
        ("rotation", serde_json::json!(300), "no rotation 300"),
    ] {
        let (verdict, index) = tampered_1846("lay_tile", |a| a[field] = value.clone());
        match verdict {
            ExportVerdict::Untranslatable { pointer, problem } => {
                assert_eq!(pointer, format!("/actions/{index}/{field}"));
                assert!(problem.contains(says), "{field}: {problem}");
            }
            other => panic!("{field}: {other:?}"),
        }
    }
}

/// Issue 38: a field the engine does not judge but the site's page writes is read as what it
/// says: a depot train's price other than the depot's, a player's share bought at another
/// price than its corporation's (the engine would charge both as written), a price no whole
/// number, a station's slot past the city's slots. Each is
/// untranslatable at its field, not replayed as if it were right.
#[test]
fn an_1846_field_that_cannot_be_true_is_named_at_its_field() {
    use railrules::import::title::ExportVerdict;
    use serde_json::json;
    for (kind, field, value, says) in [
        ("buy_train", "price", json!(-5), "not a whole number"),
        (
            "buy_train",
            "price",
            json!(18_446_744_073_709_551_615u64),
            "not a whole number",
        ),
        (
            "buy_train",
            "price",
            json!(79),
            "the depot sells the 2 (2) for $80, not $79",
        ),
        ("place_token", "slot", json!(99), "there is no slot 99"),
        ("buy_shares", "share_price", json!(1), "costs its price"),
        ("place_token", "slot", json!(-1), "not a whole number"),
    ] {
        let (verdict, index) = tampered_1846(kind, |a| a[field] = value.clone());
        match verdict {
            ExportVerdict::Untranslatable { pointer, problem } => {
                assert_eq!(pointer, format!("/actions/{index}/{field}"), "{value}");
                assert!(problem.contains(says), "{kind} {field} {value}: {problem}");
            }
            other => panic!("{kind} {field} {value}: {other:?}"),
        }
    }
    // As the site wrote them, the same fields read.
    for (kind, field) in [("buy_train", "price"), ("place_token", "slot")] {
        let (verdict, _) = tampered_1846(kind, |a| assert!(a.get(field).is_some()));
        assert!(
            matches!(verdict, ExportVerdict::Valid { .. }),
            "{kind}: {verdict:?}"
        );
    }
}
