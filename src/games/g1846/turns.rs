//! Whose turn it is in 1846, and the refusals for acting out of turn or in the wrong round.

use super::dealing::Draft;
use super::ids::Seat;
use super::rules::section;
use super::state::{Round, State};
use crate::core::Violation;

pub fn round_name(round: &Round) -> String {
    match round {
        Round::Draft { .. } => "the draft".to_string(),
        Round::StockRound { number, .. } => format!("stock round {number}"),
        Round::OperatingRound {
            after_stock_round,
            number,
            ..
        } => format!("operating round {after_stock_round}.{number}"),
        Round::GameEnded { .. } => "the end of the game".to_string(),
    }
}

/// `player` may not act now: `to_act` may (the core's refusal, with the turn rule).
pub fn not_your_turn(player: Seat, to_act: Seat) -> Violation {
    crate::core::contract::not_your_turn::<super::G1846>(&player, &[to_act])
}

pub fn wrong_round(action: &str, state: &State) -> Violation {
    Violation::new(
        "wrong_round",
        section::TURNS,
        format!("{action} is not possible in {}", round_name(&state.round)),
    )
}

pub fn to_act(state: &State) -> Vec<Seat> {
    let mut seats = Vec::new();
    for seat in actors(state) {
        if !seats.contains(&seat) {
            seats.push(seat);
        }
    }
    seats
}

/// Whether `seat` is among [`to_act`], asked without listing them (before every action).
pub fn may_act(state: &State, seat: Seat) -> bool {
    actors(state).any(|s| s == seat)
}

/// The first of [`to_act`], found without listing them (before every action of an import).
pub fn first_to_act(state: &State) -> Option<Seat> {
    actors(state).next()
}

/// The seats of [`to_act`], one after another: the draft's or the stock round's seat; in an
/// operating round the kit's (the operator's president, or every player for a corporation in
/// receivership), then the Steamboat's owner at the round's start, who may be one of them.
fn actors(state: &State) -> impl Iterator<Item = Seat> + '_ {
    let operating = matches!(state.round, Round::OperatingRound { .. });
    let other = match &state.round {
        Round::Draft { .. } => super::draft::draft(state)
            .as_ref()
            .and_then(Draft::seat_to_act)
            .map(|seat| Seat::ALL[seat]),
        Round::StockRound { to_act, .. } => Some(*to_act),
        Round::OperatingRound { .. } => steamboat_owner_at_round_start(state),
        Round::GameEnded { .. } => None,
    };
    operating
        .then(|| crate::games::kit18xx::operating_round::actors(state))
        .into_iter()
        .flatten()
        .chain(other)
}

/// Whether `action` is the Steamboat's owner assigning it at the operating round's start (the
/// site's `Assign` step, which comes before the first operator's steps).
pub fn is_round_start_assign(state: &State, action: &super::action::Action) -> bool {
    let owner = steamboat_owner_at_round_start(state);
    matches!(action, super::action::Action::Assign { player, company: super::ids::Private::Sc, .. }
        if Some(*player) == owner)
}

/// The owner of a player-owned Steamboat, at the start of an operating round (before anything
/// is done in its first operator's turn, a private's purchase or lay included): it may assign the Steamboat then (g_1846 entities: the
/// player's `assign_hexes` and `assign_corporation` are `when: 'or_start'`).
pub fn steamboat_owner_at_round_start(state: &State) -> Option<Seat> {
    let Round::OperatingRound { current, turn, .. } = &state.round else {
        return None;
    };
    if *current != 0 || turn.begun || *turn != Default::default() {
        return None;
    }
    match state.private(super::ids::Private::Sc)? {
        p if !p.closed => match p.owner {
            super::state::PrivateOwner::Player { seat } => Some(seat),
            _ => None,
        },
        _ => None,
    }
}
