//! Game records written by other programs, read into what railrules plays, and railrules'
//! save files written as theirs.
//!
//! - [`export_18xx`]: an 18xx.games export (the site's "download game data"; its engine is
//!   tobymao/18xx): the title, players, settings, the action log as the engine reads it, and
//!   the result.
//! - [`title`]: what a game needs to be read from and written as an 18xx.games title, and the
//!   drivers that import, export and check; [`ne1833`] is 1833NE's, [`g1846`] 1846's, both on
//!   what the family's titles share ([`kit18xx`]).
//! - Here: the titles railrules reads (the registry's, [`crate::registry::visit_titles`]), by
//!   name, for the command line and the API.

pub mod export_18xx;
pub mod g1846;
pub mod kit18xx;
pub mod ne1833;
pub mod title;
pub mod trace;

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::Value;

use crate::core::save::SaveFile;
use crate::registry::visit_titles;
use export_18xx::{Export, ImportError};
use title::{ExportFailure, ExportVerdict, Failure, Title, TitleVisitor};

/// The 18xx.games titles railrules reads and writes (the registry's).
pub fn titles() -> Vec<&'static str> {
    struct Names(Vec<&'static str>);
    impl TitleVisitor for Names {
        fn visit<G: Title>(&mut self) {
            self.0.push(G::TITLE);
        }
    }
    let mut names = Names(Vec::new());
    visit_titles(&mut names);
    names.0
}

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
            titles().join(", ")
        ),
    }
}

/// Imports an export of any title railrules reads; `game`, when given, must be the title's.
pub fn import(export: &Export, game: Option<&str>) -> Result<ImportedSave, Failure> {
    struct Importer<'e, 'a> {
        export: &'e Export<'a>,
        game: Option<&'e str>,
        imported: Option<Result<ImportedSave, Failure>>,
    }
    impl TitleVisitor for Importer<'_, '_> {
        fn visit<G: Title>(&mut self) {
            if self.export.title != G::TITLE {
                return;
            }
            self.imported = Some(match self.game {
                Some(game) if game != G::ID => Err(Failure::Untranslatable(ImportError {
                    pointer: "/title".to_string(),
                    message: format!("an export of `{}`, not of {game}", G::TITLE),
                })),
                _ => title::import::<G>(self.export).map(summary),
            });
        }
    }
    let mut importer = Importer {
        export,
        game,
        imported: None,
    };
    visit_titles(&mut importer);
    importer
        .imported
        .unwrap_or_else(|| Err(Failure::Untranslatable(unknown_title(&export.title))))
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
    struct Checker<'a, 't> {
        export: Option<Export<'a>>,
        trace: Option<&'t trace::Trace>,
        verdict: Option<ExportVerdict>,
    }
    impl TitleVisitor for Checker<'_, '_> {
        fn visit<G: Title>(&mut self) {
            if self.export.as_ref().is_some_and(|e| e.title == G::TITLE)
                && let Some(export) = self.export.take()
            {
                self.verdict = Some(title::check_owned::<G>(export, self.trace));
            }
        }
    }
    let title = export.title.clone();
    let mut checker = Checker {
        export: Some(export),
        trace: trace.as_ref(),
        verdict: None,
    };
    visit_titles(&mut checker);
    checker
        .verdict
        .unwrap_or_else(|| title::verdict_of(Failure::Untranslatable(unknown_title(&title))))
}

/// Writes a railrules save file (of a game with an 18xx.games title) as an export.
pub fn export(save: &SaveFile) -> Result<Value, ExportFailure> {
    struct Exporter<'s> {
        save: &'s SaveFile,
        exported: Option<Result<Value, ExportFailure>>,
    }
    impl TitleVisitor for Exporter<'_> {
        fn visit<G: Title>(&mut self) {
            if self.save.game == G::ID {
                self.exported = Some(title::export::<G>(self.save));
            }
        }
    }
    let mut exporter = Exporter {
        save,
        exported: None,
    };
    visit_titles(&mut exporter);
    exporter.exported.unwrap_or_else(|| {
        Err(ExportFailure::Malformed(format!(
            "`{}` has no 18xx.games title railrules writes (it writes {})",
            save.game,
            titles().join(", ")
        )))
    })
}

/// Whether the game with this id has an 18xx.games title railrules reads and writes.
pub fn has_title(game: &str) -> bool {
    struct Has<'g>(&'g str, bool);
    impl TitleVisitor for Has<'_> {
        fn visit<G: Title>(&mut self) {
            self.1 |= self.0 == G::ID;
        }
    }
    let mut has = Has(game, false);
    visit_titles(&mut has);
    has.1
}
