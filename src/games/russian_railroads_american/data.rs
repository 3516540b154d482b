//! Component data: the main board's action spaces, the American player board, the stocks
//! board, the tiles and cards. The rules read them from the state, so a client with the printed
//! components sends their values. [`Components::provisional`] is our stand-in
//! (docs/rules/russian-railroads-american.md#components): the American board's printed values
//! are not public; the base game's values the research confirms are kept.
//!
//! Long: the component types and the checks of a client's set, one independent check per
//! rule they must meet; the provisional values themselves are in provisional.rs.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::state::SEATS;
use crate::core::Violation;

/// Track colours, in their order: a higher colour never passes a lower one on a railroad.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = RussianRailroadsAmericanColour)]
pub enum Colour {
    Black,
    Grey,
    Brown,
    Natural,
    White,
}

impl Colour {
    pub const ALL: [Colour; 5] = [
        Colour::Black,
        Colour::Grey,
        Colour::Brown,
        Colour::Natural,
        Colour::White,
    ];
}

/// An advantage: what a dividend token, a coin space or a special space gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanAdvantage)]
pub enum Advantage {
    /// One black track one space.
    BlackMove {},
    /// One brown track and one natural track one space each.
    BrownAndNatural {},
    /// One track of the player's choice one space.
    AnyMove {},
    /// One industry marker one space.
    Industry {},
    Coin {},
    Points {
        points: u32,
    },
    /// One level up the stocks board.
    StockAdvance {},
}

/// What a special space of a railroad does when its condition is met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanSpecial)]
pub enum Special {
    /// The colour becomes available (on any railroad).
    Unlock { colour: Colour },
    /// One boulder leaves the board: 10 points, and its space is free.
    Detonation {},
    /// One level up the stocks board.
    StockAdvance {},
    /// A "?" token space.
    Question {},
    /// +1 permanent worker.
    Worker {},
    /// The advantage, for a coin, once, on this or a later turn.
    CoinSpace { advantage: Advantage },
    /// The last space of a Transcontinental railroad: 10 more points each scoring (25 with the
    /// Golden Spike).
    TranscontinentalEnd {},
}

/// A special space: its space, the track colour that must reach it, and whether the
/// railroad's locomotive reach must cover it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanSpecialSpace)]
pub struct SpecialSpace {
    pub space: u8,
    pub colour: Colour,
    #[serde(default)]
    pub needs_locomotive: bool,
    pub special: Special,
}

/// A railroad of the player board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanRailroad)]
pub struct Railroad {
    pub name: String,
    pub spaces: u8,
    pub locomotive_slots: u8,
    /// Spaces with a doubler place above them.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SPACES>")]
    #[schema(max_items = 60)]
    pub doubler_spaces: Vec<u8>,
    /// A space holding a boulder at setup (impassable until detonated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boulder: Option<u8>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MAX_LIST>")]
    #[schema(max_items = 255)]
    pub specials: Vec<SpecialSpace>,
}

/// A space of an industry track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanIndustrySpace)]
pub enum IndustrySpace {
    /// Scores its points each round while the marker stands on it (or last passed it).
    Points { points: u32 },
    /// A gap for a factory, filled left to right.
    Gap {},
    /// A space holding a boulder at setup, worth `points` once freed.
    Boulder { points: u32 },
}

/// An industry track: the bottom one keeps the base rules; the top one lets the marker land on
/// and skip gaps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanIndustryTrack)]
pub struct IndustryTrack {
    pub name: String,
    /// Space 0 (the start) first.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SPACES>")]
    #[schema(max_items = 60)]
    pub spaces: Vec<IndustrySpace>,
    pub gaps_may_be_skipped: bool,
}

/// What a factory (the back of a locomotive tile) gives when an industry marker reaches it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanFactoryAction)]
pub enum FactoryAction {
    /// Moves of one track of a colour (or of any colour).
    TrackMoves {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        colour: Option<Colour>,
        moves: u8,
    },
    Coins {
        coins: u8,
    },
    Points {
        points: u32,
    },
    Industry {
        moves: u8,
    },
    Doubler {},
    StockAdvance {},
}

