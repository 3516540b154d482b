//! Component data: the map, the tables and the decks. The rules read them from the state, so a
//! client with a printed map sends its values. [`Components::provisional`] is our own original
//! material (docs/rules/rotw-solo.md#components): no map, table or card list of the published
//! game is public.
//!
//! Long: component data (the provisional map, tables and decks, one entry a line) and the
//! checks of a client's set; splitting it would scatter one table over several files.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::{Array, ArrayBuilder, Ref};

use super::map::{Hex, Map, Terrain, TrackCosts, side};
use super::setup::{BARONS_SHOWN, SERVICE_BOUNTIES_SHOWN};

/// A goods cube's colour.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = RotwSoloGoodsColour)]
pub enum GoodsColour {
    Red,
    Blue,
    Black,
    Yellow,
    Purple,
}

impl GoodsColour {
    pub const ALL: [GoodsColour; 5] = [
        GoodsColour::Red,
        GoodsColour::Blue,
        GoodsColour::Black,
        GoodsColour::Yellow,
        GoodsColour::Purple,
    ];
}

/// A city's colour: the goods it takes, or grey (none until urbanized).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RotwSoloCityColour)]
pub enum CityColour {
    Red,
    Blue,
    Black,
    Yellow,
    Purple,
    Grey,
}

impl CityColour {
    /// The goods it takes; none for grey.
    pub fn goods(self) -> Option<GoodsColour> {
        match self {
            CityColour::Red => Some(GoodsColour::Red),
            CityColour::Blue => Some(GoodsColour::Blue),
            CityColour::Black => Some(GoodsColour::Black),
            CityColour::Yellow => Some(GoodsColour::Yellow),
            CityColour::Purple => Some(GoodsColour::Purple),
            CityColour::Grey => None,
        }
    }

    pub fn of(goods: GoodsColour) -> CityColour {
        match goods {
            GoodsColour::Red => CityColour::Red,
            GoodsColour::Blue => CityColour::Blue,
            GoodsColour::Black => CityColour::Black,
            GoodsColour::Yellow => CityColour::Yellow,
            GoodsColour::Purple => CityColour::Purple,
        }
    }
}

/// A hex of the map: its position and terrain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloHexData)]
pub struct HexData {
    pub hex: Hex,
    pub terrain: Terrain,
}

/// A city of the map: its name, hex, colour, goods cubes and whether it is in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloCityData)]
pub struct CityData {
    /// The city's name, also its id in actions and cards.
    pub name: String,
    pub hex: Hex,
    pub colour: CityColour,
    /// The goods cubes drawn for it at setup.
    pub cubes: u8,
    /// A city not in play is covered: impassable, no cubes, never an Empty City.
    #[serde(default = "in_play")]
    pub in_play: bool,
}

fn in_play() -> bool {
    true
}

/// The printed map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloMapData)]
pub struct MapData {
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_HEXES>")]
    #[schema(max_items = 5000)]
    pub hexes: Vec<HexData>,
    /// Hex sides with a mountain ridge, each as its two hexes.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, RIDGES>")]
    #[schema(schema_with = ridges_schema)]
    pub ridges: Vec<[Hex; 2]>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub cities: Vec<CityData>,
}

/// The ridges' schema: at most [`RIDGES`] of them, each exactly two hexes.
fn ridges_schema() -> Array {
    let side = ArrayBuilder::new()
        .items(Ref::from_schema_name("RotwSoloHex"))
        .min_items(Some(2))
        .max_items(Some(2));
    ArrayBuilder::new()
        .items(side)
        .max_items(Some(RIDGES))
        .description(Some(
            "Hex sides with a mountain ridge, each as its two hexes.",
        ))
        .build()
}

/// A Major Line: the first to connect its cities with their own links scores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloMajorLine)]
pub struct MajorLine {
    pub name: String,
    /// The cities to connect, in order (a chain of the owner's links may pass others).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub cities: Vec<String>,
    pub points: u32,
    #[serde(default = "in_play")]
    pub in_play: bool,
}

/// What a Railbot card does when it is resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RotwSoloRailbotEffect)]
pub enum RailbotEffect {
    /// Three or four cities: each consecutive pair is linked, or the player removes a cube.
    BuildingLinks {
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, LINKED_CITIES>")]
        #[schema(max_items = 4)]
        cities: Vec<String>,
    },
    /// The Operations display shrinks by one for good.
    Deadhead {},
    /// The player pays double their income.
    Taxation {},
    /// The map's base exhaust count of cubes of this colour leave the map.
    ExhaustGoods { colour: GoodsColour },
    /// Drawn: the end of the game is triggered (never resolved from the row).
    FinalEvaluation {},
}

