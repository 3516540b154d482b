//! The contract harness every game's tests and the fuzz targets share (cargo feature
//! `testing`; the package's own tests enable it through a dev-dependency on itself, the fuzz
//! crate through its dependency). Nothing here names a game: the games are reached through the
//! registry ([`crate::registry`]).
//!
//! Entry points:
//! - [`validate_request`]: the bytes of a `POST /v1/{game}/validate` body, parsed exactly as the
//!   service does ([`parse_body`] with the published request schema);
//! - [`sequence`]: the bytes as choices among the listed (and sometimes mutated) actions, for
//!   the game byte 0 picks among the registered ones, from setup or from a prefix of one of its
//!   example save files;
//! - [`play`]: the same for one game from a given start (the generic playouts of
//!   tests/contract.rs);
//! - [`perft`]: the number of legal-action paths of a given depth (tests/perft.rs).
//!
//! What they assert (the `Game` contract, src/core/game.rs):
//! - nothing panics;
//! - the same state and action give the same result, byte for byte;
//! - an accepted action leaves a state that `check` finds consistent, whose JSON encoding reads
//!   back as the same state, and whose events encode;
//! - a refused action leaves the state byte-identical;
//! - every listed action (and every value of a listed range) is accepted, and is taken by a
//!   seat that `to_act` lists (the core refuses any other before the game sees it);
//! - an accepted action is listed (or one of the listed ranges' values), except the runs of
//!   routes other than the best in 1833NE, which the rules accept without listing them; so a
//!   sampled unlisted action (a mutated or an earlier one) is refused.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

use crate::api::routes::Endpoint;
use crate::api::validation::parse_body;
use crate::api::{ApiState, Limits};
use crate::core::save::{SaveFile, first_difference};
use crate::core::{Checked, Game, GameVisitor, Violation};
use crate::registry::{game_ids, visit_games};
use serde::Deserialize;
use serde_json::Value;

/// Listed actions applied per `validate_request` execution (each on its own clone).
pub const LISTED_CAP: usize = 20;
/// Steps of one `sequence` execution, for every game (the input's length bounds them too).
pub const MAX_STEPS: usize = 200;
/// The game whose documented exception [`is_listed`] knows: its runs of routes other than the
/// best are accepted without being listed (docs/rules/1833ne.md).
const UNLISTED_RUNS_GAME: &str = "1833ne";

// ---------------------------------------------------------------------------------------------
// Target 1: a validate request body.

/// The body of `POST /v1/{game}/validate`, as the service reads it (src/api/routes/validate.rs).
#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
pub struct ValidateRequest<G: Game> {
    pub state: G::State,
    pub action: G::Action,
}

/// The service's shared state, for the published request schemas (built once per process).
fn api_state() -> &'static ApiState {
    static STATE: OnceLock<ApiState> = OnceLock::new();
    STATE.get_or_init(|| ApiState::new(Limits::default()).expect("the API state builds"))
}

