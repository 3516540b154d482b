//! An export's log as played: the seed read from the game's id, the actions the site's undo and
//! redo left standing, each with its pointer in the export.

use super::{ImportError, Played, SiteJson, error};
use serde_json::Value;
use std::collections::HashMap;

/// The seed the engine deals a game of id `id` with: `seed` (the export's `settings.seed`),
/// else the first run of digits of the id (0 when it has none).
pub fn seed_of(id: &Value, seed: Option<&Value>) -> Result<u64, ImportError> {
    match seed {
        Some(Value::Number(n)) => n
            .as_u64()
            .ok_or_else(|| error("/settings/seed", format!("seed {n} is not a whole number"))),
        Some(Value::String(s)) if !s.is_empty() => s
            .parse()
            .map_err(|_| error("/settings/seed", format!("seed {s:?} is not a number"))),
        None | Some(Value::Null) | Some(Value::String(_)) => Ok(first_digits(id)),
        Some(other) => Err(error(
            "/settings/seed",
            format!("seed {other} is neither a number nor a string"),
        )),
    }
}

/// The actions the engine plays of the raw log `log` (an export's `actions`), moved out of it.
pub fn played_from(mut log: Vec<SiteJson<'_>>) -> Result<Vec<Played<'_>>, ImportError> {
    let standing = standing_actions(&log)?;
    let mut played = Vec::with_capacity(standing.len());
    for index in standing {
        push_played(&mut played, index, std::mem::take(&mut log[index]))?;
    }
    Ok(played)
}

/// Adds the action at `index` of the raw log (unless it only programs) and its
/// `auto_actions` after it.
pub(super) fn push_played<'a>(
    played: &mut Vec<Played<'a>>,
    index: usize,
    mut action: SiteJson<'a>,
) -> Result<(), ImportError> {
    let pointer = action_pointer(index);
    let autos = match &mut action {
        SiteJson::Object(object) => object.get_mut("auto_actions").map(std::mem::take),
        _ => None,
    };
    let autos = match autos {
        None | Some(SiteJson::Null) => Vec::new(),
        Some(SiteJson::Array(autos)) => autos,
        Some(_) => {
            return Err(error(
                format!("{pointer}/auto_actions"),
                "auto_actions is not a list",
            ));
        }
    };
    let plays = !is_programming(&action);
    if autos.is_empty() {
        if plays {
            played.push(Played { pointer, action });
        }
        return Ok(());
    }
    if plays {
        played.push(Played {
            pointer: pointer.clone(),
            action,
        });
    }
    for (i, auto) in autos.into_iter().enumerate() {
        played.push(Played {
            pointer: format!("{pointer}/auto_actions/{i}"),
            action: auto,
        });
    }
    Ok(())
}

/// `/actions/{index}`, written without the formatting machinery (once per action of the log).
pub(super) fn action_pointer(index: usize) -> String {
    const PREFIX: &str = "/actions/";
    let mut digits = [0u8; 20];
    let mut n = index;
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let mut pointer = String::with_capacity(PREFIX.len() + digits.len() - start);
    pointer.push_str(PREFIX);
    pointer.extend(digits[start..].iter().map(|&d| char::from(d)));
    pointer
}

/// The first run of digits in the game's id, as the engine takes it for a seed.
fn first_digits(id: &Value) -> u64 {
    let text = match id {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let digits: String = text
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    // The engine reads it as an integer of any size; longer runs than a u64 do not occur.
    digits.parse().unwrap_or(0)
}

fn kind<'a>(action: &'a SiteJson<'a>) -> &'a str {
    action.get("type").as_str().unwrap_or("")
}

fn is_programming(action: &SiteJson) -> bool {
    kind(action).starts_with("program_")
}

/// The indices of the raw log's actions still standing once every `undo` and `redo` is taken
/// into account, messages left out. Every action needs a `type`.
///
/// Linear in the log, however it undoes: what stands is a prefix `live[..standing]` of the game
/// actions in log order. An `undo` takes back a suffix of it (those at or after its target),
/// a `redo` gives back the suffix the latest `undo` took (no game action came between, or
/// there is nothing to redo), so each only moves the prefix's end; a new game action drops
/// what could have been redone and comes last.
pub(super) fn standing_actions(log: &[SiteJson]) -> Result<Vec<usize>, ImportError> {
    let mut live: Vec<usize> = Vec::with_capacity(log.len());
    let mut standing: usize = 0;
    // The prefix's end before each `undo` not yet redone, latest last.
    let mut undone: Vec<usize> = Vec::new();
    // Where each action id first stands in the log, made at the first undo that names one.
    let mut ids: Option<HashMap<u64, usize>> = None;
    for (index, action) in log.iter().enumerate() {
        // Written only for an error.
        let pointer = || format!("/actions/{index}");
        match action.get("type").as_str() {
            None => {
                return Err(error(
                    format!("{}/type", pointer()),
                    "an action without a type",
                ));
            }
            Some("message") => {}
            Some("undo") => {
                let from = match action.get("action_id") {
                    // The last action still standing.
                    SiteJson::Null => standing.saturating_sub(1),
                    id => {
                        let from = undo_target(log, &mut ids, id, &pointer())?;
                        live[..standing].partition_point(|&i| i < from)
                    }
                };
                undone.push(standing);
                standing = from;
            }
            Some("redo") => {
                let Some(end) = undone.pop() else {
                    return Err(error(pointer(), "a redo with nothing undone to redo"));
                };
                standing = end;
            }
            Some(_) => {
                // A new action: what was undone can no longer be redone.
                undone.clear();
                live.truncate(standing);
                live.push(index);
                standing += 1;
            }
        }
    }
    live.truncate(standing);
    Ok(live)
}

/// Where an `undo` naming `id` (its `action_id`) takes back from: the start for 0, else just
/// after the first action of the log with that id.
fn undo_target(
    log: &[SiteJson],
    ids: &mut Option<HashMap<u64, usize>>,
    id: &SiteJson,
    pointer: &str,
) -> Result<usize, ImportError> {
    let Some(wanted) = id.as_u64() else {
        return Err(error(
            format!("{pointer}/action_id"),
            format!("an undo to action {id}, which is not an action id"),
        ));
    };
    if wanted == 0 {
        return Ok(0);
    }
    let ids = ids.get_or_insert_with(|| {
        let mut first = HashMap::with_capacity(log.len());
        for (i, a) in log.iter().enumerate() {
            if let Some(n) = a.get("id").as_u64() {
                first.entry(n).or_insert(i);
            }
        }
        first
    });
    ids.get(&wanted).map(|&i| i + 1).ok_or_else(|| {
        error(
            format!("{pointer}/action_id"),
            format!("an undo to action {id}, which the log does not have"),
        )
    })
}
