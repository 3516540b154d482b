//! The section ids of docs/rules/russian-railroads-american.md that violations cite, and the one
//! way a refusal is built: with the section whose text states the rule.

use crate::core::Violation;

/// Section ids of docs/rules/russian-railroads-american.md, cited by violations as
/// `russian-railroads-american#<id>`.
pub mod section {
    pub const COMPONENTS: &str = "russian-railroads-american#components";
    pub const SETUP: &str = "russian-railroads-american#setup";
    pub const TRACKS: &str = "russian-railroads-american#tracks";
    pub const SCORING: &str = "russian-railroads-american#scoring";
    pub const INDUSTRY: &str = "russian-railroads-american#industry";
    pub const STOCK_MARKET: &str = "russian-railroads-american#stock-market";
    pub const LOCOMOTIVES: &str = "russian-railroads-american#locomotives";
    pub const TURN: &str = "russian-railroads-american#turn";
    pub const SPECIALS: &str = "russian-railroads-american#specials";
    pub const ENGINEERS: &str = "russian-railroads-american#engineers";
    pub const ROUND: &str = "russian-railroads-american#round";
    pub const END: &str = "russian-railroads-american#end";
    pub const VIEW: &str = "russian-railroads-american#view";
    pub const CHECK: &str = "russian-railroads-american#check";

    /// Every section a violation may cite.
    pub const ALL: &[&str] = &[
        COMPONENTS,
        SETUP,
        TRACKS,
        SCORING,
        INDUSTRY,
        STOCK_MARKET,
        LOCOMOTIVES,
        TURN,
        SPECIALS,
        ENGINEERS,
        ROUND,
        END,
        VIEW,
        CHECK,
    ];
}

/// A refused action: its stable `code`, the `section` stating the rule, and the figures.
pub fn refuse(code: &str, section: &'static str, message: impl Into<String>) -> Violation {
    Violation::new(code, section, message)
}
