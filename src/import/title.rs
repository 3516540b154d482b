//! What a title needs to be read from and written as an 18xx.games export, and the drivers
//! that do it for any such title (issue 19, item 3).
//!
//! A title ([`Title`]) translates one action at a time, both ways, with the game's state before
//! it: 18xx.games names what railrules' state knows by position (the president of the company
//! acting, the share certificate bought, the copy of a tile laid), and the site's engine skips
//! steps and players that railrules asks for explicitly (or the other way round). Each such
//! difference is a documented flow rule of the title (`docs/rules/<game>.md#interop`), by which
//! the importer inserts or leaves out an action; no action is ever guessed.
//!
//! - [`import`]: an export into a railrules save file, with where each action came from;
//! - [`export`]: a railrules save file into an export;
//! - [`check`]: an export replayed, its recorded result compared with railrules' scores.

use serde::Serialize;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

use super::export_18xx::{
    Export, ImportError, Played, SiteJson, played_from, player_key, seed_of, site_json,
};
use super::trace::{Divergence, Figures, Trace, differences};
use crate::core::save::{SaveFile, SaveSetup, SiteEnd, SitePlayer, SiteRecord};
use crate::core::{Checked, Deadline, Game, Violation};

/// The most actions a flow rule may insert before one action of the export: closing every
/// company's turn of two operating rounds and passing for every player of a stock round fits.
pub const MAX_INSERTED_IN_A_ROW: usize = 64;

/// What the importer does with one action of the export, given the state before it.
#[derive(Debug, Clone, PartialEq)]
pub enum Step<A> {
    /// The export's action, in railrules' words.
    Translate(A),
    /// An action the export implies before its own, by the flow rule named (a section id of the
    /// game's rules); the export's action is looked at again after it.
    Insert(A, &'static str),
    /// The export's action has no counterpart here, by the flow rule named.
    Drop(&'static str),
}

/// The players of an export in seat order (railrules' first seat is the export's first
/// player), each as the export's actions and result name them: its id, else its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seats {
    keys: Vec<String>,
    /// Each key that is a whole number as JSON writes one (`42`, not `042`), as that number:
    /// an entity written as a number is found without writing it out.
    numbers: Vec<Option<u64>>,
}

impl Seats {
    pub fn of(export: &Export) -> Seats {
        Seats::keyed(export.players.iter().map(|p| p.key()).collect())
    }

    /// Players numbered 1, 2... (as an export railrules writes names them).
    pub fn numbered(players: usize) -> Seats {
        Seats::keyed((1..=players).map(|i| i.to_string()).collect())
    }

    /// The players of the site's record a save was imported from.
    pub fn of_origin(players: &[SitePlayer]) -> Seats {
        Seats::keyed(
            players
                .iter()
                .map(|p| player_key(p.id.as_ref(), &p.name))
                .collect(),
        )
    }

    fn keyed(keys: Vec<String>) -> Seats {
        let numbers = keys
            .iter()
            .map(|k| k.parse::<u64>().ok().filter(|n| n.to_string() == *k))
            .collect();
        Seats { keys, numbers }
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The seat index of the player an action's `entity` (or `user`) names.
    pub fn index_of(&self, entity: &SiteJson) -> Option<usize> {
        match entity {
            SiteJson::Str(s) => self.keys.iter().position(|k| k == s),
            SiteJson::Number(n) => match n.as_u64() {
                Some(n) => self.numbers.iter().position(|k| *k == Some(n)),
                None => {
                    let key = n.to_string();
                    self.keys.iter().position(|k| *k == key)
                }
            },
            _ => None,
        }
    }

    pub fn key(&self, index: usize) -> &str {
        self.keys.get(index).map_or("", String::as_str)
    }

    /// The entity value of seat `index` in an export railrules writes: the number it is given.
    pub fn entity(&self, index: usize) -> Value {
        match self.key(index).parse::<u64>() {
            Ok(n) => json!(n),
            Err(_) => json!(self.key(index)),
        }
    }
}

/// A railrules game read from and written as an 18xx.games title.
pub trait Title: Game + Sized {
    /// The title as 18xx.games names it (its `meta.rb`).
    const TITLE: &'static str;
    /// What the translation keeps beside the game's state: the names the site gives to what
    /// railrules' state knows only by count or position (certificates, copies of tiles).
    type Ledger: Clone;
    /// An action the export may leave out, by the flow rule that would insert it again.
    type Silence: Clone;

