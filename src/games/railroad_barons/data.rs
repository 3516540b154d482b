//! Component data: the Railroad cards, the share value track, the Holding cards and the
//! Investors. The rules read these from the state, never from constants, so a client holding
//! the printed cards can send their values. [`Components::provisional`] is our stand-in set
//! (see docs/rules/railroad-barons.md#components): the printed values are not public.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{Colour, Investor};
use super::rules::{COMPONENT_CEILING, MAX_CIRCLES, MAX_OPERATORS, section};
use crate::core::Violation;

/// Everything printed on the cards and the track that the rules read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsComponents)]
pub struct Components {
    /// The share values, bottom to top ($ per 10%). The top value ends the game.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 64>")]
    #[schema(max_items = 64)]
    pub share_value_track: Vec<u32>,
    /// The values a Holding may start at; each is on the track.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 16>")]
    #[schema(max_items = 16)]
    pub start_values: Vec<u32>,
    /// The Railroad cards in stack order, top first. A card's id is its index here.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 64>")]
    #[schema(max_items = 64)]
    pub railroads: Vec<RailroadCard>,
    /// The id of the Dominion Atlantic, the level-2 card that comes with the $450 Investor.
    pub dominion_atlantic: u8,
    /// The five Holding cards, in operating order (green, black, yellow, red, blue).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
    #[schema(max_items = 8)]
    pub holdings: Vec<HoldingCard>,
    /// The five Investors.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
    #[schema(max_items = 8)]
    pub investors: Vec<InvestorCard>,
}

/// A Railroad Corporation card: one face, or two (the back of B, D, F; the I and K sides).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsRailroadCard)]
pub struct RailroadCard {
    pub name: String,
    /// The category letter(s) printed on the card, e.g. `D` or `I/K`.
    pub category: String,
    /// The first face is the one on top of the stack; removing the card acts as if it were bought.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 4>")]
    #[schema(max_items = 4)]
    pub faces: Vec<Face>,
}

/// One face of a Railroad card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsFace)]
pub struct Face {
    pub level: u8,
    pub cost: u32,
    pub income: u32,
    /// Buying this face from the bank makes every Railroad of this level leave the game.
    #[serde(default)]
    pub obsoletes_level: Option<u8>,
}

/// A Holding card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsHoldingCard)]
pub struct HoldingCard {
    pub colour: Colour,
    pub name: String,
    pub abbreviation: String,
    /// Operator tokens of the Holding.
    pub operators: u8,
    /// (+) circles: tokens here allow acquisitions in an Operating Round.
    pub plus_circles: u8,
    /// (⋄) circles: tokens here allow Railroads kept at the end of the turn.
    pub diamond_circles: u8,
}

/// An Investor card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsInvestorCard)]
pub struct InvestorCard {
    pub investor: Investor,
    /// The printed price, offered in the draft.
    pub price: u32,
    /// Added to the revenue of the Holding it is assigned to (the $40, $50, $60 Investors).
    pub bonus: u32,
}

