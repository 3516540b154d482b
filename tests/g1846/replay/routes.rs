//! The routes run: read onto the board they were run on, judged by the kit's 1846 routes, and
//! the revenue the kit counts for each recorded dividend.

use railrules::games::g1846::data::components;
use railrules::games::g1846::routes::{Band, G1846Routes};
use railrules::games::kit18xx::connections::readings;
use railrules::games::kit18xx::routes::{
    OwnedTrain, Route, RouteContext, RouteRevenue, judge_routes,
};
use std::collections::BTreeMap;

use super::{Replay, Run, phase_on, rows_of};

/// Every route of the game reads onto the board it was run on: its connections' hexes carry
/// track from a stop to a stop, each connection starting where the last ended.
pub fn routes_read(replay: &Replay) -> Vec<String> {
    let map = &components().map;
    let mut unread = Vec::new();
    for run in &replay.runs {
        for (train, connections) in &run.routes {
            let readings = readings(&run.board, map, connections).unwrap();
            if readings.is_empty() {
                unread.push(format!(
                    "{}: {} {train} {connections:?}",
                    run.at, run.company
                ));
            }
        }
    }
    unread
}

/// Calls `f` with the route context of `run`: its company's trains, the privates' markers and
/// the Mail Contract as they were, in its phase's band.
pub fn with_context<R>(run: &Run, f: impl FnOnce(&RouteContext) -> R) -> R {
    let bonuses = G1846Routes::from_markers(&run.markers, run.mail_contract);
    let trains: Vec<OwnedTrain> = run
        .trains
        .iter()
        .map(|(id, side)| OwnedTrain {
            id: id.as_str().into(),
            side: side.as_str().into(),
        })
        .collect();
    let phase = &components().phases[run.phase].name;
    let band = Band::of_phase(phase).unwrap();
    f(&bonuses.context(band, &run.company, &trains))
}

/// The run's routes as the kit reads them: the first reading the rules accept (where one edge
/// leads to several of Chicago's cities, the connections alone leave a choice), with what each
/// earns, its claim filled in.
pub fn accepted_routes(
    run: &Run,
    ctx: &RouteContext,
) -> Result<(Vec<Route>, Vec<RouteRevenue>), String> {
    let map = &components().map;
    let mut readings_per_route = Vec::new();
    for (train, connections) in &run.routes {
        let readings = readings(&run.board, map, connections)?;
        readings_per_route.push((train, readings));
    }
    // Every combination of the routes' readings, first ones first (a few at most).
    let mut choice = vec![0; readings_per_route.len()];
    let mut last_refusal = String::from("a route reads nowhere");
    for _ in 0..64 {
        let routes: Option<Vec<Route>> = readings_per_route
            .iter()
            .zip(&choice)
            .map(|((train, readings), &k)| {
                let reading = readings.get(k)?;
                Some(Route {
                    train: train.as_str().into(),
                    nodes: reading
                        .nodes
                        .iter()
                        .map(|n| format!("{}-{}", map.hexes[n.hex].id, n.stop).into())
                        .collect(),
                    connections: reading
                        .connections
                        .iter()
                        .map(|c| c.iter().map(|&h| map.hexes[h].id.as_str().into()).collect())
                        .collect(),
                    revenue: 0,
                    extension: None,
                })
            })
            .collect();
        let Some(mut routes) = routes else { break };
        match judge_routes(&run.board, ctx, &routes) {
            Ok(revenues) => {
                for (route, revenue) in routes.iter_mut().zip(&revenues) {
                    route.revenue = revenue.total;
                }
                return Ok((routes, revenues));
            }
            Err(v) => last_refusal = v.to_string(),
        }
        // The next combination.
        let mut i = 0;
        loop {
            if i == choice.len() {
                return Err(last_refusal);
            }
            choice[i] += 1;
            if choice[i] < readings_per_route[i].1.len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
    Err(last_refusal)
}

/// What a run earns by the kit's 1846 routes.
pub fn run_revenue(run: &Run) -> Result<u32, String> {
    with_context(run, |ctx| {
        let (_, revenues) = accepted_routes(run, ctx)?;
        Ok(revenues.iter().map(|r| r.total).sum())
    })
}

/// The revenue each dividend of the game was paid on (tests/data/1846-market-observations.csv):
/// (the dividend's action id, corporation, revenue). A dividend the engine took without an
/// action is recorded at its run's id.
pub fn observed_revenues(name: &str) -> Vec<(u64, String, u32, bool)> {
    rows_of(name)
        .iter()
        .filter_map(|row| {
            let implicit = match row.get("event") {
                "dividend" => false,
                "dividend_implicit" => true,
                _ => return None,
            };
            let revenue = row.get("revenue").parse().ok()?;
            Some((
                row.id(),
                row.get("corporation").to_string(),
                revenue,
                implicit,
            ))
        })
        .collect()
}

/// The kit's count of the revenue a recorded dividend was paid on.
pub struct Paid {
    /// The dividend's action id and corporation.
    pub id: u64,
    pub corporation: String,
    /// Where its run is (the action's pointer), or the dividend's id without a run.
    pub at: String,
    /// The revenue 18xx.games paid on (the observations' column).
    pub observed: u32,
    /// The kit's count, or why it has none.
    pub computed: Result<u32, String>,
}

/// For each dividend of the game (tests/data/1846-market-observations.csv), what the kit counts
/// for the run before it.
pub fn kit_revenues(name: &str, replay: &Replay) -> Vec<Paid> {
    let mut paid = Vec::new();
    let mut previous: BTreeMap<String, u64> = BTreeMap::new();
    for (id, corporation, revenue, implicit) in observed_revenues(name) {
        let since = previous.insert(corporation.clone(), id).unwrap_or(0);
        let run = replay.runs.iter().rfind(|r| {
            let in_turn = if implicit { r.id == id } else { r.id < id };
            r.company == corporation && r.id > since && in_turn
        });
        // A corporation without a train runs nothing: it earns nothing.
        let Some(run) = run else {
            paid.push(Paid {
                id,
                at: format!("{name} {id}"),
                computed: if revenue == 0 {
                    Ok(0)
                } else {
                    Err(format!("no run of {corporation}"))
                },
                corporation,
                observed: revenue,
            });
            continue;
        };
        // 18xx.games' receivership bought GT a 5 at the end of its OR 6.2 turn without an
        // action (a corporation in receivership without a train buys one: not modelled by this
        // board replay): from then on the game is in phase III, and the runs are counted so.
        let mut run = run.clone();
        if name == "1846_game_end_reason_bankrupt.json" && run.id > 236 {
            run.phase = run.phase.max(phase_on("5"));
        }
        paid.push(Paid {
            id,
            at: run.at.clone(),
            computed: run_revenue(&run),
            corporation,
            observed: revenue,
        });
    }
    paid
}
