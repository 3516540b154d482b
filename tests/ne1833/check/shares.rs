//! Shares and presidents: holders in the game, whole shares adding up to 100%, the market's
//! prices, presidents, receivership, and the holding limits.

use crate::game_fixtures::*;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::data::components;
use railrules::games::ne1833::ids::{Company, Private, Seat};
use railrules::games::ne1833::stock_round::certificate_limit;

use crate::game_fixtures::State;
use Seat::P5;

use super::{HR, RR, consistent, expect, opening, train};

/// Moves `percent` of a company's shares from its treasury to its market.
fn treasury_to_market(s: &mut State, company: Company, percent: u8) {
    let e = s.company_mut(company);
    e.treasury_shares -= percent;
    e.market_shares += percent;
}

#[test]
fn shares_held_by_a_seat_not_in_the_game_are_refused() {
    let mut s = opening();
    s.company_mut(Company::Bw).holdings.insert(P4, 10);
    s.company_mut(Company::Bw).treasury_shares -= 10;
    expect(&s, &[("unknown_seat", "/companies/8/holdings/seat-4")]);
}

#[test]
fn shares_add_up_to_100_percent_in_whole_shares() {
    let mut s = opening();
    s.company_mut(Company::Bw).treasury_shares += 10;
    expect(&s, &[("shares_not_100_percent", "/companies/8")]);
    let mut s = opening();
    treasury_to_market(&mut s, Company::Bw, 5);
    expect(
        &s,
        &[
            ("shares_not_whole", "/companies/8/treasury_shares"),
            ("shares_not_whole", "/companies/8/market_shares"),
        ],
    );
}

#[test]
fn an_unstarted_company_is_untouched() {
    let mut s = opening();
    let rr = s.company_mut(Company::Rr);
    rr.cash = 10;
    rr.operated = true;
    rr.president = Some(P1);
    rr.receivership = true;
    rr.trains.push(train("2-0", false));
    s.depot[0] -= 1;
    s.bank -= 10;
    expect(
        &s,
        &[
            ("unstarted_company_in_use", "/companies/5/cash"),
            ("unstarted_company_in_use", "/companies/5/operated"),
            ("unstarted_company_in_use", "/companies/5/president"),
            ("unstarted_company_in_use", "/companies/5/receivership"),
            ("unstarted_company_in_use", "/companies/5/trains"),
        ],
    );
    assert_eq!(RR, Company::Rr.index());
}

#[test]
fn the_price_is_an_open_space_of_the_market() {
    let mut s = opening();
    s.company_mut(Company::Bw).price = Some(200);
    expect(&s, &[("price_off_market", "/companies/8/price")]);
    // $0 is where a company closes.
    assert_eq!(components().market[0], 0);
    s.company_mut(Company::Bw).price = Some(0);
    expect(&s, &[("open_at_closing_price", "/companies/8/price")]);
}

#[test]
fn the_president_holds_the_certificate_and_the_most() {
    let mut s = opening();
    s.company_mut(Company::Bw).holdings.insert(P1, 10);
    s.company_mut(Company::Bw).market_shares += 10;
    expect(
        &s,
        &[("president_without_certificate", "/companies/8/president")],
    );
    let mut s = opening();
    s.company_mut(Company::Bw).holdings.insert(P2, 30);
    s.company_mut(Company::Bw).treasury_shares -= 30;
    expect(
        &s,
        &[(
            "president_not_largest_holder",
            "/companies/8/holdings/seat-2",
        )],
    );
}

/// The Hartford's president P2 loses their 20% to the market (as a bankrupt president's shares
/// go when no one can take over): it is in receivership.
fn hartford_in_receivership() -> State {
    let mut s = opening();
    let hr = s.company_mut(Company::Hr);
    hr.holdings.remove(&P2);
    hr.market_shares += 20;
    hr.president = None;
    hr.receivership = true;
    s
}

#[test]
fn a_company_without_a_president_is_in_receivership() {
    consistent(&hartford_in_receivership());
    let mut s = hartford_in_receivership();
    s.company_mut(Company::Hr).receivership = false;
    expect(
        &s,
        &[("company_without_president", "/companies/6/president")],
    );
    let mut s = opening();
    s.company_mut(Company::Hr).president = None;
    expect(
        &s,
        &[("company_without_president", "/companies/6/president")],
    );
}

#[test]
fn receivership_keeps_the_certificate_in_the_market_and_no_heir() {
    // The 20% in the treasury rather than the market: the certificate is not there.
    let mut s = hartford_in_receivership();
    let hr = s.company_mut(Company::Hr);
    hr.market_shares -= 20;
    hr.treasury_shares += 20;
    expect(
        &s,
        &[(
            "receivership_without_certificate",
            "/companies/6/market_shares",
        )],
    );
    // P1 holds 20%: P1 would be president.
    let mut s = hartford_in_receivership();
    let hr = s.company_mut(Company::Hr);
    hr.treasury_shares -= 20;
    hr.holdings.insert(P1, 20);
    expect(
        &s,
        &[("receivership_with_heir", "/companies/6/holdings/seat-1")],
    );
    // A president and a receivership at once.
    let mut s = opening();
    s.company_mut(Company::Hr).receivership = true;
    expect(
        &s,
        &[("receivership_with_president", "/companies/6/receivership")],
    );
    assert_eq!(HR, Company::Hr.index());
}

#[test]
fn the_market_and_players_hold_within_their_limits() {
    let mut s = opening();
    treasury_to_market(&mut s, Company::Bw, 60);
    expect(&s, &[("market_over_limit", "/companies/8/market_shares")]);
    let mut s = opening();
    s.company_mut(Company::Bw).holdings.insert(P1, 70);
    s.company_mut(Company::Bw).treasury_shares -= 50;
    expect(&s, &[("player_over_limit", "/companies/8/holdings/seat-1")]);
}

/// Makes `seat` the president of `company` with `percent`: the old president's shares go back
/// to the treasury, `seat`'s come from it.
fn make_president(s: &mut State, company: Company, seat: Seat, percent: u8) {
    let e = s.company_mut(company);
    let old = e.president.unwrap();
    let held = e.holdings.remove(&old).unwrap_or(0);
    let before = e.holdings.insert(seat, percent).unwrap_or(0);
    e.treasury_shares = e.treasury_shares + held + before - percent;
    e.president = Some(seat);
}

#[test]
fn a_player_holds_no_more_certificates_than_the_limit() {
    let mut s = new_game(5);
    for (private, seat) in [
        (Private::P1, P1),
        (Private::P2, P2),
        (Private::P3, P3),
        (Private::P4, P4),
        (Private::P5, P5),
        (Private::P6, P1),
    ] {
        play(
            &mut s,
            bid(seat, private, components().privates[private.index()].value),
        );
    }
    // P1 bought last: P2 opens the stock round.
    play(&mut s, par(P2, Company::Hr, 50));
    play(&mut s, par(P3, Company::Cv, 70));
    play(&mut s, pass(P4));
    play(&mut s, pass(P5));
    play(&mut s, par(P1, Company::Bw, 100));
    consistent(&s);
    // P1: 60% of each (five certificates apiece) and two privates, 17 certificates.
    for company in [Company::Bw, Company::Hr, Company::Cv] {
        make_president(&mut s, company, P1, 60);
    }
    let limit = certificate_limit(&s);
    assert_eq!((s.certificates(P1), limit), (17, 14));
    expect(&s, &[("certificate_limit", "/players/0")]);
}