    /// The ledger of the state dealt.
    fn ledger(start: &Self::State) -> Self::Ledger;

    /// The game's options from the export's players and settings (the seed is the export's).
    fn options(export: &Export) -> Result<Self::Options, ImportError>;

    /// The export's `settings` beyond the seed, for these options.
    fn settings(options: &Self::Options) -> Map<String, Value>;

    /// What to do with the export's action `played`, given the state before it (and the
    /// export's next action, for the rules that look at who acts next).
    fn import_step(
        seats: &Seats,
        ledger: &mut Self::Ledger,
        state: &Checked<Self>,
        played: &Played,
        next: Option<&Played>,
    ) -> Result<Step<Self::Action>, ImportError>;

    /// What a flow rule makes after the export's last action, if anything: the steps the site
    /// takes by itself once an action is processed are in the state it exported. By default
    /// nothing.
    fn after_last(
        _seats: &Seats,
        _ledger: &Self::Ledger,
        _state: &Checked<Self>,
    ) -> Option<(Self::Action, &'static str)> {
        None
    }

    /// After a translated action was applied: what the export's action says of the result
    /// that railrules' action did not (a train's id, a market column) must hold.
    fn confirm(
        ledger: &Self::Ledger,
        played: &Played,
        after: &Self::State,
    ) -> Result<(), ImportError>;

    /// The export's action for railrules' `action` (applied to `before`, giving `after` and
    /// `events`), and whether a flow rule may leave it out.
    fn export_action(
        seats: &Seats,
        ledger: &Self::Ledger,
        before: &Checked<Self>,
        action: &Self::Action,
        after: &Self::State,
        events: &[Self::Event],
    ) -> Result<Written<Self::Silence>, String>;

    /// Whether the importer, reading `next` (the export's next action, followed by `after`),
    /// inserts again the action `silence` stands for at the place it had: only then is it left
    /// out of the export (so that importing an export gives back the save exactly).
    fn reinserted(
        seats: &Seats,
        silence: &Self::Silence,
        next: Option<&SiteJson>,
        after: Option<&SiteJson>,
    ) -> bool;

    /// Keeps the ledger up to date after `action` (with the export's form of it, if any).
    fn observe(
        ledger: &mut Self::Ledger,
        action: &Self::Action,
        site: Option<&SiteJson>,
        after: &Self::State,
    );

    /// The site's name of the game's end (the export's `game_end_reason`) if `events` end it;
    /// by default none is written.
    fn end_reason(_events: &[Self::Event]) -> Option<&'static str> {
        None
    }

    /// Each seat's value (the export's `result`): the final scores once the game has ended,
    /// else what they would be if it ended now.
    fn values(state: &Self::State) -> Vec<i64>;

    /// The cash of every player and company, the share prices and the bank, named as an
    /// engine's trace names them (issue 37): none where the title is not traced.
    fn figures(_state: &Self::State) -> Option<Figures> {
        None
    }
}

/// The export's form of one railrules action.
#[derive(Debug, Clone, PartialEq)]
pub struct Written<S> {
    /// The site's actions before it that railrules has no counterpart of (a pass ending a
    /// step of the site's railrules does not have); the importer drops them again.
    pub steps_passed: Vec<Value>,
    pub action: Value,
    /// The site's actions after it that railrules makes by itself (a company in receivership
    /// discarding over its limit); the importer drops them again.
    pub made_after: Vec<Value>,
    /// Set when a flow rule may leave the action out (see [`Title::reinserted`]).
    pub silence: Option<S>,
}

/// Where an action of an imported save came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Origin {
    /// The export action's JSON pointer; for an inserted action, the action it was inserted
    /// before (or `/actions` at the end of the log).
    pub pointer: String,
    /// The flow rule that inserted it; absent for a translated action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
}

