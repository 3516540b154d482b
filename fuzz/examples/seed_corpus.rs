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
        self.games.push(saves.iter().map(|s| s.actions.len()).collect());
    }
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
