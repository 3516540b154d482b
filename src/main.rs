//! The `railrules` command: the HTTP service (default), save-file checking, the OpenAPI document.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use railrules::api;

mod check_command;
mod check_html;
mod interop_command;
mod render_command;

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
        /// Save files (`{game, rules_version, setup: {options?, seed}, actions, state?}`) or
        /// 18xx.games exports (`{title, players, settings, actions, result}`), directories (every `.json` file under them) or glob patterns (`saves/**/*.json`).
        #[arg(required = true)]
        files: Vec<String>,
        /// `text`: a line per file and a summary; `json`: one report for machines; `html`: one page
        /// (a CI artifact) with the board before each file's first illegal action.
        #[arg(long, value_enum, default_value_t = check_command::Format::Text)]
        format: check_command::Format,
        /// Leave out the files matching this glob pattern (`'saves/old/*'`); may be repeated.
        #[arg(long, value_name = "GLOB")]
        exclude: Vec<String>,
    },
    /// Read 18xx.games exports into railrules save files (to stdout for one file without -o); a
    /// save file given is written as it is.
    Import {
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// The directory to write the save files to (each named as its export).
        #[arg(short = 'o', long = "output", value_name = "DIR")]
        output: Option<std::path::PathBuf>,
    },
    /// Write a railrules save file as an 18xx.games export, to stdout; an export given is imported
    /// and written again.
    Export { file: std::path::PathBuf },
    /// Print the OpenAPI 3.1 document (the source of openapi/openapi.json).
    Openapi,
    /// Draw a state, a save file's final state or an 18xx.games export's as SVG, to stdout
    /// (every game).
    Render { file: std::path::PathBuf },
}

#[derive(Args)]
struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "RAILRULES_BIND", default_value_t = IpAddr::V4(Ipv4Addr::UNSPECIFIED))]
    bind: IpAddr,
    /// Port to listen on.
    #[arg(long, env = "RAILRULES_PORT", default_value_t = api::config::DEFAULT_PORT)]
    port: u16,
    /// Serve `/metrics` on this address and port only (`0.0.0.0:9090`), not with the API, which
    /// then answers 404 for it: a public deployment keeps its metrics off the public port.
    /// With the API when absent.
    #[arg(long, env = "RAILRULES_METRICS_BIND", value_name = "ADDR:PORT")]
    metrics_bind: Option<SocketAddr>,
    /// Log lines as text for people or JSON (one object per line) for log collectors.
    #[arg(long, env = "RAILRULES_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    #[command(flatten)]
    config: api::Config,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

/// The commands that print to stdout end quietly when its reader has gone (`check ... | head`):
/// SIGPIPE's default action, as Unix tools have it (Rust ignores the signal, and printing to a
/// closed pipe would then panic). The server keeps it ignored: a client's closed connection is
/// an error it handles.
fn end_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, None | Some(Command::Serve(_))) {
        end_quietly_on_a_closed_pipe();
    }
    match cli.command {
        // No command is `serve` with its defaults (and its environment variables).
        None => match Cli::parse_from(["railrules", "serve"]).command {
            Some(Command::Serve(args)) => serve(args),
            _ => ExitCode::FAILURE,
        },
        Some(Command::Serve(args)) => serve(args),
        Some(Command::Check {
            files,
            format,
            exclude,
        }) => check_command::run(&files, &exclude, format),
        Some(Command::Import { files, output }) => {
            interop_command::import(&files, output.as_deref())
        }
        Some(Command::Export { file }) => interop_command::export(&file),
        Some(Command::Openapi) => {
            print!("{}", api::openapi_json());
            ExitCode::SUCCESS
        }
        Some(Command::Render { file }) => {
            let drawn = std::fs::read(&file)
                .map_err(|e| format!("{}: {e}", file.display()))
                .and_then(|bytes| render_command::render(&bytes));
            match drawn {
                Ok(svg) => {
                    print!("{svg}");
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("railrules render: {error}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

fn serve(args: ServeArgs) -> ExitCode {
    // RUST_LOG chooses what is logged (default: info, an access line per request).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colour only on a terminal: logs piped to a file or a collector keep no escape codes.
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()));
    match args.log_format {
        LogFormat::Text => logs.init(),
        LogFormat::Json => logs.json().flatten_event(true).with_span_list(false).init(),
    }
    let address = SocketAddr::new(args.bind, args.port);
    let result = actix_web::rt::System::new().block_on(async move {
        let listener = TcpListener::bind(address)?;
        // The bound address: with port 0, the one the system chose.
        let address = listener.local_addr().unwrap_or(address);
        let metrics_listener = match args.metrics_bind {
            Some(metrics) => Some(TcpListener::bind(metrics).map_err(|e| {
                std::io::Error::new(e.kind(), format!("--metrics-bind {metrics}: {e}"))
            })?),
            None => None,
        };
        let metrics_address = match &metrics_listener {
            Some(listener) => listener.local_addr()?,
            None => address,
        };
        let metrics = format!("{metrics_address}{}", api::metrics::PATH);
        tracing::info!(%address, %metrics, limits = ?args.config.limits, "railrules listening");
        api::run_with_metrics_listener(listener, metrics_listener, args.config)?.await
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
