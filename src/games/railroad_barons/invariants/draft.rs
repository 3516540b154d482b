//! The Investor draft (docs/rules/railroad-barons.md#investor-draft, #investor-450): its offers
//! and the cash they moved, the five Investors accounted for, the $450 Investor's start value
//! owed by the player who holds it.

use super::problem;
use crate::core::Violation;
use crate::games::railroad_barons::ids::{Colour, Investor};
use crate::games::railroad_barons::rules::{
    DIRECTOR_CERTIFICATE, DRAFT_OFFERS, START_CASH, section,
};
use crate::games::railroad_barons::state::{Owner, Round, State};
use crate::games::railroad_barons::turns::draft_offerer;

pub(super) fn check(state: &State, problems: &mut Vec<Violation>) {
    offers_and_cash(state, problems);
    offers(state, problems);
    start_value(state, problems);
}

/// The draft's counts: each completed offer gave one player the card and the other its price
/// (no money changes hands otherwise before the first Stock Round); the fifth Investor leaves
/// the game when the draft ends, and no other ever does.
fn offers_and_cash(state: &State, problems: &mut Vec<Violation>) {
    let Round::InvestorDraft { offers_made, .. } = &state.round else {
        if state.investors_out_of_game.len() != 1 {
            problem(
                problems,
                "bad_draft",
                section::DRAFT,
                "/investors_out_of_game",
                format!(
                    "{} Investors are out of the game; after the draft the fifth one is, alone",
                    state.investors_out_of_game.len()
                ),
            );
        }
        return;
    };
    let drafted: usize = state.players.iter().map(|p| p.investors.len()).sum();
    let placed: usize = state.holdings.iter().map(|h| h.investors.len()).sum();
    if drafted != usize::from(*offers_made) || placed > 0 || !state.investors_out_of_game.is_empty()
    {
        problem(
            problems,
            "bad_draft",
            section::DRAFT,
            "/round/offers_made",
            format!(
                "{offers_made} offers made, but the players hold {drafted} Investors, the Holdings {placed}, and {} are out of the game",
                state.investors_out_of_game.len()
            ),
        );
        return;
    }
    for p in &state.players {
        let other = state.player(p.seat.other());
        let prices: u32 = other
            .investors
            .iter()
            .map(|&i| state.components.investor(i).price)
            .sum();
        let expected = START_CASH + prices;
        if p.cash != expected {
            problem(
                problems,
                "draft_cash",
                section::DRAFT,
                format!("/players/{}/cash", p.seat.index()),
                format!(
                    "player {} has ${}: ${} to start and ${prices} for the Investors player {} took, ${expected}",
                    p.seat, p.cash, START_CASH, other.seat
                ),
            );
        }
    }
}

/// During the draft: the offers made so far, the card on offer and the pool add up to the five
/// Investors, and the offer on the table is its offerer's.
fn offers(state: &State, problems: &mut Vec<Violation>) {
    let Round::InvestorDraft {
        offers_made,
        pool,
        offer,
        start_value_due,
    } = &state.round
    else {
        return;
    };
    if *offers_made >= DRAFT_OFFERS && start_value_due.is_none() {
        problem(
            problems,
            "bad_draft",
            section::DRAFT,
            "/round/offers_made",
            "all four offers are made: the draft is over and the Stock Round has begun".to_string(),
        );
    }
    let offered = usize::from(*offers_made) + usize::from(offer.is_some());
    if *offers_made > DRAFT_OFFERS || offered + pool.len() != Investor::ALL.len() {
        problem(
            problems,
            "bad_draft",
            section::DRAFT,
            "/round/pool",
            format!(
                "{offers_made} offers made, {} on offer and {} in the pool do not add up to the five Investors",
                usize::from(offer.is_some()),
                pool.len()
            ),
        );
    }
    if let Some(o) = offer
        && o.by != draft_offerer(state.start_player, (*offers_made).min(DRAFT_OFFERS - 1))
    {
        problem(
            problems,
            "bad_draft",
            section::DRAFT,
            "/round/offer",
            format!(
                "offer {} is not player {}'s to make",
                u32::from(*offers_made) + 1,
                o.by
            ),
        );
    }
}

/// During the draft: a start value is owed exactly by the player holding a fresh $450 Investor
/// whose MS&C Director certificate has no start value yet.
fn start_value(state: &State, problems: &mut Vec<Violation>) {
    let Round::InvestorDraft {
        start_value_due, ..
    } = &state.round
    else {
        return;
    };
    if let Some(seat) = start_value_due
        && (state.holding(Colour::Green).is_started()
            || !state
                .player(*seat)
                .investors
                .contains(&Investor::Investor450))
    {
        problem(
            problems,
            "bad_draft",
            section::INVESTOR_450,
            "/round/start_value_due",
            format!("player {seat} owes MS&C's start value without holding a fresh $450 Investor"),
        );
    }
    if start_value_due.is_none()
        && !state.holding(Colour::Green).is_started()
        && state
            .holding(Colour::Green)
            .owner_of(DIRECTOR_CERTIFICATE)
            .and_then(Owner::seat)
            .is_some()
    {
        problem(
            problems,
            "bad_draft",
            section::INVESTOR_450,
            "/round/start_value_due",
            "a player holds MS&C's Director certificate but MS&C has no start value".to_string(),
        );
    }
}
