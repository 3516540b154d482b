//! Stations: homes, the one extra station, reservations, reachability.

use crate::board_fixtures::*;
use railrules::games::ne1833::board::{Board, Node};
use railrules::games::ne1833::stations::{
    Reservation, StationContext, StationPlacement, check_station, place_station,
};

fn ctx<'a>(
    company: &'a str,
    reservations: &'a [Reservation],
    unstarted: &'a [String],
) -> StationContext<'a> {
    StationContext {
        components: c(),
        company,
        cash: 500,
        reservations,
        unstarted,
        extra_sources: &[],
    }
}

fn at(hex: &str, city: u8) -> StationPlacement {
    StationPlacement {
        hex: hex.to_string(),
        city,
    }
}

fn worcester_reserved() -> Vec<Reservation> {
    railrules::games::ne1833::stations::active_reservations(&Board::default(), c(), true)
}

/// The B&W with Framingham and Worcester laid, as in the walkthrough.
fn bw_to_worcester() -> railrules::games::ne1833::board::Board {
    let mut board = with_homes(&["BW"]);
    lay_ok(&mut board, &context("BW", "I", &[]), lay("F23", "58", 2));
    let earlier = vec![(
        "F23".to_string(),
        railrules::games::ne1833::track::LayKind::Yellow,
    )];
    lay_ok(
        &mut board,
        &context("BW", "I", &earlier),
        lay("E22", "57", 2),
    );
    board
}

#[test]
fn the_bw_places_its_worcester_station_for_40() {
    let mut board = bw_to_worcester();
    let reservations = worcester_reserved();
    assert_eq!(
        check_station(&board, &ctx("BW", &reservations, &[]), &at("E22", 0)),
        Ok(40)
    );
    place_station(&mut board, "BW", &at("E22", 0));
    // Its two stations are placed.
    let v = check_station(&board, &ctx("BW", &reservations, &[]), &at("E22", 0)).unwrap_err();
    assert_eq!(v.code, "no_stations_left");
}

/// The Hartford, as if it could use Framingham (F23) as a station: it reaches Worcester and
/// Boston's city 0 over the B&W's track (track belongs to no one).
fn hartford_at_framingham<'a>(
    reservations: &'a [Reservation],
    unstarted: &'a [String],
    sources: &'a [Node],
) -> StationContext<'a> {
    let mut context = ctx("HR", reservations, unstarted);
    context.extra_sources = sources;
    context
}

fn framingham() -> Vec<Node> {
    vec![Node {
        hex: c().hex_index("F23").unwrap(),
        stop: 0,
    }]
}

#[test]
fn worcester_is_reserved_for_the_bw_until_phase_four() {
    let board = bw_to_worcester();
    let sources = framingham();
    let reservations = worcester_reserved();
    let v = check_station(
        &board,
        &hartford_at_framingham(&reservations, &[], &sources),
        &at("E22", 0),
    )
    .unwrap_err();
    assert_eq!(v.code, "spot_reserved");
    // From phase IV there is no reservation: the spot is anyone's, at the usual price.
    let none = railrules::games::ne1833::stations::active_reservations(&board, c(), false);
    assert!(none.is_empty());
    assert_eq!(
        check_station(
            &board,
            &hartford_at_framingham(&none, &[], &sources),
            &at("E22", 0)
        ),
        Ok(80)
    );
}

#[test]
fn the_bws_worcester_station_costs_40_even_after_phase_four() {
    let board = bw_to_worcester();
    let none = railrules::games::ne1833::stations::active_reservations(&board, c(), false);
    assert_eq!(
        check_station(&board, &ctx("BW", &none, &[]), &at("E22", 0)),
        Ok(40)
    );
}

#[test]
fn boston_holds_a_spot_for_the_bp_once_it_is_green() {
    use railrules::games::ne1833::stations::active_reservations;
    let mut board = Board::default();
    let holds = |b: &Board| {
        active_reservations(b, c(), true)
            .into_iter()
            .map(|r| r.hex)
            .collect::<Vec<_>>()
    };
    assert_eq!(holds(&board), ["E22"]);
    lay_ok(&mut board, &LayAnywhere::context(), lay("G22", "N23", 0));
    assert_eq!(holds(&board), ["E22", "G22"]);
}

#[test]
fn an_unstarted_companys_home_stays_free() {
    // Boston (G22): city 0 is the B&W's home, city 1 the B&L's, one slot each.
    let mut board = bw_to_worcester();
    board.stations.clear();
    let sources = framingham();
    let both = vec!["BW".to_string(), "B&L".to_string()];
    let v = check_station(
        &board,
        &hartford_at_framingham(&[], &both, &sources),
        &at("G22", 0),
    )
    .unwrap_err();
    assert_eq!(v.code, "spot_reserved");
    // Were only the B&W's home held, one of the two spots would be free.
    let bw_only = vec!["BW".to_string()];
    assert_eq!(
        check_station(
            &board,
            &hartford_at_framingham(&[], &bw_only, &sources),
            &at("G22", 0)
        ),
        Ok(80)
    );
}

#[test]
fn a_full_city_and_a_second_station_in_a_city_are_refused() {
    let mut board = with_homes(&["HR"]);
    lay_ok(&mut board, &context("HR", "I", &[]), lay("C26", "57", 0));
    // New Haven has one slot: the CV takes it (as if placed), the Hartford finds it full.
    place_station(&mut board, "CV", &at("C26", 0));
    let v = check_station(&board, &ctx("HR", &[], &[]), &at("C26", 0)).unwrap_err();
    assert_eq!(v.code, "city_full");
    let v = check_station(&board, &ctx("HR", &[], &[]), &at("C24", 0)).unwrap_err();
    assert_eq!(v.code, "already_in_city");
}

#[test]
fn a_station_needs_the_companys_track_to_reach_the_city() {
    let mut board = with_homes(&["HR"]);
    let v = check_station(&board, &ctx("HR", &[], &[]), &at("C26", 0)).unwrap_err();
    assert_eq!(v.code, "not_reachable", "New Haven has no track yet");
    lay_ok(&mut board, &context("HR", "I", &[]), lay("C26", "57", 0));
    assert_eq!(
        check_station(&board, &ctx("HR", &[], &[]), &at("C26", 0)),
        Ok(80)
    );
    let v = check_station(&board, &ctx("HR", &[], &[]), &at("C26", 1)).unwrap_err();
    assert_eq!(v.code, "not_a_city");
}
