//! Stations in 1833NE (docs/rules/1833ne.md#stations): each company has two, its home (free,
//! placed when it starts) and one more, $80 (the B&W's in Worcester $40); spots held for the
//! B&W and the B&P before phase IV. The placing itself is the kit's (`kit18xx::stations`).

use super::board::{Board, Node};
use super::data::{Colour, Components, HELD_SPOTS, SPECIAL_STATION_PRICES, STATION_PRICE};
use super::rules::section;
use crate::core::Violation;
use crate::games::kit18xx::stations as kit;
pub use crate::games::kit18xx::stations::{Reservation, StationPlacement, place_station};

/// Stations a company has: its home and one more.
pub const STATIONS_PER_COMPANY: usize = 2;

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
                || components.hex_index(spot.hex).is_some_and(|h| {
                    !matches!(
                        board.face(components, h).colour,
                        Colour::White | Colour::Yellow
                    )
                })
        })
        .map(|spot| Reservation {
            company: spot.company.to_string(),
            hex: spot.hex.to_string(),
            city: None,
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

/// What an 1833NE station is judged against besides the board.
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

/// Judges an extra station; returns its price.
pub fn check_station(
    board: &Board,
    ctx: &StationContext,
    at: &StationPlacement,
) -> Result<u32, Violation> {
    // The homes of companies not yet started are held for them like a reservation.
    let homes = ctx
        .components
        .corporations
        .iter()
        .filter(|c| ctx.unstarted.contains(&c.id))
        .map(|c| Reservation {
            company: c.id.clone(),
            hex: c.home.hex.clone(),
            city: None,
        });
    let reservations: Vec<Reservation> = ctx.reservations.iter().cloned().chain(homes).collect();
    let placed = board.stations_of(ctx.company).count();
    let kit = kit::StationContext {
        map: &ctx.components.map,
        section: section::STATIONS,
        company: ctx.company,
        cash: ctx.cash,
        stations_left: STATIONS_PER_COMPANY.saturating_sub(placed),
        price: station_price(ctx.company, &at.hex),
        reservations: &reservations,
        extra_sources: ctx.extra_sources,
        anywhere: false,
    };
    kit::check_station(board, &kit, at)
}

/// Places a starting company's home station, free (see `kit18xx::stations::place_home`).
pub fn place_home(
    board: &mut Board,
    components: &Components,
    company: &str,
) -> Result<(), Violation> {
    let Some(corp) = components.corporation(company) else {
        return Err(Violation::new(
            "unknown_company",
            section::STATIONS,
            format!("there is no company {company}"),
        ));
    };
    let home = (corp.home.hex.as_str(), corp.home.city);
    kit::place_home(board, components, section::STATIONS, company, home)
}
