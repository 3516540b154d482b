//! `check` for the family: the ways a state can contradict the rules that every title shares,
//! written once over [`CheckedTitle`]. A title's `check` calls [`check`] (and [`trains::check`]
//! with its [`trains::TrainBook`]) and adds what is its own (1833NE's ferries, 1846's draft and
//! markers). Each problem is listed once, located by the JSON pointer of what is wrong
//! (relative to the state: the titles' states name the shared parts alike), and no check costs
//! more than O(n log n) in the size of the state.

pub mod board;
pub mod certificates;
pub mod money;
pub mod round;
pub mod stations;
pub mod trains;

use super::board::Board;
use super::map::{Colour, HexData, Map};
use super::stock_round::StockTitle;
use super::table::{CompanyId, Seat};
use super::track::LayRules;
use crate::core::Violation;

/// No amount in a consistent state reaches this.
pub const MONEY_CEILING: u32 = 100_000_000;

/// The section ids of a title's rules that the shared checks cite.
pub struct CheckSections {
    pub setup: &'static str,
    pub turns: &'static str,
    pub money: &'static str,
    pub stock_round: &'static str,
    pub starting: &'static str,
    pub buying: &'static str,
    pub selling: &'static str,
    pub presidency: &'static str,
    pub certificate_limit: &'static str,
    pub market: &'static str,
    pub end: &'static str,
    pub trains: &'static str,
    pub operating_round: &'static str,
    pub map: &'static str,
    pub track: &'static str,
    pub upgrades: &'static str,
    pub stations: &'static str,
}

/// A title's state as the shared checks read it (besides its stock rounds and table).
pub trait CheckedTitle: StockTitle {
    fn check_sections(&self) -> &'static CheckSections;
    /// The seat counts the title is for.
    fn player_counts(&self) -> std::ops::RangeInclusive<usize> {
        3..=5
    }
    fn bank(&self) -> i64;
    fn bank_broken(&self) -> bool;
    /// The money the game began with: the bank's and the players' (a constant of the setup).
    fn money_in_game(&self) -> u32;
    fn priority_deal(&self) -> Seat;
    fn board(&self) -> &Board;
    /// The map, its tiles and the tiles' stock.
    fn map(&self) -> &'static Map;
    fn lay_rules(&self) -> &'static LayRules;
    /// The phase's name and the tile colours it allows.
    fn phase_tiles(&self) -> (&'static str, &'static [Colour]);
    /// A private that blocks `hex` now (no tile may lie there), by name.
    fn tile_blocked_by(&self, hex: &HexData) -> Option<String>;
    /// Whether `company` never plays (1846's corporations removed at setup): the checks of
    /// shares and stations leave it to the title.
    fn out_of_play(&self, _company: Self::Company) -> bool {
        false
    }
    /// Whether `company` is in play, may hold stations and trains (a started corporation; 1846's
    /// minors from the setup on).
    fn has_begun(&self, company: Self::Company) -> bool {
        self.company(company).is_started()
    }
    /// How many stations `company` has in all (its home among them).
    fn stations_allowed(&self, company: Self::Company) -> usize;
    /// The hex of `company`'s home station, if it has one.
    fn home_hex(&self, company: Self::Company) -> Option<&'static str>;
}

/// The problems found so far.
#[derive(Default)]
pub struct Problems(pub Vec<Violation>);

impl Problems {
    pub fn add(&mut self, code: &str, rule: &str, pointer: impl Into<String>, message: String) {
        self.0.push(Violation::new(code, rule, message).at(pointer));
    }
}

/// A JSON pointer's reference token for a key (RFC 6901: `~` and `/` escaped).
pub fn token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

pub fn company_at<C: CompanyId>(company: C) -> String {
    format!("/companies/{}", company.index())
}

pub fn holding_at<C: CompanyId>(company: C, seat: Seat) -> String {
    format!("{}/holdings/{seat}", company_at(company))
}

/// Whether the seat is one of the game's.
pub fn in_game<S: CheckedTitle>(state: &S, seat: Seat) -> bool {
    seat.index() < state.players().len()
}

/// The players are seats from P1 in order, as many as the title plays with: every other check
/// indexes them by seat. `false` when nothing more can be judged.
pub fn players_in_order<S: CheckedTitle>(state: &S, problems: &mut Problems) -> bool {
    let sections = state.check_sections();
    let counts = state.player_counts();
    let n = state.players().len();
    let seats: Vec<Seat> = state.players().iter().map(|p| p.seat).collect();
    if !counts.contains(&n) || seats != Seat::ALL[..n.min(Seat::ALL.len())] {
        problems.add(
            "bad_players",
            sections.setup,
            "/players",
            format!(
                "the players must be {} to {} seats from P1 in order; found {seats:?}",
                counts.start(),
                counts.end()
            ),
        );
        return false;
    }
    true
}

/// The companies are all listed, in order: the checks index them by company.
pub fn companies_in_order<S: CheckedTitle>(state: &S, problems: &mut Problems) -> bool {
    let companies: Vec<S::Company> = state.companies().iter().map(|c| c.company).collect();
    if companies != S::Company::all() {
        problems.add(
            "bad_components",
            state.check_sections().setup,
            "/companies",
            format!(
                "the {} companies must be listed in order",
                S::Company::all().len()
            ),
        );
        return false;
    }
    true
}

/// The shared checks but the trains' (whose book the title gives: [`trains::check`]), after
/// [`players_in_order`] and [`companies_in_order`] have passed.
pub fn check<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    money::check(state, problems);
    certificates::check(state, problems);
    board::check(state, problems);
    stations::check(state, problems);
    round::check(state, problems);
}
