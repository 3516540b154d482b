//! The viewer page and the rules pages as the server serves them (issue 21.2). The page's
//! behaviour in a browser is tested by tests/browser/viewer.test.mjs (scripts/viewer-test.sh);
//! here: what it is made of loads from the binary under its policy, the API calls its script
//! makes exist, and every rule a violation can cite is a link that lands on its section.

mod common;

use common::Server;
use railrules::api::viewer::VIEWER_CSP;
use railrules::games::{g1846, ne1833, railroad_barons, rotw_solo, russian_railroads_american};
use reqwest::StatusCode;

fn header(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_string())
}

/// The value of attribute `name` in each `<tag ...>` of `html`.
fn attributes(html: &str, tag: &str, name: &str) -> Vec<String> {
    html.match_indices(&format!("<{tag} "))
        .filter_map(|(at, _)| {
            let end = html[at..].find('>')? + at;
            let element = &html[at..end];
            let start = element.find(&format!("{name}=\""))? + name.len() + 2;
            let value = &element[start..];
            Some(value[..value.find('"')?].to_string())
        })
        .collect()
}

#[actix_web::test]
async fn the_viewer_page_loads_its_files_from_the_binary_under_its_policy() {
    let server = Server::start().await;
    let page = server.get("/viewer/").await;
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(
        header(&page, "content-type").as_deref(),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(
        header(&page, "content-security-policy").as_deref(),
        Some(VIEWER_CSP)
    );
    let html = page.text().await.unwrap();

    // Nothing from another origin, nothing inline: the policy allows neither.
    for source in VIEWER_CSP.split([';', ' ']) {
        assert!(
            !source.contains("//") && !source.contains('*') && !source.contains("unsafe"),
            "the policy allows {source}"
        );
    }
    assert!(
        !html.contains("<script>") && !html.contains("<style"),
        "{html}"
    );
    assert!(!html.contains("http://") && !html.contains("https://"));

    let scripts = attributes(&html, "script", "src");
    let links = attributes(&html, "link", "href");
    assert_eq!(scripts, ["viewer.js"]);
    assert_eq!(links, ["viewer.css", "icon.svg"]);
    for (file, kind) in [
        ("viewer.js", "text/javascript"),
        ("viewer.css", "text/css"),
        ("icon.svg", "image/svg+xml"),
    ] {
        let response = server.get(&format!("/viewer/{file}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{file}");
        assert!(
            header(&response, "content-type").is_some_and(|t| t.starts_with(kind)),
            "{file}"
        );
        // An SVG's namespace is a name, not an address fetched.
        let text = response
            .text()
            .await
            .unwrap()
            .replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{file} names another origin"
        );
    }

    // `/viewer` is sent to the page; the page is read, never posted to.
    let redirect = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(server.url("/viewer"))
        .send()
        .await
        .unwrap();
    assert_eq!(redirect.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(header(&redirect, "location").as_deref(), Some("/viewer/"));
    let post = server.post_raw("/viewer/", "{}").await;
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(
        server.get("/viewer/nothing.js").await.status(),
        StatusCode::NOT_FOUND
    );
    server.stop().await;
}

/// Every `/v1/${game.id}/<endpoint>` the script posts to is an endpoint the games list names
/// (for the games that serve it: render only where `endpoints` has it, import where an export's
/// title has one).
#[actix_web::test]
async fn the_viewer_calls_only_endpoints_the_api_has() {
    let server = Server::start().await;
    let js = server.get("/viewer/viewer.js").await.text().await.unwrap();
    let called: std::collections::BTreeSet<&str> = js
        .match_indices("/v1/${")
        .filter_map(|(at, _)| {
            let rest = &js[at..];
            let segment = &rest[rest.find("}/")? + 2..];
            Some(&segment[..segment.find('`')?])
        })
        .collect();
    assert_eq!(
        called.iter().copied().collect::<Vec<_>>(),
        ["import", "legal-actions", "render", "replay", "validate"]
    );
    let games = server.ok_get("/v1/games").await;
    let served: std::collections::BTreeSet<String> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["endpoints"].as_array().unwrap().clone())
        .map(|e| e.as_str().unwrap().to_string())
        .collect();
    for endpoint in called {
        assert!(served.contains(endpoint), "{endpoint} is served by no game");
    }
    // The games that draw say so, and those that do not are not asked to.
    for game in games["games"].as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let listed = game["endpoints"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("render"));
        let state = server
            .ok(&format!("/v1/{id}/setup"), &serde_json::json!({"seed": 1}))
            .await["state"]
            .clone();
        let drawn = server
            .post_json(
                &format!("/v1/{id}/render"),
                &serde_json::json!({"state": state}),
            )
            .await
            .status();
        assert_eq!(drawn == StatusCode::OK, listed, "{id}: render {drawn}");
    }
    server.stop().await;
}

