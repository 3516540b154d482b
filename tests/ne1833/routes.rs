//! Routes: the rules of a route, and revenue with ferries and bonuses.

use crate::board_fixtures::*;
use railrules::games::ne1833::board::{Board, Node};
use railrules::games::ne1833::data::{Band, Provisional};
use railrules::games::ne1833::route_bonuses::Ne1833Routes;
use railrules::games::ne1833::routes::{Extension, OwnedTrain, Route, RouteContext, check_routes};
use railrules::games::ne1833::stations::StationPlacement;
use railrules::games::ne1833::stations::place_station;

fn route(train: &str, nodes: &[&str], connections: &[&[&str]], revenue: u32) -> Route {
    Route {
        train: train.into(),
        nodes: nodes.iter().map(|&n| n.into()).collect(),
        connections: connections
            .iter()
            .map(|c| c.iter().map(|&h| h.into()).collect())
            .collect(),
        revenue,
        extension: None,
    }
}

fn trains(list: &[(&str, &str)]) -> Vec<OwnedTrain> {
    list.iter()
        .map(|(id, side)| OwnedTrain {
            id: (*id).into(),
            side: (*side).into(),
        })
        .collect()
}

struct Setup {
    provisional: Provisional,
    trains: Vec<OwnedTrain>,
    ferries: Vec<String>,
    sources: Vec<Node>,
}

impl Setup {
    fn new(list: &[(&str, &str)]) -> Setup {
        Setup {
            provisional: Provisional::default(),
            trains: trains(list),
            ferries: vec![],
            sources: vec![],
        }
    }

    fn ctx_with_dh<'a>(&'a self, company: &'a str, band: Band) -> Ctx<'a> {
        let mut ctx = self.ctx(company, band);
        ctx.bonuses.delaware_and_hudson = true;
        ctx
    }

    fn ctx<'a>(&'a self, company: &'a str, band: Band) -> Ctx<'a> {
        Ctx {
            bonuses: Ne1833Routes {
                provisional: &self.provisional,
                before_phase_four: true,
                ferries: &self.ferries,
                new_ferry: None,
                luxury_ferry: None,
                ogdensburg: false,
                delaware_and_hudson: false,
            },
            band,
            company,
            trains: &self.trains,
            sources: &self.sources,
        }
    }
}

/// A company's ferries and privates with the rest of its route context.
struct Ctx<'a> {
    bonuses: Ne1833Routes<'a>,
    band: Band,
    company: &'a str,
    trains: &'a [OwnedTrain],
    sources: &'a [Node],
}

impl Ctx<'_> {
    fn get(&self) -> RouteContext<'_> {
        self.bonuses
            .context(self.band, self.company, self.trains, self.sources)
    }
}

/// The Hartford (C24) with New Haven (C26) laid: the walkthrough's board.
fn hartford_and_new_haven() -> Board {
    let mut board = with_homes(&["HR"]);
    lay_ok(&mut board, &context("HR", "I", &[]), lay("C26", "57", 0));
    board
}

fn code(
    result: Result<Vec<railrules::games::ne1833::routes::RouteRevenue>, railrules::core::Violation>,
) -> String {
    result.expect_err("refused").code
}

#[test]
fn the_hartfords_2_train_to_new_haven_with_the_new_ferry_makes_80() {
    let board = hartford_and_new_haven();
    let mut setup = Setup::new(&[("2-0", "2")]);
    setup.ferries = vec!["new_haven".to_string()];
    let mut ctx = setup.ctx("HR", Band::Early);
    ctx.bonuses.new_ferry = Some("new_haven");
    let run = route("2-0", &["C24-0", "C26-0"], &[&["C24", "C26"]], 80);
    let revenues = check_routes(&board, &ctx.get(), &[run]).unwrap();
    // 20 + 20 for the cities, 20 for the ferry, 20 for the New ferry bonus.
    assert_eq!(
        (revenues[0].stops, revenues[0].ferries, revenues[0].total),
        (40, 40, 80)
    );
    // Once another ferry is the newest, this one is worth $20 only.
    ctx.bonuses.new_ferry = Some("norwich");
    let run = route("2-0", &["C24-0", "C26-0"], &[&["C24", "C26"]], 60);
    assert_eq!(
        check_routes(&board, &ctx.get(), &[run]).unwrap()[0].total,
        60
    );
    // Without the ferry: the cities only.
    let plain = Setup::new(&[("2-0", "2")]);
    let run = route("2-0", &["C24-0", "C26-0"], &[&["C24", "C26"]], 40);
    assert_eq!(
        check_routes(&board, &plain.ctx("HR", Band::Early).get(), &[run]).unwrap()[0].total,
        40
    );
}

