//! Error answers as RFC 9457 problem details (`application/problem+json`).
//!
//! Every refusal lists all that is wrong, each with a JSON pointer into the request body, so a
//! client can fix a request in one round trip.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{ALLOW, CONTENT_TYPE};
use serde::Serialize;
use utoipa::ToSchema;

use crate::core::Violation;

pub const PROBLEM_CONTENT_TYPE: &str = "application/problem+json";

/// Why a request was refused. The variant decides the status and the `type` URI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The body is not UTF-8 or not JSON.
    NotJson,
    BodyTooLarge,
    TooDeep,
    /// JSON of the wrong shape: wrong types, unknown fields, another game's state...
    InvalidRequest,
    /// The state parsed but `check` finds it inconsistent: judging an action on it would be wrong.
    InconsistentState,
    /// Setup refused the options.
    SetupRefused,
    TooManyActions,
    /// The state's `move` is not the request's `expected_move`: the client judged an older (or
    /// newer) state than the one it sent.
    StaleState,
    NotFound,
    MethodNotAllowed,
    /// The body did not arrive within the request timeout.
    RequestTimeout,
    /// Too much heavy work at once, or the rules work ran past the request timeout.
    Overloaded,
    /// A rules function panicked (a bug); caught so the worker survives.
    Internal,
}

impl Kind {
    pub fn status(self) -> StatusCode {
        match self {
            Kind::NotJson => StatusCode::BAD_REQUEST,
            Kind::BodyTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Kind::TooDeep
            | Kind::InvalidRequest
            | Kind::InconsistentState
            | Kind::SetupRefused
            | Kind::TooManyActions => StatusCode::UNPROCESSABLE_ENTITY,
            Kind::StaleState => StatusCode::CONFLICT,
            Kind::NotFound => StatusCode::NOT_FOUND,
            Kind::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Kind::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Kind::Overloaded => StatusCode::SERVICE_UNAVAILABLE,
            Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The `type` URI of the problem.
    pub fn uri(self) -> &'static str {
        match self {
            Kind::NotJson => "urn:railrules:problem:not-json",
            Kind::BodyTooLarge => "urn:railrules:problem:body-too-large",
            Kind::TooDeep => "urn:railrules:problem:too-deep",
            Kind::InvalidRequest => "urn:railrules:problem:invalid-request",
            Kind::InconsistentState => "urn:railrules:problem:inconsistent-state",
            Kind::SetupRefused => "urn:railrules:problem:setup-refused",
            Kind::TooManyActions => "urn:railrules:problem:too-many-actions",
            Kind::StaleState => "urn:railrules:problem:stale-state",
            Kind::NotFound => "urn:railrules:problem:not-found",
            Kind::MethodNotAllowed => "urn:railrules:problem:method-not-allowed",
            Kind::RequestTimeout => "urn:railrules:problem:request-timeout",
            Kind::Overloaded => "urn:railrules:problem:overloaded",
            Kind::Internal => "urn:railrules:problem:internal-error",
        }
    }

    /// Stable identifier, also the last part of the `type` URI.
    pub fn code(self) -> &'static str {
        match self {
            Kind::NotJson => "not-json",
            Kind::BodyTooLarge => "body-too-large",
            Kind::TooDeep => "too-deep",
            Kind::InvalidRequest => "invalid-request",
            Kind::InconsistentState => "inconsistent-state",
            Kind::SetupRefused => "setup-refused",
            Kind::TooManyActions => "too-many-actions",
            Kind::StaleState => "stale-state",
            Kind::NotFound => "not-found",
            Kind::MethodNotAllowed => "method-not-allowed",
            Kind::RequestTimeout => "request-timeout",
            Kind::Overloaded => "overloaded",
            Kind::Internal => "internal-error",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Kind::NotJson => "The body is not JSON",
            Kind::BodyTooLarge => "The body is too large",
            Kind::TooDeep => "The body is nested too deeply",
            Kind::InvalidRequest => "The request does not have the expected shape",
            Kind::InconsistentState => "The state is inconsistent",
            Kind::SetupRefused => "Setup refused the options",
            Kind::TooManyActions => "Too many actions",
            Kind::StaleState => "The state is not at the expected move",
            Kind::NotFound => "Not found",
            Kind::MethodNotAllowed => "Method not allowed",
            Kind::RequestTimeout => "The body did not arrive in time",
            Kind::Overloaded => "The service is busy",
            Kind::Internal => "Internal error in the rules engine",
        }
    }
}

/// Problems listed in one answer at most; the rest are counted in `omitted`. A body listing
/// thousands of bad items gets the first ones, so that no answer is out of proportion to the
/// request.
pub const MAX_LISTED_PROBLEMS: usize = 100;