/// A violation's `rule` is `<game>#<section>`; the viewer links it to `/rules/<game>#<section>`,
/// which must land on that section's anchor.
#[actix_web::test]
async fn every_rule_a_violation_cites_is_an_anchor_of_its_rules_page() {
    let server = Server::start().await;
    let declared: [&[&str]; 5] = [
        railroad_barons::rules::section::ALL,
        ne1833::rules::section::ALL,
        g1846::rules::section::ALL,
        rotw_solo::rules::section::ALL,
        russian_railroads_american::rules::section::ALL,
    ];
    for sections in declared {
        let game = sections[0].split('#').next().unwrap();
        let page = server.get(&format!("/rules/{game}")).await;
        assert_eq!(page.status(), StatusCode::OK, "{game}");
        assert!(header(&page, "content-type").is_some_and(|t| t.starts_with("text/html")));
        let html = page.text().await.unwrap();
        assert!(html.contains("<h1>"), "{game}: the document as HTML");
        for rule in sections {
            let (of, section) = rule.split_once('#').unwrap();
            assert_eq!(of, game, "{rule}");
            assert!(
                html.contains(&format!("id=\"{section}\"")),
                "/rules/{game} has no anchor {section}"
            );
        }
    }
    let unknown =
        common::expect_problem(server.get("/rules/chess").await, StatusCode::NOT_FOUND).await;
    let detail = unknown["detail"].as_str().unwrap();
    assert!(
        detail.contains("`chess`") && detail.contains("`1833ne`"),
        "{detail}"
    );
    server.stop().await;
}

/// Issue 38: a file names a game, it never chooses where the page posts: every path the script
/// builds takes the game from the games list (looked up first, `servedGame`) and escapes it. And
/// a refusal's pointers are shown: the script reads the problem's `errors` (`pointer`,
/// `detail`), the fields a 422 of the import has.
#[actix_web::test]
async fn the_viewer_posts_only_to_listed_games_and_shows_a_refusals_pointers() {
    let server = Server::start().await;
    let js = server.get("/viewer/viewer.js").await.text().await.unwrap();
    let paths: Vec<&str> = js
        .match_indices("/v1/${")
        .map(|(at, _)| &js[at + "/v1/${".len()..])
        .collect();
    assert!(paths.len() >= 5, "{}", paths.len());
    for path in paths {
        let game = &path[..path.find("}/").unwrap()];
        assert!(
            [
                "encodeURIComponent(served.id)",
                "encodeURIComponent(game.id)"
            ]
            .contains(&game),
            "a path built from {game}"
        );
    }
    assert!(js.contains("served.id") && js.contains("function servedGame(games, id)"));
    assert!(!js.contains("violations"), "the API answers `errors`");
    for read in ["problem.errors", "e.pointer", "e.detail"] {
        assert!(js.contains(read), "the script reads {read}");
    }
    let mut export: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/18xx-games/1846/3099.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let actions = export["actions"].as_array_mut().unwrap();
    let at = actions
        .iter()
        .position(|a| a["type"] == "place_token")
        .unwrap();
    actions[at]["slot"] = serde_json::json!(99);
    let problem = common::expect_problem(
        server.post_json("/v1/1846/import", &export).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        problem["errors"][0]["pointer"],
        format!("/actions/{at}/slot")
    );
    assert!(problem["errors"][0]["detail"].as_str().is_some());
    server.stop().await;
}

/// Issue 40: the rules page of every game the API serves tells the truth about it: none says
/// the game is not playable.
#[actix_web::test]
async fn no_served_games_rules_page_calls_it_unplayable() {
    let server = Server::start().await;
    let games = server.ok_get("/v1/games").await;
    for game in games["games"].as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let html = server
            .get(&format!("/rules/{id}"))
            .await
            .text()
            .await
            .unwrap();
        let lower = html.to_lowercase();
        assert!(
            !lower.contains("not playable") && !lower.contains("not yet playable"),
            "/rules/{id} says it is not playable"
        );
    }
    server.stop().await;
}
