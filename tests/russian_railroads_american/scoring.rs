//! Scoring on hand-made boards: a round's scoring (railroads in reach, doublers, the completed
//! Transcontinental ends and the Golden Spike, both industry tracks, the 20-point "?" token);
//! the end (engineer majority 40/20, ties to the highest engineer; stocks 20/10, ties to the
//! marker farther left; end-bonus cards; a tie shares the win).

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::event::{Event, FinalScore, RoundScore};
use railrules::games::russian_railroads_american::state::{Phase, Seat::*};

/// P1's board:
/// - Rocky Mountaineer: locomotives #1 and #3 (reach 4); brown on 2, grey on 4, black on 8 (its
///   detonation took West's boulder: 10 points); a doubler on space 1.
/// - Transcontinental East: black on its end (7), locomotive #7 (reach 7): the end completed.
/// - Transcontinental West: black on its end (9), locomotive #9 when `west_locomotive`.
/// - Bottom industry marker on its 10 (factory #2 in the first gap); top marker on its 8.
/// - The "?" tokens `tokens` spent for the "?" spaces met (the Rocky Mountaineer's 4 and, with
///   its locomotive, West's 4; one not named is the end-bonus card token, which drew a card).
/// - The tiles below each locomotive taken before (returned to the supply), the steelworks of
///   the piles emptied with them taken by P2.
fn scoring_board_with(tokens: &[u8], west_locomotive: bool) -> State {
    let mut s = game(2);
    give_factory(&mut s, P1, BOTTOM, 2);
    exhaust_below(&mut s, 3, P2);
    give_locomotive(&mut s, P1, ROCKY, 3);
    s.players[0].question_tokens = tokens.to_vec();
    unlock(&mut s, P1, &[Grey, Brown]);
    tracks(&mut s, P1, ROCKY, &[(Black, 8), (Grey, 4), (Brown, 2)]);
    s.players[0].railroads[0].doublers = vec![1];
    s.doublers -= 1;
    tracks(&mut s, P1, EAST, &[(Black, 7)]);
    exhaust_below(&mut s, 7, P2);
    give_locomotive(&mut s, P1, EAST, 7);
    tracks(&mut s, P1, WEST, &[(Black, 9)]);
    if west_locomotive {
        exhaust_below(&mut s, 9, P2);
        give_locomotive(&mut s, P1, WEST, 9);
    }
    s.players[0].industry[0].marker = 7;
    s.players[0].industry[1].marker = 4;
    // P2: only its bottom marker on the 2.
    s.players[1].industry[0].marker = 2;
    settle(&mut s, P1);
    clean(&s);
    s
}

/// The board above, the 20-point "?" token spent (and the end-bonus card token).
fn scoring_board() -> State {
    scoring_board_with(&[TWENTY_POINTS], true)
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
    // Passing: P1 first (0), P2 second (2); P1 had the detonation's 10.
    assert_eq!((s.players[0].points, s.players[1].points), (10 + 66, 2 + 2));
}

#[test]
fn the_golden_spike_makes_each_completed_end_score_25() {
    // The Golden Spike spent for the second "?" space.
    let mut s = scoring_board_with(&[TWENTY_POINTS, GOLDEN_SPIKE], true);
    let scores = round_scores(&mut s);
    // The tile covers the +10: each end 25, 50; 8 + 50 + 10 + 8 + 20 = 96.
    assert_eq!(scores[0].transcontinental, 2 * 25);
    assert_eq!(scores[0].total, 96);
    assert_eq!(s.players[0].points, 10 + 96);
}

#[test]
fn an_end_out_of_the_locomotives_reach_scores_nothing_extra() {
    // West without a locomotive: reach 0, West's end is not completed (nor its "?" met).
    let mut s = scoring_board_with(&[TWENTY_POINTS], false);
    let scores = round_scores(&mut s);
    assert_eq!(scores[0].transcontinental, 10);
    // 8 + 10 + 10 + 8 + 20.
    assert_eq!(scores[0].total, 56);
}

/// The last round (6 at 3 players), the boards as set up (they score nothing), and:
/// - engineers: P1 #2 and #9, P2 #3 and #12, P3 #4;
/// - stocks: P1 then P3 on level 3 (P1 farther left), P2 on level 2;
/// - end-bonus cards: P1 6 per engineer, P2 4 per stock level, P3 5 per dividend token chosen.
fn last_round() -> State {
    let mut s = game(3);
    // The five engineers that reached the hiring place in rounds 1-5 were hired: stack A's
    // (#2-#8) first, then two of stack B's; #15 of stack B is on the hiring place.
    engineers_in_round(
        &mut s,
        6,
        &[15],
        &[(P1, 2), (P1, 9), (P2, 3), (P2, 12), (P3, 4)],
        &[],
    );
    stock_marker(&mut s, P1, 3);
    stock_marker(&mut s, P3, 3);
    stock_marker(&mut s, P2, 2);
    dividend(&mut s, 1, COIN, P1);
    dividend(&mut s, 2, FIVE_POINTS, P3);
    dividend(&mut s, 3, BLACK_MOVE, P1);
    draw_card(&mut s, P1, 1);
    draw_card(&mut s, P2, 4);
    draw_card(&mut s, P3, 5);
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
    // The engineers of rounds 1-5 gone unhired but #4, P1's; #11 on the hiring place.
    engineers_in_round(&mut s, 6, &[11], &[(P1, 4)], &[2, 3, 9, 10]);
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
