//! Turn-order claims (rules #round, S4 p. 16-17): never the place the player holds (but at 2
//! players), one claim a round;
//! the claimants lead the next round; after the scoring the 2nd-place claimant, then the 1st,
//! may put the turn-order worker onto an empty one-worker space and use it, or decline.

use crate::fixtures::*;
use railrules::games::russian_railroads_american::action::Resolution;
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::state::{Phase, Seat::*};

#[test]
fn the_place_a_player_holds_is_refused_and_one_claim_a_round() {
    let mut s = game(3);
    // P1 holds the 1st place: it may not claim it, but it may claim the 2nd.
    assert_eq!(refused(&s, take(P1, "turn_order_1")), "turn_order_held");
    assert!(!listed(&s, &take(P1, "turn_order_1")));
    assert!(listed(&s, &take(P1, "turn_order_2")));
    play(&mut s, take(P1, "coins"));
    play(&mut s, end_turn(P1));
    // P2 holds the 2nd place; it may claim the 1st.
    assert_eq!(refused(&s, take(P2, "turn_order_2")), "turn_order_held");
    assert!(listed(&s, &take(P2, "turn_order_1")));
    play(&mut s, place(P2, "black_or_grey", moves(&[(WEST, Black)])));
    play(&mut s, end_turn(P2));
    // P3 (3rd) claims the 2nd place...
    let events = play(&mut s, take(P3, "turn_order_2"));
    assert_eq!(events[1], Event::TurnOrderClaimed { seat: P3, place: 2 });
    play(&mut s, end_turn(P3));
    play(&mut s, pass(P1));
    play(&mut s, pass(P2));
    // ...and may not claim the 1st as well.
    assert_eq!(to_act(&s), vec![P3]);
    assert_eq!(refused(&s, take(P3, "turn_order_1")), "turn_order_claimed");
    assert!(!listed(&s, &take(P3, "turn_order_1")));
    // Worker reuse (P3 only), declined; P3 leads, the others keep their order.
    play(&mut s, pass(P3));
    assert_eq!(
        s.phase,
        Phase::WorkerReuse {
            to_act: P3,
            next: vec![]
        }
    );
    let events = play(&mut s, end_turn(P3));
    assert_eq!(
        events.last(),
        Some(&Event::RoundStarted {
            round: 2,
            turn_order: vec![P3, P1, P2]
        })
    );
}

#[test]
fn the_claimants_reuse_their_worker_second_place_first_on_an_empty_one_worker_space() {
    let mut s = game(3);
    let leaving = s.engineer_strip.last().copied().flatten().unwrap();
    play(&mut s, take(P1, "coins"));
    play(&mut s, end_turn(P1));
    play(&mut s, take(P2, "turn_order_1"));
    play(&mut s, end_turn(P2));
    play(&mut s, take(P3, "turn_order_2"));
    play(&mut s, end_turn(P3));
    for seat in [P1, P2, P3] {
        play(&mut s, pass(seat));
    }
    // Scored; then the 2nd-place claimant (P3) first, the 1st-place one (P2) next.
    assert_eq!(s.round, 1);
    assert_eq!(
        s.phase,
        Phase::WorkerReuse {
            to_act: P3,
            next: vec![P2]
        }
    );
    assert_eq!(refused(&s, end_turn(P2)), "not_your_turn");
    // Not a space taken, not one of two or three workers, not one with a coin to pay.
    assert_eq!(refused(&s, take(P3, "coins")), "space_taken");
    for action in [
        place(P3, "black_2", moves(&[(WEST, Black); 3])),
        place(P3, "any_2", moves(&[(WEST, Black); 2])),
        take(P3, "hire_engineer"),
        place_paying(P3, "doubler", 1, Resolution::default()),
    ] {
        assert_eq!(
            refused(&s, action.clone()),
            "not_one_worker_space",
            "{action:?}"
        );
        assert!(!listed(&s, &action));
    }
    assert_eq!(refused(&s, pass(P3)), "not_now");
    // Temporary workers would last a round that is over.
    assert_eq!(
        refused(&s, take(P3, "temporary_workers")),
        "nothing_to_gain"
    );
    assert!(!listed(&s, &take(P3, "temporary_workers")));
    assert!(!listed(&s, &pass(P3)));
    assert!(listed(&s, &end_turn(P3)));
    // P3 takes a doubler with it, on the Rocky Mountaineer's first place.
    let doubler = |seat| {
        place(
            seat,
            "doubler",
            Resolution {
                doubler: Some(ROCKY),
                ..Resolution::default()
            },
        )
    };
    assert!(listed(&s, &doubler(P3)));
    let events = play(&mut s, doubler(P3));
    assert!(events.contains(&Event::DoublerPlaced {
        seat: P3,
        railroad: ROCKY,
        space: 1
    }));
    // One space per reuse.
    assert_eq!(
        refused(&s, place(P3, "industry_1", industry(&[BOTTOM]))),
        "not_now"
    );
    play(&mut s, end_turn(P3));
    assert_eq!(
        s.phase,
        Phase::WorkerReuse {
            to_act: P2,
            next: vec![]
        }
    );
    // The doubler space is taken now.
    assert_eq!(refused(&s, doubler(P2)), "space_taken");
    // P2 declines: the cleanup, P2 then P3 lead, P1 follows.
    let events = play(&mut s, end_turn(P2));
    assert_eq!(
        events,
        vec![
            Event::EngineerLeft { engineer: leaving },
            Event::RoundStarted {
                round: 2,
                turn_order: vec![P2, P3, P1]
            }
        ]
    );
    assert_eq!(s.players[2].railroads[0].doublers, vec![1]);
    assert_eq!(s.phase, Phase::Placement { to_act: P2 });
}

#[test]
fn at_two_players_the_first_player_may_keep_the_first_place() {
    let mut s = game(2);
    assert!(listed(&s, &take(P1, "turn_order_1")));
    play(&mut s, take(P1, "turn_order_1"));
    play(&mut s, end_turn(P1));
    play(&mut s, pass(P2));
    play(&mut s, pass(P1));
    assert_eq!(
        s.phase,
        Phase::WorkerReuse {
            to_act: P1,
            next: vec![]
        }
    );
    // The reused worker takes the coins: 2 + 2.
    play(&mut s, take(P1, "coins"));
    assert_eq!(s.players[0].coins, 2 + 2);
    play(&mut s, end_turn(P1));
    assert_eq!(s.turn_order, vec![P1, P2]);
    assert_eq!(
        (s.round, s.phase.clone()),
        (2, Phase::Placement { to_act: P1 })
    );
}
