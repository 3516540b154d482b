use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

/// Why an action is refused, or why a state is inconsistent.
///
/// `code` is stable snake_case for programs; `message` is for people and carries the numbers
/// involved; `rule` points into the game's rules document (docs/rules/<game>.md#<section>).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Violation {
    /// Stable machine-readable reason, e.g. `certificate_limit`.
    #[schema(example = "certificate_limit")]
    pub code: String,
    /// Human-readable explanation with the figures involved.
    #[schema(example = "player A holds 9 certificates; the limit is 9")]
    pub message: String,
    /// The rule section this enforces, as `<game>#<section-id>` in docs/rules.
    #[schema(example = "railroad-barons#stock-round-buying")]
    pub rule: String,
    /// For a state problem, the JSON pointer (RFC 6901) of the offending part, relative to the
    /// state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(example = "/board/tiles/G20")]
    pub pointer: Option<String>,
}

impl Violation {
    pub fn new(code: &str, rule: &str, message: impl Into<String>) -> Self {
        Violation {
            code: code.to_string(),
            message: message.into(),
            rule: rule.to_string(),
            pointer: None,
        }
    }

    /// The same violation, located at `pointer` (a JSON pointer relative to the state).
    pub fn at(self, pointer: impl Into<String>) -> Self {
        Violation {
            pointer: Some(pointer.into()),
            ..self
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}; see {})", self.message, self.code, self.rule)
    }
}

impl std::error::Error for Violation {}

/// How a judgment refuses: with the rules' words ([`Violation`]), or with its code only
/// ([`Refused`]), for a caller who asks only whether something is allowed (whether a player
/// has anything left to do) and would throw the words away. A judgment written over `Refusal`
/// is the one judgment for both: the words are written only where they are kept.
pub trait Refusal: Sized {
    /// The refusal `code`; `violation` writes it out, called only if the words are kept.
    fn refuse(code: &'static str, violation: impl FnOnce() -> Violation) -> Self;
    /// The refusal's code.
    fn code(&self) -> &str;
}

impl Refusal for Violation {
    fn refuse(_code: &'static str, violation: impl FnOnce() -> Violation) -> Self {
        violation()
    }
    fn code(&self) -> &str {
        &self.code
    }
}

/// A refusal without its words: only its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    pub code: &'static str,
}

impl Refusal for Refused {
    fn refuse(code: &'static str, _violation: impl FnOnce() -> Violation) -> Self {
        Refused { code }
    }
    fn code(&self) -> &str {
        self.code
    }
}

#[cfg(test)]
mod refusal_tests {
    use super::*;

    fn words() -> Violation {
        Violation::new("certificate_limit", "1846#stock-round", "player 1 holds 12")
    }

    #[test]
    fn a_refusal_without_words_never_writes_them_and_keeps_the_code() {
        let refused = Refused::refuse("certificate_limit", || panic!("the words were written"));
        assert_eq!(refused.code(), "certificate_limit");
        let violation = Violation::refuse("certificate_limit", words);
        assert_eq!(violation, words());
        assert_eq!(violation.code(), "certificate_limit");
    }
}
