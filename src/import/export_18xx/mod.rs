//! An 18xx.games export, read as its engine reads it (issue 19, item 3).
//!
//! The export is the site's JSON record of a game: `id`, `title`, `players` (`id`, `name`),
//! `settings` (`seed`, `optional_rules`), `actions` (the raw log, undone actions included),
//! `result` (each player's final value, by player id), `status`, `game_end_reason`. What the
//! engine plays is not the raw log:
//! - `undo` takes back the actions since the last one still standing (or, with `action_id`,
//!   every action after that one; `action_id: 0`, every action); `redo` puts back what the
//!   latest `undo` took, as long as no other action came between; a `message` is never undone
//!   and plays no part in the game;
//! - an action's `auto_actions` are played right after it (the passes and buys a player
//!   programmed, recorded when they happened);
//! - a `program_*` action only sets what later `auto_actions` do, which the log records: it
//!   plays no part itself, but its own `auto_actions` do.
//!
//! The seed of the game's randomness is `settings.seed`, or, when it is missing or empty (games
//! created without one), the first run of digits in the game's `id`.
//!
//! The actions are read in place ([`SiteJson`]): their strings are borrowed from the export's
//! text and their objects kept as lists, so an export is read without copying each name and
//! key (reading actions into `serde_json::Value` took about 40% of a check).

use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

mod played;

pub use played::*;

/// The most actions an export may hold: the longest real 1846 games have about 600, with
/// their undos.
pub const MAX_ACTIONS: usize = 20_000;

/// One JSON value of an export's log, borrowed from the export's text: a field that is missing
/// reads as `null` (`action.get("entity")`).
pub type SiteJson<'a> = serde_json_borrow::Value<'a>;

/// An 18xx.games export, its actions borrowed from the text it was read from.
#[derive(Debug, Clone, Deserialize)]
pub struct Export<'a> {
    /// A number for games on the site, a string (`hs_...`) for hotseat games.
    pub id: Value,
    pub title: String,
    #[serde(default)]
    pub description: Option<String>,
    pub players: Vec<ExportPlayer>,
    #[serde(default)]
    pub settings: Settings,
    #[serde(borrow, deserialize_with = "site_actions")]
    pub actions: Vec<SiteJson<'a>>,
    /// Each player's final value, by player id (as a string); empty for an unfinished game.
    #[serde(default)]
    pub result: BTreeMap<String, i64>,
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub game_end_reason: Option<String>,
}

/// The field `name` of `value`, if it is an object that has it (`null` is there, and given).
pub fn member<'v, 'a>(value: &'v SiteJson<'a>, name: &str) -> Option<&'v SiteJson<'a>> {
    match value {
        SiteJson::Object(object) => object.get(name),
        _ => None,
    }
}

/// `value` as the export's JSON, borrowing its strings. Not the crate's own `From`: that one
/// makes every integer a signed one, which `as_u64` then refuses (serde_json_borrow 0.9), so a
/// `percent` of 10 would read as missing.
pub fn site_json(value: &serde_json::Value) -> SiteJson<'_> {
    use serde_json::Value as V;
    match value {
        V::Null => SiteJson::Null,
        V::Bool(b) => SiteJson::Bool(*b),
        V::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => SiteJson::from(u),
            (None, Some(i)) => SiteJson::from(i),
            (None, None) => SiteJson::from(n.as_f64().unwrap_or(0.0)),
        },
        V::String(s) => SiteJson::from(s.as_str()),
        V::Array(items) => SiteJson::Array(items.iter().map(site_json).collect()),
        V::Object(fields) => SiteJson::Object(
            fields
                .iter()
                .map(|(k, v)| (k.as_str(), site_json(v)))
                .collect(),
        ),
    }
}

/// The raw log, at most [`MAX_ACTIONS`] long, borrowing from the text.
fn site_actions<'de: 'a, 'a, D: Deserializer<'de>>(d: D) -> Result<Vec<SiteJson<'a>>, D::Error> {
    // Read at the text's own lifetime, then narrowed to the export's (a value is covariant).
    let actions: Vec<Site<'de>> = crate::core::bounded::vec::<_, _, MAX_ACTIONS>(d)?;
    Ok(actions.into_iter().map(|site| site.0).collect())
}

