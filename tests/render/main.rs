//! `POST /v1/{game}/render` and `railrules render` (issue 21.1): a state drawn as SVG. The
//! drawing is well-formed XML, the same bytes for the same state, and shows every laid tile and
//! every station of a late state of each recorded 1833NE and 1846 game, and every item of the
//! final state of each recorded Railroad Barons, rotw-solo and Russian Railroads game (counted
//! in the document by the classes of their groups, against counts taken from the state); a
//! golden file per game keeps it from changing unnoticed (`RAILRULES_BLESS=1` rewrites them).

use serde_json::Value;

#[path = "../common/mod.rs"]
mod common;

mod boards;
mod command_line;
mod final_states;
mod refused;

fn recorded(name: &str) -> Value {
    let path = format!("{}/examples/savegames/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// The elements of `svg` with `class` exactly `class`.
fn count_class(svg: &roxmltree::Document, class: &str) -> usize {
    svg.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

/// The drawing of one recorded state, kept in tests/data/render/.
fn golden(game: &str, save: &str, svg: &str) {
    let path = format!(
        "{}/tests/data/render/{}.svg",
        env!("CARGO_MANIFEST_DIR"),
        save.trim_end_matches(".json")
    );
    if std::env::var_os("RAILRULES_BLESS").is_some() {
        std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap()).unwrap();
        std::fs::write(&path, svg).unwrap();
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == svg,
        "{game}: {path} is not today's drawing; rerun with RAILRULES_BLESS=1 if the change is meant"
    );
}
