//! The attacks: the worst bodies issue 16 found, each under the body limit.

use crate::{BODY_LIMIT, adversarial};
use actix_web::web::Bytes;
use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::russian_railroads_american::{Options, RussianRailroadsAmerican};
use serde_json::json;

pub(crate) struct Attack {
    pub(crate) name: &'static str,
    pub(crate) path: &'static str,
    pub(crate) body: Bytes,
}

pub(crate) fn attack(name: &'static str, path: &'static str, body: String) -> Attack {
    assert!(
        body.len() < BODY_LIMIT,
        "{name}: {} bytes is over the body limit",
        body.len()
    );
    Attack {
        name,
        path,
        body: Bytes::from(body),
    }
}

pub(crate) fn attacks() -> Vec<Attack> {
    vec![
        attack(
            "rb-700k-cards",
            "/v1/railroad-barons/validate",
            railroad_barons_700k_cards(),
        ),
        attack(
            "rr-480k-engineers",
            "/v1/russian-railroads-american/check",
            russian_railroads_480k_engineers(),
        ),
        attack(
            "1833ne-same-tile",
            "/v1/1833ne/legal-actions",
            json!({"state": adversarial::adversarial_1833ne().0}).to_string(),
        ),
        attack(
            "1833ne-exploding",
            "/v1/1833ne/legal-actions",
            exploding_track(),
        ),
        // Legal and heavy: a real late-game route search, a whole recorded game replayed.
        attack(
            "1833ne-late-routes",
            "/v1/1833ne/legal-actions",
            json!({"state": adversarial::before_last_run(adversarial::GAME)}).to_string(),
        ),
        attack("1833ne-replay-5p", "/v1/1833ne/replay", whole_game_replay()),
        attack("duplicate-keys", "/v1/1833ne/check", duplicate_tiles()),
        attack("deep-nesting", "/v1/railroad-barons/check", deep_nesting()),
        attack("junk-array", "/v1/railroad-barons/validate", junk_array()),
        // The same where a heavy request's actions belong: heavy turns are counted apart.
        attack("junk-replay", "/v1/railroad-barons/replay", junk_actions()),
        attack("junk-keys", "/v1/railroad-barons/check", junk_keys()),
        attack("junk-bytes", "/v1/railroad-barons/check", junk_bytes()),
        // The import (issue 38): a real game read and replayed whole, and the same bounds as
        // every other body's on an export's fields and actions.
        attack("import-1846-game", "/v1/1846/import", real_1846_export()),
        attack(
            "import-deep-unknown",
            "/v1/1846/import",
            export_with("\"x\"", &deep_nesting_value()),
        ),
        attack(
            "import-junk-actions",
            "/v1/1846/import",
            import_junk_actions(),
        ),
        attack("import-undo-storm", "/v1/1846/import", import_undo_storm()),
    ]
}

/// The longest real 1846 export of tests/data (every corporation closed, 400-odd actions).
pub(crate) fn real_1846_export() -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/18xx-games/1846/1846_game_end_reason_all_closed.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// The real export with its field `key` (a JSON string) set to `value` (JSON text).
pub(crate) fn export_with(key: &str, value: &str) -> String {
    let text = real_1846_export();
    let body = text.trim_end().strip_suffix('}').expect("an object");
    format!("{body},{key}:{value}}}")
}

/// Arrays nested as deep as the body limit allows, less the export around them.
pub(crate) fn deep_nesting_value() -> String {
    nested_arrays(BODY_LIMIT - real_1846_export().len() - 64)
}

/// Arrays nested in one another, `room` bytes in all.
pub(crate) fn nested_arrays(room: usize) -> String {
    let depth = room / 2;
    format!("{}{}", "[".repeat(depth), "]".repeat(depth))
}

/// An export whose actions are a million zeros (the most it may hold is 20,000).
pub(crate) fn import_junk_actions() -> String {
    let zeros = (BODY_LIMIT - 256) / 2;
    format!(
        "{{\"id\":1,\"title\":\"1846\",\"players\":[],\"actions\":[{}0]}}",
        "0,".repeat(zeros - 1)
    )
}

/// The real export's actions, then undo of every action and redo again, over and over, to the
/// most actions an export may hold: each undo and redo moves the whole log.
pub(crate) fn import_undo_storm() -> String {
    let mut export: serde_json::Value = serde_json::from_str(&real_1846_export()).unwrap();
    let actions = export["actions"].as_array_mut().unwrap();
    while actions.len() + 2 <= 20_000 {
        actions.push(json!({"type": "undo", "action_id": 0}));
        actions.push(json!({"type": "redo"}));
    }
    export.to_string()
}

