//! 1846's setup dealt as 18xx.games deals it (docs/rules/1846.md#dealing), judged by the twelve
//! real games of tests/data/18xx-games/1846/ (their README names the source): from each
//! export's seed, no corporation or private railrules removes is ever named by the game's
//! actions, and every choice of the game's draft is one of the cards railrules' deck offers at
//! that moment, by the player whose turn it is, and the draft ends where the game's does. With
//! another seed the games refute the dealing, so these tests can fail.

use railrules::core::Violation;
use railrules::games::g1846::dealing::{Dealing, Draft, deal};
use railrules::import::export_18xx::Export;
use serde_json::Value;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/18xx-games/1846");

const GAMES: [&str; 12] = [
    "10264",
    "12666",
    "1846_game_end_reason_all_closed",
    "1846_game_end_reason_bankrupt",
    "1846_game_end_reason_dnf",
    "19962",
    "20381",
    "222264",
    "3099",
    "hs_cvjhogoy_1599504419",
    "hs_sudambau_1600037415",
    "hs_wwhjwjvo_1716866882",
];

/// A real game: its export and the actions its engine played.
struct Game {
    export: Export<'static>,
    played: Vec<Played>,
}

/// An action the engine played, as JSON.
struct Played {
    pointer: String,
    action: Value,
}

fn game(name: &str) -> Game {
    let path = format!("{FIXTURES}/{name}.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    // The export borrows its text for the test's whole run.
    let text: &'static str = Box::leak(text.into_boxed_str());
    let export = Export::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let played = export.played().unwrap_or_else(|e| panic!("{name}: {e}"));
    let played = played
        .into_iter()
        .map(|p| Played {
            pointer: p.pointer,
            action: Value::from(&p.action),
        })
        .collect();
    Game { export, played }
}

fn dealing(game: &Game, seed: u64) -> Dealing {
    let first_edition = game
        .export
        .settings
        .optional_rules
        .iter()
        .any(|rule| rule == "first_ed");
    deal(seed, game.export.players.len(), first_edition).unwrap()
}

/// What a game's log holds against a dealing.
#[derive(Debug, PartialEq)]
enum Refutation {
    /// An action names a removed corporation or private (or a share of a removed corporation).
    NamesRemoved { pointer: String, id: String },
    /// The draft refuses an action of the log.
    Draft {
        pointer: String,
        violation: Violation,
    },
    /// An action of another kind comes while the draft is still on.
    DraftUnfinished { pointer: String, kind: String },
    /// A draft choice after the draft is over.
    BidAfterDraft { pointer: String },
}

/// Every string anywhere in an action.
fn strings(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::String(s) => found.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| strings(v, found)),
        Value::Object(fields) => fields.values().for_each(|v| strings(v, found)),
        _ => {}
    }
}

/// The first action naming something the dealing removed: a removed id as a whole value, or a
/// removed corporation's share (`ERIE_1`).
fn names_removed(game: &Game, dealing: &Dealing) -> Option<Refutation> {
    let removed = dealing
        .removed_corporations
        .iter()
        .chain(&dealing.removed_privates);
    let removed: Vec<&String> = removed.collect();
    for played in &game.played {
        let mut found = Vec::new();
        strings(&played.action, &mut found);
        for s in found {
            let hit = removed.iter().find(|id| {
                s == ***id
                    || (dealing.removed_corporations.contains(id)
                        && s.strip_prefix(id.as_str())
                            .is_some_and(|rest| rest.starts_with('_')))
            });
            if let Some(id) = hit {
                return Some(Refutation::NamesRemoved {
                    pointer: played.pointer.clone(),
                    id: (*id).clone(),
                });
            }
        }
    }
    None
}

