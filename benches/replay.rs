//! Replaying each recorded game in examples/savegames/ as `railrules check` does: parse the
//! save file, set up, judge every action (every 1833NE route validated), compare the final state.

use criterion::{Criterion, criterion_group, criterion_main};
use railrules::core::save::{SaveVerdict, check_save};
use std::hint::black_box;

fn replays(c: &mut Criterion) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut group = c.benchmark_group("replay_savegame");
    group.sample_size(20);
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        assert!(matches!(check_save(&bytes), SaveVerdict::Valid { .. }));
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        group.bench_function(name, |b| b.iter(|| check_save(black_box(&bytes))));
    }
    group.finish();
}

criterion_group!(benches, replays);
criterion_main!(benches);
