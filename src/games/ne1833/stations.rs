//! Stations: each company has two, its home (free, placed when it starts) and one more.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::board::{Board, Node, Station};
use super::data::{
    Colour, Components, HELD_SPOTS, SPECIAL_STATION_PRICES, STATION_PRICE, StopKind,
};
use super::rules::section;
use crate::core::Violation;

/// Stations a company has: its home and one more.
pub const STATIONS_PER_COMPANY: usize = 2;

/// `place_token`: a station in a city, by hex and city (stop index in what the hex shows).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833StationPlacement)]
pub struct StationPlacement {
    pub hex: String,
    pub city: u8,
}

/// A spot held for one company in one hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reservation {
    pub company: String,
    pub hex: String,
}

/// The spots held now: before phase IV, the B&W's in Worcester and, once Boston shows green,
/// the B&P's in Boston; none from phase IV on.
pub fn active_reservations(
    board: &Board,
    components: &Components,
    before_phase_four: bool,
) -> Vec<Reservation> {
    if !before_phase_four {
        return Vec::new();
    }
    HELD_SPOTS
        .iter()
        .filter(|spot| {
            !spot.from_green
                || components.hex(spot.hex).is_some_and(|h| {
                    !matches!(
                        board.face(components, h).colour,
                        Colour::White | Colour::Yellow
                    )
                })
        })
        .map(|spot| Reservation {
            company: spot.company.to_string(),
            hex: spot.hex.to_string(),
        })
        .collect()
}

/// The price of the company's extra station in `hex`.
pub fn station_price(company: &str, hex: &str) -> u32 {
    SPECIAL_STATION_PRICES
        .iter()
        .find(|(c, h, _)| *c == company && *h == hex)
        .map_or(STATION_PRICE, |(_, _, price)| *price)
}

/// What a station is judged against besides the board.
pub struct StationContext<'a> {
    pub components: &'a Components,
    pub company: &'a str,
    pub cash: u32,
    /// Spots held for a company now (see [`active_reservations`]).
    pub reservations: &'a [Reservation],
    /// Companies not yet started: their home spots stay free for them.
    pub unstarted: &'a [String],
    pub extra_sources: &'a [Node],
}

impl StationContext<'_> {
    /// The reservations of other companies in `hex`: theirs, and the homes of unstarted ones.
    fn held_for_others(&self, board: &Board, hex: &str) -> usize {
        let held = self
            .reservations
            .iter()
            .filter(|r| r.hex == hex && r.company != self.company)
            .filter(|r| !board.stations_of(&r.company).any(|s| s.hex == hex));
        let homes = self.components.corporations.iter().filter(|c| {
            c.home.hex == hex && c.id != self.company && self.unstarted.contains(&c.id)
        });
        held.count() + homes.count()
    }
}

fn refuse(code: &str, message: String) -> Violation {
    Violation::new(code, section::STATIONS, message)
}

/// Judges an extra station; returns its price.
pub fn check_station(
    board: &Board,
    ctx: &StationContext,
    at: &StationPlacement,
) -> Result<u32, Violation> {
    // Long: the station's refusals, one after another in the order the rules give them.
    let c = ctx.components;
    let placed = board.stations_of(ctx.company).count();
    if placed >= STATIONS_PER_COMPANY {
        return Err(refuse(
            "no_stations_left",
            format!(
                "{} has placed its {STATIONS_PER_COMPANY} stations",
                ctx.company
            ),
        ));
    }
    let Some(hex_index) = c.hex_index(&at.hex) else {
        return Err(refuse("unknown_hex", format!("there is no hex {}", at.hex)));
    };
    let face = board.face(c, &c.hexes[hex_index]);
    let Some(stop) = face
        .stops
        .get(usize::from(at.city))
        .filter(|s| s.kind == StopKind::City)
    else {
        return Err(refuse(
            "not_a_city",
            format!("{} has no city {} for a station", at.hex, at.city),
        ));
    };
    if board.stations_of(ctx.company).any(|s| s.hex == at.hex) {
        return Err(refuse(
            "already_in_city",
            format!("{} already has a station in {}", ctx.company, at.hex),
        ));
    }
    let slots = usize::from(stop.slots.unwrap_or(1));
    let taken = board.stations_in(&at.hex, at.city).count();
    if taken >= slots {
        return Err(refuse(
            "city_full",
            format!(
                "city {} of {} has {slots} slot(s), all taken",
                at.city, at.hex
            ),
        ));
    }
    let hex_slots: usize = face
        .stops
        .iter()
        .filter(|s| s.kind == StopKind::City)
        .map(|s| usize::from(s.slots.unwrap_or(1)))
        .sum();
    let hex_taken = board.stations.iter().filter(|s| s.hex == at.hex).count();
    let own_reservation = ctx
        .reservations
        .iter()
        .find(|r| r.company == ctx.company && r.hex == at.hex);
    if own_reservation.is_none() && hex_slots - hex_taken <= ctx.held_for_others(board, &at.hex) {
        return Err(refuse(
            "spot_reserved",
            format!(
                "the free spot in {} is reserved for another company",
                at.hex
            ),
        ));
    }
    let network = board.network(c, ctx.company, ctx.extra_sources);
    if !network.stops.contains(&Node {
        hex: hex_index,
        stop: at.city,
    }) {
        return Err(refuse(
            "not_reachable",
            format!(
                "{}'s track does not reach {} city {}",
                ctx.company, at.hex, at.city
            ),
        ));
    }
    let price = station_price(ctx.company, &at.hex);
    if price > ctx.cash {
        return Err(refuse(
            "insufficient_cash",
            format!(
                "the station costs ${price}; {} has ${}",
                ctx.company, ctx.cash
            ),
        ));
    }
    Ok(price)
}

pub fn place_station(board: &mut Board, company: &str, at: &StationPlacement) {
    board.stations.push(Station {
        company: company.to_string(),
        hex: at.hex.clone(),
        city: at.city,
    });
}

/// Places a starting company's home station, free: in its home city, or the hex's other city
/// when an upgrade has moved the home's slot there and it is free.
pub fn place_home(
    board: &mut Board,
    components: &Components,
    company: &str,
) -> Result<(), Violation> {
    let Some(corp) = components.corporation(company) else {
        return Err(refuse(
            "unknown_company",
            format!("there is no company {company}"),
        ));
    };
    let hex_index = components
        .hex_index(&corp.home.hex)
        .expect("homes are on the map");
    let face = board.face(components, &components.hexes[hex_index]);
    let free = |city: u8| {
        face.stops
            .get(usize::from(city))
            .filter(|s| s.kind == StopKind::City)
            .is_some_and(|s| {
                board.stations_in(&corp.home.hex, city).count() < usize::from(s.slots.unwrap_or(1))
            })
    };
    let city = if free(corp.home.city) {
        Some(corp.home.city)
    } else {
        (0..face.stops.len() as u8).find(|&c| free(c))
    };
    let Some(city) = city else {
        return Err(refuse(
            "city_full",
            format!("{company}'s home {} has no free slot", corp.home.hex),
        ));
    };
    let at = StationPlacement {
        hex: corp.home.hex.clone(),
        city,
    };
    place_station(board, company, &at);
    Ok(())
}
