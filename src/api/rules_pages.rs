//! `GET /rules/{game}`: the rules as railrules implements them (docs/rules/<game>.md) as an
//! HTML page, so that a violation's `rule` (`<game>#<section>`) is a link a browser can follow:
//! `/rules/<game>#<section>` lands on the section's `<a id>`. The documents are embedded in the
//! binary and converted once, on first request.

use std::collections::HashMap;
use std::sync::OnceLock;

use actix_web::http::header::{CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use actix_web::{HttpResponse, web};

use super::problem::{Kind, Problem, method_not_allowed};

/// Each game's rules document, by game id.
pub const DOCUMENTS: [(&str, &str); 5] = [
    (
        "railroad-barons",
        include_str!("../../docs/rules/railroad-barons.md"),
    ),
    ("1833ne", include_str!("../../docs/rules/1833ne.md")),
    ("1846", include_str!("../../docs/rules/1846.md")),
    ("rotw-solo", include_str!("../../docs/rules/rotw-solo.md")),
    (
        "russian-railroads-american",
        include_str!("../../docs/rules/russian-railroads-american.md"),
    ),
];

/// A rules page loads the viewer's stylesheet and nothing else.
const RULES_CSP: &str = "default-src 'none'; style-src 'self'; frame-ancestors 'none'; \
                         base-uri 'none'; form-action 'none'";

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/rules/{game}")
            .route(super::routes::get_or_head().to(page))
            .default_service(web::to(|| async { method_not_allowed("GET, HEAD") })),
    );
}

async fn page(game: web::Path<String>) -> HttpResponse {
    match pages().get(game.as_str()) {
        Some(html) => HttpResponse::Ok()
            .insert_header((CONTENT_TYPE, "text/html; charset=utf-8"))
            .insert_header((CONTENT_SECURITY_POLICY, RULES_CSP))
            .body(html.clone()),
        None => Problem::new(
            Kind::NotFound,
            format!(
                "no rules of `{game}`; the games are {}",
                DOCUMENTS.map(|(id, _)| format!("`{id}`")).join(", ")
            ),
        )
        .response(),
    }
}

fn pages() -> &'static HashMap<&'static str, String> {
    static PAGES: OnceLock<HashMap<&'static str, String>> = OnceLock::new();
    PAGES.get_or_init(|| {
        DOCUMENTS
            .iter()
            .map(|&(id, markdown)| (id, page_of(id, markdown)))
            .collect()
    })
}

/// The document as a page: its Markdown (tables included) as HTML, the anchors (`<a id>`) kept
/// as written.
pub fn page_of(id: &str, markdown: &str) -> String {
    let parser = pulldown_cmark::Parser::new_ext(markdown, pulldown_cmark::Options::ENABLE_TABLES);
    let mut body = String::new();
    pulldown_cmark::html::push_html(&mut body, parser);
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{id}: the rules as railrules implements them</title>\n\
         <link rel=\"stylesheet\" href=\"{}\">\n</head>\n<body class=\"rules\">\n{body}</body>\n</html>\n",
        super::viewer::STYLESHEET_PATH
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, GameVisitor};

    struct Ids(Vec<&'static str>);
    impl GameVisitor for Ids {
        fn visit<G: Game>(&mut self) {
            self.0.push(G::ID);
        }
    }

    #[test]
    fn every_game_has_its_rules_page_and_no_other() {
        let mut ids = Ids(Vec::new());
        crate::registry::visit_games(&mut ids);
        let mut documents: Vec<&str> = DOCUMENTS.iter().map(|(id, _)| *id).collect();
        ids.0.sort_unstable();
        documents.sort_unstable();
        assert_eq!(ids.0, documents);
    }

    #[test]
    fn a_page_keeps_the_sections_anchors() {
        let page = page_of("1833ne", DOCUMENTS[1].1);
        assert!(
            page.contains("<a id=\"market\"></a>"),
            "the market's anchor"
        );
        assert!(page.contains("<h2>Stock rounds</h2>"), "a heading as HTML");
        assert!(page.starts_with("<!doctype html>"));
    }
}
