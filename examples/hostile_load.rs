//! Hostile load (issue 16, item 8): the release server, run as the Deployment runs it, is sent
//! the worst bodies issue 16 found, each under the 2 MiB body limit, from several connections
//! at once; meanwhile /healthz is asked every 100 ms and the server's memory is read from
//! /proc. Exits 1 if its peak resident memory reaches the bound (200 MiB, under the
//! Deployment's 256Mi limit), or if any /healthz failed, took 100 ms or more twice in a row, or
//! took 500 ms or more once.
//!
//! First each attack alone (`--solo` seconds each: its CPU time per request and its own
//! peak), then all of them together (`--seconds`), each phase on a fresh server. A server
//! whose resident memory passes the Deployment's 256 MiB is killed there, as the pod would be.
//! The server's own access log gives /healthz's time on its side, beside the client's.
//!
//! ```sh
//! cargo build --release --locked --bin railrules --example hostile_load
//! target/release/examples/hostile_load [--server target/release/railrules] [--seconds 30]
//! ```
//! (scripts/hostile-load.sh does both.) Linux only: it reads /proc/<pid>/.

#[path = "../tests/common/adversarial.rs"]
mod adversarial;

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;
use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::russian_railroads_american::{Options, RussianRailroadsAmerican};
use serde_json::json;

/// The server's body limit (src/api/config.rs): every attack stays under it.
const BODY_LIMIT: usize = 2 * 1024 * 1024;
/// Peak resident memory allowed, in MiB: the Deployment's limit is 256Mi.
const DEFAULT_BOUND_MIB: u64 = 200;
/// deploy/kubernetes/deployment.yaml's memory limit: a server past it is killed.
const DEPLOYMENT_LIMIT_MIB: u64 = 256;
/// A /healthz slower than this fails the run (the liveness probe allows 2 s; we ask for 100 ms).
const HEALTHZ_LIMIT: Duration = Duration::from_millis(100);
/// No /healthz may take this long, even once.
const HEALTHZ_NEVER: Duration = Duration::from_millis(500);
const HEALTHZ_EVERY: Duration = Duration::from_millis(100);
/// Linux's USER_HZ: the unit of utime and stime in /proc/<pid>/stat.
const TICKS_PER_SECOND: f64 = 100.0;

struct Settings {
    server: PathBuf,
    seconds: u64,
    solo_seconds: u64,
    connections: usize,
    bound_mib: u64,
    /// Only these attacks (by name), when any are given.
    only: Vec<String>,
    /// Write the bodies to this directory (one file per attack) and stop.
    write_bodies: Option<PathBuf>,
}

fn settings() -> Result<Settings, String> {
    let mut out = Settings {
        server: default_server(),
        seconds: 30,
        solo_seconds: 2,
        connections: 8,
        bound_mib: DEFAULT_BOUND_MIB,
        only: Vec::new(),
        write_bodies: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|e| format!("{arg} {v}: {e}"));
        match arg.as_str() {
            "--server" => out.server = PathBuf::from(value()?),
            "--seconds" => out.seconds = number(value()?)?,
            "--solo" => out.solo_seconds = number(value()?)?,
            "--connections" => out.connections = number(value()?)?.max(1) as usize,
            "--bound-mib" => out.bound_mib = number(value()?)?,
            "--only" => out.only.push(value()?),
            "--write-bodies" => out.write_bodies = Some(PathBuf::from(value()?)),
            other if !other.starts_with('-') => out.server = PathBuf::from(other),
            other => {
                return Err(format!(
                    "unknown argument {other}; usage: hostile_load [--server PATH | PATH] \
                     [--seconds N] [--solo N] [--connections N] [--bound-mib N] [--only NAME]... [--write-bodies DIR]"
                ));
            }
        }
    }
    Ok(out)
}

/// The server built beside this example: target/release/examples/hostile_load ->
/// target/release/railrules.
fn default_server() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("railrules")))
        .unwrap_or_else(|| PathBuf::from("target/release/railrules"))
}

