//! Passing and the round's end (rules #turn, #round): the turn-order card's points by
//! position, passed players skipped, and once all have passed the scoring and the cleanup
//! (workers back, temporary ones gone, the engineer strip sliding right, the new turn order).

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::event::{Event, FinalScore, RoundScore};
use railrules::games::russian_railroads_american::state::{Phase, Seat, Seat::*};

#[test]
fn passing_scores_the_turn_order_card_by_position() {
    let mut s = game(4);
    s.turn_order = vec![P3, P1, P4, P2];
    s.phase = Phase::Placement { to_act: P3 };
    clean(&s);
    // Positions 1st to 4th: 0, 2, 3 and 4 points.
    for (seat, points) in [(P3, 0), (P1, 2), (P4, 3)] {
        assert_eq!(to_act(&s), vec![seat]);
        assert!(listed(&s, &pass(seat)));
        let events = play(&mut s, pass(seat));
        assert_eq!(events, vec![Event::Passed { seat, points }]);
        assert_eq!(s.players[seat.index()].points, points);
        assert!(s.players[seat.index()].passed);
    }
    assert_eq!(refused(&s, pass(P1)), "not_your_turn");
    let events = play(&mut s, pass(P2));
    assert_eq!(
        events[0],
        Event::Passed {
            seat: P2,
            points: 4
        }
    );
    // The boards as set up score nothing (black only, locomotive #1): the points stay.
    let points: Vec<u32> = s.players.iter().map(|p| p.points).collect();
    assert_eq!(points, vec![2, 4, 0, 3]);
}

#[test]
fn a_pass_ends_the_players_round_not_after_an_action() {
    let mut s = game(2);
    play(&mut s, take(P1, "coins"));
    assert_eq!(refused(&s, pass(P1)), "not_now");
    assert!(!listed(&s, &pass(P1)));
}

#[test]
fn a_passed_player_is_skipped() {
    let mut s = game(3);
    play(&mut s, take(P1, "coins"));
    play(&mut s, end_turn(P1));
    play(&mut s, pass(P2));
    assert_eq!(to_act(&s), vec![P3]);
    play(&mut s, place(P3, "black_or_grey", moves(&[(WEST, Black)])));
    play(&mut s, end_turn(P3));
    // P2 has passed: P1, then P3, then P1 again.
    assert_eq!(to_act(&s), vec![P1]);
    play(&mut s, place(P1, "black_or_grey", moves(&[(WEST, Black)])));
    play(&mut s, end_turn(P1));
    assert_eq!(to_act(&s), vec![P3]);
    assert_eq!(refused(&s, pass(P2)), "not_your_turn");
    play(&mut s, pass(P3));
    assert_eq!(to_act(&s), vec![P1]);
    assert_eq!(s.round, 1);
    play(&mut s, pass(P1));
    assert_eq!((s.round, to_act(&s)), (2, vec![P1]));
}

