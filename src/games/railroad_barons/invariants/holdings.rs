//! Holdings (docs/rules/railroad-barons.md#starting-a-holding, #floating, #directorship,
//! #bank-cap, #operating-round, #discarding): started with a start value and a share value on
//! the track, directed by the largest holder, floated when they should be, within the bank's cap,
//! their Railroads and Operators invested within their card's.

use super::problem;
use crate::core::Violation;
use crate::games::railroad_barons::ids::Colour;
use crate::games::railroad_barons::rules::{
    BANK_CAP_PERCENT, DIRECTOR_CERTIFICATE, FLOAT_PERCENT, section,
};
use crate::games::railroad_barons::state::{Holding, Owner, Round, State};

pub(super) fn check(state: &State, problems: &mut Vec<Violation>) {
    for h in &state.holdings {
        if !started_together(h, problems) {
            continue;
        }
        if h.director.is_none() {
            unstarted(state, h, problems);
            continue;
        }
        values(state, h, problems);
        directorship_and_float(h, problems);
        within_card(state, h, problems);
    }
}

/// A Director, a share value and a start value come together, or none of them.
fn started_together(h: &Holding, problems: &mut Vec<Violation>) -> bool {
    let colour = h.colour;
    let started = h.director.is_some();
    if started != h.share_value.is_some() || started != h.start_value.is_some() {
        problem(
            problems,
            "half_started_holding",
            section::STARTING,
            format!("/holdings/{}", colour.index()),
            format!(
                "{colour} must have a director, a share value and a start value together, or none of them"
            ),
        );
        return false;
    }
    true
}

/// An unstarted Holding is untouched: no stock with players (but MS&C's Director certificate
/// awaiting its start value), no float, cash, Investors or Operators.
fn unstarted(state: &State, h: &Holding, problems: &mut Vec<Violation>) {
    let colour = h.colour;
    // Between taking the $450 Investor and choosing MS&C's start value, its receiver
    // holds MS&C's Director certificate and MS&C the Dominion Atlantic.
    let awaiting_start_value = matches!(&state.round, Round::InvestorDraft { start_value_due: Some(seat), .. }
        if colour == Colour::Green && h.percent_of((*seat).into()) == DIRECTOR_CERTIFICATE);
    if (h.percent_held_by_players() > 0 && !awaiting_start_value)
        || h.floated
        || h.cash > 0
        || !h.investors.is_empty()
        || h.operators_invested > 0
    {
        problem(
            problems,
            "unstarted_holding_in_use",
            section::STARTING,
            format!("/holdings/{}", colour.index()),
            format!(
                "{colour} is not started, yet players hold its stock or it has floated, cash, Investors or operators"
            ),
        );
    }
}

/// Its share value is on the track and its start value one of the start values.
fn values(state: &State, h: &Holding, problems: &mut Vec<Violation>) {
    let c = &state.components;
    let colour = h.colour;
    if let Some(v) = h.share_value
        && c.track_position(v).is_none()
    {
        problem(
            problems,
            "share_value_off_track",
            section::STOCK_ROUND,
            format!("/holdings/{}/share_value", colour.index()),
            format!("{colour}'s share value ${v} is not on the share value track"),
        );
    }
    if let Some(v) = h.start_value
        && !c.start_values.contains(&v)
    {
        problem(
            problems,
            "invalid_start_value",
            section::STARTING,
            format!("/holdings/{}/start_value", colour.index()),
            format!("{colour}'s start value ${v} is not one of the start values"),
        );
    }
}

/// Its Director holds the most, it floated when players reached the float, and the bank holds
/// no more than its cap of a floated Holding.
fn directorship_and_float(h: &Holding, problems: &mut Vec<Violation>) {
    let colour = h.colour;
    if let Some(director) = h.director {
        let mine = h.percent_of(director.into());
        let theirs = h.percent_of(director.other().into());
        if theirs > mine {
            problem(
                problems,
                "director_not_largest_holder",
                section::DIRECTORSHIP,
                format!("/holdings/{}/director", colour.index()),
                format!(
                    "player {director} is {colour}'s Director with {mine}%, but player {} holds {theirs}%",
                    director.other()
                ),
            );
        }
    }
    let players = h.percent_held_by_players();
    if !h.floated && players >= FLOAT_PERCENT {
        problem(
            problems,
            "float_missed",
            section::FLOATING,
            format!("/holdings/{}/floated", colour.index()),
            format!("players hold {players}% of {colour}, yet it has not floated"),
        );
    }
    let bank = h.percent_of(Owner::Bank);
    if h.floated && bank > BANK_CAP_PERCENT {
        problem(
            problems,
            "bank_cap",
            section::BANK_CAP,
            format!("/holdings/{}/certificates", colour.index()),
            format!("the bank holds {bank}% of floated {colour}; at most {BANK_CAP_PERCENT}%"),
        );
    }
}

/// Its Railroads and Operators invested are within what its card holds.
fn within_card(state: &State, h: &Holding, problems: &mut Vec<Violation>) {
    let c = &state.components;
    let colour = h.colour;
    let card = c.holding(colour);
    let most = usize::from(card.plus_circles) + usize::from(card.diamond_circles);
    if h.railroads.len() > most {
        problem(
            problems,
            "too_many_railroads",
            section::DISCARDING,
            format!("/holdings/{}/railroads", colour.index()),
            format!(
                "{colour} owns {} Railroads; it can hold at most {most} even before discarding",
                h.railroads.len()
            ),
        );
    }
    let operators = c.holding(colour).operators;
    if h.operators_invested > operators {
        problem(
            problems,
            "too_many_operators_invested",
            section::OPERATING_ROUND,
            format!("/holdings/{}/operators_invested", colour.index()),
            format!(
                "{colour} has {} operators invested but only {operators} operators",
                h.operators_invested
            ),
        );
    }
}
