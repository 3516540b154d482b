//! The operating order, runs before dividends and dividends before trains, what a company pays,
//! and the price moves that follow.

use crate::game_fixtures::*;
use crate::or_fixtures::*;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::action::{Action, DividendKind};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::Company;
use railrules::games::ne1833::operating_round::price_steps;

#[test]
fn the_first_round_runs_lowest_price_first_later_ones_highest_first() {
    let mut s = operating();
    assert_eq!(order(&s), [Company::Hr, Company::Cv, Company::Bw]);
    for (player, trains) in [(P2, 1), (P3, 1), (P1, 1)] {
        nothing(&mut s, player);
        for _ in 0..trains {
            play(&mut s, depot_train(player, "2", "2"));
        }
        play(&mut s, pass(player));
    }
    // Each dropped a space: HR 40, CV 60, BW 90.
    assert_eq!(order(&s), [Company::Bw, Company::Cv, Company::Hr]);
}

#[test]
fn price_moves_follow_what_is_paid_against_the_price() {
    assert_eq!(price_steps(0, 80), -1);
    assert_eq!(price_steps(39, 80), -1);
    assert_eq!(price_steps(40, 80), 0);
    assert_eq!(price_steps(80, 80), 1);
    assert_eq!(price_steps(160, 80), 2);
    assert_eq!(price_steps(240, 80), 2, "triple moves three only from $165");
    assert_eq!(price_steps(495, 165), 3);
    // Integer halves: $137's half is $68.
    assert_eq!((price_steps(67, 137), price_steps(68, 137)), (-1, 0));
}

#[test]
fn runs_come_before_dividends_and_dividends_before_trains() {
    let mut s = operating();
    assert_eq!(
        refuse(
            &s,
            Action::Dividend {
                player: P2,
                kind: DividendKind::Payout
            }
        )
        .code,
        "routes_first"
    );
    assert_eq!(refuse(&s, depot_train(P2, "2", "2")).code, "dividend_first");
    assert_eq!(refuse(&s, pass(P2)).code, "routes_first");
    nothing(&mut s, P2);
    assert_eq!(
        refuse(
            &s,
            Action::LayTile {
                player: P2,
                hex: "C26".into(),
                tile: "57".into(),
                rotation: 0,
                company: None
            }
        )
        .code,
        "after_routes"
    );
    // A company without a train must buy one.
    assert_eq!(refuse(&s, pass(P2)).code, "must_buy_train");
    // The depot sells its first card only.
    assert_eq!(
        refuse(&s, depot_train(P2, "3/5", "3/5")).code,
        "not_available"
    );
    play(&mut s, depot_train(P2, "2", "2+1"));
    play(&mut s, pass(P2));
}

#[test]
fn half_pays_the_rest_after_keeping_whole_tens() {
    // The Hartford runs Hartford - New Haven: $40. Half: it keeps $20, pays $20 ($2 a share).
    let mut s = operating();
    play(
        &mut s,
        Action::LayTile {
            player: P2,
            hex: "C26".into(),
            tile: "57".into(),
            rotation: 0,
            company: None,
        },
    );
    nothing(&mut s, P2);
    play(&mut s, depot_train(P2, "2", "2"));
    play(&mut s, pass(P2));
    for player in [P3, P1] {
        nothing(&mut s, player);
        play(&mut s, depot_train(player, "2", "2"));
        play(&mut s, pass(player));
    }
    for player in [P1, P3] {
        nothing(&mut s, player);
        play(&mut s, pass(player));
    }
    let route = railrules::games::ne1833::routes::Route {
        train: "2-0".into(),
        nodes: vec!["C24-0".into(), "C26-0".into()],
        connections: vec![vec!["C24".into(), "C26".into()]],
        revenue: 40,
        extension: None,
    };
    play(
        &mut s,
        Action::RunRoutes {
            player: P2,
            routes: vec![route],
        },
    );
    let cash = s.company(Company::Hr).cash;
    let events = play(
        &mut s,
        Action::Dividend {
            player: P2,
            kind: DividendKind::Half,
        },
    );
    // P2 holds 20% ($4); the treasury's 80% ($16) and the kept $20 go to the company.
    assert!(events.iter().any(|e| matches!(
        e,
        Event::DividendsPaid {
            per_share: 2,
            to_company: 36,
            ..
        }
    )));
    assert_eq!(s.company(Company::Hr).cash, cash + 36);
}