/// An export read into a railrules save file.
#[derive(Debug, Clone)]
pub struct Imported<G: Game> {
    pub save: SaveFile,
    pub state: G::State,
    /// Actions of the export translated.
    pub imported: usize,
    /// Actions inserted by flow rules.
    pub inserted: usize,
    /// Actions of the export left out by flow rules.
    pub dropped: usize,
    /// For each action of the save, in order.
    pub origins: Vec<Origin>,
}

/// Why an export could not be imported.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The export is not one of this title, or an action cannot be translated.
    Untranslatable(ImportError),
    /// Setup with the export's options failed.
    SetupRefused(Vec<Violation>),
    /// An action (translated, or inserted before `pointer` by `rule`) is illegal here.
    Illegal(Box<Illegal>),
    /// The work's deadline passed.
    DeadlinePassed,
    /// Every action legal, but a figure differs from the trace beside the export.
    FiguresDiffer(Box<Divergence>),
}

/// An illegal action met while importing.
#[derive(Debug, Clone, PartialEq)]
pub struct Illegal {
    /// The export's action (or the one a rule inserted it before).
    pub pointer: String,
    /// The flow rule that inserted it; absent for a translated action.
    pub rule: Option<&'static str>,
    /// Its index in the save file the import would write.
    pub index: usize,
    pub action: Value,
    pub violation: Violation,
}

impl From<ImportError> for Failure {
    fn from(e: ImportError) -> Failure {
        Failure::Untranslatable(e)
    }
}

fn untranslatable(pointer: impl Into<String>, message: impl Into<String>) -> Failure {
    Failure::Untranslatable(ImportError {
        pointer: pointer.into(),
        message: message.into(),
    })
}

/// The driver's state while importing: the game, the ledger, the save's actions so far.
struct Importer<G: Title> {
    /// The state after setup, from which `actions` lead to `state`.
    start: Checked<G>,
    state: Checked<G>,
    ledger: G::Ledger,
    actions: Vec<G::Action>,
    /// Where each action came from, when the import is written (a check counts only).
    origins: Option<Vec<Origin>>,
    imported: usize,
    inserted: usize,
    dropped: usize,
}

impl<G: Title> Importer<G> {
    fn apply(
        &mut self,
        action: G::Action,
        pointer: &str,
        rule: Option<&'static str>,
        site: Option<&SiteJson>,
    ) -> Result<(), Failure> {
        if let Err(violation) = self
            .state
            .apply_replaying(&action, &self.start, &self.actions)
        {
            return Err(Failure::Illegal(Box::new(Illegal {
                pointer: pointer.to_string(),
                rule,
                index: self.actions.len(),
                action: serde_json::to_value(&action).unwrap_or(Value::Null),
                violation,
            })));
        }
        G::observe(&mut self.ledger, &action, site, &self.state);
        self.actions.push(action);
        if let Some(origins) = &mut self.origins {
            origins.push(Origin {
                pointer: pointer.to_string(),
                rule,
            });
        }
        Ok(())
    }
}

/// An export replayed: the options and seed it was set up with, and the importer at its end.
struct Replayed<G: Title> {
    options: G::Options,
    seed: u64,
    importer: Importer<G>,
}

