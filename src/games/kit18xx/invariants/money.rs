//! Money: players, companies and the bank hold the money the game began with between them,
//! every amount in range, and a bankrupt player has nothing left.

use super::{CheckedTitle, MONEY_CEILING, Problems, company_at};

pub fn check<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    conserved(state, problems);
    in_range(state, problems);
    bankrupt_players(state, problems);
}

/// No money is made or lost: what everyone holds adds up to what the game began with. The bank
/// may go below zero only once it is broken (it pays on from the held-back notes).
fn conserved<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    let section = state.check_sections().money;
    let in_game = state.money_in_game();
    // i128: a tampered bank near i64::MAX plus the rest must not overflow.
    let total: i128 = state
        .players()
        .iter()
        .map(|p| i128::from(p.cash))
        .sum::<i128>()
        + state
            .companies()
            .iter()
            .map(|c| i128::from(c.cash))
            .sum::<i128>()
        + i128::from(state.bank());
    if total != i128::from(in_game) {
        // Which amount is wrong cannot be told: the state as a whole is.
        problems.add(
            "money_not_conserved",
            section,
            "",
            format!(
                "players, companies and the bank hold ${total} in all; the game has ${in_game}"
            ),
        );
    }
    if state.bank() < 0 && !state.bank_broken() {
        problems.add(
            "money_not_conserved",
            section,
            "/bank_broken",
            format!("the bank is at ${} but not marked broken", state.bank()),
        );
    }
}

fn in_range<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    let section = state.check_sections().money;
    for (i, p) in state.players().iter().enumerate() {
        if p.cash >= MONEY_CEILING {
            problems.add(
                "money_out_of_range",
                section,
                format!("/players/{i}/cash"),
                format!("player {} has ${}", p.seat, p.cash),
            );
        }
    }
    for c in state.companies() {
        if c.cash >= MONEY_CEILING {
            problems.add(
                "money_out_of_range",
                section,
                format!("{}/cash", company_at(c.company)),
                format!("{} has ${}", c.company, c.cash),
            );
        }
    }
}

/// A bankrupt player's cash went to the company whose train they could not buy; nothing pays
/// them afterwards, since they hold no share and no private.
fn bankrupt_players<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    for (i, p) in state.players().iter().enumerate() {
        if p.bankrupt && p.cash > 0 {
            problems.add(
                "bankrupt_player_holds",
                state.check_sections().end,
                format!("/players/{i}/cash"),
                format!("player {} is bankrupt but has ${}", p.seat, p.cash),
            );
        }
    }
}
