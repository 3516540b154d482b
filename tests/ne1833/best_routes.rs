//! Best routes: the walkthrough's Hartford, and agreement with an exhaustive search on small
//! random boards.

use crate::board_fixtures::*;
use proptest::prelude::*;
use railrules::core::Rng;
use railrules::games::ne1833::best_routes::best_routes;
use railrules::games::ne1833::board::{Board, BoardIds, Node};
use railrules::games::ne1833::data::{Band, Provisional};
use railrules::games::ne1833::graph::{Graph, Link};
use railrules::games::ne1833::route_bonuses::Ne1833Routes;
use railrules::games::ne1833::routes::{
    OwnedTrain, Resolved, RouteContext, Which, check_routes, company_sources, revenue,
};
use railrules::games::ne1833::track::{LayContext, TileLay, check_lay, lay_tile, phase_tiles};
use std::collections::HashSet;

fn bonuses<'a>(provisional: &'a Provisional, ferries: &'a [String]) -> Ne1833Routes<'a> {
    Ne1833Routes {
        provisional,
        before_phase_four: true,
        ferries,
        new_ferry: ferries.first().map(|f| f.as_str()),
        luxury_ferry: None,
        ogdensburg: false,
        delaware_and_hudson: false,
    }
}

fn owned(list: &[(&str, &str)]) -> Vec<OwnedTrain> {
    list.iter()
        .map(|(id, side)| OwnedTrain {
            id: (*id).into(),
            side: (*side).into(),
        })
        .collect()
}

#[test]
fn the_hartfords_best_run_is_new_haven_with_its_ferry() {
    let mut board = with_homes(&["HR"]);
    lay_ok(&mut board, &context("HR", "I", &[]), lay("C26", "57", 0));
    let provisional = Provisional::default();
    let trains = owned(&[("2-0", "2")]);
    let ferries = vec!["new_haven".to_string()];
    let bonuses = bonuses(&provisional, &ferries);
    let context = bonuses.context(Band::Early, "HR", &trains, &[]);
    let best = best_routes(&board, &context).routes;
    assert_eq!(best.len(), 1);
    assert_eq!(best[0].nodes, ["C24-0", "C26-0"]);
    assert_eq!(best[0].revenue, 80);
    // What best routes offers, run_routes accepts.
    assert!(check_routes(&board, &context, &best).is_ok());
}

/// A route found by the exhaustive search: revenue, track, stops, links.
type Found = (u32, HashSet<(usize, u8)>, Vec<Node>, Vec<usize>);

/// Every simple route between any two stops, valid for `side`, with its revenue and track.
fn every_route(board: &Board, context: &RouteContext, graph: &Graph, side: &str) -> Vec<Found> {
    let side = c().train_side(side).unwrap();
    let reach: usize = side.distance.iter().map(|d| usize::from(d.visit)).sum();
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    fn walk(
        graph: &Graph,
        nodes: &mut Vec<Node>,
        links: &mut Vec<usize>,
        reach: usize,
        out: &mut Vec<(Vec<Node>, Vec<usize>)>,
    ) {
        if nodes.len() > 1 {
            out.push((nodes.clone(), links.clone()));
        }
        if nodes.len() >= reach {
            return;
        }
        let here = *nodes.last().unwrap();
        for &l in graph.at.get(&here).into_iter().flatten() {
            let link: &Link = &graph.links[l];
            let next = if link.a == here { link.b } else { link.a };
            if nodes.contains(&next) {
                continue;
            }
            nodes.push(next);
            links.push(l);
            walk(graph, nodes, links, reach, out);
            nodes.pop();
            links.pop();
        }
    }
    let stations = company_sources(board, context);
    let mut paths = Vec::new();
    for &start in graph.at.keys() {
        walk(graph, &mut vec![start], &mut vec![], reach, &mut paths);
    }
    for (nodes, links) in paths {
        let track: Vec<(usize, u8)> = links
            .iter()
            .flat_map(|&l| graph.links[l].paths.clone())
            .collect();
        let set: HashSet<(usize, u8)> = track.iter().copied().collect();
        if set.len() != track.len() {
            continue;
        }
        let middles_ok = nodes[1..nodes.len() - 1]
            .iter()
            .all(|&n| board.passable(c(), n, Some(context.company)));
        if !middles_ok {
            continue;
        }
        let resolved = Resolved::new(
            nodes.clone(),
            links.iter().map(|&l| &graph.links[l]).collect(),
        );
        let Ok(r) = revenue(
            board,
            context,
            side,
            &stations,
            &resolved,
            Which {
                index: 0,
                train: "",
            },
        ) else {
            continue;
        };
        let mut key: Vec<(usize, u8)> = set.iter().copied().collect();
        key.sort();
        let mut ends = vec![nodes[0], *nodes.last().unwrap()];
        ends.sort();
        if seen.insert((key, ends)) {
            found.push((r.total, set, nodes, links));
        }
    }
    found
}

