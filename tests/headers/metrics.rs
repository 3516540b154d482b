//! `/metrics` on a listener of its own (the binary, as deployed).

use std::process::{Command, Stdio};

use crate::common;

/// The status line and body of `GET path` on `port`.
fn get(child: &mut std::process::Child, port: u16, path: &str) -> String {
    common::binary::get(
        common::binary::connect_when_listening(child, port),
        path,
        "",
    )
}

#[test]
fn with_metrics_bind_the_metrics_are_served_only_on_their_port() {
    let api = common::binary::free_port();
    let metrics = common::binary::free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(["serve", "--bind", "127.0.0.1", "--port", &api.to_string()])
        .args(["--metrics-bind", &format!("127.0.0.1:{metrics}")])
        .env_remove("RAILRULES_METRICS_BIND")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let on_metrics = get(&mut child, metrics, "/metrics");
    let api_metrics = get(&mut child, api, "/metrics");
    let api_health = get(&mut child, api, "/healthz");
    let metrics_health = get(&mut child, metrics, "/healthz");
    let metrics_games = get(&mut child, metrics, "/v1/games");
    child.kill().unwrap();
    child.wait().unwrap();

    assert!(on_metrics.starts_with("HTTP/1.1 200"), "{on_metrics}");
    assert!(
        on_metrics.contains("railrules_requests_total{"),
        "{on_metrics}"
    );
    assert!(api_metrics.starts_with("HTTP/1.1 404"), "{api_metrics}");
    assert!(!api_metrics.contains("railrules_requests_total"));
    assert!(api_health.starts_with("HTTP/1.1 200"), "{api_health}");
    // The metrics port serves nothing else.
    assert!(
        metrics_health.starts_with("HTTP/1.1 404"),
        "{metrics_health}"
    );
    assert!(metrics_games.starts_with("HTTP/1.1 404"), "{metrics_games}");
    for answer in [&on_metrics, &api_metrics, &metrics_health] {
        assert!(
            answer.contains("x-content-type-options: nosniff"),
            "{answer:.400}"
        );
    }
}
