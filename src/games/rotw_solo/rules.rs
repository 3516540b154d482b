//! Rule sections the violations cite, and the money and points rules every part uses.

use super::event::Event;
use super::state::State;
use crate::core::Violation;

/// Section ids of docs/rules/rotw-solo.md, cited by violations as `rotw-solo#<id>`.
pub mod section {
    pub const COMPONENTS: &str = "rotw-solo#components";
    pub const TURN: &str = "rotw-solo#turn";
    pub const BUILD_TRACK: &str = "rotw-solo#build-track";
    pub const URBANIZE: &str = "rotw-solo#urbanize";
    pub const UPGRADE_ENGINE: &str = "rotw-solo#upgrade-engine";
    pub const DELIVER: &str = "rotw-solo#deliver";
    pub const OPERATIONS: &str = "rotw-solo#operations-cards";
    pub const INSURANCE: &str = "rotw-solo#insurance";
    pub const BONDS: &str = "rotw-solo#money";
    pub const RAILBOT: &str = "rotw-solo#railbot";
    pub const DUEL_BARONS: &str = "rotw-solo#duel-barons";
    pub const END: &str = "rotw-solo#end";

    /// Every section a violation may cite.
    pub const ALL: &[&str] = &[
        COMPONENTS,
        TURN,
        BUILD_TRACK,
        URBANIZE,
        UPGRADE_ENGINE,
        DELIVER,
        OPERATIONS,
        INSURANCE,
        BONDS,
        RAILBOT,
        DUEL_BARONS,
        END,
    ];
}

pub fn violation(code: &str, rule: &str, message: impl Into<String>) -> Violation {
    Violation::new(code, rule, message.into())
}

/// The income at the player's points: the track's last value past its end.
pub fn income(state: &State) -> i64 {
    let track = &state.components.income_track;
    let at = usize::try_from(state.points).unwrap_or(usize::MAX);
    i64::from(track.get(at).or(track.last()).copied().unwrap_or(0))
}

/// Pays `amount` ($k): bonds are issued first for what the cash lacks (a player never goes
/// below $0).
pub fn pay(state: &mut State, amount: u32, events: &mut Vec<Event>) {
    if state.cash < amount {
        let short = amount - state.cash;
        let value = state.components.bond_value.max(1);
        issue_bonds(state, short.div_ceil(value), events);
    }
    state.cash = state.cash.saturating_sub(amount);
}

pub fn issue_bonds(state: &mut State, bonds: u32, events: &mut Vec<Event>) {
    if bonds == 0 {
        return;
    }
    let cash = bonds.saturating_mul(state.components.bond_value);
    state.bonds = state.bonds.saturating_add(bonds);
    state.cash = state.cash.saturating_add(cash);
    events.push(Event::BondIssued { bonds, cash });
}

pub fn score(state: &mut State, points: u32, reason: &str, events: &mut Vec<Event>) {
    if points == 0 {
        return;
    }
    state.points = state.points.saturating_add(points);
    events.push(Event::PointsScored {
        points,
        reason: reason.to_string(),
    });
}

/// Points lost; the marker stops at 0.
pub fn lose(state: &mut State, points: u32, reason: &str, events: &mut Vec<Event>) {
    let lost = points.min(state.points);
    if lost == 0 {
        return;
    }
    state.points -= lost;
    events.push(Event::PointsLost {
        points: lost,
        reason: reason.to_string(),
    });
}
