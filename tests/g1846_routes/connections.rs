//! Routes written by their connections' hexes only (kit18xx::connections): read into their
//! stops, judged as their names are, and named as they run.

use railrules::games::g1846::routes::Band;
use railrules::games::kit18xx::board::{Board, Node, Station};
use railrules::games::kit18xx::routes::Resolved;

use crate::{
    WEST_TO_WINDSOR, board, chicago_connections_to_windsor, figures, none, reversed, run, trains,
    west_to_windsor,
};

fn hexes(list: &[&[&str]]) -> Vec<Vec<String>> {
    list.iter()
        .map(|c| c.iter().map(|h| h.to_string()).collect())
        .collect()
}

fn read(board: &Board, connections: &[&[&str]]) -> Vec<Vec<String>> {
    use railrules::games::g1846::data::components;
    use railrules::games::kit18xx::connections::readings;
    let map = &components().map;
    readings(board, map, &hexes(connections))
        .unwrap()
        .into_iter()
        .map(|r| {
            r.nodes
                .iter()
                .map(|n| format!("{}-{}", map.hexes[n.hex].id, n.stop))
                .collect()
        })
        .collect()
}

/// A route's connections read into its stops: each connection from a stop in its first hex to
/// a stop in its last, each starting where the one before ended, in either direction.
#[test]
fn connections_read_into_the_stops_they_join() {
    let board = west_to_windsor();
    let route = [
        &["C5", "D6"][..],
        &["D6", "D8", "D10", "D12", "C13", "C15"],
        &["C15", "C17"],
    ];
    assert_eq!(read(&board, &route), [["C5-0", "D6-2", "C15-0", "C17-0"]]);
    // The same written from Windsor, and with one connection written backwards.
    let back = [
        &["C17", "C15"][..],
        &["C15", "C13", "D12", "D10", "D8", "D6"],
        &["D6", "C5"],
    ];
    assert_eq!(read(&board, &back), [["C17-0", "C15-0", "D6-2", "C5-0"]]);
    let mixed = [&["D6", "C5"][..], &["D6", "D8", "D10", "D12", "C13", "C15"]];
    assert_eq!(read(&board, &mixed), [["C5-0", "D6-2", "C15-0"]]);
}

/// Where one edge leads to several cities, every reading is given: from Chicago Connections the
/// track enters Chicago by the edge all four of its cities share.
#[test]
fn a_connection_to_chicago_alone_reads_as_each_of_its_cities() {
    let readings = read(&west_to_windsor(), &[&["C5", "D6"]]);
    assert_eq!(
        readings,
        [
            ["C5-0", "D6-0"],
            ["C5-0", "D6-1"],
            ["C5-0", "D6-2"],
            ["C5-0", "D6-3"]
        ]
    );
}

/// Hexes without track between them read nowhere; a hex off the map is an error naming it.
#[test]
fn connections_without_track_read_nowhere() {
    let board = west_to_windsor();
    assert!(read(&board, &[&["C15", "D14"]]).is_empty());
    assert!(
        read(&board, &[&["D6", "D8", "D12"]]).is_empty(),
        "not neighbours"
    );
    use railrules::games::g1846::data::components;
    use railrules::games::kit18xx::connections::readings;
    let error = readings(&board, &components().map, &hexes(&[&["C15", "Z99"]])).unwrap_err();
    assert!(error.contains("Z99"), "{error}");
}

/// 1846 has no interconnections: a route with an extension is refused (`no_interconnections`).
#[test]
fn a_route_runs_no_further_than_its_last_stop() {
    use railrules::games::kit18xx::routes::Extension;
    let board = west_to_windsor();
    let mut extended = chicago_connections_to_windsor("4-0", 230);
    extended.nodes.pop();
    extended.connections.pop();
    extended.extension = Some(Extension {
        nodes: vec!["C17-0".into()],
        connections: vec![vec!["C15".into(), "C17".into()]],
    });
    let refused = run(
        &none(),
        &board,
        Band::Yellow,
        "GT",
        &[("4-0", "4")],
        &[extended],
    )
    .unwrap_err();
    assert_eq!(refused.code, "no_interconnections", "{refused}");
    assert_eq!(refused.rule, "1846#routes");
}

/// A spot held in one city (1846's C&WI city of Chicago, city 3) refuses another company's
/// station there, and no other city of the hex; its holder may take it.
#[test]
fn a_city_held_for_a_company_is_refused_to_others_only() {
    use railrules::games::g1846::data::components;
    use railrules::games::kit18xx::stations::{
        Reservation, StationContext, StationPlacement, check_station,
    };
    let board = west_to_windsor();
    let held = [Reservation {
        company: "C&WI".to_string(),
        hex: "D6".to_string(),
        city: Some(3),
    }];
    let ctx = |company| StationContext {
        map: &components().map,
        section: "1846#stations",
        company,
        cash: 1000,
        stations_left: 2,
        price: 80,
        reservations: &held,
        extra_sources: &[],
        anywhere: true,
    };
    let at = |city| StationPlacement {
        hex: "D6".to_string(),
        city,
    };
    let refused = check_station(&board, &ctx("GT"), &at(3)).unwrap_err();
    assert_eq!(refused.code, "spot_reserved", "{refused}");
    assert_eq!(check_station(&board, &ctx("GT"), &at(2)), Ok(80));
    assert_eq!(check_station(&board, &ctx("C&WI"), &at(3)), Ok(80));
}

