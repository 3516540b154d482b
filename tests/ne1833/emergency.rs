//! Emergency money, ruling by ruling (R3 a-f of the rulings of 2026-12;
//! docs/rules/1833ne.md#emergency-money; 1846 6.8): each with a legal and an illegal case and
//! exact figures.
//!
//! In the fixture (`operating`) the Hartford (P2, 20%) operates first at $50; running nothing
//! and withholding takes it to $40. The emergency terms at $40: one share moves the price to $30
//! and brings $20; two move it to $20 and bring $10 each ($20); a third would bring $0.

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use crate::or_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::Action;
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::{Company, Private};
use railrules::games::ne1833::state::Train;

/// The Hartford after its dividend with `treasury` dollars and no train; its president P2 with
/// `president` dollars.
fn hartford_short(treasury: u32, president: u32) -> State {
    let mut s = operating();
    nothing(&mut s, P2);
    set_company_cash(&mut s, Company::Hr, treasury);
    set_player_cash(&mut s, P2, president);
    assert!(Ne1833::check(&s).is_empty(), "{:?}", Ne1833::check(&s));
    s
}

/// Gives the Central Vermont the depot's next 2-train, so another company has one to sell.
fn cv_owns_a_two(s: &mut State) {
    s.depot[0] -= 1;
    s.company_mut(Company::Cv).trains.push(Train {
        id: "2-0".into(),
        card: "2".into(),
        side: "2".into(),
        phased_out: false,
    });
}

fn from_cv(variant: &str) -> Action {
    Action::BuyTrain {
        player: P2,
        train: "2-0".into(),
        variant: variant.into(),
        from: Some(Company::Cv),
        price: Some(1),
        accepted_by: Some(P3),
    }
}

#[test]
fn r3a_the_emergency_issue_is_allowed_after_an_earlier_issue_this_turn() {
    // "the emergency issue is allowed even if the company issued or redeemed earlier this turn"
    let mut s = operating();
    play(&mut s, issue(P2, Company::Hr, 10)); // voluntary: one space below $50, $40
    nothing(&mut s, P2);
    set_company_cash(&mut s, Company::Hr, 10);
    // Players hold 20%, the market 10%: one more share may be issued, on the emergency terms.
    let events = play(&mut s, issue(P2, Company::Hr, 10));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::SharesIssued {
            percent: 10,
            received: 20,
            ..
        }
    )));
    assert_eq!(
        (s.company(Company::Hr).cash, price(&s, Company::Hr)),
        (30, Some(30))
    );
    assert_eq!(s.company(Company::Hr).market_shares, 20);
}

#[test]
fn r3b_after_an_emergency_issue_only_the_depot_and_no_private_until_it_has_a_train() {
    let mut s = hartford_short(10, 500);
    cv_owns_a_two(&mut s);
    play(&mut s, issue(P2, Company::Hr, 20));
    assert_eq!(
        refuse(&s, from_cv("2")).code,
        "emergency_depot_only",
        "after an emergency issue the company may buy only from the depot"
    );
    // P2 owns the Luxury Ferry Service (P5): no private while the Hartford owns no train.
    let private = |price| Action::BuyCompany {
        player: P2,
        company: Private::P5,
        price,
        accepted_by: None,
    };
    assert_eq!(refuse(&s, private(1)).code, "emergency_no_privates");
    play(&mut s, depot_train(P2, "2", "2"));
    // Owning a train, it may (given the dollar the president's payment left it without).
    set_company_cash(&mut s, Company::Hr, 1);
    play(&mut s, private(1));
}

#[test]
fn r3c_in_an_emergency_never_a_train_from_another_company() {
    // Short of the cheapest depot train ($75) with $10: no purchase from the CV, even at $1
    // the treasury could pay and before any issue.
    let mut s = hartford_short(10, 500);
    cv_owns_a_two(&mut s);
    assert_eq!(refuse(&s, from_cv("2")).code, "emergency_depot_only");
    // Not short (the treasury pays the cheapest), a company without a train may buy from
    // another, on the side it chooses (ruling R2).
    let mut s = hartford_short(75, 500);
    cv_owns_a_two(&mut s);
    play(&mut s, from_cv("2+1"));
    assert_eq!(s.company(Company::Hr).trains[0].side, "2+1");
}

#[test]
fn r3d_once_the_presidents_cash_is_needed_any_side_the_depot_offers() {
    // "it may freely buy from the bank any available phase or type of train" (1846 6.87).
    let mut s = hartford_short(10, 500);
    play(&mut s, issue(P2, Company::Hr, 20));
    assert_eq!(s.company(Company::Hr).cash, 30);
    // Only what the depot offers now: its first card, the 2.
    assert_eq!(
        refuse(&s, depot_train(P2, "3/5", "3/5")).code,
        "not_available"
    );
    let events = play(&mut s, depot_train(P2, "2", "2+1"));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TrainBought {
            price: 100,
            president_paid: 70,
            ..
        }
    )));
    assert_eq!((cash(&s, P2), s.company(Company::Hr).cash), (430, 0));
}

