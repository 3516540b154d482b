//! 1846's route revenue on the 18xx kit (docs/rules/1846.md#routes, #revenue, #bonuses), as the
//! production 18xx.games 1846 counts it (lib/engine/game/g_1846/game.rb `revenue_for`,
//! `east_west_bonus`; lib/engine/game/base.rb `compute_stops`, `visited_stops`; route.rb), on
//! boards built by hand on 1846's real map: each tile is one of the manifest's, turned to join
//! real neighbours. GMT rule 6.65 (East-West) is quoted in tobymao/18xx issue 739.

use railrules::core::Violation;
use railrules::games::g1846::routes::{Assigned, Band, G1846Routes, east_west_bonus, mail_route};
use railrules::games::kit18xx::board::{Board, LaidTile, Node, Station};
use railrules::games::kit18xx::routes::{
    OwnedTrain, Resolved, Route, RouteRevenue, RunRoute, check_routes,
};

fn board(tiles: &[(&str, &str, u8)], stations: &[(&str, &str)]) -> Board {
    let mut board = Board::default();
    for &(hex, tile, rotation) in tiles {
        board.tiles.insert(
            &railrules::games::g1846::data::components().map,
            hex,
            LaidTile {
                tile: tile.to_string().into(),
                rotation,
            },
        );
    }
    for &(company, hex) in stations {
        board.stations.push(Station {
            company: company.to_string().into(),
            hex: hex.to_string().into(),
            city: 0,
        });
    }
    board
}

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

/// The same route run the other way.
fn reversed(r: &Route) -> Route {
    let mut back = r.clone();
    back.nodes.reverse();
    back.connections.reverse();
    for hexes in &mut back.connections {
        hexes.reverse();
    }
    back
}

fn trains(list: &[(&str, &str)]) -> Vec<OwnedTrain> {
    list.iter()
        .map(|(id, side)| OwnedTrain {
            id: id.to_string().into(),
            side: side.to_string().into(),
        })
        .collect()
}

/// Judges `routes` for `company`, owning `owned` trains (id, side), in `band`.
fn run(
    bonuses: &G1846Routes,
    board: &Board,
    band: Band,
    company: &str,
    owned: &[(&str, &str)],
    routes: &[Route],
) -> Result<Vec<RouteRevenue>, Violation> {
    let owned = trains(owned);
    check_routes(board, &bonuses.context(band, company, &owned), routes)
}

/// The figures of each route: (stops, bonuses, total).
fn figures(revenues: &[RouteRevenue]) -> Vec<(u32, u32, u32)> {
    revenues
        .iter()
        .map(|r| (r.stops, r.bonuses, r.total))
        .collect()
}

fn none() -> G1846Routes<'static> {
    G1846Routes::default()
}

// Chicago Connections (C5, west, +$50) by Chicago (D6, green #298, its city 2 joining edges 2
// and 4) along row D, up to Detroit (C15, green #294 Z) and Windsor (C17, east, +$30). GT has a
// station in Detroit.
const WEST_TO_WINDSOR: &[(&str, &str, u8)] = &[
    ("D6", "298", 0),
    ("D8", "9", 1),
    ("D10", "9", 1),
    ("D12", "8", 1),
    ("C13", "8", 4),
    ("C15", "294", 0),
];

fn west_to_windsor() -> Board {
    board(WEST_TO_WINDSOR, &[("GT", "C15")])
}

fn chicago_connections_to_windsor(train: &str, revenue: u32) -> Route {
    route(
        train,
        &["C5-0", "D6-2", "C15-0", "C17-0"],
        &[
            &["C5", "D6"],
            &["D6", "D8", "D10", "D12", "C13", "C15"],
            &["C15", "C17"],
        ],
        revenue,
    )
}

#[test]
fn phases_one_and_two_pay_yellow_off_boards_and_three_on_brown() {
    assert_eq!(Band::of_phase("I"), Some(Band::Yellow));
    assert_eq!(Band::of_phase("II"), Some(Band::Yellow));
    assert_eq!(Band::of_phase("III"), Some(Band::Brown));
    assert_eq!(Band::of_phase("IV"), Some(Band::Brown));
    assert_eq!(Band::of_phase("V"), None);
}

