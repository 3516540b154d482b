//! The best-route search's budget (docs/rules/1833ne.md#routes): exact on real boards, cut
//! short on a board built to make it explode, with the routes it found marked incomplete; and
//! stopped by its deadline, whoever cancels it.

use crate::adversarial::{
    TILE, adversarial_1833ne, adversarial_in, adversarial_with, before_last_run, recorded,
};
use railrules::core::{Deadline, Game, Stop};
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::Action;
use railrules::games::ne1833::best_routes::{
    ARM_STEPS, BestRoutes, SEARCH_STEPS, best_routes_within,
};
use railrules::games::ne1833::board::BoardIds;
use railrules::games::ne1833::data::{Band, Provisional, components};
use railrules::games::ne1833::graph::{GRAPH_STEPS, Graph};
use railrules::games::ne1833::ids::Company;
use railrules::games::ne1833::legal::company_best_routes;
use railrules::games::ne1833::operating_round::current;
use railrules::games::ne1833::route_bonuses::Ne1833Routes;
use railrules::games::ne1833::routes::{OwnedTrain, company_sources};

use crate::game_fixtures::State;
use std::sync::mpsc;
use std::time::{Duration, Instant};

const RECORDED: [&str; 3] = [
    "1833ne-greedy-3p-seed-2.json",
    "1833ne-greedy-4p-seed-3.json",
    "1833ne-greedy-5p-seed-3.json",
];

fn total(best: &BestRoutes) -> u32 {
    best.routes.iter().map(|r| r.revenue).sum()
}

#[test]
fn the_budget_leaves_the_recorded_games_exact() {
    // Every state where a recorded game runs routes, the late ones among them.
    let mut most = 0;
    for file in RECORDED {
        let (mut state, actions) = recorded(file);
        for action in &actions {
            if let Action::RunRoutes { .. } = action {
                let (company, _) = current(&state).unwrap();
                let bounded =
                    company_best_routes(&state, company, SEARCH_STEPS, &Deadline::never());
                let unbounded = company_best_routes(&state, company, u64::MAX, &Deadline::never());
                assert!(bounded.complete(), "{file}: {bounded:?}");
                assert_eq!(bounded, unbounded, "{file}");
                most = most.max(unbounded.steps);
            }
            Ne1833::apply(&mut state, action).unwrap();
        }
    }
    // The budget is far above what they need (docs/rules/1833ne.md#routes gives the figure).
    assert!(most * 100 < SEARCH_STEPS, "{most} steps");
}

#[test]
fn the_budget_leaves_a_dense_late_game_board_exact() {
    // The benchmarks' late-game board (82 tiles, 26 brown): the heaviest legal board we have.
    let board = serde_json::from_str::<BoardIds>(include_str!(
        "../../benches/fixtures/ne1833-late-game-board.json"
    ))
    .unwrap()
    .on(&components().map);
    let provisional = Provisional::default();
    let trains = [("6/9-0", "6/9"), ("7+3-0", "7+3")].map(|(id, side)| OwnedTrain {
        id: id.into(),
        side: side.into(),
    });
    for company in ["BW", "HR", "B&P", "FRR"] {
        let bonuses = Ne1833Routes {
            provisional: &provisional,
            before_phase_four: false,
            ferries: &[],
            new_ferry: None,
            luxury_ferry: None,
            ogdensburg: false,
            delaware_and_hudson: false,
        };
        let context = bonuses.context(Band::Late, company, &trains, &[]);
        let bounded = best_routes_within(&board, &context, SEARCH_STEPS, &Deadline::never());
        let unbounded = best_routes_within(&board, &context, u64::MAX, &Deadline::never());
        assert!(bounded.complete(), "{company}: {} steps", bounded.steps);
        assert_eq!(bounded, unbounded, "{company}");
    }
}

