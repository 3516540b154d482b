//! The round record: the seats that act are at the table and still in, the counts within
//! bounds, and in an operating round the order of operators and the one operating now
//! consistent with the companies.

use std::collections::BTreeSet;

use super::{CheckedTitle, Problems, in_game};
use crate::games::kit18xx::operating_round::OperatingRoundRef;
use crate::games::kit18xx::table::Seat;

/// The stock round in progress (if any) and the priority deal.
pub fn check<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    if let Some(round) = state.stock_round() {
        seat_to_act(state, round.to_act, "/round/to_act", problems);
        for (i, s) in round.sold.iter().enumerate() {
            seat_in_game(
                state,
                s.player,
                &format!("/round/sold/{i}/player"),
                problems,
            );
        }
        if let Some(seat) = round.last_to_act {
            seat_in_game(state, seat, "/round/last_to_act", problems);
        }
        passes(state, round.passes_in_a_row, problems);
    }
    seat_in_game(state, state.priority_deal(), "/priority_deal", problems);
}

pub fn seat_in_game<S: CheckedTitle>(
    state: &S,
    seat: Seat,
    pointer: &str,
    problems: &mut Problems,
) {
    if !in_game(state, seat) {
        problems.add(
            "unknown_seat",
            state.check_sections().turns,
            pointer,
            format!("{seat} is not in the game"),
        );
    }
}

/// The player to act is at the table and not bankrupt (a bankrupt player's turns are skipped).
pub fn seat_to_act<S: CheckedTitle>(state: &S, seat: Seat, pointer: &str, problems: &mut Problems) {
    if !in_game(state, seat) {
        seat_in_game(state, seat, pointer, problems);
    } else if state.player(seat).bankrupt {
        problems.add(
            "bankrupt_to_act",
            state.check_sections().turns,
            pointer,
            format!("{seat} is bankrupt, yet is to act"),
        );
    }
}

/// The round ends when every player still in has passed in a row: the count never reaches the
/// players at the table (who is still in is not judged: a player going bankrupt mid-round leaves
/// the count as it was).
fn passes<S: CheckedTitle>(state: &S, passes: u8, problems: &mut Problems) {
    let seats = state.players().len();
    if usize::from(passes) >= seats {
        problems.add(
            "bad_pass_count",
            state.check_sections().stock_round,
            "/round/passes_in_a_row",
            format!(
                "{passes} players have passed in a row; the round ends before all {seats} have"
            ),
        );
    }
}

/// An operating round: each operator in the order once, in play; the one operating now within
/// the order and open; the companies discarding in the order, once each.
pub fn operating_round<S: CheckedTitle, T>(
    state: &S,
    round: &OperatingRoundRef<S::Company, T>,
    problems: &mut Problems,
) {
    let section = state.check_sections().operating_round;
    let mut seen = BTreeSet::new();
    for (i, &company) in round.order.iter().enumerate() {
        let why = if !seen.insert(company) {
            Some("twice")
        } else if !state.has_begun(company) {
            Some("though it is not in play")
        } else {
            None
        };
        if let Some(why) = why {
            problems.add(
                "bad_operating_order",
                section,
                format!("/round/order/{i}"),
                format!("{company} is in the operating order {why}"),
            );
        }
    }
    if round.current > round.order.len() {
        problems.add(
            "bad_operating_order",
            section,
            "/round/current",
            format!(
                "operator {} of an order of {} is operating",
                round.current,
                round.order.len()
            ),
        );
    }
    // A company that closes ends its turn (the round goes on to the next, `advance`), and a
    // closed one is skipped when its turn comes: none operates closed (nothing could act).
    let operating = round.order.get(round.current).copied();
    let closed = |c: S::Company| state.companies().iter().any(|e| e.company == c && e.closed);
    if let Some(company) = operating.filter(|&c| closed(c)) {
        problems.add(
            "closed_company_operating",
            section,
            "/round/current",
            format!("{company} is operating, but it has closed"),
        );
    }
    let mut discarding = BTreeSet::new();
    for (i, &company) in round.discards.iter().enumerate() {
        if !seen.contains(&company) || !discarding.insert(company) {
            problems.add(
                "bad_discard",
                state.check_sections().trains,
                format!("/round/discards/{i}"),
                format!("{company} is to discard, once, only if it is in the operating order"),
            );
        }
    }
}
