//! Every event explains itself (issue 20.2): its `text` is one non-empty line of English that
//! names every figure and id the event carries. Checked on every event of every recorded game
//! (examples/savegames, complete games of each title, and 1846's real 18xx.games games).

use railrules::core::{Game, GameVisitor};
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
        for path in files("examples/savegames") {
            let save: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
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
                let source = path.file_name().unwrap().to_string_lossy().to_string();
                problems::<G>(&events, &source, &mut self.problems);
            }
        }
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
    assert!(recorded.events > 10_000, "{} events", recorded.events);
    for (game, kinds) in &recorded.kinds {
        assert!(kinds.len() >= 10, "{game}: only {kinds:?}");
    }
    let shown: Vec<&String> = recorded.problems.iter().take(40).collect();
    assert!(
        recorded.problems.is_empty(),
        "{} problems, the first:\n{}",
        recorded.problems.len(),
        shown
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
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
