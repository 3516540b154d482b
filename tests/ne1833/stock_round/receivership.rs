//! Shares of a company in receivership: the president's certificate at twice the price, two
//! shares to make a president, and sales that never move the price.

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::ShareSource::{Market, Treasury};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::{Company, Seat};

use super::{close_unstarted, five_players_p1_holding_ten_certificates, limit};

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