/// tests/amplification.rs: an unknown railroad card listed 700,000 times (was a 174 MB 422).
pub(crate) fn railroad_barons_700k_cards() -> String {
    let setup = RailroadBarons::setup(&Default::default(), 1).unwrap();
    let mut state = serde_json::to_value(&setup).unwrap();
    state["railroad_stack"] = json!(vec![9; 700_000]);
    let action = serde_json::to_value(&RailroadBarons::legal_actions(&setup)[0]).unwrap();
    json!({"state": state, "action": action}).to_string()
}

/// tests/russian_railroads_american/derived.rs: 480,000 engineers in one player's hand, an
/// engineer not dealt (its `check` was pairwise: 26.8 s).
pub(crate) fn russian_railroads_480k_engineers() -> String {
    let options = Options {
        players: 2,
        components: None,
    };
    let state = RussianRailroadsAmerican::setup(&options, 7).unwrap();
    let dealt: Vec<u8> = state.engineer_strip.iter().flatten().copied().collect();
    let other = (2..=15).find(|n| !dealt.contains(n)).unwrap();
    let mut state = serde_json::to_value(&state).unwrap();
    state["players"][0]["engineers"] = json!(vec![other; 480_000]);
    json!({"state": state}).to_string()
}

/// tests/ne1833/route_budget.rs: the adversarial state with #44 turned so that the track the
/// company reaches has an exponential number of links. Like the same-tile board, `check`
/// refuses it (tiles_over_stock), so the API answers 422 before any search.
pub(crate) fn exploding_track() -> String {
    let (mut state, _) = adversarial::adversarial_1833ne();
    state.board = serde_json::from_str::<railrules::games::kit18xx::board::BoardIds>(include_str!(
        "../../tests/data/ne1833-exploding-track-board.json"
    ))
    .unwrap()
    .on(&railrules::games::ne1833::data::components().map);
    json!({"state": state}).to_string()
}

/// The longest recorded 1833NE game (5 players, 1,021 actions) replayed from its setup.
pub(crate) fn whole_game_replay() -> String {
    let path = format!(
        "{}/examples/savegames/1833ne-greedy-5p-seed-3.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json!({"setup": save["setup"], "actions": save["actions"]}).to_string()
}

/// A 1833NE state whose map of tiles names one hex again and again, to near the body limit.
pub(crate) fn duplicate_tiles() -> String {
    let state = Ne1833::setup(&Default::default(), 1).unwrap();
    let text = json!({"state": state}).to_string();
    let marker = "\"tiles\":{";
    let at = text.find(marker).expect("a map of tiles") + marker.len();
    let entry = r#""B20":{"tile":"57","rotation":0},"#;
    let room = BODY_LIMIT - 4096 - text.len();
    let repeated = entry.repeat(room / entry.len());
    // The setup's map may be empty: the last repeat then needs no comma.
    let closing_empty = text[at..].starts_with('}');
    let repeated = if closing_empty {
        repeated.trim_end_matches(',').to_string()
    } else {
        repeated
    };
    format!("{}{repeated}{}", &text[..at], &text[at..])
}

/// Arrays a million deep (the depth limit is 64; serde's own is 127).
pub(crate) fn deep_nesting() -> String {
    format!("{{\"state\":{}}}", nested_arrays(BODY_LIMIT - 64))
}

/// A million zeros where a state belongs: the slow path's `Value` holds a million entries.
pub(crate) fn junk_array() -> String {
    let zeros = (BODY_LIMIT - 64) / 2;
    format!(
        "{{\"state\":[{}0],\"action\":{{}}}}",
        "0,".repeat(zeros - 1)
    )
}

/// A million zeros where a replay's actions belong.
pub(crate) fn junk_actions() -> String {
    let zeros = (BODY_LIMIT - 64) / 2;
    format!("{{\"actions\":[{}0]}}", "0,".repeat(zeros - 1))
}

/// An object of ~190,000 distinct unknown keys where a state belongs.
pub(crate) fn junk_keys() -> String {
    let mut out = String::from("{\"state\":{");
    let mut i = 0;
    while out.len() < BODY_LIMIT - 64 {
        out.push_str(&format!("\"k{i}\":0,"));
        i += 1;
    }
    out.pop();
    out.push_str("}}");
    out
}

/// Near-2 MiB of bytes that are not JSON (nor UTF-8 from the first high byte on).
pub(crate) fn junk_bytes() -> String {
    let mut seed: u32 = 0x2545_f491;
    let text: String = (0..BODY_LIMIT - 64)
        .map(|_| {
            // xorshift: printable noise, deterministic.
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            char::from(b'!' + (seed % 90) as u8)
        })
        .collect();
    format!("{{\"state\":{text}")
}
