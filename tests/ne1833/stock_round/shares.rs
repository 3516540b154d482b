//! Starting companies and buying shares: par values, the treasury and the market, presidents,
//! the market's half, the price moves at the end of the round, and how starts are listed.

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::Action;
use railrules::games::ne1833::action::ShareSource::{Market, Treasury};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::Company;
use railrules::games::ne1833::state::Round;

use super::stock_round;

#[test]
fn starting_a_company_needs_a_par_value_and_double_the_price() {
    let mut s = stock_round();
    assert_eq!(refuse(&s, par(P1, Company::Cv, 45)).code, "invalid_par");
    // With $150, P1 cannot start at $100 (it costs $200).
    let mut poor = s.clone();
    poor.players[0].cash = 150;
    poor.bank += 525 - 150;
    assert_eq!(
        refuse(&poor, par(P1, Company::Cv, 100)).code,
        "insufficient_cash"
    );
    let events = play(&mut s, par(P1, Company::Cv, 100));
    assert!(events.contains(&Event::CompanyStarted {
        corporation: Company::Cv,
        president: P1,
        share_price: 100,
        paid: 200
    }));
    // Its home station is placed at once: St. Albans (C8).
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::StationPlaced { hex, .. } if hex == "C8"))
    );
    assert_eq!(
        refuse(&s, par(P2, Company::Cv, 100)).code,
        "already_started"
    );
}

#[test]
fn treasury_shares_pay_the_company_market_shares_the_bank() {
    let mut s = stock_round();
    play(&mut s, par(P1, Company::Cv, 100));
    play(&mut s, buy(P2, Company::Cv, Treasury));
    assert_eq!(s.company(Company::Cv).cash, 300);
    assert_eq!(
        refuse(&s, buy(P3, Company::Cv, Market)).code,
        "no_share_there"
    );
    play(&mut s, pass(P3));
    // P1 sells 10%? The president's 20% cannot go: P2 holds only 10%.
    assert_eq!(
        refuse(&s, sell(P1, Company::Cv, 10)).code,
        "president_certificate"
    );
    play(&mut s, buy(P1, Company::Cv, Treasury));
    // P2 may not sell before the company has operated: only its president may.
    assert_eq!(
        refuse(&s, sell(P2, Company::Cv, 10)).code,
        "not_yet_operated"
    );
    play(&mut s, pass(P2));
    play(&mut s, pass(P3));
    let bank = s.bank;
    let events = play(&mut s, sell(P1, Company::Cv, 10));
    assert!(events.contains(&Event::SharePriceMoved {
        corporation: Company::Cv,
        from: 100,
        to: 90
    }));
    assert_eq!(s.bank, bank - 100);
    play(&mut s, pass(P1));
    // The market share costs the new price, paid to the bank.
    let (bank, treasury) = (s.bank, s.company(Company::Cv).cash);
    play(&mut s, buy(P2, Company::Cv, Market));
    assert_eq!((s.bank, s.company(Company::Cv).cash), (bank + 90, treasury));
}

#[test]
fn a_player_holding_more_becomes_president_and_non_presidents_do_not_move_the_price() {
    let mut s = stock_round();
    play(&mut s, par(P1, Company::Hr, 40));
    for _ in 0..3 {
        play(&mut s, buy(P2, Company::Hr, Treasury));
        play(&mut s, pass(P3));
        play(&mut s, pass(P1));
    }
    // P2 holds 30% against P1's 20%.
    assert_eq!(s.company(Company::Hr).president, Some(P2));
    let mut t = s.clone();
    play(&mut t, buy(P2, Company::Hr, Treasury));
    play(&mut t, pass(P3));
    // P1, no longer president, may not sell before the company has operated.
    assert_eq!(
        refuse(&t, sell(P1, Company::Hr, 10)).code,
        "not_yet_operated"
    );
    // Once it has operated, a non-president's sale leaves the price where it was.
    t.company_mut(Company::Hr).operated = true;
    let events = play(&mut t, sell(P1, Company::Hr, 10));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::SharePriceMoved { .. }))
    );
    assert!(events.contains(&Event::SharesSold {
        player: P1,
        corporation: Company::Hr,
        percent: 10,
        received: 40
    }));
}

#[test]
fn the_market_holds_at_most_half_a_company() {
    let mut s = stock_round();
    play(&mut s, par(P1, Company::Hr, 40));
    play(&mut s, buy(P2, Company::Hr, Treasury));
    play(&mut s, buy(P3, Company::Hr, Treasury));
    for _ in 0..3 {
        play(&mut s, buy(P1, Company::Hr, Treasury));
        play(&mut s, buy(P2, Company::Hr, Treasury));
        play(&mut s, pass(P3));
    }
    // P1 50%, P2 40%, P3 10%: the treasury is empty.
    assert_eq!(s.company(Company::Hr).treasury_shares, 0);
    s.company_mut(Company::Hr).operated = true;
    play(&mut s, sell(P1, Company::Hr, 30));
    play(&mut s, pass(P1));
    play(&mut s, sell(P2, Company::Hr, 20));
    // 50% in the market: nothing more may go there.
    assert_eq!(refuse(&s, sell(P2, Company::Hr, 10)).code, "sold_this_turn");
    play(&mut s, pass(P2));
    assert_eq!(refuse(&s, sell(P3, Company::Hr, 10)).code, "market_full");
}

