//! What is left of each private's abilities, the markers that pay, its income, and its closing.

use super::{abilities, corporation_owning, happened};
use crate::games::g1846::data::{Ability, components};
use crate::games::g1846::ids::{Company, Private};
use crate::games::g1846::state::{PrivateOwner, State};

/// How many times `private`'s one-time ability has been used (its lays, the C&WI's station).
pub fn uses(state: &State, private: Private) -> usize {
    state
        .abilities_used
        .iter()
        .filter(|u| u.private == private)
        .count()
}

/// Whether `private`'s own lay is still to be used for the corporation owning it (see
/// [`ability_left`]: lays made together keep the second only right after the first).
pub fn lay_left(state: &State, private: Private) -> bool {
    corporation_owning(state, private).is_some_and(|company| {
        abilities(private).iter().any(|a| {
            matches!(a, Ability::ExtraTileLay { .. }) && ability_unused(state, company, private, a)
        })
    })
}

/// The private whose lays are made together and whose second may come now (its first was the
/// action just before): 18xx.games' `SpecialTrack` then blocks for it.
pub fn second_lay_pending(state: &State) -> Option<Private> {
    state.privates.iter().map(|p| p.private).find(|&private| {
        let together = abilities(private).iter().find_map(|a| match a {
            Ability::ExtraTileLay {
                count,
                must_lay_together: true,
                ..
            } => Some(usize::from(*count)),
            _ => None,
        });
        let used = uses(state, private);
        together.is_some_and(|count| used > 0 && used < count) && laid_just_before(state, private)
    })
}

/// Whether `private`'s last lay was the action just before this one (its `at_move`).
pub fn laid_just_before(state: &State, private: Private) -> bool {
    state
        .abilities_used
        .iter()
        .rev()
        .find(|u| u.private == private)
        .and_then(|u| u.at_move)
        .is_some_and(|at| at + 1 == state.moves)
}

/// The bonus markers that pay now, as (private, hex, corporation): none from phase IV (the
/// `remove_bonuses` event); a marker pays the corporation it serves (the one owning its private
/// when it was placed, or the Steamboat's assigned corporation), once it has a hex and a
/// corporation. The markers outlive their privates' closing (g_1846 keeps the assignments),
/// but for a player's Steamboat, removed at the first 5.
pub fn paying_markers(state: &State) -> Vec<(String, String, String)> {
    if happened(state, "remove_bonuses") {
        return Vec::new();
    }
    state
        .markers
        .iter()
        .filter_map(|m| {
            Some((
                m.private.id().to_string(),
                m.hex.as_deref()?.to_string(),
                m.company?.symbol().to_string(),
            ))
        })
        .collect()
}

/// The privates that never close while a corporation owns them (the Mail Contract).
fn never_closes(state: &State, private: Private) -> bool {
    corporation_owning(state, private).is_some()
        && abilities(private)
            .iter()
            .any(|a| matches!(a, Ability::NeverCloses { .. }))
}

/// The first 5 (`close_companies`): every private closes but one that never closes while a
/// corporation owns it; returns those closed.
pub fn close_privates(state: &mut State) -> Vec<Private> {
    let closing: Vec<Private> = state
        .privates
        .iter()
        .filter(|p| !p.closed)
        .map(|p| p.private)
        .filter(|&p| !never_closes(state, p))
        .collect();
    for &private in &closing {
        if let Some(p) = state.private_mut(private) {
            p.closed = true;
        }
    }
    closing
}

/// The first 5 removes a player's Steamboat marker (g_1846 `remove_steamboat_bonuses!`); the
/// corporations' markers stay until the first 6.
pub fn remove_players_steamboat(state: &mut State, steamboat_owner: PrivateOwner) {
    if matches!(steamboat_owner, PrivateOwner::Player { .. }) {
        state.markers.retain(|m| m.private != Private::Sc);
    }
}

/// The income each open private pays its owner at the start of an operating round: (private,
/// owner, amount).
pub fn income(state: &State) -> Vec<(Private, PrivateOwner, u32)> {
    state
        .privates
        .iter()
        .filter(|p| !p.closed && !matches!(p.owner, PrivateOwner::Unsold {}))
        .filter_map(|p| {
            let revenue = components().private(p.private.id())?.revenue;
            (revenue > 0).then_some((p.private, p.owner, revenue))
        })
        .collect()
}

/// Whether `company` owns a private whose own ability it may still use at any time in its turn
/// (18xx.games' abilities `when: owning_corp_or_turn`): a tile lay left (Michigan Central,
/// O&I, Little Miami, Lake Shore Line), the C&WI's station while it has none in Chicago, the
/// Meat Packing's or the Boomtown's marker not yet placed. (The Steamboat's marker is placed
/// before the routes only; the Tunnel Blasting's discount asks nothing.)
pub fn ability_left(state: &State, company: Company) -> bool {
    state
        .privates
        .iter()
        .filter(|p| corporation_owning(state, p.private) == Some(company))
        .any(|p| {
            abilities(p.private)
                .iter()
                .any(|a| ability_unused(state, company, p.private, a))
        })
}

fn ability_unused(state: &State, company: Company, private: Private, ability: &Ability) -> bool {
    match ability {
        // Lays made together: the second only right after the first (else forfeited).
        Ability::ExtraTileLay {
            count,
            must_lay_together,
            ..
        } => {
            let used = uses(state, private);
            used == 0
                || (used < usize::from(*count)
                    && (!must_lay_together || laid_just_before(state, private)))
        }
        Ability::Token { hex, .. } if private == Private::Cwi => {
            uses(state, private) == 0
                && !state
                    .board
                    .stations_of(company.symbol())
                    .any(|s| s.hex.as_str() == hex)
        }
        Ability::AssignedBonus { reassign, .. } if reassign.is_none() => !state
            .markers
            .iter()
            .any(|m| m.private == private && m.hex.is_some()),
        _ => false,
    }
}
