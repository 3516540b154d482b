//! What happened, in order. Every change of points, coins, tracks, markers and tiles is named.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::{Colour, StartingBonus};
use super::state::Seat;

/// What a Russian Railroads action caused, with its figures and its one line of English
/// (`text`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanEvent)]
pub enum Event {
    StartingBonusTaken {
        seat: Seat,
        bonus: StartingBonus,
    },
    WorkersPlaced {
        seat: Seat,
        space: String,
        workers: u8,
        coins: u8,
    },
    Passed {
        seat: Seat,
        points: u32,
    },
    TrackAdvanced {
        seat: Seat,
        railroad: u8,
        colour: Colour,
        space: u8,
    },
    ColorUnlocked {
        seat: Seat,
        colour: Colour,
    },
    /// A special space's condition was met (its effect follows as its own events).
    SpecialSpaceMet {
        seat: Seat,
        railroad: u8,
        space: u8,
    },
    BoulderDetonated {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        railroad: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        industry_track: Option<u8>,
    },
    PointsScored {
        seat: Seat,
        points: u32,
        reason: String,
    },
    CoinsTaken {
        seat: Seat,
        coins: u8,
    },
    WorkerGained {
        seat: Seat,
        temporary: bool,
        workers: u8,
    },
    QuestionTokenSpent {
        seat: Seat,
        token: u8,
    },
    EndBonusCardDrawn {
        seat: Seat,
    },
    DoublerPlaced {
        seat: Seat,
        railroad: u8,
        space: u8,
    },
    LocomotiveTaken {
        seat: Seat,
        number: u8,
        railroad: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        replaced: Option<u8>,
    },
    LocomotiveReturned {
        seat: Seat,
        number: u8,
    },
    /// `number` 0 is a steelworks.
    FactoryBuilt {
        seat: Seat,
        number: u8,
        track: u8,
        gap: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        replaced: Option<u8>,
    },
    IndustryAdvanced {
        seat: Seat,
        track: u8,
        space: u8,
    },
    FactoryFired {
        seat: Seat,
        track: u8,
        number: u8,
    },
    TurnOrderClaimed {
        seat: Seat,
        place: u8,
    },
    EngineerUsed {
        seat: Seat,
        engineer: u8,
    },
    EngineerHired {
        seat: Seat,
        engineer: u8,
    },
    CoinSpaceUsed {
        seat: Seat,
        railroad: u8,
        space: u8,
    },
    StockAdvanced {
        seat: Seat,
        level: u8,
        first: bool,
    },
    DividendTokenTaken {
        seat: Seat,
        level: u8,
        token: u8,
    },
    /// A payout: `general` for everyone after a steelworks, otherwise personal; `tokens` the
    /// dividend tokens whose advantages it gives.
    Payout {
        seat: Seat,
        general: bool,
        tokens: Vec<u8>,
    },
    SteelworksTaken {
        seat: Seat,
        steelworks: u8,
    },
    SteelworksDiscarded {
        seat: Seat,
        steelworks: u8,
    },
    RoundScored {
        round: u8,
        scores: Vec<RoundScore>,
    },
    EngineerLeft {
        engineer: u8,
    },
    RoundStarted {
        round: u8,
        turn_order: Vec<Seat>,
    },
    GameEnded {
        scores: Vec<FinalScore>,
        winners: Vec<Seat>,
    },
}

/// One player's railroad scoring of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanRoundScore)]
pub struct RoundScore {
    pub seat: Seat,
    /// Each railroad's spaces, in the board's order.
    pub railroads: Vec<u32>,
    /// The completed Transcontinental ends (with the Golden Spike's).
    pub transcontinental: u32,
    /// Each industry track, bottom first.
    pub industry: Vec<u32>,
    /// The "?" tokens scoring every round.
    pub tokens: u32,
    pub total: u32,
}

/// One player's end of game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanFinalScore)]
pub struct FinalScore {
    pub seat: Seat,
    pub engineer_majority: u32,
    pub stock_bonus: u32,
    pub end_bonus_cards: u32,
    pub points: u32,
}
