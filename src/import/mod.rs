//! Game records written by other programs, read into what railrules plays, and railrules'
//! save files written as theirs.
//!
//! - [`export_18xx`]: an 18xx.games export (the site's "download game data"; its engine is
//!   tobymao/18xx): the title, players, settings, the action log as the engine reads it, and
//!   the result.
//! - [`title`]: what a game needs to be read from and written as an 18xx.games title, and the
//!   drivers that import, export and check; [`ne1833`] is 1833NE's, [`g1846`] 1846's, both on
//!   what the family's titles share ([`kit18xx`]).
//! - Here: the titles railrules reads, by name, for the command line and the API.

pub mod export_18xx;
pub mod g1846;
pub mod kit18xx;
pub mod ne1833;
pub mod title;
pub mod trace;

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::Value;

use crate::core::Game;
use crate::core::save::SaveFile;
use crate::games::g1846::G1846;
use crate::games::ne1833::Ne1833;
use export_18xx::{Export, ImportError};
use title::{ExportFailure, ExportVerdict, Failure, Title};

/// The 18xx.games titles railrules reads and writes.
pub const TITLES: [&str; 2] = [<Ne1833 as Title>::TITLE, <G1846 as Title>::TITLE];

/// A save file the import wrote, with what it did.
#[derive(Debug, Clone)]
pub struct ImportedSave {
    pub save: SaveFile,
    pub imported: usize,
    pub inserted: usize,
    pub dropped: usize,
}

fn summary<G: Title>(imported: title::Imported<G>) -> ImportedSave {
    ImportedSave {
        save: imported.save,
        imported: imported.imported,
        inserted: imported.inserted,
        dropped: imported.dropped,
    }
}

/// Whether a document is an 18xx.games export rather than a railrules save file: it has a
/// `title` and `actions`, and no `game`.
pub fn is_export(bytes: &[u8]) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        title: Option<IgnoredAny>,
        actions: Option<IgnoredAny>,
        game: Option<IgnoredAny>,
    }
    serde_json::from_slice::<Probe>(bytes)
        .is_ok_and(|p| p.title.is_some() && p.actions.is_some() && p.game.is_none())
}

fn unknown_title(title: &str) -> ImportError {
    ImportError {
        pointer: "/title".to_string(),
        message: format!(
            "`{title}` is not a title railrules reads (it reads {})",
            TITLES.join(", ")
        ),
    }
}

/// Imports an export of any title railrules reads; `game`, when given, must be the title's.
pub fn import(export: &Export, game: Option<&str>) -> Result<ImportedSave, Failure> {
    match export.title.as_str() {
        t if t == Ne1833::TITLE && game.is_none_or(|g| g == Ne1833::ID) => {
            title::import::<Ne1833>(export).map(summary)
        }
        t if t == G1846::TITLE && game.is_none_or(|g| g == G1846::ID) => {
            title::import::<G1846>(export).map(summary)
        }
        t if t == Ne1833::TITLE || t == G1846::TITLE => Err(Failure::Untranslatable(ImportError {
            pointer: "/title".to_string(),
            message: format!("an export of `{t}`, not of {}", game.unwrap_or_default()),
        })),
        other => Err(Failure::Untranslatable(unknown_title(other))),
    }
}

/// Checks an export given as bytes: read, imported, replayed, its result compared.
pub fn check_export(bytes: &[u8]) -> ExportVerdict {
    check_export_traced(bytes, None)
}

/// [`check_export`], with a trace of the engine's figures after each action (see [`trace`])
/// compared along the way when one is given.
pub fn check_export_traced(bytes: &[u8], trace: Option<&[u8]>) -> ExportVerdict {
    let trace = match trace.map(trace::Trace::parse).transpose() {
        Ok(trace) => trace,
        Err(e) => {
            return ExportVerdict::Malformed {
                pointer: format!("(trace){}", e.pointer),
                problem: e.message,
            };
        }
    };
    let export = match std::str::from_utf8(bytes)
        .map_err(|e| ImportError {
            pointer: String::new(),
            message: format!("not UTF-8: {e}"),
        })
        .and_then(Export::parse)
    {
        Ok(export) => export,
        Err(e) => {
            return ExportVerdict::Malformed {
                pointer: e.pointer,
                problem: e.message,
            };
        }
    };
    // The export is checked whole: its actions are moved into the replay, not copied.
    if export.title == Ne1833::TITLE {
        title::check_owned::<Ne1833>(export, trace.as_ref())
    } else if export.title == G1846::TITLE {
        title::check_owned::<G1846>(export, trace.as_ref())
    } else {
        title::verdict_of(Failure::Untranslatable(unknown_title(&export.title)))
    }
}

/// Writes a railrules save file (of a game with an 18xx.games title) as an export.
pub fn export(save: &SaveFile) -> Result<Value, ExportFailure> {
    match save.game.as_str() {
        Ne1833::ID => title::export::<Ne1833>(save),
        G1846::ID => title::export::<G1846>(save),
        other => Err(ExportFailure::Malformed(format!(
            "`{other}` has no 18xx.games title railrules writes (it writes {})",
            TITLES.join(", ")
        ))),
    }
}

/// Whether the game with this id has an 18xx.games title railrules reads and writes.
pub fn has_title(game: &str) -> bool {
    game == Ne1833::ID || game == G1846::ID
}
