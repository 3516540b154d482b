//! The seed's walkthrough ("A round, step by step"), replayed action by action with every
//! figure it prints. The other three players start companies of their own so that, as in the
//! walkthrough, no phase I train is left when the B&W buys its 3/5.
//!
//! One figure cannot be reached on the map data: the B&W's two 2+1 trains making $60 and $40
//! in operating round 1.2. With the two yellow tiles the walkthrough lays (Framingham,
//! Worcester) there is one line of track, Boston - Framingham - Worcester; $60 (the whole line)
//! plus $40 (Boston - Framingham again) would run two routes on the same track. The most the
//! routes rules allow is $70: Boston - Framingham ($40) and Worcester - Framingham ($30), two
//! routes meeting at the town without sharing track (docs/rules/1833ne.md). So P1 collects $28
//! (not $40) and the B&W's treasury shares $28 (not $40); the price still rises to $80. Every
//! other figure is the walkthrough's; P1's cash differs by the $12 from there on.

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::action::ShareSource::Treasury;
use railrules::games::ne1833::action::{Action, DividendKind, ShareSource};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::{Company, Seat};
use railrules::games::ne1833::routes::Route;
use railrules::games::ne1833::state::Round;

fn treasury(s: &State, c: Company) -> u32 {
    s.company(c).cash
}

fn lay(player: Seat, hex: &str, tile: &str, rotation: u8) -> Action {
    Action::LayTile {
        player,
        hex: hex.into(),
        tile: tile.into(),
        rotation,
        company: None,
    }
}

fn no_routes(player: Seat) -> Action {
    Action::RunRoutes {
        player,
        routes: vec![],
    }
}

fn dividend(player: Seat, kind: DividendKind) -> Action {
    Action::Dividend { player, kind }
}

fn train(player: Seat, card: &str, variant: &str) -> Action {
    Action::BuyTrain {
        player,
        train: card.into(),
        variant: variant.into(),
        from: None,
        price: None,
        accepted_by: None,
    }
}

/// A company with no route this turn: withholds (its price drops) and buys `trains` 2-trains.
fn idle_with_trains(s: &mut State, player: Seat, trains: usize) {
    play(s, no_routes(player));
    play(s, dividend(player, DividendKind::Withhold));
    for _ in 0..trains {
        play(s, train(player, "2", "2"));
    }
    play(s, pass(player));
}