#[test]
fn on_the_adversarial_board_the_search_stops_at_its_budget_with_legal_routes() {
    let (state, company) = adversarial_1833ne();
    let started = Instant::now();
    let listing = Ne1833::listing(&state);
    let took = started.elapsed();
    // About 1.3 s in a debug build on two cores; the request deadline is 10 s.
    assert!(took < Duration::from_secs(10), "{took:?}");
    let runs: Vec<usize> = listing
        .actions
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, Action::RunRoutes { routes, .. } if !routes.is_empty()))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(runs.len(), 1);
    assert_eq!(listing.incomplete.len(), 1, "{:?}", listing.incomplete);
    let marked = &listing.incomplete[0];
    assert_eq!(marked.action, runs[0]);
    assert_eq!(marked.pointer, "/routes");
    assert!(
        marked
            .detail
            .contains(&format!("budget of {SEARCH_STEPS} steps")),
        "{}",
        marked.detail
    );
    // Listed, so `apply` accepts it: the routes found are legal, one per train.
    let Action::RunRoutes { routes, .. } = &listing.actions[runs[0]] else {
        unreachable!()
    };
    assert_eq!(routes.len(), 3, "{routes:?}");
    // Steps, not time: the same state gets the same routes.
    let again = company_best_routes(&state, company, SEARCH_STEPS, &Deadline::never());
    assert_eq!(again.stopped, Some(Stop::OutOfSteps));
    assert_eq!(again.steps, SEARCH_STEPS);
    assert_eq!(&again.routes, routes);
    assert!(total(&again) > 0);
}

#[test]
fn a_real_board_lists_its_runs_complete() {
    let state = before_last_run(RECORDED[0]);
    let listing = Ne1833::listing(&state);
    assert!(
        listing
            .actions
            .iter()
            .any(|a| matches!(a, Action::RunRoutes { routes, .. } if !routes.is_empty()))
    );
    assert_eq!(listing.incomplete, vec![]);
}

#[test]
fn a_cancelled_search_returns_at_once_with_what_it_has() {
    let (state, company) = adversarial_1833ne();
    let cancelled = Deadline::never();
    cancelled.cancel();
    let best = company_best_routes(&state, company, u64::MAX, &cancelled);
    assert_eq!(best.stopped, Some(Stop::DeadlinePassed));
    // It stopped at its first read of the deadline: one arm found, no route judged.
    assert!(best.steps <= ARM_STEPS, "{} steps", best.steps);
    assert_eq!(best.routes, vec![]);
    // Under a cancelled deadline the listing stops before judging a candidate (the API answers
    // 503: a listing cut short is never served).
    let listing = cancelled.run(|| Ne1833::listing(&state));
    assert_eq!(listing.actions, vec![]);
}

#[test]
fn a_deadline_that_passes_stops_the_search() {
    let (state, company) = adversarial_1833ne();
    let best = company_best_routes(
        &state,
        company,
        u64::MAX,
        &Deadline::after(Duration::from_millis(1)),
    );
    assert_eq!(best.stopped, Some(Stop::DeadlinePassed));
    assert!(best.steps < SEARCH_STEPS, "{} steps", best.steps);
}

#[test]
fn a_search_cancelled_from_another_thread_stops() {
    // What the API does when a request's time is up: the search runs unbounded (well over a
    // minute in a debug build) until the waiting side cancels it.
    let (state, company) = adversarial_1833ne();
    let deadline = Deadline::never();
    let (done, result) = mpsc::channel();
    let theirs = deadline.clone();
    let search = std::thread::spawn(move || {
        done.send(company_best_routes(&state, company, u64::MAX, &theirs))
            .unwrap();
    });
    std::thread::sleep(Duration::from_millis(50));
    deadline.cancel();
    let best = result
        .recv_timeout(Duration::from_secs(30))
        .expect("the search stopped");
    search.join().unwrap();
    assert_eq!(best.stopped, Some(Stop::DeadlinePassed));
}

