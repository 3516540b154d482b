//! 18xx.games exports read as the engine reads them (issue 19, item 3): the twelve real 1846
//! games of tobymao/18xx's fixtures (tests/data/18xx-games/, with its README), their logs with
//! undone actions dropped, checked against the engine's own replay of them: every dividend the
//! engine paid (tests/data/1846-market-observations.csv, recorded by that engine) is an action
//! played here, and every dividend played here is one the engine paid. A field of a real export
//! tampered with is named at its field.

use railrules::import::export_18xx::Export;
use std::collections::{BTreeMap, BTreeSet};

use crate::FIXTURES;

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
