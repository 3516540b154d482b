//! Scoring on hand-made boards: a round's scoring (railroads in reach, doublers, the completed
//! Transcontinental ends and the Golden Spike, both industry tracks, the 20-point "?" token);
//! the end (engineer majority 40/20, ties to the highest engineer; stocks 20/10, ties to the
//! marker farther left; end-bonus cards; a tie shares the win).

use crate::fixtures::*;
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::event::{Event, FinalScore, RoundScore};
use railrules::games::russian_railroads_american::state::{Phase, Seat::*, State};

/// P1's board:
/// - Rocky Mountaineer: locomotives #1 and #3 (reach 4); brown on 2, grey on 4, black on 6; a
///   doubler on space 1.
/// - Transcontinental East: black on its end (7), locomotive #7 (reach 7): the end completed.
/// - Transcontinental West: its boulder detonated, black on its end (9), locomotive #9.
/// - Bottom industry marker on its 10 (factory #2 in the first gap); top marker on its 8.
/// - The 20-point "?" token spent.
fn scoring_board() -> State {
    let mut s = game(2);
    give_locomotive(&mut s, P1, ROCKY, 3);
    tracks(&mut s, P1, ROCKY, &[(Black, 6), (Grey, 4), (Brown, 2)]);
    s.players[0].railroads[0].doublers = vec![1];
    s.doublers -= 1;
    tracks(&mut s, P1, EAST, &[(Black, 7)]);
    give_locomotive(&mut s, P1, EAST, 7);
    s.players[0].railroads[2].boulder = false;
    tracks(&mut s, P1, WEST, &[(Black, 9)]);
    give_locomotive(&mut s, P1, WEST, 9);
    unlock(&mut s, P1, &[Grey, Brown]);
    give_factory(&mut s, P1, BOTTOM, 2);
    s.players[0].industry[0].marker = 7;
    s.players[0].industry[1].marker = 4;
    s.players[0].question_tokens = vec![TWENTY_POINTS];
    // P2: only its bottom marker on the 2.
    s.players[1].industry[0].marker = 2;
    settle(&mut s, P1);
    clean(&s);
    s
}

fn round_scores(s: &mut State) -> Vec<RoundScore> {
    play(s, pass(P1));
    let events = play(s, pass(P2));
    let scored = events.iter().find_map(|e| match e {
        Event::RoundScored { round: 1, scores } => Some(scores.clone()),
        _ => None,
    });
    scored.expect("the round is scored")
}

#[test]
fn a_round_scores_railroads_ends_industry_and_the_twenty_point_token() {
    let mut s = scoring_board();
    let scores = round_scores(&mut s);
    // Rocky: spaces 1-2 brown (2 each, space 1 doubled: 4 + 2), 3-4 grey (1 each): 8; the
    // black spaces beyond the reach (4) score nothing. East and West: all black (0), but both
    // ends completed: 2 x 10. Industry: 10 and 8. The token: 20.
    // 8 + 20 + 10 + 8 + 20 = 66.
    assert_eq!(
        scores,
        vec![
            RoundScore {
                seat: P1,
                railroads: vec![8, 0, 0],
                transcontinental: 20,
                industry: vec![10, 8],
                tokens: 20,
                total: 66
            },
            RoundScore {
                seat: P2,
                railroads: vec![0, 0, 0],
                transcontinental: 0,
                industry: vec![2, 0],
                tokens: 0,
                total: 2
            }
        ]
    );
    // Passing: P1 first (0), P2 second (2).
    assert_eq!((s.players[0].points, s.players[1].points), (66, 2 + 2));
}

#[test]
fn the_golden_spike_makes_each_completed_end_score_25() {
    let mut s = scoring_board();
    s.players[0].question_tokens.push(GOLDEN_SPIKE);
    let scores = round_scores(&mut s);
    // The tile covers the +10: each end 25, 50; 8 + 50 + 10 + 8 + 20 = 96.
    assert_eq!(scores[0].transcontinental, 2 * 25);
    assert_eq!(scores[0].total, 96);
    assert_eq!(s.players[0].points, 96);
}

#[test]
fn an_end_out_of_the_locomotives_reach_scores_nothing_extra() {
    let mut s = scoring_board();
    // West without its locomotive (#9 back to its pile): reach 0, West's end is not completed.
    s.players[0].railroads[2].locomotives.clear();
    s.piles.iter_mut().find(|p| p.number == 9).unwrap().left += 1;
    clean(&s);
    let scores = round_scores(&mut s);
    assert_eq!(scores[0].transcontinental, 10);
    // 8 + 10 + 10 + 8 + 20.
    assert_eq!(scores[0].total, 56);
}