/// What the export names that railrules' game does not carry: its id, description, players,
/// settings, and an end its players made (`over`: whether the rules ended the game).
fn origin_of(export: &Export, over: bool) -> SiteRecord {
    let finished = export.status.as_deref() == Some("finished");
    SiteRecord {
        settings: export.settings_written(),
        ended: (finished && !over).then(|| SiteEnd {
            game_end_reason: export.game_end_reason.clone(),
            result: export.result.clone(),
        }),
        id: export.id.clone(),
        description: export.description.clone(),
        players: export
            .players
            .iter()
            .map(|p| SitePlayer {
                id: p.id.clone(),
                name: p.name.clone(),
            })
            .collect(),
    }
}

/// Reads an export of `G`'s title into a railrules save file (with the final state).
pub fn import<G: Title>(export: &Export) -> Result<Imported<G>, Failure> {
    let Replayed {
        options,
        seed,
        importer,
    } = replay::<G>(export, true, None)?;
    let state = importer.state.into_state();
    let save = SaveFile {
        game: G::ID.to_string(),
        rules_version: G::RULES_VERSION.to_string(),
        setup: SaveSetup {
            options: Some(serde_json::to_value(&options).unwrap_or(Value::Null)),
            seed,
        },
        actions: importer
            .actions
            .iter()
            .map(|a| serde_json::to_value(a).unwrap_or(Value::Null))
            .collect(),
        state: Some(serde_json::to_value(&state).unwrap_or(Value::Null)),
        origin: Some(origin_of(export, G::is_over(&state))),
    };
    Ok(Imported {
        save,
        state,
        imported: importer.imported,
        inserted: importer.inserted,
        dropped: importer.dropped,
        origins: importer.origins.unwrap_or_default(),
    })
}

/// Sets up and imports every action of an export (and what flow rules insert after its last).
fn replay<G: Title>(
    export: &Export,
    origins: bool,
    trace: Option<&Trace>,
) -> Result<Replayed<G>, Failure> {
    replay_played::<G>(export, origins, trace, || export.played())
}

/// [`replay`], with the actions the engine plays read by `played` (when the export's other
/// fields have been read: their errors come first).
fn replay_played<'a, G: Title>(
    export: &Export,
    origins: bool,
    trace: Option<&Trace>,
    played: impl FnOnce() -> Result<Vec<Played<'a>>, ImportError>,
) -> Result<Replayed<G>, Failure> {
    if export.title != G::TITLE {
        return Err(untranslatable(
            "/title",
            format!("an export of `{}`, not of {}", export.title, G::TITLE),
        ));
    }
    let seats = Seats::of(export);
    let options = G::options(export)?;
    let seed = export.seed()?;
    let played = played()?;
    let state = G::setup(&options, seed).map_err(Failure::SetupRefused)?;
    let mut importer = Importer::<G> {
        ledger: G::ledger(&state),
        start: state.clone(),
        state,
        actions: Vec::new(),
        origins: origins.then(Vec::new),
        imported: 0,
        inserted: 0,
        dropped: 0,
    };
    let deadline = Deadline::current();
    let mut tracer = Tracer {
        trace,
        seats: &seats,
        pending: None,
    };
    // Each action of the export is let go once imported (while its memory is still at hand).
    let mut played = played.into_iter().peekable();
    while let Some(action) = played.next() {
        if deadline.passed() {
            return Err(Failure::DeadlinePassed);
        }
        let next = played.peek();
        import_one(&mut importer, &seats, &action, next, &mut |state| {
            tracer.settle::<G>(state)
        })?;
        let index = log_index(&action.pointer);
        if next.is_none_or(|n| log_index(&n.pointer) != index) {
            tracer.after::<G>(index, &action.pointer, importer.state.state())?;
        }
    }
    for _ in 0..MAX_INSERTED_IN_A_ROW {
        let Some((action, rule)) = G::after_last(&seats, &importer.ledger, &importer.state) else {
            break;
        };
        importer.apply(action, "/actions", Some(rule), None)?;
        importer.inserted += 1;
    }
    tracer.settle::<G>(importer.state.state())?;
    Ok(Replayed {
        options,
        seed,
        importer,
    })
}

