//! The steelworks (the seed): the last tile of pile #4 takes its steelworks, to place as a
//! factory or discard; after the turn, a general payout: the taker first, then the others in
//! turn order, a seat with nothing to take or choose passed over; a steelworks fires one black
//! move and may be replaced at any time.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::{Action, Resolution, Tile};
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::data::SpaceEffect;
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::locomotives::STEELWORKS;
use railrules::games::russian_railroads_american::state::{Decision, Phase, Seat, Seat::*};

fn place_steelworks(player: Seat, track: u8) -> Action {
    Action::PlaceSteelworks {
        player,
        track,
        replace: None,
    }
}

/// Piles #2 and #3 empty (their tiles returned as factories), one #4 tile left; the other #4
/// tiles on the other players' Transcontinental East.
fn last_four(players: u8, to_act: Seat) -> State {
    let mut s = turn_of(players, to_act);
    empty_pile(&mut s, 2);
    empty_pile(&mut s, 3);
    for &seat in &Seat::ALL[..usize::from(players)] {
        if seat != to_act {
            give_locomotive(&mut s, seat, EAST, 4);
        }
    }
    clean(&s);
    s
}

#[expect(
    clippy::too_many_lines,
    reason = "one story: the pile's last tile, the steelworks, then the payout and each figure it changes"
)]
#[test]
fn the_last_tile_of_pile_four_brings_its_steelworks_then_a_general_payout() {
    let mut s = last_four(3, P1);
    s.turn_order = vec![P3, P1, P2];
    // P1 on level 1 (a coin), P2 on level 2 (a black move), P3 at the bottom.
    stock_marker(&mut s, P1, 1);
    dividend(&mut s, 1, COIN, P1);
    stock_marker(&mut s, P2, 2);
    dividend(&mut s, 2, BLACK_MOVE, P2);
    clean(&s);
    let events = play(&mut s, locomotive_onto(P1, EAST));
    assert_eq!(
        events[1..],
        [
            Event::SteelworksTaken {
                seat: P1,
                steelworks: 0
            },
            Event::LocomotiveTaken {
                seat: P1,
                number: 4,
                railroad: EAST,
                replaced: None
            }
        ]
    );
    assert_eq!(s.steelworks, vec![Some(P1), None, None]);
    assert_eq!(
        s.turn.decisions,
        vec![Decision::Steelworks { steelworks: 0 }]
    );
    // Into the first gap of either track, or back to the box.
    assert_eq!(
        Rra::legal_actions(&s),
        vec![
            place_steelworks(P1, BOTTOM),
            place_steelworks(P1, TOP),
            Action::DiscardSteelworks { player: P1 }
        ]
    );
    assert_eq!(refused(&s, end_turn(P1)), "decision_pending");
    let events = play(&mut s, place_steelworks(P1, BOTTOM));
    assert_eq!(
        events,
        vec![Event::FactoryBuilt {
            seat: P1,
            number: STEELWORKS,
            track: BOTTOM,
            gap: 0,
            replaced: None
        }]
    );
    assert_eq!(s.players[0].industry[0].factories[0], Some(STEELWORKS));
    // The payout follows the turn: P1 (the taker), then round the table in turn order (P3,
    // P1, P2): P2, then P3. P1's coin needs no choice; P2's black move does, so P3 waits.
    let events = play(&mut s, end_turn(P1));
    assert_eq!(
        events,
        vec![
            Event::Payout {
                seat: P1,
                general: true,
                tokens: vec![COIN]
            },
            Event::CoinsTaken { seat: P1, coins: 1 },
            Event::Payout {
                seat: P2,
                general: true,
                tokens: vec![COIN, BLACK_MOVE]
            },
            Event::CoinsTaken { seat: P2, coins: 1 }
        ]
    );
    // 3 players: 1 coin each, + 1.
    assert_eq!((s.players[0].coins, s.players[1].coins), (2, 2));
    assert_eq!(
        s.phase,
        Phase::Payout {
            to_act: P2,
            next: vec![P3],
            resume: Some(P1),
            resume_reuse: vec![]
        }
    );
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::TrackMoves {
            colours: vec![Black],
            moves: 1
        }]
    );
    // Only the payout's moves, or the end of it.
    assert_eq!(refused(&s, take(P2, "coins")), "not_now");
    assert_eq!(refused(&s, pass(P2)), "not_now");
    assert!(listed(&s, &end_turn(P2)));
    assert!(
        !Rra::legal_actions(&s)
            .iter()
            .any(|a| matches!(a, Action::Place { .. } | Action::Pass { .. }))
    );
    play(&mut s, move_track(P2, 0, WEST, Black));
    assert_eq!(s.players[1].railroads[2].tracks[0].space, 2);
    // P3, at the bottom, has nothing: passed over. Play goes on after P1, in turn order P3,
    // P1, P2.
    let events = play(&mut s, end_turn(P2));
    assert_eq!(
        events,
        vec![Event::Payout {
            seat: P3,
            general: true,
            tokens: vec![]
        }]
    );
    assert_eq!(s.phase, Phase::Placement { to_act: P2 });
}

