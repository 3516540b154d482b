//! Exporting a save file: each action in the site's words, the settings and players as the site
//! writes them.

use super::{Seats, Title, Written};
use crate::core::Violation;
use crate::core::save::{SaveFile, SitePlayer, SiteRecord};
use crate::import::export_18xx::{seed_of, site_json};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// Why a save file could not be written as an export.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportFailure {
    /// Not a save file of this game, or its options or actions do not read.
    Malformed(String),
    SetupRefused(Vec<Violation>),
    /// Action `index` of the save is illegal.
    Illegal {
        index: usize,
        violation: Violation,
    },
    /// Action `index` has no form in the export.
    Untranslatable {
        index: usize,
        message: String,
    },
}

/// Writes a railrules save file of `G` as an 18xx.games export of its title.
pub fn export<G: Title>(save: &SaveFile) -> Result<Value, ExportFailure> {
    if save.game != G::ID || save.rules_version != G::RULES_VERSION {
        return Err(ExportFailure::Malformed(format!(
            "a save file of `{}` rules version `{}`, not of {} version {}",
            save.game,
            save.rules_version,
            G::ID,
            G::RULES_VERSION
        )));
    }
    let options: G::Options = match &save.setup.options {
        None => G::Options::default(),
        Some(v) => serde_json::from_value(v.clone())
            .map_err(|e| ExportFailure::Malformed(format!("setup.options: {e}")))?,
    };
    let actions: Vec<G::Action> = save
        .actions
        .iter()
        .enumerate()
        .map(|(i, a)| {
            serde_json::from_value(a.clone())
                .map_err(|e| ExportFailure::Malformed(format!("actions[{i}]: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let mut state = G::setup(&options, save.setup.seed).map_err(ExportFailure::SetupRefused)?;
    // An imported save names its players as the site did; another is numbered from 1.
    let seat_count = G::seats(&state).len();
    let origin = save
        .origin
        .as_ref()
        .filter(|o| o.players.len() == seat_count);
    let seats = match origin {
        Some(origin) => Seats::of_origin(&origin.players),
        None => Seats::numbered(seat_count),
    };
    let mut ledger = G::ledger(&state);
    let mut written: Vec<Written<G::Silence>> = Vec::with_capacity(actions.len());
    let mut end_reason = None;
    for (index, action) in actions.iter().enumerate() {
        let before = state.clone();
        let events = G::apply(&mut state, action)
            .map_err(|violation| ExportFailure::Illegal { index, violation })?;
        end_reason = G::end_reason(&events).or(end_reason);
        let form = G::export_action(&seats, &ledger, &before, action, &state, &events)
            .map_err(|message| ExportFailure::Untranslatable { index, message })?;
        G::observe(&mut ledger, action, Some(&site_json(&form.action)), &state);
        written.push(form);
    }
    let written = leave_out_silent::<G>(&seats, written);
    let players: Vec<Value> = match origin {
        Some(origin) => origin.players.iter().map(origin_player).collect(),
        None => G::seats(&state)
            .iter()
            .enumerate()
            .map(|(i, seat)| json!({"id": seats.entity(i), "name": serde_json::to_value(seat).unwrap_or(Value::Null)}))
            .collect(),
    };
    let settings = settings_of::<G>(save, origin, &options);
    let over = G::is_over(&state);
    let result: BTreeMap<String, i64> = if over {
        G::values(&state)
            .into_iter()
            .enumerate()
            .map(|(i, v)| (seats.key(i).to_string(), v))
            .collect()
    } else {
        BTreeMap::new()
    };
    // A game its players ended on the site is written as they ended it.
    let ended = origin.and_then(|o| o.ended.as_ref()).filter(|_| !over);
    let (result, end_reason) = match ended {
        Some(end) => (end.result.clone(), end.game_end_reason.clone()),
        None => (result, end_reason.filter(|_| over).map(str::to_string)),
    };
    Ok(json!({
        "id": origin.map_or_else(|| json!(format!("railrules_{}", save.setup.seed)), |o| o.id.clone()),
        "title": G::TITLE,
        "description": origin
            .and_then(|o| o.description.clone())
            .unwrap_or_else(|| format!("Written by railrules from a {} save file", G::ID)),
        "players": players,
        "settings": settings,
        "status": if over || ended.is_some() { "finished" } else { "active" },
        "result": result,
        "game_end_reason": end_reason,
        "actions": written,
    }))
}

/// The export's settings: the seed and options of the save, written as the record it was
/// imported from wrote them (its seed as written where it reads to the same seed).
fn settings_of<G: Title>(
    save: &SaveFile,
    origin: Option<&SiteRecord>,
    options: &G::Options,
) -> Map<String, Value> {
    let mut settings = origin.map(|o| o.settings.clone()).unwrap_or_default();
    let seed_kept = origin
        .is_some_and(|o| seed_of(&o.id, o.settings.get("seed")).ok() == Some(save.setup.seed));
    if !seed_kept {
        settings.insert("seed".to_string(), json!(save.setup.seed));
    }
    settings.insert("optional_rules".to_string(), json!([]));
    settings.extend(G::settings(options));
    settings
}

/// A player of the record a save was imported from, as the export wrote it.
fn origin_player(player: &SitePlayer) -> Value {
    match &player.id {
        Some(id) => json!({"id": id, "name": player.name}),
        None => json!({"name": player.name}),
    }
}

/// The export's actions: those a flow rule inserts again at their place are left out (decided
/// from the last action back, since that depends on the next action written); ids from 1.
fn leave_out_silent<G: Title>(seats: &Seats, written: Vec<Written<G::Silence>>) -> Vec<Value> {
    let mut kept: Vec<Value> = Vec::with_capacity(written.len());
    for form in written.into_iter().rev() {
        // Written last to first: what railrules made by itself comes after the action.
        kept.extend(form.made_after.into_iter().rev());
        let site = |i: usize| kept.get(i).map(site_json);
        let next = kept.len().checked_sub(1).and_then(site);
        let after = kept.len().checked_sub(2).and_then(site);
        let silent = form
            .silence
            .as_ref()
            .is_some_and(|s| G::reinserted(seats, s, next.as_ref(), after.as_ref()));
        if !silent {
            kept.push(form.action);
        }
        // Written last to first: the step passes come before the action.
        kept.extend(form.steps_passed.into_iter().rev());
    }
    kept.reverse();
    for (i, action) in kept.iter_mut().enumerate() {
        if let Some(object) = action.as_object_mut() {
            object.insert("id".to_string(), json!(i + 1));
        }
    }
    kept
}
