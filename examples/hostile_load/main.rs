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
//!
//! Here the settings and the run's course; beside it the attacks (`attacks`), the server and
//! what /proc says of it (`server`), the sending (`sending`) and the report (`report`).

#[path = "../../tests/common/adversarial.rs"]
mod adversarial;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod report;
use report::*;

mod sending;
use sending::*;

mod server;
use server::*;

mod attacks;
use attacks::*;

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
