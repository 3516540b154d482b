//! The fixed rules of Railroad Barons (numbers printed in the rulebook, not on components) and
//! the ids of the sections of docs/rules/railroad-barons.md that violations cite.

/// Players in every game.
pub const PLAYERS: usize = 2;
/// Each player's cash at setup.
pub const START_CASH: u32 = 200;
/// The money in the game, the players' starting cash included (the 18xx Rules Difference
/// List, 15.1: "Railroad Barons | 16,512").
pub const BANK_CASH: i64 = 16_512;
/// Certificates a player may hold (Investors do not count).
pub const CERTIFICATE_LIMIT: usize = 9;
/// The bank may never hold more than this share of a floated Holding.
pub const BANK_CAP_PERCENT: u8 = 60;
/// A Holding floats once players hold at least this share.
pub const FLOAT_PERCENT: u8 = 50;
/// A floating Holding receives this many times its start value.
pub const CAPITAL_MULTIPLIER: u32 = 10;
/// Each Holding's certificates, in percent; the first is the Director certificate.
pub const CERTIFICATES: [u8; 4] = [40, 30, 20, 10];
/// The Director certificate's share.
pub const DIRECTOR_CERTIFICATE: u8 = 40;
/// Offers in the Investor draft (the fifth Investor leaves the game).
pub const DRAFT_OFFERS: u8 = 4;
/// Revenue each Operator token invested in the route network adds.
pub const INVESTED_TOKEN_REVENUE: u32 = 10;
/// Operating Rounds after each Stock Round.
pub const OPERATING_ROUNDS: u8 = 2;
/// No Holding card has more Operator tokens than this (the printed ones have 4 to 6).
pub const MAX_OPERATORS: u8 = 12;
/// No Holding card has more circles of a kind than this (bounds the discard choices).
pub const MAX_CIRCLES: u8 = 6;
/// No printed value (cost, income, price, share value) reaches this.
pub const COMPONENT_CEILING: u32 = 1_000_000;
/// No amount of money in a consistent state reaches this; it keeps arithmetic far from overflow.
pub const MONEY_CEILING: u32 = 1_000_000_000;

/// Section ids of docs/rules/railroad-barons.md, cited by violations as `railroad-barons#<id>`.
pub mod section {
    pub const COMPONENTS: &str = "railroad-barons#components";
    pub const SETUP: &str = "railroad-barons#setup";
    pub const DRAFT: &str = "railroad-barons#investor-draft";
    pub const INVESTOR_450: &str = "railroad-barons#investor-450";
    pub const TURNS: &str = "railroad-barons#turns";
    pub const STOCK_ROUND: &str = "railroad-barons#stock-round";
    pub const SELLING: &str = "railroad-barons#selling";
    pub const DIRECTOR_CERTIFICATE: &str = "railroad-barons#director-certificate";
    pub const BANK_CAP: &str = "railroad-barons#bank-cap";
    pub const BUYING: &str = "railroad-barons#buying";
    pub const STARTING: &str = "railroad-barons#starting-a-holding";
    pub const CERTIFICATE_LIMIT: &str = "railroad-barons#certificate-limit";
    pub const FLOATING: &str = "railroad-barons#floating";
    pub const DIRECTORSHIP: &str = "railroad-barons#directorship";
    pub const PRIORITY_DEAL: &str = "railroad-barons#priority-deal";
    pub const OPERATING_ROUND: &str = "railroad-barons#operating-round";
    pub const OPERATORS: &str = "railroad-barons#placing-operators";
    pub const REVENUE: &str = "railroad-barons#revenue";
    pub const ACQUISITIONS: &str = "railroad-barons#acquisitions";
    pub const OBSOLESCENCE: &str = "railroad-barons#obsolescence";
    pub const DISCARDING: &str = "railroad-barons#discarding";
    pub const SEQUENCE: &str = "railroad-barons#sequence";
    pub const END: &str = "railroad-barons#end";
    pub const MONEY: &str = "railroad-barons#money";

    /// Every section id, so a test can check the document has each one.
    pub const ALL: &[&str] = &[
        COMPONENTS,
        SETUP,
        DRAFT,
        INVESTOR_450,
        TURNS,
        STOCK_ROUND,
        SELLING,
        DIRECTOR_CERTIFICATE,
        BANK_CAP,
        BUYING,
        STARTING,
        CERTIFICATE_LIMIT,
        FLOATING,
        DIRECTORSHIP,
        PRIORITY_DEAL,
        OPERATING_ROUND,
        OPERATORS,
        REVENUE,
        ACQUISITIONS,
        OBSOLESCENCE,
        DISCARDING,
        SEQUENCE,
        END,
        MONEY,
    ];
}
