//! `railrules serve`'s logs (text and JSON lines) and `railrules openapi`'s document.

use std::process::Command;

use serde_json::Value;

use crate::{binary, railrules, stdout};

#[test]
fn openapi_prints_the_document() {
    let output = railrules(&["openapi"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.ends_with("}\n"));
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert!(doc["paths"]["/v1/railroad-barons/validate"]["post"].is_object());
    assert_eq!(text, railrules::api::openapi_json());
}

/// `serve --log-format <format>` asked `/healthz` once with `headers`: the answer, and what the
/// server wrote to its standard output (a pipe, not a terminal) until it was stopped.
fn serve_one_healthz(format: &str, headers: &str) -> (String, String) {
    use std::process::Stdio;
    use std::time::Duration;
    let port = binary::free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(["serve", "--bind", "127.0.0.1", "--port", &port.to_string()])
        .args(["--workers", "1", "--log-format", format])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stream = binary::connect_when_listening(&mut child, port);
    let response = binary::get(stream, "/healthz", headers);
    // Give the access line a moment to be written, then stop the server and read its output.
    std::thread::sleep(Duration::from_millis(300));
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    (
        response,
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// `serve --log-format json`: one JSON object per line; the access line of a request carries
/// the request id the response echoes.
#[test]
fn serve_logs_json_lines_with_the_request_id() {
    let (response, logs) = serve_one_healthz("json", "X-Request-Id: ci-run-42\r\n");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(
        response
            .to_ascii_lowercase()
            .contains("x-request-id: ci-run-42\r\n"),
        "{response}"
    );
    let lines: Vec<Value> = logs
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let access = lines
        .iter()
        .find(|l| l["target"] == "railrules::access")
        .unwrap_or_else(|| panic!("no access line in {lines:?}"));
    assert_eq!(access["path"], "/healthz");
    assert_eq!(access["status"], 200);
    assert_eq!(access["span"]["request_id"], "ci-run-42");
}

/// Issue 40: `serve`'s text logs piped (not a terminal) carry no colour codes, and `check
/// --help` names no source file.
#[test]
fn piped_text_logs_have_no_colour_codes_and_help_names_no_source_file() {
    let (response, logs) = serve_one_healthz("text", "");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(logs.contains("/healthz"), "{logs}");
    assert!(!logs.contains('\x1b'), "{logs:?}");
    let help = stdout(&railrules(&["check", "--help"]));
    assert!(
        help.contains("HTML") && !help.contains("check_html"),
        "{help}"
    );
}
