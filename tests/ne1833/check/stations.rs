//! Stations: a started company's in a city, within the city's slots, two per company at most
//! and never two in a hex, and the home of every started company.

use super::{consistent, expect, opening, station};

#[test]
fn a_station_is_a_started_companys_in_a_city() {
    // Stations 0-2 are the homes of the B&W, the Hartford and the Central Vermont.
    for (extra, code, pointer) in [
        (
            station("XX", "C26", 0),
            "unknown_company",
            "/board/stations/3/company",
        ),
        (
            station("BW", "Z99", 0),
            "unknown_hex",
            "/board/stations/3/hex",
        ),
        (
            station("BW", "C26", 1),
            "station_not_in_city",
            "/board/stations/3/city",
        ),
        (
            station("BW", "B27", 0),
            "station_not_in_city",
            "/board/stations/3/city",
        ),
        (
            station("RR", "C12", 0),
            "station_of_unstarted_company",
            "/board/stations/3",
        ),
    ] {
        let mut s = opening();
        assert_eq!(s.board.stations.len(), 3);
        s.board.stations.push(extra);
        expect(&s, &[(code, pointer)]);
    }
}

#[test]
fn a_city_holds_no_more_stations_than_its_slots() {
    // The Hartford in the Central Vermont's one-slot home.
    let mut s = opening();
    s.board.stations.push(station("HR", "C8", 0));
    expect(&s, &[("city_over_full", "/board/stations/3")]);
}

#[test]
fn a_company_has_two_stations_never_two_in_a_hex() {
    let mut s = opening();
    s.board.stations.push(station("BW", "C26", 0));
    consistent(&s);
    s.board.stations.push(station("BW", "D21", 0));
    expect(&s, &[("too_many_stations", "/board/stations/4")]);
    // Boston's other city (the unstarted B&L's home).
    let mut s = opening();
    s.board.stations.push(station("BW", "G22", 1));
    expect(&s, &[("two_stations_in_hex", "/board/stations/3")]);
}

#[test]
fn a_started_company_has_its_home() {
    let mut s = opening();
    s.board.stations.retain(|st| st.company != "HR");
    expect(&s, &[("home_station_missing", "/companies/6")]);
}
