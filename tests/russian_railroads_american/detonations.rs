//! Detonations (the seed): meeting a detonation space scores 10 and removes a boulder; with
//! both boulders on the board the player chooses which; with one left it goes by itself; a
//! track or marker may then move onto the freed space.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::Action;
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::state::{Decision, Seat, Seat::*};

fn detonate(player: Seat, railroad: Option<u8>, industry_track: Option<u8>) -> Action {
    Action::Detonate {
        player,
        railroad,
        industry_track,
    }
}

/// P1's black track on the Rocky Mountaineer's 7, one space before its detonation space (8);
/// West's black on its 7, before the boulder on its 8.
fn before_the_detonation() -> State {
    let mut s = game(2);
    tracks(&mut s, P1, ROCKY, &[(Black, 7)]);
    tracks(&mut s, P1, WEST, &[(Black, 7)]);
    unlock(&mut s, P1, &[Grey, Brown]);
    settle(&mut s, P1);
    clean(&s);
    s
}

#[test]
fn with_both_boulders_the_player_chooses_which_leaves() {
    let mut s = before_the_detonation();
    let west = place(P1, "black_or_grey", moves(&[(WEST, Black)]));
    assert_eq!(refused(&s, west.clone()), "boulder");
    assert!(!listed(&s, &west));
    let events = play(&mut s, place(P1, "black_or_grey", moves(&[(ROCKY, Black)])));
    assert_eq!(
        events[1..],
        [
            Event::TrackAdvanced {
                seat: P1,
                railroad: ROCKY,
                colour: Black,
                space: 8
            },
            Event::SpecialSpaceMet {
                seat: P1,
                railroad: ROCKY,
                space: 8
            },
            Event::PointsScored {
                seat: P1,
                points: 10,
                reason: "detonation".to_string()
            }
        ]
    );
    assert_eq!(s.players[0].points, 10);
    assert_eq!(s.turn.decisions, vec![Decision::Detonation {}]);
    // The answers are exactly the two boulders on the board.
    assert_eq!(
        Rra::legal_actions(&s),
        vec![
            detonate(P1, Some(WEST), None),
            detonate(P1, None, Some(TOP))
        ]
    );
    assert_eq!(refused(&s, end_turn(P1)), "decision_pending");
    assert_eq!(refused(&s, detonate(P1, Some(ROCKY), None)), "no_boulder");
    assert_eq!(refused(&s, detonate(P1, None, Some(BOTTOM))), "no_boulder");
    let events = play(&mut s, detonate(P1, Some(WEST), None));
    assert_eq!(
        events,
        vec![Event::BoulderDetonated {
            seat: P1,
            railroad: Some(WEST),
            industry_track: None
        }]
    );
    assert!(!s.players[0].railroads[2].boulder);
    assert!(s.players[0].industry[1].boulder);
    play(&mut s, end_turn(P1));
    play(&mut s, pass(P2));
    // West's space 8 is free.
    let west_now = place(P1, "black_or_grey", moves(&[(WEST, Black)]));
    assert!(listed(&s, &west_now));
    play(&mut s, west_now);
    assert_eq!(s.players[0].railroads[2].tracks[0].space, 8);
}

#[test]
fn the_industry_boulder_may_be_the_one_chosen() {
    let mut s = before_the_detonation();
    s.players[0].industry[1].marker = 5;
    play(&mut s, place(P1, "black_or_grey", moves(&[(ROCKY, Black)])));
    play(&mut s, detonate(P1, None, Some(TOP)));
    assert!(s.players[0].railroads[2].boulder);
    assert!(!s.players[0].industry[1].boulder);
    play(&mut s, end_turn(P1));
    play(&mut s, pass(P2));
    // West's boulder stays; the marker moves onto the freed 15.
    assert_eq!(
        refused(&s, place(P1, "black_or_grey", moves(&[(WEST, Black)]))),
        "boulder"
    );
    play(&mut s, place(P1, "industry_1", industry(&[TOP])));
    assert_eq!(s.players[0].industry[1].marker, 6);
}

