//! Every event explains itself (issue 20.2): its `text` is one non-empty line of English that
//! names every figure and id the event carries. Checked on every event of every recorded game
//! (examples/savegames, complete games of each title, and 1846's real 18xx.games games), and
//! the kinds of event never seen there are named, so that a new one is noticed.

use railrules::core::{Game, GameVisitor};
use railrules::games::g1846::G1846;
use railrules::import::export_18xx::Export;
use railrules::import::title;
use railrules::registry::visit_games;
use serde_json::Value;

/// The scalar leaves of an event's JSON (its `type` tag aside), with their pointers.
fn leaves(value: &Value, at: String, out: &mut Vec<(String, Value)>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                if at.is_empty() && key == "type" {
                    continue;
                }
                leaves(v, format!("{at}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                leaves(v, format!("{at}/{i}"), out);
            }
        }
        Value::Number(_) | Value::String(_) => out.push((at, value.clone())),
        Value::Bool(_) | Value::Null => {}
    }
}

/// Whether `text` names `leaf`: a number as a whole number ("$80", "80%", "move 80"), an id or
/// word as written, or with its underscores as spaces (`stock_round` as "stock round").
fn names(text: &str, leaf: &Value) -> bool {
    let lower = text.to_lowercase();
    match leaf {
        Value::Number(n) => {
            let n = n.to_string();
            lower.match_indices(&n).any(|(i, _)| {
                let before = lower[..i].chars().next_back();
                let after = lower[i + n.len()..].chars().next();
                let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
                !digit(before) && !digit(after)
            })
        }
        Value::String(s) => {
            let s = s.to_lowercase();
            lower.contains(&s) || lower.contains(&s.replace('_', " "))
        }
        _ => true,
    }
}

/// Every problem with the texts of `events`: an empty text, more than one line, a figure or id
/// of the event that the text does not name.
fn problems<G: Game>(events: &[G::Event], source: &str, out: &mut Vec<String>) {
    for event in events {
        let text = G::describe(event);
        let json = serde_json::to_value(event).unwrap();
        if text.trim().is_empty() || text.contains('\n') {
            out.push(format!("{source}: {json} has text {text:?}"));
            continue;
        }
        let mut found = Vec::new();
        leaves(&json, String::new(), &mut found);
        for (pointer, leaf) in found {
            if !names(&text, &leaf) {
                out.push(format!(
                    "{source}: {text:?} does not name {leaf} ({pointer} of {json})"
                ));
            }
        }
    }
}

