//! 1846 as an importable title: the flow rules, the figures compared with a trace, what the site
//! writes that railrules does not play.

use super::export::{export_one, receivership_discard};
use super::reading::translate;
use super::{FIRST_EDITION, PRINTED_CITY_TILES, rule, share_move};
use crate::core::{Checked, Game};
use crate::games::g1846::G1846;
use crate::games::g1846::action::Action;
use crate::games::g1846::event::Event;
use crate::games::g1846::ids::{Company, Private};
use crate::games::g1846::setup::Options;
use crate::games::g1846::state::State;
use crate::games::kit18xx::operating_round::EndReason;
use crate::games::kit18xx::shares::Shares as _;
use crate::import::export_18xx::{Export, ImportError, Played, SiteJson};
use crate::import::kit18xx::{self as kit, Actor, Family, Ledger, Silence, error, kind_of};
use crate::import::title::{Seats, Step, Title, Written};
use crate::import::trace::Figures;
use serde_json::{Map, Value, json};

impl Title for G1846 {
    const TITLE: &'static str = "1846";
    type Ledger = Ledger;
    type Silence = Silence<Company>;

    fn ledger(start: &State) -> Ledger {
        let mut ledger = Ledger::of(start);
        for (hex, tile) in PRINTED_CITY_TILES {
            ledger.tiles.insert(hex.to_string(), tile.to_string());
        }
        ledger
    }

    fn options(export: &Export) -> Result<Options, ImportError> {
        let mut first_edition = false;
        for (i, rule) in export.settings.optional_rules.iter().enumerate() {
            if rule == FIRST_EDITION {
                first_edition = true;
            } else {
                return Err(error(
                    format!("/settings/optional_rules/{i}"),
                    format!("1846's optional rule `{rule}` is not built"),
                ));
            }
        }
        let players = u8::try_from(export.players.len())
            .ok()
            .filter(|n| (3..=5).contains(n))
            .ok_or_else(|| {
                error(
                    "/players",
                    format!("1846 is for 3 to 5 players, not {}", export.players.len()),
                )
            })?;
        Ok(Options {
            players,
            first_edition,
        })
    }

    fn settings(options: &Options) -> Map<String, Value> {
        let mut settings = Map::new();
        let rules: Vec<&str> = if options.first_edition {
            vec![FIRST_EDITION]
        } else {
            vec![]
        };
        settings.insert("optional_rules".to_string(), json!(rules));
        settings
    }

    fn import_step(
        seats: &Seats,
        ledger: &mut Ledger,
        state: &Checked<G1846>,
        played: &Played,
        next: Option<&Played>,
    ) -> Result<Step<Action>, ImportError> {
        if kind_of(&played.action) == "discard_train"
            && let Some(drop) = receivership_discard(seats, state, played)?
        {
            return Ok(drop);
        }
        if matches!(kind_of(&played.action), "log" | "end_game") {
            return Ok(Step::Drop(if kind_of(&played.action) == "log" {
                rule::LOG
            } else {
                rule::END_GAME
            }));
        }
        // The site's operating round waits at its start for a player-owned Steamboat (g_1846
        // `Assign#blocking_for_steamboat?`, `Round::Operating#after_setup`): its assign or pass
        // comes before the first operator's skipped steps.
        if crate::games::g1846::turns::steamboat_owner_at_round_start(state).is_some() {
            let actor = kit::actor::<G1846>(seats, &played.action, &played.pointer)?;
            if actor == Actor::Private(Private::Sc) {
                if kind_of(&played.action) == "pass" {
                    return Ok(Step::Drop(<G1846 as Family>::FLOW.step_pass));
                }
                return translate(seats, ledger, state, played, actor);
            }
        }
        let (actor, step) = kit::flow_step::<G1846>(seats, &mut ledger.site, state, played, next)?;
        if let Some(step) = step {
            return Ok(step);
        }
        translate(seats, ledger, state, played, actor)
    }

    /// The site's stock round passes for the players left nothing to do right after the last
    /// action (rule nothing-to-do), which may end the round and start an operating round; in
    /// an operating round it makes a minor's dividend and ends a turn left nothing by itself.
    fn after_last(
        seats: &Seats,
        ledger: &Ledger,
        state: &Checked<G1846>,
    ) -> Option<(Action, &'static str)> {
        kit::pass_at_the_end::<G1846>(state)
            .or_else(|| kit::site_goes_on_at_the_end::<G1846>(seats, &ledger.site, state))
    }

    fn confirm(_ledger: &Ledger, played: &Played, after: &State) -> Result<(), ImportError> {
        kit::confirm::<G1846>(played, after)
    }

    fn export_action(
        seats: &Seats,
        ledger: &Ledger,
        before: &Checked<G1846>,
        action: &Action,
        after: &State,
        events: &[Event],
    ) -> Result<Written<Self::Silence>, String> {
        export_one(seats, ledger, before, action, after, events)
    }

    fn reinserted(
        seats: &Seats,
        silence: &Self::Silence,
        next: Option<&SiteJson>,
        after: Option<&SiteJson>,
    ) -> bool {
        kit::reinserted::<G1846>(seats, *silence, next, after)
    }

    fn observe(ledger: &mut Ledger, action: &Action, site: Option<&SiteJson>, after: &State) {
        let laid_on = match action {
            Action::LayTile { hex, .. } => Some(hex.as_str()),
            _ => None,
        };
        if let Action::Bankrupt { player } = action {
            ledger.issue_unnamed(after);
            ledger.bankrupt_sales(*player, after);
        }
        kit::observe::<G1846>(ledger, laid_on, share_move(action), site, after);
    }

    /// Each player's wealth (cash, shares at their price, privates and minors at face value:
    /// the site's `Player#value`), which at the end is the ranking's.
    /// The site names companies by their symbols (a minor too: `MS`, `BIG4`) and prices by the
    /// market's value of the space.
    fn figures(state: &State) -> Option<Figures> {
        let market = state.market();
        Some(Figures {
            players: state.players.iter().map(|p| i64::from(p.cash)).collect(),
            companies: state
                .companies
                .iter()
                .map(|c| (c.company.symbol(), i64::from(c.cash)))
                .collect(),
            prices: state
                .companies
                .iter()
                .filter(|c| !c.company.is_minor())
                .map(|c| {
                    let price = c.price.and_then(|p| market.get(usize::from(p)));
                    (c.company.symbol(), price.map(|&p| i64::from(p)))
                })
                .collect(),
            bank: state.bank,
        })
    }

    /// g_1846's `game_end_reason`: the bank broken (`bank`), a bankruptcy (`bankrupt`: 1846
    /// ends at the first), every corporation closed (`all_closed`).
    fn end_reason(events: &[Event]) -> Option<&'static str> {
        events.iter().find_map(|event| match event {
            Event::GameEnded { reason, .. } => match reason {
                EndReason::BankBroken => Some("bank"),
                EndReason::Bankruptcies => Some("bankrupt"),
                EndReason::AllClosed => Some("all_closed"),
                EndReason::NothingCanChange => None,
            },
            _ => None,
        })
    }

    fn values(state: &State) -> Vec<i64> {
        G1846::seats(state)
            .iter()
            .map(|&seat| i64::from(crate::games::kit18xx::end::wealth(state, seat)))
            .collect()
    }
}