/// The place in the export's log of the action at `pointer` (`/actions/12`, or
/// `/actions/12/auto_actions/0`: 12).
fn log_index(pointer: &str) -> Option<usize> {
    pointer
        .strip_prefix("/actions/")?
        .split('/')
        .next()?
        .parse()
        .ok()
}

/// Compares railrules' figures with a trace's as an export is replayed (see [`super::trace`]).
struct Tracer<'t> {
    trace: Option<&'t Trace>,
    seats: &'t Seats,
    /// The row that differed right after its action, to compare again before the next one.
    pending: Option<(&'t super::trace::TraceRow, Divergence)>,
}

impl<'t> Tracer<'t> {
    /// After the export's action `index` (its last automatic one included). A row still
    /// pending is settled first, unless this action changed none of the engine's figures (a
    /// pass the importer left out): then it waits for the next translated action. Where this
    /// action had no translation of its own (the flow rules inserted what the site did before
    /// it and what it did itself), the pending row is met if this row is.
    fn after<G: Title>(
        &mut self,
        index: Option<usize>,
        pointer: &str,
        state: &G::State,
    ) -> Result<(), Failure> {
        let (Some(trace), Some(index)) = (self.trace, index) else {
            return Ok(());
        };
        let (Some(row), Some(figures)) = (trace.after(index), G::figures(state)) else {
            return Ok(());
        };
        if let Some((pending, _)) = &self.pending {
            let unchanged = pending.players == row.players
                && pending.corps == row.corps
                && pending.prices == row.prices
                && pending.bank == row.bank;
            if unchanged {
                return Ok(());
            }
            let found = differences(row, &figures, self.seats);
            if found.is_empty() {
                self.pending = None;
                return Ok(());
            }
            self.settle::<G>(state)?;
        }
        let found = differences(row, &figures, self.seats);
        self.pending = (!found.is_empty()).then(|| {
            let pointer = pointer
                .split("/auto_actions")
                .next()
                .unwrap_or(pointer)
                .to_string();
            (
                row,
                Divergence {
                    pointer,
                    differences: found,
                },
            )
        });
        Ok(())
    }

    /// Before the export's next translated action (after what the flow rules inserted), and at
    /// the end: a row that differed after its action and still differs is the divergence.
    fn settle<G: Title>(&mut self, state: &G::State) -> Result<(), Failure> {
        let Some((row, divergence)) = self.pending.take() else {
            return Ok(());
        };
        let Some(figures) = G::figures(state) else {
            return Ok(());
        };
        if differences(row, &figures, self.seats).is_empty() {
            return Ok(());
        }
        Err(Failure::FiguresDiffer(Box::new(divergence)))
    }
}

/// Imports one action of the export, with the actions flow rules insert before it.
fn import_one<G: Title>(
    importer: &mut Importer<G>,
    seats: &Seats,
    played: &Played,
    next: Option<&Played>,
    settle: &mut dyn FnMut(&G::State) -> Result<(), Failure>,
) -> Result<(), Failure> {
    for _ in 0..=MAX_INSERTED_IN_A_ROW {
        let step = G::import_step(seats, &mut importer.ledger, &importer.state, played, next)?;
        if matches!(step, Step::Translate(..)) {
            settle(importer.state.state())?;
        }
        match step {
            Step::Translate(action) => {
                importer.apply(action, &played.pointer, None, Some(&played.action))?;
                G::confirm(&importer.ledger, played, &importer.state)?;
                importer.imported += 1;
                return Ok(());
            }
            Step::Insert(action, rule) => {
                importer.apply(action, &played.pointer, Some(rule), None)?;
                importer.inserted += 1;
            }
            Step::Drop(_) => {
                importer.dropped += 1;
                return Ok(());
            }
        }
    }
    Err(untranslatable(
        played.pointer.clone(),
        format!("the flow rules imply more than {MAX_INSERTED_IN_A_ROW} actions before this one"),
    ))
}