fn files(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// Every recorded game as a save file, by name: examples/savegames, and 1846's real games of
/// 18xx.games imported.
fn saves() -> Vec<(String, Value)> {
    let name = |p: &std::path::Path| p.file_name().unwrap().to_string_lossy().to_string();
    let mut saves: Vec<(String, Value)> = files("examples/savegames")
        .iter()
        .map(|p| {
            (
                name(p),
                serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap(),
            )
        })
        .collect();
    for path in files("tests/data/18xx-games/1846") {
        let text = std::fs::read_to_string(&path).unwrap();
        let export = Export::parse(&text).unwrap();
        let imported = title::import::<G1846>(&export).unwrap();
        saves.push((name(&path), serde_json::to_value(&imported.save).unwrap()));
    }
    saves
}

/// Replays every recorded save file of one game, judging the text of every event.
struct RecordedGames {
    problems: Vec<String>,
    events: usize,
    /// The event types seen, per game.
    kinds: Vec<(&'static str, std::collections::BTreeSet<String>)>,
}

impl GameVisitor for RecordedGames {
    fn visit<G: Game>(&mut self) {
        let mut kinds = std::collections::BTreeSet::new();
        for (source, save) in saves() {
            if save["game"] != G::ID {
                continue;
            }
            let options: G::Options =
                serde_json::from_value(save["setup"]["options"].clone()).unwrap_or_default();
            let seed = save["setup"]["seed"].as_u64().unwrap();
            let mut state = G::setup(&options, seed).unwrap();
            for action in save["actions"].as_array().unwrap() {
                let action: G::Action = serde_json::from_value(action.clone()).unwrap();
                let events = G::apply(&mut state, &action).unwrap();
                self.events += events.len();
                for e in &events {
                    let json = serde_json::to_value(e).unwrap();
                    kinds.insert(json["type"].as_str().unwrap_or("").to_string());
                }
                problems::<G>(&events, &source, &mut self.problems);
            }
        }
        let schema = serde_json::to_value(<G::Event as utoipa::PartialSchema>::schema()).unwrap();
        let all: Vec<String> = schema["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|v| {
                v["properties"]["type"]["enum"][0]
                    .as_str()
                    .map(String::from)
            })
            .collect();
        let unseen: Vec<&String> = all.iter().filter(|k| !kinds.contains(*k)).collect();
        eprintln!(
            "{}: {} of {} kinds of event seen; never: {unseen:?}",
            G::ID,
            kinds.len(),
            all.len()
        );
        self.kinds.push((G::ID, kinds));
    }
}

#[test]
fn every_event_of_every_recorded_game_names_its_figures_in_one_line() {
    let mut recorded = RecordedGames {
        problems: Vec::new(),
        events: 0,
        kinds: Vec::new(),
    };
    visit_games(&mut recorded);
    assert!(recorded.events > 5_000, "{} events", recorded.events);
    for (game, kinds) in &recorded.kinds {
        assert!(kinds.len() >= 10, "{game}: only {kinds:?}");
    }
    // The first few of each save file, so that every game's problems show.
    let mut shown: Vec<&str> = Vec::new();
    let mut per_file = std::collections::BTreeMap::<&str, usize>::new();
    for problem in &recorded.problems {
        let file = problem.split(':').next().unwrap_or("");
        let count = per_file.entry(file).or_default();
        *count += 1;
        if *count <= 3 {
            shown.push(problem);
        }
    }
    assert!(
        recorded.problems.is_empty(),
        "{} problems, the first of each file:\n{}",
        recorded.problems.len(),
        shown.join("\n")
    );
}

#[test]
fn the_judge_of_texts_finds_a_missing_figure() {
    // The checker itself: a text that leaves out a figure or an id is caught.
    let event = serde_json::json!({"type": "x", "corporation": "B&W", "per_share": 10});
    let mut found = Vec::new();
    leaves(&event, String::new(), &mut found);
    assert_eq!(found.len(), 2);
    assert!(
        found
            .iter()
            .all(|(_, l)| names("B&W pays $10 per share", l))
    );
    assert!(!names("B&W pays $100 per share", &serde_json::json!(10)));
    assert!(!names("CV pays $10 per share", &serde_json::json!("B&W")));
    assert!(names(
        "the stock round ends",
        &serde_json::json!("stock_round")
    ));
}

/// The kinds of event no recorded game reaches, built by hand and judged the same way.
#[test]
fn the_events_no_recorded_game_reaches_name_their_figures_too() {
    use railrules::games::g1846::event::Event as E1846;
    use railrules::games::g1846::ids::Company as C1846;
    use railrules::games::ne1833::Ne1833;
    use railrules::games::ne1833::event::Event as E1833;
    use railrules::games::ne1833::ids::Company as C1833;
    let mut found = Vec::new();
    problems::<Ne1833>(
        &[
            E1833::TrainSold {
                from: C1833::Bw,
                to: C1833::Cv,
                train: "4".to_string(),
                variant: "4+2".to_string(),
                price: 1,
            },
            E1833::TrainDiscarded {
                corporation: C1833::Hr,
                train: "3".to_string(),
            },
        ],
        "by hand",
        &mut found,
    );
    problems::<G1846>(
        &[E1846::TrainDiscarded {
            corporation: C1846::Prr,
            train: "4".to_string(),
        }],
        "by hand",
        &mut found,
    );
    assert!(found.is_empty(), "{found:#?}");
}

mod common;
use common::*;

/// Over HTTP: `validate`'s events carry their text, and a replay asked for its log gives a line
/// per event, `<move>. <text>`, the move being the one its action made.
#[actix_web::test]
async fn answers_carry_each_events_text_and_a_replay_its_log() {
    let (_, save) = saves()
        .into_iter()
        .find(|(name, _)| name == "1833ne-greedy-3p-seed-2.json")
        .unwrap();
    let actions: Vec<Value> = save["actions"].as_array().unwrap()[..60].to_vec();
    let server = Server::start().await;
    let replay = server
        .ok(
            "/v1/1833ne/replay",
            &serde_json::json!({"setup": save["setup"], "actions": actions, "log": true}),
        )
        .await;
    assert_eq!(replay["valid"], true, "{replay}");
    let events = replay["events"].as_array().unwrap();
    let log: Vec<&str> = replay["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let mut expected = Vec::new();
    for (i, of_action) in events.iter().enumerate() {
        for event in of_action.as_array().unwrap() {
            let text = event["text"].as_str().unwrap();
            assert!(!text.is_empty());
            expected.push(format!("{}. {text}", i + 1));
        }
    }
    assert_eq!(log, expected);
    assert!(log.len() > 60, "{} lines", log.len());
    assert!(log.contains(&"1. seat-1 bids $80 for P6"), "{log:#?}");
    // Without `log`, no log.
    let plain = server
        .ok(
            "/v1/1833ne/replay",
            &serde_json::json!({"setup": save["setup"], "actions": actions}),
        )
        .await;
    assert!(plain.get("log").is_none());
    assert_eq!(plain["events"], replay["events"]);
    server.stop().await;
}
