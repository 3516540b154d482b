//! `check`: what no reachable state breaks, one file per concern. Besides what each part must
//! be on its own, it derives what positions and counts imply (the rulings of 2026-12): a track
//! beyond a special space implies the space was met and its effect happened; workers,
//! temporary workers and coins match the round's placements; the engineers hired match the
//! strip; the end-bonus cards held match the draws. Each problem is listed once, located by the
//! JSON pointer of what is wrong (relative to the state; the whole state, `""`, for a count
//! that several places make), and no check costs more than O(n log n) in the size of the state.

mod board;
mod engineers;
mod round;
mod specials;
mod stocks;
mod tiles;

use super::state::{Phase, Seat, State};
use crate::core::Violation;

pub fn check(state: &State) -> Vec<Violation> {
    let components = state.components.problems();
    if !components.is_empty() {
        // Everything else reads the components: judged against broken ones it says nothing.
        return components;
    }
    let mut problems = Problems::default();
    if !shape(state, &mut problems) {
        return problems.0;
    }
    let boards = board::check(state, &mut problems);
    specials::check(state, &boards, &mut problems);
    tiles::check(state, &mut problems);
    stocks::check(state, &mut problems);
    engineers::check(state, &mut problems);
    round::check(state, &mut problems);
    problems.0
}

/// The problems found so far.
#[derive(Default)]
pub(super) struct Problems(Vec<Violation>);

impl Problems {
    fn add(&mut self, code: &'static str, pointer: impl Into<String>, message: String) {
        self.0
            .push(Violation::new(code, section(code), message).at(pointer));
    }
}

/// The ids whose problem was listed: however often a bad id recurs in a list, its problem is
/// listed once (at its first bad place).
pub(super) struct Once<K>(std::collections::HashSet<K>);

impl<K: std::hash::Hash + Eq> Once<K> {
    pub(super) fn new() -> Self {
        Once(std::collections::HashSet::new())
    }

    /// True the first time `key` is reported.
    pub(super) fn first(&mut self, key: K) -> bool {
        self.0.insert(key)
    }
}

/// The rules section a problem breaks: what `check` derives from positions and counts is stated
/// in its own section, what each part must be on its own in the part's section.
fn section(code: &str) -> &'static str {
    use super::rules::section::*;
    match code {
        "special_unrecorded" | "special_not_met" | "unlocked_colours" | "workers" | "boulders"
        | "points" | "stock_level" | "question_tokens" | "coin_spaces" | "end_bonus_draws"
        | "placements" | "workers_placed" | "temporary_workers" | "engineer_strip"
        | "engineers_hired" | "engineers" | "piles" | "steelworks" | "tiles_in_play" => CHECK,
        "track_supply" | "colour_locked" | "track_position" => TRACKS,
        "doublers" => SCORING,
        "locomotive_slots" => LOCOMOTIVES,
        "industry_track" => INDUSTRY,
        "stock_markers" | "dividend_tokens" => STOCK_MARKET,
        "board_shape" | "player_count" | "seats" => SETUP,
        "end_bonus_cards" => SPECIALS,
        "round" => ROUND,
        _ => TURN,
    }
}

fn player_at(i: usize) -> String {
    format!("/players/{i}")
}

