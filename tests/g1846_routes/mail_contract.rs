//! The Mail Contract: $10 a stop to the run's longest route, n/m trains, ties, and the best
//! routes counting it.

use railrules::games::g1846::routes::{Band, mail_route};
use railrules::games::kit18xx::board::{Board, Node};
use railrules::games::kit18xx::routes::{Resolved, Route, RouteRevenue, RunRoute, check_routes};

use crate::{
    WEST_TO_WINDSOR, board, chicago_connections_to_windsor, figures, mail, none, route, run,
    trains, west_to_windsor,
};

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
