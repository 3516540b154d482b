//! README.md read against the binary: its CI step run as written, and what it says the service
//! does by default.

use std::process::Command;

use crate::{folder_of_saves, railrules, save_file, stdout};

/// The `railrules check` line of README.md's CI step, run as written from a folder that holds
/// `saves/`: it passes on good files and fails on a bad one.
#[test]
fn the_readme_ci_step_checks_a_folder_of_save_files() {
    let readme = include_str!("../../README.md");
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

/// Issue 40: the README says what a newcomer needs and the code does: the 1846 save files, the
/// example client's `RAILRULES_URL`, `view`'s `seat`, and that `serve` listens on 0.0.0.0 (the
/// default of `--bind`, as `serve --help` shows it).
#[test]
fn the_readme_names_what_the_service_does_by_default() {
    let readme = include_str!("../../README.md");
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
