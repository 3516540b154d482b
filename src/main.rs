//! The `railrules` command: the HTTP service (default), save-file checking, the OpenAPI document.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use railrules::api;
use railrules::core::save::{SaveVerdict, check_save};

#[derive(Parser)]
#[command(
    name = "railrules",
    version,
    about = "A stateless rules engine for railroad board games"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the HTTP/JSON API (the default when no command is given).
    Serve(ServeArgs),
    /// Replay save files and compare their recorded final states; exit 1 if any fails.
    Check {
        /// Save files: `{game, rules_version, setup: {options?, seed}, actions, state?}`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print the OpenAPI 3.1 document (the source of openapi/openapi.json).
    Openapi,
}

#[derive(Args)]
struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "RAILRULES_BIND", default_value_t = IpAddr::V4(Ipv4Addr::UNSPECIFIED))]
    bind: IpAddr,
    /// Port to listen on.
    #[arg(long, env = "RAILRULES_PORT", default_value_t = 8080)]
    port: u16,
    #[command(flatten)]
    config: api::Config,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        // No command is `serve` with its defaults (and its environment variables).
        None => match Cli::parse_from(["railrules", "serve"]).command {
            Some(Command::Serve(args)) => serve(args),
            _ => ExitCode::FAILURE,
        },
        Some(Command::Serve(args)) => serve(args),
        Some(Command::Check { files }) => check_files(&files),
        Some(Command::Openapi) => {
            print!("{}", api::openapi_json());
            ExitCode::SUCCESS
        }
    }
}

fn serve(args: ServeArgs) -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let address = SocketAddr::new(args.bind, args.port);
    let result = actix_web::rt::System::new().block_on(async move {
        let listener = TcpListener::bind(address)?;
        tracing::info!(%address, limits = ?args.config.limits, "railrules listening");
        api::run(listener, args.config)?.await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(%address, error = %e, "the server stopped");
            eprintln!("railrules: {address}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Checks every file (not just up to the first failure) and prints one line per file.
fn check_files(files: &[PathBuf]) -> ExitCode {
    let mut failed = 0;
    for file in files {
        let (ok, line) = match std::fs::read(file) {
            Ok(bytes) => describe(&check_save(&bytes)),
            Err(e) => (false, format!("cannot read: {e}")),
        };
        if ok {
            println!("{}: OK {line}", file.display());
        } else {
            failed += 1;
            println!("{}: FAIL {line}", file.display());
        }
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!("{failed} of {} file(s) failed", files.len());
        ExitCode::FAILURE
    }
}

/// Whether a verdict passes, and what to say about it.
fn describe(verdict: &SaveVerdict) -> (bool, String) {
    match verdict {
        SaveVerdict::Valid {
            actions,
            final_state_compared,
        } => (
            true,
            format!(
                "({actions} actions replayed{})",
                if *final_state_compared {
                    ", final state matches"
                } else {
                    "; no final state recorded"
                }
            ),
        ),
        SaveVerdict::Malformed { problem } => (false, format!("malformed save file: {problem}")),
        SaveVerdict::SetupRefused { violations } => (
            false,
            format!(
                "setup refused: {}",
                violations
                    .iter()
                    .map(|v| format!("{}: {}", v.code, v.message))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        ),
        SaveVerdict::IllegalAction {
            index,
            action,
            violation,
        } => (
            false,
            format!(
                "action {index} is illegal: {}: {} (see {}); action: {action}",
                violation.code, violation.message, violation.rule
            ),
        ),
        SaveVerdict::FinalStateDiffers {
            pointer,
            recorded,
            replayed,
        } => (
            false,
            format!(
                "the final state differs at {}: recorded {recorded}, replayed {replayed}",
                if pointer.is_empty() { "/" } else { pointer }
            ),
        ),
    }
}
