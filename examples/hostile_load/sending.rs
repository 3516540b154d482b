//! Sending the attacks from several connections at once, tallying each answer, and asking /healthz
//! every 100 ms meanwhile.

use crate::{
    Attack, DEPLOYMENT_LIMIT_MIB, HEALTHZ_EVERY, Server, cpu_seconds, reset_peak, status_kib,
};
use std::collections::BTreeMap;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Default, Clone)]
pub(crate) struct Tally {
    pub(crate) requests: u64,
    pub(crate) statuses: BTreeMap<String, u64>,
    pub(crate) answer_min: usize,
    pub(crate) answer_max: usize,
    pub(crate) total: Duration,
    pub(crate) slowest: Duration,
}

impl Tally {
    pub(crate) fn record(&mut self, status: String, answer: usize, took: Duration) {
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

    pub(crate) fn mean(&self) -> Duration {
        self.total / (self.requests.max(1) as u32)
    }
}

pub(crate) type Tallies = Arc<Mutex<BTreeMap<&'static str, Tally>>>;

/// One connection: sends `attacks` in turn, from `first` on, until `until`.
pub(crate) async fn connection(
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

pub(crate) fn short_error(e: &reqwest::Error) -> String {
    if e.is_timeout() {
        "timeout".into()
    } else if e.is_connect() {
        "connect-error".into()
    } else {
        "io-error".into()
    }
}

/// What one phase measured.
pub(crate) struct Phase {
    pub(crate) name: String,
    pub(crate) tallies: BTreeMap<&'static str, Tally>,
    pub(crate) cpu: f64,
    /// Resident after start, at its peak, at the end (the allocator may keep what was freed).
    pub(crate) idle_kib: u64,
    pub(crate) peak_kib: u64,
    pub(crate) end_kib: u64,
    /// Killed on passing the Deployment's memory limit.
    pub(crate) killed: bool,
    pub(crate) healthz: Vec<Probe>,
}

#[derive(Clone, Copy)]
pub(crate) struct Probe {
    pub(crate) phase: usize,
    pub(crate) took: Duration,
    pub(crate) ok: bool,
}

/// What one phase's sending gave: the tallies, the server's CPU seconds, its peak resident
/// memory (KiB), and whether it was killed for passing the Deployment's limit.
pub(crate) struct Sent {
    pub(crate) tallies: BTreeMap<&'static str, Tally>,
    pub(crate) cpu: f64,
    pub(crate) peak_kib: u64,
    pub(crate) killed: bool,
}

pub(crate) async fn run_phase(
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
pub(crate) async fn kill_over_the_limit(
    pid: u32,
    until: Instant,
    killed: Arc<AtomicBool>,
) -> Option<u64> {
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
pub(crate) const BETWEEN_PHASES: usize = usize::MAX;

/// /healthz every 100 ms on a thread of its own, a new connection each time (as the kubelet's
/// probes), until `stop`.
pub(crate) fn probe_healthz(
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

pub(crate) async fn wait_until_up(server: &mut Server) -> Result<(), String> {
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
