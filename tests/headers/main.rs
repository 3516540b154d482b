//! The headers answers carry for browsers (nosniff, the Content Security Policies, no-store on
//! answers that carry states), the CORS policy, `/metrics` on a listener of its own, and
//! compression.

#[path = "../common/mod.rs"]
mod common;

mod cache_control;
mod compression;
mod cors;
mod docs_policy;
mod metrics;
mod nosniff;

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
