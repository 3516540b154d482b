//! The release server started as the Deployment runs it, its access log read for /healthz's own
//! times, and what /proc says of its memory and CPU.

use crate::TICKS_PER_SECOND;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

pub(crate) struct Server {
    pub(crate) child: Child,
    pub(crate) base: String,
}

pub(crate) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// As deploy/kubernetes/deployment.yaml runs it: `serve --log-format json`, two workers, info
/// logs, /metrics on a listener of its own; every limit at its default. Loopback only.
pub(crate) fn start_server(
    binary: &PathBuf,
    healthz_micros: Arc<Mutex<Vec<u64>>>,
) -> Result<Server, String> {
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
pub(crate) fn read_access_log(logs: std::process::ChildStdout, into: Arc<Mutex<Vec<u64>>>) {
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
pub(crate) fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

/// Resets VmHWM to the current VmRSS (Linux 4.0+), so each phase has its own peak.
pub(crate) fn reset_peak(pid: u32) {
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
}

/// The server's user + system CPU time so far, threads that have exited included.
pub(crate) fn cpu_seconds(pid: u32) -> f64 {
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
