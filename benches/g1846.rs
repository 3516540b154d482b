//! 1846 on the 18xx kit: a real late-game run of tests/data/18xx-games/1846/ (its board, its
//! company's trains and privates' markers, and the routes its players ran; written to
//! benches/fixtures/ by the test `the_bench_fixture_is_a_real_run` of tests/g1846/), judged as
//! the players ran it (`check_routes`), and the company's best routes found (`best_routes`).

use criterion::{Criterion, criterion_group, criterion_main};
use railrules::games::g1846::routes::{Band, G1846Routes};
use railrules::games::kit18xx::best_routes::best_routes;
use railrules::games::kit18xx::board::Board;
use railrules::games::kit18xx::routes::{OwnedTrain, Route, check_routes};
use serde::Deserialize;
use std::hint::black_box;

/// The fixture: a run of a real game and what it was judged with.
#[derive(Deserialize)]
struct RealRun {
    game: String,
    at: String,
    company: String,
    phase: String,
    board: Board,
    trains: Vec<(String, String)>,
    /// (private, hex, company) of the privates' markers.
    markers: Vec<(String, String, String)>,
    mail_contract: bool,
    routes: Vec<Route>,
}

fn g1846(c: &mut Criterion) {
    let run: RealRun =
        serde_json::from_str(include_str!("fixtures/g1846-real-run.json")).expect("the fixture");
    let bonuses = G1846Routes::from_markers(&run.markers, run.mail_contract);
    let trains: Vec<OwnedTrain> = run
        .trains
        .iter()
        .map(|(id, side)| OwnedTrain {
            id: id.clone(),
            side: side.clone(),
        })
        .collect();
    let band = Band::of_phase(&run.phase).expect("a phase of 1846");
    let ctx = bonuses.context(band, &run.company, &trains);
    assert!(
        check_routes(&run.board, &ctx, &run.routes).is_ok(),
        "{} {}: the fixture's run is legal",
        run.game,
        run.at
    );
    let mut group = c.benchmark_group("1846");
    group.bench_function("routes/real_run_check_routes", |b| {
        b.iter(|| {
            check_routes(
                black_box(&run.board),
                black_box(&ctx),
                black_box(&run.routes),
            )
        })
    });
    group.bench_function("routes/real_run_best_routes", |b| {
        b.iter(|| best_routes(black_box(&run.board), black_box(&ctx)))
    });
    group.finish();
}

criterion_group!(benches, g1846);
criterion_main!(benches);
