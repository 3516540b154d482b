//! 1846 on the 18xx kit: a real late-game run of tests/data/18xx-games/1846/ (its board, its
//! company's trains and privates' markers, and the routes its players ran; written to
//! benches/fixtures/ by the test `the_bench_fixture_is_a_real_run` of tests/g1846/), judged as
//! the players ran it (`check_routes`), and the company's best routes found (`best_routes`).
//!
//! And the work 18xx.games' own engine does on the same games (issue 19.5): each of the 12 real
//! games of tests/data/18xx-games/1846/ replayed by the engine alone (setup, then every action of
//! the imported save judged and applied: `real/replay/`), and as `railrules check` does it with
//! the export's JSON (read, imported with its flow rules, replayed, its result compared:
//! `real/check_export/`), in the export's actions per second. A game that does not yet replay to its
//! result is left out with a line on stderr. The recorded bot games of examples/savegames/ as for every
//! game (`replay/`, `check_save/`).

mod common;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use railrules::core::{Game, Replay};
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::{Action, MapNames};
use railrules::games::g1846::routes::{Band, G1846Routes};
use railrules::games::g1846::setup::Options;
use railrules::games::kit18xx::best_routes::best_routes;
use railrules::games::kit18xx::board::Board;
use railrules::games::kit18xx::routes::{OwnedTrain, Route, check_routes};
use railrules::import::export_18xx::Export;
use railrules::import::title;
use serde::Deserialize;
use std::hint::black_box;

/// The fixture: a run of a real game and what it was judged with.
#[derive(Deserialize)]
struct RealRun {
    game: String,
    at: String,
    company: String,
    phase: String,
    #[serde(deserialize_with = "railrules::games::kit18xx::board::read::<MapNames, _>")]
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
            id: id.as_str().into(),
            side: side.as_str().into(),
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
    group.sample_size(20);
    bench_real_games(&mut group);
    common::bench_replays::<G1846>(&mut group);
    group.finish();
}

/// A real game: its export's bytes, the export's actions the engine plays, and the imported
/// save's setup and actions.
struct RealGame {
    name: String,
    bytes: Vec<u8>,
    played: u64,
    options: Options,
    seed: u64,
    actions: Vec<Action>,
}

/// The real games that replay to their recorded result, by file name.
fn real_games() -> Vec<RealGame> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/18xx-games/1846");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/data/18xx-games/1846")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let name = path.file_stem()?.to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).expect("an export");
            let export = Export::parse(std::str::from_utf8(&bytes).ok()?).expect("an export");
            let played = export.played().expect("its actions").len() as u64;
            let verdict = title::check::<G1846>(&export);
            if !verdict.is_valid() {
                eprintln!("1846 real game {name} left out: {verdict:?}");
                return None;
            }
            let imported = title::import::<G1846>(&export).ok()?;
            let setup = imported.save.setup;
            Some(RealGame {
                name,
                bytes,
                played,
                options: serde_json::from_value(setup.options?).expect("1846 options"),
                seed: setup.seed,
                actions: serde_json::from_value(imported.save.actions.into()).expect("actions"),
            })
        })
        .collect()
}

fn bench_real_games(group: &mut BenchmarkGroup<'_, WallTime>) {
    for game in real_games() {
        group.throughput(Throughput::Elements(game.played));
        group.bench_function(format!("real/replay/{}", game.name), |b| {
            b.iter(|| {
                let state = G1846::setup(&game.options, game.seed).expect("its setup");
                match railrules::core::replay(state, black_box(&game.actions)) {
                    Replay::Completed { state, .. } => state,
                    Replay::Refused { index, .. } => panic!("{}: action {index}", game.name),
                }
            })
        });
        group.bench_function(format!("real/check_export/{}", game.name), |b| {
            b.iter(|| {
                let verdict = railrules::import::check_export(black_box(&game.bytes));
                assert!(verdict.is_valid(), "{}: {verdict:?}", game.name);
            })
        });
    }
    group.throughput(Throughput::Elements(1));
}

criterion_group!(benches, g1846);
criterion_main!(benches);
