//! `railrules check --format html`: the report as one self-contained HTML page a CI job keeps as
//! an artifact (issue 21.3). A section per file with its verdict; for a file with an illegal
//! action, the action, its violation and the board drawn as it was before it. Nothing in the
//! page is fetched: the style is inline and the drawings are inline SVG.

use std::fmt::Write as _;
use std::path::Path;

use railrules::core::save::{self, SaveVerdict};
use railrules::core::svg::escape;
use railrules::core::{Game, GameVisitor, Replay, Violation, replay};
use railrules::import::export_18xx::Export;
use railrules::import::title::ExportVerdict;
use railrules::registry::visit_games;

use crate::check_command::{FileReport, Summary, Verdict, line};
use crate::render_command;

const STYLE: &str = "body{font:15px/1.45 system-ui,sans-serif;margin:1rem auto;max-width:1400px;\
padding:0 1rem;color:#1d1d1b;background:#fdfaf2}\
h2{font-size:1.1rem;margin-top:2rem}.ok{color:#1e6b2e}.fail{color:#b3261e}\
pre{white-space:pre-wrap;word-break:break-word;font-size:12px;background:#fff;\
border:1px solid #d9d2c0;padding:.4rem}\
.violation{border:2px solid #b3261e;background:#fdecea;padding:.3rem .6rem;color:#b3261e}\
.board svg{max-width:100%;height:auto;border:1px solid #d9d2c0;background:#fff}";

/// The page: a summary, a list of the files, and each file's section.
pub fn report(reports: &[FileReport], summary: &Summary) -> String {
    let mut page = String::new();
    let _ = write!(
        page,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>railrules check: {} passed, {} failed</title>\n<style>{STYLE}</style>\n</head>\n\
         <body>\n<h1>railrules check</h1>\n<p id=\"summary\">{} file(s): {} passed, {} failed; \
         {} actions replayed in {:.2} s</p>\n<ol>\n",
        summary.passed,
        summary.failed,
        summary.files,
        summary.passed,
        summary.failed,
        summary.actions,
        summary.seconds
    );
    for (i, report) in reports.iter().enumerate() {
        let _ = writeln!(
            page,
            "<li><a href=\"#file-{i}\" class=\"{}\">{}</a> {}</li>",
            class(report),
            escape(&report.path),
            if report.ok { "OK" } else { "FAIL" }
        );
    }
    page.push_str("</ol>\n");
    for (i, report) in reports.iter().enumerate() {
        section(&mut page, i, report);
    }
    page.push_str("</body>\n</html>\n");
    page
}

fn class(report: &FileReport) -> &'static str {
    if report.ok { "ok" } else { "fail" }
}

/// A file's section: its verdict in a line, and for an illegal action what it was and the board
/// before it.
fn section(page: &mut String, i: usize, report: &FileReport) {
    let _ = write!(
        page,
        "<section id=\"file-{i}\" class=\"file\">\n<h2 class=\"{}\">{} {}</h2>\n<p>{}</p>\n",
        class(report),
        escape(&report.path),
        if report.ok { "OK" } else { "FAIL" },
        escape(&line(report))
    );
    if let Some(illegal) = illegal_of(&report.verdict) {
        let _ = write!(
            page,
            "<h3>The first illegal action: {}</h3>\n<pre class=\"action\">{}</pre>\n\
             <p class=\"violation\">{}: {} (rule <code>{}</code>)</p>\n<h3>The state before it</h3>\n",
            escape(&illegal.place),
            escape(&serde_json::to_string_pretty(illegal.action).unwrap_or_default()),
            escape(&illegal.violation.code),
            escape(&illegal.violation.message),
            escape(&illegal.violation.rule),
        );
        match drawing_before(Path::new(&report.path), &report.verdict) {
            Some(Ok(svg)) => {
                let _ = write!(page, "<div class=\"board\">\n{svg}</div>\n");
            }
            Some(Err(why)) => {
                let _ = writeln!(
                    page,
                    "<p class=\"no-board\">No drawing: {}</p>",
                    escape(&why)
                );
            }
            None => {}
        }
    }
    page.push_str("</section>\n");
}

/// A failing file's first illegal action: where it is, the action and its violation.
struct Illegal<'a> {
    place: String,
    action: &'a serde_json::Value,
    violation: &'a Violation,
}

fn illegal_of(verdict: &Verdict) -> Option<Illegal<'_>> {
    match verdict {
        Verdict::Save(SaveVerdict::IllegalAction {
            index,
            action,
            violation,
        }) => Some(Illegal {
            place: format!("action {index}"),
            action,
            violation,
        }),
        Verdict::Export(ExportVerdict::IllegalAction {
            pointer,
            rule,
            index,
            action,
            violation,
        }) => Some(Illegal {
            place: match rule {
                Some(rule) => format!("inserted by {rule} before {pointer} (save action {index})"),
                None => format!("{pointer} (save action {index})"),
            },
            action,
            violation,
        }),
        _ => None,
    }
}

/// The board before a file's first illegal action, drawn; an error says why it is not.
/// A save file is replayed up to the action. An export is imported up to the export's action
/// (a flow rule's inserted action is drawn before the export's action it precedes, without the
/// actions the rule inserted there).
fn drawing_before(path: &Path, verdict: &Verdict) -> Option<Result<String, String>> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => return Some(Err(format!("cannot read {}: {e}", path.display()))),
    };
    match verdict {
        Verdict::Save(SaveVerdict::IllegalAction { index, .. }) => {
            Some(save_before(&bytes, *index))
        }
        Verdict::Export(ExportVerdict::IllegalAction { pointer, .. }) => {
            Some(export_before(&bytes, pointer))
        }
        _ => None,
    }
}

fn save_before(bytes: &[u8], index: usize) -> Result<String, String> {
    let save = save::read(bytes)?;
    let mut before = Before {
        save: &save,
        index,
        drawing: None,
    };
    visit_games(&mut before);
    before
        .drawing
        .unwrap_or_else(|| Err(format!("unknown game `{}`", save.game)))
}

struct Before<'a> {
    save: &'a save::SaveText<'a>,
    index: usize,
    drawing: Option<Result<String, String>>,
}

impl GameVisitor for Before<'_> {
    fn visit<G: Game>(&mut self) {
        if self.save.game != G::ID {
            return;
        }
        let drawing = match save::start_of::<G>(self.save) {
            Err(verdict) => Err(format!("the save does not start: {verdict:?}")),
            Ok((start, actions)) => {
                match replay::<G>(start, &actions[..self.index.min(actions.len())]) {
                    Replay::Completed { state, .. } | Replay::Refused { state, .. } => {
                        G::render(&state).ok_or_else(|| format!("no drawing of {} yet", G::ID))
                    }
                }
            }
        };
        self.drawing = Some(drawing);
    }
}

fn export_before(bytes: &[u8], pointer: &str) -> Result<String, String> {
    let at: usize = pointer
        .strip_prefix("/actions/")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("{pointer} is not an action of the export"))?;
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    let mut export = Export::parse(text).map_err(|e| e.message)?;
    export.actions.truncate(at);
    let imported = railrules::import::import(&export, None)
        .map_err(|_| format!("the export's actions before {pointer} do not import"))?;
    let state = imported
        .save
        .state
        .ok_or("the import wrote no final state")?;
    render_command::render(state.to_string().as_bytes())
}