/// Why a save file could not be written as an export.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportFailure {
    /// Not a save file of this game, or its options or actions do not read.
    Malformed(String),
    SetupRefused(Vec<Violation>),
    /// Action `index` of the save is illegal.
    Illegal {
        index: usize,
        violation: Violation,
    },
    /// Action `index` has no form in the export.
    Untranslatable {
        index: usize,
        message: String,
    },
}

/// Writes a railrules save file of `G` as an 18xx.games export of its title.
pub fn export<G: Title>(save: &SaveFile) -> Result<Value, ExportFailure> {
    if save.game != G::ID || save.rules_version != G::RULES_VERSION {
        return Err(ExportFailure::Malformed(format!(
            "a save file of `{}` rules version `{}`, not of {} version {}",
            save.game,
            save.rules_version,
            G::ID,
            G::RULES_VERSION
        )));
    }
    let options: G::Options = match &save.setup.options {
        None => G::Options::default(),
        Some(v) => serde_json::from_value(v.clone())
            .map_err(|e| ExportFailure::Malformed(format!("setup.options: {e}")))?,
    };
    let actions: Vec<G::Action> = save
        .actions
        .iter()
        .enumerate()
        .map(|(i, a)| {
            serde_json::from_value(a.clone())
                .map_err(|e| ExportFailure::Malformed(format!("actions[{i}]: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let mut state = G::setup(&options, save.setup.seed).map_err(ExportFailure::SetupRefused)?;
    // An imported save names its players as the site did; another is numbered from 1.
    let seat_count = G::seats(&state).len();
    let origin = save
        .origin
        .as_ref()
        .filter(|o| o.players.len() == seat_count);
    let seats = match origin {
        Some(origin) => Seats::of_origin(&origin.players),
        None => Seats::numbered(seat_count),
    };
    let mut ledger = G::ledger(&state);
    let mut written: Vec<Written<G::Silence>> = Vec::with_capacity(actions.len());
    let mut end_reason = None;
    for (index, action) in actions.iter().enumerate() {
        let before = state.clone();
        let events = G::apply(&mut state, action)
            .map_err(|violation| ExportFailure::Illegal { index, violation })?;
        end_reason = G::end_reason(&events).or(end_reason);
        let form = G::export_action(&seats, &ledger, &before, action, &state, &events)
            .map_err(|message| ExportFailure::Untranslatable { index, message })?;
        G::observe(&mut ledger, action, Some(&site_json(&form.action)), &state);
        written.push(form);
    }
    let written = leave_out_silent::<G>(&seats, written);
    let players: Vec<Value> = match origin {
        Some(origin) => origin.players.iter().map(origin_player).collect(),
        None => G::seats(&state)
            .iter()
            .enumerate()
            .map(|(i, seat)| json!({"id": seats.entity(i), "name": serde_json::to_value(seat).unwrap_or(Value::Null)}))
            .collect(),
    };
    let settings = settings_of::<G>(save, origin, &options);
    let over = G::is_over(&state);
    let result: BTreeMap<String, i64> = if over {
        G::values(&state)
            .into_iter()
            .enumerate()
            .map(|(i, v)| (seats.key(i).to_string(), v))
            .collect()
    } else {
        BTreeMap::new()
    };
    // A game its players ended on the site is written as they ended it.
    let ended = origin.and_then(|o| o.ended.as_ref()).filter(|_| !over);
    let (result, end_reason) = match ended {
        Some(end) => (end.result.clone(), end.game_end_reason.clone()),
        None => (result, end_reason.filter(|_| over).map(str::to_string)),
    };
    Ok(json!({
        "id": origin.map_or_else(|| json!(format!("railrules_{}", save.setup.seed)), |o| o.id.clone()),
        "title": G::TITLE,
        "description": origin
            .and_then(|o| o.description.clone())
            .unwrap_or_else(|| format!("Written by railrules from a {} save file", G::ID)),
        "players": players,
        "settings": settings,
        "status": if over || ended.is_some() { "finished" } else { "active" },
        "result": result,
        "game_end_reason": end_reason,
        "actions": written,
    }))
}

/// The export's settings: the seed and options of the save, written as the record it was
/// imported from wrote them (its seed as written where it reads to the same seed).
fn settings_of<G: Title>(
    save: &SaveFile,
    origin: Option<&SiteRecord>,
    options: &G::Options,
) -> Map<String, Value> {
    let mut settings = origin.map(|o| o.settings.clone()).unwrap_or_default();
    let seed_kept = origin
        .is_some_and(|o| seed_of(&o.id, o.settings.get("seed")).ok() == Some(save.setup.seed));
    if !seed_kept {
        settings.insert("seed".to_string(), json!(save.setup.seed));
    }
    settings.insert("optional_rules".to_string(), json!([]));
    settings.extend(G::settings(options));
    settings
}

/// A player of the record a save was imported from, as the export wrote it.
fn origin_player(player: &SitePlayer) -> Value {
    match &player.id {
        Some(id) => json!({"id": id, "name": player.name}),
        None => json!({"name": player.name}),
    }
}

/// The export's actions: those a flow rule inserts again at their place are left out (decided
/// from the last action back, since that depends on the next action written); ids from 1.
fn leave_out_silent<G: Title>(seats: &Seats, written: Vec<Written<G::Silence>>) -> Vec<Value> {
    let mut kept: Vec<Value> = Vec::with_capacity(written.len());
    for form in written.into_iter().rev() {
        // Written last to first: what railrules made by itself comes after the action.
        kept.extend(form.made_after.into_iter().rev());
        let site = |i: usize| kept.get(i).map(site_json);
        let next = kept.len().checked_sub(1).and_then(site);
        let after = kept.len().checked_sub(2).and_then(site);
        let silent = form
            .silence
            .as_ref()
            .is_some_and(|s| G::reinserted(seats, s, next.as_ref(), after.as_ref()));
        if !silent {
            kept.push(form.action);
        }
        // Written last to first: the step passes come before the action.
        kept.extend(form.steps_passed.into_iter().rev());
    }
    kept.reverse();
    for (i, action) in kept.iter_mut().enumerate() {
        if let Some(object) = action.as_object_mut() {
            object.insert("id".to_string(), json!(i + 1));
        }
    }
    kept
}

/// One player whose replayed value is not the export's recorded one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResultDifference {
    /// The player's id (else name) in the export.
    pub player: String,
    /// Absent when the export records no value for the player.
    pub recorded: Option<i64>,
    pub replayed: i64,
}

/// What checking an export found. In JSON, tagged by `verdict`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum ExportVerdict {
    /// Every action translated and legal, and the recorded result (if any) is railrules'.
    Valid {
        /// Actions of the save the import writes.
        actions: usize,
        imported: usize,
        inserted: usize,
        dropped: usize,
        /// Whether the export recorded a result to compare.
        result_compared: bool,
        /// The rows of a trace beside the export compared with railrules' figures (absent
        /// when there was no trace).
        #[serde(skip_serializing_if = "Option::is_none")]
        figures_compared: Option<usize>,
    },
    /// Not an export of a title railrules reads.
    Malformed {
        pointer: String,
        problem: String,
    },
    /// An action the importer cannot translate.
    Untranslatable {
        pointer: String,
        problem: String,
    },
    SetupRefused {
        violations: Vec<Violation>,
    },
    /// The first illegal action: the export's (at `pointer`) or one a flow rule inserted before
    /// it (`rule`); `index` in the save the import would write.
    IllegalAction {
        pointer: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        rule: Option<&'static str>,
        index: usize,
        action: Value,
        violation: Violation,
    },
    /// Every action legal, but railrules' scores are not the recorded result.
    ResultDiffers {
        /// The save's actions replayed (all of them).
        actions: usize,
        players: Vec<ResultDifference>,
    },
    /// Every action legal, but after the export's action at `pointer` railrules' figures are
    /// not those of the trace beside the export (the first such action).
    FiguresDiffer {
        pointer: String,
        differences: Vec<super::trace::FigureDifference>,
    },
    /// The check ran out of time.
    DeadlinePassed,
}

impl ExportVerdict {
    pub fn is_valid(&self) -> bool {
        matches!(self, ExportVerdict::Valid { .. })
    }
}

/// The verdict of an import's failure.
pub fn verdict_of(failure: Failure) -> ExportVerdict {
    match failure {
        Failure::Untranslatable(e)
            if e.pointer == "/title" || !e.pointer.starts_with("/actions") =>
        {
            ExportVerdict::Malformed {
                pointer: e.pointer,
                problem: e.message,
            }
        }
        Failure::Untranslatable(e) => ExportVerdict::Untranslatable {
            pointer: e.pointer,
            problem: e.message,
        },
        Failure::SetupRefused(violations) => ExportVerdict::SetupRefused { violations },
        Failure::Illegal(illegal) => {
            let Illegal {
                pointer,
                rule,
                index,
                action,
                violation,
            } = *illegal;
            ExportVerdict::IllegalAction {
                pointer,
                rule,
                index,
                action,
                violation,
            }
        }
        Failure::DeadlinePassed => ExportVerdict::DeadlinePassed,
        Failure::FiguresDiffer(divergence) => ExportVerdict::FiguresDiffer {
            pointer: divergence.pointer,
            differences: divergence.differences,
        },
    }
}

/// Imports and replays an export of `G`'s title; a recorded result is compared with
/// railrules' values (at the end, or at the last action of a game that did not finish).
pub fn check<G: Title>(export: &Export) -> ExportVerdict {
    check_replayed::<G>(export, None, replay::<G>(export, false, None))
}

/// [`check`], the export's actions moved out of it rather than copied, and with a trace of
/// another engine's figures after each action, if one is given, compared along the way.
pub fn check_owned<G: Title>(mut export: Export, trace: Option<&Trace>) -> ExportVerdict {
    let log = std::mem::take(&mut export.actions);
    let replayed = replay_played::<G>(&export, false, trace, move || played_from(log));
    check_replayed::<G>(&export, trace, replayed)
}

fn check_replayed<G: Title>(
    export: &Export,
    trace: Option<&Trace>,
    replayed: Result<Replayed<G>, Failure>,
) -> ExportVerdict {
    // The save the import would write is not written: only its actions are counted.
    let importer = match replayed {
        Ok(replayed) => replayed.importer,
        Err(failure) => return verdict_of(failure),
    };
    let differences = compare_result::<G>(export, &importer.state);
    if !differences.is_empty() {
        return ExportVerdict::ResultDiffers {
            actions: importer.actions.len(),
            players: differences,
        };
    }
    ExportVerdict::Valid {
        actions: importer.actions.len(),
        imported: importer.imported,
        inserted: importer.inserted,
        dropped: importer.dropped,
        result_compared: !export.result.is_empty(),
        figures_compared: trace.map(Trace::len),
    }
}

/// The players whose value here is not the export's recorded result (none when it records
/// none). Equal values for every player give the same ranking.
pub fn compare_result<G: Title>(export: &Export, state: &G::State) -> Vec<ResultDifference> {
    if export.result.is_empty() {
        return Vec::new();
    }
    let seats = Seats::of(export);
    G::values(state)
        .into_iter()
        .enumerate()
        .filter_map(|(i, replayed)| {
            let player = seats.key(i).to_string();
            let recorded = export.result.get(&player).copied();
            (recorded != Some(replayed)).then_some(ResultDifference {
                player,
                recorded,
                replayed,
            })
        })
        .collect()
}