#[test]
fn with_one_boulder_left_the_detonation_goes_by_itself() {
    let mut s = before_the_detonation();
    // East's detonation took the top track's boulder (10 points).
    detonated(&mut s, P1, None, Some(TOP));
    clean(&s);
    let events = play(&mut s, place(P1, "black_or_grey", moves(&[(ROCKY, Black)])));
    assert_eq!(
        events[2..],
        [
            Event::SpecialSpaceMet {
                seat: P1,
                railroad: ROCKY,
                space: 8
            },
            Event::PointsScored {
                seat: P1,
                points: 10,
                reason: "detonation".to_string()
            },
            Event::BoulderDetonated {
                seat: P1,
                railroad: Some(WEST),
                industry_track: None
            }
        ]
    );
    assert!(s.turn.decisions.is_empty());
    assert!(!s.players[0].railroads[2].boulder);
    assert_eq!(s.players[0].points, 10 + 10);
    assert_eq!(Rra::legal_actions(&s), vec![end_turn(P1)]);
}

/// The seed's "you immediately remove one of the boulder-tokens": within one direct action,
/// the boulder named in the resolution leaves at the detonation, so a later move of the same
/// action may use its space; unnamed, the choice waits for the action's end.
#[test]
fn a_boulder_named_in_the_action_leaves_at_once_for_its_later_moves() {
    use railrules::games::russian_railroads_american::action::{Boulder, Resolution};
    let s = before_the_detonation();
    // Three black moves: Rocky 7 -> 8 (the detonation), then West 7 -> 8 -> 9 past the boulder.
    let three = |detonate: Option<Boulder>| {
        place(
            P1,
            "black_2",
            Resolution {
                detonate,
                ..moves(&[(ROCKY, Black), (WEST, Black), (WEST, Black)])
            },
        )
    };
    let west = Boulder {
        railroad: Some(WEST),
        industry_track: None,
    };
    let top = Boulder {
        railroad: None,
        industry_track: Some(TOP),
    };
    // Unnamed, West's boulder is still there at the second move.
    assert_eq!(refused(&s, three(None)), "boulder");
    assert!(!listed(&s, &three(None)));
    // Naming the industry boulder does not free West's 8.
    assert_eq!(refused(&s, three(Some(top))), "boulder");
    assert!(!listed(&s, &three(Some(top))));
    assert!(listed(&s, &three(Some(west))));
    let mut s = s;
    let events = play(&mut s, three(Some(west)));
    assert!(events.contains(&Event::BoulderDetonated {
        seat: P1,
        railroad: Some(WEST),
        industry_track: None
    }));
    assert_eq!(s.players[0].railroads[2].tracks[0].space, 9);
    assert!(!s.players[0].railroads[2].boulder);
    assert!(s.players[0].industry[1].boulder);
    // Nothing is left to choose: the turn may end.
    assert!(s.turn.decisions.is_empty());
    // A name where no detonation asks is refused.
    let mut quiet = before_the_detonation();
    tracks(&mut quiet, P1, ROCKY, &[(Black, 3)]);
    settle(&mut quiet, P1);
    let named = place(
        P1,
        "black_or_grey",
        Resolution {
            detonate: Some(west),
            ..moves(&[(ROCKY, Black)])
        },
    );
    assert_eq!(refused(&quiet, named.clone()), "no_detonation");
    assert!(!listed(&quiet, &named));
}

/// The industry-and-black space in either order (the rules give none: a reading, rules #turn): with West's boulder
/// gone, the black move first detonates on the Rocky Mountaineer's 8 and frees the top track's
/// 15 for the industry move; industry first, both markers are stuck.
#[test]
fn the_industry_and_black_space_may_move_the_black_track_first() {
    use railrules::games::russian_railroads_american::action::Resolution;
    let mut s = before_the_detonation();
    // East's detonation took West's boulder.
    detonated(&mut s, P1, Some(WEST), None);
    // Top marker on its gap before the boulder (space 6), bottom marker before its first gap.
    s.players[0].industry[1].marker = 5;
    s.players[0].industry[0].marker = 5;
    clean(&s);
    let action = |moves_first: bool| {
        place(
            P1,
            "industry_3",
            Resolution {
                industry: vec![TOP],
                moves_first,
                ..moves(&[(ROCKY, Black)])
            },
        )
    };
    assert_eq!(refused(&s, action(false)), "boulder");
    assert!(!listed(&s, &action(false)));
    assert!(listed(&s, &action(true)));
    let events = play(&mut s, action(true));
    assert!(events.contains(&Event::BoulderDetonated {
        seat: P1,
        railroad: None,
        industry_track: Some(TOP)
    }));
    assert_eq!(s.players[0].industry[1].marker, 6);
}
