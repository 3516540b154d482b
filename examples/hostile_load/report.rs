//! What the run found, as tables: per phase and attack the requests, their statuses and times, the
//! server's CPU and peak memory; /healthz's times on both sides.

use crate::{Attack, DEPLOYMENT_LIMIT_MIB, Phase, Probe, Tally};
use std::time::Duration;

pub(crate) fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

pub(crate) fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

pub(crate) fn percentile<T: Copy + Default>(sorted: &[T], p: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

pub(crate) fn statuses(t: &Tally) -> String {
    t.statuses
        .iter()
        .map(|(s, n)| format!("{s}×{n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

pub(crate) fn print_phase(phase: &Phase, attacks: &[Attack]) {
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

pub(crate) fn print_healthz(label: &str, probes: &[Probe]) {
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
