//! The action pool (rules #turn, #locomotives, #industry, the seed): a hired engineer's action joins it once a
//! round and may be used in part, the rest lost when the turn ends; a factory fires into it when
//! an industry marker moves onto it; the bottom track stops at an empty gap, the top one lands
//! on and skips gaps; the top track's boulder closes its 15 until detonated.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::{Action, Resolution, Tile};
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::data::SpaceEffect;
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::state::{Seat, Seat::*};

fn use_engineer(player: Seat, engineer: u8) -> Action {
    Action::UseEngineer { player, engineer }
}

#[test]
fn a_hired_engineer_is_used_once_a_round_in_part_and_the_rest_is_lost() {
    let mut s = game(2);
    // Engineer #2: 3 black moves.
    hire(&mut s, P1, 2);
    clean(&s);
    assert_eq!(refused(&s, use_engineer(P1, 3)), "not_hired");
    assert!(listed(&s, &use_engineer(P1, 2)));
    let events = play(&mut s, use_engineer(P1, 2));
    assert_eq!(
        events,
        vec![Event::EngineerUsed {
            seat: P1,
            engineer: 2
        }]
    );
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::TrackMoves {
            colours: vec![Black],
            moves: 3
        }]
    );
    assert_eq!(refused(&s, use_engineer(P1, 2)), "engineer_used");
    assert!(!listed(&s, &use_engineer(P1, 2)));
    // One of its three moves: two left in the item.
    assert_eq!(refused(&s, move_track(P1, 0, WEST, Grey)), "wrong_colour");
    play(&mut s, move_track(P1, 0, WEST, Black));
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::TrackMoves {
            colours: vec![Black],
            moves: 2
        }]
    );
    // The turn still needs its direct action.
    assert_eq!(refused(&s, end_turn(P1)), "direct_action_missing");
    assert!(!listed(&s, &end_turn(P1)));
    play(&mut s, take(P1, "coins"));
    // The pool may still be used after the direct action; the rest is lost at the end.
    play(&mut s, move_track(P1, 0, WEST, Black));
    play(&mut s, end_turn(P1));
    assert!(s.turn.pool.is_empty());
    // West's black: 1 + 2 moves.
    assert_eq!(s.players[0].railroads[2].tracks[0].space, 3);
    play(&mut s, pass(P2));
    // P1's next turn, same round: the engineer is used.
    assert_eq!(refused(&s, use_engineer(P1, 2)), "engineer_used");
    assert!(!Rra::legal_actions(&s).contains(&use_engineer(P1, 2)));
    play(&mut s, pass(P1));
    // The next round it may be used again.
    assert_eq!(s.round, 2);
    assert!(listed(&s, &use_engineer(P1, 2)));
    play(&mut s, use_engineer(P1, 2));
}

#[test]
fn a_factory_fires_when_the_bottom_marker_moves_onto_it() {
    let mut s = game(2);
    // The bottom marker on its 5, before the first gap.
    s.players[0].industry[0].marker = 5;
    let onto_bottom = place(P1, "industry_1", industry(&[BOTTOM]));
    // An empty gap stops it: the bottom move is neither listed nor accepted.
    assert_eq!(refused(&s, onto_bottom.clone()), "gap_unfilled");
    assert!(!listed(&s, &onto_bottom));
    assert!(listed(&s, &place(P1, "industry_1", industry(&[TOP]))));
    // Factory #2 (a move of any track) in the gap: moving onto it fires it into the pool.
    give_factory(&mut s, P1, BOTTOM, 2);
    clean(&s);
    assert!(listed(&s, &onto_bottom));
    let events = play(&mut s, onto_bottom);
    assert_eq!(
        events[1..],
        [
            Event::IndustryAdvanced {
                seat: P1,
                track: BOTTOM,
                space: 6
            },
            Event::FactoryFired {
                seat: P1,
                track: BOTTOM,
                number: 2
            }
        ]
    );
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::TrackMoves {
            colours: vec![],
            moves: 1
        }]
    );
    assert!(listed(&s, &move_track(P1, 0, EAST, Black)));
    play(&mut s, move_track(P1, 0, EAST, Black));
    assert_eq!(s.players[0].railroads[1].tracks[0].space, 2);
    assert!(s.turn.pool.is_empty());
}

#[test]
fn the_top_marker_lands_on_an_empty_gap_for_nothing_and_skips_it() {
    let mut s = game(2);
    // The top track: 0, 2, 4, gap, 8...; its marker on the 4.
    s.players[0].industry[1].marker = 2;
    let events = play(&mut s, place(P1, "industry_2", industry(&[TOP, TOP])));
    assert_eq!(
        events[1..],
        [
            Event::IndustryAdvanced {
                seat: P1,
                track: TOP,
                space: 3
            },
            Event::IndustryAdvanced {
                seat: P1,
                track: TOP,
                space: 4
            }
        ]
    );
    assert!(s.turn.pool.is_empty());
    assert_eq!(s.players[0].industry[1].marker, 4);
}

#[test]
fn the_top_marker_landing_on_a_filled_gap_fires_its_factory() {
    let mut s = game(2);
    // Factories #2 and #6 (a coin) in the top track's first two gaps; the marker on the 8.
    give_factory(&mut s, P1, TOP, 2);
    exhaust_below(&mut s, 6, P2);
    give_factory(&mut s, P1, TOP, 6);
    s.players[0].industry[1].marker = 4;
    clean(&s);
    let events = play(&mut s, place(P1, "industry_1", industry(&[TOP])));
    assert_eq!(
        events[1..],
        [
            Event::IndustryAdvanced {
                seat: P1,
                track: TOP,
                space: 5
            },
            Event::FactoryFired {
                seat: P1,
                track: TOP,
                number: 6
            },
            Event::CoinsTaken { seat: P1, coins: 1 }
        ]
    );
    // 2 coins + 1.
    assert_eq!(s.players[0].coins, 3);
}

#[test]
fn a_factory_placed_under_the_top_marker_does_not_fire() {
    let mut s = game(2);
    // The top marker stands on its first (empty) gap.
    s.players[0].industry[1].marker = 3;
    let factory = Tile {
        factory: Some(TOP),
        ..Tile::default()
    };
    let events = play(
        &mut s,
        place(
            P1,
            "locomotive_1",
            Resolution {
                tiles: vec![factory],
                ..Resolution::default()
            },
        ),
    );
    // The lowest tile, #2, into the first gap; nothing fires.
    assert_eq!(s.players[0].industry[1].factories[0], Some(2));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::FactoryFired { .. }))
    );
    assert!(s.turn.pool.is_empty());
    play(&mut s, end_turn(P1));
    play(&mut s, pass(P2));
    // Moving on lands on the 8: the factory left behind never fires.
    let events = play(&mut s, place(P1, "industry_1", industry(&[TOP])));
    assert_eq!(
        events[1..],
        [Event::IndustryAdvanced {
            seat: P1,
            track: TOP,
            space: 4
        }]
    );
}

#[test]
fn the_top_tracks_boulder_closes_its_15_until_detonated() {
    let mut s = game(2);
    // The marker on the second gap, before the boulder's 15.
    s.players[0].industry[1].marker = 5;
    let onto_top = place(P1, "industry_1", industry(&[TOP]));
    assert_eq!(refused(&s, onto_top.clone()), "boulder");
    assert!(!listed(&s, &onto_top));
    // East's detonation took the top track's boulder.
    detonated(&mut s, P1, None, Some(TOP));
    assert!(listed(&s, &onto_top));
    play(&mut s, onto_top);
    assert_eq!(s.players[0].industry[1].marker, 6);
}
