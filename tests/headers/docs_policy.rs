//! The docs page's policy, against the page and the files it loads.

use std::collections::BTreeMap;

use base64::Engine;
use reqwest::StatusCode;
use sha2::{Digest, Sha256};

use crate::common::Server;
use crate::header;

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