/// Parses `bytes` as a validate request of game `G` exactly as the service does; when the
/// state is consistent, judges the action and the first [`LISTED_CAP`] listed actions.
pub fn validate_request<G: Game>(bytes: &[u8]) {
    let schema = api_state().request_schema(G::ID, Endpoint::Validate);
    let request = match parse_body::<ValidateRequest<G>>(bytes, &Limits::default(), schema) {
        Ok(request) => request,
        Err(problem) => {
            // The service answers with this problem: it must encode, with a client error.
            assert!(
                (400..500).contains(&problem.status),
                "a request problem with status {}: {problem:?}",
                problem.status
            );
            serde_json::to_string(&problem).expect("the problem encodes");
            return;
        }
    };
    let ValidateRequest { state, action } = request;
    let Ok(state) = Checked::<G>::new(state) else {
        return; // the service answers 422 inconsistent_state without running any rules
    };
    let _ = apply_checked::<G>(&state, &action, "the posted action");
    let legal = G::legal_actions(&state);
    for listed in legal.iter().take(LISTED_CAP) {
        listed_by_a_seat_to_act::<G>(&state, listed);
        if let Err(violation) = apply_checked::<G>(&state, listed, "a listed action") {
            panic!(
                "{}: listed action {} refused: {violation}",
                G::ID,
                json(listed)
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// What every applied action must satisfy.

/// A listed action is taken by a seat `to_act` lists: the core's turn guard
/// (src/core/contract.rs) would refuse any other.
pub fn listed_by_a_seat_to_act<G: Game>(state: &Checked<G>, listed: &G::Action) {
    if let Some(seat) = G::seat_of(listed) {
        assert!(
            G::to_act(state).contains(&seat),
            "{}: listed action {} is taken by {seat}, not among those to act {:?}",
            G::ID,
            json(listed),
            G::to_act(state)
        );
    }
}

/// A game's quick answers about the turn ([`Game::first_to_act`], [`Game::may_act`],
/// [`Game::has_seat`]) agree with its lists ([`Game::to_act`], [`Game::seats`]).
pub fn turn_answers_agree<G: Game>(state: &Checked<G>) {
    let to_act = G::to_act(state);
    assert_eq!(
        G::first_to_act(state).as_ref(),
        to_act.first(),
        "{}: first_to_act is not the first of to_act",
        G::ID
    );
    for seat in G::seats(state) {
        assert!(G::has_seat(state, &seat), "{}: {seat} is seated", G::ID);
        assert_eq!(
            G::may_act(state, &seat),
            to_act.contains(&seat),
            "{}: may_act({seat}) disagrees with to_act {to_act:?}",
            G::ID
        );
    }
}

/// Applies `action` on a clone of `state` and checks the outcome: the same on a second clone,
/// byte for byte; accepted, the new state is consistent and survives a JSON round trip;
/// refused, the state is byte-identical.
pub fn apply_checked<G: Game>(
    state: &Checked<G>,
    action: &G::Action,
    what: &str,
) -> Result<Checked<G>, Violation> {
    let mut next = state.clone();
    let outcome = G::apply(&mut next, action);
    let mut again = state.clone();
    let repeated = G::apply(&mut again, action);
    assert!(
        json(&outcome) == json(&repeated) && json(&next) == json(&again),
        "{}: {what} {} gave two different outcomes on the same state: {}",
        G::ID,
        json(action),
        difference::<G>(&next, &again)
    );
    match outcome {
        Ok(events) => {
            let problems = G::check(&next);
            assert!(
                problems.is_empty(),
                "{}: {what} {} was accepted, but the new state fails check: {problems:?}",
                G::ID,
                json(action)
            );
            serde_json::to_string(&events).expect("the events encode");
            round_trip::<G>(&next, action);
            Ok(next)
        }
        Err(violation) => {
            if next != *state || json(&next) != json(state) {
                panic!(
                    "{}: {what} {} was refused ({violation}) but the state changed: {}",
                    G::ID,
                    json(action),
                    difference::<G>(state, &next)
                );
            }
            Err(violation)
        }
    }
}

/// The service returns the new state for the client to post back: it must read back as itself.
fn round_trip<G: Game>(state: &G::State, after: &G::Action) {
    let text = serde_json::to_string(state).expect("the state encodes");
    match serde_json::from_str::<G::State>(&text) {
        Ok(back) => assert!(
            back == *state,
            "{}: the state after {} does not read back as itself: {}",
            G::ID,
            json(after),
            difference::<G>(state, &back)
        ),
        Err(e) => panic!(
            "{}: the state after {} does not read back: {e}",
            G::ID,
            json(after)
        ),
    }
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("<unencodable: {e}>"))
}

/// Where two states first differ, as `pointer: before -> after`.
fn difference<G: Game>(before: &G::State, after: &G::State) -> String {
    let a = serde_json::to_value(before).unwrap_or(Value::Null);
    let b = serde_json::to_value(after).unwrap_or(Value::Null);
    match first_difference(&a, &b, String::new()) {
        Some((pointer, x, y)) => format!("at `{pointer}`: {x} -> {y}"),
        None => "equal JSON, unequal values".to_string(),
    }
}

// ---------------------------------------------------------------------------------------------
// Target 2: action sequences.

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

/// The number of paths of `depth` legal actions from `state` (perft, as chess engines count
/// moves): any change in what `legal_actions` lists, or in where the actions lead, changes it.
/// Values of listed ranges are not counted (a range's action is one path).
pub fn perft<G: Game>(state: &Checked<G>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let legal = G::legal_actions(state);
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .iter()
        .map(|action| {
            let mut next = state.clone();
            G::apply(&mut next, action).unwrap_or_else(|v| {
                panic!("{}: listed action {} refused: {v}", G::ID, json(action))
            });
            perft::<G>(&next, depth - 1)
        })
        .sum()
}

/// The listed actions of `action`'s type (the first 12), for messages.
fn same_type<G: Game>(
    state: &Checked<G>,
    legal: &[G::Action],
    action: &G::Action,
    next: &Checked<G>,
) -> String {
    let tag = serde_json::to_value(action).map(|v| v["type"].clone());
    let same: Vec<String> = legal
        .iter()
        .filter(|l| {
            serde_json::to_value(l).map(|v| v["type"].clone()).ok() == tag.as_ref().ok().cloned()
        })
        .take(12)
        .map(|l| {
            let mut theirs = state.clone();
            match G::apply(&mut theirs, l) {
                Ok(_) => format!(
                    "{} (its new state differs {})",
                    json(l),
                    difference::<G>(next, &theirs)
                ),
                Err(v) => format!("{} (refused: {v})", json(l)),
            }
        })
        .collect();
    format!("[{}]", same.join(", "))
}

/// `action` with each of its ranged numbers set to a value of its range.
fn in_range<G: Game>(
    state: &Checked<G>,
    action: &G::Action,
    choices: &mut Choices<'_>,
) -> G::Action {
    let ranges = G::ranges(state, action);
    if ranges.is_empty() {
        return action.clone();
    }
    let mut value = serde_json::to_value(action).expect("an action encodes");
    for range in &ranges {
        assert!(
            range.min <= range.max,
            "{}: empty range {range:?} for listed {}",
            G::ID,
            json(action)
        );
        let span = range.max - range.min;
        let offset = match choices.u8() % 4 {
            0 => 0,
            1 => span,
            _ => u64::from(choices.u32()) % span.saturating_add(1).max(1),
        };
        let slot = value.pointer_mut(&range.pointer).unwrap_or_else(|| {
            panic!(
                "{}: range pointer {} not in {}",
                G::ID,
                range.pointer,
                json(action)
            )
        });
        *slot = Value::from(range.min + offset.min(span));
    }
    serde_json::from_value(value)
        .unwrap_or_else(|e| panic!("{}: a value in a listed range does not decode: {e}", G::ID))
}

/// Whether `action` is listed, is a listed action with other values of its ranges, or is
/// another spelling of a listed action (see [`equivalent_listed`]).
fn is_listed<G: Game>(
    state: &Checked<G>,
    legal: &[G::Action],
    action: &G::Action,
    next: &Checked<G>,
    listing: Listing,
) -> bool {
    if legal.contains(action) {
        return true;
    }
    let mine = serde_json::to_value(action).expect("an action encodes");
    if G::ID == UNLISTED_RUNS_GAME && mine["type"] == "run_routes" {
        // Documented: the best routes are listed; other legal runs are accepted unlisted.
        return true;
    }
    let in_range = legal.iter().any(|listed| {
        let ranges = G::ranges(state, listed);
        if ranges.is_empty() {
            return false;
        }
        let mut theirs = serde_json::to_value(listed).expect("an action encodes");
        ranges.iter().all(
            |r| match (mine.pointer(&r.pointer), theirs.pointer_mut(&r.pointer)) {
                (Some(v), Some(slot))
                    if v.as_u64().is_some_and(|v| (r.min..=r.max).contains(&v)) =>
                {
                    *slot = v.clone();
                    true
                }
                _ => false,
            },
        ) && theirs == mine
    });
    in_range || (listing == Listing::Spellings && equivalent_listed::<G>(state, legal, &mine, next))
}

/// Whether a listed action of the same type and player leads to the very same state (a default
/// written out or left out), or is the same but for the order of its lists.
fn equivalent_listed<G: Game>(
    state: &Checked<G>,
    legal: &[G::Action],
    mine: &Value,
    next: &Checked<G>,
) -> bool {
    legal.iter().any(|listed| {
        let theirs = serde_json::to_value(listed).expect("an action encodes");
        theirs["type"] == mine["type"]
            && theirs["player"] == mine["player"]
            && (sorted(theirs.clone()) == sorted(mine.clone())
                || apply_checked::<G>(state, listed, "a listed action").as_ref() == Ok(next))
    })
}

/// Changes one thing in an action's JSON (a number, a string, a flag, an optional field, a
/// list): `None` when the result is not an action of the game.
fn mutate<G: Game>(
    mut value: Value,
    legal: &[G::Action],
    history: &[Value],
    choices: &mut Choices<'_>,
) -> Option<G::Action> {
    let mut nodes = Vec::new();
    collect_nodes(&value, String::new(), &mut nodes);
    let pointer = nodes[choices.below(nodes.len())].clone();
    // Values seen in this state's actions: the ids and numbers a mutation swaps in.
    let mut pool = Vec::new();
    for listed in legal.iter().take(64) {
        collect_leaves(&serde_json::to_value(listed).ok()?, &mut pool);
    }
    history.iter().for_each(|h| collect_leaves(h, &mut pool));
    let op = choices.u8();
    let node = value.pointer_mut(&pointer)?;
    match node {
        Value::Number(n) => {
            let n = n.as_i64().unwrap_or(0);
            *node = match op % 8 {
                0 => Value::from(n.saturating_add(i64::from(op / 8 % 17) - 8)),
                1 => Value::from(n.saturating_add(5)),
                2 => Value::from(n.saturating_sub(5)),
                3 => Value::from(n.saturating_mul(2)),
                4 => Value::from(0),
                5 => Value::from(choices.u16()),
                6 => Value::from(u64::MAX),
                _ => pick(&pool, choices, |v| v.is_number())?,
            };
        }
        Value::String(s) => {
            *node = match op % 4 {
                0 => Value::from(format!("{s}{}", op / 4 % 10)),
                1 => Value::from(""),
                _ => pick(&pool, choices, |v| v.is_string())?,
            };
        }
        Value::Bool(b) => *node = Value::Bool(!*b),
        Value::Null => *node = pick(&pool, choices, |_| true)?,
        Value::Array(items) => match op % 4 {
            0 if !items.is_empty() => {
                let i = choices.below(items.len());
                items.remove(i);
            }
            1 if !items.is_empty() => {
                let i = choices.below(items.len());
                items.push(items[i].clone());
            }
            2 if items.len() > 1 => {
                let (i, j) = (choices.below(items.len()), choices.below(items.len()));
                items.swap(i, j);
            }
            _ => items.clear(),
        },
        Value::Object(map) => {
            // Drop an optional member (or, at the top, the whole action becomes another's).
            let keys: Vec<String> = map.keys().filter(|k| *k != "type").cloned().collect();
            if keys.is_empty() || op.is_multiple_of(2) {
                let other = &legal[choices.below(legal.len())];
                let mut other = serde_json::to_value(other).ok()?;
                if let (Some(o), Some(p)) = (other.as_object_mut(), map.get("player")) {
                    o.insert("player".to_string(), p.clone());
                }
                *node = other;
            } else {
                map.remove(&keys[choices.below(keys.len())]);
            }
        }
    }
    serde_json::from_value(value).ok()
}

/// `value` with every list sorted (by the members' JSON).
fn sorted(value: Value) -> Value {
    match value {
        Value::Array(items) => {
            let mut items: Vec<Value> = items.into_iter().map(sorted).collect();
            items.sort_by_cached_key(|v| v.to_string());
            Value::Array(items)
        }
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, sorted(v))).collect()),
        other => other,
    }
}

