//! The stocks board in play (the seed): the first to a level chooses its dividend token before
//! anything else and takes its advantage; a later arrival takes the level's advantage; at the
//! top an advancement is a personal payout; the "?" Stock token moves up with the level's
//! advantage, then pays out.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::Action;
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::data::SpaceEffect;
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::state::{Decision, Seat, Seat::*};

fn dividend_token(player: Seat, token: u8) -> Action {
    Action::ChooseDividendToken { player, token }
}

fn question_token(player: Seat, token: u8) -> Action {
    Action::ChooseQuestionToken { player, token }
}

/// Both players' black track on Transcontinental East's 2, one space before its stocks
/// advancement (3).
fn before_east_3() -> State {
    let mut s = game(2);
    for seat in [P1, P2] {
        tracks(&mut s, seat, EAST, &[(Black, 2)]);
    }
    s
}

fn east_3(player: Seat) -> Action {
    place(player, "black_or_grey", moves(&[(EAST, Black)]))
}

#[test]
fn the_first_to_a_level_chooses_its_token_before_anything_else() {
    let mut s = before_east_3();
    let events = play(&mut s, east_3(P1));
    assert_eq!(
        events[2..],
        [
            Event::SpecialSpaceMet {
                seat: P1,
                railroad: EAST,
                space: 3
            },
            Event::StockAdvanced {
                seat: P1,
                level: 1,
                first: true
            }
        ]
    );
    assert_eq!(
        s.turn.decisions,
        vec![Decision::DividendToken {
            level: 1,
            then_payout: false
        }]
    );
    // The answers: the 8 tokens by the board; nothing else meanwhile.
    let answers: Vec<Action> = (0..8).map(|t| dividend_token(P1, t)).collect();
    assert_eq!(Rra::legal_actions(&s), answers);
    for other in [
        end_turn(P1),
        move_track(P1, 0, WEST, Black),
        question_token(P1, 0),
    ] {
        assert_eq!(refused(&s, other.clone()), "decision_pending", "{other:?}");
    }
    // The coin token: its coin at once (2 + 1).
    let events = play(&mut s, dividend_token(P1, COIN));
    assert_eq!(
        events,
        vec![
            Event::DividendTokenTaken {
                seat: P1,
                level: 1,
                token: COIN
            },
            Event::CoinsTaken { seat: P1, coins: 1 }
        ]
    );
    assert_eq!(s.players[0].coins, 3);
    assert_eq!(
        (s.stock_levels[0].token, s.stock_levels[0].chosen_by),
        (Some(COIN), Some(P1))
    );
    assert!(!s.dividend_tokens.contains(&COIN));
    assert_eq!(refused(&s, dividend_token(P1, 0)), "no_decision");
    play(&mut s, end_turn(P1));

    // P2 arrives second: to the right of P1, the level's coin, no choice.
    let events = play(&mut s, east_3(P2));
    assert_eq!(
        events[3..],
        [
            Event::StockAdvanced {
                seat: P2,
                level: 1,
                first: false
            },
            Event::CoinsTaken { seat: P2, coins: 1 }
        ]
    );
    assert!(s.turn.decisions.is_empty());
    assert_eq!(s.stock_levels[0].markers, vec![P1, P2]);
    assert_eq!(s.players[1].coins, 3);
}

#[test]
fn a_token_on_the_board_is_not_chosen_again() {
    let mut s = game(2);
    stock_marker(&mut s, P1, 1);
    dividend(&mut s, 1, COIN, P1);
    // Factory #4 (a stocks advancement) in the bottom track's first gap (the #2 and #3 tiles
    // taken before it); the marker before it.
    exhaust_below(&mut s, 4, P2);
    give_factory(&mut s, P1, BOTTOM, 4);
    s.players[0].industry[0].marker = 5;
    clean(&s);
    let events = play(&mut s, place(P1, "industry_1", industry(&[BOTTOM])));
    assert!(events.contains(&Event::StockAdvanced {
        seat: P1,
        level: 2,
        first: true
    }));
    assert_eq!(refused(&s, dividend_token(P1, COIN)), "token_taken");
    assert!(!listed(&s, &dividend_token(P1, COIN)));
    assert_eq!(Rra::legal_actions(&s).len(), 7);
    // A black move: into the pool.
    play(&mut s, dividend_token(P1, BLACK_MOVE));
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::TrackMoves {
            colours: vec![Black],
            moves: 1
        }]
    );
    assert_eq!(s.stock_levels[0].markers, Vec::<Seat>::new());
    assert_eq!(s.stock_levels[1].markers, vec![P1]);
}

