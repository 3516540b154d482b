//! The headers answers carry for browsers (nosniff, the Content Security Policies, no-store on
//! answers that carry states), the CORS policy, and `/metrics` on a listener of its own.

mod common;

use std::collections::BTreeMap;
use std::process::{Command, Stdio};

use base64::Engine;
use common::Server;
use railrules::api::headers::{API_CSP, DOCS_CSP};
use railrules::api::{Config, Limits};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const RB: &str = "/v1/railroad-barons";
const ORIGIN: &str = "https://ui.example";

/// A client that does not follow redirects, so that the redirect itself is seen.
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

fn header(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_string())
}

/// A request the nosniff test sends: what it is, and the status it must get.
struct Probe {
    what: &'static str,
    request: reqwest::RequestBuilder,
    status: StatusCode,
}

async fn a_setup_state(server: &Server, game: &str) -> Value {
    server
        .ok(&format!("/v1/{game}/setup"), &json!({"seed": 7}))
        .await["state"]
        .clone()
}

// -- X-Content-Type-Options on every kind of answer

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

// -- The docs page's policy, against the page and the files it loads

/// A policy's directives: name to sources.
fn directives(csp: &str) -> BTreeMap<String, Vec<String>> {
    csp.split(';')
        .filter_map(|d| {
            let mut words = d.split_whitespace();
            let name = words.next()?.to_ascii_lowercase();
            Some((name, words.map(str::to_string).collect()))
        })
        .collect()
}

/// The sources a fetch of `kind` is checked against: its directive, else `default-src`.
fn sources<'a>(policy: &'a BTreeMap<String, Vec<String>>, kind: &str) -> &'a [String] {
    policy
        .get(kind)
        .or_else(|| policy.get("default-src"))
        .map_or(&[], Vec::as_slice)
}

fn allows(policy: &BTreeMap<String, Vec<String>>, kind: &str, source: &str) -> bool {
    sources(policy, kind).iter().any(|s| s == source)
}

/// The opening tags `<name ...>` in `html`.
fn tags<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let open = format!("<{name}");
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find(&open) {
        let tag = &rest[start..];
        let end = tag.find('>').expect("a tag ends");
        let after = tag[open.len()..].chars().next();
        if after.is_some_and(|c| c.is_whitespace() || c == '>') {
            found.push(&tag[..=end]);
        }
        rest = &tag[end..];
    }
    found
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    let at = tag.find(&format!(" {name}="))? + name.len() + 2;
    let quote = tag[at..].chars().next()?;
    let value = &tag[at + 1..];
    Some(value[..value.find(quote)?].to_string())
}

/// What an inline `<script>` or `<style>` element holds, for each in `html`.
fn inline_contents(html: &str, name: &str) -> Vec<String> {
    let close = format!("</{name}>");
    tags(html, name)
        .into_iter()
        .filter(|tag| attribute(tag, "src").is_none())
        .map(|tag| {
            let start = html.find(tag).unwrap() + tag.len();
            let end = html[start..].find(&close).unwrap();
            html[start..start + end].to_string()
        })
        .collect()
}

/// The text of every `<style>` element a script makes: React's
/// `createElement("style", null, "...")`, or the JSX runtime's `("style", {children: "..."})`.
fn styles_made_by_script(js: &str) -> Vec<String> {
    let mut found = Vec::new();
    for opening in [r#"createElement("style",null,""#, r#"("style",{children:""#] {
        let mut rest = js;
        while let Some(start) = rest.find(opening) {
            let text = &rest[start + opening.len()..];
            let end = text.find('"').expect("a string ends");
            found.push(text[..end].to_string());
            rest = &text[end..];
        }
    }
    found
}

