//! Locomotives in play (rules #locomotives): the lowest tile is taken; a locomotive replacing a lower
//! one leaves it to be placed in turn; it returns to the supply as a factory only when every
//! slot is full.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::{Action, Resolution, Tile};
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::state::{Decision, Seat, Seat::*};

fn place_locomotive(player: Seat, railroad: u8) -> Action {
    Action::PlaceLocomotive {
        player,
        railroad,
        replaces: None,
    }
}

#[test]
fn the_lowest_tile_is_taken_and_a_replaced_locomotive_is_placed_in_turn() {
    let mut s = game(2);
    // The Rocky Mountaineer full: #1 and a #2.
    give_locomotive(&mut s, P1, ROCKY, 2);
    clean(&s);
    // The other #2 is the lowest tile left: it replaces #1, the one lower than it; the #2 is
    // not lower.
    assert_eq!(refused(&s, locomotive_onto(P1, ROCKY)), "name_replaced");
    assert_eq!(
        refused(&s, locomotive_replacing(P1, ROCKY, Some(2))),
        "no_lower_locomotive"
    );
    assert!(!listed(&s, &locomotive_replacing(P1, ROCKY, Some(2))));
    let events = play(&mut s, locomotive_replacing(P1, ROCKY, Some(1)));
    assert_eq!(
        events[1..],
        [Event::LocomotiveTaken {
            seat: P1,
            number: 2,
            railroad: ROCKY,
            replaced: Some(1)
        }]
    );
    assert_eq!(s.players[0].railroads[0].locomotives, vec![2, 2]);
    assert_eq!(s.piles[0].left, 0);
    assert_eq!(
        s.turn.decisions,
        vec![Decision::DisplacedLocomotive { number: 1 }]
    );
    // #1 goes onto an empty slot (East or West); not back onto the Rocky Mountaineer, and not
    // to the supply while a slot is free.
    assert_eq!(
        Rra::legal_actions(&s),
        vec![place_locomotive(P1, EAST), place_locomotive(P1, WEST)]
    );
    assert_eq!(refused(&s, place_locomotive(P1, ROCKY)), "name_replaced");
    assert_eq!(
        refused(
            &s,
            Action::PlaceLocomotive {
                player: P1,
                railroad: ROCKY,
                replaces: Some(2)
            }
        ),
        "no_lower_locomotive"
    );
    assert_eq!(
        refused(&s, Action::ReturnLocomotive { player: P1 }),
        "slot_free"
    );
    assert_eq!(refused(&s, end_turn(P1)), "decision_pending");
    let events = play(&mut s, place_locomotive(P1, WEST));
    assert_eq!(
        events,
        vec![Event::LocomotiveTaken {
            seat: P1,
            number: 1,
            railroad: WEST,
            replaced: None
        }]
    );
    assert_eq!(s.players[0].railroads[2].locomotives, vec![1]);
    play(&mut s, end_turn(P1));
    // P2 takes a #3, the lowest left. Then locomotive_3: the last #3 as a locomotive, and #4,
    // the lowest left after it, as a factory.
    play(&mut s, {
        let mut a = locomotive_onto(P2, EAST);
        if let Action::Place { space, .. } = &mut a {
            *space = "locomotive_2".to_string();
        }
        a
    });
    assert_eq!(s.players[1].railroads[1].locomotives, vec![3]);
    assert_eq!(s.piles[1].left, 1);
    play(&mut s, end_turn(P2));
    let both = place(
        P1,
        "locomotive_3",
        Resolution {
            tiles: vec![
                Tile {
                    locomotive: Some(EAST),
                    ..Tile::default()
                },
                Tile {
                    factory: Some(BOTTOM),
                    ..Tile::default()
                },
            ],
            ..Resolution::default()
        },
    );
    assert!(listed(&s, &both));
    play(&mut s, both);
    assert_eq!(s.players[0].railroads[1].locomotives, vec![3]);
    assert_eq!(s.players[0].industry[0].factories[0], Some(4));
    assert_eq!((s.piles[1].left, s.piles[2].left), (0, 2 - 1));
}

#[test]
fn with_every_slot_full_the_replaced_locomotive_returns_as_a_factory() {
    let mut s = game(2);
    // Rocky #1 and #2, East #2, West #3: every slot full; the last #3 is the lowest tile.
    give_locomotive(&mut s, P1, ROCKY, 2);
    give_locomotive(&mut s, P1, EAST, 2);
    give_locomotive(&mut s, P1, WEST, 3);
    clean(&s);
    // A locomotive no railroad takes (#3 is not lower than West's #3) is refused.
    assert_eq!(
        refused(&s, locomotive_replacing(P1, WEST, Some(3))),
        "no_lower_locomotive"
    );
    assert!(!listed(&s, &locomotive_replacing(P1, WEST, Some(3))));
    play(&mut s, locomotive_replacing(P1, ROCKY, Some(1)));
    assert_eq!(s.players[0].railroads[0].locomotives, vec![3, 2]);
    // #1 fits nowhere: only back to the supply.
    assert_eq!(
        Rra::legal_actions(&s),
        vec![Action::ReturnLocomotive { player: P1 }]
    );
    let events = play(&mut s, Action::ReturnLocomotive { player: P1 });
    assert_eq!(
        events,
        vec![Event::LocomotiveReturned {
            seat: P1,
            number: 1
        }]
    );
    assert_eq!(s.returned_factories, vec![1]);
    assert!(s.turn.decisions.is_empty());
}
