//! Railroad Barons: the rules on a mid-game state and whole recorded games, beside the JSON
//! limit of the same `validate` exchange (see benches/common/mod.rs), and the longest recorded
//! game's final state drawn as SVG.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use railrules::games::railroad_barons::RailroadBarons;

const MID_GAME: &str = include_str!("fixtures/railroad-barons-mid-game-validate.json");

fn railroad_barons(c: &mut Criterion) {
    let mut group = c.benchmark_group("railroad_barons");
    common::bench_json_limit::<RailroadBarons>(&mut group, MID_GAME);
    common::bench_rules::<RailroadBarons>(&mut group, MID_GAME);
    common::bench_render::<RailroadBarons>(&mut group);
    common::bench_replays::<RailroadBarons>(&mut group);
    group.finish();
}

criterion_group!(benches, railroad_barons);
criterion_main!(benches);