/// A Railbot card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloRailbotCard)]
pub struct RailbotCard {
    /// Unique among the deck.
    pub id: String,
    pub effect: RailbotEffect,
    /// The red slot (1-3): the row card it resolves when it is drawn.
    pub slot: u8,
    /// The card icon: among the cards of which three leave the game unseen at setup.
    #[serde(default)]
    pub card_icon: bool,
    /// The Major Line icon: resolving it, the Railbot claims a Major Line.
    #[serde(default)]
    pub major_line_icon: bool,
    /// The Baron icon: resolving it, the Railbot claims a Duel Baron (with that variant).
    #[serde(default)]
    pub baron_icon: bool,
    /// One of the chosen map's 14 cards (the other 11 are common).
    #[serde(default)]
    pub map_card: bool,
}

/// What an Operations card does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RotwSoloOperationsEffect)]
pub enum OperationsEffect {
    /// In the display: the first delivery to `city` scores `points` more, and takes the card.
    ServiceBounty { city: String, points: u32 },
    /// Taken: the player's Hotel in `city` (a point per cube delivered there or removed there
    /// by the Railbot).
    Hotel { city: String },
    /// Taken: `cubes` cubes drawn from the bag onto a city in play of the player's choice.
    NewIndustry { cubes: u8 },
    /// Taken: the engine goes up one level for free.
    EngineUpgrade {},
    /// A start card: back to the box at setup.
    Start {},
}

/// An Operations card of the Railbot's deck: its id and effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloOperationsCard)]
pub struct OperationsCard {
    pub id: String,
    pub effect: OperationsEffect,
}

/// What a Duel Baron asks of the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RotwSoloBaronObjective)]
pub enum BaronObjective {
    /// Own at least this many links.
    Links { count: u8 },
    /// Have delivered at least this many cubes.
    Deliveries { count: u8 },
    /// An engine of at least this level.
    EngineLevel { level: u8 },
    /// Own links touching at least this many different cities.
    CitiesConnected { count: u8 },
}

/// What the Railbot's claim of a Duel Baron does to the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RotwSoloOpponentEffect)]
pub enum OpponentEffect {
    LosePoints {
        points: u32,
    },
    /// Paid like Taxation: bonds first when the cash is short.
    Pay {
        amount: u32,
    },
    /// The player removes this many cubes of their choice from the map.
    RemoveCubes {
        cubes: u8,
    },
}

/// A Duel Baron card (the Duel Barons variant): its objective, points and effect on the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloDuelBaron)]
pub struct DuelBaron {
    pub name: String,
    pub objective: BaronObjective,
    pub points: u32,
    pub opponent_effect: OpponentEffect,
}

/// Everything printed that the rules read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloComponents)]
pub struct Components {
    pub map: MapData,
    pub track_costs: TrackCosts,
    /// Urbanize: the price of a New City tile, in $k.
    pub urbanize_cost: u32,
    /// New City tiles by colour (red has none).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, NEW_CITY_COLOURS>")]
    #[schema(max_items = 5)]
    pub new_city_tiles: Vec<(GoodsColour, u8)>,
    /// `engine_costs[n]`: the price of upgrading from level `n + 1` to `n + 2`, in $k; the
    /// engine starts at level 1 and tops out at `engine_costs.len() + 1`.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENGINE_LEVELS>")]
    #[schema(max_items = 20)]
    pub engine_costs: Vec<u32>,
    /// `income_track[p]`: the income at `p` points, in $k (negative: paid); past its end, the
    /// last value.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_TRACK>")]
    #[schema(max_items = 10000)]
    pub income_track: Vec<i32>,
    /// A bond: cash received, interest per turn and points lost at the end.
    pub bond_value: u32,
    pub bond_interest: u32,
    pub bond_penalty: u32,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub major_lines: Vec<MajorLine>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub railbot_deck: Vec<RailbotCard>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub operations_deck: Vec<OperationsCard>,
    /// The most cards the Operations display holds (Deadhead cards included).
    pub operations_display_size: u8,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, MOST_ENTRIES>")]
    #[schema(max_items = 200)]
    pub duel_barons: Vec<DuelBaron>,
    /// The number of Empty City Markers that ends the game.
    pub empty_city_threshold: u8,
    /// The cubes an Exhaust Goods card removes.
    pub base_exhaust: u8,
    /// Cubes of each colour in the bag before setup.
    pub cubes_per_colour: u8,
    pub target_score: u32,
    /// Added to the target with the Duel Barons variant.
    pub duel_barons_target_bonus: u32,
}