/// A route without off-boards pays its stops' values: Detroit #294 $50, Port Huron #57 $20.
#[test]
fn a_plain_route_pays_its_stops_values() {
    let mut tiles = WEST_TO_WINDSOR.to_vec();
    tiles.push(("B16", "57", 0));
    let board = board(&tiles, &[("GT", "C15")]);
    let plain = route("2-0", &["C15-0", "B16-0"], &[&["C15", "B16"]], 70);
    for band in [Band::Yellow, Band::Brown] {
        let paid = run(
            &none(),
            &board,
            band,
            "GT",
            &[("2-0", "2")],
            std::slice::from_ref(&plain),
        )
        .unwrap();
        assert_eq!(figures(&paid), [(70, 0, 70)]);
    }
}

/// St. Louis (I1) pays $50 yellow, $70 brown; with Belleville's gray city (I5, $10).
#[test]
fn st_louis_pays_50_in_phases_one_and_two_and_70_from_phase_three() {
    let board = board(&[("I3", "9", 1)], &[("IC", "I5")]);
    let to_st_louis = |revenue| route("2-0", &["I5-0", "I1-0"], &[&["I5", "I3", "I1"]], revenue);
    let yellow = run(
        &none(),
        &board,
        Band::Yellow,
        "IC",
        &[("2-0", "2")],
        &[to_st_louis(60)],
    );
    assert_eq!(figures(&yellow.unwrap()), [(60, 0, 60)]);
    let brown = run(
        &none(),
        &board,
        Band::Brown,
        "IC",
        &[("2-0", "2")],
        &[to_st_louis(80)],
    );
    assert_eq!(figures(&brown.unwrap()), [(80, 0, 80)]);
    let stale = run(
        &none(),
        &board,
        Band::Brown,
        "IC",
        &[("2-0", "2")],
        &[to_st_louis(60)],
    );
    assert_eq!(stale.unwrap_err().code, "wrong_revenue");
}

/// Rule 6.65: Chicago Connections (W) to Windsor (E) earns $50 + $30 on top of the stops,
/// whichever end the route starts from; the off-boards pay by band (C5 $20/$40, C17 $40/$60).
#[test]
fn rule_6_65_chicago_connections_to_windsor_earns_50_and_30_both_ways() {
    let board = west_to_windsor();
    let owned = [("4-0", "4")];
    for (band, stops) in [
        (Band::Yellow, 20 + 40 + 50 + 40),
        (Band::Brown, 40 + 40 + 50 + 60),
    ] {
        let east = chicago_connections_to_windsor("4-0", stops + 80);
        for r in [east.clone(), reversed(&east)] {
            let paid = run(&none(), &board, band, "GT", &owned, &[r]).unwrap();
            assert_eq!(figures(&paid), [(stops, 80, stops + 80)], "{band:?}");
        }
    }
}

/// Rule 6.65's bonus read from the stops counted, for the pairs the map has: St. Louis (W) and
/// Charleston (E) $20 + $20, Chicago Connections and Windsor $50 + $30, Buffalo's hidden half
/// (C21) as Buffalo, in either order; nothing for two east or two west off-boards, nor for one
/// alone.
#[test]
fn rule_6_65_east_west_pairs_and_no_bonus_for_east_east_or_west_west() {
    let bonuses = none();
    let owned = trains(&[("4-0", "4")]);
    let ctx = bonuses.context(Band::Yellow, "GT", &owned);
    let board = Board::default();
    let node = |id: &str| {
        let (hex, stop) = id.split_once('-').unwrap();
        Node {
            hex: ctx.map.hex_index(hex).unwrap(),
            stop: stop.parse().unwrap(),
        }
    };
    let bonus = |ids: &[&str]| -> u32 {
        let nodes: Vec<Node> = ids.iter().map(|id| node(id)).collect();
        east_west_bonus(&ctx, &board, &nodes)
    };
    assert_eq!(bonus(&["I1-0", "I15-0", "I17-0"]), 40);
    assert_eq!(bonus(&["I17-0", "I15-0", "I1-0"]), 40);
    assert_eq!(bonus(&["C5-0", "C15-0", "C17-0"]), 80);
    assert_eq!(bonus(&["C17-0", "C15-0", "C5-0"]), 80);
    assert_eq!(bonus(&["C21-0", "C5-0"]), 30 + 50);
    assert_eq!(bonus(&["C17-0", "C15-0", "B18-0"]), 0, "east-east");
    assert_eq!(bonus(&["C5-0", "D6-0", "I1-0"]), 0, "west-west");
    assert_eq!(bonus(&["C15-0", "C17-0"]), 0, "east alone");
    assert_eq!(bonus(&["I1-0", "I5-0"]), 0, "west alone");
}

