//! The provisional component set: the base game's values the research confirms (player
//! counts, action spaces, colour values, locomotive numbers), and our own American board where
//! nothing is public. Every value is written out in docs/rules/russian-railroads-american.md.

use super::data::{
    ActionSpace, Advantage, Colour, Components, EndBonus, Engineer, FactoryAction, IndustrySpace,
    IndustryTrack, Locomotive, PlayerCount, QuestionToken, Railroad, SpaceEffect, Special,
    SpecialSpace, StartingBonus, StartingBonusCard, Steelworks,
};

impl Components {
    pub fn provisional() -> Components {
        // Long: component data: the provisional set, one field per component list.
        Components {
            player_counts: vec![
                count(2, 6, 6, 2, 3, 3),
                count(3, 6, 6, 1, 3, 3),
                count(4, 7, 5, 1, 3, 4),
            ],
            action_spaces: action_spaces(),
            railroads: railroads(),
            tracks_per_colour: vec![
                (Colour::Black, 3),
                (Colour::Grey, 3),
                (Colour::Brown, 3),
                (Colour::Natural, 2),
                (Colour::White, 1),
            ],
            colour_values: vec![
                (Colour::Black, 0),
                (Colour::Grey, 1),
                (Colour::Brown, 2),
                (Colour::Natural, 4),
                (Colour::White, 7),
            ],
            revalued_colour_values: vec![
                (Colour::Black, 0),
                (Colour::Grey, 1),
                (Colour::Brown, 3),
                (Colour::Natural, 6),
                (Colour::White, 10),
            ],
            industry_tracks: industry_tracks(),
            detonation_points: 10,
            transcontinental_points: 10,
            golden_spike_points: 25,
            stock_levels: 6,
            dividend_tokens: vec![
                Advantage::BlackMove {},
                Advantage::BrownAndNatural {},
                Advantage::AnyMove {},
                Advantage::AnyMove {},
                Advantage::Industry {},
                Advantage::Coin {},
                Advantage::Points { points: 5 },
                Advantage::Points { points: 5 },
            ],
            steelworks: vec![
                Steelworks { pile: 4 },
                Steelworks { pile: 6 },
                Steelworks { pile: 8 },
            ],
            // The seed: "you then receive one black track advancement".
            steelworks_factory: FactoryAction::TrackMoves {
                colour: Some(Colour::Black),
                moves: 1,
            },
            locomotives: locomotives(),
            engineers: engineers(),
            end_bonus_cards: vec![
                EndBonus::PerFactory { points: 4 },
                EndBonus::PerEngineer { points: 6 },
                EndBonus::PerCompletedRailroad { points: 10 },
                EndBonus::PerDoubler { points: 3 },
                EndBonus::PerStockLevel { points: 4 },
                EndBonus::PerDividendToken { points: 5 },
                EndBonus::PerFactory { points: 5 },
                EndBonus::PerCompletedRailroad { points: 12 },
            ],
            end_bonus_removed: 2,
            starting_bonuses: starting_bonuses(),
            question_tokens: vec![
                QuestionToken::EndBonusCard {},
                QuestionToken::PointsEachScoring { points: 20 },
                QuestionToken::Revaluation {},
                QuestionToken::GoldenSpike {},
                QuestionToken::Stock {},
            ],
            doublers: 30,
            pass_points: vec![0, 2, 3, 4],
            engineer_majority: (40, 20),
            stock_end_bonus: (20, 10),
        }
    }
}

/// Research §2: a coin, a black move, an industry move, a doubler.
fn starting_bonuses() -> Vec<StartingBonusCard> {
    let card = |bonus, effect| StartingBonusCard { bonus, effect };
    vec![
        card(StartingBonus::Coin, SpaceEffect::Coins { coins: 1 }),
        card(StartingBonus::BlackTrack, moves(&[Colour::Black], 1)),
        card(
            StartingBonus::Industry,
            SpaceEffect::Industry {
                moves: 1,
                black_moves: 0,
            },
        ),
        card(StartingBonus::Doubler, SpaceEffect::Doubler {}),
    ]
}

fn count(players: u8, rounds: u8, workers: u8, coins: u8, a: u8, b: u8) -> PlayerCount {
    PlayerCount {
        players,
        rounds,
        workers,
        coins,
        engineers_a: a,
        engineers_b: b,
    }
}