/// One thing wrong with a request, located by a JSON pointer into the body (RFC 6901).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ProblemError {
    /// Where in the body, e.g. `/state/players/0/cash`; empty for the whole body.
    #[schema(example = "/state/players/0/cash")]
    pub pointer: String,
    #[schema(example = "\"lots\" is not of type \"integer\"")]
    pub detail: String,
    /// For a violation of the rules (an inconsistent state, refused options): its stable code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(example = "money_not_conserved")]
    pub code: Option<String>,
    /// For a violation: the rule it enforces, `<game>#<section>` in docs/rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(example = "1833ne#money")]
    pub rule: Option<String>,
}

/// The most of a quoted value (or of a pointer's key) an answer repeats: a longer one is
/// quoted by its first [`QUOTED_START`] bytes and its length.
const MAX_QUOTED: usize = 100;
const QUOTED_START: usize = 64;

/// `text` with every long quotation of the request shortened: serde and the schema quote the
/// offending value (`unknown field `...``, `"..." is not one of`), and a refusal must not
/// echo a megabyte string. Idempotent: a shortened quotation is short enough to stay.
pub fn quoted_briefly(text: String) -> String {
    if text.len() <= MAX_QUOTED {
        return text;
    }
    let mut out = String::with_capacity(text.len().min(8 * MAX_QUOTED));
    let mut rest = text.as_str();
    while let Some(open) = rest.find(['`', '"']) {
        let quote = &rest[open..=open];
        out.push_str(&rest[..=open]);
        let inside = &rest[open + 1..];
        let end = inside.find(quote).unwrap_or(inside.len());
        out.push_str(&briefly(&inside[..end]));
        rest = &inside[end..];
        if let Some(close) = rest.strip_prefix(quote) {
            out.push_str(quote);
            rest = close;
        }
    }
    out.push_str(rest);
    out
}

/// `pointer` with every key longer than [`MAX_QUOTED`] shortened (an unknown key of a
/// megabyte is named by its start and length).
pub fn pointer_briefly(pointer: String) -> String {
    if pointer.len() <= MAX_QUOTED {
        return pointer;
    }
    pointer
        .split('/')
        .map(briefly)
        .collect::<Vec<_>>()
        .join("/")
}

/// A quoted value as an answer repeats it: whole when short, else its start and its length.
fn briefly(quoted: &str) -> std::borrow::Cow<'_, str> {
    if quoted.len() <= MAX_QUOTED {
        return quoted.into();
    }
    let cut = (0..=QUOTED_START)
        .rev()
        .find(|&i| quoted.is_char_boundary(i))
        .unwrap_or(0);
    format!("{}... ({} bytes in all)", &quoted[..cut], quoted.len()).into()
}

impl ProblemError {
    pub fn new(pointer: impl Into<String>, detail: impl Into<String>) -> Self {
        ProblemError {
            pointer: pointer_briefly(pointer.into()),
            detail: quoted_briefly(detail.into()),
            code: None,
            rule: None,
        }
    }

    /// A violation found by the rules, located at `pointer` (the state's or the options')
    /// followed by the violation's own pointer into it.
    pub fn of_violation(pointer: &str, v: Violation) -> Self {
        ProblemError {
            pointer: pointer_briefly(format!("{pointer}{}", v.pointer.as_deref().unwrap_or(""))),
            detail: quoted_briefly(v.message),
            code: Some(v.code),
            rule: Some(v.rule),
        }
    }
}

/// An RFC 9457 problem: why the request was refused, listing every problem found.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Problem {
    /// A URI naming the kind of problem, e.g. `urn:railrules:problem:invalid-request`.
    #[serde(rename = "type")]
    #[schema(example = "urn:railrules:problem:invalid-request")]
    pub kind: &'static str,
    pub title: &'static str,
    /// The HTTP status code.
    #[schema(example = 422)]
    pub status: u16,
    pub detail: String,
    /// Every problem found, each once with its JSON pointer (violations of the rules with their
    /// code and rule), the first 100 of them.
    #[schema(max_items = 100)]
    pub errors: Vec<ProblemError>,
    /// How many more problems were found than are listed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub omitted: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Problem {
    pub fn new(kind: Kind, detail: impl Into<String>) -> Self {
        Problem {
            kind: kind.uri(),
            title: kind.title(),
            status: kind.status().as_u16(),
            detail: detail.into(),
            errors: Vec::new(),
            omitted: 0,
        }
    }

    /// A problem with one located error (the common case).
    pub fn at(kind: Kind, pointer: impl Into<String>, detail: impl Into<String>) -> Self {
        let detail = quoted_briefly(detail.into());
        Problem::new(kind, detail.clone()).with_errors(vec![ProblemError::new(pointer, detail)])
    }

    /// Lists `errors` (the first [`MAX_LISTED_PROBLEMS`]; the rest counted in `omitted`).
    pub fn with_errors(mut self, errors: Vec<ProblemError>) -> Self {
        self.omitted += errors.len().saturating_sub(MAX_LISTED_PROBLEMS);
        self.errors = errors;
        self.errors.truncate(MAX_LISTED_PROBLEMS);
        self
    }

    /// Violations found by the rules, each listed once as an error located at `pointer` (the
    /// state's or the options') followed by the violation's own pointer into it.
    pub fn with_violations(self, pointer: &str, violations: Vec<Violation>) -> Self {
        let total = violations.len();
        let listed: Vec<ProblemError> = violations
            .into_iter()
            .take(MAX_LISTED_PROBLEMS)
            .map(|v| ProblemError::of_violation(pointer, v))
            .collect();
        let mut problem = self.with_errors(listed);
        problem.omitted += total.saturating_sub(MAX_LISTED_PROBLEMS);
        problem
    }

    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    pub fn response(&self) -> HttpResponse {
        let mut builder = HttpResponse::build(self.status());
        builder.insert_header((CONTENT_TYPE, PROBLEM_CONTENT_TYPE));
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            // RFC 9110 §10.2.3: when to try again.
            builder.insert_header((actix_web::http::header::RETRY_AFTER, "1"));
        }
        builder.body(serde_json::to_string(self).unwrap_or_default())
    }
}

