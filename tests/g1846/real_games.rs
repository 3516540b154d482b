//! The acceptance test of issue 19: each of the 12 real 1846 games of 18xx.games imports with
//! no untranslatable action, replays with no illegal action, and ends (or, not finished,
//! stands at its last action) with exactly the export's recorded `result` for every player.
//! Each game reports the actions imported, inserted by flow rules, and dropped.

use railrules::games::g1846::G1846;
use railrules::import::export_18xx::Export;
use railrules::import::title::{self, ExportVerdict};

fn export(name: &str) -> Export {
    let path = format!(
        "{}/tests/data/18xx-games/1846/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    Export::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Imports and replays the game, its result compared; panics with the verdict otherwise.
fn replays_to_its_result(name: &str) {
    let verdict = title::check::<G1846>(&export(name));
    match &verdict {
        ExportVerdict::Valid {
            actions,
            imported,
            inserted,
            dropped,
            result_compared,
        } => {
            println!(
                "{name}: {actions} actions: {imported} imported, {inserted} inserted, {dropped} dropped"
            );
            assert!(result_compared, "{name}: the export records a result");
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
}

real_game!(game_3099, "3099.json");
real_game!(game_10264, "10264.json");
real_game!(game_12666, "12666.json");
real_game!(game_19962, "19962.json");
real_game!(game_20381, "20381.json");
real_game!(game_222264, "222264.json");
real_game!(game_end_reason_all_closed, "1846_game_end_reason_all_closed.json");
real_game!(game_end_reason_bankrupt, "1846_game_end_reason_bankrupt.json");
real_game!(game_end_reason_dnf, "1846_game_end_reason_dnf.json");
real_game!(hotseat_cvjhogoy, "hs_cvjhogoy_1599504419.json");
real_game!(hotseat_sudambau, "hs_sudambau_1600037415.json");
real_game!(hotseat_wwhjwjvo, "hs_wwhjwjvo_1716866882.json");
