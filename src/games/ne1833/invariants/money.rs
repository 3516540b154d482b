//! Money: players, companies and the bank hold the game's $10,000 between them, every amount in
//! range, and a bankrupt player has nothing left.

use super::{MONEY_CEILING, Problems, company_at};
use crate::games::ne1833::data::components;
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::State;

pub(super) fn check(state: &State, problems: &mut Problems) {
    conserved(state, problems);
    in_range(state, problems);
    bankrupt_players(state, problems);
}

/// No money is made or lost: what everyone holds adds up to the bank's starting cash. The bank
/// may go below zero only once it is broken (it pays on from the held-back notes).
fn conserved(state: &State, problems: &mut Problems) {
    let bank = components().game.bank;
    // i128: a tampered bank near i64::MAX plus the rest must not overflow.
    let total: i128 = state
        .players
        .iter()
        .map(|p| i128::from(p.cash))
        .sum::<i128>()
        + state
            .companies
            .iter()
            .map(|c| i128::from(c.cash))
            .sum::<i128>()
        + i128::from(state.bank);
    if total != i128::from(bank) {
        // Which amount is wrong cannot be told: the state as a whole is.
        problems.add(
            "money_not_conserved",
            section::MONEY,
            "",
            format!("players, companies and the bank hold ${total} in all; the game has ${bank}"),
        );
    }
    if state.bank < 0 && !state.bank_broken {
        problems.add(
            "money_not_conserved",
            section::MONEY,
            "/bank_broken",
            format!("the bank is at ${} but not marked broken", state.bank),
        );
    }
}

fn in_range(state: &State, problems: &mut Problems) {
    for (i, p) in state.players.iter().enumerate() {
        if p.cash >= MONEY_CEILING {
            problems.add(
                "money_out_of_range",
                section::MONEY,
                format!("/players/{i}/cash"),
                format!("player {} has ${}", p.seat, p.cash),
            );
        }
    }
    for c in &state.companies {
        if c.cash >= MONEY_CEILING {
            problems.add(
                "money_out_of_range",
                section::MONEY,
                format!("{}/cash", company_at(c.company)),
                format!("{} has ${}", c.company, c.cash),
            );
        }
    }
}

/// A bankrupt player's cash went to the company whose train they could not buy (ruling R4);
/// nothing pays them afterwards, since they hold no share and no private.
fn bankrupt_players(state: &State, problems: &mut Problems) {
    for (i, p) in state.players.iter().enumerate() {
        if p.bankrupt && p.cash > 0 {
            problems.add(
                "bankrupt_player_holds",
                section::END,
                format!("/players/{i}/cash"),
                format!("player {} is bankrupt but has ${}", p.seat, p.cash),
            );
        }
    }
}