/// A locomotive tile: its number (its reach) and its factory side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanLocomotive)]
pub struct Locomotive {
    pub number: u8,
    pub factory: FactoryAction,
}

/// A steelworks: taken with the last locomotive of its pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanSteelworks)]
pub struct Steelworks {
    /// The locomotive number of its pile.
    pub pile: u8,
}

/// What a main-board action space does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanSpaceEffect)]
pub enum SpaceEffect {
    Coins {
        coins: u8,
    },
    /// Moves of tracks of `colours` (any one of them per move; every unlocked colour when empty).
    TrackMoves {
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, COLOURS>")]
        #[schema(max_items = 5)]
        colours: Vec<Colour>,
        moves: u8,
    },
    Doubler {},
    TemporaryWorkers {
        workers: u8,
    },
    /// A locomotive or a factory (`both`: one of each).
    LocomotiveOrFactory {
        both: bool,
    },
    Industry {
        moves: u8,
        black_moves: u8,
    },
    TurnOrder {
        place: u8,
    },
    /// Use the engineer on the public strip place `place` (1 or 2).
    PublicEngineer {
        place: u8,
    },
    /// Hire the engineer on the hiring place.
    HireEngineer {},
}

/// An action space of the board: its id, the workers and coins it takes, what it does and from how many players it is on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanActionSpace)]
pub struct ActionSpace {
    pub id: String,
    pub workers: u8,
    /// Coins paid on top of the workers (a coin here cannot stand in for a worker).
    #[serde(default)]
    pub coins: u8,
    pub effect: SpaceEffect,
    /// The fewest players with whom the space is on the board.
    #[serde(default = "two")]
    pub min_players: u8,
    /// Usable by any number of workers (never blocked).
    #[serde(default)]
    pub unlimited: bool,
}

fn two() -> u8 {
    2
}

/// An engineer: its number (ties and majorities) and its action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanEngineer)]
pub struct Engineer {
    pub number: u8,
    /// The stack it is dealt from: `A` or `B`.
    pub stack: char,
    pub action: SpaceEffect,
}

/// An end-bonus card, scored at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanEndBonus)]
pub enum EndBonus {
    PerFactory { points: u32 },
    PerEngineer { points: u32 },
    PerCompletedRailroad { points: u32 },
    PerDoubler { points: u32 },
    PerStockLevel { points: u32 },
    PerDividendToken { points: u32 },
}

/// What a starting bonus gives (seats 4th, 3rd and 2nd draft one each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RussianRailroadsAmericanStartingBonus)]
pub enum StartingBonus {
    Coin,
    BlackTrack,
    Industry,
    Doubler,
}

/// A "?" token: each player has one of each, and spends one when a "?" space is met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanQuestionToken)]
pub enum QuestionToken {
    /// Draw an end-bonus card.
    EndBonusCard {},
    /// `points` more in every railroad scoring from now on.
    PointsEachScoring { points: u32 },
    /// The revaluation: the colours' revalued points from now on.
    Revaluation {},
    /// The Golden Spike: each completed Transcontinental end scores its extra points.
    GoldenSpike {},
    /// One stocks level up with its advantage, then a personal payout.
    Stock {},
}

/// A starting bonus and what it gives (a coin at once; a move, an industry move or a doubler
/// into the pool).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanStartingBonusCard)]
pub struct StartingBonusCard {
    pub bonus: StartingBonus,
    pub effect: SpaceEffect,
}

/// What changes with the number of players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanPlayerCount)]
pub struct PlayerCount {
    pub players: u8,
    pub rounds: u8,
    pub workers: u8,
    pub coins: u8,
    pub engineers_a: u8,
    pub engineers_b: u8,
}

