//! `railrules render FILE`: a state (or a save file's final state) drawn as SVG, to stdout; the
//! same drawing as `POST /v1/{game}/render`.

use railrules::core::{Game, GameVisitor};
use railrules::registry::visit_games;
use serde_json::Value;

/// The SVG of the state in `bytes`: a state (`{game, rules_version, ...}`) or a save file, whose
/// recorded final `state` is drawn. An error names what is wrong.
pub fn render(bytes: &[u8]) -> Result<String, String> {
    let json: Value = serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"))?;
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