impl Components {
    /// The provisional set of docs/rules/railroad-barons.md#components.
    pub fn provisional() -> Components {
        // Long: component data: the printed cards, one line each.
        let card =
            |name: &str, category: &str, faces: &[(u8, u32, u32, Option<u8>)]| RailroadCard {
                name: name.to_string(),
                category: category.to_string(),
                faces: faces
                    .iter()
                    .map(|&(level, cost, income, obsoletes_level)| Face {
                        level,
                        cost,
                        income,
                        obsoletes_level,
                    })
                    .collect(),
            };
        // Levels and obsolescence: the 18xx Rules Difference List (3-368), section 12 and
        // 15.2 (issue 39's ruling): a purchase of level 4 makes level 2 obsolete, of level 6
        // level 3, of level 8 level 4; levels 3 and 5 nothing. Costs and incomes are ours
        // (provisional), rising with the level.
        let a = [(2, 80, 20, None)];
        let b = [(2, 100, 25, None), (3, 160, 45, None)];
        let c = [(3, 160, 45, None)];
        let d = [(3, 240, 70, None), (4, 320, 95, Some(2))];
        let e = [(4, 340, 100, Some(2))];
        let f = [(4, 360, 110, Some(2)), (5, 450, 140, None)];
        let g = [(5, 480, 150, None)];
        let h = [(6, 600, 190, Some(3))];
        let ik = [(8, 650, 210, Some(4)), (8, 800, 260, Some(4))];
        let railroads = vec![
            card("Mohawk & Hudson", "A", &a),
            card("Camden & Amboy", "A", &a),
            card("Boston & Lowell", "A", &a),
            card("Dominion Atlantic", "A", &a),
            card("Charleston & Hamburg", "B", &b),
            card("Schenectady & Troy", "B", &b),
            card("Western & Atlantic", "B", &b),
            card("Erie & Kalamazoo", "C", &c),
            card("Housatonic", "C", &c),
            card("Nashua & Lowell", "C", &c),
            card("Boston & Maine", "D", &d),
            card("Philadelphia & Reading", "D", &d),
            card("Lehigh Valley", "E", &e),
            card("Baltimore & Ohio", "E", &e),
            card("Chesapeake & Ohio", "F", &f),
            card("Illinois Central", "F", &f),
            card("Wabash", "G", &g),
            card("Erie", "G", &g),
            card("Delaware & Hudson", "H", &h),
            card("Louisville & Nashville", "H", &h),
            card("Canadian Pacific", "I/K", &ik),
            card("Grand Trunk", "I/K", &ik),
            card("New York Central", "I/K", &ik),
            card("Pennsylvania", "I/K", &ik),
            card("Union Pacific", "I/K", &ik),
            card("Southern Pacific", "I/K", &ik),
            card("Atchison, Topeka & Santa Fe", "I/K", &ik),
            card("Great Northern", "I/K", &ik),
        ];
        let holding = |colour, name: &str, abbreviation: &str, operators| HoldingCard {
            colour,
            name: name.to_string(),
            abbreviation: abbreviation.to_string(),
            operators,
            plus_circles: 3,
            diamond_circles: 4,
        };
        let investor = |investor, price, bonus| InvestorCard {
            investor,
            price,
            bonus,
        };
        Components {
            share_value_track: vec![
                40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 145, 160, 175, 190, 210, 230, 250, 275,
                300, 325, 350,
            ],
            start_values: vec![70, 80, 90, 100],
            railroads,
            dominion_atlantic: 3,
            holdings: vec![
                holding(Colour::Green, "Marley, Scrooge & Cratchit", "MS&C", 6),
                holding(Colour::Black, "Seedy Brothers", "SB", 6),
                holding(Colour::Yellow, "Alvin V.A. Rice International", "AVAR", 5),
                holding(Colour::Red, "Desmond Picable Inc.", "DPI", 4),
                holding(Colour::Blue, "McGreed Bros. & Sons", "MB&S", 4),
            ],
            investors: vec![
                investor(Investor::Investor30, 30, 0),
                investor(Investor::Investor40, 40, 10),
                investor(Investor::Investor50, 50, 20),
                investor(Investor::Investor60, 60, 30),
                investor(Investor::Investor450, 450, 0),
            ],
        }
    }

    /// The Holding card of `colour` (components are checked to list all five in order).
    pub fn holding(&self, colour: Colour) -> &HoldingCard {
        &self.holdings[colour.index()]
    }

    /// The Investor card of `investor` (components are checked to list all five in order).
    pub fn investor(&self, investor: Investor) -> &InvestorCard {
        &self.investors[investor as usize]
    }

    /// The position of `value` on the share value track.
    pub fn track_position(&self, value: u32) -> Option<usize> {
        self.share_value_track.iter().position(|&v| v == value)
    }

    /// The share value one step up (the top stays at the top).
    pub fn step_up(&self, value: u32) -> u32 {
        match self.track_position(value) {
            Some(i) if i + 1 < self.share_value_track.len() => self.share_value_track[i + 1],
            _ => value,
        }
    }

    /// The share value one step down (the bottom stays at the bottom).
    pub fn step_down(&self, value: u32) -> u32 {
        match self.track_position(value) {
            Some(i) if i > 0 => self.share_value_track[i - 1],
            _ => value,
        }
    }