/// A [`SiteJson`] read as the crate reads one, but with room for a site action's fields from
/// the start: serde_json tells no object's size, and an action's object grown field by field
/// from nothing was moved three times over (a tenth of reading an export).
struct Site<'a>(SiteJson<'a>);

/// Room made at first for an object's fields (an action has about eight) and a list's items.
const FIELDS: usize = 8;
const ITEMS: usize = 4;

impl<'de> Deserialize<'de> for Site<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::{MapAccess, SeqAccess, Visitor};
        use std::borrow::Cow;

        struct SiteVisitor;

        impl<'de> Visitor<'de> for SiteVisitor {
            type Value = Site<'de>;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Site<'de>, E> {
                Ok(Site(SiteJson::Bool(v)))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Site<'de>, E> {
                Ok(Site(SiteJson::from(v)))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Site<'de>, E> {
                Ok(Site(SiteJson::from(v)))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Site<'de>, E> {
                Ok(Site(SiteJson::from(v)))
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Site<'de>, E> {
                Ok(Site(SiteJson::Str(Cow::Borrowed(v))))
            }
            fn visit_str<E>(self, v: &str) -> Result<Site<'de>, E> {
                Ok(Site(SiteJson::Str(Cow::Owned(v.to_owned()))))
            }
            fn visit_string<E>(self, v: String) -> Result<Site<'de>, E> {
                Ok(Site(SiteJson::Str(Cow::Owned(v))))
            }
            fn visit_unit<E>(self) -> Result<Site<'de>, E> {
                Ok(Site(SiteJson::Null))
            }
            fn visit_none<E>(self) -> Result<Site<'de>, E> {
                Ok(Site(SiteJson::Null))
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Site<'de>, D::Error> {
                Site::deserialize(d)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Site<'de>, A::Error> {
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(ITEMS));
                while let Some(Site(item)) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Site(SiteJson::Array(items)))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Site<'de>, A::Error> {
                let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(FIELDS));
                while let Some((key, Site(value))) = map.next_entry::<&'de str, Site<'de>>()? {
                    fields.push((key, value));
                }
                Ok(Site(SiteJson::Object(fields.into())))
            }
        }

        deserializer.deserialize_any(SiteVisitor)
    }
}

/// A seat of the export: the site's user id (a number), or in hotseat games a name; a player
/// without an id is known by name, as the engine knows them.
#[derive(Debug, Clone, Deserialize)]
pub struct ExportPlayer {
    #[serde(default)]
    pub id: Option<Value>,
    pub name: String,
}

impl ExportPlayer {
    /// How actions and the result name this player: its id, else its name.
    pub fn key(&self) -> String {
        player_key(self.id.as_ref(), &self.name)
    }
}

/// How actions and the result name a player of id `id` and name `name`: its id, else its name.
pub fn player_key(id: Option<&Value>, name: &str) -> String {
    match id {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => name.to_string(),
        Some(other) => other.to_string(),
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct Settings {
    #[serde(default)]
    pub seed: Option<Value>,
    #[serde(default)]
    pub optional_rules: Vec<String>,
    /// Every other setting, as the title reads it (railrules' 1833NE writes `provisional`).
    #[serde(flatten)]
    pub other: serde_json::Map<String, Value>,
}

/// Why an export cannot be read; `index` is the action's place in the raw log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    /// A JSON pointer into the export.
    pub pointer: String,
    pub message: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at {})", self.message, self.pointer)
    }
}

impl std::error::Error for ImportError {}

fn error(pointer: impl Into<String>, message: impl Into<String>) -> ImportError {
    ImportError {
        pointer: pointer.into(),
        message: message.into(),
    }
}

/// An action the engine plays, with where it stands in the raw log.
#[derive(Debug, Clone, PartialEq)]
pub struct Played<'a> {
    /// The JSON pointer of the action in the export (`/actions/12`, or
    /// `/actions/12/auto_actions/0` for an automatic one).
    pub pointer: String,
    pub action: SiteJson<'a>,
}