#[expect(
    clippy::too_many_lines,
    reason = "the rulebook's walkthrough, round by round, in one story"
)]
#[test]
fn the_walkthrough_round_by_round() {
    let mut s = walkthrough_auction();
    assert_eq!(cash(&s, P1), 400);

    // Stock round 1.
    play(&mut s, par(P1, Company::Bw, 80));
    assert_eq!(
        (
            cash(&s, P1),
            treasury(&s, Company::Bw),
            price(&s, Company::Bw)
        ),
        (240, 160, Some(80))
    );
    play(&mut s, par(P2, Company::Cv, 100));
    play(&mut s, par(P3, Company::Rr, 90));
    play(&mut s, par(P4, Company::Frr, 70));
    play(&mut s, par(P1, Company::Hr, 40));
    assert_eq!(
        (
            cash(&s, P1),
            treasury(&s, Company::Hr),
            price(&s, Company::Hr)
        ),
        (160, 80, Some(40))
    );
    for _ in 0..4 {
        others_pass(&mut s);
        play(&mut s, buy(P1, Company::Hr, Treasury));
    }
    assert_eq!((cash(&s, P1), treasury(&s, Company::Hr)), (0, 240));
    others_pass(&mut s);
    play(&mut s, sell(P1, Company::Hr, 40));
    play(&mut s, pass(P1));
    assert_eq!((cash(&s, P1), price(&s, Company::Hr)), (160, Some(30)));
    for _ in 0..2 {
        others_pass(&mut s);
        play(&mut s, buy(P1, Company::Bw, Treasury));
    }
    assert_eq!((cash(&s, P1), treasury(&s, Company::Bw)), (0, 320));
    others_pass(&mut s);
    play(&mut s, pass(P1));
    assert_eq!(
        (price(&s, Company::Bw), price(&s, Company::Hr)),
        (Some(80), Some(20))
    );

    // Operating round 1.1: the C&StL pays P1 $10; lowest price first: the Hartford.
    assert!(
        matches!(&s.round, Round::OperatingRound { number: 1, order, .. }
        if *order == [Company::Hr, Company::Frr, Company::Bw, Company::Rr, Company::Cv])
    );
    assert_eq!(cash(&s, P1), 10);
    play(&mut s, lay(P1, "C26", "5", 2)); // New Haven, towards Hartford and the NW
    play(&mut s, lay(P1, "B25", "9", 2)); // on towards the Hudson Valley
    assert_eq!(treasury(&s, Company::Hr), 240 - 40);
    play(&mut s, no_routes(P1));
    play(&mut s, dividend(P1, DividendKind::Withhold));
    assert_eq!(price(&s, Company::Hr), Some(10), "no revenue: down to $10");
    play(&mut s, train(P1, "2", "2"));
    play(&mut s, pass(P1));
    assert_eq!(treasury(&s, Company::Hr), 125);
    idle_with_trains(&mut s, P4, 1); // the Fitchburg
    // The B&W issues two shares at one column below its price: $70 each.
    let events = play(
        &mut s,
        Action::SellShares {
            player: P1,
            corporation: Company::Bw,
            percent: 20,
            entity: Some(Company::Bw),
        },
    );
    assert!(events.contains(&Event::SharesIssued {
        corporation: Company::Bw,
        percent: 20,
        received: 140
    }));
    assert_eq!(
        (treasury(&s, Company::Bw), price(&s, Company::Bw)),
        (460, Some(80))
    );
    play(&mut s, lay(P1, "F23", "58", 2)); // Framingham, $20
    play(&mut s, lay(P1, "E22", "57", 2)); // Worcester, $20
    play(&mut s, no_routes(P1));
    play(&mut s, dividend(P1, DividendKind::Withhold));
    play(&mut s, train(P1, "2", "2+1"));
    play(&mut s, train(P1, "2", "2+1"));
    assert_eq!(
        (treasury(&s, Company::Bw), price(&s, Company::Bw)),
        (220, Some(70))
    );
    play(&mut s, pass(P1));
    idle_with_trains(&mut s, P3, 2); // the Rutland
    idle_with_trains(&mut s, P2, 2); // the Central Vermont: the last phase I trains

    // Operating round 1.2: another $10; now the B&W operates before the Hartford.
    assert_eq!(cash(&s, P1), 20);
    for player in [P2, P3] {
        play(&mut s, no_routes(player));
        play(&mut s, dividend(player, DividendKind::Withhold));
        play(&mut s, pass(player));
    }
    let events = play(
        &mut s,
        Action::PlaceToken {
            player: P1,
            hex: "E22".into(),
            city: 0,
        },
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::StationPlaced { cost: 40, .. })),
        "half the usual price"
    );
    assert_eq!(treasury(&s, Company::Bw), 180);
    let boston = Route {
        train: "2-2".into(),
        nodes: vec!["G22-0".into(), "F23-0".into()],
        connections: vec![vec!["G22".into(), "F23".into()]],
        revenue: 40,
        extension: None,
    };
    let worcester = Route {
        train: "2-3".into(),
        nodes: vec!["E22-0".into(), "F23-0".into()],
        connections: vec![vec!["E22".into(), "F23".into()]],
        revenue: 30,
        extension: None,
    };
    // The walkthrough's $60 + $40 would run twice on the Boston - Framingham track.
    let shared = Route {
        train: "2-2".into(),
        nodes: vec!["G22-0".into(), "F23-0".into(), "E22-0".into()],
        connections: vec![
            vec!["G22".into(), "F23".into()],
            vec!["F23".into(), "E22".into()],
        ],
        revenue: 60,
        extension: None,
    };
    let twice = Action::RunRoutes {
        player: P1,
        routes: vec![
            shared,
            Route {
                train: "2-3".into(),
                ..boston.clone()
            },
        ],
    };
    assert_eq!(refuse(&s, twice).code, "track_used_twice");
    play(
        &mut s,
        Action::RunRoutes {
            player: P1,
            routes: vec![boston, worcester],
        },
    );
    play(&mut s, dividend(P1, DividendKind::Payout));
    // $7 a share: P1 $28, the treasury $28; at least the price: up one column, to $80.
    assert_eq!(
        (
            cash(&s, P1),
            treasury(&s, Company::Bw),
            price(&s, Company::Bw)
        ),
        (48, 208, Some(80))
    );
    // No phase I train is left: the B&W buys a 3/5 for $180, the first phase II train.
    assert_eq!(s.depot[0], 0);
    let events = play(&mut s, train(P1, "3/5", "3/5"));
    assert!(events.contains(&Event::PhaseChanged { phase: "II".into() }));
    assert_eq!(treasury(&s, Company::Bw), 28);
    play(&mut s, pass(P1));
    play(&mut s, no_routes(P4));
    play(&mut s, dividend(P4, DividendKind::Withhold));
    play(&mut s, pass(P4));
    // The Hartford redeems the four market shares at one column up, $20 each.
    let events = play(
        &mut s,
        Action::BuyShares {
            player: P1,
            corporation: Company::Hr,
            from: ShareSource::Market,
            entity: Some(Company::Hr),
            percent: Some(40),
        },
    );
    assert!(events.contains(&Event::SharesRedeemed {
        corporation: Company::Hr,
        percent: 40,
        paid: 80
    }));
    play(
        &mut s,
        Action::BuyFerry {
            player: P1,
            ferry: "new_haven".into(),
        },
    );
    assert_eq!(treasury(&s, Company::Hr), 125 - 80 - 40);
    // The 2-train to New Haven: 20 + 20 + 20 for the ferry + 20 New ferry bonus.
    let run = Route {
        train: "2-0".into(),
        nodes: vec!["C24-0".into(), "C26-0".into()],
        connections: vec![vec!["C24".into(), "C26".into()]],
        revenue: 80,
        extension: None,
    };
    play(
        &mut s,
        Action::RunRoutes {
            player: P1,
            routes: vec![run],
        },
    );
    let before = cash(&s, P1);
    play(&mut s, dividend(P1, DividendKind::Payout));
    // $8 a share: P1 (20%) collects $16; more than double $10: up two columns, to $30.
    assert_eq!(cash(&s, P1) - before, 16);
    assert_eq!(price(&s, Company::Hr), Some(30));
    assert_eq!(cash(&s, P1), 64);
    // With the dividends of its own shares the Hartford buys the C&StL from P1 for $50.
    let events = play(
        &mut s,
        Action::BuyCompany {
            player: P1,
            company: railrules::games::ne1833::ids::Private::P3,
            price: 50,
            accepted_by: None,
        },
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::PrivateSold { price: 50, .. }))
    );
    assert_eq!(
        cash(&s, P1),
        114,
        "the walkthrough's $126 less the $12 of the B&W's run"
    );
    play(&mut s, pass(P1));
    assert!(matches!(s.round, Round::StockRound { number: 2, .. }));
}
