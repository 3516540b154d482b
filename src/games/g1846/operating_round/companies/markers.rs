//! Assigning a private's bonus marker (Steamboat, Meat Packing, Boomtown and Little Miami's hexes)
//! to a hex and, for the Steamboat, a company.

use super::refuse;
use crate::core::Violation;
use crate::games::g1846::data::{Ability, components};
use crate::games::g1846::event::Event;
use crate::games::g1846::ids::{Company, Private, Seat};
use crate::games::g1846::state::{Marker, PrivateOwner, State};
use crate::games::kit18xx::operating_round::OperatingTitle;
use crate::games::kit18xx::operating_round::running_routes::expect_runner;

/// The hexes a bonus private's marker may go on (its `assigned_bonus` ability).
fn marker_hexes(private: Private) -> Option<&'static [String]> {
    components()
        .private(private.id())?
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::AssignedBonus { hexes, .. } => Some(hexes.as_slice()),
            _ => None,
        })
}

/// Whom `player` places `private`'s marker for: the corporation owning it, in its turn (the
/// Steamboat before its routes), or themselves for their Steamboat at an operating round's
/// start (`None`).
fn assigning_for(
    state: &State,
    player: Seat,
    private: Private,
) -> Result<Option<Company>, Violation> {
    let owner = state
        .private(private)
        .filter(|p| !p.closed)
        .map(|p| p.owner);
    match owner {
        Some(PrivateOwner::Company { company }) => {
            let (operating, turn) = expect_runner(state, player)?;
            if operating != company {
                return Err(refuse(
                    "not_owner",
                    format!("{private} is {company}'s: it assigns in {company}'s turn"),
                ));
            }
            // A corporation's Steamboat is moved before its routes (18xx.games: `when:
            // track_and_token, route`), or before its track step is over when it has no
            // routes to run (the site skips them then); the Meat Packing's and the
            // Boomtown's at any time.
            let past_routes = turn.revenue.is_some()
                || crate::games::g1846::operating_round::steps::routes_skipped(state, company);
            if private == Private::Sc && past_routes {
                return Err(refuse(
                    "after_routes",
                    format!("{company} moves the Steamboat before running its routes"),
                ));
            }
            Ok(Some(company))
        }
        Some(PrivateOwner::Player { seat }) if seat == player && private == Private::Sc => {
            if crate::games::g1846::turns::steamboat_owner_at_round_start(state) != Some(seat) {
                return Err(refuse(
                    "not_round_start",
                    format!("player {player} assigns {private} at the start of an operating round"),
                ));
            }
            Ok(None)
        }
        _ => Err(refuse(
            "not_owner",
            format!("player {player} may not place {private}'s marker now"),
        )),
    }
}

/// A bonus private's owner places its marker (g_1846 `Assign`): the Meat Packing's and the
/// Boomtown's once, by the corporation owning them, on one of their hexes; the Steamboat's on a
/// port hex and (a player's) to a corporation, each once an operating round by its owning
/// player and once by the corporation owning it.
pub fn assign(
    state: &mut State,
    player: Seat,
    private: Private,
    target: &str,
) -> Result<Vec<Event>, Violation> {
    let Some(hexes) = marker_hexes(private) else {
        return Err(refuse(
            "no_marker",
            format!("{private} has no bonus marker"),
        ));
    };
    let acting_for = assigning_for(state, player, private)?;
    let corporation = Company::from_symbol(target);
    // Only a player's Steamboat is assigned to a corporation: a corporation's marker serves
    // the corporation owning it, from its purchase (18xx.games: `assign_corporation` is
    // `when: sold` but for a player's Steamboat at the round's start).
    if corporation.is_some() && acting_for.is_some() {
        return Err(refuse(
            "not_in_ability",
            format!("{private}'s marker serves the corporation owning it: it is assigned a hex"),
        ));
    }
    if let Some(c) = corporation
        && (!state.operates(c) || (c.is_minor() && private != Private::Sc))
    {
        return Err(refuse(
            "not_in_play",
            format!(
                "{private}'s marker serves a corporation in play (the Steamboat's a minor too), not {c}"
            ),
        ));
    }
    let kind = if corporation.is_some() {
        "corporation"
    } else {
        "hex"
    };
    if corporation.is_none() && !hexes.iter().any(|h| h == target) {
        return Err(refuse(
            "not_in_ability",
            format!(
                "{private}'s marker goes on {} or a corporation, not {target}",
                hexes.join(", ")
            ),
        ));
    }
    // The owning player's use at the round's start and a corporation's in its turn are two
    // abilities, each once a round (g_1846's Steamboat: `or_start` for a player,
    // `track_and_token`/`route` for a corporation): a corporation that bought the Steamboat
    // may move it again in the round its former owner moved it.
    let once = match acting_for {
        Some(company) => format!("{private} {kind} by {company}"),
        None => format!("{private} {kind}"),
    };
    // The Steamboat is reassigned to a different port or corporation (its card; 18xx.games'
    // `Assign`: "already assigned").
    let already = state.markers.iter().any(|m| {
        m.private == private
            && match corporation {
                Some(c) => m.company == Some(c) && acting_for.is_none(),
                None => m.hex.as_deref() == Some(target),
            }
    });
    if already {
        return Err(refuse(
            "already_assigned",
            format!("{private}'s marker is on {target} already"),
        ));
    }
    let placed_before = state
        .markers
        .iter()
        .any(|m| m.private == private && m.hex.is_some());
    let done = state.assigned_this_round.iter().any(|a| *a == once)
        || (private != Private::Sc && placed_before);
    if done {
        return Err(refuse(
            "ability_used",
            format!("{private}'s {kind} is assigned already"),
        ));
    }
    let index = match state.markers.iter().position(|m| m.private == private) {
        Some(i) => i,
        None => {
            state.markers.push(Marker {
                private,
                hex: None,
                company: acting_for,
            });
            state.markers.len() - 1
        }
    };
    let marker = &mut state.markers[index];
    match corporation {
        Some(c) => marker.company = Some(c),
        None => marker.hex = Some(target.into()),
    }
    if let Some(company) = acting_for {
        marker.company = Some(company);
    }
    let (hex, company) = (
        marker.hex.as_deref().unwrap_or_default().to_string(),
        marker.company,
    );
    state.assigned_this_round.push(once.into());
    Ok(company
        .map(|corporation| Event::MarkerAssigned {
            company: private,
            hex,
            corporation,
        })
        .into_iter()
        .collect())
}