// ---------------------------------------------------------------------------------------------
// The attacks.

struct Attack {
    name: &'static str,
    path: &'static str,
    body: Bytes,
}

fn attack(name: &'static str, path: &'static str, body: String) -> Attack {
    assert!(
        body.len() < BODY_LIMIT,
        "{name}: {} bytes is over the body limit",
        body.len()
    );
    Attack {
        name,
        path,
        body: Bytes::from(body),
    }
}

fn attacks() -> Vec<Attack> {
    vec![
        attack(
            "rb-700k-cards",
            "/v1/railroad-barons/validate",
            railroad_barons_700k_cards(),
        ),
        attack(
            "rr-480k-engineers",
            "/v1/russian-railroads-american/check",
            russian_railroads_480k_engineers(),
        ),
        attack(
            "1833ne-same-tile",
            "/v1/1833ne/legal-actions",
            json!({"state": adversarial::adversarial_1833ne().0}).to_string(),
        ),
        attack(
            "1833ne-exploding",
            "/v1/1833ne/legal-actions",
            exploding_track(),
        ),
        // Legal and heavy: a real late-game route search, a whole recorded game replayed.
        attack(
            "1833ne-late-routes",
            "/v1/1833ne/legal-actions",
            json!({"state": adversarial::before_last_run(adversarial::GAME)}).to_string(),
        ),
        attack("1833ne-replay-5p", "/v1/1833ne/replay", whole_game_replay()),
        attack("duplicate-keys", "/v1/1833ne/check", duplicate_tiles()),
        attack("deep-nesting", "/v1/railroad-barons/check", deep_nesting()),
        attack("junk-array", "/v1/railroad-barons/validate", junk_array()),
        // The same where a heavy request's actions belong: heavy turns are counted apart.
        attack("junk-replay", "/v1/railroad-barons/replay", junk_actions()),
        attack("junk-keys", "/v1/railroad-barons/check", junk_keys()),
        attack("junk-bytes", "/v1/railroad-barons/check", junk_bytes()),
        // The import (issue 38): a real game read and replayed whole, and the same bounds as
        // every other body's on an export's fields and actions.
        attack("import-1846-game", "/v1/1846/import", real_1846_export()),
        attack(
            "import-deep-unknown",
            "/v1/1846/import",
            export_with("\"x\"", &deep_nesting_value()),
        ),
        attack(
            "import-junk-actions",
            "/v1/1846/import",
            import_junk_actions(),
        ),
        attack("import-undo-storm", "/v1/1846/import", import_undo_storm()),
    ]
}

/// The longest real 1846 export of tests/data (every corporation closed, 400-odd actions).
fn real_1846_export() -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/18xx-games/1846/1846_game_end_reason_all_closed.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// The real export with its field `key` (a JSON string) set to `value` (JSON text).
fn export_with(key: &str, value: &str) -> String {
    let text = real_1846_export();
    let body = text.trim_end().strip_suffix('}').expect("an object");
    format!("{body},{key}:{value}}}")
}

/// Arrays nested as deep as the body limit allows, less the export around them.
fn deep_nesting_value() -> String {
    nested_arrays(BODY_LIMIT - real_1846_export().len() - 64)
}

/// Arrays nested in one another, `room` bytes in all.
fn nested_arrays(room: usize) -> String {
    let depth = room / 2;
    format!("{}{}", "[".repeat(depth), "]".repeat(depth))
}

/// An export whose actions are a million zeros (the most it may hold is 20,000).
fn import_junk_actions() -> String {
    let zeros = (BODY_LIMIT - 256) / 2;
    format!(
        "{{\"id\":1,\"title\":\"1846\",\"players\":[],\"actions\":[{}0]}}",
        "0,".repeat(zeros - 1)
    )
}

