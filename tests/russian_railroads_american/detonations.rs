//! Detonations (the seed): meeting a detonation space scores 10 and removes a boulder; with
//! both boulders on the board the player chooses which; with one left it goes by itself; a
//! track or marker may then move onto the freed space.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::Action;
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::state::{Decision, Seat, Seat::*, State};

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
    s.players[0].industry[1].boulder = false;
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
    assert_eq!(s.players[0].points, 10);
    assert_eq!(Rra::legal_actions(&s), vec![end_turn(P1)]);
}
