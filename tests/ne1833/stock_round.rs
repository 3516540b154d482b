//! Stock round rules, each with a legal and an illegal case.

use crate::game_fixtures::*;
use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::ShareSource::{Market, Treasury};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::Company;
use railrules::games::ne1833::state::{Round, State};

/// A 3-player game after an auction where each player bought two privates at their prices
/// (P1 the Granite and the Ogdensburg, P2 the Lowell and the Luxury Ferry, P3 the C&StL and the
/// D&H): P1 opens stock round 1 with $525.
fn stock_round() -> State {
    auction_then_stock_round(new_game(3))
}

fn auction_then_stock_round(mut s: State) -> State {
    use railrules::games::ne1833::ids::Private;
    for (private, seat) in [
        (Private::P1, P1),
        (Private::P2, P2),
        (Private::P3, P3),
        (Private::P4, P1),
        (Private::P5, P2),
        (Private::P6, P3),
    ] {
        let price = railrules::games::ne1833::data::components().privates[private.index()].value;
        play(&mut s, bid(seat, private, price));
    }
    assert!(matches!(s.round, Round::StockRound { to_act: P1, .. }));
    s
}

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
fn privates_count_towards_the_certificate_limit() {
    let s = stock_round();
    // 3 players, 9 companies: 24 certificates. P1 owns two privates.
    assert_eq!(
        railrules::games::ne1833::stock_round::certificate_limit(&s),
        24
    );
    assert_eq!(s.certificates(P1), 2);
}
