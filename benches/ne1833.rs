//! 1833NE: the rules on a mid-game state and whole recorded games, beside the JSON limit of the
//! same `validate` exchange (see benches/common/mod.rs); and routes late in the game: the best
//! routes of a company with a 6/9 and a 7+3 on a late-game board (benches/fixtures/, generated
//! by the test `the_late_game_fixture_is_the_generated_board`), judging those routes, and a
//! recorded game's last `run_routes` applied to its state; and the longest recorded game's
//! final state drawn as SVG (`POST /v1/1833ne/render`).

mod common;

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Criterion, criterion_group, criterion_main};
use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::Action;
use railrules::games::ne1833::best_routes::best_routes;
use railrules::games::ne1833::board::BoardIds;
use railrules::games::ne1833::data::{Band, Provisional, components};
use railrules::games::ne1833::route_bonuses::Ne1833Routes;
use railrules::games::ne1833::routes::{OwnedTrain, check_routes};
use std::hint::black_box;

const MID_GAME: &str = include_str!("fixtures/1833ne-mid-game-validate.json");

fn ne1833(c: &mut Criterion) {
    let mut group = c.benchmark_group("1833ne");
    common::bench_json_limit::<Ne1833>(&mut group, MID_GAME);
    common::bench_rules::<Ne1833>(&mut group, MID_GAME);
    bench_late_game_routes(&mut group);
    bench_last_recorded_run(&mut group);
    common::bench_render::<Ne1833>(&mut group);
    group.sample_size(20);
    common::bench_replays::<Ne1833>(&mut group);
    group.finish();
}

fn bench_late_game_routes(group: &mut BenchmarkGroup<'_, WallTime>) {
    let board =
        serde_json::from_str::<BoardIds>(include_str!("fixtures/ne1833-late-game-board.json"))
            .unwrap()
            .on(&components().map);
    let provisional = Provisional::default();
    let trains = vec![
        OwnedTrain {
            id: "6/9-0".into(),
            side: "6/9".into(),
        },
        OwnedTrain {
            id: "7+3-0".into(),
            side: "7+3".into(),
        },
    ];
    let bonuses = Ne1833Routes {
        provisional: &provisional,
        before_phase_four: false,
        ferries: &[],
        new_ferry: None,
        luxury_ferry: None,
        ogdensburg: false,
        delaware_and_hudson: false,
    };
    let context = bonuses.context(Band::Late, "BW", &trains, &[]);
    let best = best_routes(&board, &context).routes;
    assert_eq!(best.len(), 2);
    group.bench_function("routes/late_game_best_routes", |b| {
        b.iter(|| best_routes(black_box(&board), black_box(&context)))
    });
    group.bench_function("routes/late_game_check_routes", |b| {
        b.iter(|| check_routes(black_box(&board), black_box(&context), black_box(&best)).unwrap())
    });
}

/// The last `run_routes` with routes in the longest recorded game, applied to its state.
fn bench_last_recorded_run(group: &mut BenchmarkGroup<'_, WallTime>) {
    let games = common::recorded_games::<Ne1833>();
    let game = games
        .iter()
        .max_by_key(|g| g.actions.len())
        .expect("a recorded 1833NE game");
    let index = game
        .actions
        .iter()
        .rposition(|a| matches!(a, Action::RunRoutes { routes, .. } if !routes.is_empty()))
        .expect("a run with routes");
    let state = game.state_after(index);
    let action = &game.actions[index];
    group.bench_function("rules/apply_last_recorded_run_routes", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| Ne1833::apply(s, black_box(action)).unwrap(),
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, ne1833);
criterion_main!(benches);
