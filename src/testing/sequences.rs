//! Target 2, action sequences: the fuzz bytes read as choices among the listed (and sometimes
//! mutated) actions, from setup or an example save file's prefix.

use super::{
    MAX_STEPS, apply_checked, in_range, is_listed, json, listed_by_a_seat_to_act, mutate,
    same_type, turn_answers_agree,
};
use crate::core::save::SaveFile;
use crate::core::{Checked, Game, GameVisitor};
use crate::registry::{game_ids, visit_games};
use serde_json::Value;
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Reads the fuzz bytes as numbers; zeros once they run out.
pub struct Choices<'a> {
    bytes: &'a [u8],
}

impl<'a> Choices<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Choices { bytes }
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    pub fn u8(&mut self) -> u8 {
        match self.bytes.split_first() {
            Some((&b, rest)) => {
                self.bytes = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// An index below `n` (> 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.u16()) % n
    }
}

/// A save file's options, seed and actions.
pub struct Save<G: Game> {
    pub options: G::Options,
    pub seed: u64,
    pub actions: Vec<G::Action>,
}

/// The example save files (examples/savegames/), in file-name order.
pub const SAVEGAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames");

/// The example save files of `G`, in file-name order, read once per thread (the fuzz targets
/// run one execution after another on one thread).
pub fn example_saves<G: Game>() -> Rc<Vec<Save<G>>> {
    thread_local! {
        static SAVES: RefCell<HashMap<TypeId, Rc<dyn Any>>> = RefCell::new(HashMap::new());
    }
    SAVES.with(|saves| {
        let mut saves = saves.borrow_mut();
        let any = saves
            .entry(TypeId::of::<G>())
            .or_insert_with(|| Rc::new(read_saves::<G>()) as Rc<dyn Any>)
            .clone();
        any.downcast::<Vec<Save<G>>>().expect("saves of this game")
    })
}

fn read_saves<G: Game>() -> Vec<Save<G>> {
    let mut paths: Vec<_> = std::fs::read_dir(SAVEGAMES)
        .expect("examples/savegames")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| serde_json::from_slice::<SaveFile>(&std::fs::read(p).expect("a save file")))
        .map(|save| save.expect("an example save file"))
        .filter(|save| save.game == G::ID)
        .map(|save| Save {
            options: save
                .setup
                .options
                .map(|o| serde_json::from_value(o).expect("the save file's options"))
                .unwrap_or_default(),
            seed: save.setup.seed,
            actions: save
                .actions
                .into_iter()
                .map(|a| serde_json::from_value(a).expect("the save file's actions"))
                .collect(),
        })
        .collect()
}

/// The sequence target. Byte 0 picks the game: its index in the registry (`% games`); byte 1
/// the start: `% 4 == 0` setup with the default options and a u16 seed, otherwise one of the
/// game's example save files (a u16 below their number) after a prefix of its actions (a u16
/// below their number + 1); then each step reads a u16 choice (and more bytes for a range
/// value or a mutation).
pub fn sequence(bytes: &[u8]) {
    sequence_with(bytes, Listing::Spellings);
}

/// What counts as listed when an action not picked from the list is accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    /// The contract to the letter: listed, or a value of a listed range (1833NE's other runs of
    /// routes excepted, as documented).
    Exact,
    /// Also another spelling of a listed action: one that leads to the very same state (a
    /// default written out or left out), or a listed action with its lists in another order.
    /// The fuzz target uses this, so that known spellings do not stop it.
    Spellings,
}

/// How thoroughly [`play`] judges each state on the way.
#[derive(Debug, Clone, Copy)]
pub struct Playing {
    pub max_steps: usize,
    pub listing: Listing,
    /// Listed actions applied (each on its own clone) at every step besides the chosen one.
    pub listed_per_step: usize,
}

/// [`sequence`] with the given reading of "listed".
pub fn sequence_with(bytes: &[u8], listing: Listing) {
    let mut choices = Choices::new(bytes);
    let index = usize::from(choices.u8()) % game_ids().len();
    let playing = Playing {
        max_steps: MAX_STEPS,
        listing,
        listed_per_step: 0,
    };
    visit_games(&mut Sequence {
        index,
        choices,
        playing,
    });
}

/// Plays the `index`th registered game on the choices.
struct Sequence<'a> {
    index: usize,
    choices: Choices<'a>,
    playing: Playing,
}

