//! Starting and buying: the Director certificate at a start value, the price of units, exchanging
//! up, and floating.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::railroad_barons::action::Action;
use railrules::games::railroad_barons::event::Event;

#[test]
fn the_first_certificate_bought_is_the_director_certificate_at_a_start_value() {
    let s = drafted();
    assert_eq!(refuse(&s, buy(A, Red, 10)).code, "start_value_required");
    let v = refuse(
        &s,
        Action::Trade {
            player: A,
            sell: vec![],
            buy: Some(railrules::games::railroad_barons::Purchase {
                holding: Red,
                certificate: 30,
                exchange: None,
                start_value: Some(70),
            }),
        },
    );
    assert_eq!(v.code, "director_certificate_first");
    assert_eq!(refuse(&s, start(A, Red, 110)).code, "invalid_start_value");
    for value in [70, 80, 90, 100] {
        let mut t = s.clone();
        play(&mut t, start(A, Red, value));
        assert_eq!(cash(&t, A), 710 - 4 * value);
    }
}

#[test]
fn a_start_value_is_refused_for_a_started_holding() {
    let mut s = drafted();
    play(&mut s, start(A, Red, 70));
    assert_eq!(
        refuse(&s, start(B, Red, 70)).code,
        "certificate_not_in_bank"
    );
    let v = refuse(
        &s,
        Action::Trade {
            player: B,
            sell: vec![],
            buy: Some(railrules::games::railroad_barons::Purchase {
                holding: Red,
                certificate: 30,
                exchange: None,
                start_value: Some(70),
            }),
        },
    );
    assert_eq!(v.code, "already_started");
}

#[test]
fn buying_costs_units_times_share_value_and_needs_the_cash() {
    let mut s = position(B, &[holding(Red, 100, &[(40, A)])]);
    s.player_mut(B).cash = 250;
    s.bank_paid_out -= 520;
    assert!(RailroadBarons::check(&s).is_empty());
    assert_eq!(refuse(&s, buy(B, Red, 30)).code, "insufficient_cash");
    play(&mut s, buy(B, Red, 20));
    assert_eq!(cash(&s, B), 50);
}

#[test]
fn a_certificate_held_by_a_player_cannot_be_bought() {
    let s = position(B, &[holding(Red, 100, &[(40, A), (20, A)])]);
    assert_eq!(refuse(&s, buy(B, Red, 20)).code, "certificate_not_in_bank");
}

#[test]
fn exchanging_up_needs_a_smaller_own_certificate() {
    let s = position(A, &[holding(Red, 100, &[(40, B), (20, A)])]);
    assert_eq!(
        refuse(&s, exchange_up(A, Red, 10, 20)).code,
        "exchange_must_be_larger"
    );
    assert_eq!(
        refuse(&s, exchange_up(A, Red, 30, 10)).code,
        "certificate_not_owned"
    );
}

#[test]
fn floating_happens_once_at_50_percent_and_survives_later_sales() {
    let mut s = drafted();
    play(&mut s, start(A, Red, 80));
    play(&mut s, pass(B));
    let events = play(&mut s, buy(A, Red, 10));
    assert!(events.contains(&Event::HoldingFloated {
        holding: Red,
        capital: 800
    }));
    play(&mut s, buy(B, Red, 20));
    let events = play(&mut s, sell(A, &[sale(Red, 10)]));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::HoldingFloated { .. }))
    );
    assert!(s.holding(Red).floated);
    assert_eq!(s.holding(Red).cash, 800);
}