/// The last round (6 at 3 players), the boards as set up (they score nothing), and:
/// - engineers: P1 #2 and #9, P2 #3 and #12, P3 #15;
/// - stocks: P1 then P3 on level 3 (P1 farther left), P2 on level 2;
/// - end-bonus cards: P1 6 per engineer, P2 4 per stock level, P3 5 per dividend token chosen.
fn last_round() -> State {
    let mut s = game(3);
    s.round = 6;
    for (seat, engineers) in [(P1, vec![2, 9]), (P2, vec![3, 12]), (P3, vec![15])] {
        for e in engineers {
            hire(&mut s, seat, e);
        }
    }
    stock_marker(&mut s, P1, 3);
    stock_marker(&mut s, P3, 3);
    stock_marker(&mut s, P2, 2);
    dividend(&mut s, 1, COIN, P1);
    dividend(&mut s, 2, FIVE_POINTS, P3);
    dividend(&mut s, 3, BLACK_MOVE, P1);
    give_card(&mut s, P1, 1);
    give_card(&mut s, P2, 4);
    give_card(&mut s, P3, 5);
    clean(&s);
    s
}

#[test]
fn the_end_majorities_stock_bonus_cards_and_a_shared_win() {
    let mut s = last_round();
    s.players[0].points = 100;
    s.players[1].points = 102;
    s.players[2].points = 100;
    play(&mut s, pass(P1));
    play(&mut s, pass(P2));
    let events = play(&mut s, pass(P3));
    // Engineers: P1 and P2 have two each; P2's #12 beats P1's #9: P2 40, P1 20, P3 none.
    // Stocks: level 3, P1 left of P3: P1 20, P3 10.
    // Cards: P1 2 engineers x 6 = 12; P2 level 2 x 4 = 8; P3 one token chosen x 5 = 5.
    // P1 100 + 0 (passing 1st) + 20 + 20 + 12 = 152; P2 102 + 2 + 40 + 8 = 152;
    // P3 100 + 3 + 10 + 5 = 118.
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            scores: vec![
                FinalScore {
                    seat: P1,
                    engineer_majority: 20,
                    stock_bonus: 20,
                    end_bonus_cards: 12,
                    points: 152
                },
                FinalScore {
                    seat: P2,
                    engineer_majority: 40,
                    stock_bonus: 0,
                    end_bonus_cards: 8,
                    points: 152
                },
                FinalScore {
                    seat: P3,
                    engineer_majority: 0,
                    stock_bonus: 10,
                    end_bonus_cards: 5,
                    points: 118
                }
            ],
            winners: vec![P1, P2]
        })
    );
    let points: Vec<u32> = s.players.iter().map(|p| p.points).collect();
    assert_eq!(points, vec![152, 152, 118]);
    assert_eq!(s.phase, Phase::GameEnded {});
}

#[test]
fn a_player_without_engineers_takes_no_second_place() {
    let mut s = game(2);
    s.round = 6;
    hire(&mut s, P1, 4);
    // P2 alone at the top of the stocks: 20; nobody second.
    stock_marker(&mut s, P2, 1);
    dividend(&mut s, 1, COIN, P2);
    clean(&s);
    play(&mut s, pass(P1));
    let events = play(&mut s, pass(P2));
    // P1 40 for the majority; P2 2 for passing + 20: P1 wins alone.
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            scores: vec![
                FinalScore {
                    seat: P1,
                    engineer_majority: 40,
                    stock_bonus: 0,
                    end_bonus_cards: 0,
                    points: 40
                },
                FinalScore {
                    seat: P2,
                    engineer_majority: 0,
                    stock_bonus: 20,
                    end_bonus_cards: 0,
                    points: 22
                }
            ],
            winners: vec![P1]
        })
    );
}

/// The end-bonus cards not played above: 4 per factory (a steelworks is not one), 10 per
/// railroad with a track on its last space, 3 per doubler.
#[test]
fn end_bonus_cards_count_factories_completed_railroads_and_doublers() {
    use railrules::games::russian_railroads_american::locomotives::STEELWORKS;
    use railrules::games::russian_railroads_american::round::end_bonus_cards;
    let mut s = scoring_board();
    // A steelworks on the top track beside the bottom track's factory #2.
    s.steelworks[0] = Some(P1);
    s.players[0].industry[1].factories[0] = Some(STEELWORKS);
    s.players[0].railroads[0].doublers = vec![1, 2];
    s.doublers -= 1;
    clean(&s);
    let score = |s: &mut State, card: u8| {
        s.players[0].end_bonus.clear();
        s.end_bonus_deck = (0..8).collect();
        s.end_bonus_removed.clear();
        give_card(s, P1, card);
        end_bonus_cards(s, &s.players[0])
    };
    // Card 0, 4 per factory: #2 only.
    assert_eq!(score(&mut s, 0), 4);
    // Card 2, 10 per completed railroad: East (7) and West (9); the Rocky Mountaineer not.
    assert_eq!(score(&mut s, 2), 2 * 10);
    // Card 3, 3 per doubler: two on the Rocky Mountaineer.
    assert_eq!(score(&mut s, 3), 2 * 3);
    // Two cards add up.
    give_card(&mut s, P1, 0);
    assert_eq!(end_bonus_cards(&s, &s.players[0]), 6 + 4);
}
