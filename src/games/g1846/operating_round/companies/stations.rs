//! Placing a station in 1846's operating round: a corporation's token, and the Chicago and Western
//! Indiana's reserved spot in Chicago.

use super::refuse;
use crate::core::Violation;
use crate::games::g1846::data::{Ability, components};
use crate::games::g1846::event::Event;
use crate::games::g1846::ids::{Company, Private, Seat};
use crate::games::g1846::privates::{corporation_owning, stations_left};
use crate::games::g1846::rules::section;
use crate::games::g1846::state::{AbilityUse, State};
use crate::games::kit18xx::operating_round::placing_stations;
use crate::games::kit18xx::operating_round::running_routes::expect_runner;
use crate::games::kit18xx::stations::{
    StationContext, StationPlacement, check_station, place_station,
};

/// The C&WI's station in its Chicago city, for the corporation owning it: free, unconnected,
/// one more than its own tokens, any time in its turn.
pub fn place_cwi(
    state: &mut State,
    player: Seat,
    at: &StationPlacement,
) -> Result<Vec<Event>, Violation> {
    let (company, _) = expect_runner(state, player)?;
    if corporation_owning(state, Private::Cwi) != Some(company) {
        return Err(refuse(
            "private_not_owned",
            format!("{company} does not own the C&WI"),
        ));
    }
    if cwi_used(state) {
        return Err(refuse(
            "ability_used",
            "the C&WI's station is placed".to_string(),
        ));
    }
    if !is_cwi_spot(at) {
        return Err(refuse(
            "not_in_ability",
            format!(
                "the C&WI's station goes in its Chicago city, not {} city {}",
                at.hex, at.city
            ),
        ));
    }
    let c = components();
    let ctx = StationContext {
        map: &c.map,
        section: section::STATIONS,
        company: company.symbol(),
        cash: u32::MAX,
        stations_left: stations_left(state, company) + 1,
        price: 0,
        reservations: &[],
        extra_sources: &[],
        anywhere: true,
    };
    check_station(&state.board, &ctx, at)?;
    place_station(&mut state.board, company.symbol(), at);
    record_cwi_station(state, company, at);
    Ok(vec![Event::StationPlaced {
        corporation: company,
        hex: at.hex.clone(),
        city: at.city,
        cost: 0,
    }])
}

/// A corporation's own station (the track step's one): where the corporation owns the C&WI
/// and places it in the C&WI's city, it is made with the C&WI's token (below).
pub fn place_token(
    state: &mut State,
    player: Seat,
    at: &StationPlacement,
) -> Result<Vec<Event>, Violation> {
    let company = crate::games::kit18xx::operating_round::current(state).map(|(c, _)| c);
    let with_cwi = company.is_some_and(|c| station_is_cwis(state, c, at));
    let events = placing_stations::place_token(state, player, at)?;
    if let (true, Some(company)) = (with_cwi, company) {
        record_cwi_station(state, company, at);
    }
    Ok(events)
}

/// Whether a corporation's own station at `at` is made with the C&WI's token: 18xx.games
/// applies the placing corporation's token abilities to its own station in their city
/// (`Tokener#adjust_token_price_ability!`), so the owner of the C&WI, its station not yet
/// placed, placing one of its own in the C&WI's Chicago city places the C&WI's: free, one more
/// than its own tokens, the C&WI's used. (Connected as its own station: the step's check.)
pub fn station_is_cwis(state: &State, company: Company, at: &StationPlacement) -> bool {
    is_cwi_spot(at) && !cwi_used(state) && corporation_owning(state, Private::Cwi) == Some(company)
}

fn cwi_used(state: &State) -> bool {
    state
        .abilities_used
        .iter()
        .any(|u| u.private == Private::Cwi)
}

/// Whether `at` is the C&WI's Chicago city (its token ability's hex and city).
fn is_cwi_spot(at: &StationPlacement) -> bool {
    let spot = components().private(Private::Cwi.id()).and_then(|p| {
        p.abilities.iter().find_map(|a| match a {
            Ability::Token { hex, city, .. } => Some((hex.as_str(), *city)),
            _ => None,
        })
    });
    spot == Some((at.hex.as_str(), Some(at.city)))
}

/// The C&WI's station placed for `company`: its ability used, its token one more.
fn record_cwi_station(state: &mut State, company: Company, at: &StationPlacement) {
    state.abilities_used.push(AbilityUse {
        private: Private::Cwi,
        company,
        hex: at.hex.as_str().into(),
        at_move: None,
        new_exits: Vec::new(),
    });
    state.gained_stations.push(company);
}
