//! The sequence: floated Holdings operate in colour order, and after two Operating Rounds the
//! top card leaves as if bought.

use crate::fixtures::*;
use railrules::games::railroad_barons::event::{Event, RoundKind};
use railrules::games::railroad_barons::state::Round;

#[test]
fn floated_holdings_operate_in_colour_order_and_only_they() {
    let mut s = position(
        A,
        &[
            holding(Blue, 90, &[(40, A), (10, B)]),
            holding(Green, 90, &[(40, B), (30, A)]),
            holding(Red, 90, &[(40, B)]),
        ],
    );
    let mut order = Vec::new();
    let mut events = to_operating_round(&mut s);
    for _ in 0..2 {
        events.extend(idle_turn(&mut s));
    }
    for e in events {
        if let Event::HoldingOperates { holding, director } = e {
            order.push((holding, director));
        }
    }
    assert_eq!(
        order,
        vec![(Green, B), (Blue, A), (Green, B)],
        "red has not floated"
    );
    assert!(matches!(
        s.round,
        Round::OperatingRound {
            number: 2,
            holding: Green,
            ..
        }
    ));
}

/// #sequence: after the second Operating Round the top card leaves as if its first face were
/// bought. A D removed counts as level 3 and makes nothing obsolete (the 18xx Rules Difference
/// List, section 16: "it is treated as if it was a level 3 railroad, and therefore will not
/// trigger rusting of level 2 railroads"); an E removed makes level 2 obsolete.
#[test]
fn after_two_operating_rounds_the_top_card_leaves_as_if_bought() {
    let removed = |top: u8| {
        let mut s = position(A, &[holding(Blue, 90, &[(40, A), (10, B)])]);
        give_railroads(&mut s, Blue, &[(0, 0), (9, 0)]);
        stack_from(&mut s, top);
        to_operating_round(&mut s);
        idle_turn(&mut s);
        let events = idle_turn(&mut s);
        assert!(events.contains(&Event::RoundEnded {
            round: RoundKind::OperatingRound,
            number: 2
        }));
        assert!(events.contains(&Event::RailroadRemovedFromStack { card: top }));
        assert!(events.contains(&Event::RoundStarted {
            round: RoundKind::StockRound,
            number: 2
        }));
        assert_eq!(s.railroad_stack[0], top + 1);
        let kept: Vec<u8> = s.holding(Blue).railroads.iter().map(|r| r.card).collect();
        (events, kept)
    };
    let (events, kept) = removed(10);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::RailroadsObsolete { .. }))
    );
    assert_eq!(kept, vec![0, 9]);
    let (events, kept) = removed(12);
    assert!(events.contains(&Event::RailroadsObsolete {
        level: 2,
        railroads: vec![0],
        cause: 12,
        removed_from_stack: true
    }));
    assert_eq!(kept, vec![9]);
}

#[test]
fn a_floated_holding_operates_after_players_drop_below_half() {
    let mut s = position(A, &[holding(Red, 100, &[(40, B), (30, A)])]);
    play(&mut s, sell(A, &[sale(Red, 30)]));
    assert_eq!(s.holding(Red).percent_held_by_players(), 40);
    play(&mut s, pass(B));
    let events = play(&mut s, pass(A));
    assert!(events.contains(&Event::HoldingOperates {
        holding: Red,
        director: B
    }));
}
