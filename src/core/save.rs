//! Save files: `{game, rules_version, setup: {options, seed}, actions, state?, origin?}`.
//! Checking one replays its actions from setup and compares the final state if recorded.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

use super::{Checked, Game, Replay, Violation, replay};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    pub game: String,
    pub rules_version: String,
    pub setup: SaveSetup,
    pub actions: Vec<Value>,
    /// The final state as recorded; compared with the replayed one when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<Value>,
    /// The record of another site this save was read from, as far as the game does not carry
    /// it (`railrules import` writes it; `export` writes it back).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<SiteRecord>,
}

/// What a site's record of a game names that the game's rules do not: the record's id and
/// description and each player's id and name, in seat order. Checking a save ignores it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteRecord {
    /// The site's id of the game (18xx.games: a number, or a string for hotseat games).
    pub id: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The players in seat order, as the site names them.
    pub players: Vec<SitePlayer>,
    /// The record's settings as written: its seed as written (or its absence), and what the
    /// game does not read (`unlisted`, `auto_routing`, ...).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub settings: Map<String, Value>,
    /// The end the site recorded where the rules had not ended the game (its players ended
    /// it: `manually_ended`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<SiteEnd>,
}

/// A game's end as a site recorded it: why, and each player's value by the site's key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteEnd {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_end_reason: Option<String>,
    #[serde(default)]
    pub result: BTreeMap<String, i64>,
}

/// A player of a site's record: its id there (absent for some hotseat players) and name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SitePlayer {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
    pub name: String,
}

impl SaveFile {
    /// The save file as railrules writes it: one field a line, the setup on its line, each
    /// action on a line of its own (a diff of two saves shows the actions that differ), and the
    /// final state indented.
    pub fn to_text(&self) -> Result<String, serde_json::Error> {
        let line = serde_json::to_string::<String>;
        let mut text = String::from("{\n");
        text += &format!("  \"game\": {},\n", line(&self.game)?);
        text += &format!("  \"rules_version\": {},\n", line(&self.rules_version)?);
        text += &format!("  \"setup\": {},\n", serde_json::to_string(&self.setup)?);
        let actions: Vec<String> = self
            .actions
            .iter()
            .map(|a| serde_json::to_string(a).map(|a| format!("    {a}")))
            .collect::<Result<_, _>>()?;
        if actions.is_empty() {
            text += "  \"actions\": []";
        } else {
            text += &format!("  \"actions\": [\n{}\n  ]", actions.join(",\n"));
        }
        if let Some(state) = &self.state {
            let state = serde_json::to_string_pretty(state)?.replace('\n', "\n  ");
            text += &format!(",\n  \"state\": {state}");
        }
        if let Some(origin) = &self.origin {
            text += &format!(",\n  \"origin\": {}", serde_json::to_string(origin)?);
        }
        text += "\n}\n";
        Ok(text)
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveSetup {
    #[serde(default)]
    pub options: Option<Value>,
    #[serde(default)]
    pub seed: u64,
}

/// What checking a save file found. In JSON (`railrules check --format json`), tagged by
/// `verdict`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum SaveVerdict {
    /// Every action legal, and the recorded final state (if any) matches.
    Valid {
        actions: usize,
        final_state_compared: bool,
    },
    /// The file is not a save file of a known game and version.
    Malformed { problem: String },
    /// Setup with the recorded options failed.
    SetupRefused { violations: Vec<Violation> },
    /// Action `index` (0-based) is illegal.
    IllegalAction {
        index: usize,
        action: Value,
        violation: Violation,
    },
    /// Every action legal, but the recorded final state differs at `pointer`.
    FinalStateDiffers {
        /// The actions replayed (all of them).
        actions: usize,
        pointer: String,
        recorded: Value,
        replayed: Value,
    },
}

impl SaveVerdict {
    pub fn is_valid(&self) -> bool {
        matches!(self, SaveVerdict::Valid { .. })
    }
}

/// A save file as read for checking: the actions and the final state kept as text, each read
/// once into the game's own types (building `Value`s first would cost more than the replay).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveText<'a> {
    pub game: String,
    pub rules_version: String,
    pub setup: SaveSetup,
    #[serde(borrow)]
    pub actions: Vec<&'a RawValue>,
    #[serde(default, borrow)]
    pub state: Option<&'a RawValue>,
    /// Not checked: the site a save was imported from ([`SiteRecord`]).
    #[serde(default, borrow, rename = "origin")]
    pub _origin: Option<&'a RawValue>,
}

/// Reads a save file's bytes, not yet as any game's (the registry dispatches by its `game`);
/// what is wrong with them otherwise, as a [`SaveVerdict::Malformed`] problem.
pub fn read(bytes: &[u8]) -> Result<SaveText<'_>, String> {
    serde_json::from_slice(bytes).map_err(|e| format!("not a save file: {e}"))
}