#[test]
fn a_side_that_exhausts_its_share_leaves_the_others_theirs() {
    // Brown six-exit cities on every plain hex: finding the 7+3's candidates alone would take
    // 27 million steps, more than the whole finding half of the budget; the 6/9 gets its share
    // all the same, and both trains run.
    let (state, company) = adversarial_with("N54", &["7+3", "6/9"]);
    let best = company_best_routes(&state, company, SEARCH_STEPS, &Deadline::never());
    assert_eq!(best.stopped, Some(Stop::OutOfSteps));
    let trains: Vec<&str> = best.routes.iter().map(|r| r.train.as_str()).collect();
    assert_eq!(trains, ["7+3-20", "6/9-21"], "{:?}", best.routes);
}

/// The adversarial state with #44 turned so that the track the company reaches has an
/// exponential number of links (tests/data/README.md). No game reaches it (`check` refuses it,
/// so the API never searches it); the search is run on it directly, for a budget that holds
/// on any board.
fn exploding_track() -> (State, Company) {
    // The board was drawn for the 3-player game's last operating company and its stations.
    let (mut state, company) =
        adversarial_in("1833ne-greedy-3p-seed-2.json", TILE, &["7+3", "7+3", "7+3"]);
    state.board =
        serde_json::from_str::<BoardIds>(include_str!("../data/ne1833-exploding-track-board.json"))
            .unwrap()
            .on(&components().map);
    let codes: Vec<String> = Ne1833::check(&state).into_iter().map(|v| v.code).collect();
    assert!(codes.iter().any(|c| c == "tiles_over_stock"), "{codes:?}");
    (state, company)
}

#[test]
fn exploding_track_is_cut_at_its_budget_and_claimed_routes_are_still_judged() {
    let (state, company) = exploding_track();
    let provisional = Provisional::default();
    let bonuses = Ne1833Routes {
        provisional: &provisional,
        before_phase_four: true,
        ferries: &[],
        new_ferry: None,
        luxury_ferry: None,
        ogdensburg: false,
        delaware_and_hudson: false,
    };
    let context = bonuses.context(Band::Early, company.symbol(), &[], &[]);
    // The graph of the track it reaches does not fit its budget (8 million steps unbounded).
    let mut budget = railrules::core::Budget::new(GRAPH_STEPS, Deadline::never());
    Graph::build_within(
        &state.board,
        components(),
        &company_sources(&state.board, &context),
        &mut budget,
    );
    assert_eq!(budget.stopped(), Some(Stop::OutOfSteps));
    // Legal actions answer in time, their run of routes marked incomplete.
    let started = Instant::now();
    let listing = Ne1833::listing(&state);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let run = listing
        .incomplete
        .first()
        .expect("an incomplete run")
        .action;
    let Action::RunRoutes { player, routes } = listing.actions[run].clone() else {
        panic!("{:?}", listing.actions[run])
    };
    assert!(!routes.is_empty());
    // A claimed run is judged along the track it names: the listed one is accepted (listed),
    // the same with $10 too much is refused saying so, and track that is not there is not.
    let mut claimed = routes.clone();
    claimed[0].revenue += 10;
    let mut after = state.clone();
    let judging = Instant::now();
    let refused = Ne1833::apply(
        &mut after,
        &Action::RunRoutes {
            player,
            routes: claimed.clone(),
        },
    )
    .unwrap_err();
    assert_eq!(refused.code, "wrong_revenue");
    assert!(refused.message.contains("$10 more"), "{}", refused.message);
    // Not the 8 million steps of the whole graph (1.3 s in a debug build): a few milliseconds.
    assert!(
        judging.elapsed() < Duration::from_millis(500),
        "{:?}",
        judging.elapsed()
    );
    claimed[0].revenue -= 10;
    claimed[0].connections[0].reverse();
    let refused = Ne1833::apply(
        &mut after,
        &Action::RunRoutes {
            player,
            routes: claimed,
        },
    )
    .unwrap_err();
    assert_eq!(refused.code, "not_connected", "{refused}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}
