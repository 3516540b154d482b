//! The client and its example against the service itself (started here on an ephemeral port)
//! and against an address where nothing listens.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::Command;

use railrules_client::{Client, Error};
use serde_json::json;

/// An address nothing listens on: a port bound and released at once.
fn silent_address() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    format!("http://{}", listener.local_addr().unwrap())
}

/// The service on 127.0.0.1:0 in this test's runtime; its base URL.
fn start_service() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let config = railrules::api::Config {
        workers: Some(1),
        ..Default::default()
    };
    actix_web::rt::spawn(railrules::api::run(listener, config).unwrap());
    base
}

/// The example's binary, built beside this test by `cargo test` (which builds examples).
fn example_binary() -> PathBuf {
    let deps = std::env::current_exe().unwrap();
    let path = deps
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples")
        .join("client");
    assert!(
        path.exists(),
        "{} is missing: run the tests with `cargo test`, which builds the examples",
        path.display()
    );
    path
}

#[actix_web::test]
async fn with_no_service_the_error_says_what_to_start() {
    let base = silent_address();
    let error = Client::new(&base).games().await.unwrap_err();
    assert!(matches!(error, Error::NoService { .. }), "{error:?}");
    let text = error.to_string();
    assert!(text.contains(&base), "{text}");
    assert!(text.contains("cargo run --release"), "{text}");
    assert!(text.contains("RAILRULES_URL"), "{text}");
}

#[actix_web::test]
async fn a_refused_request_carries_the_services_problem() {
    let client = Client::new(&start_service());
    let error = client
        .post("railroad-barons", "validate", &json!({"state": {}}))
        .await
        .unwrap_err();
    let Error::Refused { status, body, .. } = &error else {
        panic!("{error:?}")
    };
    assert_eq!(*status, 422, "{body}");
    assert!(
        body.contains("action"),
        "the problem names the missing field: {body}"
    );
}

#[actix_web::test]
async fn the_example_plays_a_move_and_without_a_service_says_what_to_start() {
    let base = start_service();
    let binary = example_binary();
    let played = tokio::task::spawn_blocking({
        let (binary, base) = (binary.clone(), base.clone());
        move || {
            Command::new(binary)
                .env("RAILRULES_URL", base)
                .output()
                .unwrap()
        }
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&played.stdout);
    assert!(
        played.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&played.stderr)
    );
    assert!(stdout.contains("valid = true"), "{stdout}");
    assert!(stdout.contains("event:"), "{stdout}");

    let refused = Command::new(binary)
        .env("RAILRULES_URL", silent_address())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(
        stderr.starts_with("error: no railrules service answers at"),
        "{stderr}"
    );
    assert!(stderr.contains("cargo run --release"), "{stderr}");
    assert!(
        !stderr.contains("reqwest::Error"),
        "no debug dump: {stderr}"
    );
}

/// `cargo run --example client` builds the client's dependencies only: none of the service's
/// benchmark or property-test crates (it used to build criterion and proptest, minutes of work).
#[test]
fn the_example_needs_no_benchmark_or_property_test_crates() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let tree = Command::new(cargo)
        .args(["tree", "--locked", "-p", "railrules-client"])
        .args(["--edges", "normal,build", "--prefix", "none"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&tree.stdout);
    assert!(
        tree.status.success(),
        "{}",
        String::from_utf8_lossy(&tree.stderr)
    );
    assert!(text.contains("reqwest"), "{text}");
    for heavy in ["criterion", "proptest", "actix-web", "railrules "] {
        assert!(
            !text.lines().any(|line| line.starts_with(heavy)),
            "the example builds {heavy}:\n{text}"
        );
    }
}
