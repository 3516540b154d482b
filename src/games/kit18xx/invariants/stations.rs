//! Stations: each in a city slot that exists, of a company in play and open, no more than its
//! tokens and one per hex, every company in play with its home. A company out of play (1846's
//! removed corporations) keeps its home station: the title checks it.

use std::collections::BTreeMap;

use super::{CheckedTitle, Problems, company_at};
use crate::games::kit18xx::board::Station;
use crate::games::kit18xx::map::StopKind;
use crate::games::kit18xx::table::CompanyId;

/// The stations that may be there, by index in `board.stations`, grouped.
#[derive(Default)]
struct Placed<'s, C> {
    /// By city (hex and stop), with the city's slots.
    by_city: BTreeMap<(&'s str, u8), (usize, Vec<usize>)>,
    /// By company, in order.
    by_company: BTreeMap<C, Vec<usize>>,
}

pub fn check<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    let mut placed = Placed {
        by_city: BTreeMap::new(),
        by_company: BTreeMap::new(),
    };
    for (i, station) in state.board().stations.iter().enumerate() {
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
fn judge<S: CheckedTitle>(
    state: &S,
    i: usize,
    station: &Station,
    problems: &mut Problems,
) -> Option<(S::Company, usize)> {
    let c = state.map();
    let sections = state.check_sections();
    let Some(&company) = S::Company::all()
        .iter()
        .find(|k| k.symbol() == station.company)
    else {
        problems.add(
            "unknown_company",
            state.check_sections().stations,
            format!("{}/company", at(i)),
            format!("a station of {}, which is not a company", station.company),
        );
        return None;
    };
    let entry = state.company(company);
    let out_of_play = state.out_of_play(company);
    if entry.closed && !out_of_play {
        problems.add(
            "closed_company_in_use",
            state.check_sections().market,
            at(i),
            format!(
                "{company} has closed but still has a station in {}",
                station.hex
            ),
        );
        return None;
    }
    if !out_of_play && !state.has_begun(company) {
        problems.add(
            "station_of_unstarted_company",
            state.check_sections().stations,
            at(i),
            format!(
                "{company} has not started, yet has a station in {}",
                station.hex
            ),
        );
        return None;
    }
    let Some(hex) = c.hex_index(&station.hex) else {
        problems.add(
            "unknown_hex",
            sections.map,
            format!("{}/hex", at(i)),
            format!(
                "{company} has a station in {}, which is not a hex of the map",
                station.hex
            ),
        );
        return None;
    };
    let face = state.board().face(c, hex);
    let Some(stop) = face
        .stops
        .get(usize::from(station.city))
        .filter(|s| s.kind == StopKind::City)
    else {
        problems.add(
            "station_not_in_city",
            state.check_sections().stations,
            format!("{}/city", at(i)),
            format!(
                "{company}'s station is in stop {} of {}, which is not a city there",
                station.city, station.hex
            ),
        );
        return None;
    };
    Some((company, stop.station_slots()))
}

/// No city holds more stations than it has slots: the stations beyond are named, once per city.
fn cities_within_slots<S: CheckedTitle>(
    state: &S,
    placed: &Placed<S::Company>,
    problems: &mut Problems,
) {
    for (&(hex, city), (slots, here)) in &placed.by_city {
        if here.len() > *slots {
            let companies: Vec<&str> = here
                .iter()
                .map(|&i| state.board().stations[i].company.as_str())
                .collect();
            problems.add(
                "city_over_full",
                state.check_sections().stations,
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
fn companies_within_stations<S: CheckedTitle>(
    state: &S,
    placed: &Placed<S::Company>,
    problems: &mut Problems,
) {
    for (&company, own) in &placed.by_company {
        let allowed = state.stations_allowed(company);
        if own.len() > allowed {
            problems.add(
                "too_many_stations",
                state.check_sections().stations,
                at(own[allowed]),
                format!("{company} has {} stations; it has {allowed}", own.len()),
            );
        }
        let mut by_hex: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for &i in own {
            by_hex
                .entry(&state.board().stations[i].hex)
                .or_default()
                .push(i);
        }
        for (hex, here) in by_hex {
            if here.len() > 1 {
                problems.add(
                    "two_stations_in_hex",
                    state.check_sections().stations,
                    at(here[1]),
                    format!("{company} has {} stations in {hex}", here.len()),
                );
            }
        }
    }
}

/// A company places its home station when it starts, and keeps it until it closes.
fn homes<S: CheckedTitle>(state: &S, placed: &Placed<S::Company>, problems: &mut Problems) {
    for entry in state
        .companies()
        .iter()
        .filter(|e| state.has_begun(e.company) && !e.closed)
    {
        let company = entry.company;
        let Some(home) = state.home_hex(company) else {
            continue;
        };
        let has_home = placed
            .by_company
            .get(&company)
            .is_some_and(|own| own.iter().any(|&i| state.board().stations[i].hex == *home));
        if !has_home {
            problems.add(
                "home_station_missing",
                state.check_sections().stations,
                company_at(company),
                format!("{company} is in play but has no station in its home {home}"),
            );
        }
    }
}
