//! 1833NE as the 18xx.games title `1833NE` (tobymao/18xx's `G1833NE`, whose `meta.rb` sets no
//! `GAME_TITLE`: the title is the module's name). The actions' mapping and the flow rules are
//! docs/rules/1833ne.md#interop.
//!
//! 18xx.games names players by id, companies and privates by symbol, and a company acts itself
//! (`entity`); railrules names the seat acting (the president). The site names certificates
//! (`RR_3`), copies of tiles (`57-0`), cities by the tile they are on (`57-0-0`) and market
//! spaces (`80,0,8`): the [`Ledger`] keeps those names beside railrules' state, which holds
//! percentages and tile kinds.

use serde_json::Value;

use super::export_18xx::ImportError;
use super::kit18xx::{self as kit, Family, FlowRules, error};
use crate::core::{Checked, Game};
use crate::games::ne1833::Ne1833;
use crate::games::ne1833::action::{Action, DividendKind};
use crate::games::ne1833::ids::{Company, Private, Seat};
use crate::games::ne1833::state::{Round, State};

mod export;
mod reading;
mod title;

/// The flow rules (section ids of docs/rules/1833ne.md).
pub mod rule {
    /// The site has no route step for a company without trains: `run_routes` with no routes.
    pub const NO_ROUTE_STEP: &str = "1833ne#interop-no-route-step";
    /// The site has no dividend step for a revenue of $0: the dividend is withheld.
    pub const NO_DIVIDEND_STEP: &str = "1833ne#interop-no-dividend-step";
    /// The site ended a company's turn (another entity acts next): the company passes.
    pub const TURN_ENDED: &str = "1833ne#interop-turn-ended";
    /// The site skips a player whose only legal action is to pass: the player passes.
    pub const NOTHING_TO_DO: &str = "1833ne#interop-nothing-to-do";
    /// A pass that ends a step of the site's operating round railrules does not have (issue,
    /// track and token, buying a private), or a turn already over here: left out.
    pub const STEP_PASS: &str = "1833ne#interop-step-pass";
}

impl Family for Ne1833 {
    type Private = Private;
    const NAME: &'static str = "1833NE";
    const FLOW: FlowRules = FlowRules {
        no_route_step: rule::NO_ROUTE_STEP,
        no_dividend_step: rule::NO_DIVIDEND_STEP,
        turn_ended: rule::TURN_ENDED,
        nothing_to_do: rule::NOTHING_TO_DO,
        step_pass: rule::STEP_PASS,
    };
    /// Actions of a company's turn that come before its dividend in the site's order: one of
    /// them after the dividend starts the company's next turn (it operates last in one round
    /// and first in the next).
    const BEFORE_DIVIDEND: &'static [&'static str] =
        &["lay_tile", "place_token", "run_routes", "dividend"];

    fn company_entity(entity_type: &str, name: &str) -> Option<Option<Company>> {
        (entity_type == "corporation").then(|| kit::named(name))
    }

    fn players_round(state: &State) -> bool {
        matches!(
            state.round,
            Round::Auction { .. } | Round::StockRound { .. }
        )
    }

    /// Whether passing is the only legal action of `seat`.
    fn only_pass(state: &Checked<Ne1833>, seat: Seat) -> bool {
        let legal = Ne1833::legal_actions(state);
        !legal.is_empty() && legal.iter().all(|a| *a == Action::Pass { player: seat })
    }

    fn pass(seat: Seat) -> Action {
        Action::Pass { player: seat }
    }

    fn run_no_routes(seat: Seat) -> Action {
        Action::RunRoutes {
            player: seat,
            routes: Vec::new(),
        }
    }

    fn dividend(seat: Seat, kind: DividendKind) -> Action {
        Action::Dividend { player: seat, kind }
    }
}

/// A railrules action from its JSON, a field the game refuses named by `pointer`.
fn action_from(value: Value, pointer: impl Fn(&str) -> String) -> Result<Action, ImportError> {
    serde_json::from_value(value).map_err(|e| {
        let message = e.to_string();
        let name = [
            "hex", "tile", "routes", "ferry", "target", "train", "variant",
        ]
        .into_iter()
        .find(|f| message.contains(&format!("unknown {f}")) || message.contains(f));
        error(pointer(name.unwrap_or("")), message)
    })
}

crate::share_actions!(Action, Company);