/// Everything printed that the rules read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanComponents)]
pub struct Components {
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, PLAYER_COUNTS>")]
    #[schema(max_items = 3)]
    pub player_counts: Vec<PlayerCount>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MAX_LIST>")]
    #[schema(max_items = 255)]
    pub action_spaces: Vec<ActionSpace>,
    /// The player board's railroads: the Rocky Mountaineer, Transcontinental East and West.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, RAILROADS>")]
    #[schema(max_items = 3)]
    pub railroads: Vec<Railroad>,
    /// Each player's tracks of each colour, to build on the railroads of their choice.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, COLOURS>")]
    #[schema(max_items = 5)]
    pub tracks_per_colour: Vec<(Colour, u8)>,
    /// Points per space of each colour, and after the revaluation.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, COLOURS>")]
    #[schema(max_items = 5)]
    pub colour_values: Vec<(Colour, u32)>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, COLOURS>")]
    #[schema(max_items = 5)]
    pub revalued_colour_values: Vec<(Colour, u32)>,
    /// The bottom (base rules) and the top (gaps may be landed on and skipped) industry tracks.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, INDUSTRY_TRACKS>")]
    #[schema(max_items = 2)]
    pub industry_tracks: Vec<IndustryTrack>,
    /// Points for detonating a boulder.
    pub detonation_points: u32,
    /// Points each scoring for a completed Transcontinental end, and with the Golden Spike.
    pub transcontinental_points: u32,
    pub golden_spike_points: u32,
    /// Levels of the stocks board above the bottom.
    pub stock_levels: u8,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, DIVIDEND_TOKENS>")]
    #[schema(max_items = 8)]
    pub dividend_tokens: Vec<Advantage>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, STEELWORKS>")]
    #[schema(max_items = 3)]
    pub steelworks: Vec<Steelworks>,
    /// What a steelworks in a gap gives when an industry marker reaches it.
    pub steelworks_factory: FactoryAction,
    /// Locomotive tiles by number (#1 is each player's starting locomotive).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, NUMBERED>")]
    #[schema(max_items = 256)]
    pub locomotives: Vec<Locomotive>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, NUMBERED>")]
    #[schema(max_items = 256)]
    pub engineers: Vec<Engineer>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MAX_LIST>")]
    #[schema(max_items = 255)]
    pub end_bonus_cards: Vec<EndBonus>,
    /// End-bonus cards removed unseen at setup.
    pub end_bonus_removed: u8,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, STARTING_BONUSES>")]
    #[schema(max_items = 4)]
    pub starting_bonuses: Vec<StartingBonusCard>,
    /// Each player's "?" tokens.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MAX_LIST>")]
    #[schema(max_items = 255)]
    pub question_tokens: Vec<QuestionToken>,
    /// The doubler tiles of the shared supply.
    pub doublers: u8,
    /// Points on the back of the turn-order cards (one per seat), 1st seat first.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, SEATS>")]
    #[schema(max_items = 4)]
    pub pass_points: Vec<u32>,
    /// The end: most engineers and second most; highest stock marker and second.
    pub engineer_majority: (u32, u32),
    pub stock_end_bonus: (u32, u32),
}

/// Whether an effect can be an indirect action (an engineer's, a starting bonus): not a claim
/// of the turn order nor the use or hire of an engineer.
fn indirect(effect: &SpaceEffect) -> bool {
    !matches!(
        effect,
        SpaceEffect::PublicEngineer { .. }
            | SpaceEffect::TurnOrder { .. }
            | SpaceEffect::HireEngineer {}
    )
}

/// Bounds that keep the arithmetic of scoring and counting far from overflowing.
pub const MAX_SPACES: u8 = 60;
pub const MAX_VALUE: u32 = 1000;
/// Moves one action gives: the legal actions list every order of them.
pub const MAX_MOVES: u8 = 4;
/// Lists whose entries are named by one byte (action spaces, cards, tokens, special spaces).
pub const MAX_LIST: usize = 255;

// How long each list of the components may be, read while the body is parsed (the schemas
// publish them as `maxItems`); the counts the American board fixes are also what `problems`
// asks for.
/// One setup per player count, 2 to 4 players.
pub const PLAYER_COUNTS: usize = 3;
/// The Rocky Mountaineer, Transcontinental East and West.
pub const RAILROADS: usize = 3;
/// The bottom and the top industry tracks.
pub const INDUSTRY_TRACKS: usize = 2;
pub const DIVIDEND_TOKENS: usize = 8;
pub const STEELWORKS: usize = 3;
/// Transcontinental West's and the top industry track's.
pub const BOULDERS: usize = 2;
pub const COLOURS: usize = Colour::ALL.len();
/// A coin, a black track, an industry move, a doubler: each given at most once.
pub const STARTING_BONUSES: usize = 4;
/// Locomotives and engineers: numbered once each, by one byte.
pub const NUMBERED: usize = 256;
/// The most stocks board levels above the bottom.
pub const MOST_STOCK_LEVELS: u8 = 20;
/// Spaces of a railroad or an industry track.
pub const SPACES: usize = MAX_SPACES as usize;
/// Moves of one action or factory.
pub const MOVES: usize = MAX_MOVES as usize;

