//! The $30 Investor: it swaps the priority deal once, before the first turn.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::railroad_barons::action::Action;
use railrules::games::railroad_barons::event::{Event, PriorityReason};
use railrules::games::railroad_barons::state::Round;

#[test]
fn the_30_investor_swaps_the_priority_deal_once_before_the_first_turn() {
    // A owns the $30 Investor (drafted); B holds the Priority Deal here.
    let s = position(B, &[]);
    assert_eq!(RailroadBarons::to_act(&s), vec![B, A]);
    assert_eq!(
        refuse(&s, Action::SwapPriority { player: B }).code,
        "no_investor_30"
    );
    let mut t = s.clone();
    let events = play(&mut t, Action::SwapPriority { player: A });
    assert_eq!(
        events,
        vec![Event::PriorityDealPassed {
            from: B,
            to: A,
            reason: PriorityReason::Investor30
        }]
    );
    assert_eq!(t.priority_deal, A);
    assert_eq!(RailroadBarons::to_act(&t), vec![A]);
    assert_eq!(
        refuse(&t, Action::SwapPriority { player: A }).code,
        "already_has_priority"
    );
    // Once per game.
    t.priority_deal = B;
    if let Round::StockRound { to_act, .. } = &mut t.round {
        *to_act = B;
    }
    // The swap used, A is no longer among those to act, but the swap may be taken out of
    // turn: its own rule refuses it, with its own reason (issue 38).
    assert_eq!(RailroadBarons::to_act(&t), vec![B]);
    assert_eq!(
        refuse(&t, Action::SwapPriority { player: A }).code,
        "swap_already_used"
    );
    // Another action of A's out of turn is still the turn's refusal.
    assert_eq!(refuse(&t, pass(A)).code, "not_your_turn");
    // Not after the first turn.
    let mut u = s.clone();
    play(&mut u, pass(B));
    assert_eq!(
        refuse(&u, Action::SwapPriority { player: A }).code,
        "swap_too_late"
    );
}