/// The players are 2 to 4 seats from P1 in order, each seat once in the turn order, every seat
/// the state names at the table, and every player's board and the stocks board of the
/// components' shape: every other check indexes them so.
fn shape(state: &State, problems: &mut Problems) -> bool {
    let c = &state.components;
    let n = state.players.len();
    if !c.player_counts.iter().any(|p| usize::from(p.players) == n) || !(2..=4).contains(&n) {
        problems.add(
            "player_count",
            "/players",
            format!("{n} players; the game is for 2 to 4"),
        );
        return false;
    }
    let mut fine = true;
    for (i, p) in state.players.iter().enumerate() {
        if p.seat != Seat::ALL[i] {
            problems.add(
                "seats",
                format!("{}/seat", player_at(i)),
                format!(
                    "player {i} sits in seat {:?}, not {:?}",
                    p.seat,
                    Seat::ALL[i]
                ),
            );
            fine = false;
        }
        if p.railroads.len() != c.railroads.len() || p.industry.len() != c.industry_tracks.len() {
            problems.add(
                "board_shape",
                player_at(i),
                format!(
                    "{:?}'s board has {} railroads and {} industry tracks; the board has {} and {}",
                    p.seat,
                    p.railroads.len(),
                    p.industry.len(),
                    c.railroads.len(),
                    c.industry_tracks.len()
                ),
            );
            fine = false;
        }
    }
    let mut order: Vec<usize> = state.turn_order.iter().map(|s| s.index()).collect();
    order.sort_unstable();
    if order != (0..n).collect::<Vec<_>>() {
        problems.add(
            "seats",
            "/turn_order",
            format!(
                "the turn order {:?} is not each of the {n} seats once",
                state.turn_order
            ),
        );
        fine = false;
    }
    if state.stock_levels.len() != usize::from(c.stock_levels) {
        problems.add(
            "board_shape",
            "/stock_levels",
            format!(
                "the stocks board has {} levels; the components give {}",
                state.stock_levels.len(),
                c.stock_levels
            ),
        );
        fine = false;
    }
    if state.steelworks.len() != c.steelworks.len() {
        problems.add(
            "steelworks",
            "/steelworks",
            format!(
                "{} steelworks are recorded; there are {}",
                state.steelworks.len(),
                c.steelworks.len()
            ),
        );
        fine = false;
    }
    seats_named(state, problems) && fine
}

/// Every seat the state names sits at the table (the rules index players by seat).
fn seats_named(state: &State, problems: &mut Problems) -> bool {
    let n = state.players.len();
    let mut named: Vec<(String, Seat)> = Vec::new();
    let mut list = |at: &str, seats: &[Seat]| {
        named.extend(
            seats
                .iter()
                .enumerate()
                .map(|(k, &s)| (format!("{at}/{k}"), s)),
        );
    };
    match &state.phase {
        Phase::StartingBonuses { next, .. } | Phase::WorkerReuse { next, .. } => {
            list("/phase/next", next)
        }
        Phase::Payout {
            next, resume_reuse, ..
        } => {
            list("/phase/next", next);
            list("/phase/resume_reuse", resume_reuse);
        }
        Phase::Placement { .. } | Phase::GameEnded {} => {}
    }
    list("/turn/general_payouts", &state.turn.general_payouts);
    named.extend(
        state
            .phase
            .to_act()
            .map(|s| ("/phase/to_act".to_string(), s)),
    );
    if let Phase::Payout {
        resume: Some(s), ..
    } = state.phase
    {
        named.push(("/phase/resume".to_string(), s));
    }
    for (k, p) in state.placements.iter().enumerate() {
        named.push((format!("/placements/{k}/seat"), p.seat));
    }
    for (l, level) in state.stock_levels.iter().enumerate() {
        for (k, &s) in level.markers.iter().enumerate() {
            named.push((format!("/stock_levels/{l}/markers/{k}"), s));
        }
        if let Some(s) = level.chosen_by {
            named.push((format!("/stock_levels/{l}/chosen_by"), s));
        }
    }
    for (i, s) in state.steelworks.iter().enumerate() {
        if let Some(s) = s {
            named.push((format!("/steelworks/{i}"), *s));
        }
    }
    let mut fine = true;
    let mut once = Once::new();
    for (at, seat) in named.into_iter().filter(|(_, s)| s.index() >= n) {
        if !once.first(seat) {
            continue;
        }
        problems.add(
            "unknown_seat",
            at,
            format!("the state names {seat:?}, who is not at a table of {n}"),
        );
        fine = false;
    }
    fine
}
