//! Running routes in 1846 (docs/rules/1846.md#routes, #revenue, #bonuses): the operator's trains
//! and the bonuses it holds (the markers that pay it, the Mail Contract) in 1846's route
//! context (`g1846::routes`). Who submits the routes and what follows are the kit's.

use crate::core::Violation;
use crate::games::g1846::data::components;
use crate::games::g1846::ids::{Company, Private};
use crate::games::g1846::privates::{corporation_owning, paying_markers};
use crate::games::g1846::routes::{Band, G1846Routes};
use crate::games::g1846::state::State;
use crate::games::kit18xx::board::{Board, Faces};
use crate::games::kit18xx::connections::EndsMemo;
use crate::games::kit18xx::routes::{
    OwnedTrain, Resolved, Route, RouteRevenue, check_claims, judge_resolved, judge_routes_on,
};
use crate::games::kit18xx::table::Table as _;
use std::cell::RefCell;

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

/// What the operator's routes are judged against besides the board: its trains, the bonuses it
/// holds, the off-boards' band.
#[derive(Debug, Clone, PartialEq)]
struct RunInputs {
    company: Company,
    trains: Vec<OwnedTrain>,
    markers: Vec<(String, String, String)>,
    mail: bool,
    band: Band,
}

impl RunInputs {
    fn of(state: &State, company: Company) -> RunInputs {
        let (markers, mail) = route_bonuses_of(state, company);
        RunInputs {
            company,
            trains: owned_trains(state, company),
            markers,
            mail,
            band: band(state),
        }
    }
}

/// Judges the routes with 1846's bonuses (the kit's `judge_routes`; the claims are not looked
/// at).
fn judge(
    faces: &Faces,
    inputs: &RunInputs,
    routes: &[Route],
) -> Result<Vec<RouteRevenue>, Violation> {
    let bonuses = G1846Routes::from_markers(&inputs.markers, inputs.mail);
    let ctx = bonuses.context(inputs.band, inputs.company.symbol(), &inputs.trains);
    judge_routes_on(faces, &ctx, routes)
}

/// [`judge`], for routes the importer read by walking the track (`resolved[i]` is
/// `routes[i]`'s stops and track): the kit's `judge_resolved`, which does not read them again
/// from their names.
fn judge_readings(
    faces: &Faces,
    inputs: &RunInputs,
    routes: &[Route],
    resolved: Vec<Resolved>,
) -> Result<Vec<RouteRevenue>, Violation> {
    let bonuses = G1846Routes::from_markers(&inputs.markers, inputs.mail);
    let ctx = bonuses.context(inputs.band, inputs.company.symbol(), &inputs.trains);
    judge_resolved(faces, &ctx, routes, resolved)
}

/// A run of routes judged, with what it was judged against: the importer judges the routes it
/// reads from an export's connections (to choose among their readings and fill in their
/// revenue), and the engine then judges the same routes on the same board when the action is
/// applied. The importer leaves its judgement here and the engine takes it, so that a run is
/// judged once. The board is held, to be compared with the engine's.
struct JudgedRun {
    board: Board,
    inputs: RunInputs,
    /// The routes judged ([`routes_key`]).
    routes: Vec<u8>,
    revenues: Vec<RouteRevenue>,
}

thread_local! {
    static JUDGED_RUN: RefCell<Option<JudgedRun>> = const { RefCell::new(None) };
}

/// The routes written as one string of bytes, whatever revenue they claim: two runs are the
/// same routes exactly when their keys are equal (each list and name is written after its
/// length, so no two runs share a key). One string is cheaper to keep than a copy of the routes.
fn routes_key(routes: &[Route]) -> Vec<u8> {
    // Counts in four bytes: no list or name of a request comes near 2^32 (bodies are bounded
    // far below), and a short key is written and compared faster.
    fn count(key: &mut Vec<u8>, n: usize) {
        key.extend_from_slice(&(n as u32).to_le_bytes());
    }
    fn name(key: &mut Vec<u8>, text: &str) {
        count(key, text.len());
        key.extend_from_slice(text.as_bytes());
    }
    // Room for a route of ten stops joined through twenty hexes, written once.
    let mut key = Vec::with_capacity(256 * routes.len());
    for route in routes {
        name(&mut key, &route.train);
        count(&mut key, route.nodes.len());
        for node in &route.nodes {
            name(&mut key, node);
        }
        count(&mut key, route.connections.len());
        for hexes in &route.connections {
            count(&mut key, hexes.len());
            for hex in hexes {
                name(&mut key, hex);
            }
        }
        match &route.extension {
            None => count(&mut key, 0),
            Some(extension) => name(&mut key, &format!("{extension:?}")),
        }
    }
    key
}

