//! The 18xx kit lays 1846's track as 18xx.games did in twelve real games (issue 19): every tile
//! laid in tests/data/18xx-games/1846/ is judged by the kit's track rules with 1846's data (the
//! tile fits the hex and its neighbours, the phase allows its colour, copies are left, the
//! laying company's track reaches it) and none is refused; every station placed is accepted by
//! the kit's stations rules (a free slot, tokens left, no spot held for another, track reaching
//! it); every route run reads onto the board (its connections' hexes carry track
//! from stop to stop: `kit18xx::connections`), is accepted by the kit's route rules, and earns
//! exactly the revenue each recorded dividend was paid on. A lay turned otherwise than the players turned it is mostly refused, so
//! the judging is not a formality.
//!
//! Not judged here (the game is not built yet): a lay's cost against the treasury, the privates'
//! blocked hexes, and whose turn it is.

use crate::replay::{Replay, closures, game, kit_revenues, replay, routes_read};
use serde_json::Value;

fn lays_as_18xx_games(name: &str) {
    let (_, played) = game(name);
    let lays = played
        .iter()
        .filter(|p| p.action["type"] == "lay_tile")
        .count();
    let replay = replay(name);
    assert_eq!(replay.refused, Vec::<String>::new(), "{name}");
    assert_eq!(replay.lays, lays, "{name}: tiles laid");
    assert_eq!(routes_read(&replay), Vec::<String>::new(), "{name}: routes");
}

macro_rules! real_games {
    ($($test:ident: $file:literal,)*) => {
        $(
            #[test]
            fn $test() {
                lays_as_18xx_games($file);
            }
        )*

        pub const FILES: &[&str] = &[$($file),*];
    };
}

real_games! {
    game_10264_lays_as_18xx_games: "10264.json",
    game_12666_lays_as_18xx_games: "12666.json",
    game_all_closed_lays_as_18xx_games: "1846_game_end_reason_all_closed.json",
    game_bankrupt_lays_as_18xx_games: "1846_game_end_reason_bankrupt.json",
    game_dnf_lays_as_18xx_games: "1846_game_end_reason_dnf.json",
    game_19962_lays_as_18xx_games: "19962.json",
    game_20381_lays_as_18xx_games: "20381.json",
    game_222264_lays_as_18xx_games: "222264.json",
    game_3099_lays_as_18xx_games: "3099.json",
    game_hs_cvjhogoy_lays_as_18xx_games: "hs_cvjhogoy_1599504419.json",
    game_hs_sudambau_lays_as_18xx_games: "hs_sudambau_1600037415.json",
    game_hs_wwhjwjvo_lays_as_18xx_games: "hs_wwhjwjvo_1716866882.json",
}

#[test]
fn every_real_game_has_its_test() {
    let dir = format!("{}/tests/data/18xx-games/1846", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".json"))
        .collect();
    files.sort();
    let mut tested: Vec<String> = FILES.iter().map(|f| f.to_string()).collect();
    tested.sort();
    assert_eq!(files, tested);
}

/// The same games with every lay turned one step further: the judging refuses most of them
/// (a turned tile still fits where it is symmetric or its new exits happen to be open).
#[test]
fn lays_turned_otherwise_are_mostly_refused() {
    let (mut turned, mut refused) = (0, 0);
    for name in FILES {
        let (export, played) = game(name);
        let closures = closures(name);
        let mut replay = Replay::new(&export);
        for p in &played {
            if p.action["type"] == "lay_tile" {
                let mut other = p.action.clone();
                let rotation = other["rotation"].as_u64().unwrap();
                other["rotation"] = Value::from((rotation + 1) % 6);
                let mut probe = replay.probe();
                probe.play(&p.pointer, &other);
                let mut same = replay.probe();
                same.play(&p.pointer, &p.action);
                // A turn that shows the same face (a symmetric tile) is no other lay.
                if probe.board != same.board || !probe.refused.is_empty() {
                    turned += 1;
                    refused += usize::from(!probe.refused.is_empty());
                }
            }
            replay.play_closing(&p.pointer, &p.action, &closures);
        }
    }
    eprintln!("{refused} of {turned} turned lays refused");
    assert!(turned > 400, "{turned} lays turned");
    assert!(
        refused * 2 > turned,
        "{refused} of {turned} turned lays refused"
    );
}

/// Every dividend of the game was paid on the revenue the kit computes for the run before it.
fn pays_as_18xx_games(name: &str) -> (usize, Vec<String>) {
    let replay = replay(name);
    let paid = kit_revenues(name, &replay);
    let wrong = paid
        .iter()
        .filter_map(|p| match &p.computed {
            Ok(computed) if *computed == p.observed => None,
            Ok(computed) => Some(format!(
                "{} ({}): the kit counts ${computed}, 18xx.games paid on ${}",
                p.at, p.corporation, p.observed
            )),
            Err(why) => Some(format!("{} ({}): {why}", p.at, p.corporation)),
        })
        .collect();
    (paid.len(), wrong)
}

#[test]
fn every_dividend_of_the_real_games_is_paid_on_the_revenue_the_kit_counts() {
    let mut all_wrong = Vec::new();
    let mut checked = 0;
    for name in FILES {
        let (count, wrong) = pays_as_18xx_games(name);
        checked += count;
        all_wrong.extend(wrong);
    }
    eprintln!("{checked} dividends checked, {} differ", all_wrong.len());
    assert_eq!(checked, 352);
    assert_eq!(all_wrong, Vec::<String>::new());
}
