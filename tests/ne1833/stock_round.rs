//! Stock round rules, each with a legal and an illegal case.

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::Action;
use railrules::games::ne1833::action::ShareSource::{Market, Treasury};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::{Company, Seat};
use railrules::games::ne1833::state::Round;

/// A 3-player game after an auction where each player bought two privates at their prices
/// (P1 the Granite and the Ogdensburg, P2 the Lowell and the Luxury Ferry, P3 the C&StL and the
/// D&H): P1 opens stock round 1 with $525.
fn stock_round() -> State {
    auction_then_stock_round(new_game(3))
}

fn auction_then_stock_round(mut s: State) -> State {
    privates_bought_two_each(&mut s);
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

/// A 5-player game in stock round 1, P1 to act: P1 bought three privates (the Granite, the
/// Lowell, the C&StL), P2-P4 one each; P2 started the CV, P3 the FRR, P4 the HR and P5 the B&W,
/// each at $40 and each president with 30%. P1 holds 20% of the CV, FRR and HR and 10% of the
/// B&W: 3 privates and 7 shares, 10 certificates, and $15. No company has operated.
fn five_players_p1_holding_ten_certificates() -> State {
    use railrules::games::ne1833::ids::Private;
    let mut s = new_game(5);
    let others = [P2, P3, P4, Seat::P5];
    for private in [Private::P1, Private::P2, Private::P3] {
        play(&mut s, bid(P1, private, face(private)));
        if private != Private::P3 {
            for seat in others {
                play(&mut s, pass(seat));
            }
        }
    }
    for (seat, private) in [(P2, Private::P4), (P3, Private::P5), (P4, Private::P6)] {
        play(&mut s, bid(seat, private, face(private)));
    }
    // The stock round opens with P5, after P4 who bought last.
    play(&mut s, par(Seat::P5, Company::Bw, 40));
    play(&mut s, buy(P1, Company::Bw, Treasury));
    play(&mut s, par(P2, Company::Cv, 40));
    play(&mut s, par(P3, Company::Frr, 40));
    play(&mut s, par(P4, Company::Hr, 40));
    play(&mut s, buy(Seat::P5, Company::Bw, Treasury));
    // P1 buys a share a turn; P2-P4 buy their second share on the first of them.
    for company in [
        Company::Cv,
        Company::Cv,
        Company::Frr,
        Company::Frr,
        Company::Hr,
        Company::Hr,
    ] {
        play(&mut s, buy(P1, company, Treasury));
        for (seat, own) in [(P2, Company::Cv), (P3, Company::Frr), (P4, Company::Hr)] {
            if s.company(own).percent_of(seat) < 30 {
                play(&mut s, buy(seat, own, Treasury));
            } else {
                play(&mut s, pass(seat));
            }
        }
        play(&mut s, pass(Seat::P5));
    }
    assert_eq!(Ne1833::to_act(&s), vec![P1]);
    assert_eq!(s.certificates(P1), 10);
    assert_eq!(cash(&s, P1), 15);
    for (company, president) in [
        (Company::Cv, P2),
        (Company::Frr, P3),
        (Company::Hr, P4),
        (Company::Bw, Seat::P5),
    ] {
        assert_eq!(s.company(company).president, Some(president));
        assert_eq!(s.company(company).percent_of(president), 30);
    }
    s
}

fn face(private: railrules::games::ne1833::ids::Private) -> u32 {
    railrules::games::ne1833::data::components().privates[private.index()].value
}

/// Closes `n` of the companies nobody started: the certificate limit falls with the companies
/// in play (5 players: 14 with nine, 11 with seven, 10 with six, 8 with five).
fn close_unstarted(s: &mut State, n: usize) {
    let unstarted: Vec<Company> = Company::ALL
        .into_iter()
        .filter(|&c| !s.company(c).is_started())
        .take(n)
        .collect();
    for c in unstarted {
        railrules::games::ne1833::market::close(&mut **s, c, &mut Vec::new());
    }
}

fn limit(s: &State) -> usize {
    railrules::games::ne1833::stock_round::certificate_limit(s)
}

#[test]
fn over_the_certificate_limit_a_player_must_sell_while_any_sale_is_accepted() {
    let mut s = five_players_p1_holding_ten_certificates();
    assert_eq!(limit(&s), 14);
    close_unstarted(&mut s, 4);
    assert_eq!((s.certificates(P1), limit(&s)), (10, 8));
    // Over the limit, P1 may not buy or start a company.
    assert_eq!(
        refuse(&s, buy(P1, Company::Bw, Treasury)).code,
        "certificate_limit"
    );
    assert_eq!(
        refuse(&s, par(P1, Company::Bp, 40)).code,
        "certificate_limit"
    );
    // No company has operated: P1, president of none, can sell nothing, and may pass.
    let mut stuck = s.clone();
    play(&mut stuck, pass(P1));

    // Once the B&W has operated P1 may sell its 10%: passing is refused, even though that sale
    // alone leaves P1 over the limit (9 of 8).
    s.company_mut(Company::Bw).operated = true;
    let v = refuse(&s, pass(P1));
    assert_eq!(
        (v.code.as_str(), v.rule.as_str()),
        ("over_certificate_limit", "1833ne#certificate-limit")
    );
    assert!(
        v.message
            .contains("holds 10 certificates, over the limit of 8"),
        "{}",
        v.message
    );
    assert_eq!(Ne1833::legal_actions(&s), vec![sell(P1, Company::Bw, 10)]);
    play(&mut s, sell(P1, Company::Bw, 10));
    // 9 of 8, and no sale is left this turn (the B&W sold, the others not operated): P1 passes.
    assert_eq!(s.certificates(P1), 9);
    play(&mut s, pass(P1));
}

#[test]
fn a_player_brought_down_to_the_limit_may_pass_but_not_buy() {
    let mut s = five_players_p1_holding_ten_certificates();
    close_unstarted(&mut s, 4);
    s.company_mut(Company::Cv).operated = true;
    s.company_mut(Company::Frr).operated = true;
    // Selling 10% of the CV leaves 9 of 8 with a sale of the FRR still open: no pass.
    let mut t = s.clone();
    play(&mut t, sell(P1, Company::Cv, 10));
    assert_eq!(refuse(&t, pass(P1)).code, "over_certificate_limit");
    // Selling 20% leaves 8 of 8: at the limit, not over it, P1 may pass with the FRR unsold,
    // but may not buy.
    play(&mut s, sell(P1, Company::Cv, 20));
    assert_eq!(s.certificates(P1), 8);
    assert_eq!(
        refuse(&s, buy(P1, Company::Hr, Treasury)).code,
        "certificate_limit"
    );
    play(&mut s, pass(P1));
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

/// The five-player game with the B&W in receivership, as a bankruptcy leaves it (ruling R4):
/// its president P5 is out, their 30% (the president's certificate and a share) is in the
/// market, P5's cash went to the bank; the B&W has no president.
fn bw_in_receivership() -> State {
    let mut s = five_players_p1_holding_ten_certificates();
    let p5 = Seat::P5;
    let entry = s.company_mut(Company::Bw);
    let held = entry.holdings.remove(&p5).unwrap_or(0);
    entry.market_shares += held;
    entry.president = None;
    entry.receivership = true;
    let cash = s.player(p5).cash;
    s.bank += i64::from(cash);
    let player = s.player_mut(p5);
    player.cash = 0;
    player.bankrupt = true;
    assert_eq!(s.company(Company::Bw).market_shares, 30);
    s
}

fn buy_percent(
    player: Seat,
    corporation: Company,
    from: railrules::games::ne1833::action::ShareSource,
    percent: u8,
) -> railrules::games::ne1833::action::Action {
    railrules::games::ne1833::action::Action::BuyShares {
        player,
        corporation,
        from,
        entity: None,
        percent: Some(percent),
    }
}

/// Moves `amount` from the bank to a player (as dividends would).
fn give_cash(s: &mut State, seat: Seat, amount: u32) {
    s.bank -= i64::from(amount);
    s.player_mut(seat).cash += amount;
}

#[test]
fn the_presidents_certificate_of_a_company_in_receivership_costs_twice_the_price() {
    let mut s = bw_in_receivership();
    // P1 has $15: the certificate costs 2 x $40.
    assert_eq!(
        refuse(&s, buy_percent(P1, Company::Bw, Market, 20)).code,
        "insufficient_cash"
    );
    give_cash(&mut s, P1, 64);
    assert_eq!(
        refuse(&s, buy_percent(P1, Company::Bw, Market, 20)).code,
        "insufficient_cash"
    );
    give_cash(&mut s, P1, 1);
    // Only the certificate of a company in receivership, only from the market, is bought whole.
    for wrong in [
        buy_percent(P1, Company::Bw, Treasury, 20),
        buy_percent(P1, Company::Bw, Market, 30),
        buy_percent(P1, Company::Cv, Treasury, 20),
    ] {
        assert_eq!(refuse(&s, wrong).code, "one_share");
    }
    let bank = s.bank;
    let treasury = s.company(Company::Bw).cash;
    let events = play(&mut s, buy_percent(P1, Company::Bw, Market, 20));
    assert_eq!(
        events[..2],
        [
            Event::SharesBought {
                player: P1,
                corporation: Company::Bw,
                percent: 20,
                from: Market,
                price: 80
            },
            Event::ReceivershipEnded {
                corporation: Company::Bw,
                president: P1
            }
        ]
    );
    let bw = s.company(Company::Bw);
    assert_eq!(
        (
            bw.president,
            bw.receivership,
            bw.percent_of(P1),
            bw.market_shares
        ),
        (Some(P1), false, 30, 10)
    );
    assert_eq!((cash(&s, P1), s.bank, bw.cash), (0, bank + 80, treasury));
    // The certificate counts one: 10% became 30%, one certificate more.
    assert_eq!(s.certificates(P1), 11);
    assert!(Ne1833::check(&s).is_empty());
    // Out of receivership, its market holds one share and no certificate to buy.
    give_cash(&mut s, P2, 80);
    assert_eq!(
        refuse(&s, buy_percent(P2, Company::Bw, Market, 20)).code,
        "one_share"
    );
}

#[test]
fn the_certificate_limit_counts_the_presidents_certificate_as_one() {
    // Six companies in play: the limit is 10, and P1 holds 10.
    let mut s = bw_in_receivership();
    give_cash(&mut s, P1, 65);
    let mut full = s.clone();
    close_unstarted(&mut full, 3);
    assert_eq!((full.certificates(P1), limit(&full)), (10, 10));
    assert_eq!(
        refuse(&full, buy_percent(P1, Company::Bw, Market, 20)).code,
        "certificate_limit"
    );
    // Seven: the limit is 11, and the certificate brings P1 to it exactly.
    close_unstarted(&mut s, 2);
    assert_eq!(limit(&s), 11);
    play(&mut s, buy_percent(P1, Company::Bw, Market, 20));
    assert_eq!(s.certificates(P1), 11);
}

#[test]
fn two_shares_make_a_president_of_a_company_in_receivership() {
    let s = bw_in_receivership();
    // P1's second share, from the treasury (paid to the B&W) or from the market, where it is
    // swapped for the president's certificate: P1 holds 20% and presides, with as many
    // certificates as before (the certificate for two shares).
    for from in [Treasury, Market] {
        let mut t = s.clone();
        give_cash(&mut t, P1, 25);
        let treasury = t.company(Company::Bw).cash;
        let events = play(&mut t, buy(P1, Company::Bw, from));
        assert!(events.contains(&Event::ReceivershipEnded {
            corporation: Company::Bw,
            president: P1
        }));
        let bw = t.company(Company::Bw);
        assert_eq!(
            (bw.president, bw.receivership, bw.percent_of(P1)),
            (Some(P1), false, 20)
        );
        let paid_to_company = if from == Treasury { 40 } else { 0 };
        assert_eq!(bw.cash, treasury + paid_to_company);
        assert_eq!(t.certificates(P1), 10);
        assert!(Ne1833::check(&t).is_empty());
    }
}

#[test]
fn a_first_share_of_a_company_in_receivership_makes_no_president() {
    let mut s = bw_in_receivership();
    give_cash(&mut s, P1, 25);
    play(&mut s, buy(P1, Company::Cv, Treasury));
    // P2 holds no B&W: a share from the market leaves it in receivership, without a president.
    let events = play(&mut s, buy(P2, Company::Bw, Market));
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::ReceivershipEnded { .. } | Event::PresidentChanged { .. }
    )));
    let bw = s.company(Company::Bw);
    assert_eq!(
        (
            bw.president,
            bw.receivership,
            bw.percent_of(P2),
            bw.market_shares
        ),
        (None, true, 10, 20)
    );
    // The Ogdensburg, the CV's president's certificate and share, and the B&W share.
    assert_eq!(s.certificates(P2), 4);
    // The market now holds only the president's certificate: no 10% share is there for P3.
    let v = refuse(&s, buy(P3, Company::Bw, Market));
    assert_eq!(v.code, "no_share_there");
    play(&mut s, buy(P3, Company::Bw, Treasury));
}

