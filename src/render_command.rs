//! `railrules render FILE`: a state (or a save file's final state, or an 18xx.games export's
//! final state) drawn as SVG, to stdout; the same drawing as `POST /v1/{game}/render`.

use railrules::core::{Game, GameVisitor};
use railrules::registry::visit_games;
use serde_json::Value;

use crate::interop_command::imported;

/// The SVG of the state in `bytes`: a state (`{game, rules_version, ...}`), a save file, whose
/// recorded final `state` is drawn, or an 18xx.games export, imported and replayed first (as
/// `check` reads it). An error names what is wrong.
pub fn render(bytes: &[u8]) -> Result<String, String> {
    let json: Value = if railrules::import::is_export(bytes) {
        final_state_of_export(bytes)?
    } else {
        serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"))?
    };
    let state = match json.get("state") {
        Some(state) if json.get("actions").is_some() => state.clone(),
        _ => json,
    };
    let game = state["game"]
        .as_str()
        .ok_or("no `game` in the state (nor a save file's `state`)")?
        .to_string();
    let mut drawing = Drawing {
        game,
        state,
        result: None,
    };
    visit_games(&mut drawing);
    drawing.result.unwrap_or_else(|| {
        Err(format!(
            "unknown game `{}`; known games: {}",
            drawing.game,
            railrules::registry::game_ids().join(", ")
        ))
    })
}

/// The state an 18xx.games export ends in: imported (every action replayed) into a save file,
/// whose final state is drawn.
fn final_state_of_export(bytes: &[u8]) -> Result<Value, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    let imported = imported(text).map_err(|e| format!("18xx.games export: {e}"))?;
    imported
        .save
        .state
        .ok_or_else(|| "the imported export has no final state".to_string())
}

struct Drawing {
    game: String,
    state: Value,
    result: Option<Result<String, String>>,
}

impl GameVisitor for Drawing {
    fn visit<G: Game>(&mut self) {
        if self.game != G::ID || self.result.is_some() {
            return;
        }
        let state: G::State = match serde_json::from_value(self.state.clone()) {
            Ok(state) => state,
            Err(e) => {
                self.result = Some(Err(format!("not a {} state: {e}", G::ID)));
                return;
            }
        };
        self.result =
            Some(G::render(&state).ok_or_else(|| format!("drawing {} is not built yet", G::ID)));
    }
}