/// Rule 6.65's note: an N/M train earns the bonus only if it counts both off-boards. A 3/5 on
/// Chicago Connections - Chicago - Detroit - Windsor counts the three stops that pay most with
/// the bonus: Chicago Connections $20, Detroit $50, Windsor $40 and $80 (= $190), not the three
/// dearest stops (Chicago $40, Detroit, Windsor = $130) and not the bonus for stops it skips
/// ($210).
#[test]
fn rule_6_65_an_n_m_train_counts_both_ends_to_earn_the_bonus() {
    let board = west_to_windsor();
    let r = chicago_connections_to_windsor("4-0", 190);
    let paid = run(&none(), &board, Band::Yellow, "GT", &[("4-0", "3/5")], &[r]).unwrap();
    assert_eq!(figures(&paid), [(110, 80, 190)]);
}

/// Two east off-boards on one route: 18xx.games refuses it (the east off-boards are one group,
/// "Cannot use group E more than once"). Windsor - Detroit - Port Huron - Sarnia.
#[test]
fn a_route_between_two_east_off_boards_is_refused() {
    let mut tiles = WEST_TO_WINDSOR.to_vec();
    tiles.push(("B16", "6", 4));
    let board = board(&tiles, &[("GT", "C15")]);
    let east_east = route(
        "4-0",
        &["C17-0", "C15-0", "B16-0", "B18-0"],
        &[&["C17", "C15"], &["C15", "B16"], &["B16", "B18"]],
        130,
    );
    let refused = run(
        &none(),
        &board,
        Band::Yellow,
        "GT",
        &[("4-0", "4")],
        &[east_east],
    );
    let v = refused.unwrap_err();
    assert_eq!(
        (v.code.as_str(), v.rule.as_str()),
        ("group_visited_twice", "1846#routes")
    );
    assert!(v.message.contains("C17-0 and B18-0"), "{}", v.message);
    // Detroit to Port Huron alone is a route.
    let shorter = route("4-0", &["C15-0", "B16-0"], &[&["C15", "B16"]], 70);
    assert!(
        run(
            &none(),
            &board,
            Band::Yellow,
            "GT",
            &[("4-0", "4")],
            &[shorter]
        )
        .is_ok()
    );
}

/// Meat Packing: +$30 for the company it is assigned to, at the hex it is assigned to (Chicago
/// D6 or St. Louis I1); nothing for another company, nor with the marker elsewhere.
#[test]
fn meat_packing_pays_30_to_its_company_at_its_hex_only() {
    let board = west_to_windsor();
    let owned = [("4-0", "4")];
    let at = |hex, company| G1846Routes {
        meat_packing: Some(Assigned { hex, company }),
        ..G1846Routes::default()
    };
    let paid = |bonuses: &G1846Routes, total| {
        let r = chicago_connections_to_windsor("4-0", total);
        run(bonuses, &board, Band::Yellow, "GT", &owned, &[r]).map(|r| figures(&r))
    };
    assert_eq!(paid(&at("D6", "GT"), 260), Ok(vec![(150, 110, 260)]));
    assert_eq!(paid(&at("D6", "NYC"), 230), Ok(vec![(150, 80, 230)]));
    assert_eq!(paid(&at("I1", "GT"), 230), Ok(vec![(150, 80, 230)]));
    // At St. Louis: Belleville to St. Louis, $60 and $30.
    let st_louis = crate::board(&[("I3", "9", 1)], &[("IC", "I5")]);
    let to_st_louis = route("2-0", &["I5-0", "I1-0"], &[&["I5", "I3", "I1"]], 90);
    let paid = run(
        &at("I1", "IC"),
        &st_louis,
        Band::Yellow,
        "IC",
        &[("2-0", "2")],
        &[to_st_louis],
    );
    assert_eq!(figures(&paid.unwrap()), [(60, 30, 90)]);
}