#[test]
fn at_the_top_an_advancement_is_a_personal_payout_of_every_level() {
    let mut s = before_east_3();
    // P1 on the top level (6); tokens on levels 1-6.
    let tokens = [
        COIN,
        FIVE_POINTS,
        BLACK_MOVE,
        INDUSTRY_MOVE,
        FIVE_POINTS_TOO,
        BROWN_AND_NATURAL,
    ];
    // P1 reached each level first, choosing its token.
    for (i, &token) in tokens.iter().enumerate() {
        dividend(&mut s, i as u8 + 1, token, P1);
    }
    stock_marker(&mut s, P1, 6);
    clean(&s);
    let events = play(&mut s, east_3(P1));
    // Coin and points at once (2 + 1 coins, 5 + 5 points); the moves into the pool.
    assert_eq!(
        events[3..],
        [
            Event::Payout {
                seat: P1,
                general: false,
                tokens: tokens.to_vec()
            },
            Event::CoinsTaken { seat: P1, coins: 1 },
            Event::PointsScored {
                seat: P1,
                points: 5,
                reason: "advantage".to_string()
            },
            Event::PointsScored {
                seat: P1,
                points: 5,
                reason: "advantage".to_string()
            }
        ]
    );
    assert_eq!((s.players[0].coins, s.players[0].points), (3, 10));
    assert_eq!(s.players[0].stock_level, 6);
    assert_eq!(s.stock_levels[5].markers, vec![P1]);
    let one = |colour| SpaceEffect::TrackMoves {
        colours: vec![colour],
        moves: 1,
    };
    assert_eq!(
        s.turn.pool,
        vec![
            one(Black),
            SpaceEffect::Industry {
                moves: 1,
                black_moves: 0
            },
            one(Brown),
            one(Natural)
        ]
    );
    // Any of them may be taken or declined: brown and natural are not unlocked.
    assert!(listed(&s, &move_track(P1, 0, WEST, Black)));
    assert!(listed(&s, &move_industry(P1, 1, TOP)));
    assert!(
        !Rra::legal_actions(&s)
            .iter()
            .any(|a| matches!(a, Action::MoveTrack { item: 2 | 3, .. }))
    );
    play(&mut s, move_industry(P1, 1, TOP));
    play(&mut s, end_turn(P1));
    assert_eq!(s.players[0].industry[1].marker, 1);
    assert!(s.turn.pool.is_empty());
}

/// P1's black on Transcontinental West's 3 with locomotive #4 there: moving it to 4 meets the
/// "?" space (which needs the reach).
fn before_west_4() -> State {
    let mut s = game(2);
    tracks(&mut s, P1, WEST, &[(Black, 3)]);
    exhaust_below(&mut s, 4, P2);
    give_locomotive(&mut s, P1, WEST, 4);
    clean(&s);
    s
}

