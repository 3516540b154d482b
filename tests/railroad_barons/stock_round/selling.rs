//! Selling: a trade's sales as one action, the value moved down, exchanging down, and the bank's
//! 60% cap; selling then buying in one turn.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::railroad_barons::action::{Action, Sale};
use railrules::games::railroad_barons::event::Event;
use railrules::games::railroad_barons::state::{Owner, Round};

#[test]
fn the_sales_of_a_trade_in_any_order_are_one_action_read_in_canonical_order() {
    let start = position(
        A,
        &[
            holding(Red, 100, &[(40, A), (20, A)]),
            holding(Blue, 70, &[(40, B), (30, A)]),
        ],
    );
    let canonical = sell(A, &[sale(Red, 20), sale(Blue, 30)]);
    let reversed = sell(A, &[sale(Blue, 30), sale(Red, 20)]);
    assert!(is_listed(&start, &canonical));
    assert!(!is_listed(&start, &reversed));
    // Over the wire, any order reads as the listed action.
    let wire = serde_json::to_string(&reversed).unwrap();
    assert_eq!(serde_json::from_str::<Action>(&wire).unwrap(), canonical);
    // Built in another order in Rust, it is carried out in canonical order: same state, same
    // events.
    let (mut one, mut other) = (start.clone(), start);
    let events = play(&mut one, canonical);
    assert_eq!(
        RailroadBarons::apply(&mut other, &reversed).unwrap(),
        events
    );
    assert_eq!(one, other);
    let Round::StockRound { sold, .. } = &one.round else {
        panic!("still the stock round")
    };
    let sold: Vec<_> = sold.iter().map(|s| s.holding).collect();
    assert_eq!(sold, vec![Red, Blue]);
}

/// #selling (issue 39's ruling): a Holding moves down one row for a turn's sales only when its
/// Director sold (the seed; the 18xx Rules Difference List, 2.7: "only if they are sold by the
/// company Director"), once, before any Directorship change; A directs Red, not Blue.
#[test]
fn selling_pays_units_times_value_and_moves_down_only_what_the_director_sold() {
    let mut s = position(
        A,
        &[
            holding(Red, 100, &[(40, A), (20, A), (10, A)]),
            holding(Blue, 70, &[(40, B), (30, A)]),
        ],
    );
    let events = play(
        &mut s,
        sell(A, &[sale(Red, 20), sale(Red, 10), sale(Blue, 30)]),
    );
    // 3 units of red at $100 and 3 of blue at $70, at the values before the drop.
    assert_eq!(cash(&s, A), 710 + 300 + 210);
    let moves: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::ShareValueMoved { .. }))
        .collect();
    assert_eq!(
        moves,
        vec![&Event::ShareValueMoved {
            holding: Red,
            from: 100,
            to: 90
        }]
    );
    assert_eq!(s.holding(Blue).share_value, Some(70), "B directs Blue");
    assert!(events.contains(&Event::CertificatesSold {
        player: A,
        sales: vec![
            railrules::games::railroad_barons::event::SaleRecord {
                holding: Red,
                certificate: 20,
                exchange: None,
                received: 200
            },
            railrules::games::railroad_barons::event::SaleRecord {
                holding: Red,
                certificate: 10,
                exchange: None,
                received: 100
            },
            railrules::games::railroad_barons::event::SaleRecord {
                holding: Blue,
                certificate: 30,
                exchange: None,
                received: 210
            },
        ],
        total: 510,
    }));
}

#[test]
fn the_value_stays_at_the_bottom_of_the_track() {
    let mut s = position(A, &[holding(Red, 40, &[(40, A), (20, A)])]);
    let events = play(&mut s, sell(A, &[sale(Red, 20)]));
    assert_eq!(s.holding(Red).share_value, Some(40));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::ShareValueMoved { .. }))
    );
}

#[test]
fn exchanging_down_pays_the_difference_and_counts_as_a_sale() {
    let mut s = position(A, &[holding(Red, 100, &[(40, B), (30, A)])]);
    let events = play(
        &mut s,
        sell(
            A,
            &[Sale {
                holding: Red,
                certificate: 30,
                exchange: Some(10),
            }],
        ),
    );
    assert_eq!(cash(&s, A), 710 + 200);
    assert_eq!(s.holding(Red).certificates_of(Owner::A), vec![10]);
    // B directs Red: A's sale moves nothing.
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::ShareValueMoved { .. }))
    );
    // It was a sale: no buying red again this round.
    play(&mut s, pass(B));
    assert_eq!(refuse(&s, buy(A, Red, 20)).code, "bought_after_selling");
}