/// The seat of the player an action names, as the export's players are ordered.
fn seat(game: &Game, action: &Value) -> Option<usize> {
    let entity = match action.get("entity")? {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    game.export.players.iter().position(|p| p.key() == entity)
}

fn draft_refusal(pointer: &str, violation: Violation) -> Refutation {
    Refutation::Draft {
        pointer: pointer.to_string(),
        violation,
    }
}

/// A draft replayed, and how many of the log's actions it took (choices and passes).
struct Replayed {
    draft: Draft,
    actions: usize,
}

/// Replays the log's draft against the dealing's deck, or gives the first action that refutes
/// the dealing.
fn replay_draft(game: &Game, dealing: &Dealing) -> Result<Replayed, Refutation> {
    let mut draft = Draft::new(dealing);
    let mut actions = game.played.iter();
    let mut taken = 0;
    for played in actions.by_ref() {
        taken += 1;
        let pointer = played.pointer.as_str();
        let kind = played.action["type"].as_str().unwrap_or("");
        let Some(seat) = seat(game, &played.action).filter(|_| kind == "bid" || kind == "pass")
        else {
            return Err(Refutation::DraftUnfinished {
                pointer: pointer.to_string(),
                kind: kind.to_string(),
            });
        };
        let outcome = if kind == "bid" {
            let card = played.action["company"].as_str().unwrap_or("");
            draft.choose(seat, card)
        } else {
            draft.pass(seat)
        };
        outcome.map_err(|v| draft_refusal(pointer, v))?;
        if draft.is_finished() {
            break;
        }
    }
    if !draft.is_finished() {
        return Err(Refutation::DraftUnfinished {
            pointer: "the end of the log".to_string(),
            kind: String::new(),
        });
    }
    // 1846 of 3-5 players drafts once: no choice comes after.
    if let Some(bid) = actions.find(|p| p.action["type"] == "bid") {
        return Err(Refutation::BidAfterDraft {
            pointer: bid.pointer.clone(),
        });
    }
    Ok(Replayed {
        draft,
        actions: taken,
    })
}

/// The game judged against the dealing of `seed`: its draft, or the first refutation.
fn judge(game: &Game, seed: u64) -> Result<Replayed, Refutation> {
    let dealing = dealing(game, seed);
    if let Some(refutation) = names_removed(game, &dealing) {
        return Err(refutation);
    }
    replay_draft(game, &dealing)
}

/// The game deals as 18xx.games dealt it: nothing removed is named, every draft choice was
/// offered, and the draft has every card choice of the log.
fn deals_as_18xx_games(name: &str) {
    let game = game(name);
    let seed = game.export.seed().unwrap();
    let replayed = judge(&game, seed).unwrap_or_else(|r| panic!("{name}, seed {seed}: {r:?}"));
    let draft = &replayed.draft;
    let bids = game
        .played
        .iter()
        .filter(|p| p.action["type"] == "bid")
        .count();
    // A choice is a bid, or the last card taken at its floor after passes.
    assert!(draft.choices().len() >= bids, "{name}");
    assert!(bids > 0, "{name}");
    eprintln!(
        "{name}: seed {seed}, {} players, {} draft actions, {} choices ({bids} bids), \
         last {:?}",
        game.export.players.len(),
        replayed.actions,
        draft.choices().len(),
        draft.choices().last(),
    );
}

macro_rules! real_games {
    ($($test:ident => $file:literal,)*) => {
        $(
            #[test]
            fn $test() {
                deals_as_18xx_games($file);
            }
        )*

        #[test]
        fn every_fixture_has_its_test() {
            let tested = [$($file),*];
            assert_eq!(tested, GAMES);
            let mut files: Vec<String> = std::fs::read_dir(FIXTURES)
                .unwrap()
                .filter_map(|e| e.unwrap().file_name().into_string().ok())
                .filter_map(|f| f.strip_suffix(".json").map(str::to_string))
                .collect();
            files.sort();
            assert_eq!(files, GAMES);
        }
    };
}

real_games! {
    game_10264_deals_as_18xx_games => "10264",
    game_12666_deals_as_18xx_games => "12666",
    game_1846_game_end_reason_all_closed_deals_as_18xx_games => "1846_game_end_reason_all_closed",
    game_1846_game_end_reason_bankrupt_deals_as_18xx_games => "1846_game_end_reason_bankrupt",
    game_1846_game_end_reason_dnf_deals_as_18xx_games => "1846_game_end_reason_dnf",
    game_19962_deals_as_18xx_games => "19962",
    game_20381_deals_as_18xx_games => "20381",
    game_222264_deals_as_18xx_games => "222264",
    game_3099_deals_as_18xx_games => "3099",
    game_hs_cvjhogoy_1599504419_deals_as_18xx_games => "hs_cvjhogoy_1599504419",
    game_hs_sudambau_1600037415_deals_as_18xx_games => "hs_sudambau_1600037415",
    game_hs_wwhjwjvo_1716866882_deals_as_18xx_games => "hs_wwhjwjvo_1716866882",
}

/// The power of the checks above: dealt from the wrong seed (the seed + 1), the real games
/// refute the dealing.
#[test]
fn a_wrong_seed_is_refuted_by_the_real_games() {
    let refuted: Vec<(&str, Refutation)> = GAMES
        .iter()
        .filter_map(|name| {
            let game = game(name);
            let seed = game.export.seed().unwrap();
            judge(&game, seed + 1).err().map(|r| (*name, r))
        })
        .collect();
    eprintln!(
        "refuted with seed + 1: {} of {}",
        refuted.len(),
        GAMES.len()
    );
    for (name, refutation) in &refuted {
        eprintln!("  {name}: {refutation:?}");
    }
    assert!(!refuted.is_empty());
}

/// Three of the games name no seed in their settings; 18xx.games takes the digits of the id,
/// and with them the games replay (above). The figures: the seed each export gives.
#[test]
fn the_seeds_are_the_settings_or_the_id_digits() {
    let seed = |name: &str| game(name).export.seed().unwrap();
    assert_eq!(seed("222264"), 1_093_335_663);
    assert_eq!(seed("1846_game_end_reason_bankrupt"), 1_595_777_670);
    assert_eq!(seed("hs_cvjhogoy_1599504419"), 1_599_504_419);
}

/// The removals of a real game, as its log shows them: 12666 (3 players, 1st edition) pars
/// GT, IC and B&O, and later the others left; its draft offers neither SC nor TBC nor LSL nor
/// O&I.
#[test]
fn game_12666_removes_what_its_log_never_names() {
    let game = game("12666");
    let dealing = dealing(&game, game.export.seed().unwrap());
    let mut corporations = dealing.removed_corporations.clone();
    corporations.sort();
    let mut privates = dealing.removed_privates.clone();
    privates.sort();
    assert_eq!(corporations, ["C&O", "PRR"]);
    assert_eq!(privates, ["LSL", "O&I", "SC", "TBC"]);
    let mut parred: Vec<&str> = game
        .played
        .iter()
        .filter(|p| p.action["type"] == "par")
        .filter_map(|p| p.action["corporation"].as_str())
        .collect();
    parred.sort();
    parred.dedup();
    assert_eq!(parred, ["B&O", "ERIE", "GT", "IC", "NYC"]);
}