/// Leaves the judgement of `routes` for the engine (see [`JudgedRun`]).
fn hand_over(state: &State, inputs: RunInputs, routes: &[Route], revenues: &[RouteRevenue]) {
    let run = JudgedRun {
        board: state.board.clone(),
        inputs,
        routes: routes_key(routes),
        revenues: revenues.to_vec(),
    };
    JUDGED_RUN.with_borrow_mut(|judged| *judged = Some(run));
}

/// The judgement handed over for exactly these routes on this board against these inputs, if
/// any (taken: it is used once).
fn handed_over(state: &State, inputs: &RunInputs, routes: &[Route]) -> Option<Vec<RouteRevenue>> {
    let run = JUDGED_RUN.with_borrow_mut(Option::take)?;
    (run.board == state.board && run.inputs == *inputs && run.routes == routes_key(routes))
        .then_some(run.revenues)
}

/// The revenue of the operator's routes, judged by the kit with 1846's bonuses.
pub fn route_revenue(state: &State, company: Company, routes: &[Route]) -> Result<u32, Violation> {
    if !routes.is_empty()
        && crate::games::kit18xx::operating_round::current(state)
            .is_some_and(|(_, turn)| turn.routes_skipped)
    {
        return Err(Violation::new(
            "routes_skipped",
            crate::games::g1846::rules::section::OPERATING_ROUND,
            format!(
                "{company}'s routes were skipped when its track step ended, as it could run nothing then: a train gained since does not run this turn"
            ),
        ));
    }
    let inputs = RunInputs::of(state, company);
    let revenues = match handed_over(state, &inputs, routes) {
        Some(revenues) => revenues,
        None => judge(
            &Faces::new(&state.board, &components().map),
            &inputs,
            routes,
        )?,
    };
    let bonuses = G1846Routes::from_markers(&inputs.markers, inputs.mail);
    let ctx = bonuses.context(inputs.band, company.symbol(), &inputs.trains);
    check_claims(&ctx, routes, &revenues)?;
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
    board
        .station_nodes(map, company.symbol())
        .any(|station| board.reaches_another_stop(map, company.symbol(), station))
}

/// The operator's routes from an 18xx.games run written by connections only (`[["C15",
/// "B16"]]` per train): each route's first reading the rules accept together with the others
/// (where one edge leads to several of Chicago's cities, the connections leave a choice), with
/// its revenue filled in. `runs` pairs each train's id with its connections.
pub fn routes_from_connections(
    state: &State,
    company: Company,
    runs: &[(&str, Vec<Vec<&str>>)],
    ends: &EndsMemo,
) -> Result<Vec<Route>, String> {
    use crate::games::kit18xx::connections::read_on;
    let map = &components().map;
    // The routes' hexes are read, then judged, on one reading of the board.
    let faces = Faces::new(&state.board, map);
    let mut per_route = Vec::with_capacity(runs.len());
    for (train, connections) in runs {
        per_route.push((train, read_on(&faces, map, connections, ends)?));
    }
    let inputs = RunInputs::of(state, company);
    // Every combination of the routes' readings, first ones first (a few at most).
    let mut choice = vec![0; per_route.len()];
    let mut last_refusal = String::from("a route reads nowhere");
    for _ in 0..64 {
        let resolved: Option<Vec<Resolved>> = per_route
            .iter()
            .zip(&choice)
            .map(|((_, options), &k)| options.resolved(k))
            .collect();
        let Some(resolved) = resolved else { break };
        let mut routes: Vec<Route> = per_route
            .iter()
            .zip(&resolved)
            .map(|((train, _), read)| read.to_route(map, train, 0))
            .collect();
        // The routes are judged as the walk read them (their stops and track), not read again
        // from the names just written; a judge reading the names finds the same revenue, or
        // refuses them for the same reason.
        debug_assert_eq!(
            judge(&faces, &inputs, &routes).map_err(|v| v.code),
            judge_readings(&faces, &inputs, &routes, resolved.clone()).map_err(|v| v.code)
        );
        match judge_readings(&faces, &inputs, &routes, resolved) {
            Ok(revenues) => {
                for (route, revenue) in routes.iter_mut().zip(&revenues) {
                    route.revenue = revenue.total;
                }
                hand_over(state, inputs, &routes, &revenues);
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