/// The real export's actions, then undo of every action and redo again, over and over, to the
/// most actions an export may hold: each undo and redo moves the whole log.
fn import_undo_storm() -> String {
    let mut export: serde_json::Value = serde_json::from_str(&real_1846_export()).unwrap();
    let actions = export["actions"].as_array_mut().unwrap();
    while actions.len() + 2 <= 20_000 {
        actions.push(json!({"type": "undo", "action_id": 0}));
        actions.push(json!({"type": "redo"}));
    }
    export.to_string()
}

/// tests/amplification.rs: an unknown railroad card listed 700,000 times (was a 174 MB 422).
fn railroad_barons_700k_cards() -> String {
    let setup = RailroadBarons::setup(&Default::default(), 1).unwrap();
    let mut state = serde_json::to_value(&setup).unwrap();
    state["railroad_stack"] = json!(vec![9; 700_000]);
    let action = serde_json::to_value(&RailroadBarons::legal_actions(&setup)[0]).unwrap();
    json!({"state": state, "action": action}).to_string()
}

/// tests/russian_railroads_american/derived.rs: 480,000 engineers in one player's hand, an
/// engineer not dealt (its `check` was pairwise: 26.8 s).
fn russian_railroads_480k_engineers() -> String {
    let options = Options {
        players: 2,
        components: None,
    };
    let state = RussianRailroadsAmerican::setup(&options, 7).unwrap();
    let dealt: Vec<u8> = state.engineer_strip.iter().flatten().copied().collect();
    let other = (2..=15).find(|n| !dealt.contains(n)).unwrap();
    let mut state = serde_json::to_value(&state).unwrap();
    state["players"][0]["engineers"] = json!(vec![other; 480_000]);
    json!({"state": state}).to_string()
}

/// tests/ne1833/route_budget.rs: the adversarial state with #44 turned so that the track the
/// company reaches has an exponential number of links. Like the same-tile board, `check`
/// refuses it (tiles_over_stock), so the API answers 422 before any search.
fn exploding_track() -> String {
    let (mut state, _) = adversarial::adversarial_1833ne();
    state.board = serde_json::from_str::<railrules::games::kit18xx::board::BoardIds>(include_str!(
        "../tests/data/ne1833-exploding-track-board.json"
    ))
    .unwrap()
    .on(&railrules::games::ne1833::data::components().map);
    json!({"state": state}).to_string()
}

