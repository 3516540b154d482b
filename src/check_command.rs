//! `railrules check`: save files named by path, directory or glob, checked one after another,
//! with a progress bar on a terminal, a summary, and a JSON report for machines.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use railrules::core::Violation;
use railrules::core::save::SaveVerdict;
use railrules::import::title::ExportVerdict;
use railrules::registry::check_save;
use serde::Serialize;

/// How `check` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per file, then a summary.
    Text,
    /// One JSON document: every file's verdict and the summary.
    Json,
    /// One HTML page (for a CI artifact): every file's verdict, and for a file with an illegal
    /// action the action, its violation and the board before it.
    Html,
}

/// One file's result.
#[derive(Serialize)]
pub(crate) struct FileReport {
    pub(crate) path: String,
    pub(crate) ok: bool,
    /// `valid`, `malformed`, `setup_refused`, `illegal_action`, `final_state_differs`, or
    /// `unreadable`, with that verdict's details.
    #[serde(flatten)]
    pub(crate) verdict: Verdict,
}

#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum Verdict {
    Save(SaveVerdict),
    /// An 18xx.games export (`result_differs`, `untranslatable` and the save verdicts).
    Export(ExportVerdict),
    Unreadable {
        verdict: &'static str,
        problem: String,
    },
}

#[derive(Serialize)]
pub(crate) struct Summary {
    /// Files checked (passed and failed; not the skipped).
    pub(crate) files: usize,
    pub(crate) passed: usize,
    pub(crate) failed: usize,
    /// JSON files under a folder or pattern that are not save files (no `game`), left out.
    pub(crate) skipped: usize,
    /// Actions replayed in every file checked, up to the first illegal one of a failing file.
    pub(crate) actions: usize,
    pub(crate) seconds: f64,
}

#[derive(Serialize)]
struct Report {
    files: Vec<FileReport>,
    summary: Summary,
}

