//! A key given twice in any object of a body is refused (422, naming where), never read as the
//! last one given (issue 16.4). Each object of a valid request body of each game, in turn,
//! gets its first key repeated with the same value: were repeats resolved silently, the body
//! would still be valid.

mod common;

use common::{Server, expect_problem};
use reqwest::StatusCode;
use serde_json::Value;

/// `value` as JSON text, with the first member of the object at `target` written twice.
fn with_repeated_key(value: &Value, at: &str, target: &str) -> String {
    match value {
        Value::Object(members) => {
            let mut parts: Vec<String> = members
                .iter()
                .map(|(k, v)| {
                    let key = serde_json::to_string(k).unwrap();
                    let pointer = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
                    format!("{key}:{}", with_repeated_key(v, &pointer, target))
                })
                .collect();
            if at == target
                && let Some(first) = parts.first().cloned()
            {
                parts.insert(0, first);
            }
            format!("{{{}}}", parts.join(","))
        }
        Value::Array(items) => {
            let parts: Vec<String> = items
                .iter()
                .enumerate()
                .map(|(i, v)| with_repeated_key(v, &format!("{at}/{i}"), target))
                .collect();
            format!("[{}]", parts.join(","))
        }
        leaf => serde_json::to_string(leaf).unwrap(),
    }
}

/// The pointers of every non-empty object in `value`.
fn objects(value: &Value, at: &str, out: &mut Vec<String>) {
    match value {
        Value::Object(members) => {
            if !members.is_empty() {
                out.push(at.to_string());
            }
            for (k, v) in members {
                objects(
                    v,
                    &format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                objects(v, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

#[actix_web::test]
async fn a_key_given_twice_anywhere_in_a_body_is_refused() {
    let server = Server::start().await;
    // The mid-game bodies of the benchmarks have holdings, tiles and the rest filled in.
    let bodies = [
        (
            "railroad-barons",
            "validate",
            "benches/fixtures/railroad-barons-mid-game-validate.json",
        ),
        (
            "1833ne",
            "validate",
            "benches/fixtures/1833ne-mid-game-validate.json",
        ),
        (
            "rotw-solo",
            "validate",
            "examples/requests/rotw-solo/validate.json",
        ),
        (
            "russian-railroads-american",
            "validate",
            "benches/fixtures/russian-railroads-american-mid-game-validate.json",
        ),
        ("1833ne", "replay", "examples/requests/1833ne/replay.json"),
        (
            "railroad-barons",
            "setup",
            "examples/requests/railroad-barons/setup.json",
        ),
    ];
    for (game, endpoint, file) in bodies {
        {
            let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
            let body: Value =
                serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            let url = format!("/v1/{game}/{endpoint}");
            let plain = server.post_raw(&url, body.to_string()).await;
            assert_eq!(plain.status(), StatusCode::OK, "{game} {endpoint}");
            let mut targets = Vec::new();
            objects(&body, "", &mut targets);
            assert!(!targets.is_empty(), "{game}: {targets:?}");
            for target in targets {
                let text = with_repeated_key(&body, "", &target);
                let answer = server.post_raw(&url, text).await;
                let problem = expect_problem(answer, StatusCode::UNPROCESSABLE_ENTITY).await;
                let named = problem.to_string();
                assert!(
                    named.contains("duplicate"),
                    "{game} {endpoint} at {target:?}: {named}"
                );
            }
        }
    }
    server.stop().await;
}
