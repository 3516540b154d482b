//! 1846's privates and corporations' abilities over the state (docs/rules/1846.md#privates): the
//! hexes player-owned privates block, the spots held (reservations), the stations a company
//! has left, the tokens that may go unconnected, the privates' own tile lays, the bonus markers
//! that pay, private income, and the privates' closing at the first 5.
//!
//! The abilities are the component data's (`data::Ability`); the phases that end them are the
//! train cards' events (`close_companies` on the first 5, `remove_bonuses` and
//! `remove_reservations` on the first 6), found in the data rather than written as numbers.

use super::data::{Ability, components};
use super::ids::{Company, Private};
use super::state::{PrivateOwner, State};
use crate::games::kit18xx::stations::Reservation;

mod lays;
mod uses;

pub use lays::*;
pub use uses::*;

/// The phase (index) the first train of card `card` starts.
pub fn phase_on(card: &str) -> Option<u8> {
    let phase = components()
        .phases
        .iter()
        .position(|p| p.on.as_deref() == Some(card))?;
    u8::try_from(phase).ok()
}

/// The phase whose first train brings the train event `event`.
pub fn phase_of_event(event: &str) -> Option<u8> {
    let card = components()
        .trains
        .iter()
        .find(|t| t.events.iter().any(|e| e == event))?;
    phase_on(&card.id)
}

/// Whether the event `event` has happened by the state's phase.
pub fn happened(state: &State, event: &str) -> bool {
    phase_of_event(event).is_some_and(|phase| state.phase >= phase)
}

fn abilities(private: Private) -> &'static [Ability] {
    components()
        .private(private.id())
        .map_or(&[], |p| p.abilities.as_slice())
}

/// The corporation that owns `private`, if one does and it is open.
pub fn corporation_owning(state: &State, private: Private) -> Option<Company> {
    match state.private(private)? {
        p if p.closed => None,
        p => match p.owner {
            PrivateOwner::Company { company } => Some(company),
            _ => None,
        },
    }
}

/// The hexes the privates a player owns block (the Michigan Central's, the Ohio & Indiana's):
/// no corporation may lay there until a corporation owns the private or it closes.
pub fn blocked_hexes(state: &State) -> Vec<String> {
    state
        .privates
        .iter()
        .filter(|p| !p.closed && matches!(p.owner, PrivateOwner::Player { .. }))
        .flat_map(|p| abilities(p.private))
        .filter_map(|a| match a {
            Ability::BlocksHexes { hexes, .. } => Some(hexes.iter().cloned()),
            _ => None,
        })
        .flatten()
        .collect()
}

/// The spots held now: a corporation's reserved spot until phase IV (the `remove_reservations`
/// event) while it is in the game; the C&WI's city in Chicago while no corporation owns it and
/// it is open; the home of every corporation not yet started.
pub fn reservations(state: &State) -> Vec<Reservation> {
    let c = components();
    let mut held = Vec::new();
    for hex in &c.hexes {
        for r in &hex.reservations {
            let holds = match (Company::from_symbol(&r.by), Private::from_id(&r.by)) {
                (Some(company), _) => {
                    !happened(state, "remove_reservations")
                        && !state.companies[company.index()].closed
                }
                (None, Some(private)) => state
                    .private(private)
                    .is_some_and(|p| !p.closed && !matches!(p.owner, PrivateOwner::Company { .. })),
                (None, None) => false,
            };
            if holds {
                held.push(Reservation {
                    company: r.by.clone(),
                    hex: hex.id.clone(),
                    city: Some(r.city),
                });
            }
        }
    }
    for corporation in &c.corporations {
        let started = Company::from_symbol(&corporation.id)
            .is_some_and(|co| state.companies[co.index()].is_started());
        let removed = state
            .removed_corporations
            .iter()
            .any(|co| co.symbol() == corporation.id);
        if !started && !removed {
            held.push(Reservation {
                company: corporation.id.clone(),
                hex: corporation.home.hex.clone(),
                city: Some(corporation.home.city),
            });
        }
    }
    held
}

/// The stations `company` may have on the map: its tokens (the component data's) and one more
/// for each it gained (the C&WI's, a bought minor's).
pub fn stations_allowed(state: &State, company: Company) -> usize {
    let c = components();
    let tokens = c
        .corporation(company.symbol())
        .map(|corp| corp.tokens.len())
        .or_else(|| {
            c.minors
                .iter()
                .find(|m| m.id == company.symbol())
                .map(|m| m.tokens.len())
        })
        .unwrap_or(0);
    let gained = state
        .gained_stations
        .iter()
        .filter(|&&c| c == company)
        .count();
    tokens + gained
}

/// The stations `company` has left to place: those it may have, less those on the map.
pub fn stations_left(state: &State, company: Company) -> usize {
    stations_allowed(state, company)
        .saturating_sub(state.board.stations_of(company.symbol()).count())
}

/// A corporation's own token ability that may be placed unconnected in `hex` for its higher
/// price (the PRR's Fort Wayne, the B&O's Cincinnati), if it has one there.
pub fn teleport_price(company: Company, hex: &str) -> Option<u32> {
    components()
        .corporation(company.symbol())?
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Token {
                hex: h,
                teleport_price: Some(price),
                ..
            } if h == hex => Some(*price),
            _ => None,
        })
}
