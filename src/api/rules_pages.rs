//! `GET /rules/{game}`: the rules as railrules implements them (docs/rules/<game>.md) as an
//! HTML page, so that a violation's `rule` (`<game>#<section>`) is a link a browser can follow:
//! `/rules/<game>#<section>` lands on the section's `<a id>`. The documents are embedded in the
//! binary and converted once, on first request.

use std::collections::HashMap;
use std::sync::OnceLock;

use actix_web::http::header::{CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use actix_web::{HttpResponse, web};

use super::problem::{Kind, Problem, method_not_allowed};
use crate::core::{Game, GameVisitor};

/// Each game's rules document (`Game::RULES_DOCUMENT`), by game id, in the registry's order.
pub fn documents() -> Vec<(&'static str, &'static str)> {
    struct Documents(Vec<(&'static str, &'static str)>);
    impl GameVisitor for Documents {
        fn visit<G: Game>(&mut self) {
            self.0.push((G::ID, G::RULES_DOCUMENT));
        }
    }
    let mut documents = Documents(Vec::new());
    crate::registry::visit_games(&mut documents);
    documents.0
}

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
                documents()
                    .iter()
                    .map(|(id, _)| format!("`{id}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .response(),
    }
}

fn pages() -> &'static HashMap<&'static str, String> {
    static PAGES: OnceLock<HashMap<&'static str, String>> = OnceLock::new();
    PAGES.get_or_init(|| {
        documents()
            .into_iter()
            .map(|(id, markdown)| (id, page_of(id, markdown)))
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

    /// Each game's document is its own: no two games share one, its first heading names the
    /// game (`Game::NAME` begins with it), and it has the sections its game's turn and end
    /// refusals cite (`<game>#<section>`).
    #[test]
    fn every_games_rules_document_has_the_sections_it_cites() {
        struct Cited(Vec<(&'static str, &'static str, &'static str)>);
        impl GameVisitor for Cited {
            fn visit<G: Game>(&mut self) {
                let heading = G::RULES_DOCUMENT
                    .lines()
                    .find_map(|line| line.strip_prefix("# "))
                    .and_then(|title| title.split(" — ").next())
                    .unwrap_or_default();
                assert!(
                    !heading.is_empty() && G::NAME.starts_with(heading.trim_end_matches(')')),
                    "{}'s rules are headed `{heading}`",
                    G::ID
                );
                for rule in [G::END_RULE, G::TURN_RULE] {
                    self.0.push((G::ID, rule, G::RULES_DOCUMENT));
                }
            }
        }
        let mut cited = Cited(Vec::new());
        crate::registry::visit_games(&mut cited);
        let mut distinct: Vec<&str> = documents().iter().map(|(_, text)| *text).collect();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            documents().len(),
            "two games share a document"
        );
        for (id, rule, document) in cited.0 {
            let (game, section) = rule.split_once('#').expect("<game>#<section>");
            assert_eq!(game, id, "{rule}");
            let anchor = format!("<a id=\"{section}\"></a>");
            assert!(document.contains(&anchor), "{id}'s rules lack {anchor}");
        }
    }

    #[test]
    fn a_page_keeps_the_sections_anchors() {
        let (id, markdown) = documents()
            .into_iter()
            .find(|(id, _)| *id == "1833ne")
            .expect("1833NE's rules");
        let page = page_of(id, markdown);
        assert!(
            page.contains("<a id=\"market\"></a>"),
            "the market's anchor"
        );
        assert!(page.contains("<h2>Stock rounds</h2>"), "a heading as HTML");
        assert!(page.starts_with("<!doctype html>"));
    }
}
