//! Russian Railroads: American Railroads: the rules on a mid-game state (3 players) and whole
//! recorded games, beside the JSON limit of the same `validate` exchange (see
//! benches/common/mod.rs), and the longest recorded game's final state drawn as SVG.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use railrules::games::russian_railroads_american::RussianRailroadsAmerican;

const MID_GAME: &str = include_str!("fixtures/russian-railroads-american-mid-game-validate.json");

fn russian_railroads_american(c: &mut Criterion) {
    let mut group = c.benchmark_group("russian_railroads_american");
    common::bench_json_limit::<RussianRailroadsAmerican>(&mut group, MID_GAME);
    common::bench_rules::<RussianRailroadsAmerican>(&mut group, MID_GAME);
    common::bench_render::<RussianRailroadsAmerican>(&mut group);
    common::bench_replays::<RussianRailroadsAmerican>(&mut group);
    group.finish();
}

criterion_group!(benches, russian_railroads_american);
criterion_main!(benches);
