//! The `railrules` binary: `check` on save files and `openapi`.

#[path = "common/binary.rs"]
mod binary;

use std::process::{Command, Output};

use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use serde_json::{Value, json};
use tempfile::NamedTempFile;

fn railrules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A save file of `n` actions (each the first legal one) from setup with `seed`, with its
/// final state recorded.
fn save_file(seed: u64, n: usize) -> Value {
    let mut state = RailroadBarons::setup(&Default::default(), seed).unwrap();
    let mut actions = Vec::new();
    for _ in 0..n {
        let Some(action) = RailroadBarons::legal_actions(&state).into_iter().next() else {
            break;
        };
        RailroadBarons::apply(&mut state, &action).unwrap();
        actions.push(action);
    }
    json!({
        "game": RailroadBarons::ID,
        "rules_version": RailroadBarons::RULES_VERSION,
        "setup": {"options": {}, "seed": seed},
        "actions": actions,
        "state": state,
    })
}

fn write(save: &Value) -> NamedTempFile {
    let file = NamedTempFile::new().unwrap();
    std::fs::write(file.path(), serde_json::to_vec_pretty(save).unwrap()).unwrap();
    file
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

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

#[test]
fn openapi_prints_the_document() {
    let output = railrules(&["openapi"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.ends_with("}\n"));
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert!(doc["paths"]["/v1/railroad-barons/validate"]["post"].is_object());
    assert_eq!(text, railrules::api::openapi_json());
}

/// A folder with two good save files and a bad one, the bad one in a subfolder.
fn folder_of_saves() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("more")).unwrap();
    let mut bad = save_file(3, 8);
    let player = bad["actions"][2]["player"].as_str().unwrap().to_string();
    bad["actions"][2]["player"] = json!(if player == "A" { "B" } else { "A" });
    for (name, save) in [
        ("a.json", save_file(1, 10)),
        ("b.json", save_file(2, 5)),
        ("more/c.json", bad),
    ] {
        std::fs::write(dir.path().join(name), serde_json::to_vec(&save).unwrap()).unwrap();
    }
    std::fs::write(dir.path().join("notes.txt"), "not a save file").unwrap();
    // JSON that is not a save file: a package's manifest, and check's own report.
    std::fs::write(
        dir.path().join("package.json"),
        r#"{"name": "ui", "version": "1.0.0"}"#,
    )
    .unwrap();
    std::fs::write(
        dir.path().join("more/report.json"),
        r#"{"files": [], "summary": {"files": 0}}"#,
    )
    .unwrap();
    dir
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

/// `serve --log-format <format>` asked `/healthz` once with `headers`: the answer, and what the
/// server wrote to its standard output (a pipe, not a terminal) until it was stopped.
fn serve_one_healthz(format: &str, headers: &str) -> (String, String) {
    use std::process::Stdio;
    use std::time::Duration;
    let port = binary::free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(["serve", "--bind", "127.0.0.1", "--port", &port.to_string()])
        .args(["--workers", "1", "--log-format", format])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stream = binary::connect_when_listening(&mut child, port);
    let response = binary::get(stream, "/healthz", headers);
    // Give the access line a moment to be written, then stop the server and read its output.
    std::thread::sleep(Duration::from_millis(300));
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    (
        response,
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// `serve --log-format json`: one JSON object per line; the access line of a request carries
/// the request id the response echoes.
#[test]
fn serve_logs_json_lines_with_the_request_id() {
    let (response, logs) = serve_one_healthz("json", "X-Request-Id: ci-run-42\r\n");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(
        response
            .to_ascii_lowercase()
            .contains("x-request-id: ci-run-42\r\n"),
        "{response}"
    );
    let lines: Vec<Value> = logs
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let access = lines
        .iter()
        .find(|l| l["target"] == "railrules::access")
        .unwrap_or_else(|| panic!("no access line in {lines:?}"));
    assert_eq!(access["path"], "/healthz");
    assert_eq!(access["status"], 200);
    assert_eq!(access["span"]["request_id"], "ci-run-42");
}

/// Issue 40: `serve`'s text logs piped (not a terminal) carry no colour codes, and `check
/// --help` names no source file.
#[test]
fn piped_text_logs_have_no_colour_codes_and_help_names_no_source_file() {
    let (response, logs) = serve_one_healthz("text", "");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(logs.contains("/healthz"), "{logs}");
    assert!(!logs.contains('\x1b'), "{logs:?}");
    let help = stdout(&railrules(&["check", "--help"]));
    assert!(
        help.contains("HTML") && !help.contains("check_html"),
        "{help}"
    );
}

/// The `railrules check` line of README.md's CI step, run as written from a folder that holds
/// `saves/`: it passes on good files and fails on a bad one.
#[test]
fn the_readme_ci_step_checks_a_folder_of_save_files() {
    let readme = include_str!("../README.md");
    let step = readme
        .split("### Checking save files in CI")
        .nth(1)
        .and_then(|rest| rest.split("```yaml").nth(1))
        .and_then(|rest| rest.split("```").next())
        .expect("a yaml block after the CI heading");
    let line = step
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("railrules check"))
        .expect("a railrules check line");
    // The shell would strip the quotes that keep the glob for railrules.
    let args: Vec<String> = line
        .split_whitespace()
        .skip(1)
        .map(|a| a.trim_matches('\'').to_string())
        .collect();
    let dir = folder_of_saves();
    let saves = dir.path().join("saves");
    std::fs::create_dir(&saves).unwrap();
    std::fs::create_dir(saves.join("season-1")).unwrap();
    for (name, seed) in [("one.json", 1), ("season-1/two.json", 2)] {
        let save = serde_json::to_vec(&save_file(seed, 6)).unwrap();
        std::fs::write(saves.join(name), save).unwrap();
    }
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_railrules"))
            .args(&args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let output = run();
    assert!(output.status.success(), "{line}: {output:?}");
    assert!(stdout(&output).contains("2 file(s): 2 passed, 0 failed"));
    std::fs::write(saves.join("season-1/broken.json"), b"{").unwrap();
    let output = run();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
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

// -- `import` and `export`: 18xx.games exports (docs/rules/1833ne.md#interop).

const NE1833_SAVE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/savegames/1833ne-greedy-4p-seed-3.json"
);

fn export_of(save: &str) -> Value {
    let output = railrules(&["export", save]);
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn export_then_import_gives_back_the_save_file() {
    let export = export_of(NE1833_SAVE);
    assert_eq!(export["title"], "1833NE");
    assert_eq!(export["actions"].as_array().unwrap().len(), 562);
    let file = write(&export);
    let output = railrules(&["import", file.path().to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    let mut imported: Value = serde_json::from_slice(&output.stdout).unwrap();
    // The import names the export it came from; the save exported had none.
    let origin = imported.as_object_mut().unwrap().remove("origin").unwrap();
    assert_eq!(origin["id"], export["id"]);
    let original: Value =
        serde_json::from_str(&std::fs::read_to_string(NE1833_SAVE).unwrap()).unwrap();
    assert_eq!(imported, original);
}

/// Issue 40, the command line takes both forms everywhere: `export` of an 18xx.games export
/// imports it and writes it again (the same export), `import` of a save file writes it as it is.
#[test]
fn export_and_import_take_either_form() {
    let export = export_of(NE1833_SAVE);
    let file = write(&export);
    let again = export_of(file.path().to_str().unwrap());
    assert_eq!(again, export, "an export exported again is the same export");
    let output = railrules(&["import", NE1833_SAVE]);
    assert!(output.status.success(), "{output:?}");
    let written: Value = serde_json::from_slice(&output.stdout).unwrap();
    let original: Value =
        serde_json::from_str(&std::fs::read_to_string(NE1833_SAVE).unwrap()).unwrap();
    assert_eq!(written, original);
    // An export the rules refuse is named so.
    let mut bad = export.clone();
    bad["actions"][2]["entity"] = json!(42);
    let bad = write(&bad);
    let output = railrules(&["export", bad.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/actions/2/entity"), "{stderr}");
}

#[test]
fn import_writes_several_files_into_a_directory() {
    let export = write(&export_of(NE1833_SAVE));
    let other = write(&export_of(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/savegames/1833ne-greedy-3p-seed-2.json"
    )));
    let (a, b) = (
        export.path().to_str().unwrap(),
        other.path().to_str().unwrap(),
    );
    // Several files need a directory.
    let output = railrules(&["import", a, b]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let dir = tempfile::tempdir().unwrap();
    let output = railrules(&["import", a, b, "-o", dir.path().to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("686 actions (562 imported, 124 inserted by flow rules, 0 left out)"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    // Each is a save file `check` passes.
    let output = railrules(&["check", dir.path().to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).contains("2 passed"), "{}", stdout(&output));
}

#[test]
fn check_accepts_an_export_and_compares_its_result() {
    let mut export = export_of(NE1833_SAVE);
    let good = write(&export);
    let output = railrules(&["check", good.path().to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    assert!(
        stdout(&output).contains("the result matches"),
        "{}",
        stdout(&output)
    );
    export["result"]["1"] = json!(300);
    let bad = write(&export);
    let output = railrules(&["check", "--format", "json", bad.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let file = &report["files"][0];
    assert_eq!(file["verdict"], "result_differs");
    assert_eq!(
        file["players"],
        json!([{"player": "1", "recorded": 300, "replayed": 42}])
    );
}

#[test]
fn import_names_the_action_and_field_it_cannot_translate() {
    let mut export = export_of(NE1833_SAVE);
    export["actions"][2]["entity"] = json!(42);
    let file = write(&export);
    let output = railrules(&["import", file.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot translate /actions/2/entity"),
        "{stderr}"
    );
    // A save file of a game with no 18xx.games title is not exported.
    let save = write(&save_file(1, 3));
    let output = railrules(&["export", save.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
}

/// `railrules import` writes the save a field a line and each action on a line of its own, so
/// that a diff of two saves shows the actions that differ; the text reads back as the save.
#[test]
fn import_writes_one_action_a_line() {
    let export = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/18xx-games/1846/hs_cvjhogoy_1599504419.json"
    );
    let output = railrules(&["import", export]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let save: Value = serde_json::from_str(&text).expect("the save reads back");
    let actions = save["actions"].as_array().unwrap();
    assert!(actions.len() > 50, "{}", actions.len());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..3],
        ["{", "  \"game\": \"1846\",", "  \"rules_version\": \"1\","]
    );
    let start = lines.iter().position(|l| *l == "  \"actions\": [").unwrap();
    for (i, action) in actions.iter().enumerate() {
        let line = lines[start + 1 + i].trim().trim_end_matches(',');
        assert_eq!(
            &serde_json::from_str::<Value>(line).unwrap(),
            action,
            "action {i}"
        );
    }
    assert!(lines[start + 1 + actions.len()].starts_with("  ]"));
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

/// Issue 40: the README says what a newcomer needs and the code does: the 1846 save files, the
/// example client's `RAILRULES_URL`, `view`'s `seat`, and that `serve` listens on 0.0.0.0 (the
/// default of `--bind`, as `serve --help` shows it).
#[test]
fn the_readme_names_what_the_service_does_by_default() {
    let readme = include_str!("../README.md");
    for file in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
    {
        let game = file.split(['-']).next().unwrap();
        let named = match game {
            "1846" => "1846 (3, 4 and 5 players)",
            "1833ne" => "1833NE",
            _ => continue,
        };
        assert!(
            readme.contains(named),
            "README does not list the {game} save files"
        );
    }
    assert!(readme.contains("`RAILRULES_URL`"));
    assert!(readme.contains("`{state, seat?}`"));
    let help = stdout(&railrules(&["serve", "--help"]));
    assert!(help.contains("0.0.0.0"), "{help}");
    assert!(readme.contains("(`0.0.0.0`;"));
}
