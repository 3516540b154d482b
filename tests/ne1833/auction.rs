//! The private auction and the walkthrough's stock round.

use crate::game_fixtures::*;
use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::ShareSource::{Market, Treasury};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::{Company, Private};
use railrules::games::ne1833::state::{PrivateOwner, Round};

#[test]
fn setup_by_player_count() {
    for (players, each) in [(3u8, 600u32), (4, 450), (5, 400)] {
        let s = new_game(players);
        assert_eq!(s.players.len(), usize::from(players));
        assert!(s.players.iter().all(|p| p.cash == each));
        assert_eq!(s.bank, 10_000 - i64::from(each) * i64::from(players));
        assert!(Ne1833::check(&s).is_empty());
    }
    let v = Ne1833::setup(
        &railrules::games::ne1833::setup::Options {
            players: 6,
            provisional: None,
        },
        0,
    )
    .unwrap_err();
    assert_eq!(v[0].code, "bad_player_count");
}

#[test]
fn the_walkthrough_auction_leaves_p1_with_400_and_the_cstl() {
    let s = walkthrough_auction();
    assert_eq!(cash(&s, P1), 400);
    assert_eq!(
        s.private(Private::P3).owner,
        PrivateOwner::Player { seat: P1 }
    );
    assert!(matches!(
        s.round,
        Round::StockRound {
            number: 1,
            to_act: P1,
            ..
        }
    ));
}

#[test]
fn the_cheapest_private_is_bought_at_its_price_others_are_bid_on() {
    let s = new_game(4);
    assert_eq!(refuse(&s, bid(P1, Private::P1, 20)).code, "wrong_price");
    assert_eq!(refuse(&s, bid(P1, Private::P2, 35)).code, "bid_too_low");
    assert_eq!(refuse(&s, bid(P2, Private::P2, 40)).code, "not_your_turn");
    let mut s = s;
    play(&mut s, bid(P1, Private::P2, 40));
    // The next bid on it must be $5 more.
    assert_eq!(refuse(&s, bid(P2, Private::P2, 44)).code, "bid_too_low");
    play(&mut s, bid(P2, Private::P2, 45));
    // Committed bids limit what a player can bid elsewhere: P1 has $410 free.
    assert_eq!(
        refuse(&s, bid(P3, Private::P6, 451)).code,
        "insufficient_cash"
    );
}

#[test]
fn two_bidders_contest_the_private_that_becomes_the_cheapest() {
    let mut s = new_game(3);
    play(&mut s, bid(P1, Private::P2, 40));
    play(&mut s, bid(P2, Private::P2, 50));
    let events = play(&mut s, bid(P3, Private::P1, 15));
    assert!(events.contains(&Event::PrivateBought {
        player: P3,
        company: Private::P1,
        price: 15
    }));
    // P2 bid highest; P1 (the next bidder after P2) must raise or drop out.
    assert_eq!(Ne1833::to_act(&s), vec![P1]);
    assert_eq!(refuse(&s, bid(P1, Private::P2, 52)).code, "bid_too_low");
    play(&mut s, bid(P1, Private::P2, 55));
    let events = play(&mut s, pass(P2));
    assert!(events.contains(&Event::AuctionWon {
        player: P1,
        company: Private::P2,
        price: 55
    }));
    assert_eq!(cash(&s, P1), 600 - 55);
    assert_eq!(cash(&s, P2), 600, "the loser's bid is returned");
    // Play resumes after P3, who bought the Granite.
    assert_eq!(Ne1833::to_act(&s), vec![P1]);
}

#[test]
fn when_everyone_passes_owned_privates_pay_twice() {
    let mut s = new_game(3);
    play(&mut s, bid(P1, Private::P1, 15));
    play(&mut s, pass(P2));
    play(&mut s, pass(P3));
    let events = play(&mut s, pass(P1));
    let income: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::PrivateIncome { .. }))
        .collect();
    assert_eq!(income.len(), 2);
    assert_eq!(cash(&s, P1), 600 - 15 + 2 * 5);
}

#[test]
fn the_walkthrough_stock_round_figures() {
    let mut s = walkthrough_auction();
    // Starting the B&W at $80: double into its treasury.
    play(&mut s, par(P1, Company::Bw, 80));
    assert_eq!(
        (
            cash(&s, P1),
            s.company(Company::Bw).cash,
            price(&s, Company::Bw)
        ),
        (240, 160, Some(80))
    );
    assert_eq!(s.company(Company::Bw).treasury_shares, 80);
    others_pass(&mut s);
    // Starting the Hartford at $40.
    play(&mut s, par(P1, Company::Hr, 40));
    assert_eq!(
        (
            cash(&s, P1),
            s.company(Company::Hr).cash,
            price(&s, Company::Hr)
        ),
        (160, 80, Some(40))
    );
    // Four Hartford shares from its treasury: 60%, the most, and P1 is out of cash.
    for _ in 0..4 {
        others_pass(&mut s);
        play(&mut s, buy(P1, Company::Hr, Treasury));
    }
    assert_eq!(
        (
            cash(&s, P1),
            s.company(Company::Hr).cash,
            s.company(Company::Hr).percent_of(P1)
        ),
        (0, 240, 60)
    );
    others_pass(&mut s);
    assert_eq!(
        refuse(&s, buy(P1, Company::Hr, Treasury)).code,
        "player_limit"
    );
    // Selling the four shares: $160, and the president's sale drops the price to $30.
    let events = play(&mut s, sell(P1, Company::Hr, 40));
    assert!(events.contains(&Event::SharePriceMoved {
        corporation: Company::Hr,
        from: 40,
        to: 30
    }));
    assert_eq!((cash(&s, P1), price(&s, Company::Hr)), (160, Some(30)));
    assert_eq!(s.company(Company::Hr).market_shares, 40);
    // No buying back what was sold this round.
    assert_eq!(
        refuse(&s, buy(P1, Company::Hr, Market)).code,
        "bought_after_selling"
    );
    play(&mut s, pass(P1));
    // Two B&W shares over two turns: $320 in its treasury, P1 at 40%.
    for _ in 0..2 {
        others_pass(&mut s);
        play(&mut s, buy(P1, Company::Bw, Treasury));
    }
    assert_eq!(
        (
            cash(&s, P1),
            s.company(Company::Bw).cash,
            s.company(Company::Bw).percent_of(P1)
        ),
        (0, 320, 40)
    );
    // Everyone passes: the Hartford (shares in the market) drops to $20; the B&W stays.
    others_pass(&mut s);
    let events = play(&mut s, pass(P1));
    assert!(events.contains(&Event::SharePriceMoved {
        corporation: Company::Hr,
        from: 30,
        to: 20
    }));
    assert_eq!(
        (price(&s, Company::Bw), price(&s, Company::Hr)),
        (Some(80), Some(20))
    );
    assert!(matches!(
        s.round,
        Round::OperatingRound {
            after_stock_round: 1,
            number: 1,
            ..
        }
    ));
    // P1 acted last: P2 has the next Priority Deal.
    assert_eq!(s.priority_deal, P2);
}
