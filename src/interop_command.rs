//! `railrules import` and `railrules export`: 18xx.games exports read into railrules save
//! files, and save files written as exports (docs/rules/1833ne.md#interop).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use railrules::core::save::SaveFile;
use railrules::import::export_18xx::Export;
use railrules::import::title::{ExportFailure, Failure};

/// What went wrong with one import, in a line.
pub fn describe_failure(failure: &Failure) -> String {
    match failure {
        Failure::Untranslatable(e) => format!("cannot translate {}: {}", e.pointer, e.message),
        Failure::SetupRefused(violations) => crate::check_command::setup_refused(violations),
        Failure::Illegal(illegal) => {
            let railrules::import::title::Illegal {
                pointer,
                rule,
                violation,
                action,
                ..
            } = illegal.as_ref();
            crate::check_command::illegal_in_export(pointer, *rule, None, action, violation)
        }
        Failure::FiguresDiffer(divergence) => format!(
            "the figures differ from the trace after {}",
            divergence.pointer
        ),
        Failure::DeadlinePassed => "the deadline passed".to_string(),
    }
}

/// An 18xx.games export's text read and imported (every action replayed): the one reading of an
/// export the commands share (`import`, `export`, `render`); an error in a line.
pub fn imported(text: &str) -> Result<railrules::import::ImportedSave, String> {
    let export = Export::parse(text).map_err(|e| format!("not an export: {e}"))?;
    railrules::import::import(&export, None).map_err(|f| describe_failure(&f))
}

/// `railrules import FILE... [-o DIR]`.
pub fn import(files: &[PathBuf], output: Option<&Path>) -> ExitCode {
    if files.len() > 1 && output.is_none() {
        eprintln!("railrules import: several files need -o DIR");
        return ExitCode::from(2);
    }
    let mut failed = false;
    for file in files {
        match import_file(file) {
            Ok((save, line)) => match output {
                None => print!("{save}"),
                Some(dir) => {
                    let stem = file.file_stem().unwrap_or_default();
                    let target = dir.join(stem).with_extension("json");
                    if let Err(e) = std::fs::write(&target, &save) {
                        eprintln!("railrules import: {}: {e}", target.display());
                        failed = true;
                        continue;
                    }
                    eprintln!("{}: {line} -> {}", file.display(), target.display());
                }
            },
            Err(problem) => {
                eprintln!("railrules import: {}: {problem}", file.display());
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn import_file(file: &Path) -> Result<(String, String), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read: {e}"))?;
    // A save file already: written back as it is (so a folder of both imports whole).
    if !railrules::import::is_export(text.as_bytes())
        && let Ok(save) = serde_json::from_str::<SaveFile>(&text)
    {
        let line = format!(
            "a railrules save file already ({} actions), written as it is",
            save.actions.len()
        );
        return Ok((save.to_text().map_err(|e| e.to_string())?, line));
    }
    let imported = imported(&text)?;
    let save = imported.save.to_text().map_err(|e| e.to_string())?;
    let line = format!(
        "{} actions ({} imported, {} inserted by flow rules, {} left out)",
        imported.save.actions.len(),
        imported.imported,
        imported.inserted,
        imported.dropped
    );
    Ok((save, line))
}

/// `railrules export SAVE`: the export to stdout.
pub fn export(file: &Path) -> ExitCode {
    let result = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read: {e}"))
        .and_then(|text| {
            // An export given is imported first: written again as railrules writes it.
            if railrules::import::is_export(text.as_bytes()) {
                return imported(&text)
                    .map(|imported| imported.save)
                    .map_err(|e| format!("18xx.games export: {e}"));
            }
            serde_json::from_str::<SaveFile>(&text).map_err(|e| format!("not a save file: {e}"))
        })
        .and_then(|save| {
            railrules::import::export(&save).map_err(|f| match f {
                ExportFailure::Malformed(problem) => problem,
                ExportFailure::SetupRefused(v) => format!("setup refused: {v:?}"),
                ExportFailure::Illegal { index, violation } => format!(
                    "action {index} is illegal: {}: {}",
                    violation.code, violation.message
                ),
                ExportFailure::Untranslatable { index, message } => {
                    format!("action {index} has no form in an export: {message}")
                }
            })
        })
        .and_then(|export| serde_json::to_string_pretty(&export).map_err(|e| e.to_string()));
    match result {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("railrules export: {}: {problem}", file.display());
            ExitCode::FAILURE
        }
    }
}