impl Components {
    /// The map for the rules: terrain by hex, ridges, city hexes.
    pub fn map(&self) -> Map {
        Map {
            terrain: self.map.hexes.iter().map(|h| (h.hex, h.terrain)).collect(),
            ridges: self.map.ridges.iter().map(|[a, b]| side(*a, *b)).collect(),
            cities: self
                .map
                .cities
                .iter()
                .enumerate()
                .map(|(i, c)| (c.hex, i))
                .collect(),
        }
    }

    pub fn city(&self, name: &str) -> Option<usize> {
        self.map.cities.iter().position(|c| c.name == name)
    }
}

// ---------------------------------------------------------------------------------------------
// The provisional set: an original map of twenty cities and tables shaped as the rules say.

/// The provisional map, a row per line, odd rows shifted half a hex right: `.` plains, `~`
/// water, `^` mountain, a letter a city (on plains) from [`PROVISIONAL_CITIES`].
pub const PROVISIONAL_MAP: [&str; 9] = [
    "A . . ^ ^ . B . . C .",
    ". . ~ ^ . . . . ~ . .",
    ". D . . . E ^ . . F .",
    "~ ~ . G . . ^ . . . .",
    ". H . . ~ . I . J . K",
    ". . ^ . ~ . . ^ . . .",
    "L . . M ^ . N . . O .",
    ". . . . . ~ . ~ . . .",
    "P . Q . . R . . S . T",
];

/// The provisional cities by map letter: name, colour, cubes.
pub const PROVISIONAL_CITIES: [(char, &str, Option<GoodsColour>, u8); 20] = {
    use GoodsColour::*;
    [
        ('A', "Ashford", Some(Red), 2),
        ('B', "Bramley", Some(Blue), 3),
        ('C', "Carrow", Some(Yellow), 2),
        ('D', "Dunmore", None, 2),
        ('E', "Elmsby", Some(Black), 3),
        ('F', "Fenwick", Some(Purple), 2),
        ('G', "Garth", Some(Yellow), 3),
        ('H', "Holloway", Some(Purple), 2),
        ('I', "Ironbridge", Some(Red), 3),
        ('J', "Jarrow", None, 2),
        ('K', "Kestle", Some(Blue), 2),
        ('L', "Linton", Some(Black), 2),
        ('M', "Marwick", None, 1),
        ('N', "Northam", Some(Blue), 3),
        ('O', "Oakhurst", Some(Red), 2),
        ('P', "Penhallow", Some(Yellow), 2),
        ('Q', "Quarley", Some(Purple), 3),
        ('R', "Rudston", None, 2),
        ('S', "Selby", Some(Black), 3),
        ('T', "Tolworth", None, 1),
    ]
};

/// The provisional ridges, as (row, column) pairs of neighbouring hexes.
pub const PROVISIONAL_RIDGES: [((i16, i16), (i16, i16)); 6] = [
    ((0, 4), (0, 5)),
    ((1, 3), (1, 4)),
    ((2, 6), (2, 7)),
    ((3, 6), (3, 7)),
    ((5, 7), (5, 8)),
    ((6, 4), (6, 5)),
];

impl Components {
    /// Our original stand-in for the printed material (see the module documentation).
    pub fn provisional() -> Components {
        let mut hexes = Vec::new();
        let mut cities = Vec::new();
        for (row, line) in PROVISIONAL_MAP.iter().enumerate() {
            for (column, mark) in line.split_whitespace().enumerate() {
                let hex = Hex::from_row_and_column(row as i16, column as i16);
                let terrain = match mark {
                    "~" => Terrain::Water,
                    "^" => Terrain::Mountain,
                    _ => Terrain::Plains,
                };
                hexes.push(HexData { hex, terrain });
                let letter = mark.chars().next().unwrap_or('.');
                if let Some((_, name, colour, cubes)) =
                    PROVISIONAL_CITIES.iter().find(|c| c.0 == letter)
                {
                    cities.push(CityData {
                        name: name.to_string(),
                        hex,
                        colour: colour.map_or(CityColour::Grey, CityColour::of),
                        cubes: *cubes,
                        in_play: true,
                    });
                }
            }
        }
        let ridges = PROVISIONAL_RIDGES
            .iter()
            .map(|&((r1, c1), (r2, c2))| {
                [
                    Hex::from_row_and_column(r1, c1),
                    Hex::from_row_and_column(r2, c2),
                ]
            })
            .collect();
        Components {
            map: MapData {
                hexes,
                ridges,
                cities,
            },
            track_costs: TrackCosts {
                plains: 2,
                water: 3,
                mountain: 4,
                ridge: 4,
            },
            urbanize_cost: 10,
            new_city_tiles: vec![
                (GoodsColour::Blue, 3),
                (GoodsColour::Black, 3),
                (GoodsColour::Yellow, 3),
                (GoodsColour::Purple, 3),
            ],
            engine_costs: vec![4, 6, 8, 10, 12, 14, 16],
            income_track: provisional_income_track(),
            bond_value: 5,
            bond_interest: 1,
            bond_penalty: 1,
            major_lines: provisional_major_lines(),
            railbot_deck: provisional_railbot_deck(),
            operations_deck: provisional_operations_deck(),
            operations_display_size: 5,
            duel_barons: provisional_duel_barons(),
            empty_city_threshold: 7,
            base_exhaust: 2,
            cubes_per_colour: 25,
            target_score: 125,
            duel_barons_target_bonus: 15,
        }
    }
}

