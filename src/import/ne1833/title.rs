//! 1833NE as an importable title: the players' values, the flow rules, what the site writes that
//! railrules does not play.

use super::export::export_one;
use super::reading::translate;
use super::share_move;
use crate::core::{Checked, Game};
use crate::games::ne1833::Ne1833;
use crate::games::ne1833::action::Action;
use crate::games::ne1833::event::{EndReason, Event};
use crate::games::ne1833::ids::{Company, Seat};
use crate::games::ne1833::setup::Options;
use crate::games::ne1833::state::{Round, State};
use crate::import::export_18xx::{Export, ImportError, Played, SiteJson};
use crate::import::kit18xx::{self as kit, Ledger, Silence, error};
use crate::import::title::{Seats, Step, Title, Written};
use serde_json::{Map, Value, json};

/// The players' values: their wealth at the end, or what it would be if the game ended now
/// (1833NE gives no other account of it: ne1833::end::end_game scores the game).
fn wealth(state: &State) -> Vec<(Seat, u32)> {
    let ranking = match &state.round {
        Round::GameEnded { ranking } => ranking.clone(),
        _ => {
            let mut now = state.clone();
            crate::games::ne1833::end::end_game(&mut now, EndReason::NothingCanChange);
            match now.round {
                Round::GameEnded { ranking } => ranking,
                _ => Vec::new(),
            }
        }
    };
    ranking.iter().map(|s| (s.player, s.wealth)).collect()
}

impl Title for Ne1833 {
    const TITLE: &'static str = "1833NE";
    type Ledger = Ledger;
    type Silence = Silence<Company>;

    fn ledger(start: &State) -> Ledger {
        Ledger::of(start)
    }

    fn options(export: &Export) -> Result<Options, ImportError> {
        if let Some((i, rule)) = export.settings.optional_rules.iter().enumerate().next() {
            let why = if rule == "takeover_game" {
                "the Takeover variant is not built".to_string()
            } else {
                format!("1833NE has no optional rule `{rule}`")
            };
            return Err(error(format!("/settings/optional_rules/{i}"), why));
        }
        let players = u8::try_from(export.players.len())
            .ok()
            .filter(|n| (3..=5).contains(n))
            .ok_or_else(|| {
                error(
                    "/players",
                    format!("1833NE is for 3 to 5 players, not {}", export.players.len()),
                )
            })?;
        let mut options = json!({ "players": players });
        if let Some(provisional) = export.settings.other.get("provisional") {
            options["provisional"] = provisional.clone();
        }
        serde_json::from_value(options).map_err(|e| error("/settings/provisional", e.to_string()))
    }

    fn settings(options: &Options) -> Map<String, Value> {
        let mut settings = Map::new();
        if let Some(provisional) = &options.provisional {
            settings.insert(
                "provisional".to_string(),
                serde_json::to_value(provisional).unwrap_or(Value::Null),
            );
        }
        settings
    }

    fn import_step(
        seats: &Seats,
        ledger: &mut Ledger,
        state: &Checked<Ne1833>,
        played: &Played,
        next: Option<&Played>,
    ) -> Result<Step<Action>, ImportError> {
        let (actor, step) = kit::flow_step::<Ne1833>(seats, &mut ledger.site, state, played, next)?;
        if let Some(step) = step {
            return Ok(step);
        }
        translate(seats, ledger, state, played, actor).map(Step::Translate)
    }

    fn confirm(_ledger: &Ledger, played: &Played, after: &State) -> Result<(), ImportError> {
        kit::confirm::<Ne1833>(played, after)
    }

    fn export_action(
        seats: &Seats,
        ledger: &Ledger,
        before: &Checked<Ne1833>,
        action: &Action,
        after: &State,
        events: &[Event],
    ) -> Result<Written<Silence<Company>>, String> {
        export_one(seats, ledger, before, action, after, events)
    }

    fn reinserted(
        seats: &Seats,
        silence: &Silence<Company>,
        next: Option<&SiteJson>,
        after: Option<&SiteJson>,
    ) -> bool {
        kit::reinserted::<Ne1833>(seats, *silence, next, after)
    }

    fn observe(ledger: &mut Ledger, action: &Action, site: Option<&SiteJson>, after: &State) {
        let laid_on = match action {
            Action::LayTile { hex, .. } => Some(hex.as_str()),
            _ => None,
        };
        kit::observe::<Ne1833>(ledger, laid_on, share_move(action), site, after);
    }

    fn values(state: &State) -> Vec<i64> {
        let wealth = wealth(state);
        Ne1833::seats(state)
            .iter()
            .map(|seat| {
                wealth
                    .iter()
                    .find(|(s, _)| s == seat)
                    .map_or(0, |(_, w)| i64::from(*w))
            })
            .collect()
    }
}
