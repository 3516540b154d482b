//! The acceptance test of issue 19: each of the 12 real 1846 games of 18xx.games imports with
//! no untranslatable action, replays with no illegal action, and ends (or, not finished,
//! stands at its last action) with exactly the export's recorded `result` for every player.
//! Each game reports the actions imported, inserted by flow rules, and dropped.

use crate::replay::export;
use railrules::games::g1846::G1846;
use railrules::import::export_18xx::Export;
use railrules::import::title::{self, ExportVerdict};

/// The games that replay to their result now (the others are ignored below, each with the
/// first action refused and why).
const REPLAYING: [&str; 12] = [
    "3099.json",
    "20381.json",
    "hs_sudambau_1600037415.json",
    "10264.json",
    "12666.json",
    "19962.json",
    "222264.json",
    "1846_game_end_reason_all_closed.json",
    "1846_game_end_reason_dnf.json",
    "hs_wwhjwjvo_1716866882.json",
    "1846_game_end_reason_bankrupt.json",
    "hs_cvjhogoy_1599504419.json",
];

/// Imports and replays the game, its result compared, and the market observations of the game
/// reproduced in the engine's replay (`observations`); panics with the verdict otherwise.
fn replays_to_its_result(name: &str) {
    let verdict = title::check::<G1846>(&export(name));
    match &verdict {
        ExportVerdict::Valid {
            actions,
            imported,
            inserted,
            dropped,
            result_compared,
            ..
        } => {
            println!(
                "{name}: {actions} actions: {imported} imported, {inserted} inserted, {dropped} dropped"
            );
            assert!(result_compared, "{name}: the export records a result");
            let export = export(name);
            let imported = title::import::<G1846>(&export).unwrap();
            let wrong = crate::observations::rows_not_reproduced(name, &export, &imported);
            assert!(wrong.is_empty(), "{name}: {}", wrong.join("\n"));
        }
        other => panic!("{name}: {other:#?}"),
    }
}

macro_rules! real_game {
    ($test:ident, $file:literal) => {
        #[test]
        fn $test() {
            replays_to_its_result($file);
        }
    };
    ($test:ident, $file:literal, $why:literal) => {
        #[test]
        #[ignore = $why]
        fn $test() {
            replays_to_its_result($file);
        }
    };
}

real_game!(game_3099, "3099.json");
real_game!(game_20381, "20381.json");
real_game!(hotseat_sudambau, "hs_sudambau_1600037415.json");
real_game!(game_10264, "10264.json");
real_game!(game_12666, "12666.json");
real_game!(game_19962, "19962.json");
real_game!(game_222264, "222264.json");
real_game!(
    game_end_reason_all_closed,
    "1846_game_end_reason_all_closed.json"
);
real_game!(game_end_reason_dnf, "1846_game_end_reason_dnf.json");
real_game!(
    game_end_reason_bankrupt,
    "1846_game_end_reason_bankrupt.json"
);
real_game!(hotseat_wwhjwjvo, "hs_wwhjwjvo_1716866882.json");
real_game!(hotseat_cvjhogoy, "hs_cvjhogoy_1599504419.json");

/// import(export(x)) = x: a save imported from a real game, written as an export and imported
/// again, gives back the same save (options, seed, every action), with the flow rules leaving
/// out and inserting again the same actions.
#[test]
fn an_imported_1846_save_imports_back_from_its_export_exactly() {
    for name in REPLAYING {
        let save = title::import::<G1846>(&export(name)).unwrap().save;
        let written = title::export::<G1846>(&save).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let written = written.to_string();
        let again = Export::parse(&written).unwrap();
        let back = title::import::<G1846>(&again).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(back.save.setup.seed, save.setup.seed, "{name}");
        assert_eq!(back.save.setup.options, save.setup.options, "{name}");
        assert_eq!(back.save.actions.len(), save.actions.len(), "{name}");
        for (i, (a, b)) in back.save.actions.iter().zip(&save.actions).enumerate() {
            assert_eq!(a, b, "{name}: action {i}");
        }
        assert_eq!(back.save.state, save.state, "{name}");
        // The flow rules insert again what the export leaves out (and drop again the passes
        // that end the site's steps railrules has not).
        assert!(back.inserted > 0, "{name}");
    }
}

