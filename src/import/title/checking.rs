//! Checking an export: its replay's verdict, and the result compared with the one the export
//! records.

use super::importing::{Replayed, replay, replay_played};
use super::{Failure, Illegal, Seats, Title};
use crate::core::Violation;
use crate::import::export_18xx::{Export, played_from};
use crate::import::trace::Trace;
use serde::Serialize;
use serde_json::Value;

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
        differences: Vec<crate::import::trace::FigureDifference>,
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
