//! Stations: each in a city slot that exists, of a started open company, two at most per
//! company and one per hex, every started open company with its home.

use crate::games::kit18xx::table::Table as _;
use std::collections::BTreeMap;

use super::{Problems, company_at};
use crate::games::ne1833::board::Station;
use crate::games::ne1833::data::{StopKind, components};
use crate::games::ne1833::ids::Company;
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::State;
use crate::games::ne1833::stations::STATIONS_PER_COMPANY;

/// The stations that may be there, by index in `board.stations`, grouped.
#[derive(Default)]
struct Placed<'s> {
    /// By city (hex and stop), with the city's slots.
    by_city: BTreeMap<(&'s str, u8), (usize, Vec<usize>)>,
    /// By company, in order.
    by_company: BTreeMap<Company, Vec<usize>>,
}

pub(super) fn check(state: &State, problems: &mut Problems) {
    let mut placed = Placed::default();
    for (i, station) in state.board.stations.iter().enumerate() {
        if let Some((company, slots)) = judge(state, i, station, problems) {
            placed
                .by_city
                .entry((&station.hex, station.city))
                .or_insert((slots, Vec::new()))
                .1
                .push(i);
            placed.by_company.entry(company).or_default().push(i);
        }
    }
    cities_within_slots(state, &placed, problems);
    companies_within_stations(state, &placed, problems);
    homes(state, &placed, problems);
}

fn at(i: usize) -> String {
    format!("/board/stations/{i}")
}

/// One station on its own: a company's, started and open, in a city of what the hex shows.
/// Returns the company and the city's slots when it may be there.
fn judge(
    state: &State,
    i: usize,
    station: &Station,
    problems: &mut Problems,
) -> Option<(Company, usize)> {
    let c = components();
    let Some(company) = Company::ALL
        .into_iter()
        .find(|k| k.symbol() == station.company)
    else {
        problems.add(
            "unknown_company",
            section::STATIONS,
            format!("{}/company", at(i)),
            format!("a station of {}, which is not a company", station.company),
        );
        return None;
    };
    let entry = state.company(company);
    if entry.closed {
        problems.add(
            "closed_company_in_use",
            section::MARKET,
            at(i),
            format!(
                "{company} has closed but still has a station in {}",
                station.hex
            ),
        );
        return None;
    }
    if !entry.is_started() {
        problems.add(
            "station_of_unstarted_company",
            section::STATIONS,
            at(i),
            format!(
                "{company} has not started, yet has a station in {}",
                station.hex
            ),
        );
        return None;
    }
    let Some(hex) = c.hex(&station.hex) else {
        problems.add(
            "unknown_hex",
            section::MAP,
            format!("{}/hex", at(i)),
            format!(
                "{company} has a station in {}, which is not a hex of the map",
                station.hex
            ),
        );
        return None;
    };
    let face = state.board.face(c, hex);
    let Some(stop) = face
        .stops
        .get(usize::from(station.city))
        .filter(|s| s.kind == StopKind::City)
    else {
        problems.add(
            "station_not_in_city",
            section::STATIONS,
            format!("{}/city", at(i)),
            format!(
                "{company}'s station is in stop {} of {}, which is not a city there",
                station.city, station.hex
            ),
        );
        return None;
    };
    Some((company, usize::from(stop.slots.unwrap_or(1))))
}

/// No city holds more stations than it has slots: the stations beyond are named, once per city.
fn cities_within_slots(state: &State, placed: &Placed, problems: &mut Problems) {
    for (&(hex, city), (slots, here)) in &placed.by_city {
        if here.len() > *slots {
            let companies: Vec<&str> = here
                .iter()
                .map(|&i| state.board.stations[i].company.as_str())
                .collect();
            problems.add(
                "city_over_full",
                section::STATIONS,
                at(here[*slots]),
                format!(
                    "city {city} of {hex} has {slots} slot(s) and {} stations ({})",
                    here.len(),
                    companies.join(", ")
                ),
            );
        }
    }
}

/// A company has two stations at most (its home and one more), never two in one hex.
fn companies_within_stations(state: &State, placed: &Placed, problems: &mut Problems) {
    for (company, own) in &placed.by_company {
        if own.len() > STATIONS_PER_COMPANY {
            problems.add(
                "too_many_stations",
                section::STATIONS,
                at(own[STATIONS_PER_COMPANY]),
                format!(
                    "{company} has {} stations; a company has {STATIONS_PER_COMPANY}",
                    own.len()
                ),
            );
        }
        let mut by_hex: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for &i in own {
            by_hex
                .entry(&state.board.stations[i].hex)
                .or_default()
                .push(i);
        }
        for (hex, here) in by_hex {
            if here.len() > 1 {
                problems.add(
                    "two_stations_in_hex",
                    section::STATIONS,
                    at(here[1]),
                    format!("{company} has {} stations in {hex}", here.len()),
                );
            }
        }
    }
}

/// A company places its home station when it starts, and keeps it until it closes.
fn homes(state: &State, placed: &Placed, problems: &mut Problems) {
    let c = components();
    for entry in state
        .companies
        .iter()
        .filter(|e| e.is_started() && !e.closed)
    {
        let company = entry.company;
        let Some(home) = c.corporation(company.symbol()).map(|k| &k.home.hex) else {
            continue;
        };
        let has_home = placed
            .by_company
            .get(&company)
            .is_some_and(|own| own.iter().any(|&i| state.board.stations[i].hex == *home));
        if !has_home {
            problems.add(
                "home_station_missing",
                section::STATIONS,
                company_at(company),
                format!("{company} has started but has no station in its home {home}"),
            );
        }
    }
}