/// Checks every file the arguments name (not just up to the first failure), but those matching
/// an `exclude` pattern. Exit status: 0 all passed, 1 some failed, 2 a usage error (a path that
/// names no file, a bad pattern, nothing left to check).
pub fn run(arguments: &[String], exclude: &[String], format: Format) -> ExitCode {
    let started = Instant::now();
    let usage = |problem: String| {
        eprintln!("railrules check: {problem}");
        ExitCode::from(2)
    };
    let exclude = match patterns(exclude) {
        Ok(exclude) => exclude,
        Err(problem) => return usage(problem),
    };
    let found = match expand(arguments, &exclude) {
        Ok(found) => found,
        Err(problem) => return usage(problem),
    };
    let (files, skipped) = leave_out_other_json(found);
    for (path, why) in &skipped {
        eprintln!("railrules check: skipped {}: {why}", path.display());
    }
    if files.is_empty() {
        return usage("no save file left to check".to_string());
    }
    // Drawn only when stderr is a terminal: CI logs get the lines and the summary alone.
    let bar = ProgressBar::new(files.len() as u64).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {wide_msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut reports = Vec::with_capacity(files.len());
    for file in &files {
        bar.set_message(file.display().to_string());
        let report = check_file(file);
        if format == Format::Text {
            bar.suspend(|| println!("{}", line(&report)));
        }
        reports.push(report);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let passed: Vec<&FileReport> = reports.iter().filter(|r| r.ok).collect();
    let summary = Summary {
        files: reports.len(),
        passed: passed.len(),
        failed: reports.len() - passed.len(),
        skipped: skipped.len(),
        actions: reports.iter().map(|r| actions_of(&r.verdict)).sum(),
        seconds: started.elapsed().as_secs_f64(),
    };
    let failed = summary.failed;
    match format {
        Format::Text => println!(
            "{} file(s): {} passed, {} failed{}; {} actions replayed in {:.2} s",
            summary.files,
            summary.passed,
            summary.failed,
            match summary.skipped {
                0 => String::new(),
                n => format!(", {n} skipped (not save files)"),
            },
            summary.actions,
            summary.seconds
        ),
        Format::Json => match serde_json::to_string_pretty(&Report {
            files: reports,
            summary,
        }) {
            Ok(json) => println!("{json}"),
            Err(e) => {
                eprintln!("railrules check: the report could not be encoded: {e}");
                return ExitCode::from(2);
            }
        },
        Format::Html => print!("{}", crate::check_html::report(&reports, &summary)),
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A file to check, and whether it was named as itself (else found under a folder or by a
/// pattern).
struct Found {
    path: PathBuf,
    named: bool,
}

/// The files named: a file as it is, a directory as every `.json` file under it, anything else
/// as a glob pattern (for shells and CI steps that do not expand them). In the order given,
/// each directory and pattern sorted; a file named twice is checked once; a file matching an
/// `exclude` pattern is left out. A plain path that does not exist is a usage error.
fn expand(arguments: &[String], exclude: &[glob::Pattern]) -> Result<Vec<Found>, String> {
    let mut files: Vec<Found> = Vec::new();
    for argument in arguments {
        let path = Path::new(argument);
        let named = !path.is_dir() && (path.exists() || !is_pattern(argument));
        let mut found = if path.is_dir() {
            json_files_under(path)
        } else if path.exists() {
            vec![path.to_path_buf()]
        } else if !is_pattern(argument) {
            return Err(format!("`{argument}` names no file"));
        } else {
            matching(argument)?
        };
        found.retain(|p| !exclude.iter().any(|x| x.matches_path(p)));
        if found.is_empty() {
            return Err(format!("`{argument}` names no save file"));
        }
        found.sort();
        for file in found {
            if !files.iter().any(|f| f.path == file) {
                files.push(Found { path: file, named });
            }
        }
    }
    Ok(files)
}

/// The `--exclude` patterns, parsed.
fn patterns(exclude: &[String]) -> Result<Vec<glob::Pattern>, String> {
    exclude
        .iter()
        .map(|x| glob::Pattern::new(x).map_err(|e| format!("--exclude `{x}`: {e}")))
        .collect()
}

/// The files to check, and those left out with why: a JSON file found under a folder or by a
/// pattern that is an object without `game` and not an 18xx.games export (a package.json, a
/// report of `check --format json`) is not a save file. A file named as itself is always
/// checked, and so is one that is not JSON at all (a broken save is a failure, not a skip).
fn leave_out_other_json(found: Vec<Found>) -> (Vec<PathBuf>, Vec<(PathBuf, String)>) {
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    for Found { path, named } in found {
        match (named, not_a_save_file(&path)) {
            (false, Some(why)) => skipped.push((path, why)),
            _ => files.push(path),
        }
    }
    (files, skipped)
}

/// The trace of the engine's figures beside an export: `g.json`'s is `g.trace.json`.
fn trace_beside(export: &Path) -> PathBuf {
    export.with_extension("trace.json")
}

/// Whether `path` is the trace beside an export (`g.trace.json` beside `g.json`).
fn is_trace(path: &Path) -> bool {
    path.to_str()
        .and_then(|p| p.strip_suffix(".trace.json"))
        .is_some_and(|export| Path::new(&format!("{export}.json")).is_file())
}

/// Why a file is JSON but not a save file, if it is so.
fn not_a_save_file(path: &Path) -> Option<String> {
    if is_trace(path) {
        return Some("the trace of the export beside it".to_string());
    }
    let bytes = std::fs::read(path).ok()?;
    if railrules::import::is_export(&bytes) {
        return None;
    }
    match serde_json::from_slice::<serde_json::Value>(&bytes).ok()? {
        serde_json::Value::Object(fields) if fields.contains_key("game") => None,
        serde_json::Value::Object(_) => Some("not a save file (no `game`)".to_string()),
        _ => Some("not a save file (not a JSON object)".to_string()),
    }
}

fn is_pattern(argument: &str) -> bool {
    argument.contains(['*', '?', '['])
}

fn json_files_under(dir: &Path) -> Vec<PathBuf> {
    files_under(dir, &|p| p.extension().is_some_and(|e| e == "json"))
}

/// The files a glob pattern matches (`saves/**/*.json`): those under its literal start (the
/// folders before its first wildcard), walked as a folder is.
fn matching(argument: &str) -> Result<Vec<PathBuf>, String> {
    let pattern = glob::Pattern::new(argument).map_err(|e| format!("`{argument}`: {e}"))?;
    let start: PathBuf = Path::new(argument)
        .components()
        .take_while(|c| !is_pattern(&c.as_os_str().to_string_lossy()))
        .collect();
    let start = if start.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        start
    };
    let options = glob::MatchOptions {
        require_literal_separator: true,
        ..glob::MatchOptions::new()
    };
    // Named as the argument names them: `saves/a.json`, not `./saves/a.json`.
    let strip = !argument.starts_with("./");
    let as_named = |p: PathBuf| match p.strip_prefix("./") {
        Ok(rest) if strip => rest.to_path_buf(),
        _ => p,
    };
    Ok(files_under(&start, &|_| true)
        .into_iter()
        .map(as_named)
        .filter(|p| pattern.matches_path_with(p, options))
        .collect())
}

/// Every file under `dir` that `keep` accepts, sorted. Each folder is read once, however many
/// ways lead to it: a symbolic link back to a folder already read (a loop, two links to `.`)
/// is not followed again, so the walk ends and reads no file twice.
fn files_under(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut read = std::collections::HashSet::new();
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(real) = folder.canonicalize() else {
            continue;
        };
        if !read.insert(real) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                folders.push(path);
            } else if path.is_file() && keep(&path) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn check_file(file: &Path) -> FileReport {
    let verdict = match std::fs::read(file) {
        Ok(bytes) if railrules::import::is_export(&bytes) => {
            // The engine's figures after each action, when a trace lies beside the export.
            let trace = std::fs::read(trace_beside(file)).ok();
            Verdict::Export(railrules::import::check_export_traced(
                &bytes,
                trace.as_deref(),
            ))
        }
        Ok(bytes) => Verdict::Save(check_save(&bytes)),
        Err(e) => Verdict::Unreadable {
            verdict: "unreadable",
            problem: format!("cannot read: {e}"),
        },
    };
    FileReport {
        path: file.display().to_string(),
        ok: match &verdict {
            Verdict::Save(v) => v.is_valid(),
            Verdict::Export(v) => v.is_valid(),
            Verdict::Unreadable { .. } => false,
        },
        verdict,
    }
}

/// The actions a check replayed: all of a file's when they were legal, those before the first
/// illegal one otherwise.
fn actions_of(verdict: &Verdict) -> usize {
    match verdict {
        Verdict::Save(
            SaveVerdict::Valid { actions, .. } | SaveVerdict::FinalStateDiffers { actions, .. },
        )
        | Verdict::Export(
            ExportVerdict::Valid { actions, .. } | ExportVerdict::ResultDiffers { actions, .. },
        ) => *actions,
        Verdict::Save(SaveVerdict::IllegalAction { index, .. })
        | Verdict::Export(ExportVerdict::IllegalAction { index, .. }) => *index,
        _ => 0,
    }
}

/// `path: OK (...)` or `path: FAIL why`.
pub(crate) fn line(report: &FileReport) -> String {
    let (ok, what) = match &report.verdict {
        Verdict::Save(verdict) => describe(verdict),
        Verdict::Export(verdict) => describe_export(verdict),
        Verdict::Unreadable { problem, .. } => (false, problem.clone()),
    };
    format!("{}: {} {what}", report.path, if ok { "OK" } else { "FAIL" })
}

/// Whether a verdict passes, and what to say about it.
fn describe(verdict: &SaveVerdict) -> (bool, String) {
    match verdict {
        SaveVerdict::Valid {
            actions,
            final_state_compared,
        } => (
            true,
            format!(
                "({actions} actions replayed{})",
                if *final_state_compared {
                    ", final state matches"
                } else {
                    "; no final state recorded"
                }
            ),
        ),
        SaveVerdict::Malformed { problem } => (false, format!("malformed save file: {problem}")),
        SaveVerdict::SetupRefused { violations } => (false, setup_refused(violations)),
        SaveVerdict::IllegalAction {
            index,
            action,
            violation,
        } => (
            false,
            format!(
                "action {index} is illegal: {}: {} (see {}); action: {action}",
                violation.code, violation.message, violation.rule
            ),
        ),
        SaveVerdict::FinalStateDiffers {
            pointer,
            recorded,
            replayed,
            ..
        } => (
            false,
            format!(
                "the final state differs at {}: recorded {recorded}, replayed {replayed}",
                if pointer.is_empty() { "/" } else { pointer }
            ),
        ),
    }
}

/// Why a setup was refused, in a line.
pub fn setup_refused(violations: &[Violation]) -> String {
    let each: Vec<String> = violations
        .iter()
        .map(|v| format!("{}: {}", v.code, v.message))
        .collect();
    format!("setup refused: {}", each.join("; "))
}

/// An illegal action of an export, in a line: where it is in the export (or which flow rule
/// inserted it before what), its place in the save file when known, and the violation.
pub fn illegal_in_export(
    pointer: &str,
    rule: Option<&str>,
    index: Option<usize>,
    action: &impl std::fmt::Display,
    violation: &Violation,
) -> String {
    let place = match rule {
        Some(rule) => format!("the action inserted by {rule} before {pointer}"),
        None => format!("the action at {pointer}"),
    };
    let index = index.map_or(String::new(), |i| format!(" (save action {i})"));
    format!(
        "{place}{index} is illegal: {}: {} (see {}); action: {action}",
        violation.code, violation.message, violation.rule
    )
}

/// Whether an export's verdict passes, and what to say about it.
fn describe_export(verdict: &ExportVerdict) -> (bool, String) {
    match verdict {
        ExportVerdict::Valid {
            actions,
            imported,
            inserted,
            dropped,
            result_compared,
            figures_compared,
        } => (
            true,
            format!(
                "(18xx.games export: {actions} actions replayed, {imported} imported, {inserted} \
                 inserted by flow rules, {dropped} left out{}{})",
                if *result_compared {
                    "; the result matches"
                } else {
                    "; no result recorded"
                },
                figures_compared.map_or(String::new(), |n| format!(
                    "; the figures after each of {n} actions match the trace"
                ))
            ),
        ),
        ExportVerdict::FiguresDiffer {
            pointer,
            differences,
        } => (
            false,
            format!(
                "the figures differ from the trace after {pointer}: {}",
                differences
                    .iter()
                    .map(|d| format!(
                        "{} recorded {}, replayed {}",
                        d.figure,
                        d.recorded.map_or("nothing".to_string(), |r| r.to_string()),
                        d.replayed.map_or("nothing".to_string(), |r| r.to_string())
                    ))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        ),
        ExportVerdict::Malformed { pointer, problem } => (
            false,
            format!("not an export railrules reads: {problem} (at {pointer})"),
        ),
        ExportVerdict::Untranslatable { pointer, problem } => {
            (false, format!("cannot translate {pointer}: {problem}"))
        }
        ExportVerdict::SetupRefused { violations } => (false, setup_refused(violations)),
        ExportVerdict::IllegalAction {
            pointer,
            rule,
            index,
            action,
            violation,
        } => (
            false,
            illegal_in_export(pointer, *rule, Some(*index), action, violation),
        ),
        ExportVerdict::ResultDiffers { players, .. } => (
            false,
            format!(
                "the result differs: {}",
                players
                    .iter()
                    .map(|d| format!(
                        "player {} recorded {}, replayed {}",
                        d.player,
                        d.recorded.map_or("nothing".to_string(), |r| r.to_string()),
                        d.replayed
                    ))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        ),
        ExportVerdict::DeadlinePassed => (false, "the deadline passed".to_string()),
    }
}