/// Income by points: $1k more per 2 points up to $10k at 20-29 points, then $1k less per 10
/// points, down to -$4k at 160 points and beyond.
fn provisional_income_track() -> Vec<i32> {
    (0..=160)
        .map(|points: i32| match points {
            0..=19 => points / 2,
            20..=29 => 10,
            _ => 10 - (points - 20) / 10,
        })
        .collect()
}

fn provisional_major_lines() -> Vec<MajorLine> {
    let line = |name: &str, cities: &[&str], points: u32| MajorLine {
        name: name.to_string(),
        cities: cities.iter().map(|c| c.to_string()).collect(),
        points,
        in_play: true,
    };
    vec![
        line("Northern Line", &["Ashford", "Carrow"], 6),
        line("Coast Line", &["Linton", "Penhallow"], 4),
        line("Southern Line", &["Penhallow", "Tolworth"], 8),
        line("Trunk Line", &["Ashford", "Tolworth"], 10),
        line("Eastern Line", &["Carrow", "Kestle", "Tolworth"], 7),
    ]
}

/// Twelve cards: four Service Bounties, two Hotels, two New Industries, two Engine Upgrades and
/// two start cards.
fn provisional_operations_deck() -> Vec<OperationsCard> {
    let card = |id: &str, effect: OperationsEffect| OperationsCard {
        id: id.to_string(),
        effect,
    };
    let bounty = |city: &str, points: u32| OperationsEffect::ServiceBounty {
        city: city.to_string(),
        points,
    };
    let hotel = |city: &str| OperationsEffect::Hotel {
        city: city.to_string(),
    };
    vec![
        card("O01", bounty("Bramley", 3)),
        card("O02", bounty("Garth", 4)),
        card("O03", bounty("Northam", 3)),
        card("O04", bounty("Selby", 4)),
        card("O05", hotel("Elmsby")),
        card("O06", hotel("Quarley")),
        card("O07", OperationsEffect::NewIndustry { cubes: 2 }),
        card("O08", OperationsEffect::NewIndustry { cubes: 2 }),
        card("O09", OperationsEffect::EngineUpgrade {}),
        card("O10", OperationsEffect::EngineUpgrade {}),
        card("O11", OperationsEffect::Start {}),
        card("O12", OperationsEffect::Start {}),
    ]
}

fn provisional_duel_barons() -> Vec<DuelBaron> {
    let baron = |name: &str, objective, points, opponent_effect| DuelBaron {
        name: name.to_string(),
        objective,
        points,
        opponent_effect,
    };
    vec![
        baron(
            "The Builder",
            BaronObjective::Links { count: 8 },
            6,
            OpponentEffect::LosePoints { points: 3 },
        ),
        baron(
            "The Carrier",
            BaronObjective::Deliveries { count: 10 },
            6,
            OpponentEffect::RemoveCubes { cubes: 2 },
        ),
        baron(
            "The Engineer",
            BaronObjective::EngineLevel { level: 5 },
            5,
            OpponentEffect::Pay { amount: 5 },
        ),
        baron(
            "The Networker",
            BaronObjective::CitiesConnected { count: 10 },
            7,
            OpponentEffect::LosePoints { points: 4 },
        ),
        baron(
            "The Tycoon",
            BaronObjective::Links { count: 12 },
            8,
            OpponentEffect::Pay { amount: 10 },
        ),
        baron(
            "The Trader",
            BaronObjective::Deliveries { count: 16 },
            8,
            OpponentEffect::RemoveCubes { cubes: 3 },
        ),
    ]
}

