//! The discard: a Holding keeps at most as many Railroads as it has tokens on diamonds.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::railroad_barons::action::Action;
use railrules::games::railroad_barons::event::Event;
use railrules::games::railroad_barons::state::OperatingStep;

use super::step;

/// MB&S owning `cards`, with `diamond` tokens on (⋄), after buying card 1: at the discard.
fn mbs_to_discard(cards: &[(u8, u8)], diamond: u8) -> State {
    let mut s = position(A, &[holding(Blue, 90, &[(40, A), (10, A), (30, B)])]);
    give_railroads(&mut s, Blue, cards);
    to_operating_round(&mut s);
    play(&mut s, place(A, 4 - diamond, diamond));
    play(&mut s, revenue(A, false));
    play(&mut s, buy_top(A, 1, 0));
    play(&mut s, done(A));
    assert_eq!(step(&s), (Blue, OperatingStep::Discard));
    s
}

fn discard(railroads: Vec<u8>) -> Action {
    Action::DiscardRailroads {
        player: A,
        railroads,
    }
}

#[test]
fn mbs_keeps_at_most_as_many_railroads_as_tokens_on_diamonds() {
    let mut s = mbs_to_discard(&[(0, 0), (5, 1)], 2);
    assert_eq!(refuse(&s, discard(vec![])).code, "wrong_discard_count");
    assert_eq!(refuse(&s, discard(vec![0, 1])).code, "wrong_discard_count");
    assert_eq!(refuse(&s, discard(vec![9])).code, "railroad_not_there");
    // The Director chooses: the B card at level 3 stays.
    let events = play(&mut s, discard(vec![0]));
    assert!(events.contains(&Event::RailroadsDiscarded {
        holding: Blue,
        railroads: vec![0]
    }));
    let kept: Vec<u8> = s.holding(Blue).railroads.iter().map(|r| r.card).collect();
    assert_eq!(kept, vec![5, 1]);
    assert!(s.railroads_out_of_game.contains(&0));
}

#[test]
fn discarded_railroads_in_any_order_are_read_in_ascending_order() {
    let mut s = mbs_to_discard(&[(5, 1), (0, 0)], 1);
    assert!(is_listed(&s, &discard(vec![0, 5])));
    assert!(!is_listed(&s, &discard(vec![5, 0])));
    let wire = serde_json::to_string(&discard(vec![5, 0])).unwrap();
    assert_eq!(
        serde_json::from_str::<Action>(&wire).unwrap(),
        discard(vec![0, 5])
    );
    let mut other = s.clone();
    let events = play(&mut s, discard(vec![0, 5]));
    assert_eq!(
        RailroadBarons::apply(&mut other, &discard(vec![5, 0])).unwrap(),
        events
    );
    assert_eq!(s, other);
    assert!(events.contains(&Event::RailroadsDiscarded {
        holding: Blue,
        railroads: vec![0, 5]
    }));
    assert!(s.railroads_out_of_game.ends_with(&[0, 5]));
}