#[test]
fn p5_doubles_a_ferry_with_its_bonus() {
    let board = hartford_and_new_haven();
    let mut setup = Setup::new(&[("2-0", "2")]);
    setup.ferries = vec!["new_haven".to_string()];
    let mut ctx = setup.ctx("HR", Band::Early);
    ctx.bonuses.new_ferry = Some("new_haven");
    ctx.bonuses.luxury_ferry = Some("new_haven");
    let run = route("2-0", &["C24-0", "C26-0"], &[&["C24", "C26"]], 120);
    assert_eq!(
        check_routes(&board, &ctx.get(), &[run]).unwrap()[0].ferries,
        80
    );
}

#[test]
fn a_wrong_claim_says_which_route_and_by_how_much() {
    let board = hartford_and_new_haven();
    let setup = Setup::new(&[("2-0", "2")]);
    let run = route("2-0", &["C24-0", "C26-0"], &[&["C24", "C26"]], 50);
    let v = check_routes(&board, &setup.ctx("HR", Band::Early).get(), &[run]).unwrap_err();
    assert_eq!(v.code, "wrong_revenue");
    assert!(
        v.message.contains("route 1 (2-0)") && v.message.contains("$10 more"),
        "{}",
        v.message
    );
}

#[test]
fn routes_need_track_a_station_and_distinct_stops() {
    let board = hartford_and_new_haven();
    let setup = Setup::new(&[("2-0", "2"), ("2-1", "2")]);
    let ctx = setup.ctx("HR", Band::Early);
    // No track from Hartford to Worcester.
    let run = route("2-0", &["C24-0", "E22-0"], &[&["C24", "D23", "E22"]], 20);
    assert_eq!(
        code(check_routes(&board, &ctx.get(), &[run])),
        "not_connected"
    );
    // Revisiting a stop.
    let run = route(
        "2-0",
        &["C24-0", "C26-0", "C24-0"],
        &[&["C24", "C26"], &["C26", "C24"]],
        60,
    );
    assert_eq!(
        code(check_routes(&board, &ctx.get(), &[run])),
        "stop_visited_twice"
    );
    // Two routes on the same track.
    let a = route("2-0", &["C24-0", "C26-0"], &[&["C24", "C26"]], 40);
    let b = route("2-1", &["C26-0", "C24-0"], &[&["C26", "C24"]], 40);
    assert_eq!(
        code(check_routes(&board, &ctx.get(), &[a.clone(), b])),
        "track_used_twice"
    );
    // A company without a station on the route.
    assert_eq!(
        code(check_routes(
            &board,
            &setup.ctx("CV", Band::Early).get(),
            std::slice::from_ref(&a)
        )),
        "no_station"
    );
    // A train the company does not own, or run twice.
    let other = route("3-0", &["C24-0", "C26-0"], &[&["C24", "C26"]], 40);
    assert_eq!(
        code(check_routes(&board, &ctx.get(), &[other])),
        "unknown_train"
    );
    assert_eq!(
        code(check_routes(&board, &ctx.get(), &[a.clone(), a])),
        "train_runs_twice"
    );
}

#[test]
fn an_off_board_area_only_ends_a_route() {
    // New Haven's port (C28) is an off-board node: Hartford - New Haven - port is fine, but
    // a route may not run on through it.
    let board = hartford_and_new_haven();
    let setup = Setup::new(&[("3/5-0", "3/5")]);
    let ctx = setup.ctx("HR", Band::Early);
    let ends = route(
        "3/5-0",
        &["C24-0", "C26-0", "C28-0"],
        &[&["C24", "C26"], &["C26", "C28"]],
        40,
    );
    assert_eq!(
        check_routes(&board, &ctx.get(), &[ends]).unwrap()[0].total,
        40
    );
    let mut board = board;
    // Bridgeport B27 (a town NW of the port): with a town tile, the port sits mid-route.
    lay_ok(&mut board, &LayAnywhere::context(), lay("B27", "3", 4));
    let through = route(
        "3/5-0",
        &["C24-0", "C26-0", "C28-0", "B27-0"],
        &[&["C24", "C26"], &["C26", "C28"], &["C28", "B27"]],
        50,
    );
    assert_eq!(
        code(check_routes(&board, &ctx.get(), &[through])),
        "route_blocked"
    );
}

#[test]
fn a_city_full_of_other_stations_blocks_but_may_end_a_route() {
    let mut board = hartford_and_new_haven();
    place_station(
        &mut board,
        "CV",
        &StationPlacement {
            hex: "C26".into(),
            city: 0,
        },
    );
    let setup = Setup::new(&[("3/5-0", "3/5")]);
    let ctx = setup.ctx("HR", Band::Early);
    let ends = route("3/5-0", &["C24-0", "C26-0"], &[&["C24", "C26"]], 40);
    assert!(check_routes(&board, &ctx.get(), &[ends]).is_ok());
    let through = route(
        "3/5-0",
        &["C24-0", "C26-0", "C28-0"],
        &[&["C24", "C26"], &["C26", "C28"]],
        40,
    );
    assert_eq!(
        code(check_routes(&board, &ctx.get(), &[through])),
        "route_blocked"
    );
}