/// A stop is named by its hex and its index in the hex, whatever the index's digits (the
/// importer names every stop it reads so, and the judge reads the names back).
#[test]
fn a_stop_is_named_by_its_hex_and_index() {
    use railrules::games::g1846::data::components;
    use railrules::games::kit18xx::routes::node_name;
    let map = &components().map;
    let hex = map.hex_index("D6").expect("Chicago");
    for (stop, name) in [(0, "D6-0"), (3, "D6-3"), (12, "D6-12"), (255, "D6-255")] {
        assert_eq!(node_name(map, Node { hex, stop }), name);
    }
}

/// The importer judges the routes it read by walking the track (an 18xx.games export writes
/// only their hexes) without reading them again from their names (`judge_resolved`): that pays
/// what judging the names pays, and refuses what it refuses. Here Chicago's city 2, passed
/// through on the way to Windsor, is open, then full of another company's station.
#[test]
fn routes_read_from_the_track_are_judged_as_their_names_are() {
    use railrules::games::g1846::data::components;
    use railrules::games::kit18xx::board::Faces;
    use railrules::games::kit18xx::connections::readings;
    use railrules::games::kit18xx::routes::{judge_resolved, judge_routes, node_name};
    let map = &components().map;
    let owned = trains(&[("4-0", "4")]);
    let bonuses = none();
    let ctx = bonuses.context(Band::Brown, "GT", &owned);
    let route = chicago_connections_to_windsor("4-0", 40 + 40 + 50 + 60 + 80);
    for blocked in [false, true] {
        let mut board = west_to_windsor();
        if blocked {
            board.stations.push(Station {
                company: "PRR".to_string().into(),
                hex: "D6".to_string().into(),
                city: 2,
            });
        }
        let read = readings(&board, map, &route.connections).unwrap();
        let reading = read
            .iter()
            .find(|r| {
                let names: Vec<_> = r.nodes.iter().map(|&n| node_name(map, n)).collect();
                names == route.nodes
            })
            .expect("the walk reads the route's stops");
        let by_track = judge_resolved(
            &Faces::new(&board, map),
            &ctx,
            std::slice::from_ref(&route),
            vec![Resolved::new(
                reading.nodes.clone(),
                reading.links.iter().collect(),
            )],
        );
        let by_names = judge_routes(&board, &ctx, std::slice::from_ref(&route));
        if blocked {
            assert_eq!(by_track.unwrap_err().code, "route_blocked");
            assert_eq!(by_names.unwrap_err().code, "route_blocked");
        } else {
            let paid = by_track.unwrap();
            assert_eq!(figures(&paid), [(190, 80, 270)]);
            assert_eq!(paid, by_names.unwrap());
        }
    }
}

/// The importer remembers what the track joins along each connection it read, by what the
/// connection's hexes show: the same hexes showing the same tiles are read from memory, and a
/// tile turned on one of them is read anew (a memory keyed by the hexes alone would still find
/// the track that is gone).
#[test]
fn a_connection_read_again_is_remembered_by_what_its_hexes_show() {
    use railrules::games::g1846::data::components;
    use railrules::games::kit18xx::board::Faces;
    use railrules::games::kit18xx::connections::{EndsMemo, Readings, read_on};
    let map = &components().map;
    let chain = [vec!["D6", "D8", "D10", "D12", "C13", "C15"]];
    let all = |r: &Readings| (0..r.len()).map(|k| r.reading(k)).collect::<Vec<_>>();
    let read = |board: &Board, memo: &EndsMemo| {
        all(&read_on(&Faces::new(board, map), map, &chain, memo).unwrap())
    };
    let memo = EndsMemo::default();
    let joined = west_to_windsor();
    let first = read(&joined, &memo);
    assert_eq!(first.len(), 1, "one reading: Chicago's city 2 to Detroit");
    assert_eq!(memo.len(), 1);
    assert_eq!(read(&joined, &memo), first);
    assert_eq!(memo.len(), 1, "read from memory");
    // D8's straight track turned away from row D: nothing joins D6 to C15 along the chain.
    let mut turned = WEST_TO_WINDSOR.to_vec();
    turned[1].2 = 0;
    let broken = board(&turned, &[("GT", "C15")]);
    let again = read(&broken, &memo);
    assert_eq!(again, read(&broken, &EndsMemo::default()));
    assert!(again.is_empty());
    assert_eq!(memo.len(), 2);
}

/// A route read from its hexes is written back in the action's words as it runs: its stops,
/// and each connection's hexes from the stop before to the stop after, whichever way the
/// export wrote them (18xx.games writes `[["C15", "B16"], ["B18", "B16"]]` for a route from
/// Detroit through B16 to B18).
#[test]
fn a_route_read_from_its_hexes_is_named_as_it_runs() {
    use railrules::games::g1846::data::components;
    use railrules::games::kit18xx::board::Faces;
    use railrules::games::kit18xx::connections::{EndsMemo, read_on};
    let map = &components().map;
    let board = west_to_windsor();
    let east = chicago_connections_to_windsor("4-0", 0);
    for route in [east.clone(), reversed(&east)] {
        // The middle connection written from its far end.
        let mut written = route.connections.clone();
        written[1].reverse();
        let read = read_on(
            &Faces::new(&board, map),
            map,
            &written,
            &EndsMemo::default(),
        )
        .unwrap();
        let resolved = read.resolved(0).unwrap();
        assert_eq!(Some(resolved.to_route(map, "4-0", 0)), Some(route.clone()));
        let names: Vec<_> = resolved
            .nodes
            .iter()
            .map(|&n| railrules::games::kit18xx::routes::node_name(map, n))
            .collect();
        assert_eq!(names, route.nodes);
        assert_eq!(resolved.links.len(), route.connections.len());
    }
}