/// Steamboat: +$20 per port symbol of its port, for its company: Holland (B8) and Wheeling
/// (G19) have two ($40), Chicago Connections (C5) one ($20).
#[test]
fn steamboat_pays_20_per_port_symbol() {
    let at = |hex, company| G1846Routes {
        steamboat: Some(Assigned { hex, company }),
        ..G1846Routes::default()
    };
    // Holland - Port Huron - Sarnia: $40 + $20 + $30 in yellow ($10 + $20 + $50 brown).
    let holland = board(
        &[
            ("B10", "9", 1),
            ("B12", "9", 1),
            ("B14", "9", 1),
            ("B16", "57", 1),
        ],
        &[("GT", "B16")],
    );
    let holland_route = |revenue| {
        route(
            "4-0",
            &["B8-0", "B16-0", "B18-0"],
            &[&["B8", "B10", "B12", "B14", "B16"], &["B16", "B18"]],
            revenue,
        )
    };
    let owned = [("4-0", "4")];
    let paid = run(
        &at("B8", "GT"),
        &holland,
        Band::Yellow,
        "GT",
        &owned,
        &[holland_route(130)],
    );
    assert_eq!(figures(&paid.unwrap()), [(90, 40, 130)]);
    let paid = run(
        &at("B8", "GT"),
        &holland,
        Band::Brown,
        "GT",
        &owned,
        &[holland_route(120)],
    );
    assert_eq!(figures(&paid.unwrap()), [(80, 40, 120)]);
    let paid = run(
        &at("B8", "MC"),
        &holland,
        Band::Yellow,
        "GT",
        &owned,
        &[holland_route(90)],
    );
    assert_eq!(figures(&paid.unwrap()), [(90, 0, 90)]);
    // Wheeling (printed yellow, $10) to Cumberland (H20, $20 yellow).
    let wheeling = board(&[], &[("B&O", "G19")]);
    let to_cumberland = route("2-0", &["G19-0", "H20-0"], &[&["G19", "H20"]], 70);
    let paid = run(
        &at("G19", "B&O"),
        &wheeling,
        Band::Yellow,
        "B&O",
        &[("2-0", "2")],
        &[to_cumberland],
    );
    assert_eq!(figures(&paid.unwrap()), [(30, 40, 70)]);
    // Chicago Connections: one symbol, with the East-West bonus.
    let r = chicago_connections_to_windsor("4-0", 250);
    let paid = run(
        &at("C5", "GT"),
        &west_to_windsor(),
        Band::Yellow,
        "GT",
        &owned,
        &[r],
    );
    assert_eq!(figures(&paid.unwrap()), [(150, 100, 250)]);
}

/// Boomtown: +$20 at Cincinnati (H12, #293 Z $40) for its company. Dayton (G13, #57) $20.
#[test]
fn boomtown_pays_20_at_cincinnati() {
    let board = board(&[("H12", "293", 0), ("G13", "57", 0)], &[("B&O", "H12")]);
    let r = |revenue| route("2-0", &["H12-0", "G13-0"], &[&["H12", "G13"]], revenue);
    let boomtown = G1846Routes {
        boomtown: Some(Assigned {
            hex: "H12",
            company: "B&O",
        }),
        ..G1846Routes::default()
    };
    let paid = run(
        &boomtown,
        &board,
        Band::Yellow,
        "B&O",
        &[("2-0", "2")],
        &[r(80)],
    );
    assert_eq!(figures(&paid.unwrap()), [(60, 20, 80)]);
    let paid = run(
        &none(),
        &board,
        Band::Yellow,
        "B&O",
        &[("2-0", "2")],
        &[r(60)],
    );
    assert_eq!(figures(&paid.unwrap()), [(60, 0, 60)]);
}

/// Detroit's three routes: to Windsor, to Port Huron, and Chicago Connections to Windsor.
fn detroit() -> Board {
    let mut tiles = WEST_TO_WINDSOR.to_vec();
    tiles.push(("B16", "57", 0));
    board(&tiles, &[("GT", "C15")])
}

