//! Every save file in examples/savegames/ replays to its recorded final state, and a corrupted
//! copy is caught with the index of its first bad action.

use railrules::core::save::SaveVerdict;
use railrules::registry::check_save;
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
        let solo = save["game"] == "rotw-solo";
        if solo {
            // The second action answers a Railbot card nobody drew.
            save["actions"][1] = serde_json::json!({"type": "give_major_line", "line": 0});
        } else {
            // The second action made by another seat.
            let action = &mut save["actions"][1]["player"];
            // Russian Railroads' seats are P1...; the 18xx games' seat-1...
            let other = match action.as_str() {
                Some("A") => "B",
                Some("B") => "A",
                Some("P1") => "P3",
                Some("seat-1") => "seat-3",
                Some(seat) if seat.starts_with("seat-") => "seat-1",
                _ => "P1",
            };
            *action = Value::from(other);
        }
        let verdict = check_save(&serde_json::to_vec(&save).unwrap());
        match verdict {
            SaveVerdict::IllegalAction {
                index, violation, ..
            } => {
                let expected: &[&str] = if solo {
                    &["not_now", "building_track"]
                } else {
                    &["not_your_turn"]
                };
                assert_eq!(index, 1, "{name}");
                assert!(
                    expected.contains(&violation.code.as_str()),
                    "{name}: {violation:?}"
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
        let cash = match save["game"].as_str() {
            Some("rotw-solo") => "/cash",
            Some("russian-railroads-american") => "/players/0/points",
            _ => "/players/0/cash",
        };
        *save["state"].pointer_mut(cash).unwrap() = Value::from(123_456);
        match check_save(&serde_json::to_vec(&save).unwrap()) {
            SaveVerdict::FinalStateDiffers { pointer, .. } => assert_eq!(pointer, cash, "{name}"),
            other => panic!("{name}: {other:?}"),
        }
    }
}

/// The final state is compared as a state: written with an absent optional member left out
/// (the replayed state writes it as `null`), it is the same state.
#[test]
fn the_final_state_is_compared_as_a_state() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/savegames/railroad-barons-greedy-seed-19.json"
    ))
    .unwrap();
    let mut save: Value = serde_json::from_slice(&bytes).unwrap();
    let state = save["state"].as_object_mut().unwrap();
    assert_eq!(state.remove("investor_450_railroad"), Some(Value::Null));
    let verdict = check_save(&serde_json::to_vec(&save).unwrap());
    assert!(
        matches!(
            verdict,
            SaveVerdict::Valid {
                final_state_compared: true,
                ..
            }
        ),
        "{verdict:?}"
    );
}