#[test]
fn the_stock_token_moves_up_with_the_levels_advantage_then_pays_out() {
    let mut s = before_west_4();
    // P1 on level 1 (a coin); P2 on level 2 (5 points).
    stock_marker(&mut s, P1, 1);
    dividend(&mut s, 1, COIN, P1);
    stock_marker(&mut s, P2, 2);
    dividend(&mut s, 2, FIVE_POINTS, P2);
    clean(&s);
    let events = play(&mut s, place(P1, "black_or_grey", moves(&[(WEST, Black)])));
    assert_eq!(
        events.last(),
        Some(&Event::SpecialSpaceMet {
            seat: P1,
            railroad: WEST,
            space: 4
        })
    );
    assert_eq!(s.turn.decisions, vec![Decision::QuestionToken {}]);
    let answers: Vec<Action> = (0..5).map(|t| question_token(P1, t)).collect();
    assert_eq!(Rra::legal_actions(&s), answers);
    let events = play(&mut s, question_token(P1, STOCK));
    // Level 2 with its 5 points, then the payout of levels 1 and 2: a coin and 5 points.
    assert_eq!(
        events,
        vec![
            Event::QuestionTokenSpent {
                seat: P1,
                token: STOCK
            },
            Event::StockAdvanced {
                seat: P1,
                level: 2,
                first: false
            },
            Event::PointsScored {
                seat: P1,
                points: 5,
                reason: "advantage".to_string()
            },
            Event::Payout {
                seat: P1,
                general: false,
                tokens: vec![COIN, FIVE_POINTS]
            },
            Event::CoinsTaken { seat: P1, coins: 1 },
            Event::PointsScored {
                seat: P1,
                points: 5,
                reason: "advantage".to_string()
            }
        ]
    );
    assert_eq!((s.players[0].points, s.players[0].coins), (5 + 5, 2 + 1));
    assert_eq!(s.stock_levels[1].markers, vec![P2, P1]);
    assert_eq!(s.players[0].question_tokens, vec![STOCK]);
}

#[test]
fn a_question_token_spent_is_not_chosen_again() {
    let mut s = before_west_4();
    // The stocks "?" token spent on the Rocky Mountaineer's "?" (black on 4, locomotive #4 with
    // #1: reach 5), which moved P1 up a level.
    give_locomotive(&mut s, P1, ROCKY, 4);
    tracks(&mut s, P1, ROCKY, &[(Black, 4)]);
    s.players[0].question_tokens = vec![STOCK];
    settle(&mut s, P1);
    clean(&s);
    play(&mut s, place(P1, "black_or_grey", moves(&[(WEST, Black)])));
    assert_eq!(refused(&s, question_token(P1, STOCK)), "token_spent");
    let answers: Vec<Action> = (0..4).map(|t| question_token(P1, t)).collect();
    assert_eq!(Rra::legal_actions(&s), answers);
    // The end-bonus card token: the top card of the deck.
    let card = s.end_bonus_deck[0];
    let events = play(&mut s, question_token(P1, END_BONUS_CARD));
    assert_eq!(
        events,
        vec![
            Event::QuestionTokenSpent {
                seat: P1,
                token: END_BONUS_CARD
            },
            Event::EndBonusCardDrawn { seat: P1 }
        ]
    );
    assert_eq!(s.players[0].end_bonus, vec![card]);
}

/// The stocks "?" token to a level nobody has reached: its token is chosen first, and the
/// personal payout that follows includes it (the seed: "the level where your stock price
/// marker is and all the levels below it").
#[test]
fn the_stock_token_to_a_new_level_pays_out_after_its_token_is_chosen() {
    let mut s = before_west_4();
    // P1 on level 1 (a coin); level 2 unreached.
    stock_marker(&mut s, P1, 1);
    dividend(&mut s, 1, COIN, P1);
    clean(&s);
    play(&mut s, place(P1, "black_or_grey", moves(&[(WEST, Black)])));
    let events = play(&mut s, question_token(P1, STOCK));
    // Level 2 reached first: no payout yet, the token choice waits.
    assert!(!events.iter().any(|e| matches!(e, Event::Payout { .. })));
    assert_eq!(
        s.turn.decisions,
        vec![Decision::DividendToken {
            level: 2,
            then_payout: true
        }]
    );
    clean(&s);
    let points = s.players[0].points;
    let events = play(&mut s, dividend_token(P1, FIVE_POINTS));
    // The token's 5 points, then the payout of levels 1 and 2: a coin and 5 more points.
    assert_eq!(
        events.iter().find(|e| matches!(e, Event::Payout { .. })),
        Some(&Event::Payout {
            seat: P1,
            general: false,
            tokens: vec![COIN, FIVE_POINTS]
        })
    );
    assert_eq!(s.players[0].points, points + 5 + 5);
    assert!(s.turn.decisions.is_empty());
}