/// 405 with the `Allow` header the client needs (RFC 9110 §15.5.6).
pub fn method_not_allowed(allow: &'static str) -> HttpResponse {
    let problem = Problem::new(
        Kind::MethodNotAllowed,
        format!("this resource answers {allow} only"),
    );
    let mut response = problem.response();
    if let Ok(value) = actix_web::http::header::HeaderValue::from_str(allow) {
        response.headers_mut().insert(ALLOW, value);
    }
    response
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_quotation_is_shortened_to_its_start_and_length() {
        let long = "x".repeat(1_000_000);
        let detail = super::quoted_briefly(format!(
            "unknown variant `{long}`, expected one of `pass`, `trade`"
        ));
        let start = "x".repeat(64);
        assert_eq!(
            detail,
            format!(
                "unknown variant `{start}... (1000000 bytes in all)`, expected one of `pass`, `trade`"
            )
        );
        // Shortened once, it stays so.
        assert_eq!(super::quoted_briefly(detail.clone()), detail);
        // Short quotations, and an unclosed long one, keep their place.
        let short = "\"lots\" is not of type \"integer\" and more words than a hundred bytes, to be \
                     sure that only quotations are shortened";
        assert_eq!(super::quoted_briefly(short.to_string()), short);
        let open = super::quoted_briefly(format!("value \"{long}"));
        assert_eq!(open, format!("value \"{start}... (1000000 bytes in all)"));
        // A pointer's long key too.
        assert_eq!(
            super::pointer_briefly(format!("/state/{long}/0")),
            format!("/state/{start}... (1000000 bytes in all)/0")
        );
    }

    use super::*;

    #[test]
    fn a_violations_pointer_follows_the_states() {
        let problem = Problem::new(Kind::InconsistentState, "").with_violations(
            "/state",
            vec![
                Violation::new("unknown_tile", "1833ne#track", "no tile 999")
                    .at("/board/tiles/G20"),
                Violation::new("money_not_conserved", "1833ne#money", "$1 made").at(""),
                Violation::new("certificate_limit", "railroad-barons#limit", "10 of 9"),
            ],
        );
        let pointers: Vec<&str> = problem.errors.iter().map(|e| e.pointer.as_str()).collect();
        assert_eq!(pointers, ["/state/board/tiles/G20", "/state", "/state"]);
        // Each violation is listed once, with its code and rule.
        let json = serde_json::to_value(&problem).unwrap();
        assert_eq!(json["errors"][0]["code"], "unknown_tile");
        assert_eq!(json["errors"][0]["rule"], "1833ne#track");
        assert!(json.get("violations").is_none());
    }

    #[test]
    fn at_most_100_problems_are_listed_and_the_rest_counted() {
        let many: Vec<Violation> = (0..700)
            .map(|i| Violation::new("unknown_card", "railroad-barons#setup", format!("#{i}")))
            .collect();
        let problem = Problem::new(Kind::InconsistentState, "").with_violations("/state", many);
        assert_eq!((problem.errors.len(), problem.omitted), (100, 600));
        assert_eq!(problem.errors[99].detail, "#99");
        let few =
            Problem::new(Kind::InvalidRequest, "")
                .with_errors(vec![ProblemError::new("/a", "x"); 3]);
        assert_eq!((few.errors.len(), few.omitted), (3, 0));
        assert!(serde_json::to_value(&few).unwrap().get("omitted").is_none());
    }

    #[test]
    fn type_uris_end_with_the_code() {
        for kind in [
            Kind::NotJson,
            Kind::BodyTooLarge,
            Kind::TooDeep,
            Kind::InvalidRequest,
            Kind::InconsistentState,
            Kind::SetupRefused,
            Kind::TooManyActions,
            Kind::StaleState,
            Kind::NotFound,
            Kind::MethodNotAllowed,
            Kind::Internal,
        ] {
            assert_eq!(kind.uri(), format!("urn:railrules:problem:{}", kind.code()));
        }
    }
}
