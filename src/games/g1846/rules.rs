//! The section ids of docs/rules/1846.md that 1846's refusals cite.

pub mod section {
    pub const SETUP: &str = "1846#game";
    pub const TURNS: &str = "1846#turns";
    pub const DRAFT: &str = super::super::dealing::DEALING;
    pub const STOCK_ROUND: &str = "1846#stock-round";
    pub const STARTING: &str = "1846#starting-a-corporation";
    pub const BUYING: &str = "1846#buying-shares";
    pub const SELLING: &str = "1846#selling-shares";
    pub const CERTIFICATE_LIMIT: &str = "1846#certificate-limit";
    pub const MARKET: &str = "1846#market";
    pub const STATIONS: &str = "1846#stations";
    pub const MINORS: &str = "1846#minors";
    pub const PRIVATES: &str = "1846#privates";
    pub const END: &str = "1846#end";
    pub const OPERATING_ROUND: &str = "1846#operating-round";
    pub const TRAINS: &str = "1846#trains";
    pub const DIVIDENDS: &str = "1846#dividends";
    pub const ISSUES: &str = "1846#issuing-and-redeeming";
    pub const RECEIVERSHIP: &str = "1846#receivership";
    pub const EMERGENCY: &str = "1846#emergency-money";
    pub const BANKRUPTCY: &str = "1846#bankruptcy";

    /// Every section of docs/rules/1846.md that 1846's source cites (checked by
    /// tests/rule_anchors.rs against the document).
    pub const ALL: &[&str] = &[
        "1846#bankruptcy",
        "1846#bonuses",
        "1846#buying-shares",
        "1846#certificate-limit",
        "1846#check",
        "1846#dealing",
        "1846#dividends",
        "1846#emergency-money",
        "1846#end",
        "1846#game",
        "1846#issuing-and-redeeming",
        "1846#map",
        "1846#market",
        "1846#minors",
        "1846#operating-round",
        "1846#phases",
        "1846#privates",
        "1846#receivership",
        "1846#removals",
        "1846#revenue",
        "1846#routes",
        "1846#selling-shares",
        "1846#starting-a-corporation",
        "1846#stations",
        "1846#stock-round",
        "1846#track",
        "1846#trains",
        "1846#turns",
    ];
}