/// The longest recorded 1833NE game (5 players, 1,021 actions) replayed from its setup.
fn whole_game_replay() -> String {
    let path = format!(
        "{}/examples/savegames/1833ne-greedy-5p-seed-3.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json!({"setup": save["setup"], "actions": save["actions"]}).to_string()
}

/// A 1833NE state whose map of tiles names one hex again and again, to near the body limit.
fn duplicate_tiles() -> String {
    let state = Ne1833::setup(&Default::default(), 1).unwrap();
    let text = json!({"state": state}).to_string();
    let marker = "\"tiles\":{";
    let at = text.find(marker).expect("a map of tiles") + marker.len();
    let entry = r#""B20":{"tile":"57","rotation":0},"#;
    let room = BODY_LIMIT - 4096 - text.len();
    let repeated = entry.repeat(room / entry.len());
    // The setup's map may be empty: the last repeat then needs no comma.
    let closing_empty = text[at..].starts_with('}');
    let repeated = if closing_empty {
        repeated.trim_end_matches(',').to_string()
    } else {
        repeated
    };
    format!("{}{repeated}{}", &text[..at], &text[at..])
}

/// Arrays a million deep (the depth limit is 64; serde's own is 127).
fn deep_nesting() -> String {
    format!("{{\"state\":{}}}", nested_arrays(BODY_LIMIT - 64))
}

/// A million zeros where a state belongs: the slow path's `Value` holds a million entries.
fn junk_array() -> String {
    let zeros = (BODY_LIMIT - 64) / 2;
    format!(
        "{{\"state\":[{}0],\"action\":{{}}}}",
        "0,".repeat(zeros - 1)
    )
}

/// A million zeros where a replay's actions belong.
fn junk_actions() -> String {
    let zeros = (BODY_LIMIT - 64) / 2;
    format!("{{\"actions\":[{}0]}}", "0,".repeat(zeros - 1))
}

/// An object of ~190,000 distinct unknown keys where a state belongs.
fn junk_keys() -> String {
    let mut out = String::from("{\"state\":{");
    let mut i = 0;
    while out.len() < BODY_LIMIT - 64 {
        out.push_str(&format!("\"k{i}\":0,"));
        i += 1;
    }
    out.pop();
    out.push_str("}}");
    out
}

/// Near-2 MiB of bytes that are not JSON (nor UTF-8 from the first high byte on).
fn junk_bytes() -> String {
    let mut seed: u32 = 0x2545_f491;
    let text: String = (0..BODY_LIMIT - 64)
        .map(|_| {
            // xorshift: printable noise, deterministic.
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            char::from(b'!' + (seed % 90) as u8)
        })
        .collect();
    format!("{{\"state\":{text}")
}

// ---------------------------------------------------------------------------------------------
// The server and what /proc says of it.

struct Server {
    child: Child,
    base: String,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// As deploy/kubernetes/deployment.yaml runs it: `serve --log-format json`, two workers, info
/// logs, /metrics on a listener of its own; every limit at its default. Loopback only.
fn start_server(binary: &PathBuf, healthz_micros: Arc<Mutex<Vec<u64>>>) -> Result<Server, String> {
    let port = free_port();
    let metrics = free_port();
    let mut child = Command::new(binary)
        .args(["serve", "--log-format", "json", "--bind", "127.0.0.1"])
        .args(["--port", &port.to_string()])
        .env("RAILRULES_METRICS_BIND", format!("127.0.0.1:{metrics}"))
        .env("RAILRULES_WORKERS", "2")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
    if let Some(logs) = child.stdout.take() {
        read_access_log(logs, Arc::clone(&healthz_micros));
    }
    Ok(Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
    })
}

/// Reads the server's JSON log lines as they come (a pipe left unread would block its
/// logging), keeping the time of each /healthz: the server's side of the probe's latency.
fn read_access_log(logs: std::process::ChildStdout, into: Arc<Mutex<Vec<u64>>>) {
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(logs).lines().map_while(Result::ok) {
            if !line.contains("/healthz") {
                continue;
            }
            let Ok(entry) = serde_json::from_str::<serde_json::Value>(&line) else {
                continue;
            };
            if entry["path"] == "/healthz"
                && let Some(micros) = entry["micros"].as_u64()
            {
                into.lock().unwrap().push(micros);
            }
        }
    });
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One `kB` field of /proc/<pid>/status, in KiB.
fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

/// Resets VmHWM to the current VmRSS (Linux 4.0+), so each phase has its own peak.
fn reset_peak(pid: u32) {
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
}

/// The server's user + system CPU time so far, threads that have exited included.
fn cpu_seconds(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // Fields after the command (which may hold spaces): state is field 3, utime 14, stime 15.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (ticks(11) + ticks(12)) as f64 / TICKS_PER_SECOND
}

// ---------------------------------------------------------------------------------------------
// Sending.

#[derive(Default, Clone)]
struct Tally {
    requests: u64,
    statuses: BTreeMap<String, u64>,
    answer_min: usize,
    answer_max: usize,
    total: Duration,
    slowest: Duration,
}

impl Tally {
    fn record(&mut self, status: String, answer: usize, took: Duration) {
        self.answer_min = if self.requests == 0 {
            answer
        } else {
            self.answer_min.min(answer)
        };
        self.answer_max = self.answer_max.max(answer);
        self.requests += 1;
        *self.statuses.entry(status).or_default() += 1;
        self.total += took;
        self.slowest = self.slowest.max(took);
    }

    fn mean(&self) -> Duration {
        self.total / (self.requests.max(1) as u32)
    }
}

type Tallies = Arc<Mutex<BTreeMap<&'static str, Tally>>>;

