//! Server settings. Every one has an embedded default, so `railrules serve` needs no file;
//! each can be overridden by a CLI flag or an environment variable.

use clap::Args;

/// The port `railrules serve` listens on by default (the Dockerfile and deploy/ use it too).
pub const DEFAULT_PORT: u16 = 8080;
/// Largest request body read, in bytes. Replaying 10,000 actions from setup takes ~1 MiB.
pub const DEFAULT_MAX_BODY_BYTES: usize = 2 * 1024 * 1024;
/// Deepest nesting of arrays and objects accepted in a body. A state is about 6 deep; serde_json
/// refuses beyond 127 on its own, so the flag is capped there.
pub const DEFAULT_MAX_DEPTH: usize = 64;
/// Most actions one replay request may carry.
pub const DEFAULT_MAX_REPLAY_ACTIONS: usize = 10_000;
/// How long a request may take, from its arrival to its answer, reading the body included.
pub const DEFAULT_REQUEST_TIMEOUT_MS: u64 = 10_000;
/// How long in-flight requests get to finish after SIGTERM/SIGINT before they are dropped.
pub const DEFAULT_SHUTDOWN_TIMEOUT_SECS: u64 = 30;

/// serde_json's own recursion limit: deeper bodies fail inside serde whatever we allow.
pub const SERDE_MAX_DEPTH: usize = 127;

/// The limits a request is held to, and how strictly it is parsed. Over a limit, the request is
/// refused before any rules run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Args)]
pub struct Limits {
    /// Largest request body, in bytes (413 over it).
    #[arg(long, env = "RAILRULES_MAX_BODY_BYTES", default_value_t = DEFAULT_MAX_BODY_BYTES)]
    pub max_body_bytes: usize,
    /// Deepest nesting of JSON arrays and objects (422 over it).
    #[arg(
        long,
        env = "RAILRULES_MAX_DEPTH",
        default_value_t = DEFAULT_MAX_DEPTH,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=SERDE_MAX_DEPTH as u64)
    )]
    pub max_depth: usize,
    /// Most actions in one replay request (422 over it).
    #[arg(long, env = "RAILRULES_MAX_REPLAY_ACTIONS", default_value_t = DEFAULT_MAX_REPLAY_ACTIONS)]
    pub max_replay_actions: usize,
    /// Check every body against the published JSON Schema, not only those serde refuses.
    /// Slower (the body is parsed twice), but refuses the few shapes serde alone tolerates:
    /// a struct written as an array of its fields, a seat written `{"A": null}`.
    #[arg(long, env = "RAILRULES_STRICT_SCHEMA")]
    pub strict_schema: bool,
    /// Milliseconds a request may take, reading its body included: a body still arriving then
    /// is answered 408, rules work still running 503 (with `Retry-After`), and the work is
    /// stopped (1833NE's route search and legal actions and replays stop at once; other work
    /// finishes in the background, keeping its turn).
    #[arg(long, env = "RAILRULES_REQUEST_TIMEOUT_MS", default_value_t = DEFAULT_REQUEST_TIMEOUT_MS,
        value_parser = clap::builder::RangedU64ValueParser::<u64>::new().range(1..))]
    pub request_timeout_ms: u64,
    /// Heavy requests (legal actions, with 1833NE's best-route search; replays) computed at
    /// once; more wait for a turn until their timeout, then get 503. One per CPU when absent.
    #[arg(long, env = "RAILRULES_MAX_HEAVY_REQUESTS",
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_heavy_requests: Option<usize>,
    /// The other game requests (setup, validate, check, view) computed at once, off the
    /// workers; more wait for a turn until their timeout, then get 503. Two per CPU when absent.
    #[arg(long, env = "RAILRULES_MAX_LIGHT_REQUESTS",
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_light_requests: Option<usize>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            max_depth: DEFAULT_MAX_DEPTH,
            max_replay_actions: DEFAULT_MAX_REPLAY_ACTIONS,
            strict_schema: false,
            request_timeout_ms: DEFAULT_REQUEST_TIMEOUT_MS,
            max_heavy_requests: None,
            max_light_requests: None,
        }
    }
}

/// Everything [`crate::api::run`] needs besides the listening socket.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct Config {
    #[command(flatten)]
    pub limits: Limits,
    /// Origins browsers may call from (repeatable, or comma-separated). Any origin when none.
    #[arg(
        long = "cors-origin",
        env = "RAILRULES_CORS_ORIGINS",
        value_delimiter = ','
    )]
    pub cors_origins: Vec<String>,
    /// Worker threads; one per CPU when absent.
    #[arg(long, env = "RAILRULES_WORKERS",
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub workers: Option<usize>,
    /// Seconds requests in flight get to finish after SIGTERM or SIGINT; new connections are
    /// refused meanwhile.
    #[arg(long, env = "RAILRULES_SHUTDOWN_TIMEOUT_SECS", default_value_t = DEFAULT_SHUTDOWN_TIMEOUT_SECS)]
    pub shutdown_timeout_secs: u64,
    /// Also serve `POST /v1/echo`: the body parsed as JSON and written back, the baseline
    /// scripts/bench-http.sh measures `validate` against. Not part of the API.
    #[arg(long, env = "RAILRULES_ECHO_ENDPOINT")]
    pub echo_endpoint: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            limits: Limits::default(),
            cors_origins: Vec::new(),
            workers: None,
            shutdown_timeout_secs: DEFAULT_SHUTDOWN_TIMEOUT_SECS,
            echo_endpoint: false,
        }
    }
}

impl Limits {
    /// Heavy requests computed at once: the flag, else one per CPU.
    pub fn heavy_permits(&self) -> usize {
        self.max_heavy_requests.unwrap_or_else(cpus)
    }

    /// Other game requests computed at once: the flag, else two per CPU (never fewer than the
    /// workers that used to compute them, one per CPU).
    pub fn light_permits(&self) -> usize {
        self.max_light_requests.unwrap_or_else(|| 2 * cpus())
    }
}

fn cpus() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}