pub const COMPONENTS_SECTION: &str = super::rules::section::COMPONENTS;

impl Components {
    /// The most track or industry moves one action gives.
    fn largest_moves(&self) -> u8 {
        let effect = |e: &SpaceEffect| match *e {
            SpaceEffect::TrackMoves { moves, .. } => moves,
            SpaceEffect::Industry { moves, black_moves } => moves.max(black_moves),
            _ => 0,
        };
        let factory = |f: &FactoryAction| match *f {
            FactoryAction::TrackMoves { moves, .. } | FactoryAction::Industry { moves } => moves,
            _ => 0,
        };
        self.action_spaces
            .iter()
            .map(|s| effect(&s.effect))
            .chain(self.engineers.iter().map(|e| effect(&e.action)))
            .chain(self.starting_bonuses.iter().map(|b| effect(&b.effect)))
            .chain(self.locomotives.iter().map(|l| factory(&l.factory)))
            .chain([factory(&self.steelworks_factory)])
            .max()
            .unwrap_or(0)
    }

    /// The largest points, coins, moves or workers value printed anywhere.
    fn largest_number(&self) -> u32 {
        let effect = |e: &SpaceEffect| match *e {
            SpaceEffect::Coins { coins } => u32::from(coins),
            SpaceEffect::TrackMoves { moves, .. } => u32::from(moves),
            SpaceEffect::TemporaryWorkers { workers } => u32::from(workers),
            SpaceEffect::Industry { moves, black_moves } => u32::from(moves.max(black_moves)),
            _ => 0,
        };
        let advantage = |a: &Advantage| match *a {
            Advantage::Points { points } => points,
            _ => 0,
        };
        let values = [
            self.detonation_points,
            self.transcontinental_points,
            self.golden_spike_points,
            self.engineer_majority.0,
            self.engineer_majority.1,
            self.stock_end_bonus.0,
            self.stock_end_bonus.1,
        ];
        let industry = self
            .industry_tracks
            .iter()
            .flat_map(|t| &t.spaces)
            .map(|s| match *s {
                IndustrySpace::Points { points } | IndustrySpace::Boulder { points } => points,
                IndustrySpace::Gap {} => 0,
            });
        let factories = self.locomotives.iter().map(|l| match l.factory {
            FactoryAction::TrackMoves { moves, .. } => u32::from(moves),
            FactoryAction::Coins { coins } => u32::from(coins),
            FactoryAction::Points { points } => points,
            FactoryAction::Industry { moves } => u32::from(moves),
            _ => 0,
        });
        let cards = self.end_bonus_cards.iter().map(|c| match *c {
            EndBonus::PerFactory { points }
            | EndBonus::PerEngineer { points }
            | EndBonus::PerCompletedRailroad { points }
            | EndBonus::PerDoubler { points }
            | EndBonus::PerStockLevel { points }
            | EndBonus::PerDividendToken { points } => points,
        });
        let tokens = self.question_tokens.iter().map(|t| match *t {
            QuestionToken::PointsEachScoring { points } => points,
            _ => 0,
        });
        values
            .into_iter()
            .chain(self.colour_values.iter().map(|(_, v)| *v))
            .chain(self.revalued_colour_values.iter().map(|(_, v)| *v))
            .chain(self.pass_points.iter().copied())
            .chain(self.action_spaces.iter().map(|s| effect(&s.effect)))
            .chain(self.engineers.iter().map(|e| effect(&e.action)))
            .chain(self.dividend_tokens.iter().map(advantage))
            .chain(
                self.player_counts
                    .iter()
                    .map(|p| u32::from(p.workers.max(p.coins))),
            )
            .chain(
                self.railroads
                    .iter()
                    .flat_map(|r| &r.specials)
                    .map(|s| match s.special {
                        Special::CoinSpace { advantage: a } => advantage(&a),
                        _ => 0,
                    }),
            )
            .chain(industry)
            .chain(factories)
            .chain(cards)
            .chain(tokens)
            .max()
            .unwrap_or(0)
    }