/// One connection: sends `attacks` in turn, from `first` on, until `until`.
async fn connection(
    base: String,
    attacks: Arc<Vec<Attack>>,
    chosen: Vec<usize>,
    first: usize,
    until: Instant,
    killed: Arc<AtomicBool>,
    tallies: Tallies,
) {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .pool_max_idle_per_host(1)
        .build()
        .unwrap();
    let mut next = first;
    while Instant::now() < until && !killed.load(Ordering::Relaxed) {
        let attack = &attacks[chosen[next % chosen.len()]];
        next += 1;
        let started = Instant::now();
        let sent = client
            .post(format!("{base}{}", attack.path))
            .header("content-type", "application/json")
            .body(attack.body.clone())
            .send()
            .await;
        let (status, answer) = match sent {
            Ok(response) => {
                let status = response.status().as_u16().to_string();
                let answer = response.bytes().await.map_or(0, |b| b.len());
                (status, answer)
            }
            Err(e) => (short_error(&e), 0),
        };
        let took = started.elapsed();
        tallies
            .lock()
            .unwrap()
            .entry(attack.name)
            .or_default()
            .record(status, answer, took);
    }
}

fn short_error(e: &reqwest::Error) -> String {
    if e.is_timeout() {
        "timeout".into()
    } else if e.is_connect() {
        "connect-error".into()
    } else {
        "io-error".into()
    }
}

/// What one phase measured.
struct Phase {
    name: String,
    tallies: BTreeMap<&'static str, Tally>,
    cpu: f64,
    /// Resident after start, at its peak, at the end (the allocator may keep what was freed).
    idle_kib: u64,
    peak_kib: u64,
    end_kib: u64,
    /// Killed on passing the Deployment's memory limit.
    killed: bool,
    healthz: Vec<Probe>,
}

#[derive(Clone, Copy)]
struct Probe {
    phase: usize,
    took: Duration,
    ok: bool,
}

/// What one phase's sending gave: the tallies, the server's CPU seconds, its peak resident
/// memory (KiB), and whether it was killed for passing the Deployment's limit.
struct Sent {
    tallies: BTreeMap<&'static str, Tally>,
    cpu: f64,
    peak_kib: u64,
    killed: bool,
}

async fn run_phase(
    server: &Server,
    attacks: &Arc<Vec<Attack>>,
    chosen: Vec<usize>,
    connections: usize,
    seconds: u64,
) -> Sent {
    let pid = server.child.id();
    reset_peak(pid);
    let cpu_before = cpu_seconds(pid);
    let until = Instant::now() + Duration::from_secs(seconds);
    let tallies: Tallies = Arc::default();
    let killed = Arc::new(AtomicBool::new(false));
    let watch = tokio::spawn(kill_over_the_limit(pid, until, killed.clone()));
    let tasks: Vec<_> = (0..connections)
        .map(|i| {
            tokio::spawn(connection(
                server.base.clone(),
                attacks.clone(),
                chosen.clone(),
                i,
                until,
                killed.clone(),
                tallies.clone(),
            ))
        })
        .collect();
    for task in tasks {
        let _ = task.await;
    }
    let killed_at = watch.await.ok().flatten();
    let cpu = cpu_seconds(pid) - cpu_before;
    let peak = killed_at.unwrap_or_else(|| status_kib(pid, "VmHWM").unwrap_or(0));
    let tallies = tallies.lock().unwrap().clone();
    Sent {
        tallies,
        cpu,
        peak_kib: peak,
        killed: killed_at.is_some(),
    }
}

