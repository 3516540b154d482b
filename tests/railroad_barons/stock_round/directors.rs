//! The Director: the Director certificate kept, passed on at 40%, kept on a tie, and exchanged
//! in a later Stock Round.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::railroad_barons::action::{Action, Sale};
use railrules::games::railroad_barons::event::Event;
use railrules::games::railroad_barons::state::{Owner, Round};

#[test]
fn the_director_keeps_the_director_certificate_unless_the_other_holds_40_percent() {
    let s = position(A, &[holding(Red, 100, &[(40, A), (30, B)])]);
    let v = refuse(&s, sell(A, &[sale(Red, 40)]));
    assert_eq!(v.code, "director_certificate_not_for_sale");
    // Nor by exchanging it down.
    let v = refuse(
        &s,
        sell(
            A,
            &[Sale {
                holding: Red,
                certificate: 40,
                exchange: Some(20),
            }],
        ),
    );
    assert_eq!(v.code, "director_certificate_not_for_sale");
}

#[test]
fn selling_the_director_certificate_when_the_other_holds_40_passes_the_directorship() {
    let mut s = position(A, &[holding(Red, 100, &[(40, A), (30, B), (10, B)])]);
    let events = play(&mut s, sell(A, &[sale(Red, 40)]));
    let order: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::ShareValueMoved { .. } => Some("value"),
            Event::DirectorChanged { .. } => Some("director"),
            Event::DirectorCertificateExchanged { .. } => Some("exchange"),
            _ => None,
        })
        .collect();
    assert_eq!(
        order,
        vec!["value", "director", "exchange"],
        "the value moves before the Directorship changes"
    );
    assert_eq!(cash(&s, A), 710 + 400);
    assert_eq!(s.holding(Red).director, Some(B));
    // B handed 30% + 10% to the bank for the Director certificate.
    assert_eq!(s.holding(Red).certificates_of(Owner::B), vec![40]);
    assert_eq!(
        s.holding(Red).certificates_of(Owner::Bank),
        vec![30, 20, 10]
    );
}

#[test]
fn a_tie_keeps_the_director() {
    let mut s = position(B, &[holding(Red, 100, &[(40, A), (30, B)])]);
    // B reaches 40% too: a tie keeps A as Director.
    let events = play(&mut s, buy(B, Red, 10));
    assert_eq!(s.holding(Red).director, Some(A));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::DirectorChanged { .. }))
    );
    play(&mut s, pass(A));
    // Strictly more: B becomes Director and exchanges 30% + 10% for the 40%.
    let events = play(&mut s, buy(B, Red, 20));
    assert!(events.contains(&Event::DirectorChanged {
        holding: Red,
        from: A,
        to: B
    }));
    assert_eq!(s.holding(Red).certificates_of(Owner::B), vec![40, 20]);
}

#[test]
fn a_deferred_director_certificate_exchange_happens_in_a_later_stock_round() {
    // Brenda's case across rounds: she becomes Director in round 1, takes the certificate in
    // round 2 when she buys the 10%.
    let mut s = position(B, &[holding(Red, 70, &[(40, A), (30, B)])]);
    play(&mut s, buy(B, Red, 20));
    assert_eq!(
        (s.holding(Red).director, owner(&s, Red, 40)),
        (Some(B), Owner::A)
    );
    // Red floated; the round ends and the Operating Rounds pass (red has no Railroad to buy with
    // tokens placed on nothing).
    play(&mut s, pass(A));
    play(&mut s, pass(B));
    for _ in 0..2 {
        let director = RailroadBarons::to_act(&s)[0];
        play(
            &mut s,
            Action::PlaceOperators {
                player: director,
                plus: 0,
                diamond: 0,
                invest: false,
            },
        );
        play(
            &mut s,
            Action::Revenue {
                player: director,
                payout: false,
            },
        );
        play(&mut s, Action::Done { player: director });
    }
    assert!(matches!(s.round, Round::StockRound { number: 2, .. }));
    let first = RailroadBarons::to_act(&s)[0];
    if first == A {
        play(&mut s, pass(A));
    }
    let events = play(&mut s, buy(B, Red, 10));
    assert!(events.contains(&Event::DirectorCertificateExchanged {
        holding: Red,
        director: B,
        handed_in: vec![30, 10],
        from: Owner::A
    }));
}