fn space(id: &str, workers: u8, effect: SpaceEffect) -> ActionSpace {
    ActionSpace {
        id: id.to_string(),
        workers,
        coins: 0,
        effect,
        min_players: 2,
        unlimited: false,
    }
}

fn moves(colours: &[Colour], moves: u8) -> SpaceEffect {
    SpaceEffect::TrackMoves {
        colours: colours.to_vec(),
        moves,
    }
}

/// The base main board (rules #components, #turn).
fn action_spaces() -> Vec<ActionSpace> {
    // Long: component data: the board's action spaces, one entry each.
    use Colour::*;
    let three_players = |mut s: ActionSpace| {
        s.min_players = 3;
        s
    };
    vec![
        space("coins", 1, SpaceEffect::Coins { coins: 2 }),
        three_players(space("black_1", 1, moves(&[Black], 2))),
        space("black_2", 2, moves(&[Black], 3)),
        three_players(space("grey_1", 1, moves(&[Grey], 2))),
        space("grey_2", 2, moves(&[Grey], 3)),
        space("brown_1", 1, moves(&[Brown], 1)),
        space("brown_2", 2, moves(&[Brown], 2)),
        space("natural_1", 1, moves(&[Natural], 1)),
        space("natural_2", 2, moves(&[Natural], 2)),
        space("white_1", 1, moves(&[White], 1)),
        space("white_2", 2, moves(&[White], 2)),
        ActionSpace {
            coins: 1,
            ..space("any_2", 1, moves(&[], 2))
        },
        ActionSpace {
            unlimited: true,
            ..space("black_or_grey", 1, moves(&[Black, Grey], 1))
        },
        space("doubler", 1, SpaceEffect::Doubler {}),
        space(
            "temporary_workers",
            1,
            SpaceEffect::TemporaryWorkers { workers: 2 },
        ),
        space(
            "locomotive_1",
            1,
            SpaceEffect::LocomotiveOrFactory { both: false },
        ),
        space(
            "locomotive_2",
            2,
            SpaceEffect::LocomotiveOrFactory { both: false },
        ),
        space(
            "locomotive_3",
            3,
            SpaceEffect::LocomotiveOrFactory { both: true },
        ),
        space(
            "industry_1",
            1,
            SpaceEffect::Industry {
                moves: 1,
                black_moves: 0,
            },
        ),
        space(
            "industry_2",
            2,
            SpaceEffect::Industry {
                moves: 2,
                black_moves: 0,
            },
        ),
        space(
            "industry_3",
            2,
            SpaceEffect::Industry {
                moves: 1,
                black_moves: 1,
            },
        ),
        space("turn_order_1", 1, SpaceEffect::TurnOrder { place: 1 }),
        three_players(space(
            "turn_order_2",
            1,
            SpaceEffect::TurnOrder { place: 2 },
        )),
        space("engineer_1", 1, SpaceEffect::PublicEngineer { place: 1 }),
        space("engineer_2", 1, SpaceEffect::PublicEngineer { place: 2 }),
        ActionSpace {
            coins: 1,
            ..space("hire_engineer", 0, SpaceEffect::HireEngineer {})
        },
    ]
}

fn special(space: u8, colour: Colour, needs_locomotive: bool, special: Special) -> SpecialSpace {
    SpecialSpace {
        space,
        colour,
        needs_locomotive,
        special,
    }
}

