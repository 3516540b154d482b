//! The certificate limit: at nine a player may not buy but may exchange, and a directorship
//! exchange over the limit forces a sell-down.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::railroad_barons::action::{Action, Sale};
use railrules::games::railroad_barons::event::Event;
use railrules::games::railroad_barons::state::Owner;

#[test]
fn at_nine_certificates_a_player_may_not_buy_but_may_exchange() {
    let s = position(
        A,
        &[
            holding(Red, 70, &[(40, A), (30, A), (20, A), (10, A)]),
            holding(Black, 70, &[(40, A), (30, A), (20, A)]),
            holding(Yellow, 70, &[(40, A), (20, A)]),
        ],
    );
    assert_eq!(s.certificate_count(A), 9);
    let v = refuse(&s, buy(A, Yellow, 10));
    assert_eq!(v.code, "certificate_limit");
    let mut t = s.clone();
    play(&mut t, exchange_up(A, Yellow, 30, 20));
    // Selling first makes room.
    let mut t = s.clone();
    play(
        &mut t,
        Action::Trade {
            player: A,
            sell: vec![sale(Red, 10)],
            buy: Some(railrules::games::railroad_barons::Purchase {
                holding: Yellow,
                certificate: 10,
                exchange: None,
                start_value: None,
            }),
        },
    );
    assert_eq!(t.certificate_count(A), 9);
}

#[test]
fn a_directorship_exchange_over_the_limit_forces_a_sell_down() {
    // Red: A holds the 40% Director certificate, B is Director with 30% + 20%. A holds 9
    // certificates in all.
    let mut s = position(
        B,
        &[
            holding(Red, 70, &[(40, A), (30, B), (20, B)]),
            holding(Black, 70, &[(40, A), (30, A), (20, A), (10, A)]),
            holding(Yellow, 70, &[(40, A), (30, A), (20, A)]),
            holding(Blue, 70, &[(40, B), (10, A)]),
        ],
    );
    assert_eq!(
        (s.holding(Red).director, s.certificate_count(A)),
        (Some(B), 9)
    );
    // B buys red's 10%: B hands 30% + 10% to A for the 40%, and A goes to 10 certificates.
    let events = play(&mut s, buy(B, Red, 10));
    assert!(events.contains(&Event::DirectorCertificateExchanged {
        holding: Red,
        director: B,
        handed_in: vec![30, 10],
        from: Owner::A,
    }));
    assert!(events.contains(&Event::SellDownRequired {
        player: A,
        certificates: 10,
        limit: 9
    }));
    assert!(s.player(A).owes_sell_down);
    // A must sell before anything else: no pass, no buy, no exchange alone.
    assert_eq!(refuse(&s, pass(A)).code, "sell_down_required");
    assert_eq!(
        refuse(&s, exchange_up(A, Blue, 30, 10)).code,
        "sell_down_required"
    );
    let v = refuse(
        &s,
        sell(
            A,
            &[Sale {
                holding: Yellow,
                certificate: 30,
                exchange: Some(10),
            }],
        ),
    );
    assert_eq!(v.code, "sell_down_required");
    let legal = RailroadBarons::legal_actions(&s);
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|a| matches!(a, Action::Trade { buy: None, sell, .. } if sell.iter().any(|x| x.exchange.is_none()))));
    play(&mut s, sell(A, &[sale(Black, 10)]));
    assert!(!s.player(A).owes_sell_down);
    assert_eq!(s.certificate_count(A), 9);
}

#[test]
fn at_nine_no_buy_even_if_the_directorship_exchange_would_bring_the_player_back() {
    // A holds 9 certificates, among them red's 30% and 10%; B is red's Director with the 40%...
    // A buying red's 20% would make A Director (60% > 40%) and hand 30% + 10% for the 40%
    // (back to 9), but at 9 certificates A may not buy at all.
    let s = position(
        A,
        &[
            holding(Red, 70, &[(40, B), (30, A), (10, A)]),
            holding(Black, 70, &[(40, A), (30, A), (20, A), (10, A)]),
            holding(Yellow, 70, &[(40, A), (30, A), (20, B)]),
            holding(Blue, 70, &[(40, A), (10, B)]),
        ],
    );
    assert_eq!(s.certificate_count(A), 9);
    assert_eq!(refuse(&s, buy(A, Red, 20)).code, "certificate_limit");
}

#[test]
fn a_player_owing_a_sell_down_may_pass_when_no_outright_sale_is_open() {
    // Reaching this in play takes a long game; the rule is judged here on its own: A owes a
    // sell-down but holds only Director certificates of Holdings where B holds less than 40%.
    let mut s = position(
        A,
        &[
            holding(Red, 70, &[(40, A), (10, B)]),
            holding(Black, 70, &[(40, A), (10, B)]),
        ],
    );
    s.player_mut(A).owes_sell_down = true;
    assert!(RailroadBarons::legal_actions(&s).contains(&pass(A)));
    assert!(RailroadBarons::apply(&mut s.clone(), &pass(A)).is_ok());
    // With a 10% of its own to sell, the pass is refused.
    let mut t = position(A, &[holding(Red, 70, &[(40, A), (10, A), (20, B)])]);
    t.player_mut(A).owes_sell_down = true;
    assert_eq!(
        RailroadBarons::apply(&mut t.clone(), &pass(A))
            .unwrap_err()
            .code,
        "sell_down_required"
    );
}
