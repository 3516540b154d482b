//! The rulebook's examples of the Stock Round, with their figures: Ann, Abby and Brenda.

use crate::fixtures::*;
use railrules::games::railroad_barons::event::Event;
use railrules::games::railroad_barons::state::Owner;

#[test]
fn ann_starts_mcgreed_at_90_pays_360_and_it_floats_with_900() {
    let mut s = drafted();
    let events = play(&mut s, start(A, Blue, 90));
    assert_eq!(cash(&s, A), 710 - 360);
    assert!(events.contains(&Event::HoldingStarted {
        holding: Blue,
        director: A,
        start_value: 90,
        paid: 360
    }));
    let blue = s.holding(Blue);
    assert_eq!(
        (blue.director, blue.share_value, blue.floated, blue.cash),
        (Some(A), Some(90), false, 0)
    );
    assert_eq!(owner(&s, Blue, 40), Owner::A);
    // Another 10% is bought: MB&S floats and the bank pays it 10 x $90.
    let events = play(&mut s, buy(B, Blue, 10));
    assert_eq!(cash(&s, B), 770 - 90);
    assert!(events.contains(&Event::HoldingFloated {
        holding: Blue,
        capital: 900
    }));
    assert_eq!(s.holding(Blue).cash, 900);
}

#[test]
fn abby_pays_200_for_the_20_percent_or_100_handing_back_her_10_percent() {
    // DPI at $100; Abby (A) holds its 10%.
    let s = position(A, &[holding(Red, 100, &[(40, B), (10, A)])]);
    let mut outright = s.clone();
    let events = play(&mut outright, buy(A, Red, 20));
    assert!(events.contains(&Event::CertificateBought {
        player: A,
        holding: Red,
        certificate: 20,
        handed_in: None,
        paid: 200
    }));
    assert_eq!(cash(&outright, A), 710 - 200);
    assert_eq!(outright.holding(Red).percent_of(Owner::A), 30);

    let mut exchanged = s.clone();
    let events = play(&mut exchanged, exchange_up(A, Red, 20, 10));
    assert!(events.contains(&Event::CertificateBought {
        player: A,
        holding: Red,
        certificate: 20,
        handed_in: Some(10),
        paid: 100
    }));
    assert_eq!(cash(&exchanged, A), 710 - 100);
    assert_eq!(owner(&exchanged, Red, 10), Owner::Bank);
    assert_eq!(owner(&exchanged, Red, 20), Owner::A);
}

#[test]
fn brenda_becomes_director_at_once_and_takes_the_certificate_when_she_can() {
    // Alphonse (A) holds DPI's 40%, Brenda (B) its 30%.
    let mut s = position(B, &[holding(Red, 70, &[(40, A), (30, B)])]);
    let events = play(&mut s, buy(B, Red, 20));
    assert!(events.contains(&Event::DirectorChanged {
        holding: Red,
        from: A,
        to: B
    }));
    assert_eq!(s.holding(Red).director, Some(B));
    assert_eq!(
        owner(&s, Red, 40),
        Owner::A,
        "the Director certificate stays with Alphonse"
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::DirectorCertificateExchanged { .. }))
    );
    play(&mut s, pass(A));
    // Brenda buys the 10%: she hands 30% + 10% to Alphonse for the 40%.
    let events = play(&mut s, buy(B, Red, 10));
    assert!(events.contains(&Event::DirectorCertificateExchanged {
        holding: Red,
        director: B,
        handed_in: vec![30, 10],
        from: Owner::A,
    }));
    assert_eq!(s.holding(Red).certificates_of(Owner::B), vec![40, 20]);
    assert_eq!(s.holding(Red).certificates_of(Owner::A), vec![30, 10]);
}
