//! `check`: every way a 1846 state can contradict the rules. What the family shares (money,
//! shares, the board, stations, trains, the stock round) is the kit's
//! (`kit18xx::invariants`), over [`CheckedTitle`]; here are 1846's own: the privates in the
//! game, the corporations removed at setup, the minors, the draft, the privates' markers and
//! abilities used. Each problem is listed once, located by the JSON pointer of what is wrong.

mod companies;
mod draft;
mod privates;
mod round;

pub use round::operating_round;

use super::data::components;
use super::ids::{Company, Seat};
use super::rules::section;
use super::state::{PrivateOwner, State};
use crate::core::Violation;
use crate::games::kit18xx::board::Board;
use crate::games::kit18xx::invariants::trains::TrainBook;
use crate::games::kit18xx::invariants::{self as kit, CheckSections, CheckedTitle, Problems};
use crate::games::kit18xx::map::{Colour, HexData, Map};
use crate::games::kit18xx::operating_round::OperatingTitle as _;
use crate::games::kit18xx::track::LayRules;

/// The sections of docs/rules/1846.md the checks cite, besides `rules::section`'s.
mod cite {
    pub const MAP: &str = "1846#map";
    pub const TRACK: &str = "1846#track";
    pub const TRAINS: &str = "1846#trains";
    pub const PHASES: &str = "1846#phases";
    pub const REMOVALS: &str = "1846#removals";
    pub const BONUSES: &str = "1846#bonuses";
}

pub fn check(state: &State) -> Vec<Violation> {
    let mut problems = Problems::default();
    if !kit::players_in_order(state, &mut problems)
        || !kit::companies_in_order(state, &mut problems)
        || !privates::listed(state, &mut problems)
    {
        return problems.0;
    }
    kit::check(state, &mut problems);
    kit::trains::check(
        state,
        &TrainBook::of(state, &state.removed_trains),
        &mut problems,
    );
    if let Some(record) = state.operating_round() {
        round::operating_round(state, &record, &mut problems);
    }
    companies::check(state, &mut problems);
    privates::check(state, &mut problems);
    draft::check(state, &mut problems);
    problems.0
}

static SECTIONS: CheckSections = CheckSections {
    setup: section::SETUP,
    turns: section::TURNS,
    money: section::SETUP,
    stock_round: section::STOCK_ROUND,
    starting: section::STARTING,
    buying: section::BUYING,
    selling: section::SELLING,
    presidency: section::MARKET,
    certificate_limit: section::CERTIFICATE_LIMIT,
    market: section::MARKET,
    end: section::END,
    trains: cite::TRAINS,
    operating_round: section::TURNS,
    map: cite::MAP,
    track: cite::TRACK,
    upgrades: cite::TRACK,
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

    /// The bank for the player count, the players' starting cash taken from it.
    fn money_in_game(&self) -> u32 {
        let players = self.players.len().to_string();
        components().game.bank.get(&players).copied().unwrap_or(0)
    }

    fn priority_deal(&self) -> Seat {
        self.priority_deal
    }

    fn board(&self) -> &Board {
        &self.board
    }

    fn map(&self) -> &'static Map {
        &components().map
    }

    fn lay_rules(&self) -> &'static LayRules {
        super::track::lay_rules()
    }

    fn phase_tiles(&self) -> (&'static str, &'static [Colour]) {
        let phases = &components().phases;
        let phase = &phases[usize::from(self.phase).min(phases.len() - 1)];
        (&phase.name, &phase.tiles)
    }

    /// The Michigan Central's and the Ohio & Indiana's hexes, while a player owns them.
    fn tile_blocked_by(&self, hex: &HexData) -> Option<String> {
        self.privates
            .iter()
            .filter(|p| !p.closed && matches!(p.owner, PrivateOwner::Player { .. }))
            .find(|p| privates::blocks(p.private, &hex.id))
            .map(|p| format!("{} (a player owns it)", p.private))
    }

    fn out_of_play(&self, company: Company) -> bool {
        self.removed_corporations.contains(&company)
    }

    /// A minor is in play from the setup on: its train and home station are dealt with it.
    fn has_begun(&self, company: Company) -> bool {
        company.is_minor() || self.companies[company.index()].is_started()
    }

    /// Its tokens, and those it gained (the C&WI's, a bought minor's; checked in
    /// companies.rs).
    fn stations_allowed(&self, company: Company) -> usize {
        super::privates::stations_allowed(self, company)
    }

    fn home_hex(&self, company: Company) -> Option<&'static str> {
        let c = components();
        c.corporation(company.symbol())
            .map(|k| k.home.hex.as_str())
            .or_else(|| {
                c.minors
                    .iter()
                    .find(|m| m.id == company.symbol())
                    .map(|m| m.home.hex.as_str())
            })
    }
}
