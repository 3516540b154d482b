//! X-Content-Type-Options on every kind of answer.

use railrules::api::headers::{API_CSP, DOCS_CSP};
use railrules::api::{Config, Limits};
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::Server;
use crate::{ORIGIN, RB, client, header};

/// A request the nosniff test sends: what it is, and the status it must get.
struct Probe {
    what: &'static str,
    request: reqwest::RequestBuilder,
    status: StatusCode,
}

#[actix_web::test]
async fn every_kind_of_answer_says_nosniff() {
    let server = Server::start_with(Config {
        limits: Limits {
            max_body_bytes: 4096,
            ..Limits::default()
        },
        ..Config::default()
    })
    .await;
    let c = client();
    let url = |path: &str| server.url(path);
    let preflight = |method: &str| {
        c.request(Method::OPTIONS, url(&format!("{RB}/setup")))
            .header("origin", ORIGIN)
            .header("access-control-request-method", method)
    };
    let probes = vec![
        Probe {
            what: "the games list",
            request: c.get(url("/v1/games")),
            status: StatusCode::OK,
        },
        Probe {
            what: "a schema",
            request: c.get(url(&format!("{RB}/schema/state"))),
            status: StatusCode::OK,
        },
        Probe {
            what: "the OpenAPI document",
            request: c.get(url("/openapi.json")),
            status: StatusCode::OK,
        },
        Probe {
            what: "the health probe, by HEAD",
            request: c.head(url("/healthz")),
            status: StatusCode::OK,
        },
        Probe {
            what: "the metrics (text)",
            request: c.get(url("/metrics")),
            status: StatusCode::OK,
        },
        Probe {
            what: "a setup",
            request: c.post(url(&format!("{RB}/setup"))).json(&json!({})),
            status: StatusCode::OK,
        },
        Probe {
            what: "a body that is not JSON",
            request: c
                .post(url(&format!("{RB}/check")))
                .header("content-type", "application/json")
                .body("{"),
            status: StatusCode::BAD_REQUEST,
        },
        Probe {
            what: "a refused body",
            request: c
                .post(url(&format!("{RB}/check")))
                .json(&json!({"state": 1})),
            status: StatusCode::UNPROCESSABLE_ENTITY,
        },
        Probe {
            what: "a body over the limit",
            request: c
                .post(url(&format!("{RB}/setup")))
                .header("content-type", "application/json")
                .body(format!(r#"{{"seed": 1, "x": "{}"}}"#, "a".repeat(5000))),
            status: StatusCode::PAYLOAD_TOO_LARGE,
        },
        Probe {
            what: "an unknown game",
            request: c.post(url("/v1/no-such-game/setup")),
            status: StatusCode::NOT_FOUND,
        },
        Probe {
            what: "an unknown path",
            request: c.get(url("/nothing/here")),
            status: StatusCode::NOT_FOUND,
        },
        Probe {
            what: "a wrong method",
            request: c.get(url(&format!("{RB}/setup"))),
            status: StatusCode::METHOD_NOT_ALLOWED,
        },
        Probe {
            what: "TRACE",
            request: c.request(Method::TRACE, url("/healthz")),
            status: StatusCode::METHOD_NOT_ALLOWED,
        },
        Probe {
            what: "the docs redirect",
            request: c.get(url("/docs")),
            status: StatusCode::PERMANENT_REDIRECT,
        },
        Probe {
            what: "the docs page",
            request: c.get(url("/docs/")),
            status: StatusCode::OK,
        },
        Probe {
            what: "a docs script",
            request: c.get(url("/docs/swagger-ui-bundle.js")),
            status: StatusCode::OK,
        },
        Probe {
            what: "a docs file that does not exist",
            request: c.get(url("/docs/nothing.js")),
            status: StatusCode::NOT_FOUND,
        },
        Probe {
            what: "a CORS preflight allowed",
            request: preflight("POST"),
            status: StatusCode::OK,
        },
        Probe {
            what: "a CORS preflight refused",
            request: preflight("PATCH"),
            status: StatusCode::BAD_REQUEST,
        },
    ];
    for Probe {
        what,
        request,
        status,
    } in probes
    {
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), status, "{what}");
        assert_eq!(
            header(&response, "x-content-type-options").as_deref(),
            Some("nosniff"),
            "{what}: {:?}",
            response.headers()
        );
        // An answer opened as a page may load and run nothing, and no other site may frame it;
        // only the docs page and its files have a policy of their own.
        let csp = header(&response, "content-security-policy");
        let expected = if response.url().path().starts_with("/docs/") {
            DOCS_CSP
        } else {
            API_CSP
        };
        assert_eq!(csp.as_deref(), Some(expected), "{what}");
        assert_eq!(
            header(&response, "x-frame-options").as_deref(),
            Some("DENY")
        );
        assert_eq!(
            header(&response, "referrer-policy").as_deref(),
            Some("no-referrer")
        );
    }
    server.stop().await;
}
