//! The round (docs/rules/railroad-barons.md#stock-round, #operating-round, #end): a Stock
//! Round's passes and sales, an Operating Round's number, tokens and step, the final standing.
//! The Investor draft is `draft`.

use super::problem;
use crate::core::Violation;
use crate::games::railroad_barons::operating_round::final_standing;
use crate::games::railroad_barons::rules::{OPERATING_ROUNDS, section};
use crate::games::railroad_barons::state::{OperatingStep, Round, State};

pub(super) fn check(state: &State, problems: &mut Vec<Violation>) {
    stock_round(state, problems);
    operating_round(state, problems);
    game_ended(state, problems);
}

/// A Stock Round: two passes in a row end it, each pass and each sale takes a turn, a player
/// sells a Holding once a turn.
fn stock_round(state: &State, problems: &mut Vec<Violation>) {
    let Round::StockRound {
        passes_in_a_row,
        sold,
        turns_taken,
        last_trader,
        ..
    } = &state.round
    else {
        return;
    };
    if *passes_in_a_row >= 2 || u32::from(*passes_in_a_row) > *turns_taken {
        problem(
            problems,
            "bad_round",
            section::STOCK_ROUND,
            "/round/passes_in_a_row",
            format!(
                "{passes_in_a_row} passes in a row after {turns_taken} turns: two passes end the Stock Round, and each pass is a turn"
            ),
        );
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(k) = sold
        .iter()
        .position(|s| !seen.insert((s.player.index(), s.holding.index())))
    {
        problem(
            problems,
            "bad_round",
            section::STOCK_ROUND,
            format!("/round/sold/{k}"),
            format!(
                "player {} is recorded twice as having sold {}",
                sold[k].player, sold[k].holding
            ),
        );
    }
    // A sale is a trade, and takes a turn.
    if (!sold.is_empty() && last_trader.is_none()) || (*turns_taken == 0 && last_trader.is_some()) {
        problem(
            problems,
            "bad_round",
            section::STOCK_ROUND,
            "/round/last_trader",
            format!(
                "{} sales and {turns_taken} turns this round, but the last trader is {last_trader:?}",
                sold.len()
            ),
        );
    }
}

/// An Operating Round: the first or second, of a floated Holding, its tokens within its circles
/// and Operators, its acquisitions within its (+) tokens, a discard only of Railroads over its
/// (⋄) tokens.
fn operating_round(state: &State, problems: &mut Vec<Violation>) {
    let Round::OperatingRound {
        number,
        holding,
        plus,
        diamond,
        acquisitions,
        step,
        ..
    } = &state.round
    else {
        return;
    };
    if !(1..=OPERATING_ROUNDS).contains(number) {
        problem(
            problems,
            "bad_round",
            section::OPERATING_ROUND,
            "/round/number",
            format!("there are two Operating Rounds after a Stock Round, not {number}"),
        );
    }
    let h = state.holding(*holding);
    if !h.floated || h.director.is_none() {
        problem(
            problems,
            "bad_round",
            section::OPERATING_ROUND,
            "/round/holding",
            format!("{holding} is operating but has not floated"),
        );
    }
    let card = state.components.holding(*holding);
    let placed = u32::from(*plus) + u32::from(*diamond);
    let available = u32::from(card.operators.saturating_sub(h.operators_invested));
    if *plus > card.plus_circles || *diamond > card.diamond_circles || placed > available {
        problem(
            problems,
            "too_many_tokens",
            section::OPERATORS,
            "/round/plus",
            format!(
                "{holding} has {plus} tokens on (+) and {diamond} on (⋄); it has {} and {} circles and {available} tokens to place",
                card.plus_circles, card.diamond_circles
            ),
        );
    }
    if acquisitions > plus {
        problem(
            problems,
            "too_many_acquisitions",
            section::ACQUISITIONS,
            "/round/acquisitions",
            format!("{holding} made {acquisitions} acquisitions with {plus} tokens on (+)"),
        );
    }
    if *step == OperatingStep::Discard && h.railroads.len() <= usize::from(*diamond) {
        problem(
            problems,
            "bad_round",
            section::DISCARDING,
            "/round/step",
            format!(
                "{holding} is discarding but owns no more Railroads than its {diamond} tokens on (⋄)"
            ),
        );
    }
}

/// The end: the recorded wealth and winners are what the players' cash and certificates make.
fn game_ended(state: &State, problems: &mut Vec<Violation>) {
    let Round::GameEnded { wealth, winners } = &state.round else {
        return;
    };
    let (expected_wealth, expected_winners) = final_standing(state);
    if *wealth != expected_wealth || *winners != expected_winners {
        problem(
            problems,
            "bad_round",
            section::END,
            "/round",
            "the recorded wealth and winners are not what the players' cash and certificates make"
                .to_string(),
        );
    }
}
