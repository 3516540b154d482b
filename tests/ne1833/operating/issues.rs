//! Issues and redemptions: how many shares a company may issue or redeem, and at what price.

use crate::game_fixtures::*;
use crate::or_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::{Action, ShareSource};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::Company;

#[test]
fn a_company_issues_up_to_what_players_hold_less_the_market_at_one_space_below() {
    let mut s = operating();
    // The Hartford: P2 holds 20%, the market 0%: it may issue 20%, at $40 (one below $50).
    let issue = |percent| Action::SellShares {
        player: P2,
        corporation: Company::Hr,
        percent,
        entity: Some(Company::Hr),
    };
    assert_eq!(refuse(&s, issue(30)).code, "cannot_issue");
    let events = play(&mut s, issue(20));
    assert!(events.contains(&Event::SharesIssued {
        corporation: Company::Hr,
        percent: 20,
        received: 80
    }));
    assert_eq!(
        (s.company(Company::Hr).cash, price(&s, Company::Hr)),
        (100 + 80, Some(50))
    );
    // Once per turn.
    assert_eq!(refuse(&s, issue(10)).code, "issue_closed");
}

/// A bankrupt player's shares may leave more than 50% in the market; the company may redeem
/// all of it, and that redemption is listed (a fuzzing find: the list stopped at 50%).
#[test]
fn a_company_may_redeem_more_than_half_when_the_market_holds_it() {
    let mut s = operating();
    // The Hartford operates first: 60% of its treasury moved to the market.
    let hr = s.company_mut(Company::Hr);
    hr.treasury_shares -= 60;
    hr.market_shares += 60;
    set_company_cash(&mut s, Company::Hr, 1000);
    let redeem = |percent| Action::BuyShares {
        player: P2,
        corporation: Company::Hr,
        from: ShareSource::Market,
        entity: Some(Company::Hr),
        percent: Some(percent),
    };
    assert!(is_listed(&s, &redeem(60)));
    assert!(!is_listed(&s, &redeem(70)));
    assert_eq!(refuse(&s, redeem(70)).code, "cannot_redeem");
    let events = play(&mut s, redeem(60));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::SharesRedeemed { percent: 60, .. }))
    );
    assert_eq!(s.company(Company::Hr).market_shares, 0);
}

#[test]
fn a_company_redeems_from_the_market_at_one_space_above() {
    let mut s = operating();
    let issue = Action::SellShares {
        player: P2,
        corporation: Company::Hr,
        percent: 20,
        entity: Some(Company::Hr),
    };
    play(&mut s, issue);
    nothing(&mut s, P2);
    play(&mut s, depot_train(P2, "2", "2"));
    play(&mut s, pass(P2));
    for player in [P3, P1] {
        nothing(&mut s, player);
        play(&mut s, depot_train(player, "2", "2"));
        play(&mut s, pass(player));
    }
    // Round 1.2: BW (90), CV (60), HR (40). The Hartford redeems at $50 (one above $40).
    for player in [P1, P3] {
        nothing(&mut s, player);
        play(&mut s, pass(player));
    }
    let redeem = |percent, from| Action::BuyShares {
        player: P2,
        corporation: Company::Hr,
        from,
        entity: Some(Company::Hr),
        percent: Some(percent),
    };
    assert_eq!(
        refuse(&s, redeem(30, ShareSource::Market)).code,
        "cannot_redeem"
    );
    assert_eq!(
        refuse(&s, redeem(10, ShareSource::Treasury)).code,
        "redeem_from_market"
    );
    // Without `percent`, a redemption is of one share (10%): the same state as 10% spelt out
    // (once a fuzzing regression whose input went stale).
    let mut one = s.clone();
    let mut unspelt = s.clone();
    play(&mut one, redeem(10, ShareSource::Market));
    let mut without = redeem(10, ShareSource::Market);
    if let Action::BuyShares { percent, .. } = &mut without {
        *percent = None;
    }
    // Accepted though not listed as such (the list spells out `percent`).
    Ne1833::apply(&mut unspelt, &without).unwrap();
    assert_eq!(unspelt, one);
    assert_ne!(one, s);
    let events = play(&mut s, redeem(20, ShareSource::Market));
    assert!(events.contains(&Event::SharesRedeemed {
        corporation: Company::Hr,
        percent: 20,
        paid: 100
    }));
}
