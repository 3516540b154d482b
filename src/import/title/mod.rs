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

use super::export_18xx::{Export, ImportError, Played, SiteJson, player_key};
use super::trace::{Divergence, Figures};
use crate::core::save::{SaveFile, SitePlayer};
use crate::core::{Checked, Game, Violation};

mod checking;
mod exporting;
mod importing;

pub use checking::*;
pub use exporting::*;
pub use importing::*;

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

/// Something done once for every 18xx.games title railrules reads, in turn
/// ([`crate::registry::visit_titles`]).
pub trait TitleVisitor {
    fn visit<G: Title>(&mut self);
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
