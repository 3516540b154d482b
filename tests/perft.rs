//! Golden counts of legal-action paths, one file per registered game (tests/data/perft/<game>.json:
//! seed, depth, paths), in the manner of a chess engine's perft: from setup with the default
//! options and the seed, the number of paths of `depth` listed actions. Any change in what
//! `legal_actions` lists, or in where the listed actions lead, changes the count.
//! `RAILRULES_BLESS=1` rewrites the counts (and, for a game without a file, picks the deepest
//! depth whose count takes under a quarter of a second in this build).

use std::time::{Duration, Instant};

use railrules::core::{Game, GameVisitor};
use railrules::registry::visit_games;
use railrules::testing::perft;
use serde::{Deserialize, Serialize};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft");
/// The seed a new game's golden count starts from.
const NEW_SEED: u64 = 1;
/// Blessing a new game stops deepening once a count takes this long.
const NEW_DEPTH_TIME: Duration = Duration::from_millis(250);

#[derive(Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Golden {
    seed: u64,
    depth: u32,
    paths: u64,
}

struct Counts {
    bless: bool,
    /// `game: what is wrong`, for every game whose count differs or is missing.
    failures: Vec<String>,
}

impl GameVisitor for Counts {
    fn visit<G: Game>(&mut self) {
        let path = format!("{DIR}/{}.json", G::ID);
        let golden: Option<Golden> = std::fs::read_to_string(&path)
            .ok()
            .map(|text| serde_json::from_str(&text).expect("a golden count file"));
        let (seed, depth) = match &golden {
            Some(g) => (g.seed, g.depth),
            None if self.bless => (NEW_SEED, deepest_quick_depth::<G>(NEW_SEED)),
            None => {
                self.failures
                    .push(format!("{}: no {path}; run with RAILRULES_BLESS=1", G::ID));
                return;
            }
        };
        let state = G::setup(&G::Options::default(), seed).expect("setup with the defaults");
        let started = Instant::now();
        let paths = perft::<G>(&state, depth);
        eprintln!(
            "{}: seed {seed}, depth {depth}: {paths} paths in {:.2?}",
            G::ID,
            started.elapsed()
        );
        let counted = Golden { seed, depth, paths };
        if self.bless {
            std::fs::create_dir_all(DIR).unwrap();
            let text = serde_json::to_string_pretty(&counted).unwrap() + "\n";
            std::fs::write(&path, text).unwrap();
        } else if golden.as_ref() != Some(&counted) {
            self.failures.push(format!(
                "{}: {paths} paths of depth {depth} from seed {seed}, {path} says {golden:?}; \
                 if legal_actions was meant to change, rerun with RAILRULES_BLESS=1",
                G::ID
            ));
        }
    }
}

/// The deepest depth (up to 8) whose count, from setup with `seed`, takes under
/// [`NEW_DEPTH_TIME`].
fn deepest_quick_depth<G: Game>(seed: u64) -> u32 {
    let state = G::setup(&G::Options::default(), seed).expect("setup with the defaults");
    let mut depth = 1;
    while depth < 8 {
        let started = Instant::now();
        perft::<G>(&state, depth + 1);
        if started.elapsed() > NEW_DEPTH_TIME {
            break;
        }
        depth += 1;
    }
    depth
}

#[test]
fn every_registered_game_keeps_its_golden_count_of_legal_action_paths() {
    let mut counts = Counts {
        bless: std::env::var_os("RAILRULES_BLESS").is_some(),
        failures: Vec::new(),
    };
    visit_games(&mut counts);
    assert!(counts.failures.is_empty(), "{:#?}", counts.failures);
}

/// The count is what it says: the number of paths, so one more listed action at the root of a
/// toy tree of known size adds exactly its subtree.
#[test]
fn perft_counts_paths_not_states() {
    use railrules::games::rotw_solo::RotwSolo;
    let state = RotwSolo::setup(&Default::default(), 1).unwrap();
    let legal = RotwSolo::legal_actions(&state);
    let by_hand: u64 = legal
        .iter()
        .map(|action| {
            let mut next = state.clone();
            RotwSolo::apply(&mut next, action).unwrap();
            RotwSolo::legal_actions(&next).len() as u64
        })
        .sum();
    assert_eq!(perft::<RotwSolo>(&state, 0), 1);
    assert_eq!(perft::<RotwSolo>(&state, 1), legal.len() as u64);
    assert_eq!(perft::<RotwSolo>(&state, 2), by_hand);
}