#[test]
fn a_discarded_steelworks_still_brings_the_payout_and_seats_with_nothing_to_choose_are_passed_over()
{
    let mut s = last_four(2, P2);
    stock_marker(&mut s, P2, 1);
    dividend(&mut s, 1, FIVE_POINTS, P2);
    clean(&s);
    play(&mut s, locomotive_onto(P2, EAST));
    let events = play(&mut s, Action::DiscardSteelworks { player: P2 });
    assert_eq!(
        events,
        vec![Event::SteelworksDiscarded {
            seat: P2,
            steelworks: 0
        }]
    );
    assert!(
        s.players[1]
            .industry
            .iter()
            .all(|t| t.factories[0].is_none())
    );
    // Taken, even if discarded: no later tile brings it again.
    assert_eq!(s.steelworks[0], Some(P2));
    let events = play(&mut s, end_turn(P2));
    assert_eq!(
        events,
        vec![
            Event::Payout {
                seat: P2,
                general: true,
                tokens: vec![FIVE_POINTS]
            },
            Event::PointsScored {
                seat: P2,
                points: 5,
                reason: "advantage".to_string()
            },
            Event::Payout {
                seat: P1,
                general: true,
                tokens: vec![]
            }
        ]
    );
    // Nobody had a choice: placement goes on after P2.
    assert_eq!(s.phase, Phase::Placement { to_act: P1 });
    assert_eq!(s.players[1].points, 5);
}

#[test]
fn a_steelworks_fires_a_black_move_and_is_replaced_at_any_time() {
    let mut s = game(2);
    // Piles #2 to #4 taken (P1 took the last #4 and its steelworks), #5 the lowest tile.
    exhaust_below(&mut s, 5, P1);
    s.players[0].industry[0].factories[0] = Some(STEELWORKS);
    s.players[0].industry[0].marker = 5;
    clean(&s);
    let events = play(&mut s, place(P1, "industry_1", industry(&[BOTTOM])));
    assert_eq!(
        events.last(),
        Some(&Event::FactoryFired {
            seat: P1,
            track: BOTTOM,
            number: STEELWORKS
        })
    );
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::TrackMoves {
            colours: vec![Black],
            moves: 1
        }]
    );
    play(&mut s, end_turn(P1));
    play(&mut s, pass(P2));
    // Four gaps are empty, yet the new factory may replace the steelworks (back to the box).
    let replace = place(
        P1,
        "locomotive_1",
        Resolution {
            tiles: vec![Tile {
                factory: Some(BOTTOM),
                replace: Some(0),
                ..Tile::default()
            }],
            ..Resolution::default()
        },
    );
    assert!(listed(&s, &replace));
    let returned = s.returned_factories.clone();
    let events = play(&mut s, replace);
    assert_eq!(
        events[1..],
        [Event::FactoryBuilt {
            seat: P1,
            number: 5,
            track: BOTTOM,
            gap: 0,
            replaced: Some(STEELWORKS)
        }]
    );
    assert_eq!(s.players[0].industry[0].factories[0], Some(5));
    // The steelworks went to the box, not to the supply of returned factories.
    assert_eq!(s.returned_factories, returned);
}