#[test]
fn sales_of_a_company_in_receivership_never_move_its_price() {
    let mut s = bw_in_receivership();
    // Before it has operated no one may sell its shares: it has no president.
    assert_eq!(
        refuse(&s, sell(P1, Company::Bw, 10)).code,
        "not_yet_operated"
    );
    s.company_mut(Company::Bw).operated = true;
    // With 50% in the market (the certificate and three shares), nothing more may go there.
    let mut full = s.clone();
    let bw = full.company_mut(Company::Bw);
    bw.treasury_shares -= 20;
    bw.market_shares += 20;
    assert_eq!(refuse(&full, sell(P1, Company::Bw, 10)).code, "market_full");
    let bank = s.bank;
    let events = play(&mut s, sell(P1, Company::Bw, 10));
    assert_eq!(
        events,
        vec![Event::SharesSold {
            player: P1,
            corporation: Company::Bw,
            percent: 10,
            received: 40
        }]
    );
    let bw = s.company(Company::Bw);
    assert_eq!(
        (
            price(&s, Company::Bw),
            bw.market_shares,
            bw.president,
            bw.receivership
        ),
        (Some(40), 40, None, true)
    );
    assert_eq!((cash(&s, P1), s.bank), (15 + 40, bank - 40));
    assert_eq!(s.certificates(P1), 9);
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
