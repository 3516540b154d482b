//! 18xx.games exports read as the engine reads them (issue 19, item 3): the twelve real 1846
//! games of tobymao/18xx's fixtures (tests/data/18xx-games/, with its README), their logs with
//! undone actions dropped, checked against the engine's own replay of them: every dividend the
//! engine paid (tests/data/1846-market-observations.csv, recorded by that engine) is an action
//! played here, and every dividend played here is one the engine paid.

use railrules::import::export_18xx::Export;
use std::collections::{BTreeMap, BTreeSet};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/18xx-games/1846");

fn exports() -> Vec<(String, Export)> {
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
            let export = Export::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
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
            let kind = p.action["type"].as_str().unwrap();
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
            .filter(|p| p.action["type"] == "dividend")
            .filter_map(|p| p.action["id"].as_u64())
            .collect();
        let raw_dividends = export
            .actions
            .iter()
            .filter(|a| a["type"] == "dividend")
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
    let problem =
        Export::parse(r#"{"id": 1, "title": "1846", "players": 3, "actions": []}"#).unwrap_err();
    assert_eq!(problem.pointer, "/players");
}

mod ne1833_round_trip {
    use railrules::core::save::SaveFile;
    use railrules::games::ne1833::Ne1833;
    use railrules::import::export_18xx::Export;
    use railrules::import::title::{self, Imported};

    pub fn saves() -> Vec<(String, SaveFile)> {
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
        assert_eq!(files.len(), 3);
        files
            .into_iter()
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().to_string();
                let save = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
                (name, save)
            })
            .collect()
    }

    pub fn export_of(save: &SaveFile) -> Export {
        let export = title::export::<Ne1833>(save).unwrap();
        Export::parse(&export.to_string()).unwrap()
    }

    pub fn round_trip(save: &SaveFile) -> Imported<Ne1833> {
        title::import::<Ne1833>(&export_of(save)).unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn debug_round_trip() {
        for (name, save) in saves() {
            let imported = round_trip(&save);
            eprintln!(
                "{name}: {} actions, {} imported {} inserted {} dropped",
                imported.save.actions.len(),
                imported.imported,
                imported.inserted,
                imported.dropped
            );
            assert_eq!(imported.save.state, save.state, "{name}");
            for (i, (a, b)) in imported.save.actions.iter().zip(&save.actions).enumerate() {
                assert_eq!(a, b, "{name} action {i}: {:?}", imported.origins[i]);
            }
            assert_eq!(
                serde_json::to_value(&imported.save).unwrap(),
                serde_json::to_value(&save).unwrap()
            );
        }
    }
}
#[test]
fn debug_dump_export() {
    let (_, save) = ne1833_round_trip::saves().remove(0);
    let export =
        railrules::import::title::export::<railrules::games::ne1833::Ne1833>(&save).unwrap();
    for (i, a) in export["actions"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .take(70)
        .skip(50)
    {
        eprintln!("{i} {a}");
    }
}