impl<'a> Export<'a> {
    /// Reads an export; a body that is not one is refused with serde's words and pointer.
    pub fn parse(text: &'a str) -> Result<Export<'a>, ImportError> {
        // Read without tracking the path first (the tracking costs more than the reading);
        // only a body that does not read is read again, for the pointer of its fault.
        if let Ok(export) = serde_json::from_str(text) {
            return Ok(export);
        }
        let deserializer = &mut serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(deserializer).map_err(|e| {
            let pointer = crate::core::pointer::pointer_of(e.path());
            error(pointer, e.inner().to_string())
        })
    }

    /// The seed the engine deals the game with ([`seed_of`]).
    pub fn seed(&self) -> Result<u64, ImportError> {
        seed_of(&self.id, self.settings.seed.as_ref())
    }

    /// The settings as the export writes them (`optional_rules` always written).
    pub fn settings_written(&self) -> serde_json::Map<String, Value> {
        let mut settings = self.settings.other.clone();
        if let Some(seed) = &self.settings.seed {
            settings.insert("seed".to_string(), seed.clone());
        }
        settings.insert(
            "optional_rules".to_string(),
            Value::from(self.settings.optional_rules.clone()),
        );
        settings
    }

    /// The actions the engine plays, in order (see the module's documentation).
    pub fn played(&self) -> Result<Vec<Played<'a>>, ImportError> {
        let standing = standing_actions(&self.actions)?;
        let mut played = Vec::with_capacity(standing.len());
        for index in standing {
            push_played(&mut played, index, self.actions[index].clone())?;
        }
        Ok(played)
    }

    /// [`Export::played`], the actions moved out of the export rather than copied (its
    /// `actions` are left empty): for a caller done with the raw log.
    pub fn take_played(&mut self) -> Result<Vec<Played<'a>>, ImportError> {
        played_from(std::mem::take(&mut self.actions))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_actions_pointer_is_its_index_in_the_log() {
        for index in [0, 7, 10, 99, 100, 12_345, usize::MAX] {
            assert_eq!(super::action_pointer(index), format!("/actions/{index}"));
        }
    }

    use super::*;
    use serde_json::json;