#[test]
fn at_the_end_of_the_round_a_company_wholly_held_by_players_rises() {
    let mut s = stock_round();
    play(&mut s, par(P1, Company::Hr, 40));
    for _ in 0..8 {
        let to_act = Ne1833::to_act(&s)[0];
        play(&mut s, buy(to_act, Company::Hr, Treasury));
    }
    assert_eq!(s.company(Company::Hr).treasury_shares, 0);
    let first = Ne1833::to_act(&s)[0];
    let mut seat = first;
    let mut events = Vec::new();
    for _ in 0..3 {
        events = play(&mut s, pass(seat));
        seat = s.next_seat(seat);
    }
    assert!(events.contains(&Event::SharePriceMoved {
        corporation: Company::Hr,
        from: 40,
        to: 50
    }));
}

#[test]
fn end_of_round_moves_go_in_operating_order() {
    let mut s = stock_round();
    // The HR and the CV both start at $50, the HR first; the B&W at $40.
    play(&mut s, par(P1, Company::Hr, 50));
    play(&mut s, par(P2, Company::Cv, 50));
    play(&mut s, par(P3, Company::Bw, 40));
    play(&mut s, buy(P1, Company::Hr, Treasury));
    play(&mut s, buy(P2, Company::Cv, Treasury));
    play(&mut s, buy(P3, Company::Bw, Treasury));
    // Each president sells a share: the HR reaches $40 before the CV; the B&W drops to $30.
    for (seat, company) in [(P1, Company::Hr), (P2, Company::Cv), (P3, Company::Bw)] {
        play(&mut s, sell(seat, company, 10));
        play(&mut s, pass(seat));
    }
    // P1 buys the B&W's market share back: it stays at $30 with nothing in the market.
    play(&mut s, buy(P1, Company::Bw, Market));
    let arrived = |s: &State, c: Company| s.company(c).arrived;
    assert!(arrived(&s, Company::Hr) < arrived(&s, Company::Cv));
    assert!(arrived(&s, Company::Bw) > arrived(&s, Company::Cv));
    play(&mut s, pass(P2));
    play(&mut s, pass(P3));
    let events = play(&mut s, pass(P1));
    // The HR, ahead of the CV at $40, moves first and stays ahead at $30, where the B&W
    // already stood: B&W, HR, CV.
    let moves: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::SharePriceMoved { .. }))
        .collect();
    assert_eq!(
        moves,
        vec![
            &Event::SharePriceMoved {
                corporation: Company::Hr,
                from: 40,
                to: 30
            },
            &Event::SharePriceMoved {
                corporation: Company::Cv,
                from: 40,
                to: 30
            },
        ]
    );
    assert!(arrived(&s, Company::Bw) < arrived(&s, Company::Hr));
    assert!(arrived(&s, Company::Hr) < arrived(&s, Company::Cv));
    assert_eq!(
        railrules::games::ne1833::operating_round::operating_order(&s, false),
        vec![Company::Bw, Company::Hr, Company::Cv]
    );
    let Round::OperatingRound { order, .. } = &s.round else {
        panic!("the operating round follows");
    };
    assert_eq!(order, &vec![Company::Bw, Company::Hr, Company::Cv]);
}

/// A start is listed once per company, at its lowest legal par price, with every legal par
/// price as its choices: with $150, P1 may start at $40 to $70 (double the price at most its
/// cash), not at $80 (issue 20.2).
#[test]
fn a_start_is_listed_once_with_the_par_prices_the_player_can_pay() {
    let mut s = stock_round();
    s.players[0].cash = 150;
    s.bank += 525 - 150;
    let legal = Ne1833::legal_actions(&s);
    let starts: Vec<_> = legal
        .iter()
        .filter(|a| matches!(a, Action::Par { .. }))
        .collect();
    assert_eq!(starts.len(), Company::ALL.len(), "{starts:?}");
    let cv = starts
        .iter()
        .find(|a| {
            matches!(
                a,
                Action::Par {
                    corporation: Company::Cv,
                    ..
                }
            )
        })
        .unwrap();
    assert_eq!(**cv, par(P1, Company::Cv, 40));
    let choices = Ne1833::choices(&s, cv);
    assert_eq!(choices.len(), 1);
    assert_eq!(choices[0].pointer, "/share_price");
    assert_eq!(choices[0].values, [40, 50, 60, 70]);
    for price in [40, 50, 60, 70] {
        assert!(Ne1833::apply(&mut s.clone(), &par(P1, Company::Cv, price)).is_ok());
    }
    assert_eq!(
        refuse(&s, par(P1, Company::Cv, 80)).code,
        "insufficient_cash"
    );
    // Spelt out, the choices are one action per price, in the listing's order.
    let every = railrules::core::every_choice::<Ne1833>(&s, legal.clone());
    assert_eq!(every.len(), legal.len() + 9 * 3);
}