#[test]
fn exchanging_down_needs_a_smaller_certificate_in_the_bank() {
    let s = position(A, &[holding(Red, 100, &[(40, B), (30, A), (10, B)])]);
    let v = refuse(
        &s,
        sell(
            A,
            &[Sale {
                holding: Red,
                certificate: 30,
                exchange: Some(10),
            }],
        ),
    );
    assert_eq!(v.code, "certificate_not_in_bank");
    let v = refuse(
        &s,
        sell(
            A,
            &[Sale {
                holding: Red,
                certificate: 30,
                exchange: Some(40),
            }],
        ),
    );
    assert_eq!(v.code, "exchange_must_be_smaller");
}

#[test]
fn a_certificate_is_sold_once_and_only_by_its_holder() {
    let s = position(A, &[holding(Red, 100, &[(40, B), (30, A)])]);
    assert_eq!(
        refuse(&s, sell(A, &[sale(Red, 20)])).code,
        "certificate_not_owned"
    );
    assert_eq!(
        refuse(&s, sell(A, &[sale(Red, 30), sale(Red, 30)])).code,
        "duplicate_sale"
    );
    assert_eq!(
        refuse(&s, sell(A, &[sale(Red, 25)])).code,
        "no_such_certificate"
    );
}

#[test]
fn the_bank_may_not_hold_more_than_60_percent_of_a_floated_holding() {
    // Red: B is Director with 30% + 20%; A holds the Director certificate; the bank 10%.
    let mut s = position(A, &[holding(Red, 100, &[(40, A), (30, B), (20, B)])]);
    assert_eq!(s.holding(Red).director, Some(B));
    // A is not the Director, so A may sell the Director certificate: the bank holds 50%.
    play(&mut s, sell(A, &[sale(Red, 40)]));
    assert_eq!(s.holding(Red).percent_of(Owner::Bank), 50);
    // B selling the 20% would leave the bank 70%: refused.
    assert_eq!(refuse(&s, sell(B, &[sale(Red, 20)])).code, "bank_cap");
    // Exchanging the 20% down for the bank's 10% hands over one unit: 60% is allowed.
    let mut t = s.clone();
    play(
        &mut t,
        sell(
            B,
            &[Sale {
                holding: Red,
                certificate: 20,
                exchange: Some(10),
            }],
        ),
    );
    assert_eq!(t.holding(Red).percent_of(Owner::Bank), 60);
}

#[test]
fn sell_then_buy_in_one_turn_uses_the_sale_money() {
    let mut s = position(
        A,
        &[
            holding(Red, 100, &[(40, B), (30, A)]),
            holding(Blue, 100, &[(40, B)]),
        ],
    );
    s.player_mut(A).cash = 0;
    s.bank_paid_out -= 710;
    let action = Action::Trade {
        player: A,
        sell: vec![sale(Red, 30)],
        buy: Some(railrules::games::railroad_barons::Purchase {
            holding: Blue,
            certificate: 20,
            exchange: None,
            start_value: None,
        }),
    };
    play(&mut s, action);
    assert_eq!(cash(&s, A), 300 - 200);
    // But not the Holding just sold.
    let s = position(A, &[holding(Red, 100, &[(40, B), (30, A)])]);
    let v = refuse(
        &s,
        Action::Trade {
            player: A,
            sell: vec![sale(Red, 30)],
            buy: Some(railrules::games::railroad_barons::Purchase {
                holding: Red,
                certificate: 20,
                exchange: None,
                start_value: None,
            }),
        },
    );
    assert_eq!(v.code, "bought_after_selling");
}

#[test]
fn the_bank_cap_counts_all_the_sales_of_a_turn_together() {
    // Red: A holds 20% + 10%, B 30% (Director), the bank the 40% Director certificate.
    let s = position(A, &[holding(Red, 100, &[(20, A), (10, A), (30, B)])]);
    assert_eq!(s.holding(Red).percent_of(Owner::Bank), 40);
    // Each sale alone would leave the bank 60% or 50%; together 70%.
    assert_eq!(
        refuse(&s, sell(A, &[sale(Red, 20), sale(Red, 10)])).code,
        "bank_cap"
    );
    let mut t = s.clone();
    play(&mut t, sell(A, &[sale(Red, 20)]));
    assert_eq!(t.holding(Red).percent_of(Owner::Bank), 60);
}