/// `core::save` checks one game's save files: another game's is refused, naming both.
#[test]
fn a_save_file_checked_as_another_game_is_refused() {
    use railrules::core::save::check_save_of;
    use railrules::games::rotw_solo::RotwSolo;
    for (name, bytes) in savegames() {
        let save: Value = serde_json::from_slice(&bytes).unwrap();
        let verdict = check_save_of::<RotwSolo>(&bytes);
        if save["game"] == "rotw-solo" {
            assert!(verdict.is_valid(), "{name}: {verdict:?}");
            continue;
        }
        match verdict {
            SaveVerdict::Malformed { problem } => assert!(
                problem.contains(save["game"].as_str().unwrap()) && problem.contains("rotw-solo"),
                "{name}: {problem}"
            ),
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn an_unknown_game_is_refused_naming_the_registered_ones() {
    let (_, bytes) = savegames().remove(0);
    let mut save: Value = serde_json::from_slice(&bytes).unwrap();
    save["game"] = Value::from("monopoly");
    match check_save(&serde_json::to_vec(&save).unwrap()) {
        SaveVerdict::Malformed { problem } => {
            for id in railrules::registry::game_ids() {
                assert!(problem.contains(id), "{problem}");
            }
            assert!(problem.contains("`monopoly`"), "{problem}");
        }
        other => panic!("{other:?}"),
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

/// The recorded complete games are what the seeded greedy player plays; with
/// `RAILRULES_BLESS=1` this test rewrites them (and every save file's final state).
#[test]
fn recorded_complete_games_are_reproducible() {
    use railrules::games::railroad_barons::Round;
    use railrules::games::railroad_barons::bot::play_greedy_game;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames");
    let bless = std::env::var_os("RAILRULES_BLESS").is_some();
    // Seeds 19 and 43 end with a Holding at the top; seed 1 when no Railroad is left.
    for seed in [1u64, 19, 43] {
        let (options, actions, state) = play_greedy_game(seed, 20_000);
        assert!(
            matches!(state.round, Round::GameEnded { .. }),
            "seed {seed} did not finish"
        );
        let save = serde_json::json!({
            "game": "railroad-barons",
            "rules_version": "1",
            "setup": {"options": options, "seed": seed},
            "actions": actions,
            "state": state,
        });
        let path = format!("{dir}/railroad-barons-greedy-seed-{seed}.json");
        let text = serde_json::to_string_pretty(&save).unwrap() + "\n";
        if bless {
            std::fs::write(&path, &text).unwrap();
        }
        let recorded = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            recorded == text,
            "{path} is not what the greedy player plays; rerun with RAILRULES_BLESS=1"
        );
    }
    if bless {
        for (name, bytes) in savegames() {
            let mut save: Value = serde_json::from_slice(&bytes).unwrap();
            if save["game"] != "railroad-barons" {
                continue;
            }
            let actions: Vec<railrules::games::railroad_barons::Action> =
                serde_json::from_value(save["actions"].clone()).unwrap();
            let options =
                serde_json::from_value(save["setup"]["options"].clone()).unwrap_or_default();
            let seed = save["setup"]["seed"].as_u64().unwrap_or(0);
            use railrules::core::Game;
            use railrules::games::railroad_barons::RailroadBarons;
            let state = RailroadBarons::setup(&options, seed).unwrap();
            if let railrules::core::Replay::Completed { state, .. } =
                railrules::core::replay::<RailroadBarons>(state, &actions)
            {
                save["state"] = serde_json::to_value(state).unwrap();
                std::fs::write(&name, serde_json::to_string_pretty(&save).unwrap() + "\n").unwrap();
            }
        }
    }
}

/// The recorded 1833NE games (3, 4 and 5 players), played by its seeded greedy player on seeds
/// where the bank breaks (whole games: stock and operating rounds to the end of the last set,
/// with bankruptcies and receiverships on the way). `RAILRULES_BLESS=1` rewrites them.
#[test]
fn recorded_1833ne_games_are_written_when_blessing() {
    if std::env::var_os("RAILRULES_BLESS").is_none() {
        return;
    }
    use railrules::games::ne1833::bot::play_greedy_game;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames");
    for (players, seed) in [(3u8, 2u64), (4, 3), (5, 3)] {
        let (options, actions, state) = play_greedy_game(players, seed, 20_000);
        assert!(
            matches!(
                state.round,
                railrules::games::ne1833::state::Round::GameEnded { .. }
            ) && state.bank_broken,
            "the {players}-player game of seed {seed} must end with the bank broken"
        );
        let save = save_file("1833ne", &options, seed, &actions, &state);
        let path = format!("{dir}/1833ne-greedy-{players}p-seed-{seed}.json");
        std::fs::write(&path, serde_json::to_string(&save).unwrap() + "\n").unwrap();
    }
}

/// The mid-game `validate` bodies the benchmarks and scripts/bench-http.sh send
/// (benches/fixtures/): a recorded game's state halfway through, and its next action (for
/// Russian Railroads the first direct action from halfway on, so that the state is a turn's
/// start with every choice open). `RAILRULES_BLESS=1` rewrites them.
#[test]
fn the_mid_game_fixtures_are_halfway_through_the_recorded_games() {
    use railrules::games::ne1833::Ne1833;
    use railrules::games::railroad_barons::RailroadBarons;
    use railrules::games::russian_railroads_american::{
        Action as RraAction, RussianRailroadsAmerican,
    };
    mid_game_fixture::<RailroadBarons>("railroad-barons-greedy-seed-19", "railroad-barons", |_| {
        true
    });
    mid_game_fixture::<Ne1833>("1833ne-greedy-4p-seed-3", "1833ne", |_| true);
    mid_game_fixture::<RussianRailroadsAmerican>(
        "russian-railroads-american-bot-3p-seed-2",
        "russian-railroads-american",
        |a| matches!(a, RraAction::Place { .. }),
    );
}

fn mid_game_fixture<G: railrules::core::Game>(
    save: &str,
    game: &str,
    starts_a_turn: fn(&G::Action) -> bool,
) {
    let root = env!("CARGO_MANIFEST_DIR");
    let save: Value = serde_json::from_slice(
        &std::fs::read(format!("{root}/examples/savegames/{save}.json")).unwrap(),
    )
    .unwrap();
    let actions: Vec<G::Action> = serde_json::from_value(save["actions"].clone()).unwrap();
    let options: G::Options =
        serde_json::from_value(save["setup"]["options"].clone()).unwrap_or_default();
    let mut state = G::setup(&options, save["setup"]["seed"].as_u64().unwrap()).unwrap();
    let half = (actions.len() / 2..actions.len())
        .find(|&i| starts_a_turn(&actions[i]))
        .unwrap();
    for action in &actions[..half] {
        G::apply(&mut state, action).unwrap();
    }
    assert!(G::check(&state).is_empty());
    let mut next = state.clone();
    G::apply(&mut next, &actions[half]).expect("the next action is legal");
    let body = serde_json::json!({"state": state, "action": actions[half]});
    let text = serde_json::to_string(&body).unwrap() + "\n";
    let path = format!("{root}/benches/fixtures/{game}-mid-game-validate.json");
    if std::env::var_os("RAILRULES_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    assert!(
        std::fs::read_to_string(&path).unwrap_or_default() == text,
        "{path} is not the recorded game's middle; rerun with RAILRULES_BLESS=1"
    );
}

/// The recorded Rail Barons of the World games are what its seeded bot plays (one with the
/// Duel Barons); `RAILRULES_BLESS=1` writes them. Every save file is checked by the tests above.
#[test]
fn recorded_rotw_solo_games_are_written_when_blessing() {
    use railrules::games::rotw_solo::bot::play_game;
    use railrules::games::rotw_solo::state::Phase;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames");
    for (seed, duel_barons) in [(1u64, false), (2, true), (3, false)] {
        let (options, actions, state) = play_game(seed, duel_barons, 5000);
        assert!(matches!(state.phase, Phase::GameEnded { .. }));
        let name = if duel_barons {
            format!("rotw-solo-bot-seed-{seed}-duel-barons")
        } else {
            format!("rotw-solo-bot-seed-{seed}")
        };
        write_when_blessing(&format!("{dir}/{name}.json"), || {
            save_file("rotw-solo", &options, seed, &actions, &state)
        });
    }
}

/// The recorded Russian Railroads: American Railroads games (2, 3 and 4 players) are what its
/// seeded bot plays; `RAILRULES_BLESS=1` writes them. Every save file is checked by the tests
/// above.
#[test]
fn recorded_russian_railroads_american_games_are_written_when_blessing() {
    use railrules::games::russian_railroads_american::bot::play;
    use railrules::games::russian_railroads_american::state::Phase;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames");
    for (players, seed) in [(2u8, 1u64), (3, 2), (4, 3)] {
        let path = format!("{dir}/russian-railroads-american-bot-{players}p-seed-{seed}.json");
        write_when_blessing(&path, || {
            let (options, actions, state) = play(players, seed);
            assert_eq!(state.phase, Phase::GameEnded {});
            save_file(
                "russian-railroads-american",
                &options,
                seed,
                &actions,
                &state,
            )
        });
    }
}

/// A save file of rules version 1.
fn save_file(
    game: &str,
    options: &impl serde::Serialize,
    seed: u64,
    actions: &impl serde::Serialize,
    state: &impl serde::Serialize,
) -> Value {
    serde_json::json!({
        "game": game,
        "rules_version": "1",
        "setup": {"options": options, "seed": seed},
        "actions": actions,
        "state": state,
    })
}

/// Writes the recorded game at `path` under `RAILRULES_BLESS=1`; it must exist either way.
fn write_when_blessing(path: &str, save: impl FnOnce() -> Value) {
    if std::env::var_os("RAILRULES_BLESS").is_some() {
        std::fs::write(path, serde_json::to_string(&save()).unwrap() + "\n").unwrap();
    }
    assert!(
        std::path::Path::new(path).exists(),
        "{path}: run with RAILRULES_BLESS=1"
    );
}

/// The recorded 1846 games (3, 4 and 5 players) are what its seeded bot plays, and its example
/// request bodies (examples/requests/1846/) start from a dealt game; `RAILRULES_BLESS=1` writes
/// them. Every save file is checked by the tests above.
#[test]
fn recorded_1846_games_are_written_when_blessing() {
    use railrules::core::Game;
    use railrules::games::g1846::G1846;
    use railrules::games::g1846::bot::play_greedy_game;
    use railrules::games::g1846::state::Round;
    let root = env!("CARGO_MANIFEST_DIR");
    for (players, seed) in [(3u8, 2u64), (4, 1), (5, 3)] {
        let path = format!("{root}/examples/savegames/1846-bot-{players}p-seed-{seed}.json");
        write_when_blessing(&path, || {
            let (options, actions, state) = play_greedy_game(players, seed, 20_000);
            assert!(matches!(state.round, Round::GameEnded { .. }));
            save_file("1846", &options, seed, &actions, &state)
        });
    }
    let (options, actions, after) = play_greedy_game(4, 1, 3);
    let state = G1846::setup(&options, 1).unwrap();
    let save: railrules::core::save::SaveFile =
        serde_json::from_value(save_file("1846", &options, 1, &actions, &after)).unwrap();
    let requests: [(&str, Value); 6] = [
        ("import", railrules::import::export(&save).unwrap()),
        ("setup", serde_json::json!({"options": options, "seed": 1})),
        ("check", serde_json::json!({"state": state})),
        ("legal-actions", serde_json::json!({"state": state})),
        (
            "validate",
            serde_json::json!({"state": state, "action": actions[0]}),
        ),
        (
            "replay",
            serde_json::json!({"setup": {"options": options, "seed": 1}, "actions": actions}),
        ),
    ];
    std::fs::create_dir_all(format!("{root}/examples/requests/1846")).unwrap();
    for (name, body) in requests {
        write_when_blessing(
            &format!("{root}/examples/requests/1846/{name}.json"),
            || body,
        );
    }
}