/// Resident memory every 10 ms; past the Deployment's limit the server is killed, as the
/// kernel would kill the pod (and as a machine running this had better not find out how far
/// it would grow). Returns the peak it was killed at.
async fn kill_over_the_limit(pid: u32, until: Instant, killed: Arc<AtomicBool>) -> Option<u64> {
    while Instant::now() < until {
        if status_kib(pid, "VmRSS").unwrap_or(0) >= DEPLOYMENT_LIMIT_MIB * 1024 {
            let peak = status_kib(pid, "VmHWM").unwrap_or(0);
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            killed.store(true, Ordering::Relaxed);
            return Some(peak);
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    None
}

/// The phase number while a server is being replaced: no probe is sent.
const BETWEEN_PHASES: usize = usize::MAX;

/// /healthz every 100 ms on a thread of its own, a new connection each time (as the kubelet's
/// probes), until `stop`.
fn probe_healthz(
    url: Arc<Mutex<String>>,
    phase: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
) -> std::thread::JoinHandle<Vec<Probe>> {
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let client = reqwest::Client::builder()
                .timeout(Duration::from_secs(2))
                .pool_max_idle_per_host(0)
                .build()
                .unwrap();
            let mut ticks = tokio::time::interval(HEALTHZ_EVERY);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut probes = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                ticks.tick().await;
                let now = phase.load(Ordering::Relaxed);
                if now == BETWEEN_PHASES {
                    continue;
                }
                let url = url.lock().unwrap().clone();
                let started = Instant::now();
                let ok = match client.get(&url).send().await {
                    Ok(r) => r.status().is_success() && r.bytes().await.is_ok(),
                    Err(_) => false,
                };
                // A probe still in flight when its phase ended met a server being stopped: it
                // says nothing of the phase (seen once in CI as one failed probe).
                if phase.load(Ordering::Relaxed) != now {
                    continue;
                }
                probes.push(Probe {
                    phase: now,
                    took: started.elapsed(),
                    ok,
                });
            }
            probes
        })
    })
}

