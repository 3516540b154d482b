//! Stations (tokens): a company's home, placed free when it starts, and the ones it places in
//! cities its track reaches. A title says how many a company has, what each costs and which
//! spots are held for whom; the kit judges the placing.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::board::{Board, Network, Node, Station};
use super::map::{Map, Stop, StopKind};
use crate::core::Violation;

/// `place_token`: a station in a city, by hex and city (stop index in what the hex shows).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxStationPlacement)]
pub struct StationPlacement {
    pub hex: String,
    pub city: u8,
}

/// A spot held for one company in one hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reservation {
    pub company: String,
    pub hex: String,
    /// The one city held (1846's Chicago), or any of the hex's (1833NE's).
    pub city: Option<u8>,
}

/// What a station is judged against besides the board.
pub struct StationContext<'a> {
    pub map: &'a Map,
    /// The rules section violations cite.
    pub section: &'static str,
    pub company: &'a str,
    pub cash: u32,
    /// Stations the company has still to place.
    pub stations_left: usize,
    /// What this station costs.
    pub price: u32,
    /// Spots held for a company now, the homes of companies not yet started among them.
    pub reservations: &'a [Reservation],
    pub extra_sources: &'a [Node],
    /// The station may go where the company's track does not reach (a title's ability, such
    /// as 1846's tokens placed by a private or for a higher price).
    pub anywhere: bool,
}

impl StationContext<'_> {
    /// The spots held for other companies in `hex` that they have not taken yet.
    fn held_for_others(&self, board: &Board, hex: &str, city: Option<u8>) -> usize {
        self.reservations
            .iter()
            .filter(|r| r.hex == hex && r.city == city && r.company != self.company)
            .filter(|r| !board.stations_of(&r.company).any(|s| s.hex == hex))
            .count()
    }

    fn refuse(&self, code: &str, message: String) -> Violation {
        Violation::new(code, self.section, message)
    }
}

/// Judges an extra station; returns its price.
pub fn check_station(
    board: &Board,
    ctx: &StationContext,
    at: &StationPlacement,
) -> Result<u32, Violation> {
    check_station_reaching(board, ctx, at, None)
}

/// [`check_station`] given the company's network (its stations' and `ctx.extra_sources`'
/// reach on `board`) when the caller has found it already: one who judges every spot the
/// company reaches searches the track once, not once per spot.
pub fn check_station_reaching(
    board: &Board,
    ctx: &StationContext,
    at: &StationPlacement,
    network: Option<&Network>,
) -> Result<u32, Violation> {
    // Long: the station's refusals, one after another in the order the rules give them.
    let c = ctx.map;
    let refuse = |code: &str, message: String| ctx.refuse(code, message);
    if ctx.stations_left == 0 {
        return Err(refuse(
            "no_stations_left",
            format!("{} has placed all its stations", ctx.company),
        ));
    }
    let Some(hex_index) = c.hex_index(&at.hex) else {
        return Err(refuse("unknown_hex", format!("there is no hex {}", at.hex)));
    };
    let face = board.face(c, hex_index);
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
    let slots = stop.station_slots();
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
        .map(Stop::station_slots)
        .sum();
    let hex_taken = board.stations.iter().filter(|s| s.hex == at.hex).count();
    let own_reservation = ctx
        .reservations
        .iter()
        .find(|r| r.company == ctx.company && r.hex == at.hex);
    let held_hex = ctx.held_for_others(board, &at.hex, None);
    let held_city = ctx.held_for_others(board, &at.hex, Some(at.city));
    if own_reservation.is_none()
        && (hex_slots - hex_taken <= held_hex || slots - taken <= held_city)
    {
        return Err(refuse(
            "spot_reserved",
            format!(
                "the free spot in {} is reserved for another company",
                at.hex
            ),
        ));
    }
    let spot = Node {
        hex: hex_index,
        stop: at.city,
    };
    // Without the network at hand, the track is searched until it reaches the spot only.
    let reached = ctx.anywhere
        || match network {
            Some(network) => network.stops.contains(&spot),
            None => board.reaches_stop(c, ctx.company, ctx.extra_sources, spot),
        };
    if !reached {
        return Err(refuse(
            "not_reachable",
            format!(
                "{}'s track does not reach {} city {}",
                ctx.company, at.hex, at.city
            ),
        ));
    }
    let price = ctx.price;
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
        company: company.into(),
        hex: at.hex.as_str().into(),
        city: at.city,
    });
}

/// Places a starting company's home station, free: in its home city, or the hex's other city
/// when an upgrade has moved the home's slot there and it is free.
pub fn place_home(
    board: &mut Board,
    map: &Map,
    section: &'static str,
    company: &str,
    home: (&str, u8),
) -> Result<(), Violation> {
    let (hex, home_city) = home;
    let Some(hex_index) = map.hex_index(hex) else {
        return Err(Violation::new(
            "unknown_hex",
            section,
            format!("{company}'s home {hex} is not on the map"),
        ));
    };
    let face = board.face(map, hex_index);
    let free = |city: u8| {
        face.stops
            .get(usize::from(city))
            .filter(|s| s.kind == StopKind::City)
            .is_some_and(|s| board.stations_in(hex, city).count() < s.station_slots())
    };
    let city = if free(home_city) {
        Some(home_city)
    } else {
        (0..face.stops.len() as u8).find(|&c| free(c))
    };
    let Some(city) = city else {
        return Err(Violation::new(
            "city_full",
            section,
            format!("{company}'s home {hex} has no free slot"),
        ));
    };
    let at = StationPlacement {
        hex: hex.to_string(),
        city,
    };
    place_station(board, company, &at);
    Ok(())
}