/// 14 map cards (Building Links) and 11 common ones.
#[expect(
    clippy::too_many_lines,
    reason = "component data: the deck's 25 cards, one line each."
)]
fn provisional_railbot_deck() -> Vec<RailbotCard> {
    let links = |id: &str, cities: &[&str], slot: u8, icons: (bool, bool, bool)| RailbotCard {
        id: id.to_string(),
        effect: RailbotEffect::BuildingLinks {
            cities: cities.iter().map(|c| c.to_string()).collect(),
        },
        slot,
        card_icon: icons.0,
        major_line_icon: icons.1,
        baron_icon: icons.2,
        map_card: true,
    };
    let common = |id: &str, effect: RailbotEffect, slot: u8, card_icon: bool| RailbotCard {
        id: id.to_string(),
        effect,
        slot,
        card_icon,
        major_line_icon: false,
        baron_icon: false,
        map_card: false,
    };
    let plain = (true, false, false);
    vec![
        links("M01", &["Ashford", "Bramley", "Carrow"], 1, plain),
        links("M02", &["Dunmore", "Garth", "Holloway"], 2, plain),
        links(
            "M03",
            &["Elmsby", "Ironbridge", "Northam"],
            3,
            (true, true, false),
        ),
        links("M04", &["Fenwick", "Kestle", "Oakhurst"], 1, plain),
        links(
            "M05",
            &["Linton", "Marwick", "Quarley"],
            2,
            (true, false, true),
        ),
        links("M06", &["Penhallow", "Quarley", "Rudston"], 3, plain),
        links(
            "M07",
            &["Selby", "Tolworth", "Oakhurst"],
            1,
            (true, true, false),
        ),
        links("M08", &["Bramley", "Elmsby", "Garth", "Dunmore"], 2, plain),
        links(
            "M09",
            &["Ironbridge", "Jarrow", "Kestle"],
            3,
            (true, false, true),
        ),
        links("M10", &["Holloway", "Linton", "Penhallow"], 1, plain),
        links(
            "M11",
            &["Northam", "Rudston", "Selby"],
            2,
            (true, true, false),
        ),
        links(
            "M12",
            &["Carrow", "Fenwick", "Jarrow", "Oakhurst"],
            3,
            plain,
        ),
        links(
            "M13",
            &["Garth", "Marwick", "Northam"],
            1,
            (true, false, true),
        ),
        links("M14", &["Ashford", "Dunmore", "Elmsby"], 2, plain),
        common("C01", RailbotEffect::Deadhead {}, 1, true),
        common("C02", RailbotEffect::Deadhead {}, 3, true),
        common("C03", RailbotEffect::Taxation {}, 2, true),
        common("C04", RailbotEffect::Taxation {}, 3, true),
        common(
            "C05",
            RailbotEffect::ExhaustGoods {
                colour: GoodsColour::Red,
            },
            1,
            true,
        ),
        common(
            "C06",
            RailbotEffect::ExhaustGoods {
                colour: GoodsColour::Blue,
            },
            2,
            true,
        ),
        common(
            "C07",
            RailbotEffect::ExhaustGoods {
                colour: GoodsColour::Black,
            },
            3,
            true,
        ),
        common(
            "C08",
            RailbotEffect::ExhaustGoods {
                colour: GoodsColour::Yellow,
            },
            1,
            true,
        ),
        common(
            "C09",
            RailbotEffect::ExhaustGoods {
                colour: GoodsColour::Purple,
            },
            2,
            true,
        ),
        common("C10", RailbotEffect::Taxation {}, 1, false),
        common("C11", RailbotEffect::FinalEvaluation {}, 3, false),
    ]
}

// ---------------------------------------------------------------------------------------------
// Consistency of a component set (the provisional one, or one a client sends to `setup`).

/// The most entries of a list named by a one-byte index (cities, cards, Barons, Major Lines).
pub const MOST_ENTRIES: usize = 200;
pub const MOST_HEXES: usize = 5_000;
pub const MOST_COORDINATE: i16 = 1_000;
pub const MOST_ENGINE_LEVELS: usize = 20;
pub const MOST_TRACK: usize = 10_000;
/// A ridge lies along a side of a hex; each hex has six sides, each shared by two hexes.
pub const RIDGES: usize = 3 * MOST_HEXES;
/// A Building Links card shows three or four cities.
pub const LINKED_CITIES: usize = 4;
/// New City tiles come in the goods colours, one entry each.
pub const NEW_CITY_COLOURS: usize = GoodsColour::ALL.len();
/// The largest printed value (a price, points, an income); far beyond any real one.
pub const MOST_PRINTED: u32 = 10_000;

/// The rules section component problems cite.
pub const COMPONENTS_SECTION: &str = super::rules::section::COMPONENTS;

