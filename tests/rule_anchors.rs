//! Rules as typed data (issue 18, item 3): each game declares its rule sections once, as
//! `<game>#<section>`, and every violation cites one. For every registered game: each declared
//! section is an anchor of docs/rules/<game>.md; the game's END_RULE and TURN_RULE are declared
//! sections; its source writes no anchor outside them; every violation code its source builds is
//! named in the document, and in the very section the violation cites when the call names it.
//!
//! The source is read as text: a code is the string literal opening a call of
//! `Violation::new(`, `refuse(` or `violation(`, and the section cited is the `section::NAME`
//! that follows it, resolved through the game's `pub const NAME: &str = "..."` declarations; a
//! file's own `fn refuse(code: &str, message ...)` citing one `section::NAME` cites it for every
//! call in the file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use railrules::core::Game;
use railrules::core::GameVisitor;
use railrules::games::{g1846, ne1833, railroad_barons, rotw_solo, russian_railroads_american};
use railrules::registry::visit_games;

/// A game's declared sections and where its source is.
struct Declared {
    id: &'static str,
    folder: &'static str,
    sections: &'static [&'static str],
}

const DECLARED: &[Declared] = &[
    Declared {
        id: "railroad-barons",
        folder: "railroad_barons",
        sections: railroad_barons::rules::section::ALL,
    },
    Declared {
        id: "1833ne",
        folder: "ne1833",
        sections: ne1833::rules::section::ALL,
    },
    Declared {
        id: "1846",
        folder: "g1846",
        sections: g1846::rules::section::ALL,
    },
    Declared {
        id: "rotw-solo",
        folder: "rotw_solo",
        sections: rotw_solo::rules::section::ALL,
    },
    Declared {
        id: "russian-railroads-american",
        folder: "russian_railroads_american",
        sections: russian_railroads_american::rules::section::ALL,
    },
];