/// Issue 37 (4), the round trip: a real game imported and written back as an export is the
/// export the site recorded in what railrules carries (the game's id, title, players' ids and
/// names, settings, status, result, end reason, and the price written by every action that
/// writes one, in order), save what `carried_differences` names. The one it names: the
/// dnf fixture, whose corporations have all closed; railrules ends it then (`all_closed`),
/// the site plays on with nothing to choose to its 100-turn limit (`dnf`) at the same values.
#[test]
fn an_imported_1846_game_exports_as_the_site_recorded_it() {
    for name in REPLAYING {
        let text = std::fs::read_to_string(format!(
            "{}/tests/data/18xx-games/1846/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let recorded: serde_json::Value = serde_json::from_str(&text).unwrap();
        let differences = round_trip(&recorded, &[]);
        let expected: &[&str] = if name == "1846_game_end_reason_dnf.json" {
            &["game_end_reason: recorded \"dnf\", written \"all_closed\""]
        } else {
            &[]
        };
        assert_eq!(differences, expected, "{name}");
    }
}

/// The fields an export carries that a round trip must give back (its `actions` apart).
const CARRIED: [&str; 7] = [
    "id",
    "title",
    "players",
    "settings",
    "status",
    "result",
    "game_end_reason",
];

/// `recorded` imported and exported again: what differs in the carried fields and in the
/// prices its played actions write, but for the price fields `uncarried` (`type/field`).
pub fn round_trip(recorded: &serde_json::Value, uncarried: &[&str]) -> Vec<String> {
    let text = recorded.to_string();
    let export = Export::parse(&text).unwrap();
    let save = title::import::<G1846>(&export).unwrap().save;
    // The save with its origin checks as any other.
    let verdict = railrules::core::save::check_save_of::<G1846>(save.to_text().unwrap().as_bytes());
    assert!(
        matches!(verdict, railrules::core::save::SaveVerdict::Valid { .. }),
        "{verdict:?}"
    );
    let written = title::export::<G1846>(&save).unwrap();
    let mut differences = Vec::new();
    for field in CARRIED {
        let mut was = recorded.get(field).cloned().unwrap_or_default();
        if field == "settings" && was.get("optional_rules").is_none() {
            was["optional_rules"] = serde_json::json!([]);
        }
        let is = written.get(field).cloned().unwrap_or_default();
        if was != is {
            differences.push(format!("{field}: recorded {was}, written {is}"));
        }
    }
    let played: Vec<serde_json::Value> = export
        .played()
        .unwrap()
        .iter()
        .map(|p| serde_json::Value::from(p.action.clone()))
        .collect();
    let was = prices(&played, uncarried);
    let is = prices(written["actions"].as_array().unwrap(), uncarried);
    if was != is {
        let at = was.iter().zip(&is).take_while(|(a, b)| a == b).count();
        differences.push(format!(
            "prices: {} recorded, {} written, first apart: {:?} / {:?}",
            was.len(),
            is.len(),
            was.get(at),
            is.get(at)
        ));
    }
    differences
}

/// Each price the actions write, in order: (type, field, entity, value).
fn prices(actions: &[serde_json::Value], uncarried: &[&str]) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    for action in actions {
        let kind = action["type"].as_str().unwrap_or_default();
        for field in ["price", "share_price"] {
            let Some(value) = action.get(field) else {
                continue;
            };
            if uncarried.contains(&format!("{kind}/{field}").as_str()) {
                continue;
            }
            found.push((
                format!("{kind}/{field}"),
                action["entity"].to_string(),
                value.to_string(),
            ));
        }
    }
    found
}
