//! Emergency money in the operating round: the company issues first, then the president pays
//! the rest, selling own shares only until the train is paid.

use crate::game_fixtures::*;
use crate::or_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::Action;
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::Company;

#[test]
fn emergency_money_issues_first_then_the_president_pays_the_rest() {
    let mut s = operating();
    // The Hartford (P2) has spent everything: $10 left.
    let spent = s.company(Company::Hr).cash - 10;
    s.company_mut(Company::Hr).cash = 10;
    s.bank += i64::from(spent);
    nothing(&mut s, P2);
    // Withholding took the price to $40. It must first issue on the emergency terms, the fewest
    // shares that pay for a $75 2-train: one share moves the price to $30 and brings one value
    // below that, $20 ($30 in all, short); two move it to $20 and bring $10 each ($30, short):
    // it issues all it can, 20% (what P2 holds).
    assert_eq!(refuse(&s, depot_train(P2, "2", "2")).code, "issue_first");
    let issue = |percent| Action::SellShares {
        player: P2,
        corporation: Company::Hr,
        percent,
        entity: Some(Company::Hr),
    };
    assert_eq!(refuse(&s, issue(10)).code, "cannot_issue");
    play(&mut s, issue(20));
    assert_eq!(
        (s.company(Company::Hr).cash, price(&s, Company::Hr)),
        (30, Some(20))
    );
    // Then the president pays the rest, for either side (ruling R3d).
    assert!(is_listed(&s, &depot_train(P2, "2", "2+1")));
    let before = cash(&s, P2);
    let events = play(&mut s, depot_train(P2, "2", "2"));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TrainBought {
            president_paid: 45,
            ..
        }
    )));
    assert_eq!(cash(&s, P2), before - 45);
}

#[test]
fn the_president_sells_own_shares_only_until_the_train_is_paid_and_keeps_the_presidency() {
    let mut s = operating();
    // P2 also holds 20% of the B&W (P1 president); the Hartford and P2 are nearly broke.
    for _ in 0..2 {
        s.company_mut(Company::Bw).treasury_shares -= 10;
        *s.company_mut(Company::Bw).holdings.entry(P2).or_insert(0) += 10;
    }
    let hr = s.company(Company::Hr).cash;
    s.company_mut(Company::Hr).cash = 0;
    s.bank += i64::from(hr);
    let p2 = cash(&s, P2);
    s.player_mut(P2).cash = 0;
    s.bank += i64::from(p2);
    // (As if the B&W had operated before: until then only its president may sell its shares.)
    s.company_mut(Company::Bw).operated = true;
    assert!(Ne1833::check(&s).is_empty(), "{:?}", Ne1833::check(&s));
    nothing(&mut s, P2);
    play(
        &mut s,
        Action::SellShares {
            player: P2,
            corporation: Company::Hr,
            percent: 20,
            entity: Some(Company::Hr),
        },
    );
    // $20 in the treasury, $55 short: P2 sells B&W shares; one at $100 is enough, a second is
    // one too many.
    assert_eq!(
        refuse(&s, depot_train(P2, "2", "2")).code,
        "insufficient_cash"
    );
    play(
        &mut s,
        Action::SellShares {
            player: P2,
            corporation: Company::Bw,
            percent: 10,
            entity: None,
        },
    );
    assert_eq!(
        refuse(
            &s,
            Action::SellShares {
                player: P2,
                corporation: Company::Bw,
                percent: 10,
                entity: None
            }
        )
        .code,
        "enough_raised"
    );
    play(&mut s, depot_train(P2, "2", "2"));
    play(&mut s, pass(P2));
}
