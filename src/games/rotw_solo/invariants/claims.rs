//! What the player's play meets: a Major Line is the player's exactly when the player's own
//! links connect its cities in order (unless the Railbot was given it first), a Duel Baron is
//! the player's only with its objective met (objectives only grow), both one claim each; the
//! engine at least one level above the start for each Engine Upgrade card taken.

use std::collections::HashSet;

use super::Problems;
use crate::games::rotw_solo::barons::met;
use crate::games::rotw_solo::data::OperationsEffect;
use crate::games::rotw_solo::rules::section;
use crate::games::rotw_solo::setup::BARONS_SHOWN;
use crate::games::rotw_solo::state::{Owner, State};

pub(super) fn check(state: &State, problems: &mut Problems) {
    major_lines(state, problems);
    barons(state, problems);
    engine(state, problems);
}

/// The cities the player's own links connect, as the root of each city's group (union-find
/// over the links: O(n log n)).
fn player_groups(state: &State) -> Vec<usize> {
    let cities = state.components.map.cities.len();
    let mut parent: Vec<usize> = (0..cities).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for link in state.links.iter().filter(|l| l.owner == Owner::Player) {
        let [a, b] = link.cities.map(usize::from);
        if a < cities && b < cities {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    (0..cities).map(|x| root(&mut parent, x)).collect()
}

fn major_lines(state: &State, problems: &mut Problems) {
    let c = &state.components;
    if state.major_lines.len() != c.major_lines.len() {
        problems.add(
            "major_lines",
            section::TURN,
            "/major_lines",
            format!(
                "{} Major Line claims are recorded; there are {} Major Lines",
                state.major_lines.len(),
                c.major_lines.len()
            ),
        );
        return;
    }
    let groups = player_groups(state);
    for (k, (data, claim)) in c.major_lines.iter().zip(&state.major_lines).enumerate() {
        let cities: Option<Vec<usize>> = data.cities.iter().map(|name| c.city(name)).collect();
        let completed = data.in_play
            && cities.is_some_and(|cities| cities.windows(2).all(|w| groups[w[0]] == groups[w[1]]));
        let fine = match claim {
            None => !completed,
            Some(Owner::Player) => completed,
            Some(Owner::Railbot) => data.in_play,
        };
        if !fine {
            problems.add(
                "major_lines",
                section::BUILD_TRACK,
                format!("/major_lines/{k}"),
                format!(
                    "{} is claimed by {claim:?} while the player's links {} it",
                    data.name,
                    if completed {
                        "complete"
                    } else {
                        "do not complete"
                    }
                ),
            );
        }
    }
}

fn barons(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let expected = if state.duel_barons_variant {
        BARONS_SHOWN
    } else {
        0
    };
    let mut distinct = HashSet::new();
    let mut fine = state.barons.len() == expected;
    for b in &state.barons {
        fine &= usize::from(b.baron) < c.duel_barons.len() && distinct.insert(b.baron);
    }
    if !fine {
        problems.add(
            "duel_barons",
            section::DUEL_BARONS,
            "/barons",
            format!("{expected} distinct Duel Barons must be in play"),
        );
        return;
    }
    for (k, b) in state.barons.iter().enumerate() {
        let data = &c.duel_barons[usize::from(b.baron)];
        if b.claimed_by == Some(Owner::Player) && !met(state, &data.objective) {
            problems.add(
                "duel_barons",
                section::DUEL_BARONS,
                format!("/barons/{k}/claimed_by"),
                format!(
                    "{} is the player's, but its objective is not met",
                    data.name
                ),
            );
        }
    }
}

fn engine(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let top = c.top_engine();
    let upgrades = state
        .operations
        .taken
        .iter()
        .filter(|&&card| {
            c.operations_deck
                .get(usize::from(card))
                .is_some_and(|d| d.effect == OperationsEffect::EngineUpgrade {})
        })
        .count();
    let lowest = (1 + upgrades).min(usize::from(top));
    if !(1..=top).contains(&state.engine) || usize::from(state.engine) < lowest {
        problems.add(
            "engine_level",
            section::UPGRADE_ENGINE,
            "/engine",
            format!(
                "engine level {} is not between {lowest} ({upgrades} Engine Upgrade cards taken) and {top}",
                state.engine
            ),
        );
    }
}
