//! `railrules render`: a save file's or an 18xx.games export's final state drawn as the API
//! draws it.

#[test]
fn the_command_line_draws_a_save_files_final_state() {
    let save = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/savegames/1846-bot-4p-seed-1.json"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(["render", save])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = String::from_utf8(out.stdout).unwrap();
    roxmltree::Document::parse(&svg).unwrap();
    let golden = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/render/1846-bot-4p-seed-1.svg"
    );
    assert!(
        svg == std::fs::read_to_string(golden).unwrap_or_default(),
        "the command line draws as the API does ({golden})"
    );
    for save in [
        "railroad-barons-greedy-seed-19",
        "rotw-solo-bot-seed-2-duel-barons",
        "russian-railroads-american-bot-4p-seed-3",
    ] {
        let path = format!(
            "{}/examples/savegames/{save}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_railrules"))
            .args(["render", &path])
            .output()
            .unwrap();
        assert!(out.status.success(), "{save}");
        let golden = format!(
            "{}/tests/data/render/{save}.svg",
            env!("CARGO_MANIFEST_DIR")
        );
        assert!(
            out.stdout == std::fs::read(&golden).unwrap_or_default(),
            "the command line draws as the API does ({golden})"
        );
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(["render", concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not JSON"));
}

/// `railrules render` takes an 18xx.games export as `check` does: it is imported, replayed, and
/// its final state drawn, the same drawing as of the save file `railrules import` writes; an
/// export refused at an action says where.
#[test]
fn the_command_line_draws_an_exports_final_state() {
    let railrules = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_railrules"))
            .args(args)
            .output()
            .unwrap()
    };
    let export = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/18xx-games/1846/10264.json"
    );
    let drawn = railrules(&["render", export]);
    assert!(
        drawn.status.success(),
        "{}",
        String::from_utf8_lossy(&drawn.stderr)
    );
    roxmltree::Document::parse(std::str::from_utf8(&drawn.stdout).unwrap()).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("10264.json");
    let imported = railrules(&["import", export]);
    assert!(imported.status.success());
    std::fs::write(&save, &imported.stdout).unwrap();
    let of_save = railrules(&["render", save.to_str().unwrap()]);
    assert!(of_save.status.success());
    assert!(
        drawn.stdout == of_save.stdout,
        "the export is drawn as its imported save file"
    );

    // The same export with its first tile laid in a hex the map does not have.
    let mut tampered: serde_json::Value =
        serde_json::from_slice(&std::fs::read(export).unwrap()).unwrap();
    let action = tampered["actions"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["type"] == "lay_tile")
        .unwrap();
    action["hex"] = serde_json::json!("Z99");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, tampered.to_string()).unwrap();
    let refused = railrules(&["render", bad.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("18xx.games export") && stderr.contains("/actions/"),
        "{stderr}"
    );
}
