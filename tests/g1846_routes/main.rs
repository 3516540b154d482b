//! 1846's route revenue on the 18xx kit (docs/rules/1846.md#routes, #revenue, #bonuses), as the
//! production 18xx.games 1846 counts it (lib/engine/game/g_1846/game.rb `revenue_for`,
//! `east_west_bonus`; lib/engine/game/base.rb `compute_stops`, `visited_stops`; route.rb), on
//! boards built by hand on 1846's real map: each tile is one of the manifest's, turned to join
//! real neighbours. GMT rule 6.65 (East-West) is quoted in tobymao/18xx issue 739.

mod connections;
mod east_west;
mod mail_contract;
mod privates;
mod revenue;

use railrules::core::Violation;
use railrules::games::g1846::routes::{Band, G1846Routes};
use railrules::games::kit18xx::board::{Board, LaidTile, Station};
use railrules::games::kit18xx::routes::{OwnedTrain, Route, RouteRevenue, check_routes};

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

fn mail() -> G1846Routes<'static> {
    G1846Routes {
        mail_contract: true,
        ..G1846Routes::default()
    }
}
