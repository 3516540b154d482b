//! `POST /v1/{game}/import`: an 18xx.games export of the game's title read into a railrules
//! save file (crate::import; the flow rules in docs/rules/<game>.md#interop).

use serde::Serialize;

use super::ApiState;
use super::metrics::Outcome;
use super::problem::{Kind, Problem};
use super::routes::{Answer, answer, guarded};
use crate::core::Game;
use crate::core::save::SaveFile;
use crate::import::export_18xx::Export;
use crate::import::title::Failure;

/// The answer: the save file and what the import did.
#[derive(Serialize)]
struct ImportAnswer {
    save: SaveFile,
    /// Actions of the export translated.
    imported: usize,
    /// Actions inserted by flow rules.
    inserted: usize,
    /// Actions of the export left out by flow rules.
    dropped: usize,
}

pub(super) fn import_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Problem::new(Kind::NotJson, "the body is not UTF-8"))?;
    // The same bound as every other body's, before anything reads it (ignored fields too).
    super::validation::check_depth(text, st.limits.max_depth)?;
    if serde_json::from_str::<serde::de::IgnoredAny>(text).is_err() {
        return Err(Problem::new(Kind::NotJson, "the body is not JSON"));
    }
    let export = Export::parse(text).map_err(|e| {
        Problem::at(
            Kind::InvalidRequest,
            e.pointer,
            format!("not an 18xx.games export: {}", e.message),
        )
    })?;
    let imported = guarded(|| crate::import::import(&export, Some(G::ID)))?;
    match imported {
        Ok(imported) => answer(
            &ImportAnswer {
                save: imported.save,
                imported: imported.imported,
                inserted: imported.inserted,
                dropped: imported.dropped,
            },
            Outcome::Valid,
        ),
        Err(failure) => Err(problem_of(failure)),
    }
}

/// An import that failed, as a 422 naming the action (its pointer in the export) and field.
fn problem_of(failure: Failure) -> Problem {
    match failure {
        Failure::Untranslatable(e) => Problem::at(Kind::InvalidRequest, e.pointer, e.message),
        Failure::SetupRefused(violations) => Problem::new(
            Kind::SetupRefused,
            format!(
                "setup refused the export's options: {} violation(s)",
                violations.len()
            ),
        )
        .with_violations("/settings", violations),
        Failure::Illegal(illegal) => {
            let crate::import::title::Illegal {
                pointer,
                rule,
                violation,
                ..
            } = *illegal;
            let what = match rule {
                Some(rule) => format!("the action inserted by {rule} before {pointer}"),
                None => format!("the action at {pointer}"),
            };
            Problem::new(
                Kind::InvalidRequest,
                format!("{what} is illegal: {}", violation.message),
            )
            .with_violations(&pointer, vec![violation])
        }
        // An import compares no trace; were one compared, its divergence is at its action.
        Failure::FiguresDiffer(divergence) => Problem::at(
            Kind::InvalidRequest,
            divergence.pointer.clone(),
            format!(
                "the figures differ from the trace after {}",
                divergence.pointer
            ),
        ),
        Failure::DeadlinePassed => Problem::new(
            Kind::Overloaded,
            "the import ran past the request timeout and was cancelled",
        ),
    }
}