/// Hartford (20) - Springfield (D21, 20) - Greenfield (D19, town 10).
fn hartford_springfield_greenfield() -> Board {
    let mut board = with_homes(&["HR"]);
    let anywhere = LayAnywhere::context();
    lay_ok(&mut board, &anywhere, lay("D23", "8", 1)); // SW - N
    lay_ok(&mut board, &anywhere, lay("D21", "57", 0)); // S - city - N
    lay_ok(&mut board, &anywhere, lay("D19", "4", 0)); // S - town - N
    board
}

#[test]
fn n_plus_s_trains_count_an_extra_town() {
    let board = hartford_springfield_greenfield();
    let setup = Setup::new(&[("2-0", "2"), ("2+1-0", "2+1"), ("3/5-0", "3/5")]);
    let ctx = setup.ctx("HR", Band::Early);
    let path: &[&[&str]] = &[&["C24", "D23", "D21"], &["D21", "D19"]];
    let nodes = ["C24-0", "D21-0", "D19-0"];
    assert_eq!(
        code(check_routes(
            &board,
            &ctx.get(),
            &[route("2-0", &nodes, path, 50)]
        )),
        "route_too_long"
    );
    assert_eq!(
        check_routes(&board, &ctx.get(), &[route("2+1-0", &nodes, path, 50)]).unwrap()[0].stops,
        50
    );
    assert_eq!(
        check_routes(&board, &ctx.get(), &[route("3/5-0", &nodes, path, 50)]).unwrap()[0].stops,
        50
    );
}

#[test]
fn n_m_trains_count_the_best_n_with_a_station_among_them() {
    use railrules::games::ne1833::data::StopKind;
    use railrules::games::ne1833::routes::{Counting, counted_value};
    let side = c().train_side("3/5").unwrap();
    let node = |hex| Node { hex, stop: 0 };
    let stops = [
        (node(1), StopKind::City, 20),
        (node(2), StopKind::City, 30),
        (node(3), StopKind::City, 40),
        (node(4), StopKind::City, 50),
        (node(5), StopKind::Town, 10),
    ];
    let station = |h| [node(h)];
    // The best three (50 + 40 + 30) include the station at 2.
    assert_eq!(counted_value(side, &stops, &station(2)), Ok(120));
    // The station at 1 (20) replaces the lowest of the best three: 50 + 40 + 20.
    assert_eq!(counted_value(side, &stops, &station(1)), Ok(110));
    assert_eq!(counted_value(side, &stops, &[]), Err(Counting::NoStation));
    let six = [stops.to_vec(), vec![(node(6), StopKind::Town, 10)]].concat();
    assert_eq!(
        counted_value(side, &six, &station(1)),
        Err(Counting::TooLong)
    );
}

/// Montreal (B3, green N25) south through B5, B7 (gray), B9 and Westport (B11) to the D&H (A12).
fn montreal_to_the_d_and_h() -> Board {
    let mut board = Board::default();
    let anywhere = LayAnywhere::context();
    lay_ok(&mut board, &anywhere, lay("B3", "N25", 0)); // city 0 now also runs S
    lay_ok(&mut board, &anywhere, lay("B5", "9", 0));
    lay_ok(&mut board, &anywhere, lay("B9", "9", 0));
    board
}

#[test]
fn the_d_and_h_pays_only_on_a_route_to_or_through_montreal() {
    let board = montreal_to_the_d_and_h();
    let mut setup = Setup::new(&[("2+1-0", "2+1"), ("2-0", "2")]);
    let a12 = c().hex_index("A12").unwrap();
    setup.sources = vec![Node { hex: a12, stop: 0 }];
    let mut ctx = setup.ctx("StL&A", Band::Early);
    ctx.bonuses.delaware_and_hudson = true;
    let to_montreal = route(
        "2+1-0",
        &["A12-0", "B11-0", "B3-0"],
        &[&["A12", "B11"], &["B11", "B9", "B7", "B5", "B3"]],
        40 + 20 + 50,
    );
    assert_eq!(
        check_routes(&board, &ctx.get(), std::slice::from_ref(&to_montreal)).unwrap()[0].total,
        110
    );
    // In phases III-IV the D&H is worth $70.
    let mut later = to_montreal.clone();
    later.revenue = 70 + 20 + 50;
    assert!(
        check_routes(
            &board,
            &setup.ctx_with_dh("StL&A", Band::Middle).get(),
            &[later]
        )
        .is_ok()
    );
    // Not to Montreal: $0 for the D&H.
    let westport = route("2-0", &["A12-0", "B11-0"], &[&["A12", "B11"]], 20);
    assert_eq!(
        check_routes(&board, &ctx.get(), std::slice::from_ref(&westport)).unwrap()[0].total,
        20
    );
    // Only the company owning P6 may run there.
    ctx.bonuses.delaware_and_hudson = false;
    assert_eq!(
        code(check_routes(&board, &ctx.get(), &[westport])),
        "d_and_h_only"
    );
}

