//! What every game's benchmark group measures, beside the limit it is judged against.
//!
//! The limit is what any JSON service must do with the same bytes: serde_json parsing the
//! `validate` request into the game's types and writing the answer. Each rules figure is
//! reported as a ratio to that round trip (`cargo run --release --example bench_report`).

#![allow(dead_code)] // each bench uses the parts it needs

use criterion::{BatchSize, BenchmarkGroup, Throughput, measurement::WallTime};
use railrules::core::{Checked, Game};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::hint::black_box;

/// A `validate` request body, as the service reads it.
#[derive(Deserialize)]
#[serde(bound(deserialize = ""))]
pub struct ValidateBody<G: Game> {
    pub state: G::State,
    pub action: G::Action,
}

/// The `validate` answer for an accepted action, as the service writes it.
#[derive(Serialize)]
struct Accepted<'a, G: Game> {
    valid: bool,
    state: &'a G::State,
    events: &'a [G::Event],
}

/// A recorded game of examples/savegames/: its setup and actions.
pub struct Recorded<G: Game> {
    pub name: String,
    pub bytes: Vec<u8>,
    pub options: G::Options,
    pub seed: u64,
    pub actions: Vec<G::Action>,
}

impl<G: Game> Recorded<G> {
    /// The state after the first `n` actions.
    pub fn state_after(&self, n: usize) -> Checked<G> {
        let mut state = G::setup(&self.options, self.seed).expect("the recorded setup");
        for action in &self.actions[..n] {
            G::apply(&mut state, action).expect("a recorded action");
        }
        state
    }
}

/// Every recorded game of `G` in examples/savegames/, by file name.
pub fn recorded_games<G: Game>() -> Vec<Recorded<G>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("examples/savegames")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).expect("a save file");
            let save: Value = serde_json::from_slice(&bytes).expect("a save file is JSON");
            (save["game"] == G::ID).then(|| Recorded {
                name: path.file_stem().unwrap().to_string_lossy().into_owned(),
                options: serde_json::from_value(save["setup"]["options"].clone())
                    .unwrap_or_default(),
                seed: save["setup"]["seed"].as_u64().unwrap_or(0),
                actions: serde_json::from_value(save["actions"].clone()).expect("actions"),
                bytes,
            })
        })
        .collect()
}

/// The JSON limit of one `validate` exchange: parse the body, write the answer.
pub fn bench_json_limit<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, body: &str) {
    let request: ValidateBody<G> = serde_json::from_str(body).expect("the fixture parses");
    let mut state = Checked::<G>::new(request.state.clone()).expect("the fixture is consistent");
    let events = G::apply(&mut state, &request.action).expect("the fixture's action is legal");
    let answer = Accepted::<G> {
        valid: true,
        state: state.state(),
        events: &events,
    };
    group.throughput(Throughput::Bytes(body.len() as u64));
    group.bench_function("json/parse_request", |b| {
        b.iter(|| serde_json::from_str::<ValidateBody<G>>(black_box(body)).unwrap())
    });
    // The service's own reading of the same body: UTF-8 and depth checks, serde with the
    // path of any error, objects only (the JSON Schema pass runs only when serde refuses).
    let limits = railrules::api::Limits::default();
    group.bench_function("service/parse_request", |b| {
        b.iter(|| {
            railrules::api::validation::parse_body::<ValidateBody<G>>(
                black_box(body.as_bytes()),
                &limits,
                None,
            )
            .unwrap()
        })
    });
    group.bench_function("json/write_answer", |b| {
        b.iter(|| serde_json::to_string(black_box(&answer)).unwrap())
    });
    group.bench_function("json/round_trip", |b| {
        b.iter(|| {
            let request = serde_json::from_str::<ValidateBody<G>>(black_box(body)).unwrap();
            let answer = Accepted::<G> {
                valid: true,
                state: &request.state,
                events: &events,
            };
            serde_json::to_string(&answer).unwrap()
        })
    });
    group.throughput(Throughput::Elements(1));
}

/// The rules work of `validate` and `legal-actions` on the fixture's state.
pub fn bench_rules<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, body: &str) {
    let request: ValidateBody<G> = serde_json::from_str(body).expect("the fixture parses");
    let sent = request.state;
    let state = Checked::<G>::new(sent.clone()).expect("the fixture is consistent");
    let action = request.action;
    group.throughput(Throughput::Elements(1));
    // `apply` mutates in place: each iteration gets a fresh copy, made outside the timing.
    group.bench_function("rules/apply", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| G::apply(s, black_box(&action)).unwrap(),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("rules/check", |b| b.iter(|| G::check(black_box(&state))));
    // What `validate` asks of the rules: the sent state checked, then the action.
    group.bench_function("rules/validate", |b| {
        b.iter_batched(
            || sent.clone(),
            |s| {
                let mut checked = Checked::<G>::new(s).expect("consistent");
                G::apply(&mut checked, black_box(&action)).unwrap()
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("rules/legal_actions", |b| {
        b.iter(|| G::legal_actions(black_box(&state)))
    });
}

/// Each recorded game replayed: by the engine alone (setup, then every action judged and
/// applied), and as `railrules check` does it (the save file parsed, the final state compared).
pub fn bench_replays<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>) {
    for game in recorded_games::<G>() {
        group.throughput(Throughput::Elements(game.actions.len() as u64));
        group.bench_function(format!("replay/{}", game.name), |b| {
            b.iter(|| game.state_after(black_box(game.actions.len())))
        });
        group.bench_function(format!("check_save/{}", game.name), |b| {
            b.iter(|| {
                let verdict = railrules::registry::check_save(black_box(&game.bytes));
                assert!(verdict.is_valid());
            })
        });
    }
    group.throughput(Throughput::Elements(1));
}

/// The longest recorded game's final state drawn as SVG, as `POST /v1/{game}/render` answers
/// it (issue 21: the time to render one SVG).
pub fn bench_render<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>) {
    let games = recorded_games::<G>();
    let game = games
        .iter()
        .max_by_key(|g| g.actions.len())
        .expect("a recorded game");
    let state = game.state_after(game.actions.len());
    assert!(
        G::render(state.state()).is_some(),
        "{} draws its states",
        G::ID
    );
    group.bench_function("render/final_state_svg", |b| {
        b.iter(|| G::render(black_box(state.state())))
    });
}
