//! The certificate limit: privates count towards it, a player over it must sell, and a player
//! brought down to it may pass but not buy.

use crate::game_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::ShareSource::Treasury;
use railrules::games::ne1833::ids::Company;

use super::{close_unstarted, five_players_p1_holding_ten_certificates, limit, stock_round};

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