/// The number of cards in the Railbot deck: a map's 14 and the 11 common ones.
pub const RAILBOT_DECK_SIZE: usize = 25;
pub const RAILBOT_MAP_CARDS: usize = 14;

impl Components {
    /// Every way this set breaks what the rules need of it; empty when usable.
    #[expect(
        clippy::too_many_lines,
        reason = "one flat list of independent checks of the component set, each a few lines."
    )]
    pub fn problems(&self) -> Vec<crate::core::Violation> {
        let oversized = self.oversized();
        if !oversized.is_empty() {
            // Judged entry by entry, lists this long would only repeat their problems.
            return oversized;
        }
        let mut messages: Vec<(String, String)> = Vec::new();
        let mut bad = |at: String, message: String| messages.push((at, message));
        let names: std::collections::HashMap<&str, usize> = self
            .map
            .cities
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.as_str(), i))
            .collect();
        let mut hexes = std::collections::HashSet::new();
        let map = self.map();
        if map.terrain.len() != self.map.hexes.len() {
            bad(
                "/components/map/hexes".to_string(),
                "a hex is listed twice in the map".to_string(),
            );
        }
        for (i, city) in self.map.cities.iter().enumerate() {
            if !map.terrain.contains_key(&city.hex) {
                bad(
                    format!("/components/map/cities/{i}/hex"),
                    format!(
                        "city {} is on ({}, {}), which is not on the map",
                        city.name, city.hex.q, city.hex.r
                    ),
                );
            }
            if names.get(city.name.as_str()) != Some(&i) {
                bad(
                    format!("/components/map/cities/{i}/name"),
                    format!("two cities are named {}", city.name),
                );
            }
            if !hexes.insert(city.hex) {
                bad(
                    format!("/components/map/cities/{i}/hex"),
                    format!("city {} shares its hex with another city", city.name),
                );
            }
        }
        for [a, b] in &self.map.ridges {
            if !a.is_adjacent(*b) || !map.terrain.contains_key(a) || !map.terrain.contains_key(b) {
                bad(
                    "/components/map/ridges".to_string(),
                    format!(
                        "a ridge lies between ({}, {}) and ({}, {}), which are not neighbouring hexes of the map",
                        a.q, a.r, b.q, b.r
                    ),
                );
            }
        }
        for (l, line) in self.major_lines.iter().enumerate() {
            if line.cities.len() < 2 || line.cities.len() > MOST_ENTRIES {
                bad(
                    format!("/components/major_lines/{l}/cities"),
                    format!(
                        "Major Line {} names fewer than 2 cities or more than {MOST_ENTRIES}",
                        line.name
                    ),
                );
            }
            for name in line
                .cities
                .iter()
                .filter(|n| !names.contains_key(n.as_str()))
            {
                bad(
                    format!("/components/major_lines/{l}/cities"),
                    format!(
                        "Major Line {} names {name}, which is not a city of the map",
                        line.name
                    ),
                );
            }
        }
        for (k, card) in self.railbot_deck.iter().enumerate() {
            if let RailbotEffect::BuildingLinks { cities } = &card.effect {
                if !(3..=LINKED_CITIES).contains(&cities.len()) {
                    bad(
                        format!("/components/railbot_deck/{k}/effect"),
                        format!(
                            "Railbot card {} links {} cities; a card shows 3 or 4",
                            card.id,
                            cities.len()
                        ),
                    );
                }
                for name in cities.iter().filter(|n| !names.contains_key(n.as_str())) {
                    bad(
                        format!("/components/railbot_deck/{k}/effect"),
                        format!(
                            "Railbot card {} names {name}, which is not a city of the map",
                            card.id
                        ),
                    );
                }
            }
        }
        if self.railbot_deck.len() != RAILBOT_DECK_SIZE {
            bad(
                "/components/railbot_deck".to_string(),
                format!(
                    "the Railbot deck has {} cards; it has {RAILBOT_DECK_SIZE} (the map's {RAILBOT_MAP_CARDS} and 11 common ones)",
                    self.railbot_deck.len()
                ),
            );
        }
        let map_cards = self.railbot_deck.iter().filter(|c| c.map_card).count();
        if map_cards != RAILBOT_MAP_CARDS {
            bad(
                "/components/railbot_deck".to_string(),
                format!("the Railbot deck has {map_cards} map cards; it has {RAILBOT_MAP_CARDS}"),
            );
        }
        let finals = self
            .railbot_deck
            .iter()
            .filter(|c| c.effect == RailbotEffect::FinalEvaluation {})
            .count();
        if finals != 1 {
            bad(
                "/components/railbot_deck".to_string(),
                format!("the Railbot deck has {finals} Final Evaluation cards; it has exactly one"),
            );
        }
        let mut ids = std::collections::HashSet::new();
        for (i, card) in self.railbot_deck.iter().enumerate() {
            if !(1..=3).contains(&card.slot) {
                bad(
                    format!("/components/railbot_deck/{i}/slot"),
                    format!(
                        "Railbot card {} resolves slot {}; the row has slots 1 to 3",
                        card.id, card.slot
                    ),
                );
            }
            if !ids.insert(card.id.as_str()) {
                bad(
                    format!("/components/railbot_deck/{i}/id"),
                    format!("two Railbot cards are {}", card.id),
                );
            }
        }
        let with_icon = self
            .railbot_deck
            .iter()
            .filter(|c| c.card_icon && c.effect != RailbotEffect::FinalEvaluation {})
            .count();
        // Setup removes three of them unseen and deals the row of three from the rest, with
        // Taxation and Deadhead put back: at least one card besides those must be dealable.
        if with_icon < 7 {
            bad(
                "/components/railbot_deck".to_string(),
                format!(
                    "only {with_icon} Railbot cards show the card icon; setup needs at least 7"
                ),
            );
        }
        for (k, card) in self.operations_deck.iter().enumerate() {
            let city = match &card.effect {
                OperationsEffect::ServiceBounty { city, .. } | OperationsEffect::Hotel { city } => {
                    Some(city)
                }
                _ => None,
            };
            if let Some(city) = city
                && !names.contains_key(city.as_str())
            {
                bad(
                    format!("/components/operations_deck/{k}/effect"),
                    format!(
                        "Operations card {} names {city}, which is not a city of the map",
                        card.id
                    ),
                );
            }
        }
        let bounties = self
            .operations_deck
            .iter()
            .filter(|c| matches!(c.effect, OperationsEffect::ServiceBounty { .. }))
            .count();
        if bounties < SERVICE_BOUNTIES_SHOWN {
            bad(
                "/components/operations_deck".to_string(),
                format!(
                    "the Operations deck has {bounties} Service Bounties; setup shows {SERVICE_BOUNTIES_SHOWN}"
                ),
            );
        }
        let dealable = self
            .operations_deck
            .iter()
            .filter(|c| {
                !matches!(
                    c.effect,
                    OperationsEffect::ServiceBounty { .. } | OperationsEffect::Start {}
                )
            })
            .count();
        if dealable == 0 {
            bad(
                "/components/operations_deck".to_string(),
                "the Operations deck has no card to deal besides Service Bounties and start cards"
                    .to_string(),
            );
        }
        // Setup shows the bounties and one dealt card.
        let shown = SERVICE_BOUNTIES_SHOWN + 1;
        if usize::from(self.operations_display_size) < shown {
            bad(
                "/components/operations_display_size".to_string(),
                format!(
                    "the Operations display holds {} cards; setup shows {shown}",
                    self.operations_display_size
                ),
            );
        }
        if self.duel_barons.len() < BARONS_SHOWN {
            bad(
                "/components/duel_barons".to_string(),
                format!(
                    "there are {} Duel Barons; the variant shows {BARONS_SHOWN}",
                    self.duel_barons.len()
                ),
            );
        }
        self.bounds(&mut bad);
        if self.engine_costs.is_empty() {
            bad(
                "/components/engine_costs".to_string(),
                "there are no engine upgrades".to_string(),
            );
        }
        if self.income_track.is_empty() {
            bad(
                "/components/income_track".to_string(),
                "the income track is empty".to_string(),
            );
        }
        messages
            .into_iter()
            .map(|(at, m)| {
                crate::core::Violation::new("inconsistent_components", COMPONENTS_SECTION, m).at(at)
            })
            .collect()
    }

    /// The lists longer than any map or deck: each named once.
    fn oversized(&self) -> Vec<crate::core::Violation> {
        let lists = [
            ("/components/map/hexes", self.map.hexes.len(), MOST_HEXES),
            ("/components/map/ridges", self.map.ridges.len(), RIDGES),
            (
                "/components/map/cities",
                self.map.cities.len(),
                MOST_ENTRIES,
            ),
            (
                "/components/major_lines",
                self.major_lines.len(),
                MOST_ENTRIES,
            ),
            (
                "/components/railbot_deck",
                self.railbot_deck.len(),
                MOST_ENTRIES,
            ),
            (
                "/components/operations_deck",
                self.operations_deck.len(),
                MOST_ENTRIES,
            ),
            (
                "/components/duel_barons",
                self.duel_barons.len(),
                MOST_ENTRIES,
            ),
        ];
        lists
            .into_iter()
            .filter(|(_, n, most)| n > most)
            .map(|(at, n, most)| {
                crate::core::Violation::new(
                    "inconsistent_components",
                    COMPONENTS_SECTION,
                    format!("{n} entries; at most {most}"),
                )
                .at(at)
            })
            .collect()
    }

    /// Sizes and values the rules' arithmetic and indices (one byte) rely on.
    #[expect(
        clippy::too_many_lines,
        reason = "one table of sizes and values, then one check per row."
    )]
    fn bounds(&self, bad: &mut impl FnMut(String, String)) {
        let lists = [
            ("cities", self.map.cities.len()),
            ("Operations cards", self.operations_deck.len()),
            ("Duel Barons", self.duel_barons.len()),
            ("Major Lines", self.major_lines.len()),
        ];
        for (what, n) in lists {
            if n > MOST_ENTRIES {
                bad(
                    "/components".to_string(),
                    format!("there are {n} {what}; at most {MOST_ENTRIES}"),
                );
            }
        }
        if self.map.hexes.len() > MOST_HEXES
            || self
                .map
                .hexes
                .iter()
                .any(|h| h.hex.q.abs() > MOST_COORDINATE || h.hex.r.abs() > MOST_COORDINATE)
        {
            bad(
                "/components/map/hexes".to_string(),
                format!(
                    "the map has more than {MOST_HEXES} hexes or a coordinate beyond {MOST_COORDINATE}"
                ),
            );
        }
        if self.bond_value == 0 {
            bad(
                "/components/bond_value".to_string(),
                "a bond is worth nothing; it must be worth at least $1k".to_string(),
            );
        }
        if self.engine_costs.len() > MOST_ENGINE_LEVELS {
            bad(
                "/components/engine_costs".to_string(),
                format!(
                    "{} engine upgrades; at most {MOST_ENGINE_LEVELS}",
                    self.engine_costs.len()
                ),
            );
        }
        let t = &self.track_costs;
        let mut printed: Vec<u32> = vec![
            t.plains,
            t.water,
            t.mountain,
            t.ridge,
            self.urbanize_cost,
            self.bond_value,
            self.bond_interest,
            self.bond_penalty,
            self.target_score,
            self.duel_barons_target_bonus,
        ];
        printed.extend(&self.engine_costs);
        printed.extend(self.income_track.iter().map(|v| v.unsigned_abs()));
        printed.extend(self.major_lines.iter().map(|l| l.points));
        for baron in &self.duel_barons {
            printed.push(baron.points);
            match baron.opponent_effect {
                OpponentEffect::LosePoints { points } => printed.push(points),
                OpponentEffect::Pay { amount } => printed.push(amount),
                OpponentEffect::RemoveCubes { cubes } => printed.push(u32::from(cubes)),
            }
        }
        for card in &self.operations_deck {
            match card.effect {
                OperationsEffect::ServiceBounty { points, .. } => printed.push(points),
                OperationsEffect::NewIndustry { cubes } => printed.push(u32::from(cubes)),
                _ => {}
            }
        }
        if let Some(v) = printed.iter().find(|&&v| v > MOST_PRINTED) {
            bad(
                "/components".to_string(),
                format!(
                    "a printed value of {v} is out of range; every value is at most {MOST_PRINTED}"
                ),
            );
        }
        if self.income_track.len() > MOST_TRACK {
            bad(
                "/components/income_track".to_string(),
                format!("the income track has more than {MOST_TRACK} places"),
            );
        }
        let tiles: usize = self
            .new_city_tiles
            .iter()
            .map(|(_, n)| usize::from(*n))
            .sum();
        if tiles > MOST_ENTRIES {
            bad(
                "/components/new_city_tiles".to_string(),
                format!("{tiles} New City tiles; at most {MOST_ENTRIES}"),
            );
        }
        if self.empty_city_threshold == 0 {
            bad(
                "/components/empty_city_threshold".to_string(),
                "the Empty City threshold is 0; it is at least 1".to_string(),
            );
        }
        let deadheads = self
            .railbot_deck
            .iter()
            .filter(|c| c.effect == RailbotEffect::Deadhead {})
            .count();
        if usize::from(self.operations_display_size) <= deadheads {
            bad(
                "/components/operations_display_size".to_string(),
                format!(
                    "the Operations display holds {} cards; with {deadheads} Deadhead cards it must hold more",
                    self.operations_display_size
                ),
            );
        }
    }

    /// The engine's top level: one above the number of upgrades.
    pub fn top_engine(&self) -> u8 {
        u8::try_from(self.engine_costs.len() + 1).unwrap_or(u8::MAX)
    }
}
