//! Turns and the end of the round: the priority deal, two passes in succession, and what the
//! Stock Round refuses.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::railroad_barons::action::Action;
use railrules::games::railroad_barons::event::{Event, PriorityReason, RoundKind};
use railrules::games::railroad_barons::state::Round;

#[test]
fn the_priority_deal_acts_first_and_turns_alternate() {
    let mut s = drafted();
    assert_eq!(RailroadBarons::to_act(&s), vec![A]);
    assert_eq!(refuse(&s, start(B, Red, 70)).code, "not_your_turn");
    play(&mut s, start(A, Red, 70));
    assert_eq!(RailroadBarons::to_act(&s), vec![B]);
}

#[test]
fn two_passes_in_succession_end_the_round_and_the_non_trader_gets_priority() {
    let mut s = drafted();
    play(&mut s, start(A, Red, 70));
    play(&mut s, pass(B));
    // A trade between passes starts the count again.
    play(&mut s, buy(A, Red, 10));
    play(&mut s, pass(B));
    let events = play(&mut s, pass(A));
    assert!(events.contains(&Event::RoundEnded {
        round: RoundKind::StockRound,
        number: 1
    }));
    // A made the last buy, so B gets the Priority Deal.
    assert!(events.contains(&Event::PriorityDealPassed {
        from: A,
        to: B,
        reason: PriorityReason::StockRoundEnded
    }));
    assert_eq!(s.priority_deal, B);
    assert!(matches!(
        s.round,
        Round::OperatingRound {
            after_stock_round: 1,
            number: 1,
            ..
        }
    ));
}

#[test]
fn a_round_with_no_trade_keeps_the_priority_deal() {
    let mut s = drafted();
    play(&mut s, pass(A));
    let events = play(&mut s, pass(B));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::PriorityDealPassed { .. }))
    );
    assert_eq!(s.priority_deal, A);
}

#[test]
fn with_nothing_floated_the_operating_rounds_pass_and_the_next_stock_round_begins() {
    let mut s = drafted();
    play(&mut s, pass(A));
    let events = play(&mut s, pass(B));
    // Two empty Operating Rounds, the top card (an A card) leaves, Stock Round 2 begins.
    assert!(events.contains(&Event::RailroadRemovedFromStack { card: 0 }));
    assert!(events.contains(&Event::RoundStarted {
        round: RoundKind::StockRound,
        number: 2
    }));
    assert!(matches!(
        s.round,
        Round::StockRound {
            number: 2,
            to_act: A,
            ..
        }
    ));
    assert_eq!(s.railroads_out_of_game, vec![0]);
}

#[test]
fn draft_actions_are_refused_in_the_stock_round() {
    let s = drafted();
    assert_eq!(
        refuse(&s, Action::TakeCash { player: A }).code,
        "wrong_round"
    );
}

#[test]
fn an_empty_trade_is_refused() {
    let s = drafted();
    let v = refuse(
        &s,
        Action::Trade {
            player: A,
            sell: vec![],
            buy: None,
        },
    );
    assert_eq!(v.code, "empty_trade");
}

#[test]
fn a_sale_as_the_last_trade_gives_the_priority_deal_to_the_other_player() {
    let mut s = position(A, &[holding(Red, 100, &[(40, B), (30, A)])]);
    play(&mut s, sell(A, &[sale(Red, 30)]));
    play(&mut s, pass(B));
    let events = play(&mut s, pass(A));
    assert!(events.contains(&Event::PriorityDealPassed {
        from: A,
        to: B,
        reason: PriorityReason::StockRoundEnded
    }));
}
