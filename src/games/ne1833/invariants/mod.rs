//! `check`: every way a 1833NE state can be inconsistent, one file per concern. What the family
//! shares (money, shares, the board, stations, trains, the stock round) is the kit's
//! (`kit18xx::invariants`), over [`CheckedTitle`]; here are 1833NE's own: the provisional
//! values, its privates, the phases' effects, the ferries, the auction. Each problem is listed
//! once, located by the JSON pointer of what is wrong (relative to the state), and no check
//! costs more than O(n log n) in the size of the state.

mod ferries;
mod phase;
mod privates;
mod provisional;
mod round;

pub use provisional::provisional_problems;

use super::board::Board;
use super::data::components;
use super::ids::{Company, Private, Seat};
use super::rules::section;
use super::state::{PrivateOwner, State};
use super::stations::STATIONS_PER_COMPANY;
use super::track::lay_rules;
use crate::core::Violation;
use crate::games::kit18xx::invariants::{
    self as kit, CheckSections, CheckedTitle, MONEY_CEILING, Problems, in_game,
};
use crate::games::kit18xx::map::{Colour, HexData, Map};
use crate::games::kit18xx::track::LayRules;

pub fn check(state: &State) -> Vec<Violation> {
    let mut problems = Problems::default();
    provisional::check(&state.provisional, &mut problems);
    if !shape(state, &mut problems) {
        return problems.0;
    }
    kit::money::check(state, &mut problems);
    kit::certificates::check(state, &mut problems);
    privates::check(state, &mut problems);
    kit::board::check(state, &mut problems);
    kit::stations::check(state, &mut problems);
    let book = kit::trains::TrainBook::of(state, &state.removed_trains);
    kit::trains::check(state, &book, &mut problems);
    phase::check(state, &mut problems);
    ferries::check(state, &mut problems);
    round::check(state, &mut problems);
    problems.0
}

static SECTIONS: CheckSections = CheckSections {
    setup: section::SETUP,
    turns: section::TURNS,
    money: section::MONEY,
    stock_round: section::STOCK_ROUND,
    starting: section::STARTING,
    buying: section::BUYING,
    selling: section::SELLING,
    presidency: section::PRESIDENCY,
    certificate_limit: section::CERTIFICATE_LIMIT,
    market: section::MARKET,
    end: section::END,
    trains: section::TRAINS,
    operating_round: section::OPERATING_ROUND,
    map: section::MAP,
    track: section::TRACK,
    upgrades: section::UPGRADES,
    stations: section::STATIONS,
};

impl CheckedTitle for State {
    fn check_sections(&self) -> &'static CheckSections {
        &SECTIONS
    }

    fn bank(&self) -> i64 {
        self.bank
    }

    fn bank_broken(&self) -> bool {
        self.bank_broken
    }

    /// The bank's starting cash: the players begin with none.
    fn money_in_game(&self) -> u32 {
        components().game.bank
    }

    fn priority_deal(&self) -> Seat {
        self.priority_deal
    }

    fn board(&self) -> &Board {
        &self.board
    }

    fn map(&self) -> &'static Map {
        components()
    }

    fn lay_rules(&self) -> &'static LayRules {
        lay_rules()
    }

    fn phase_tiles(&self) -> (&'static str, &'static [Colour]) {
        let phases = &components().phases;
        let phase = &phases[usize::from(self.phase).min(phases.len() - 1)];
        (&phase.name, &phase.tiles)
    }

    /// A hex a private blocks takes a tile only once no player owns the private; the block
    /// never comes back (a company that buys a private keeps it, a closed private stays
    /// closed).
    fn tile_blocked_by(&self, hex: &HexData) -> Option<String> {
        self.privates
            .iter()
            .find(|p| {
                !p.closed
                    && hex.blocked_by.contains(&format!("{:?}", p.private))
                    && matches!(
                        p.owner,
                        PrivateOwner::Player { .. } | PrivateOwner::Unsold {}
                    )
            })
            .map(|p| format!("{} (no company owns it)", p.private))
    }

    fn stations_allowed(&self, _company: Company) -> usize {
        STATIONS_PER_COMPANY
    }

    fn home_hex(&self, company: Company) -> Option<&'static str> {
        components()
            .corporation(company.symbol())
            .map(|k| k.home.hex.as_str())
    }
}

fn private_at(private: Private) -> String {
    format!("/privates/{}", private.index())
}

/// The players are 3 to 5 seats from P1, the companies and privates all listed in order: every
/// other check indexes them by seat, company and private.
fn shape(state: &State, problems: &mut Problems) -> bool {
    if !kit::players_in_order(state, problems) {
        return false;
    }
    let companies = kit::companies_in_order(state, problems);
    let privates: Vec<Private> = state.privates.iter().map(|p| p.private).collect();
    if privates != Private::ALL {
        problems.add(
            "bad_components",
            section::SETUP,
            "/privates",
            "the six privates must be listed in order".to_string(),
        );
    }
    companies && privates == Private::ALL
}