/// Checks a save file given as bytes as a save file of `G`.
pub fn check_save_of<G: Game>(bytes: &[u8]) -> SaveVerdict {
    match read(bytes) {
        Ok(save) => check_game::<G>(&save),
        Err(problem) => SaveVerdict::Malformed { problem },
    }
}

/// A save file's dealt state and its actions, read.
pub type Start<G> = (Checked<G>, Vec<<G as Game>::Action>);

/// A save file's start as one of `G`: its game and rules version checked, its options read and
/// dealt, and its actions read; or the verdict that stops it there.
pub fn start_of<G: Game>(save: &SaveText) -> Result<Start<G>, Box<SaveVerdict>> {
    if save.game != G::ID {
        return Err(Box::new(SaveVerdict::Malformed {
            problem: format!("the save file is of `{}`, not of {}", save.game, G::ID),
        }));
    }
    if save.rules_version != G::RULES_VERSION {
        return Err(Box::new(SaveVerdict::Malformed {
            problem: format!(
                "the save file is for {} rules version `{}`; this build implements `{}`",
                G::ID,
                save.rules_version,
                G::RULES_VERSION
            ),
        }));
    }
    let options: G::Options = match &save.setup.options {
        None => G::Options::default(),
        // Serde would also take the options as an array of their fields; the format says object.
        Some(v) if !v.is_object() => {
            return Err(Box::new(SaveVerdict::Malformed {
                problem: "setup.options: must be an object".to_string(),
            }));
        }
        Some(v) => match serde_json::from_value(v.clone()) {
            Ok(o) => o,
            Err(e) => {
                return Err(Box::new(SaveVerdict::Malformed {
                    problem: format!("setup.options: {e}"),
                }));
            }
        },
    };
    let mut actions = Vec::with_capacity(save.actions.len());
    for (i, a) in save.actions.iter().enumerate() {
        match serde_json::from_str::<G::Action>(a.get()) {
            Ok(a) => actions.push(a),
            Err(e) => {
                return Err(Box::new(SaveVerdict::Malformed {
                    problem: format!("actions[{i}] is not a {} action: {e}", G::ID),
                }));
            }
        }
    }
    let state = match G::setup(&options, save.setup.seed) {
        Ok(s) => s,
        Err(violations) => return Err(Box::new(SaveVerdict::SetupRefused { violations })),
    };
    Ok((state, actions))
}

/// Checks a save file read by [`read`] as one of `G`: its game and rules version, its
/// options, every action replayed from setup, and the final state if recorded.
pub fn check_game<G: Game>(save: &SaveText) -> SaveVerdict {
    let (state, actions) = match start_of::<G>(save) {
        Ok(start) => start,
        Err(verdict) => return *verdict,
    };
    match replay::<G>(state, &actions) {
        Replay::Refused {
            index, violation, ..
        } => SaveVerdict::IllegalAction {
            index,
            action: serde_json::from_str(save.actions[index].get()).unwrap_or(Value::Null),
            violation,
        },
        Replay::Completed { state, .. } => {
            let Some(recorded) = &save.state else {
                return SaveVerdict::Valid {
                    actions: actions.len(),
                    final_state_compared: false,
                };
            };
            // Read as a state, the recorded one is the same state or not; only a difference
            // is looked for in the JSON, to name where it is.
            if serde_json::from_str::<G::State>(recorded.get()).is_ok_and(|r| r == state) {
                return SaveVerdict::Valid {
                    actions: actions.len(),
                    final_state_compared: true,
                };
            }
            let recorded: Value = serde_json::from_str(recorded.get()).unwrap_or(Value::Null);
            let replayed = serde_json::to_value(&state).unwrap_or(Value::Null);
            match first_difference(&recorded, &replayed, String::new()) {
                None => SaveVerdict::Valid {
                    actions: actions.len(),
                    final_state_compared: true,
                },
                Some((pointer, recorded, replayed)) => SaveVerdict::FinalStateDiffers {
                    actions: actions.len(),
                    pointer,
                    recorded,
                    replayed,
                },
            }
        }
    }
}

/// The JSON pointer of the first place where two values differ, with both sides.
pub fn first_difference(a: &Value, b: &Value, at: String) -> Option<(String, Value, Value)> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| {
                let path = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
                match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => first_difference(p, q, path),
                    (p, q) => Some((
                        path,
                        p.cloned().unwrap_or(Value::Null),
                        q.cloned().unwrap_or(Value::Null),
                    )),
                }
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (p, q))| first_difference(p, q, format!("{at}/{i}"))),
        _ if a == b => None,
        _ => Some((at, a.clone(), b.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn first_difference_names_the_pointer() {
        let a = json!({"players": [{"cash": 200}, {"cash": 180}]});
        let b = json!({"players": [{"cash": 200}, {"cash": 190}]});
        let (p, x, y) = first_difference(&a, &b, String::new()).unwrap();
        assert_eq!(p, "/players/1/cash");
        assert_eq!((x, y), (json!(180), json!(190)));
        assert!(first_difference(&a, &a, String::new()).is_none());
    }
}