/// What the core knows of each registered game.
struct Registered(Vec<(&'static str, &'static str, &'static str)>);

impl GameVisitor for Registered {
    fn visit<G: Game>(&mut self) {
        self.0.push((G::ID, G::END_RULE, G::TURN_RULE));
    }
}

fn registered() -> Vec<(&'static str, &'static str, &'static str)> {
    let mut games = Registered(Vec::new());
    visit_games(&mut games);
    games.0
}

fn declared(id: &str) -> &'static Declared {
    DECLARED
        .iter()
        .find(|d| d.id == id)
        .unwrap_or_else(|| panic!("{id} is registered but declares no rule sections here"))
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn document(id: &str) -> String {
    let path = root().join(format!("docs/rules/{id}.md"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of each section of a rules document, by id: from its anchor to the next anchor.
fn sections_of(doc: &str) -> BTreeMap<String, String> {
    let mut sections = BTreeMap::new();
    for part in doc.split("<a id=\"").skip(1) {
        if let Some((id, text)) = part.split_once('"') {
            sections.insert(id.to_string(), text.to_string());
        }
    }
    sections
}

fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The game's source files, with their text.
fn source(folder: &str) -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(&root().join("src/games").join(folder), &mut files);
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.strip_prefix(root()).unwrap().display().to_string();
            (name, text)
        })
        .collect()
}

/// `pub const NAME: &str = "<game>#..."` declarations: the anchor of each section name.
fn section_names(id: &str, files: &[(String, String)]) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for (_, text) in files {
        for line in text.lines() {
            let Some(rest) = line.trim().strip_prefix("pub const ") else {
                continue;
            };
            let Some((name, value)) = rest.split_once(": &str = \"") else {
                continue;
            };
            if let Some(anchor) = value.strip_suffix("\";")
                && anchor.starts_with(&format!("{id}#"))
            {
                names.insert(name.to_string(), anchor.to_string());
            }
        }
    }
    names
}

/// A violation built in the source: its code, and the section constant it cites if it names one.
struct Built {
    file: String,
    code: String,
    section: Option<String>,
}

const BUILDERS: &[&str] = &["Violation::new(", "refuse(", "violation("];

fn is_code(s: &str) -> bool {
    !s.is_empty()
        && s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The code and cited section of a call whose argument list starts at `args`.
fn call(args: &str) -> Option<(String, Option<String>)> {
    let rest = args.trim_start().strip_prefix('"')?;
    let (code, rest) = rest.split_once('"')?;
    if !is_code(code) {
        return None;
    }
    let rest = rest.trim_start().strip_prefix(',')?.trim_start();
    let path: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    let section = path
        .rsplit_once("section::")
        .map(|(_, name)| name.to_string())
        .filter(|name| !name.is_empty() && !name.contains(':'));
    Some((code.to_string(), section))
}

/// The section a file's own `fn <builder>(code: &str, message ...)` cites for every call, if it
/// is such a wrapper.
fn wrapped_section(text: &str, builder: &str) -> Option<String> {
    let at = text.find(&format!("fn {builder}code: &str, message"))?;
    let body = &text[at..];
    let body = &body[..body.find("\n}")?];
    let (_, rest) = body.split_once("section::")?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    Some(name)
}

fn built(files: &[(String, String)]) -> Vec<Built> {
    let mut found = Vec::new();
    for (file, text) in files {
        for builder in BUILDERS {
            let wrapped = wrapped_section(text, builder);
            for (at, _) in text.match_indices(builder) {
                let before = text[..at].chars().next_back();
                if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                    continue;
                }
                if let Some((code, section)) = call(&text[at + builder.len()..]) {
                    found.push(Built {
                        file: file.clone(),
                        code,
                        section: section.or_else(|| wrapped.clone()),
                    });
                }
            }
        }
    }
    found
}

#[test]
fn every_registered_game_declares_its_sections_and_cites_them_for_the_turn_and_the_end() {
    let games = registered();
    assert_eq!(
        games.len(),
        DECLARED.len(),
        "a declared game is not registered"
    );
    for (id, end_rule, turn_rule) in games {
        let d = declared(id);
        assert!(
            d.sections.contains(&end_rule),
            "{id}'s END_RULE {end_rule} is not declared"
        );
        assert!(
            d.sections.contains(&turn_rule),
            "{id}'s TURN_RULE {turn_rule} is not declared"
        );
    }
}

#[test]
fn every_declared_section_is_an_anchor_of_the_games_document() {
    for (id, _, _) in registered() {
        let sections = sections_of(&document(id));
        for anchor in declared(id).sections {
            let section = anchor
                .strip_prefix(&format!("{id}#"))
                .unwrap_or_else(|| panic!("{anchor} is not of the form {id}#<section>"));
            assert!(
                sections.contains_key(section),
                "docs/rules/{id}.md has no <a id=\"{section}\">, which {anchor} cites"
            );
        }
    }
}

#[test]
fn the_source_writes_no_anchor_but_a_declared_section() {
    for (id, _, _) in registered() {
        let d = declared(id);
        for (file, text) in source(d.folder) {
            assert!(
                !text.contains("\"docs/rules/"),
                "{file} cites a rule as a path, not as {id}#<section>"
            );
            for (at, _) in text.match_indices(&format!("\"{id}#")) {
                let anchor: String = text[at + 1..].chars().take_while(|c| *c != '"').collect();
                assert!(
                    d.sections.contains(&anchor.as_str()),
                    "{file} cites {anchor}, which {id}'s section list does not declare"
                );
            }
        }
    }
}

#[test]
fn every_violation_code_is_named_in_the_section_it_cites() {
    let mut problems = Vec::new();
    for (id, _, _) in registered() {
        let files = source(declared(id).folder);
        let names = section_names(id, &files);
        let doc = document(id);
        let sections = sections_of(&doc);
        let found = built(&files);
        assert!(
            !found.is_empty(),
            "no violation found in {id}'s source: the scan is broken"
        );
        for b in found {
            let named = format!("`{}`", b.code);
            match b.section.as_deref() {
                Some(name) => {
                    let Some(anchor) = names.get(name) else {
                        problems.push(format!(
                            "{}: {} cites unknown section::{name}",
                            b.file, b.code
                        ));
                        continue;
                    };
                    let section = anchor.split_once('#').map_or("", |(_, s)| s);
                    let text = sections.get(section).map_or("", String::as_str);
                    if !text.contains(&named) {
                        problems.push(format!(
                            "{}: {named} cites {anchor}, whose section does not name it",
                            b.file
                        ));
                    }
                }
                None if !doc.contains(&named) => {
                    problems.push(format!(
                        "{}: docs/rules/{id}.md never names {named}",
                        b.file
                    ));
                }
                None => {}
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The codes a game's `check` builds with its problem list's `add("code", ...)` (in its
/// `invariants` folder).
fn check_codes(files: &[(String, String)]) -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    for (name, text) in files {
        if !name.contains("/invariants") {
            continue;
        }
        for part in text.split(".add(").skip(1) {
            let literal = part.trim_start().strip_prefix('"').and_then(|rest| {
                let (code, _) = rest.split_once('"')?;
                is_code(code).then(|| code.to_string())
            });
            codes.extend(literal);
        }
    }
    codes
}

#[test]
fn every_problem_check_builds_is_named_in_the_documents_check_section() {
    let mut problems = Vec::new();
    let mut games_with_codes = 0;
    for (id, _, _) in registered() {
        let codes = check_codes(&source(declared(id).folder));
        if codes.is_empty() {
            continue; // its check builds violations, judged by the test above
        }
        games_with_codes += 1;
        let sections = sections_of(&document(id));
        let Some(text) = sections.get("check") else {
            problems.push(format!("docs/rules/{id}.md has no `check` section"));
            continue;
        };
        for code in codes {
            if !text.contains(&format!("`{code}`")) {
                problems.push(format!("docs/rules/{id}.md#check never names `{code}`"));
            }
        }
    }
    assert!(
        games_with_codes >= 3,
        "the scan is broken: {games_with_codes}"
    );
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
