//! `check`: every way a 1833NE state can be inconsistent, one file per concern. Each problem is
//! listed once, located by the JSON pointer of what is wrong (relative to the state), and no
//! check costs more than O(n log n) in the size of the state.

mod board;
mod companies;
mod ferries;
mod money;
mod phase;
mod privates;
mod provisional;
mod round;
mod stations;
mod trains;

pub use provisional::provisional_problems;

use super::ids::{Company, Private, Seat};
use super::rules::section;
use super::state::State;
use crate::core::Violation;

/// No amount in a consistent state reaches this.
const MONEY_CEILING: u32 = 100_000_000;

pub fn check(state: &State) -> Vec<Violation> {
    let mut problems = Problems::default();
    provisional::check(&state.provisional, &mut problems);
    if !shape(state, &mut problems) {
        return problems.0;
    }
    money::check(state, &mut problems);
    companies::check(state, &mut problems);
    privates::check(state, &mut problems);
    board::check(state, &mut problems);
    stations::check(state, &mut problems);
    trains::check(state, &mut problems);
    phase::check(state, &mut problems);
    ferries::check(state, &mut problems);
    round::check(state, &mut problems);
    problems.0
}

/// The problems found so far.
#[derive(Default)]
struct Problems(Vec<Violation>);

impl Problems {
    fn add(&mut self, code: &str, rule: &str, pointer: impl Into<String>, message: String) {
        self.0.push(Violation::new(code, rule, message).at(pointer));
    }
}

/// A JSON pointer's reference token for a key (RFC 6901: `~` and `/` escaped).
fn token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn company_at(company: Company) -> String {
    format!("/companies/{}", company.index())
}

fn holding_at(company: Company, seat: Seat) -> String {
    format!("{}/holdings/{seat}", company_at(company))
}

fn private_at(private: Private) -> String {
    format!("/privates/{}", private.index())
}

/// The players are 3 to 5 seats from P1, the companies and privates all listed in order: every
/// other check indexes them by seat, company and private.
fn shape(state: &State, problems: &mut Problems) -> bool {
    let n = state.players.len();
    let seats: Vec<Seat> = state.players.iter().map(|p| p.seat).collect();
    if !(3..=5).contains(&n) || seats != Seat::ALL[..n.min(5)] {
        problems.add(
            "bad_players",
            section::SETUP,
            "/players",
            format!("the players must be 3 to 5 seats from P1 in order; found {seats:?}"),
        );
        return false;
    }
    let companies: Vec<Company> = state.companies.iter().map(|c| c.company).collect();
    if companies != Company::ALL {
        problems.add(
            "bad_components",
            section::SETUP,
            "/companies",
            "the nine companies must be listed in order".to_string(),
        );
    }
    let privates: Vec<Private> = state.privates.iter().map(|p| p.private).collect();
    if privates != Private::ALL {
        problems.add(
            "bad_components",
            section::SETUP,
            "/privates",
            "the six privates must be listed in order".to_string(),
        );
    }
    companies == Company::ALL && privates == Private::ALL
}

/// Whether the seat is one of the game's.
fn in_game(state: &State, seat: Seat) -> bool {
    seat.index() < state.players.len()
}
