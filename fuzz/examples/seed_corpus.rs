//! Writes the seed corpora and the JSON dictionaries of the fuzz targets:
//!
//! - `corpus/validate_<game>/`: the example validate request and, from every example save
//!   file, `{state, action}` bodies at regular points of the game, with the action played
//!   there, with a listed action, and with an action from elsewhere in the game (most of which
//!   are refused);
//! - `corpus/sequences/`: choices that start each game from setup and from several points of
//!   the example games;
//! - `dicts/<game>.dict`: every member name and string found in those states and actions.
//!
//! Run from `fuzz/`: `cargo +nightly run --example seed_corpus` (deterministic; rerun after a
//! rules change). Corpus files are named by a hash of their content, as libFuzzer names them.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use railrules::core::save::SaveFile;
use railrules::core::{Game, GameVisitor};
use railrules::registry::visit_games;
use railrules::testing::example_saves;
use serde_json::{Value, json};

/// Points of each example game turned into validate requests.
const POINTS_PER_SAVE: usize = 25;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let saves = root.join("../examples/savegames");
    let mut files: Vec<_> = fs::read_dir(&saves)
        .expect("examples/savegames")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut seeds = Seeds {
        root,
        files: &files,
        games: Vec::new(),
    };
    visit_games(&mut seeds);
    sequences(root, &seeds.games);
}

/// For every registered game: its validate target's seeds and dictionary; then the sequence
/// seeds of them all.
struct Seeds<'a> {
    root: &'a Path,
    files: &'a [std::path::PathBuf],
    /// Each game's number of actions in each of its example games, in registry order.
    games: Vec<Vec<usize>>,
}

impl GameVisitor for Seeds<'_> {
    fn visit<G: Game>(&mut self) {
        let target = format!("validate_{}", G::ID.replace('-', "_"));
        seeds::<G>(self.root, self.files, &target);
        let saves = example_saves::<G>();
        self.games
            .push(saves.iter().map(|s| s.actions.len()).collect());
    }
}

fn seeds<G: Game>(root: &Path, saves: &[std::path::PathBuf], target: &str) {
    let dir = root.join("corpus").join(target);
    fs::create_dir_all(&dir).unwrap();
    let mut tokens = BTreeSet::new();
    let example = root.join(format!("../examples/requests/{}/validate.json", G::ID));
    if let Ok(body) = fs::read(&example) {
        write(&dir, &body);
    }
    let mut written = 0;
    for path in saves {
        let save: SaveFile = serde_json::from_slice(&fs::read(path).unwrap()).unwrap();
        if save.game != G::ID {
            continue;
        }
        let options: G::Options = save
            .setup
            .options
            .clone()
            .map(|o| serde_json::from_value(o).unwrap())
            .unwrap_or_default();
        let actions: Vec<G::Action> = save
            .actions
            .iter()
            .map(|a| serde_json::from_value(a.clone()).unwrap())
            .collect();
        let mut state = G::setup(&options, save.setup.seed).unwrap();
        let step = (actions.len() / POINTS_PER_SAVE).max(1);
        for (i, action) in actions.iter().enumerate() {
            if i % step == 0 {
                let state_json = serde_json::to_value(&state).unwrap();
                collect_tokens(&state_json, &mut tokens);
                let legal = G::legal_actions(&state);
                let elsewhere = &actions[(i * 7 + 13) % actions.len()];
                let mut candidates = vec![action.clone(), elsewhere.clone()];
                candidates.extend(legal.iter().rev().take(1).cloned());
                for a in candidates {
                    let a = serde_json::to_value(&a).unwrap();
                    collect_tokens(&a, &mut tokens);
                    let body = json!({"state": state_json, "action": a});
                    write(&dir, serde_json::to_string(&body).unwrap().as_bytes());
                    written += 1;
                }
            }
            G::apply(&mut state, action).unwrap();
        }
    }
    let dict = root.join("dicts").join(format!("{}.dict", G::ID));
    fs::create_dir_all(dict.parent().unwrap()).unwrap();
    let mut text = format!(
        "# JSON member names and strings of {} states and actions (written by examples/seed_corpus.rs)\n",
        G::ID
    );
    for t in [
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        "null",
        "true",
        "false",
        "\"state\"",
        "\"action\"",
    ] {
        tokens.insert(t.to_string());
    }
    for t in &tokens {
        text.push('"');
        for c in t.chars() {
            match c {
                '"' | '\\' => {
                    text.push('\\');
                    text.push(c);
                }
                c if c.is_ascii_graphic() || c == ' ' => text.push(c),
                c => text.push_str(&format!("\\x{:02X}", c as u32 & 0xff)),
            }
        }
        text.push_str("\"\n");
    }
    fs::write(&dict, text).unwrap();
    println!(
        "{target}: {written} requests, {} dictionary tokens",
        tokens.len()
    );
}

/// Member names and short strings, quoted as they appear in JSON.
fn collect_tokens(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.insert(format!("\"{k}\""));
                collect_tokens(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_tokens(v, out)),
        Value::String(s) if s.len() <= 24 => {
            out.insert(format!("\"{s}\""));
        }
        _ => {}
    }
}

/// Seeds for the sequence target (see `railrules::testing::sequence` for the layout): every
/// game from setup and from each example game at several points.
fn sequences(root: &Path, games: &[Vec<usize>]) {
    let dir = root.join("corpus").join("sequences");
    fs::create_dir_all(&dir).unwrap();
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut count = 0;
    let mut choices = |bytes: &mut Vec<u8>| {
        for _ in 0..100 {
            // Mostly listed actions (low nibble 0..=10), some of the other kinds.
            let pick = (next() % 4096) as u16;
            let kind = match next() % 16 {
                k @ 0..=12 => (k % 11) as u16,
                k => k as u16,
            };
            bytes.extend_from_slice(&((pick << 4) | kind).to_le_bytes());
        }
    };
    for (game, saves) in games.iter().enumerate() {
        // From setup, seed 7.
        let mut bytes = vec![game as u8, 0];
        bytes.extend_from_slice(&7u16.to_le_bytes());
        choices(&mut bytes);
        write(&dir, &bytes);
        count += 1;
        // Each example game at 0, 1/5, 2/5, 3/5 and 4/5 of the way.
        for (save, &actions) in saves.iter().enumerate() {
            for fifth in 0..5 {
                let mut bytes = vec![game as u8, 1];
                bytes.extend_from_slice(&(save as u16).to_le_bytes());
                bytes.extend_from_slice(&((actions * fifth / 5) as u16).to_le_bytes());
                choices(&mut bytes);
                write(&dir, &bytes);
                count += 1;
            }
        }
    }
    println!("sequences: {count} seeds");
}

fn write(dir: &Path, bytes: &[u8]) {
    // FNV-1a, enough to name and deduplicate seeds.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    fs::write(dir.join(format!("seed-{h:016x}")), bytes).unwrap();
}