async fn wait_until_up(server: &mut Server) -> Result<(), String> {
    let client = reqwest::Client::new();
    for _ in 0..100 {
        if let Ok(Some(status)) = server.child.try_wait() {
            return Err(format!("the server exited at start: {status}"));
        }
        if let Ok(r) = client.get(format!("{}/healthz", server.base)).send().await
            && r.status().is_success()
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err("the server did not answer /healthz within 10 s".into())
}

// ---------------------------------------------------------------------------------------------
// The report.

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn percentile<T: Copy + Default>(sorted: &[T], p: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn statuses(t: &Tally) -> String {
    t.statuses
        .iter()
        .map(|(s, n)| format!("{s}×{n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn print_phase(phase: &Phase, attacks: &[Attack]) {
    println!(
        "\n## {}: server CPU {:.2} s; memory {:.1} MiB after start, peak (VmHWM) {:.1} MiB, \
         {:.1} MiB at the end",
        phase.name,
        phase.cpu,
        mib(phase.idle_kib),
        mib(phase.peak_kib),
        mib(phase.end_kib)
    );
    if phase.killed {
        println!(
            "**killed at {:.1} MiB: past the Deployment's limit of {DEPLOYMENT_LIMIT_MIB} MiB**",
            mib(phase.peak_kib)
        );
    }
    println!(
        "| attack | body bytes | requests | statuses | answer bytes | mean ms | max ms | CPU ms/request |"
    );
    println!("|---|---:|---:|---|---:|---:|---:|---:|");
    let all: u64 = phase.tallies.values().map(|t| t.requests).sum();
    for attack in attacks {
        let Some(t) = phase.tallies.get(attack.name) else {
            continue;
        };
        let answers = if t.answer_min == t.answer_max {
            t.answer_max.to_string()
        } else {
            format!("{}–{}", t.answer_min, t.answer_max)
        };
        // CPU per request only where one attack had the phase to itself.
        let cpu = if phase.tallies.len() == 1 {
            format!("{:.1}", 1000.0 * phase.cpu / all.max(1) as f64)
        } else {
            "—".into()
        };
        println!(
            "| {} | {} | {} | {} | {} | {:.1} | {:.1} | {} |",
            attack.name,
            attack.body.len(),
            t.requests,
            statuses(t),
            answers,
            ms(t.mean()),
            ms(t.slowest),
            cpu
        );
    }
    print_healthz("/healthz meanwhile", &phase.healthz);
}

fn print_healthz(label: &str, probes: &[Probe]) {
    let mut times: Vec<Duration> = probes.iter().map(|p| p.took).collect();
    times.sort();
    let failed = probes.iter().filter(|p| !p.ok).count();
    println!(
        "{label}: {} probes, {failed} failed, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        probes.len(),
        ms(percentile(&times, 50.0)),
        ms(percentile(&times, 99.0)),
        ms(times.last().copied().unwrap_or_default()),
    );
}

// ---------------------------------------------------------------------------------------------

#[expect(
    clippy::too_many_lines,
    reason = "the load's course in order: settings, bodies, the service, each attack, the report"
)]
#[tokio::main]
async fn main() -> ExitCode {
    let settings = match settings() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hostile_load: {e}");
            return ExitCode::from(2);
        }
    };
    let built = Instant::now();
    let mut attacks = attacks();
    if !settings.only.is_empty() {
        attacks.retain(|a| settings.only.iter().any(|n| n == a.name));
    }
    let attacks = Arc::new(attacks);
    if let Some(dir) = &settings.write_bodies {
        return write_bodies(dir, &attacks);
    }
    eprintln!(
        "{} bodies built in {:.1} s",
        attacks.len(),
        built.elapsed().as_secs_f64()
    );
    let current = Arc::new(AtomicUsize::new(BETWEEN_PHASES));
    let stop = Arc::new(AtomicBool::new(false));
    let url = Arc::new(Mutex::new(String::new()));
    let healthz_micros = Arc::new(Mutex::new(Vec::new()));
    let prober = probe_healthz(url.clone(), current.clone(), stop.clone());

    let mut plan: Vec<(String, Vec<usize>, u64)> = (0..attacks.len())
        .map(|i| {
            (
                format!("{} alone", attacks[i].name),
                vec![i],
                settings.solo_seconds,
            )
        })
        .collect();
    plan.push((
        "all attacks together".into(),
        (0..attacks.len()).collect(),
        settings.seconds,
    ));
    plan.retain(|(_, _, seconds)| *seconds > 0);
    let mut phases = Vec::new();
    let mut died = Vec::new();
    let mut killed = Vec::new();
    // Each phase on a fresh server: memory an allocator keeps after one attack would
    // otherwise be counted against the next.
    for (i, (name, chosen, seconds)) in plan.into_iter().enumerate() {
        let mut server = match start_server(&settings.server, healthz_micros.clone()) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("hostile_load: {e}");
                return ExitCode::from(2);
            }
        };
        if let Err(e) = wait_until_up(&mut server).await {
            eprintln!("hostile_load: {e}");
            return ExitCode::from(2);
        }
        let pid = server.child.id();
        let idle_kib = status_kib(pid, "VmRSS").unwrap_or(0);
        *url.lock().unwrap() = format!("{}/healthz", server.base);
        current.store(i, Ordering::Relaxed);
        eprintln!(
            "{name}: {seconds} s at {} connections",
            settings.connections
        );
        let sent = run_phase(&server, &attacks, chosen, settings.connections, seconds).await;
        current.store(BETWEEN_PHASES, Ordering::Relaxed);
        let end_kib = status_kib(pid, "VmRSS").unwrap_or(0);
        if sent.killed {
            killed.push(name.clone());
        } else if server.child.try_wait().ok().flatten().is_some() {
            died.push(name.clone());
        }
        phases.push(Phase {
            name,
            tallies: sent.tallies,
            cpu: sent.cpu,
            idle_kib,
            peak_kib: sent.peak_kib,
            end_kib,
            killed: sent.killed,
            healthz: Vec::new(),
        });
    }
    stop.store(true, Ordering::Relaxed);
    let probes = prober.join().unwrap_or_default();
    for probe in &probes {
        if let Some(phase) = phases.get_mut(probe.phase) {
            phase.healthz.push(*probe);
        }
    }

    println!(
        "# Hostile load: {} connections, {} s per attack alone, {} s together",
        settings.connections, settings.solo_seconds, settings.seconds
    );
    println!(
        "server: {}, a fresh one for each phase",
        settings.server.display()
    );
    for phase in &phases {
        print_phase(phase, &attacks);
    }
    let peak = phases.iter().map(|p| p.peak_kib).max().unwrap_or(0);
    println!("\n## Summary");
    print_healthz("/healthz over the whole run", &probes);
    let mut server_side = healthz_micros.lock().unwrap().clone();
    server_side.sort_unstable();
    let at = |p: f64| percentile(&server_side, p) as f64 / 1000.0;
    println!(
        "/healthz as the server logged it: {} answers, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        server_side.len(),
        at(50.0),
        at(99.0),
        server_side.last().copied().unwrap_or(0) as f64 / 1000.0
    );
    println!(
        "peak memory (VmHWM) {:.1} MiB, bound {} MiB; {}",
        mib(peak),
        settings.bound_mib,
        if died.is_empty() {
            "no server exited by itself".to_string()
        } else {
            format!("the server DIED in: {}", died.join(", "))
        }
    );

    let mut failures = Vec::new();
    if peak >= settings.bound_mib * 1024 {
        failures.push(format!(
            "peak memory {:.1} MiB >= {} MiB",
            mib(peak),
            settings.bound_mib
        ));
    }
    // A killed server's probes fail: that phase has failed already.
    let judged: Vec<&Probe> = probes
        .iter()
        .filter(|p| phases.get(p.phase).is_some_and(|phase| !phase.killed))
        .collect();
    let slow = judged.iter().filter(|p| p.took >= HEALTHZ_LIMIT).count();
    let failed = judged.iter().filter(|p| !p.ok).count();
    // A lone slow probe is the load generator and the server sharing two cores (the server's
    // own log shows /healthz answered in well under a millisecond): the run fails on two slow
    // probes in a row, or one slower than HEALTHZ_NEVER.
    let slow_in_a_row = judged
        .windows(2)
        .filter(|w| w.iter().all(|p| p.took >= HEALTHZ_LIMIT))
        .count();
    let very_slow = judged.iter().filter(|p| p.took >= HEALTHZ_NEVER).count();
    if failed > 0 || slow_in_a_row > 0 || very_slow > 0 {
        failures.push(format!(
            "/healthz: {failed} failed, {slow} took {} ms or more ({slow_in_a_row} twice in a \
             row), {very_slow} took {} ms or more",
            HEALTHZ_LIMIT.as_millis(),
            HEALTHZ_NEVER.as_millis()
        ));
    } else if slow > 0 {
        println!(
            "note: {slow} lone /healthz probe(s) took {} ms or more, none twice in a row",
            HEALTHZ_LIMIT.as_millis()
        );
    }
    if probes.is_empty() {
        failures.push("/healthz was never asked".into());
    }
    if !died.is_empty() {
        failures.push(format!("the server died in: {}", died.join(", ")));
    }
    if !killed.is_empty() {
        failures.push(format!(
            "killed past {DEPLOYMENT_LIMIT_MIB} MiB in: {}",
            killed.join(", ")
        ));
    }
    if failures.is_empty() {
        println!("PASS");
        ExitCode::SUCCESS
    } else {
        println!("FAIL: {}", failures.join("; "));
        ExitCode::FAILURE
    }
}

/// Each body in `dir/<attack>.json`, with the path it is sent to in `dir/<attack>.path`: to
/// send one by hand (`curl --data-binary @dir/junk-keys.json ...`).
fn write_bodies(dir: &std::path::Path, attacks: &[Attack]) -> ExitCode {
    let written = std::fs::create_dir_all(dir).and_then(|()| {
        attacks.iter().try_for_each(|a| {
            std::fs::write(dir.join(format!("{}.json", a.name)), &a.body)?;
            std::fs::write(dir.join(format!("{}.path", a.name)), a.path)
        })
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hostile_load: {}: {e}", dir.display());
            ExitCode::from(2)
        }
    }
}