#[test]
fn when_all_have_passed_the_round_is_scored_and_cleaned_up() {
    let mut s = game(2);
    // P1's bottom industry marker on its 3: 3 points a round.
    s.players[0].industry[0].marker = 3;
    // P2 hires nobody: the engineer on the hiring place leaves at the end of the round.
    let strip = s.engineer_strip.clone();
    let leaving = strip.last().copied().flatten().unwrap();
    play(&mut s, take(P1, "temporary_workers"));
    assert_eq!(s.players[0].temporary_workers, 2);
    // 6 workers + 2 temporary - 1 placed.
    assert_eq!(
        railrules::games::russian_railroads_american::turn::workers_left(&s, P1),
        7
    );
    play(&mut s, end_turn(P1));
    assert_eq!(
        play(&mut s, pass(P2)),
        vec![Event::Passed {
            seat: P2,
            points: 2
        }]
    );
    play(&mut s, take(P1, "coins"));
    play(&mut s, end_turn(P1));
    let events = play(&mut s, pass(P1));
    assert_eq!(
        events,
        vec![
            Event::Passed {
                seat: P1,
                points: 0
            },
            Event::RoundScored {
                round: 1,
                scores: vec![
                    RoundScore {
                        seat: P1,
                        railroads: vec![0, 0, 0],
                        transcontinental: 0,
                        industry: vec![3, 0],
                        tokens: 0,
                        total: 3
                    },
                    RoundScore {
                        seat: P2,
                        railroads: vec![0, 0, 0],
                        transcontinental: 0,
                        industry: vec![0, 0],
                        tokens: 0,
                        total: 0
                    }
                ]
            },
            Event::EngineerLeft { engineer: leaving },
            Event::RoundStarted {
                round: 2,
                turn_order: vec![P1, P2]
            }
        ]
    );
    // P1: 0 for passing first + 3; P2: 2 for passing second + 0.
    assert_eq!((s.players[0].points, s.players[1].points), (3, 2));
    // The strip slid one place right: an empty place on its left.
    let mut slid = vec![None];
    slid.extend_from_slice(&strip[..strip.len() - 1]);
    assert_eq!(s.engineer_strip, slid);
    assert_eq!(s.engineers_gone, vec![leaving]);
    // Workers back, temporary workers gone, nobody passed.
    assert!(s.placements.is_empty());
    assert_eq!(s.players[0].temporary_workers, 0);
    assert_eq!(
        railrules::games::russian_railroads_american::turn::workers_left(&s, P1),
        6
    );
    assert!(s.players.iter().all(|p| !p.passed));
    assert_eq!(s.phase, Phase::Placement { to_act: P1 });
    assert!(space_listed(&s, "coins"));
}

#[test]
fn an_engineer_hired_does_not_leave() {
    let mut s = game(2);
    let strip = s.engineer_strip.clone();
    let hired = strip.last().copied().flatten().unwrap();
    // Hiring costs a coin and no worker: 2 - 1.
    let events = play(&mut s, take(P1, "hire_engineer"));
    assert_eq!(
        events,
        vec![
            Event::WorkersPlaced {
                seat: P1,
                space: "hire_engineer".to_string(),
                workers: 0,
                coins: 1
            },
            Event::EngineerHired {
                seat: P1,
                engineer: hired
            }
        ]
    );
    assert_eq!(
        (s.players[0].coins, s.players[0].engineers.clone()),
        (1, vec![hired])
    );
    play(&mut s, end_turn(P1));
    assert_eq!(refused(&s, take(P2, "hire_engineer")), "space_taken");
    play(&mut s, pass(P2));
    let events = play(&mut s, pass(P1));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::EngineerLeft { .. }))
    );
    assert!(s.engineers_gone.is_empty());
    let mut slid = vec![None];
    slid.extend_from_slice(&strip[..strip.len() - 1]);
    assert_eq!(s.engineer_strip, slid);
    // Round 2: the engineer that slid onto the hiring place may be hired.
    assert_eq!(
        s.engineer_strip.last().copied().flatten(),
        strip[strip.len() - 2]
    );
    assert!(listed(&s, &take(P1, "hire_engineer")));
}

#[test]
fn the_last_round_ends_the_game_after_its_scoring() {
    let mut s = game(2);
    // Round 6: the five engineers that reached the hiring place left unhired.
    engineers_in_round(&mut s, 6, &[11], &[], &[2, 3, 4, 9, 10]);
    s.players[1].industry[0].marker = 2;
    play(&mut s, pass(P1));
    let events = play(&mut s, pass(P2));
    // P2's 2 industry points; then the end, no new round.
    assert!(matches!(&events[1], Event::RoundScored { round: 6, .. }));
    // No engineers, no stock markers, no cards: P1 0, P2 2 for passing second + 2.
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            scores: vec![
                FinalScore {
                    seat: P1,
                    engineer_majority: 0,
                    stock_bonus: 0,
                    end_bonus_cards: 0,
                    points: 0
                },
                FinalScore {
                    seat: P2,
                    engineer_majority: 0,
                    stock_bonus: 0,
                    end_bonus_cards: 0,
                    points: 2 + 2
                }
            ],
            winners: vec![P2]
        })
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::RoundStarted { .. }))
    );
    assert_eq!(s.phase, Phase::GameEnded {});
    assert!(Rra::legal_actions(&s).is_empty());
    assert_eq!(to_act(&s), Vec::<Seat>::new());
    assert_eq!(refused(&s, pass(P1)), "game_over");
}
