//! Privates: owned by a seat in the game or a started company, closed with a closed owner or
//! a bankrupt one, flipped only from phase III; P2's free tile and P3's lays.

use crate::games::kit18xx::table::Table as _;
use std::collections::BTreeSet;

use super::{Problems, in_game, private_at};
use crate::games::ne1833::data::components;
use crate::games::ne1833::ids::Private;
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{PrivateOwner, PrivateState, State};

/// Phase III (index 2) flips the privates companies own.
const PHASE_III: u8 = 2;

pub(super) fn check(state: &State, problems: &mut Problems) {
    for p in &state.privates {
        owner(state, p, problems);
        flipped(state, p, problems);
    }
    lowell_free_tile(state, problems);
    champlain_lays(state, problems);
}

fn owner(state: &State, p: &PrivateState, problems: &mut Problems) {
    let at = private_at(p.private);
    match p.owner {
        PrivateOwner::Player { seat } if !in_game(state, seat) => problems.add(
            "unknown_seat",
            section::AUCTION,
            format!("{at}/owner"),
            format!("{} is owned by {seat}, a seat not in the game", p.private),
        ),
        // Bankruptcy closes the player's privates (ruling R4).
        PrivateOwner::Player { seat } if state.player(seat).bankrupt && !p.closed => problems.add(
            "bankrupt_player_holds",
            section::END,
            format!("{at}/closed"),
            format!("{} is open but its owner {seat} is bankrupt", p.private),
        ),
        // Closing a company closes its privates (market::close).
        PrivateOwner::Company { company } if state.company(company).closed && !p.closed => problems
            .add(
                "private_of_closed_company",
                section::PRIVATES,
                format!("{at}/closed"),
                format!("{} is open but its owner {company} has closed", p.private),
            ),
        PrivateOwner::Company { company } if !state.company(company).is_started() => problems.add(
            "private_owner_not_started",
            section::AUCTION,
            format!("{at}/owner"),
            format!("{} is owned by {company}, which has not started", p.private),
        ),
        _ => {}
    }
}

/// Phase III flips the privates companies own then (P3-P6); none is flipped before it. (That
/// every private phase III flips is flipped is checked with the phases' other effects.)
fn flipped(state: &State, p: &PrivateState, problems: &mut Problems) {
    let company_owned = matches!(p.owner, PrivateOwner::Company { .. });
    let flippable = !matches!(p.private, Private::P1 | Private::P2);
    if p.flipped && (state.phase < PHASE_III || !company_owned || !flippable) {
        problems.add(
            "private_flipped_wrongly",
            section::PRIVATES,
            format!("{}/flipped", private_at(p.private)),
            format!(
                "{} is flipped; phase III flips only P3-P6, owned by companies, and the phase is {}",
                p.private,
                usize::from(state.phase) + 1
            ),
        );
    }
}

/// P2's free tile belongs to the company that bought P2 (from a player, so it owns it still or
/// it has closed since), and goes with the company if it closes.
fn lowell_free_tile(state: &State, problems: &mut Problems) {
    let Some(free) = state.lowell_free_tile else {
        return;
    };
    let company = free.company;
    if state.company(company).closed {
        problems.add(
            "closed_company_in_use",
            section::PRIVATES,
            "/lowell_free_tile",
            format!("{company} has closed but still has P2's free tile"),
        );
    } else if state.private(Private::P2).owner != (PrivateOwner::Company { company }) {
        problems.add(
            "lowell_free_tile_without_p2",
            section::PRIVATES,
            "/lowell_free_tile",
            format!("{company} has P2's free tile but did not buy P2"),
        );
    }
}

/// P3 lays once in each of its hexes, and a laid tile stays on the map (upgrades replace it).
fn champlain_lays(state: &State, problems: &mut Problems) {
    let mut seen = BTreeSet::new();
    for (i, hex) in state.champlain_lays.iter().enumerate() {
        let at = format!("/champlain_lays/{i}");
        if !seen.insert(hex.as_str()) {
            problems.add(
                "bad_champlain_lay",
                section::PRIVATES,
                at,
                format!("P3 is recorded as laying in {hex} twice"),
            );
        } else if state.board.tiles.get(&components().map, hex).is_none() {
            problems.add(
                "bad_champlain_lay",
                section::PRIVATES,
                at,
                format!("P3 is recorded as laying in {hex}, which has no tile"),
            );
        }
    }
}