fn pick(pool: &[Value], choices: &mut Choices<'_>, keep: impl Fn(&Value) -> bool) -> Option<Value> {
    let candidates: Vec<&Value> = pool.iter().filter(|v| keep(v)).collect();
    if candidates.is_empty() {
        return None;
    }
    Some(candidates[choices.below(candidates.len())].clone())
}

/// Every node's JSON pointer, the root included.
fn collect_nodes(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if k != "type" {
                    collect_nodes(
                        v,
                        format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                        out,
                    );
                }
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                collect_nodes(v, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// Every number and string in `value`, type tags excepted.
fn collect_leaves(value: &Value, out: &mut Vec<Value>) {
    match value {
        Value::Object(map) => map
            .iter()
            .filter(|(k, _)| *k != "type")
            .for_each(|(_, v)| collect_leaves(v, out)),
        Value::Array(items) => items.iter().for_each(|v| collect_leaves(v, out)),
        Value::Number(_) | Value::String(_) => out.push(value.clone()),
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------
// What `check` says of a hand-built position.

/// The problems `check` finds in `state`, as (code, pointer), sorted (a problem without a
/// pointer has `""`).
pub fn check_problems<G: Game>(state: &G::State) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = G::check(state)
        .into_iter()
        .map(|v| (v.code, v.pointer.unwrap_or_default()))
        .collect();
    found.sort();
    found
}

/// `check` finds exactly `expected` (code, pointer) in `state`, in any order.
pub fn expect_check<G: Game>(state: &G::State, expected: &[(&str, &str)]) {
    let mut expected: Vec<(String, String)> = expected
        .iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect();
    expected.sort();
    assert_eq!(
        check_problems::<G>(state),
        expected,
        "{:#?}",
        G::check(state)
    );
}