    /// An export read from JSON (its text kept for the test's run, as the export borrows it).
    fn read(export: Value) -> Export<'static> {
        Export::parse(Box::leak(export.to_string().into_boxed_str())).unwrap()
    }

    fn export(actions: Value) -> Export<'static> {
        read(json!({
            "id": 7, "title": "1846", "players": [], "actions": actions
        }))
    }

    fn played_ids(actions: Value) -> Vec<i64> {
        export(actions)
            .played()
            .unwrap()
            .iter()
            .map(|p| p.action.get("id").as_i64().unwrap_or(-1))
            .collect()
    }

    fn a(id: i64, kind: &str) -> Value {
        json!({"type": kind, "id": id})
    }

    #[test]
    fn a_value_made_here_reads_as_the_same_value_read_from_text() {
        let made = json!({"percent": 10, "price": -5, "ratio": 0.5, "name": "B&L", "ids": [1, 2]});
        let text = made.to_string();
        let read: SiteJson = serde_json::from_str(&text).unwrap();
        let converted = site_json(&made);
        assert_eq!(member(&converted, "percent").unwrap().as_u64(), Some(10));
        assert_eq!(member(&converted, "price").unwrap().as_i64(), Some(-5));
        assert_eq!(converted, read);
    }

    #[test]
    fn an_undo_takes_back_the_last_action_standing_and_a_redo_puts_it_back() {
        let log = json!([a(1, "bid"), a(2, "pass"), a(3, "undo"), a(4, "bid")]);
        assert_eq!(played_ids(log), [1, 4]);
        let log = json!([
            a(1, "bid"),
            a(2, "pass"),
            a(3, "undo"),
            a(4, "redo"),
            a(5, "par")
        ]);
        assert_eq!(played_ids(log), [1, 2, 5]);
        // Two undos, one redo: the second undo's action comes back, the first's does not.
        let log = json!([
            a(1, "bid"),
            a(2, "pass"),
            a(3, "undo"),
            a(4, "undo"),
            a(5, "redo")
        ]);
        assert_eq!(played_ids(log), [1]);
    }

    #[test]
    fn an_undo_to_an_action_id_takes_back_everything_after_it() {
        let undo_to = |id: i64| json!({"type": "undo", "id": 9, "action_id": id});
        let log = json!([a(1, "bid"), a(2, "pass"), a(3, "par"), undo_to(1)]);
        assert_eq!(played_ids(log), [1]);
        let log = json!([a(1, "bid"), a(2, "pass"), undo_to(0), a(10, "bid")]);
        assert_eq!(played_ids(log), [10]);
        let log = json!([a(1, "bid"), undo_to(5)]);
        let problem = export(log).played().unwrap_err();
        assert_eq!(problem.pointer, "/actions/1/action_id");
    }

    #[test]
    fn messages_are_never_undone_nor_played() {
        // The undo skips the message and takes back the pass.
        let log = json!([a(1, "bid"), a(2, "pass"), a(3, "message"), a(4, "undo")]);
        assert_eq!(played_ids(log), [1]);
    }

    #[test]
    fn a_new_action_after_an_undo_forbids_the_redo() {
        let log = json!([a(1, "bid"), a(2, "undo"), a(3, "pass"), a(4, "redo")]);
        let problem = export(log).played().unwrap_err();
        assert_eq!(problem.pointer, "/actions/3");
    }

    #[test]
    fn auto_actions_are_played_after_their_action_and_programming_is_not() {
        let log = json!([
            {"type": "buy_shares", "id": 1, "auto_actions": [{"type": "pass"}]},
            {"type": "program_share_pass", "id": 2, "auto_actions": [{"type": "pass", "entity": 5}]},
            a(3, "par"),
        ]);
        let played = export(log).played().unwrap();
        let pointers: Vec<&str> = played.iter().map(|p| p.pointer.as_str()).collect();
        assert_eq!(
            pointers,
            [
                "/actions/0",
                "/actions/0/auto_actions/0",
                "/actions/1/auto_actions/0",
                "/actions/2"
            ]
        );
        // Moved out of the action that carried them (left `null`).
        assert!(played[0].action.get("auto_actions").is_null());
    }

    #[test]
    fn the_seed_is_the_settings_seed_or_the_first_digits_of_the_id() {
        let with = |id: Value, settings: Value| -> Export {
            read(json!({
                "id": id, "title": "1846", "players": [], "actions": [], "settings": settings
            }))
        };
        assert_eq!(with(json!(3099), json!({"seed": 3099})).seed(), Ok(3099));
        assert_eq!(with(json!(1), json!({"seed": "42"})).seed(), Ok(42));
        assert_eq!(
            with(json!("hs_sudambau_1600037415"), json!({"seed": ""})).seed(),
            Ok(1_600_037_415)
        );
        assert_eq!(with(json!("hs_x9y_12"), json!({})).seed(), Ok(9));
        assert_eq!(with(json!("hs_none"), json!({})).seed(), Ok(0));
        assert!(with(json!(1), json!({"seed": [1]})).seed().is_err());
    }

    #[test]
    fn an_action_without_a_type_is_named() {
        let problem = export(json!([a(1, "bid"), {"id": 2}]))
            .played()
            .unwrap_err();
        assert_eq!(problem.pointer, "/actions/1/type");
    }

    /// Undos nest and redos give back in turn; an undo to an action id takes back what stands
    /// after that action; an id that is no whole number is refused at the undo's field.
    #[test]
    fn undos_nest_and_redos_give_back_in_turn() {
        let undo_to = |id: i64| json!({"type": "undo", "action_id": id});
        let log = json!([
            a(1, "pass"),
            a(2, "pass"),
            a(3, "pass"),
            a(4, "pass"),
            undo_to(2),
            a(6, "undo"),
            json!({"type": "redo"}),
            json!({"type": "redo"}),
            undo_to(0),
            json!({"type": "redo"}),
            undo_to(3),
            a(12, "pass")
        ]);
        assert_eq!(played_ids(log), vec![1, 2, 3, 12]);
        let log = json!([
            a(1, "pass"),
            undo_to(0),
            a(3, "pass"),
            json!({"type": "redo"})
        ]);
        assert!(
            export(log).played().is_err(),
            "a new action drops what was undone"
        );
        let log = json!([a(1, "pass"), {"type": "undo", "action_id": "1"}]);
        assert_eq!(
            export(log).played().unwrap_err().pointer,
            "/actions/1/action_id"
        );
    }
}