/// Montreal (B3) by St. Jean (C4) east and then south through Lowell (G20) to Boston (G22).
fn montreal_to_boston() -> Board {
    let mut board = with_homes(&["B&L"]);
    let anywhere = LayAnywhere::context();
    lay_ok(&mut board, &anywhere, lay("C4", "4", 2)); // NW - town - SE
    for hex in ["D5", "E6", "F7"] {
        lay_ok(&mut board, &anywhere, lay(hex, "9", 2)); // NW - SE
    }
    lay_ok(&mut board, &anywhere, lay("G8", "8", 0)); // S - NW
    for hex in ["G10", "G12", "G14", "G16", "G18"] {
        lay_ok(&mut board, &anywhere, lay(hex, "9", 0)); // S - N
    }
    lay_ok(&mut board, &anywhere, lay("G20", "57", 0)); // S - city - N
    board
}

#[test]
fn boston_montreal_bonus_by_phase() {
    let board = montreal_to_boston();
    let setup = Setup::new(&[("4/7-0", "4/7")]);
    let nodes = ["G22-1", "G20-0", "C4-0", "B3-0"];
    let connections: &[&[&str]] = &[
        &["G22", "G20"],
        &[
            "G20", "G18", "G16", "G14", "G12", "G10", "G8", "F7", "E6", "D5", "C4",
        ],
        &["C4", "B3"],
    ];
    // Boston 30 + Lowell 20 + St. Jean 10 + Montreal 30 = 90, plus the bonus by phase band.
    for (band, bonus) in [(Band::Early, 150), (Band::Middle, 200), (Band::Late, 200)] {
        let ctx = setup.ctx("B&L", band);
        let run = route("4/7-0", &nodes, connections, 90 + bonus);
        let revenue =
            check_routes(&board, &ctx.get(), &[run]).unwrap_or_else(|v| panic!("{band:?}: {v}"));
        assert_eq!(
            (revenue[0].stops, revenue[0].bonuses),
            (90, bonus),
            "{band:?}"
        );
    }
}

#[test]
fn an_interconnection_reaches_a_bonus_location_beyond_the_train_even_through_a_blocked_city() {
    let mut board = montreal_to_boston();
    // The CV fills Lowell's only slot: the B&L's routes may end there but not run through.
    place_station(
        &mut board,
        "CV",
        &StationPlacement {
            hex: "G20".into(),
            city: 0,
        },
    );
    let setup = Setup::new(&[("2-0", "2"), ("4/7-0", "4/7")]);
    let ctx = setup.ctx("B&L", Band::Early);
    let to_montreal: &[&str] = &[
        "G20", "G18", "G16", "G14", "G12", "G10", "G8", "F7", "E6", "D5", "C4",
    ];
    let through = route(
        "4/7-0",
        &["G22-1", "G20-0", "C4-0", "B3-0"],
        &[&["G22", "G20"], to_montreal, &["C4", "B3"]],
        240,
    );
    assert_eq!(
        code(check_routes(&board, &ctx.get(), &[through])),
        "route_blocked"
    );
    // The 2-train runs Boston - Lowell (30 + 20) and its interconnection goes on to Montreal:
    // the Boston-Montreal bonus, $150 in phases I-II.
    let mut short = route("2-0", &["G22-1", "G20-0"], &[&["G22", "G20"]], 200);
    short.extension = Some(Extension {
        nodes: vec!["C4-0".into(), "B3-0".into()],
        connections: vec![
            to_montreal.iter().map(|&h| h.into()).collect(),
            vec!["C4".into(), "B3".into()],
        ],
    });
    let revenue = check_routes(&board, &ctx.get(), std::slice::from_ref(&short)).unwrap();
    assert_eq!((revenue[0].stops, revenue[0].bonuses), (50, 150));
    // An extension must end at a bonus location.
    let mut nowhere = short.clone();
    nowhere.extension = Some(Extension {
        nodes: vec!["C4-0".into()],
        connections: vec![to_montreal.iter().map(|&h| h.into()).collect()],
    });
    assert_eq!(
        code(check_routes(&board, &ctx.get(), &[nowhere])),
        "extension_to_nowhere"
    );
}