    /// Every way these components are not a playable set.
    #[expect(
        clippy::too_many_lines,
        reason = "one flat list of independent checks of the component set, each a few lines."
    )]
    pub fn problems(&self) -> Vec<Violation> {
        let mut problems = Vec::new();
        let mut bad = |at: &str, message: String| {
            problems.push(
                Violation::new("inconsistent_components", section::COMPONENTS, message)
                    .at(format!("/components{at}")),
            )
        };
        let on_track: std::collections::HashSet<u32> =
            self.share_value_track.iter().copied().collect();
        let printed = self
            .share_value_track
            .iter()
            .chain(&self.start_values)
            .chain(
                self.railroads
                    .iter()
                    .flat_map(|r| r.faces.iter().flat_map(|f| [&f.cost, &f.income])),
            )
            .chain(self.investors.iter().flat_map(|i| [&i.price, &i.bonus]));
        if let Some(v) = printed.max().filter(|&&v| v >= COMPONENT_CEILING) {
            bad(
                "",
                format!(
                    "a printed value of ${v} is out of range; every value is below ${COMPONENT_CEILING}"
                ),
            );
        }
        let track = &self.share_value_track;
        if track.len() < 2 {
            bad(
                "/share_value_track",
                format!(
                    "the share value track has {} values; it needs at least 2",
                    track.len()
                ),
            );
        }
        if let Some(w) = track.windows(2).find(|w| w[0] >= w[1]) {
            bad(
                "/share_value_track",
                format!(
                    "the share value track must rise strictly from bottom to top; ${} is followed by ${}",
                    w[0], w[1]
                ),
            );
        }
        if self.start_values.is_empty() {
            bad("/start_values", "there are no start values".to_string());
        }
        for (k, v) in self.start_values.iter().enumerate() {
            if !on_track.contains(v) {
                bad(
                    &format!("/start_values/{k}"),
                    format!("start value ${v} is not on the share value track"),
                );
            }
        }
        if self.railroads.len() != 28 {
            bad(
                "/railroads",
                format!(
                    "there are {} Railroad cards; the game has 28",
                    self.railroads.len()
                ),
            );
        }
        for (id, card) in self.railroads.iter().enumerate() {
            if card.faces.is_empty() || card.faces.len() > 2 {
                bad(
                    &format!("/railroads/{id}/faces"),
                    format!(
                        "Railroad card {id} ({}) has {} faces; a card has 1 or 2",
                        card.name,
                        card.faces.len()
                    ),
                );
            }
            for face in &card.faces {
                if face.level == 0 || face.cost == 0 {
                    bad(
                        &format!("/railroads/{id}/faces"),
                        format!(
                            "Railroad card {id} ({}) has a face with level {} and cost ${}; both must be positive",
                            card.name, face.level, face.cost
                        ),
                    );
                }
                if let Some(o) = face.obsoletes_level
                    && o >= face.level
                {
                    bad(
                        &format!("/railroads/{id}/faces"),
                        format!(
                            "Railroad card {id} ({}) at level {} would make level {o} obsolete; only lower levels can be",
                            card.name, face.level
                        ),
                    );
                }
            }
        }
        match self.railroads.get(self.dominion_atlantic as usize) {
            None => bad(
                "/dominion_atlantic",
                format!(
                    "dominion_atlantic is card {}, which does not exist",
                    self.dominion_atlantic
                ),
            ),
            Some(card) if card.faces.len() != 1 || card.faces[0].level != 2 => bad(
                "/dominion_atlantic",
                format!(
                    "dominion_atlantic ({}) must be a one-faced level-2 card",
                    card.name
                ),
            ),
            Some(_) => {}
        }
        let colours: Vec<Colour> = self.holdings.iter().map(|h| h.colour).collect();
        if colours != Colour::ALL {
            bad(
                "/holdings",
                format!(
                    "the Holding cards must be green, black, yellow, red, blue in that order; found {colours:?}"
                ),
            );
        }
        for h in &self.holdings {
            if h.operators > MAX_OPERATORS
                || h.plus_circles > MAX_CIRCLES
                || h.diamond_circles > MAX_CIRCLES
            {
                bad(
                    "/holdings",
                    format!(
                        "Holding {} has {} operators, {} (+) and {} (⋄) circles; a card has at most {MAX_OPERATORS} operators and {MAX_CIRCLES} circles of each kind",
                        h.colour, h.operators, h.plus_circles, h.diamond_circles
                    ),
                );
            }
            if h.operators == 0 || h.plus_circles == 0 || h.diamond_circles == 0 {
                bad(
                    "/holdings",
                    format!(
                        "Holding {} has {} operators, {} (+) and {} (⋄) circles; each must be positive",
                        h.colour, h.operators, h.plus_circles, h.diamond_circles
                    ),
                );
            }
        }
        let investors: Vec<Investor> = self.investors.iter().map(|i| i.investor).collect();
        if investors != Investor::ALL {
            bad(
                "/investors",
                format!(
                    "the Investors must be investor_30, investor_40, investor_50, investor_60, investor_450 in that order; found {investors:?}"
                ),
            );
        }
        for i in &self.investors {
            if i.bonus > 0 && !i.investor.is_assignable() {
                bad(
                    "/investors",
                    format!(
                        "{} has a revenue bonus of ${}; only the assignable Investors (40, 50, 60) have one",
                        i.investor, i.bonus
                    ),
                );
            }
        }
        problems
    }
}