fn hash_source(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The `url(...)` references of a stylesheet.
fn css_urls(css: &str) -> Vec<String> {
    css.split("url(")
        .skip(1)
        .map(|rest| {
            let inner = &rest[..rest.find(')').unwrap_or(rest.len())];
            inner.trim_matches(|c| c == '"' || c == '\'').to_string()
        })
        .collect()
}

/// A same-origin reference of the page at `/docs/`, as a path; panics on another origin: the
/// docs must load offline, from the binary alone.
fn docs_path(reference: &str) -> String {
    assert!(
        !reference.contains("//") && !reference.contains(':'),
        "{reference} is not served by the binary"
    );
    match reference.strip_prefix("./") {
        Some(file) => format!("/docs/{file}"),
        None if reference.starts_with('/') => reference.to_string(),
        None => format!("/docs/{reference}"),
    }
}

#[actix_web::test]
async fn the_docs_page_has_a_policy_that_lets_it_load_from_the_binary() {
    let server = Server::start().await;
    let page = server.get("/docs/").await;
    assert_eq!(page.status(), StatusCode::OK);
    let csp = header(&page, "content-security-policy").expect("a CSP on /docs/");
    let policy = directives(&csp);
    let html = page.text().await.unwrap();

    // Nothing from elsewhere, nothing inline run, nothing evaluated, no framing.
    for (directive, list) in &policy {
        for source in list {
            assert!(
                !source.contains("//") && !source.contains('*'),
                "{directive} allows {source}: the docs must work offline"
            );
        }
    }
    for forbidden in ["'unsafe-inline'", "'unsafe-eval'", "data:"] {
        assert!(
            !allows(&policy, "script-src", forbidden),
            "script-src {forbidden}"
        );
    }
    assert!(!allows(&policy, "style-src", "'unsafe-inline'"));
    assert_eq!(policy["frame-ancestors"], ["'none'"]);
    assert!(inline_contents(&html, "script").is_empty(), "{html}");

    // Every script and stylesheet the page names is the binary's own, and allowed.
    let mut scripts = Vec::new();
    for tag in tags(&html, "script") {
        let src = attribute(tag, "src").expect("no inline script");
        assert!(allows(&policy, "script-src", "'self'"), "{src}");
        scripts.push(docs_path(&src));
    }
    let mut stylesheets = Vec::new();
    for tag in tags(&html, "link") {
        let href = docs_path(&attribute(tag, "href").unwrap());
        match attribute(tag, "rel").as_deref() {
            Some("stylesheet") => {
                assert!(allows(&policy, "style-src", "'self'"));
                stylesheets.push(href);
            }
            Some("icon") => {
                assert!(allows(&policy, "img-src", "'self'"));
                assert_eq!(server.get(&href).await.status(), StatusCode::OK, "{href}");
            }
            other => panic!("a link of rel {other:?}: {tag}"),
        }
    }
    assert!(scripts.len() >= 3, "{scripts:?}");
    assert!(stylesheets.len() >= 2, "{stylesheets:?}");
    // Inline styles: those of the page and those its scripts make (the top bar's logo), each
    // allowed by its hash.
    let mut inline_styles = inline_contents(&html, "style");
    for path in &scripts {
        let response = server.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(
            header(&response, "content-type").is_some_and(|t| t.contains("javascript")),
            "{path}"
        );
        let js = response.text().await.unwrap();
        assert!(!js.is_empty(), "{path}");
        inline_styles.extend(styles_made_by_script(&js));
        if path.ends_with("swagger-initializer.js") {
            // The document it loads is fetched from the binary too.
            assert!(allows(&policy, "connect-src", "'self'"));
            assert!(js.contains(r#""url": "/openapi.json""#), "{js}");
            assert_eq!(server.get("/openapi.json").await.status(), StatusCode::OK);
            // No validator badge: its image would come from swagger.io.
            assert!(js.contains(r#""validatorUrl": "none""#), "{js}");
        }
    }
    assert!(!inline_styles.is_empty(), "the logo's style was not found");
    for style in &inline_styles {
        let hash = hash_source(style);
        assert!(
            allows(&policy, "style-src", &hash),
            "style-src lacks {hash} for the inline style {style:?}"
        );
    }
    // The stylesheets' images: inline `data:` icons, or the binary's own files.
    for path in &stylesheets {
        let response = server.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(header(&response, "content-type").is_some_and(|t| t.starts_with("text/css")));
        for reference in css_urls(&response.text().await.unwrap()) {
            if reference.starts_with("data:") {
                assert!(
                    allows(&policy, "img-src", "data:"),
                    "{path}: {reference:.40}"
                );
            } else {
                let file = docs_path(&reference);
                assert_eq!(server.get(&file).await.status(), StatusCode::OK, "{file}");
            }
        }
    }
    server.stop().await;
}

// -- Cache-Control: answers that carry states are never stored

#[actix_web::test]
async fn answers_that_carry_states_are_not_stored() {
    let server = Server::start().await;
    let state = a_setup_state(&server, "railroad-barons").await;
    let legal = server
        .ok(&format!("{RB}/legal-actions"), &json!({"state": state}))
        .await;
    let action = legal["actions"][0].clone();
    let mut tampered = state.clone();
    tampered["players"][0]["cash"] = json!(tampered["players"][0]["cash"].as_u64().unwrap() + 5);
    let rotw = a_setup_state(&server, "rotw-solo").await;
    let requests = [
        (format!("{RB}/setup"), json!({"seed": 3}), StatusCode::OK),
        (
            format!("{RB}/validate"),
            json!({"state": state, "action": action}),
            StatusCode::OK,
        ),
        (
            format!("{RB}/legal-actions"),
            json!({"state": state}),
            StatusCode::OK,
        ),
        (
            format!("{RB}/replay"),
            json!({"setup": {"seed": 7}, "actions": [action]}),
            StatusCode::OK,
        ),
        (
            format!("{RB}/check"),
            json!({"state": tampered}),
            StatusCode::OK,
        ),
        (
            "/v1/rotw-solo/view".to_string(),
            json!({"state": rotw}),
            StatusCode::OK,
        ),
        // A refusal quotes the state's violations: not stored either.
        (
            format!("{RB}/validate"),
            json!({"state": tampered, "action": action}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ];
    for (path, body, status) in requests {
        let response = server.post_json(&path, &body).await;
        assert_eq!(response.status(), status, "{path}");
        assert_eq!(
            header(&response, "cache-control").as_deref(),
            Some("no-store"),
            "{path}"
        );
    }
    // What is the same for every client may be cached.
    for path in ["/v1/games", &format!("{RB}/schema/state"), "/openapi.json"] {
        let response = server.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(header(&response, "cache-control"), None, "{path}");
    }
    server.stop().await;
}

// -- CORS

async fn preflight(server: &Server, path: &str, method: &str) -> reqwest::Response {
    client()
        .request(Method::OPTIONS, server.url(path))
        .header("origin", ORIGIN)
        .header("access-control-request-method", method)
        .header(
            "access-control-request-headers",
            "content-type, x-request-id",
        )
        .send()
        .await
        .unwrap()
}

#[actix_web::test]
async fn a_preflight_is_allowed_only_for_the_methods_the_api_has() {
    let server = Server::start().await;
    let setup = format!("{RB}/setup");
    for method in ["POST", "GET", "HEAD"] {
        let response = preflight(&server, &setup, method).await;
        assert_eq!(response.status(), StatusCode::OK, "{method}");
        assert_eq!(
            header(&response, "access-control-allow-origin").as_deref(),
            Some(ORIGIN)
        );
        let allowed = header(&response, "access-control-allow-methods").unwrap();
        let mut allowed: Vec<&str> = allowed.split(',').map(str::trim).collect();
        allowed.sort_unstable();
        assert_eq!(allowed, ["GET", "HEAD", "POST"], "{method}");
    }
    for method in ["TRACE", "CONNECT", "PATCH", "PUT", "DELETE"] {
        for path in [setup.as_str(), "/healthz"] {
            let response = preflight(&server, path, method).await;
            assert_eq!(
                response.status(),
                StatusCode::BAD_REQUEST,
                "{method} {path}"
            );
            assert_eq!(
                header(&response, "access-control-allow-origin"),
                None,
                "{method} {path}"
            );
        }
    }
    server.stop().await;
}

#[actix_web::test]
async fn scripts_of_other_origins_may_read_the_request_id() {
    let server = Server::start().await;
    let requests = [
        client().get(server.url("/healthz")),
        client()
            .post(server.url(&format!("{RB}/setup")))
            .json(&json!({})),
        client()
            .post(server.url(&format!("{RB}/check")))
            .json(&json!({})),
    ];
    for request in requests {
        let response = request
            .header("origin", ORIGIN)
            .header("x-request-id", "from-the-ui-42")
            .send()
            .await
            .unwrap();
        assert_eq!(
            header(&response, "x-request-id").as_deref(),
            Some("from-the-ui-42")
        );
        let exposed = header(&response, "access-control-expose-headers").unwrap_or_default();
        let exposed: Vec<String> = exposed
            .split(',')
            .map(|h| h.trim().to_ascii_lowercase())
            .collect();
        for name in ["x-request-id", "retry-after"] {
            assert!(exposed.iter().any(|h| h == name), "{name} in {exposed:?}");
        }
    }
    server.stop().await;
}

// -- /metrics on a listener of its own (the binary, as deployed)

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

// -- Compression

/// A state's answer, compressed as the request asks (gzip, brotli) and decompressing to the
/// same JSON as the plain answer; plain when the request asks for nothing; `Vary` names
/// Accept-Encoding so that caches keep the two apart.
#[actix_web::test]
async fn answers_are_compressed_when_the_client_asks() {
    use std::io::Read;
    let server = Server::start().await;
    let body = json!({"seed": 7});
    let fetch = |encoding: Option<&'static str>| {
        let mut request = client().post(server.url("/v1/1833ne/setup")).json(&body);
        if let Some(e) = encoding {
            request = request.header("accept-encoding", e);
        }
        request.send()
    };
    let plain = fetch(None).await.unwrap();
    assert_eq!(plain.status(), StatusCode::OK);
    assert_eq!(header(&plain, "content-encoding"), None);
    let plain = plain.bytes().await.unwrap();
    let expected: Value = serde_json::from_slice(&plain).unwrap();
    for encoding in ["gzip", "br"] {
        let response = fetch(Some(encoding)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{encoding}");
        assert_eq!(
            header(&response, "content-encoding").as_deref(),
            Some(encoding)
        );
        assert!(
            header(&response, "vary")
                .unwrap_or_default()
                .to_ascii_lowercase()
                .contains("accept-encoding")
        );
        let packed = response.bytes().await.unwrap();
        assert!(
            packed.len() * 4 < plain.len(),
            "{encoding}: {} of {}",
            packed.len(),
            plain.len()
        );
        let mut unpacked = Vec::new();
        match encoding {
            "gzip" => flate2::read::GzDecoder::new(&packed[..])
                .read_to_end(&mut unpacked)
                .unwrap(),
            _ => brotli::Decompressor::new(&packed[..], 4096)
                .read_to_end(&mut unpacked)
                .unwrap(),
        };
        let decoded: Value = serde_json::from_slice(&unpacked).unwrap();
        assert_eq!(decoded, expected, "{encoding}");
    }
}