/// The exhaustive best total for up to two trains.
fn exhaustive(board: &Board, context: &RouteContext, sides: &[&str]) -> u32 {
    let graph = Graph::build(board, c());
    let lists: Vec<_> = sides
        .iter()
        .map(|s| every_route(board, context, &graph, s))
        .collect();
    match lists.as_slice() {
        [one] => one.iter().map(|r| r.0).max().unwrap_or(0),
        [a, b] => {
            let mut best = a
                .iter()
                .map(|r| r.0)
                .chain(b.iter().map(|r| r.0))
                .max()
                .unwrap_or(0);
            for x in a {
                for y in b {
                    if x.1.is_disjoint(&y.1) {
                        best = best.max(x.0 + y.0);
                    }
                }
            }
            best
        }
        _ => unreachable!(),
    }
}

/// A small board grown at random from the Hartford's home: `lays` legal yellow and green lays.
fn random_board(seed: u64, lays: usize) -> Board {
    let mut rng = Rng::new(seed);
    let mut board = with_homes(&["HR"]);
    let phase = phase("II");
    let hexes = [
        "C22", "C26", "D21", "D23", "D25", "B25", "B27", "C20", "D19", "E22", "E24", "E26", "B23",
    ];
    let tiles: Vec<&str> = c()
        .tiles
        .iter()
        .filter(|t| phase.tiles.contains(&t.color))
        .map(|t| t.id.as_str())
        .collect();
    let mut made = 0;
    for _ in 0..4000 {
        if made == lays {
            break;
        }
        let lay = TileLay {
            hex: hexes[rng.below(hexes.len() as u64) as usize].to_string(),
            tile: tiles[rng.below(tiles.len() as u64) as usize].to_string(),
            rotation: rng.below(6) as u8,
        };
        let context = LayContext {
            connection_free: false,
            network: None,
            must_use_new_track: false,
            ..context("HR", "II", &[])
        };
        if let Ok(planned) = check_lay(&board, &context, &lay) {
            lay_tile(&mut board, &lay, &planned);
            made += 1;
        }
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn best_routes_agree_with_an_exhaustive_search(seed in any::<u64>(), lays in 2usize..9, pick in 0usize..4) {
        let board = random_board(seed, lays);
        let provisional = Provisional::default();
        let choices: [&[(&str, &str)]; 4] = [
            &[("2-0", "2")],
            &[("3/5-0", "3/5")],
            &[("2-0", "2"), ("2+1-0", "2+1")],
            &[("3/5-0", "3/5"), ("2+2-0", "2+2")],
        ];
        let trains = owned(choices[pick]);
        let ferries = vec!["new_haven".to_string()];
        let bonuses = bonuses(&provisional, &ferries);
    let context = bonuses.context(Band::Early, "HR", &trains, &[]);
        let best = best_routes(&board, &context).routes;
        let total: u32 = best.iter().map(|r| r.revenue).sum();
        let sides: Vec<&str> = trains.iter().map(|t| t.side.as_str()).collect();
        prop_assert_eq!(total, exhaustive(&board, &context, &sides));
        prop_assert!(check_routes(&board, &context, &best).is_ok(), "{:?}", check_routes(&board, &context, &best));
    }
}

/// A late-game map: random legal lays (any colour of phase IV) over the whole map.
pub fn late_game_board(seed: u64) -> Board {
    let mut rng = Rng::new(seed);
    let mut board = with_homes(&["BW", "HR", "B&P", "FRR"]);
    let phase = phase_tiles(phase("IV"));
    let hexes: Vec<&str> = c().hexes.iter().map(|h| h.id.as_str()).collect();
    let tiles: Vec<&str> = c().tiles.iter().map(|t| t.id.as_str()).collect();
    for _ in 0..60_000 {
        let lay = TileLay {
            hex: hexes[rng.below(hexes.len() as u64) as usize].to_string(),
            tile: tiles[rng.below(tiles.len() as u64) as usize].to_string(),
            rotation: rng.below(6) as u8,
        };
        let context = LayContext {
            phase,
            ..LayAnywhere::context()
        };
        if let Ok(planned) = check_lay(&board, &context, &lay) {
            lay_tile(&mut board, &lay, &planned);
        }
    }
    board
}

/// The late-game board the benchmarks read (benches/fixtures/), and what is known of it.
#[test]
fn the_late_game_fixture_is_the_generated_board() {
    let board = late_game_board(1);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/fixtures/ne1833-late-game-board.json"
    );
    let text = serde_json::to_string_pretty(&BoardIds::of(&board, &c().map)).unwrap() + "\n";
    if std::env::var_os("RAILRULES_BLESS").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(path).unwrap_or_default(),
        text,
        "rerun with RAILRULES_BLESS=1"
    );
    let brown = board
        .tiles
        .by_id(&c().map)
        .values()
        .filter(|t| format!("{:?}", c().tile(&t.tile).unwrap().color) == "Brown")
        .count();
    assert!(
        board.tiles.len() >= 60 && brown >= 20,
        "{} tiles, {brown} brown",
        board.tiles.len()
    );
}