    /// Every way this set breaks what the rules need; empty when usable. Each problem is
    /// located by its pointer under `/components`, and none costs more than O(n log n).
    #[expect(
        clippy::too_many_lines,
        reason = "one flat list of independent checks of the component set, each a few lines."
    )]
    pub fn problems(&self) -> Vec<Violation> {
        let mut bad: Vec<(String, String)> = Vec::new();
        let mut add = |at: &str, message: String| bad.push((format!("/components{at}"), message));
        for players in 2..=4u8 {
            if !self.player_counts.iter().any(|p| p.players == players) {
                add(
                    "/player_counts",
                    format!("no setup is given for {players} players"),
                );
            }
        }
        // Spaces, railroads' special spaces, cards and tokens are named by one byte.
        let bytes = [
            ("/action_spaces", self.action_spaces.len()),
            ("/end_bonus_cards", self.end_bonus_cards.len()),
            ("/question_tokens", self.question_tokens.len()),
            ("/starting_bonuses", self.starting_bonuses.len()),
            ("/player_counts", self.player_counts.len()),
        ];
        for (at, n) in bytes {
            if n > MAX_LIST {
                add(at, format!("{n} entries; at most {MAX_LIST}"));
            }
        }
        let mut ids: Vec<(&str, usize)> = self
            .action_spaces
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id.as_str(), i))
            .collect();
        ids.sort_unstable();
        for w in ids.windows(2).filter(|w| w[0].0 == w[1].0) {
            add(
                &format!("/action_spaces/{}", w[1].1),
                format!("two action spaces are {}", w[1].0),
            );
        }
        for (i, space) in self.action_spaces.iter().enumerate() {
            if space.workers == 0 && space.coins == 0 {
                add(
                    &format!("/action_spaces/{i}"),
                    format!("action space {} costs nothing", space.id),
                );
            }
        }
        if self.railroads.len() != RAILROADS {
            add(
                "/railroads",
                format!(
                    "the player board has {} railroads; the American board has 3",
                    self.railroads.len()
                ),
            );
        }
        for (r, railroad) in self.railroads.iter().enumerate() {
            self.railroad_problems(r, railroad, &mut add);
        }
        for (at, mut colours) in [
            (
                "/tracks_per_colour",
                self.tracks_per_colour
                    .iter()
                    .map(|(c, _)| *c)
                    .collect::<Vec<_>>(),
            ),
            (
                "/colour_values",
                self.colour_values.iter().map(|(c, _)| *c).collect(),
            ),
        ] {
            colours.sort_unstable();
            if colours != Colour::ALL {
                add(at, format!("{colours:?}: each colour once"));
            }
        }
        let mut revalued: Vec<Colour> = self
            .revalued_colour_values
            .iter()
            .map(|(c, _)| *c)
            .collect();
        revalued.sort_unstable();
        if revalued.windows(2).any(|w| w[0] == w[1]) {
            add(
                "/revalued_colour_values",
                format!("{revalued:?}: each colour at most once"),
            );
        }
        if self.industry_tracks.len() != INDUSTRY_TRACKS {
            add(
                "/industry_tracks",
                format!(
                    "there are {} industry tracks; the American board has 2",
                    self.industry_tracks.len()
                ),
            );
        }
        for (t, track) in self.industry_tracks.iter().enumerate() {
            if track.spaces.len() > usize::from(MAX_SPACES) {
                add(
                    &format!("/industry_tracks/{t}/spaces"),
                    format!(
                        "industry track {} has more than {MAX_SPACES} spaces",
                        track.name
                    ),
                );
            }
            if !matches!(
                track.spaces.first(),
                Some(IndustrySpace::Points { points: 0 })
            ) {
                add(
                    &format!("/industry_tracks/{t}/spaces"),
                    format!("industry track {} does not start on a 0 space", track.name),
                );
            }
        }
        let boulders = self
            .railroads
            .iter()
            .filter(|r| r.boulder.is_some())
            .count()
            + self
                .industry_tracks
                .iter()
                .flat_map(|t| &t.spaces)
                .filter(|s| matches!(s, IndustrySpace::Boulder { .. }))
                .count();
        let detonations = self
            .railroads
            .iter()
            .flat_map(|r| &r.specials)
            .filter(|s| s.special == Special::Detonation {})
            .count();
        if boulders != BOULDERS || detonations != BOULDERS {
            add(
                "/railroads",
                format!(
                    "{boulders} boulders and {detonations} detonation spaces; the board has 2 of each"
                ),
            );
        }
        if self.dividend_tokens.len() != DIVIDEND_TOKENS {
            add(
                "/dividend_tokens",
                format!(
                    "{} dividend tokens; the stocks board has 8",
                    self.dividend_tokens.len()
                ),
            );
        }
        if usize::from(self.stock_levels) > self.dividend_tokens.len()
            || self.stock_levels == 0
            || self.stock_levels > MOST_STOCK_LEVELS
        {
            add(
                "/stock_levels",
                format!(
                    "{} stock levels for {} dividend tokens; the board has 1 to 20, no more than its tokens",
                    self.stock_levels,
                    self.dividend_tokens.len()
                ),
            );
        }
        if self.dividend_tokens.contains(&Advantage::StockAdvance {}) {
            // The seed's six advantages; a payout granting a stocks advancement at the top
            // would pay out again without end.
            add(
                "/dividend_tokens",
                "a dividend token gives a stocks advancement".to_string(),
            );
        }
        if self.largest_moves() > MAX_MOVES {
            add(
                "",
                format!(
                    "an action gives more than {MAX_MOVES} moves of tracks or industry markers"
                ),
            );
        }
        self.tile_problems(&mut add);
        let (a, b) = (
            self.engineers.iter().filter(|e| e.stack == 'A').count(),
            self.engineers.iter().filter(|e| e.stack == 'B').count(),
        );
        for (i, pc) in self.player_counts.iter().enumerate() {
            if usize::from(pc.engineers_a) > a || usize::from(pc.engineers_b) > b {
                add(
                    &format!("/player_counts/{i}"),
                    format!(
                        "{} players deal more engineers than the stacks hold",
                        pc.players
                    ),
                );
            }
            if pc.rounds == 0 || pc.workers == 0 {
                add(
                    &format!("/player_counts/{i}"),
                    format!("{} players: no rounds or no workers", pc.players),
                );
            }
        }
        if self.largest_number() > MAX_VALUE {
            add(
                "",
                format!("a points, coins, moves or workers value is above {MAX_VALUE}"),
            );
        }
        if usize::from(self.end_bonus_removed) >= self.end_bonus_cards.len() {
            add(
                "/end_bonus_removed",
                "setup removes every end-bonus card".to_string(),
            );
        }
        if self.pass_points.len() < SEATS {
            add(
                "/pass_points",
                "the turn-order cards give points for 4 seats".to_string(),
            );
        }
        for (i, e) in self.engineers.iter().enumerate() {
            if !indirect(&e.action) {
                add(
                    &format!("/engineers/{i}"),
                    format!("engineer #{} uses a turn-order or engineer space", e.number),
                );
            }
        }
        let mut given = [false; STARTING_BONUSES];
        for (i, b) in self.starting_bonuses.iter().enumerate() {
            let twice = std::mem::replace(&mut given[b.bonus as usize], true);
            // Temporary workers would last only until round 1's end, beyond what check derives
            // from the round's placements.
            let temporary = matches!(b.effect, SpaceEffect::TemporaryWorkers { .. });
            if !indirect(&b.effect) || twice || temporary {
                add(
                    &format!("/starting_bonuses/{i}"),
                    format!(
                        "the {:?} starting bonus is given twice, gives temporary workers, or uses a turn-order or engineer space",
                        b.bonus
                    ),
                );
            }
        }
        if self.railroads.iter().any(|r| r.locomotive_slots == 0) {
            add(
                "/railroads",
                "every railroad has a locomotive slot".to_string(),
            );
        }
        if self.starting_bonuses.len() < 3 {
            add(
                "/starting_bonuses",
                "seats 4th to 2nd draft 3 starting bonuses".to_string(),
            );
        }
        bad.into_iter()
            .map(|(at, m)| Violation::new("inconsistent_components", COMPONENTS_SECTION, m).at(at))
            .collect()
    }

    fn railroad_problems(&self, r: usize, railroad: &Railroad, add: &mut impl FnMut(&str, String)) {
        let at = format!("/railroads/{r}");
        if railroad.spaces > MAX_SPACES {
            add(
                &format!("{at}/spaces"),
                format!("{} has more than {MAX_SPACES} spaces", railroad.name),
            );
        }
        if railroad.specials.len() > MAX_LIST {
            add(
                &format!("{at}/specials"),
                format!(
                    "{} has {} special spaces; at most {MAX_LIST}",
                    railroad.name,
                    railroad.specials.len()
                ),
            );
        }
        for (k, s) in railroad.specials.iter().enumerate() {
            let special_at = format!("{at}/specials/{k}");
            if s.space == 0 || s.space > railroad.spaces {
                add(
                    &special_at,
                    format!(
                        "{} has a special space {} off its {} spaces",
                        railroad.name, s.space, railroad.spaces
                    ),
                );
            }
            // Each colour stays behind the one before it: the k-th colour stops k spaces
            // before the end.
            let behind = Colour::ALL.iter().position(|&c| c == s.colour).unwrap_or(0);
            if usize::from(s.space) + behind > usize::from(railroad.spaces) {
                add(
                    &special_at,
                    format!(
                        "{}'s space {} can never be reached by its {:?} track",
                        railroad.name, s.space, s.colour
                    ),
                );
            }
            // Every black track starts on space 1: a black space 1 would be met before any
            // move, where nothing marks it met.
            if s.space == 1 && s.colour == Colour::Black {
                add(
                    &special_at,
                    format!(
                        "{}'s space 1 is met by the black track every board starts with",
                        railroad.name
                    ),
                );
            }
        }
        if railroad
            .doubler_spaces
            .iter()
            .any(|&d| d == 0 || d > railroad.spaces)
            || railroad
                .boulder
                .is_some_and(|b| b == 0 || b > railroad.spaces)
        {
            add(
                &at,
                format!(
                    "{} has a doubler place or boulder off its spaces",
                    railroad.name
                ),
            );
        }
    }

    /// Locomotives, steelworks and engineers: numbered once each.
    fn tile_problems(&self, add: &mut impl FnMut(&str, String)) {
        if self.steelworks.len() != STEELWORKS {
            add(
                "/steelworks",
                format!("{} steelworks; there are 3", self.steelworks.len()),
            );
        }
        let mut piles = [false; 256];
        for (i, s) in self.steelworks.iter().enumerate() {
            let exists = s.pile > 1 && self.locomotives.iter().any(|l| l.number == s.pile);
            if !exists || std::mem::replace(&mut piles[usize::from(s.pile)], true) {
                add(
                    &format!("/steelworks/{i}"),
                    format!(
                        "a steelworks stands by pile #{}, which does not exist or has another steelworks",
                        s.pile
                    ),
                );
            }
        }
        let mut numbers: Vec<u8> = self.locomotives.iter().map(|l| l.number).collect();
        numbers.sort_unstable();
        numbers.dedup();
        if numbers.len() != self.locomotives.len() || numbers.first() != Some(&1) {
            add(
                "/locomotives",
                "locomotives are numbered once each, from #1".to_string(),
            );
        }
        let mut engineers: Vec<u8> = self.engineers.iter().map(|e| e.number).collect();
        engineers.sort_unstable();
        engineers.dedup();
        if engineers.len() != self.engineers.len()
            || self
                .engineers
                .iter()
                .any(|e| e.stack != 'A' && e.stack != 'B')
        {
            add(
                "/engineers",
                "engineers are numbered once each, in stacks A and B".to_string(),
            );
        }
    }
}