/// Our own American board: the Rocky Mountaineer, Transcontinental East (7 spaces) and West
/// (9 spaces, a boulder on space 8).
fn railroads() -> Vec<Railroad> {
    use Colour::*;
    vec![
        Railroad {
            name: "Rocky Mountaineer".to_string(),
            spaces: 15,
            locomotive_slots: 2,
            doubler_spaces: (1..=8).collect(),
            boulder: None,
            specials: vec![
                special(2, Black, false, Special::Unlock { colour: Grey }),
                special(3, Black, true, Special::Worker {}),
                special(4, Black, true, Special::Question {}),
                special(5, Grey, true, Special::StockAdvance {}),
                special(6, Black, false, Special::Unlock { colour: Brown }),
                special(8, Black, false, Special::Detonation {}),
                special(10, Black, false, Special::Unlock { colour: Natural }),
                special(
                    11,
                    Brown,
                    false,
                    Special::CoinSpace {
                        advantage: Advantage::StockAdvance {},
                    },
                ),
                special(12, Natural, true, Special::StockAdvance {}),
                special(15, Black, false, Special::Unlock { colour: White }),
            ],
        },
        Railroad {
            name: "Transcontinental East".to_string(),
            spaces: 7,
            locomotive_slots: 1,
            doubler_spaces: vec![1, 2, 3],
            boulder: None,
            specials: vec![
                special(3, Black, false, Special::StockAdvance {}),
                special(
                    4,
                    Grey,
                    false,
                    Special::CoinSpace {
                        advantage: Advantage::AnyMove {},
                    },
                ),
                special(5, Brown, false, Special::Detonation {}),
                special(7, Black, true, Special::TranscontinentalEnd {}),
            ],
        },
        Railroad {
            name: "Transcontinental West".to_string(),
            spaces: 9,
            locomotive_slots: 1,
            doubler_spaces: vec![1, 2, 3],
            boulder: Some(8),
            specials: vec![
                special(4, Black, true, Special::Question {}),
                special(
                    6,
                    Grey,
                    false,
                    Special::CoinSpace {
                        advantage: Advantage::Industry {},
                    },
                ),
                special(7, Brown, false, Special::StockAdvance {}),
                special(9, Black, true, Special::TranscontinentalEnd {}),
            ],
        },
    ]
}

/// The bottom track with the values the decisions name (1 2 3 4 5 10 15 20 25 30, gaps before
/// the last five); the top one our own, with the boulder on its 15.
fn industry_tracks() -> Vec<IndustryTrack> {
    use IndustrySpace::Boulder;
    const GAP: IndustrySpace = IndustrySpace::Gap {};
    let p = |points| IndustrySpace::Points { points };
    vec![
        IndustryTrack {
            name: "bottom".to_string(),
            spaces: vec![
                p(0),
                p(1),
                p(2),
                p(3),
                p(4),
                p(5),
                GAP,
                p(10),
                GAP,
                p(15),
                GAP,
                p(20),
                GAP,
                p(25),
                GAP,
                p(30),
            ],
            gaps_may_be_skipped: false,
        },
        IndustryTrack {
            name: "top".to_string(),
            spaces: vec![
                p(0),
                p(2),
                p(4),
                GAP,
                p(8),
                GAP,
                Boulder { points: 15 },
                GAP,
                p(20),
                GAP,
                p(25),
                GAP,
                p(30),
            ],
            gaps_may_be_skipped: true,
        },
    ]
}

/// #1 to #9; the factory sides of #2, #3 (a move) and #6 (a coin) follow the research, the rest
/// are ours.
fn locomotives() -> Vec<Locomotive> {
    let loco = |number, factory| Locomotive { number, factory };
    vec![
        loco(1, FactoryAction::Points { points: 1 }),
        loco(
            2,
            FactoryAction::TrackMoves {
                colour: None,
                moves: 1,
            },
        ),
        loco(
            3,
            FactoryAction::TrackMoves {
                colour: None,
                moves: 1,
            },
        ),
        loco(4, FactoryAction::StockAdvance {}),
        loco(5, FactoryAction::Industry { moves: 1 }),
        loco(6, FactoryAction::Coins { coins: 1 }),
        loco(
            7,
            FactoryAction::TrackMoves {
                colour: Some(Colour::Black),
                moves: 2,
            },
        ),
        loco(8, FactoryAction::Doubler {}),
        loco(9, FactoryAction::Points { points: 5 }),
    ]
}

/// Fourteen engineers, #2 to #15: stack A #2-#8, stack B #9-#15.
fn engineers() -> Vec<Engineer> {
    use Colour::*;
    let actions = [
        moves(&[Black], 3),
        moves(&[Grey], 2),
        SpaceEffect::Coins { coins: 3 },
        moves(&[Brown], 2),
        SpaceEffect::Industry {
            moves: 2,
            black_moves: 0,
        },
        moves(&[], 2),
        SpaceEffect::Doubler {},
        moves(&[Natural], 2),
        moves(&[Black, Grey], 3),
        SpaceEffect::Industry {
            moves: 1,
            black_moves: 2,
        },
        moves(&[White], 2),
        SpaceEffect::LocomotiveOrFactory { both: false },
        moves(&[], 3),
        SpaceEffect::Coins { coins: 4 },
    ];
    actions
        .into_iter()
        .enumerate()
        .map(|(i, action)| Engineer {
            number: i as u8 + 2,
            stack: if i < 7 { 'A' } else { 'B' },
            action,
        })
        .collect()
}