fn detroit_to_port_huron(train: &str, revenue: u32) -> Route {
    route(train, &["C15-0", "B16-0"], &[&["C15", "B16"]], revenue)
}

fn detroit_to_windsor(train: &str, revenue: u32) -> Route {
    route(train, &["C15-0", "C17-0"], &[&["C15", "C17"]], revenue)
}

fn mail() -> G1846Routes<'static> {
    G1846Routes {
        mail_contract: true,
        ..G1846Routes::default()
    }
}

/// Mail Contract: +$10 per stop to the one route of the run visiting the most stops, whatever
/// its place in the run or its train's id; nothing without the contract.
#[test]
fn mail_contract_pays_10_a_stop_to_the_longest_route_only() {
    let board = detroit();
    let owned = [("4-0", "4"), ("6-0", "6")];
    let long = chicago_connections_to_windsor("4-0", 230 + 40);
    let short = detroit_to_port_huron("6-0", 70);
    let paid = run(
        &mail(),
        &board,
        Band::Yellow,
        "GT",
        &owned,
        &[long.clone(), short.clone()],
    );
    assert_eq!(figures(&paid.unwrap()), [(150, 120, 270), (70, 0, 70)]);
    let paid = run(
        &mail(),
        &board,
        Band::Yellow,
        "GT",
        &owned,
        &[short.clone(), long.clone()],
    );
    assert_eq!(figures(&paid.unwrap()), [(70, 0, 70), (150, 120, 270)]);
    let mut plain = long.clone();
    plain.revenue = 230;
    let paid = run(&none(), &board, Band::Yellow, "GT", &owned, &[plain, short]);
    assert_eq!(figures(&paid.unwrap()), [(150, 80, 230), (70, 0, 70)]);
}

/// Mail Contract counts the stops visited, not those counted: a 3/5 visiting four stops earns
/// $40 (18xx.games: `visited_stops`).
#[test]
fn mail_contract_counts_the_stops_an_n_m_train_visits() {
    let r = chicago_connections_to_windsor("4-0", 190 + 40);
    let paid = run(
        &mail(),
        &west_to_windsor(),
        Band::Yellow,
        "GT",
        &[("4-0", "3/5")],
        &[r],
    );
    assert_eq!(figures(&paid.unwrap()), [(110, 120, 230)]);
}

/// Mail Contract between routes visiting as many stops: 18xx.games takes the greatest
/// `[visited stops, train id]`, the ids compared as strings: "2-1" over "2-0" whichever route
/// each runs, and "6-9" over "6-10".
#[test]
fn mail_contract_tie_goes_to_the_greatest_train_id_as_a_string() {
    let board = detroit();
    let paid = |first: &str, second: &str, side: &str, revenues: [u32; 2]| {
        let owned = [(first, side), (second, side)];
        let routes = [
            detroit_to_port_huron(first, revenues[0]),
            detroit_to_windsor(second, revenues[1]),
        ];
        run(&mail(), &board, Band::Yellow, "GT", &owned, &routes).map(|r| figures(&r))
    };
    // Port Huron $70, Windsor $90: +$20 to the route of the greater id.
    assert_eq!(
        paid("2-0", "2-1", "2", [70, 110]),
        Ok(vec![(70, 0, 70), (90, 20, 110)])
    );
    assert_eq!(
        paid("2-1", "2-0", "2", [90, 90]),
        Ok(vec![(70, 20, 90), (90, 0, 90)])
    );
    assert_eq!(
        paid("6-9", "6-10", "6", [90, 90]),
        Ok(vec![(70, 20, 90), (90, 0, 90)])
    );
}

/// The route the Mail Contract pays among routes visiting `stops` stops, run by `train`.
fn mail_of(list: &[(&str, u8)]) -> Option<usize> {
    let revenue = RouteRevenue {
        train: String::new(),
        stops: 0,
        ferries: 0,
        bonuses: 0,
        total: 0,
    };
    let routes: Vec<Resolved> = list
        .iter()
        .map(|&(_, stops)| {
            let nodes = (0..stops).map(|stop| Node { hex: 0, stop }).collect();
            Resolved::new(nodes, Vec::new())
        })
        .collect();
    let run: Vec<RunRoute> = list
        .iter()
        .zip(&routes)
        .map(|(&(train, _), route)| RunRoute {
            train,
            route,
            revenue: &revenue,
        })
        .collect();
    mail_route(&run)
}

