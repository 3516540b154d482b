//! Running routes in 1846 (docs/rules/1846.md#routes, #revenue, #bonuses): the operator's trains
//! and the bonuses it holds (the markers that pay it, the Mail Contract) in 1846's route
//! context (`g1846::routes`). Who submits the routes and what follows are the kit's.

use crate::core::Violation;
use crate::games::g1846::data::components;
use crate::games::g1846::ids::{Company, Private};
use crate::games::g1846::privates::{corporation_owning, paying_markers};
use crate::games::g1846::routes::{Band, G1846Routes};
use crate::games::g1846::state::State;
use crate::games::kit18xx::routes::{OwnedTrain, Route, check_routes};
use crate::games::kit18xx::table::Table as _;

pub fn owned_trains(state: &State, company: Company) -> Vec<OwnedTrain> {
    state
        .company(company)
        .trains
        .iter()
        .filter(|t| !state.resting_trains.contains(&t.id))
        .map(|t| OwnedTrain {
            id: t.id.clone(),
            side: t.side.clone(),
        })
        .collect()
}

/// The off-boards' band now.
fn band(state: &State) -> Band {
    components()
        .phases
        .get(usize::from(state.phase))
        .and_then(|p| Band::of_phase(&p.name))
        .unwrap_or(Band::Yellow)
}

/// The markers that pay now and whether `company` holds the Mail Contract.
pub fn route_bonuses_of(state: &State, company: Company) -> (Vec<(String, String, String)>, bool) {
    (
        paying_markers(state),
        corporation_owning(state, Private::Mail) == Some(company),
    )
}

/// The revenue of the operator's routes, judged by the kit with 1846's bonuses.
pub fn route_revenue(state: &State, company: Company, routes: &[Route]) -> Result<u32, Violation> {
    let trains = owned_trains(state, company);
    let (markers, mail) = route_bonuses_of(state, company);
    let bonuses = G1846Routes::from_markers(&markers, mail);
    let ctx = bonuses.context(band(state), company.symbol(), &trains);
    let revenues = check_routes(&state.board, &ctx, routes)?;
    Ok(revenues.iter().map(|r| r.total).sum())
}

/// Whether the operator's trains can run any route now (18xx.games' `can_run_route?`, its
/// graph's `route_available`: the site has no route step for a company that cannot): it owns
/// a train, and from one of its stations track reaches another stop.
pub fn can_run_a_route(state: &State, company: Company) -> bool {
    if owned_trains(state, company).is_empty() {
        return false;
    }
    let map = &components().map;
    let board = &state.board;
    board.station_nodes(map, company.symbol()).any(|station| {
        board
            .reach_from(map, company.symbol(), &[station])
            .stops
            .len()
            > 1
    })
}

/// The operator's routes from an 18xx.games run written by connections only (`[["C15",
/// "B16"]]` per train): each route's first reading the rules accept together with the others
/// (where one edge leads to several of Chicago's cities, the connections leave a choice), with
/// its revenue filled in. `runs` pairs each train's id with its connections.
pub fn routes_from_connections(
    state: &State,
    company: Company,
    runs: &[(String, Vec<Vec<String>>)],
) -> Result<Vec<Route>, String> {
    use crate::games::kit18xx::connections::readings;
    use crate::games::kit18xx::routes::judge_routes;
    let map = &components().map;
    let mut per_route = Vec::with_capacity(runs.len());
    for (train, connections) in runs {
        per_route.push((train, readings(&state.board, map, connections)?));
    }
    let trains = owned_trains(state, company);
    let (markers, mail) = route_bonuses_of(state, company);
    let bonuses = G1846Routes::from_markers(&markers, mail);
    let ctx = bonuses.context(band(state), company.symbol(), &trains);
    // Every combination of the routes' readings, first ones first (a few at most).
    let mut choice = vec![0; per_route.len()];
    let mut last_refusal = String::from("a route reads nowhere");
    for _ in 0..64 {
        let routes: Option<Vec<Route>> = per_route
            .iter()
            .zip(&choice)
            .map(|((train, options), &k)| {
                let reading = options.get(k)?;
                Some(Route {
                    train: (*train).clone(),
                    nodes: reading
                        .nodes
                        .iter()
                        .map(|n| format!("{}-{}", map.hexes[n.hex].id, n.stop))
                        .collect(),
                    connections: reading
                        .connections
                        .iter()
                        .map(|c| c.iter().map(|&h| map.hexes[h].id.clone()).collect())
                        .collect(),
                    revenue: 0,
                    extension: None,
                })
            })
            .collect();
        let Some(mut routes) = routes else { break };
        match judge_routes(&state.board, &ctx, &routes) {
            Ok(revenues) => {
                for (route, revenue) in routes.iter_mut().zip(&revenues) {
                    route.revenue = revenue.total;
                }
                return Ok(routes);
            }
            Err(v) => last_refusal = v.to_string(),
        }
        let mut i = 0;
        loop {
            if i == choice.len() {
                return Err(last_refusal);
            }
            choice[i] += 1;
            if choice[i] < per_route[i].1.len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
    Err(last_refusal)
}