#[test]
fn r3d_the_president_pays_only_what_is_short_and_only_with_the_cash_there_is() {
    let mut s = hartford_short(10, 60);
    play(&mut s, issue(P2, Company::Hr, 20));
    // $30 + $60 = $90: the 2 ($75) yes, the 2+1 ($100) no.
    assert_eq!(
        refuse(&s, depot_train(P2, "2", "2+1")).code,
        "insufficient_cash"
    );
    play(&mut s, depot_train(P2, "2", "2"));
    assert_eq!((cash(&s, P2), s.company(Company::Hr).cash), (15, 0));
}

#[test]
fn r3_the_company_issues_before_its_president_pays() {
    let s = hartford_short(10, 500);
    assert_eq!(refuse(&s, depot_train(P2, "2", "2")).code, "issue_first");
    // It issues the fewest shares that pay, or all it can: here all it can, 20%.
    assert_eq!(refuse(&s, issue(P2, Company::Hr, 10)).code, "cannot_issue");
    // With $60 one share ($20) is enough: two are refused.
    let s = hartford_short(60, 500);
    assert_eq!(refuse(&s, issue(P2, Company::Hr, 20)).code, "cannot_issue");
    let mut s = s;
    play(&mut s, issue(P2, Company::Hr, 10));
    assert_eq!(s.company(Company::Hr).cash, 80);
}

/// P2 also holds 20% of the B&W ($100, as if it had operated); the Hartford and P2 have
/// nothing: after the emergency issue ($20) they are $55 short of a 2.
fn president_must_sell() -> State {
    let mut s = operating();
    give_shares(&mut s, Company::Bw, P2, 20);
    s.company_mut(Company::Bw).operated = true;
    nothing(&mut s, P2);
    set_company_cash(&mut s, Company::Hr, 0);
    set_player_cash(&mut s, P2, 0);
    play(&mut s, issue(P2, Company::Hr, 20));
    s
}

#[test]
fn r3e_no_sale_beyond_what_the_train_needs() {
    // "Once the amount needed has been raised, no further sales may be made" (1846 6.88): one
    // B&W share ($100) covers the $55; a sale of two is refused, not only the sale after it.
    let mut s = president_must_sell();
    assert_eq!(
        refuse(&s, depot_train(P2, "2", "2")).code,
        "insufficient_cash"
    );
    assert_eq!(
        refuse(&s, sell(P2, Company::Bw, 20)).code,
        "more_than_needed"
    );
    play(&mut s, sell(P2, Company::Bw, 10));
    assert_eq!(cash(&s, P2), 100);
    assert_eq!(refuse(&s, sell(P2, Company::Bw, 10)).code, "enough_raised");
    // $20 + $100: either side (R3d).
    let events = play(&mut s, depot_train(P2, "2", "2+1"));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TrainBought {
            president_paid: 80,
            ..
        }
    )));
    play(&mut s, pass(P2));
}

/// P2 holds 40% of the Hartford, P3 30%, the Hartford has no cash and P2 `cash`; after the
/// emergency issue ($20: two shares at $40 bring $10 each) the price is $20.
fn hartford_with_a_rival_holder(cash: u32) -> State {
    let mut s = operating();
    give_shares(&mut s, Company::Hr, P2, 20);
    give_shares(&mut s, Company::Hr, P3, 30);
    s.company_mut(Company::Hr).operated = true;
    nothing(&mut s, P2);
    set_company_cash(&mut s, Company::Hr, 0);
    set_player_cash(&mut s, P2, cash);
    play(&mut s, issue(P2, Company::Hr, 20));
    s
}

#[test]
fn r3f_no_sale_that_changes_the_buying_companys_presidency() {
    // $55 is missing: selling 20% (two shares, $40, not enough alone) would leave P2 20%
    // against P3's 30%.
    let mut s = hartford_with_a_rival_holder(0);
    assert_eq!(price(&s, Company::Hr), Some(20));
    assert_eq!(
        refuse(&s, sell(P2, Company::Hr, 20)).code,
        "presidency_would_change"
    );
    // 10% leaves P2 30%, as many as P3: P2 stays president.
    play(&mut s, sell(P2, Company::Hr, 10));
    assert_eq!(s.company(Company::Hr).president, Some(P2));

    // With $40 of P2's own, $15 is missing: two shares break R3e (one is enough) and R3f
    // both; the refusal names the presidency, which no smaller sale of them mends.
    let s = hartford_with_a_rival_holder(40);
    assert_eq!(
        refuse(&s, sell(P2, Company::Hr, 20)).code,
        "presidency_would_change"
    );
}