/// The run-level choice itself, on resolved routes: most stops first, then the greatest id.
#[test]
fn the_mail_route_is_the_most_stops_then_the_greatest_id() {
    assert_eq!(mail_of(&[("7/8-0", 2), ("2-0", 3)]), Some(1));
    assert_eq!(mail_of(&[("4-0", 2), ("4-1", 2)]), Some(1));
    assert_eq!(mail_of(&[("4-1", 2), ("4-0", 2)]), Some(0));
    assert_eq!(mail_of(&[("6-10", 4), ("6-9", 4)]), Some(1));
    assert_eq!(mail_of(&[]), None);
}

/// A claim that is not the route's revenue is refused, naming what it earns and by how much the
/// claim differs; the Mail Contract's money counts in the claim.
#[test]
fn a_wrong_claim_is_refused_naming_the_figures() {
    let board = west_to_windsor();
    let claim = chicago_connections_to_windsor("4-0", 200);
    let v = run(
        &none(),
        &board,
        Band::Yellow,
        "GT",
        &[("4-0", "4")],
        &[claim],
    )
    .unwrap_err();
    assert_eq!(
        (v.code.as_str(), v.rule.as_str()),
        ("wrong_revenue", "1846#revenue")
    );
    assert!(
        v.message.contains(
            "earns $230 (stops $150, ferries $0, bonuses $80); $200 was claimed, $30 less"
        ),
        "{}",
        v.message
    );
    let without_mail = chicago_connections_to_windsor("4-0", 230);
    let v = run(
        &mail(),
        &board,
        Band::Yellow,
        "GT",
        &[("4-0", "4")],
        &[without_mail],
    );
    let v = v.unwrap_err();
    assert_eq!(v.code, "wrong_revenue");
    assert!(v.message.contains("earns $270"), "{}", v.message);
}

/// The best-route search counts the Mail Contract: its routes' claims are accepted with the
/// contract's money in them, and its run earns at least the best run without the contract plus
/// the contract's money on that run (which it could have chosen).
#[test]
fn the_best_routes_count_the_mail_contract() {
    use railrules::games::kit18xx::best_routes::best_routes;
    let board = detroit();
    let owned = trains(&[("4-0", "4"), ("6-0", "6")]);
    let with_mail = mail();
    let plain = none();
    let ctx = with_mail.context(Band::Yellow, "GT", &owned);
    let best = best_routes(&board, &ctx);
    assert!(best.complete());
    let judged = check_routes(&board, &ctx, &best.routes).unwrap_or_else(|v| panic!("{v}"));
    let total: u32 = judged.iter().map(|r| r.total).sum();
    let plain_ctx = plain.context(Band::Yellow, "GT", &owned);
    let plain_best = best_routes(&board, &plain_ctx);
    let plain_total: u32 = plain_best.routes.iter().map(|r| r.revenue).sum();
    let longest = plain_best
        .routes
        .iter()
        .map(|r| r.nodes.len() as u32)
        .max()
        .unwrap();
    assert!(longest >= 2);
    assert!(
        total >= plain_total + 10 * longest,
        "{total} < {plain_total} + mail"
    );
    // The contract's money is in exactly one route's claim: the one visiting the most stops.
    let with: Vec<u32> = judged.iter().map(|r| r.bonuses).collect();
    let without = check_routes(
        &board,
        &plain_ctx,
        &best
            .routes
            .iter()
            .zip(&judged)
            .map(|(r, j)| {
                let mut r = r.clone();
                r.revenue = j.total;
                r
            })
            .collect::<Vec<_>>(),
    );
    assert!(
        without.is_err(),
        "without the contract the claims are too high"
    );
    assert!(with.iter().any(|&b| b > 0), "{with:?}");
}

// ---- Routes written by their connections' hexes only (kit18xx::connections) ----

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
