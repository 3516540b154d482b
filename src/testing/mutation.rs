//! Mutated actions: a listed action's JSON with one node changed, or another listed action's, for
//! the harness to sample unlisted actions.

use super::Choices;
use crate::core::Game;
use serde_json::Value;

/// Changes one thing in an action's JSON (a number, a string, a flag, an optional field, a
/// list): `None` when the result is not an action of the game.
pub(super) fn mutate<G: Game>(
    mut value: Value,
    legal: &[G::Action],
    history: &[Value],
    choices: &mut Choices<'_>,
) -> Option<G::Action> {
    let mut nodes = Vec::new();
    collect_nodes(&value, String::new(), &mut nodes);
    let pointer = nodes[choices.below(nodes.len())].clone();
    // Values seen in this state's actions: the ids and numbers a mutation swaps in.
    let mut pool = Vec::new();
    for listed in legal.iter().take(64) {
        collect_leaves(&serde_json::to_value(listed).ok()?, &mut pool);
    }
    history.iter().for_each(|h| collect_leaves(h, &mut pool));
    let op = choices.u8();
    let node = value.pointer_mut(&pointer)?;
    match node {
        Value::Number(n) => {
            let n = n.as_i64().unwrap_or(0);
            *node = match op % 8 {
                0 => Value::from(n.saturating_add(i64::from(op / 8 % 17) - 8)),
                1 => Value::from(n.saturating_add(5)),
                2 => Value::from(n.saturating_sub(5)),
                3 => Value::from(n.saturating_mul(2)),
                4 => Value::from(0),
                5 => Value::from(choices.u16()),
                6 => Value::from(u64::MAX),
                _ => pick(&pool, choices, |v| v.is_number())?,
            };
        }
        Value::String(s) => {
            *node = match op % 4 {
                0 => Value::from(format!("{s}{}", op / 4 % 10)),
                1 => Value::from(""),
                _ => pick(&pool, choices, |v| v.is_string())?,
            };
        }
        Value::Bool(b) => *node = Value::Bool(!*b),
        Value::Null => *node = pick(&pool, choices, |_| true)?,
        Value::Array(items) => match op % 4 {
            0 if !items.is_empty() => {
                let i = choices.below(items.len());
                items.remove(i);
            }
            1 if !items.is_empty() => {
                let i = choices.below(items.len());
                items.push(items[i].clone());
            }
            2 if items.len() > 1 => {
                let (i, j) = (choices.below(items.len()), choices.below(items.len()));
                items.swap(i, j);
            }
            _ => items.clear(),
        },
        Value::Object(map) => {
            // Drop an optional member (or, at the top, the whole action becomes another's).
            let keys: Vec<String> = map.keys().filter(|k| *k != "type").cloned().collect();
            if keys.is_empty() || op.is_multiple_of(2) {
                let other = &legal[choices.below(legal.len())];
                let mut other = serde_json::to_value(other).ok()?;
                if let (Some(o), Some(p)) = (other.as_object_mut(), map.get("player")) {
                    o.insert("player".to_string(), p.clone());
                }
                *node = other;
            } else {
                map.remove(&keys[choices.below(keys.len())]);
            }
        }
    }
    serde_json::from_value(value).ok()
}

/// `value` with every list sorted (by the members' JSON).
pub(super) fn sorted(value: Value) -> Value {
    match value {
        Value::Array(items) => {
            let mut items: Vec<Value> = items.into_iter().map(sorted).collect();
            items.sort_by_cached_key(|v| v.to_string());
            Value::Array(items)
        }
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, sorted(v))).collect()),
        other => other,
    }
}

fn pick(pool: &[Value], choices: &mut Choices<'_>, keep: impl Fn(&Value) -> bool) -> Option<Value> {
    let candidates: Vec<&Value> = pool.iter().filter(|v| keep(v)).collect();
    if candidates.is_empty() {
        return None;
    }
    Some(candidates[choices.below(candidates.len())].clone())
}

/// Every node's JSON pointer, the root included.
fn collect_nodes(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if k != "type" {
                    collect_nodes(
                        v,
                        format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                        out,
                    );
                }
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                collect_nodes(v, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// Every number and string in `value`, type tags excepted.
fn collect_leaves(value: &Value, out: &mut Vec<Value>) {
    match value {
        Value::Object(map) => map
            .iter()
            .filter(|(k, _)| *k != "type")
            .for_each(|(_, v)| collect_leaves(v, out)),
        Value::Array(items) => items.iter().for_each(|v| collect_leaves(v, out)),
        Value::Number(_) | Value::String(_) => out.push(value.clone()),
        _ => {}
    }
}