impl GameVisitor for Sequence<'_> {
    fn visit<G: Game>(&mut self) {
        let mine = self.index == 0;
        self.index = self.index.wrapping_sub(1);
        if !mine {
            return;
        }
        let choices = &mut self.choices;
        let saves = example_saves::<G>();
        if choices.u8().is_multiple_of(4) || saves.is_empty() {
            let seed = u64::from(choices.u16());
            let start = G::setup(&G::Options::default(), seed).expect("setup with the defaults");
            play::<G>(start, choices, self.playing);
            return;
        }
        let save = &saves[choices.below(saves.len())];
        let prefix = choices.below(save.actions.len() + 1);
        play::<G>(start_of(save, prefix), choices, self.playing);
    }
}

/// The state of an example game after `prefix` of its actions (or after fewer, where the
/// example no longer replays after a rules change: the game goes on from there).
pub fn start_of<G: Game>(save: &Save<G>, prefix: usize) -> Checked<G> {
    let mut state = G::setup(&save.options, save.seed).expect("setup with an example's options");
    for action in &save.actions[..prefix] {
        if G::apply(&mut state, action).is_err() {
            break;
        }
    }
    state
}

/// Accepted actions remembered per execution, to replay later (stale actions) and as the
/// source of strings and numbers for mutations.
const HISTORY: usize = 32;

/// Plays from `state` on the choices: each step a listed action, a value of a listed range, a
/// mutated or an earlier action, every outcome judged by [`apply_checked`].
pub fn play<G: Game>(mut state: Checked<G>, choices: &mut Choices<'_>, playing: Playing) {
    let problems = G::check(&state);
    assert!(
        problems.is_empty(),
        "{}: the start fails check: {problems:?}",
        G::ID
    );
    let Playing {
        max_steps,
        listing,
        listed_per_step,
    } = playing;

    let mut history: Vec<Value> = Vec::new();
    for _ in 0..max_steps {
        if choices.is_empty() {
            break;
        }
        let legal = G::legal_actions(&state);
        if legal.is_empty() {
            break;
        }
        turn_answers_agree::<G>(&state);
        for listed in &legal {
            listed_by_a_seat_to_act::<G>(&state, listed);
        }
        every_listed_accepted::<G>(&state, &legal, listed_per_step);
        let c = choices.u16();
        let pick = usize::from(c >> 4) % legal.len();
        let (action, must_accept) = match c & 15 {
            // A listed action.
            0..=10 => (legal[pick].clone(), true),
            // A listed action with a value from its range, if it has one.
            11 | 12 => (in_range::<G>(&state, &legal[pick], choices), true),
            // A mutated listed or earlier action.
            13 | 14 => {
                let base = if !history.is_empty() && choices.u8().is_multiple_of(4) {
                    history[choices.below(history.len())].clone()
                } else {
                    serde_json::to_value(&legal[pick]).expect("an action encodes")
                };
                match mutate::<G>(base, &legal, &history, choices) {
                    Some(action) => (action, false),
                    None => continue,
                }
            }
            // An earlier action again.
            _ => match history.is_empty() {
                true => (legal[pick].clone(), true),
                false => match serde_json::from_value(history[pick % history.len()].clone()) {
                    Ok(action) => (action, false),
                    Err(_) => continue,
                },
            },
        };
        match apply_checked::<G>(&state, &action, "the chosen action") {
            Ok(next) => {
                if !must_accept {
                    assert!(
                        is_listed::<G>(&state, &legal, &action, &next, listing),
                        "{}: {} was accepted but legal_actions does not list it; listed of that \
                         type: {}",
                        G::ID,
                        json(&action),
                        same_type::<G>(&state, &legal, &action, &next)
                    );
                }
                if history.len() == HISTORY {
                    history.remove(0);
                }
                history.push(serde_json::to_value(&action).expect("an action encodes"));
                state = next;
            }
            Err(violation) => assert!(
                !must_accept,
                "{}: listed action {} refused: {violation}",
                G::ID,
                json(&action)
            ),
        }
    }
}

/// The first `cap` listed actions are accepted (each on its own clone).
fn every_listed_accepted<G: Game>(state: &Checked<G>, legal: &[G::Action], cap: usize) {
    for listed in legal.iter().take(cap) {
        if let Err(violation) = apply_checked::<G>(state, listed, "a listed action") {
            panic!(
                "{}: listed action {} refused: {violation}",
                G::ID,
                json(listed)
            );
        }
    }
}
