//! `railrules check` on save files: its verdicts, folders and globs, the JSON report, and its
//! output to a terminal or a pipe.

use std::process::Command;

use serde_json::{Value, json};
use tempfile::NamedTempFile;

use crate::{folder_of_saves, railrules, save_file, stdout, write};

#[test]
fn check_accepts_a_good_save_file() {
    let save = save_file(1, 10);
    assert_eq!(save["actions"].as_array().unwrap().len(), 10);
    let file = write(&save);
    let output = railrules(&["check", file.path().to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    let out = stdout(&output);
    assert!(out.contains(": OK"), "{out}");
    assert!(out.contains("10 actions"), "{out}");
}

#[test]
fn check_names_the_first_bad_action() {
    let mut save = save_file(1, 10);
    let player = save["actions"][6]["player"].as_str().unwrap().to_string();
    save["actions"][6]["player"] = json!(if player == "A" { "B" } else { "A" });
    let bad = write(&save);
    let good = write(&save_file(2, 5));
    let output = railrules(&[
        "check",
        good.path().to_str().unwrap(),
        bad.path().to_str().unwrap(),
    ]);
    assert!(!output.status.success(), "{output:?}");
    let out = stdout(&output);
    assert!(out.contains("action 6 is illegal"), "{out}");
    // Every file is reported, the good one too.
    assert_eq!(out.matches(": OK").count(), 1, "{out}");
    assert_eq!(out.matches(": FAIL").count(), 1, "{out}");
}

#[test]
fn check_names_the_first_differing_pointer_of_the_final_state() {
    let mut save = save_file(1, 10);
    let cash = save["state"]["players"][1]["cash"].as_u64().unwrap();
    save["state"]["players"][1]["cash"] = json!(cash + 1);
    let file = write(&save);
    let output = railrules(&["check", file.path().to_str().unwrap()]);
    assert!(!output.status.success());
    let out = stdout(&output);
    assert!(out.contains("/players/1/cash"), "{out}");
}

/// A file that is not JSON fails (exit 1: a broken save is a failure); a path that names no
/// file is a usage error (exit 2), reported before anything is checked.
#[test]
fn check_reports_malformed_files_and_refuses_missing_ones() {
    let garbage = NamedTempFile::new().unwrap();
    std::fs::write(garbage.path(), b"{not json").unwrap();
    let output = railrules(&["check", garbage.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(
        stdout(&output).contains("malformed save file"),
        "{output:?}"
    );
    let output = railrules(&[
        "check",
        garbage.path().to_str().unwrap(),
        "/nonexistent/save.json",
    ]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(stdout(&output).is_empty(), "{output:?}");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("`/nonexistent/save.json` names no file"),
        "{err}"
    );
}

/// Issue 38: a folder is walked reading each folder once: two symbolic links to `.` (a loop,
/// every path through them another way to the same files) end the walk, each file checked once,
/// for a folder and for a `**` pattern alike.
#[cfg(unix)]
#[test]
fn check_follows_each_folder_once() {
    let dir = folder_of_saves();
    for link in ["loop", "again"] {
        std::os::unix::fs::symlink(".", dir.path().join(link)).unwrap();
    }
    std::os::unix::fs::symlink("..", dir.path().join("more/up")).unwrap();
    let root = dir.path().to_str().unwrap();
    for argument in [root.to_string(), format!("{root}/**/*.json")] {
        let output = railrules(&["check", &argument]);
        let out = stdout(&output);
        assert!(
            out.lines()
                .last()
                .unwrap()
                .starts_with("3 file(s): 2 passed, 1 failed"),
            "{argument}: {out}"
        );
    }
}

#[test]
fn check_takes_folders_and_globs_and_sums_up() {
    let dir = folder_of_saves();
    let root = dir.path().to_str().unwrap();
    // A folder: every .json file under it.
    let output = railrules(&["check", root]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let out = stdout(&output);
    assert_eq!(out.matches(": OK").count(), 2, "{out}");
    assert_eq!(out.matches(": FAIL").count(), 1, "{out}");
    assert!(
        out.lines().last().unwrap().starts_with(
            "3 file(s): 2 passed, 1 failed, 2 skipped (not save files); 17 actions replayed"
        ),
        "{out}"
    );
    // The JSON files that are not save files are named on stderr, and not checked.
    let err = String::from_utf8_lossy(&output.stderr);
    for skipped in ["package.json", "report.json"] {
        assert!(
            err.lines()
                .any(|l| l.contains("skipped") && l.contains(skipped)),
            "{err}"
        );
        assert!(!out.contains(skipped), "{out}");
    }
    // A glob, expanded by railrules itself (as a CI step that quotes it would pass it).
    let output = railrules(&["check", &format!("{root}/*.json")]);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).contains("2 file(s): 2 passed, 0 failed"));
    // A file named twice (here by a glob and by name) is checked once.
    let output = railrules(&[
        "check",
        &format!("{root}/*.json"),
        &format!("{root}/a.json"),
    ]);
    assert!(stdout(&output).contains("2 file(s)"), "{output:?}");
    // --exclude leaves out what it matches (here the failing file), as many times as given.
    let output = railrules(&[
        "check",
        root,
        "--exclude",
        "**/more/*",
        "--exclude",
        "**/b.json",
    ]);
    assert!(output.status.success(), "{output:?}");
    assert!(
        stdout(&output).contains("1 file(s): 1 passed, 0 failed"),
        "{output:?}"
    );
    let output = railrules(&["check", root, "--exclude", "[bad"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("--exclude `[bad`"));
    // A folder with no save file left is a usage error too.
    let output = railrules(&["check", root, "--exclude", "**/*.json"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    // A pattern that matches nothing is a usage error, not a pass.
    let output = railrules(&["check", &format!("{root}/*.sav")]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("names no save file"));
}

#[test]
fn check_reports_in_json_for_machines() {
    let dir = folder_of_saves();
    let output = railrules(&["check", "--format", "json", dir.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    let summary = &report["summary"];
    assert_eq!(
        (&summary["files"], &summary["passed"], &summary["failed"]),
        (&json!(3), &json!(2), &json!(1))
    );
    // Every action replayed: a.json's 10, b.json's 5, and c.json's 2 before its illegal one.
    assert_eq!(summary["actions"], 17);
    assert_eq!(summary["skipped"], 2);
    let files = report["files"].as_array().unwrap();
    let bad = files.iter().find(|f| f["ok"] == false).unwrap();
    assert!(bad["path"].as_str().unwrap().ends_with("c.json"));
    // c.json's action 2 is played by the wrong seat.
    assert_eq!(bad["verdict"], "illegal_action", "{bad}");
    assert_eq!(bad["index"], 2, "{bad}");
    assert!(bad["violation"]["code"].is_string(), "{bad}");
    let good = files.iter().find(|f| f["ok"] == true).unwrap();
    assert_eq!(good["verdict"], "valid");
    assert_eq!(good["final_state_compared"], true);
}

/// On a terminal (here a pseudo-terminal made by util-linux's `script`) `check` draws its
/// progress; in a pipe (CI logs) it prints only the lines and the summary.
#[test]
fn check_shows_progress_only_on_a_terminal() {
    let dir = folder_of_saves();
    let root = dir.path().to_str().unwrap();
    let command = format!("{} check {root}", env!("CARGO_BIN_EXE_railrules"));
    let on_terminal = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("util-linux's script runs");
    let shown = stdout(&on_terminal);
    assert!(shown.contains("0/3 "), "no progress drawn: {shown:?}");
    assert!(shown.contains("3 file(s): 2 passed, 1 failed"), "{shown:?}");
    let piped = stdout(&railrules(&["check", root]));
    assert!(
        !piped.contains("0/3") && !piped.contains('\x1b'),
        "{piped:?}"
    );
    assert!(!String::from_utf8_lossy(&railrules(&["check", root]).stderr).contains("0/3"));
}

/// `railrules check DIR | head -1`: when the reader of its output goes, the command ends
/// quietly (SIGPIPE's default), with no panic on its error output.
#[test]
#[cfg(unix)]
fn check_ends_quietly_when_its_reader_goes() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::ExitStatusExt;
    let dir = format!("{}/tests/data/18xx-games/1846", env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(["check", &dir])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains("OK"), "{first}");
    // The reader goes: the pipe closes before the command has written its other lines.
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        output.status.success() || output.status.signal() == Some(libc_sigpipe()),
        "{:?}",
        output.status
    );
}

/// SIGPIPE's number on the Unix systems CI runs (Linux, macOS).
#[cfg(unix)]
fn libc_sigpipe() -> i32 {
    13
}
