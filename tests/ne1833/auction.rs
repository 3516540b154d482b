//! The private auction and the walkthrough's stock round.

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::ShareSource::{Market, Treasury};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::Seat;
use railrules::games::ne1833::ids::{Company, Private};
use railrules::games::ne1833::state::{Bid, PrivateOwner, Round};

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
    // P2 bid highest; P1, the lowest bidder, must raise or drop out.
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

/// The standing bids, in the order they were placed.
fn bids(s: &State) -> Vec<Bid> {
    match &s.round {
        Round::Auction { bids, .. } => bids.clone(),
        _ => vec![],
    }
}

fn bid_on(player: Seat, private: Private, price: u32) -> Bid {
    Bid {
        player,
        private,
        price,
    }
}

/// The `/price` range `legal-actions` gives the listed bid of `player` on `private`.
fn listed_range(s: &State, player: Seat, private: Private) -> (u64, u64) {
    let listed = Ne1833::legal_actions(s)
        .into_iter()
        .find(|a| {
            matches!(a, railrules::games::ne1833::action::Action::Bid { player: p, company, .. }
                if *p == player && *company == private)
        })
        .expect("the bid is listed");
    let ranges = Ne1833::ranges(s, &listed);
    (ranges[0].min, ranges[0].max)
}

#[test]
fn a_player_raises_their_own_bid_and_commits_only_the_new_amount() {
    let mut s = new_game(3);
    play(&mut s, bid(P1, Private::P2, 40));
    play(&mut s, pass(P2));
    play(&mut s, pass(P3));
    // P1 may raise their own bid: at least $5 over it, up to all their cash (the $40 already
    // committed to it counts as available).
    assert_eq!(listed_range(&s, P1, Private::P2), (45, 600));
    assert_eq!(refuse(&s, bid(P1, Private::P2, 44)).code, "bid_too_low");
    assert_eq!(
        refuse(&s, bid(P1, Private::P2, 601)).code,
        "insufficient_cash"
    );
    let events = play(&mut s, bid(P1, Private::P2, 45));
    assert!(events.contains(&Event::BidPlaced {
        player: P1,
        company: Private::P2,
        price: 45
    }));
    // The new amount replaces the old: $45 committed, not $40 + $45.
    assert_eq!(bids(&s), vec![bid_on(P1, Private::P2, 45)]);
    assert_eq!(listed_range(&s, P2, Private::P6), (80, 600));
    play(&mut s, pass(P2));
    play(&mut s, pass(P3));
    assert_eq!(listed_range(&s, P1, Private::P6), (80, 600 - 45));
    assert_eq!(
        refuse(&s, bid(P1, Private::P6, 556)).code,
        "insufficient_cash"
    );
    // The Granite bought makes the Lowell the cheapest: P1's lone bid wins it at $45.
    play(&mut s, bid(P1, Private::P1, 15));
    let events = play(&mut s, bid(P2, Private::P3, 50));
    assert!(!events.is_empty());
    assert_eq!(
        s.private(Private::P2).owner,
        PrivateOwner::Player { seat: P1 }
    );
    assert_eq!(cash(&s, P1), 600 - 15 - 45);
}

#[test]
fn a_contest_goes_to_the_lowest_bidder_after_every_raise() {
    let mut s = new_game(4);
    play(&mut s, bid(P1, Private::P2, 40));
    play(&mut s, bid(P2, Private::P2, 45));
    play(&mut s, bid(P3, Private::P2, 50));
    play(&mut s, pass(P4));
    play(&mut s, pass(P1));
    // P2 raises their own $45 to $55: P1 $40, P3 $50, P2 $55 stand.
    play(&mut s, bid(P2, Private::P2, 55));
    play(&mut s, pass(P3));
    // P4 buys the Granite: the Lowell is the cheapest and three bids contest it.
    play(&mut s, bid(P4, Private::P1, 15));
    assert_eq!(
        bids(&s),
        vec![
            bid_on(P1, Private::P2, 40),
            bid_on(P3, Private::P2, 50),
            bid_on(P2, Private::P2, 55),
        ]
    );
    // The lowest bidder, P1 ($40), acts first (in seat order after the high bidder P2 it would
    // be P3); the bid must beat the highest, $55, by $5.
    assert_eq!(Ne1833::to_act(&s), vec![P1]);
    assert_eq!(listed_range(&s, P1, Private::P2), (60, 450));
    assert_eq!(refuse(&s, bid(P3, Private::P2, 60)).code, "not_your_turn");
    assert_eq!(refuse(&s, bid(P1, Private::P2, 59)).code, "bid_too_low");
    assert_eq!(refuse(&s, bid(P1, Private::P3, 60)).code, "contest_running");
    play(&mut s, bid(P1, Private::P2, 60));
    // After the raise the lowest is P3 ($50), not P2 (next in seat order after P1).
    assert_eq!(Ne1833::to_act(&s), vec![P3]);
    play(&mut s, bid(P3, Private::P2, 65));
    // P2 ($55) is now the lowest.
    assert_eq!(Ne1833::to_act(&s), vec![P2]);
    let events = play(&mut s, pass(P2));
    assert!(events.contains(&Event::BidWithdrawn {
        player: P2,
        company: Private::P2
    }));
    // P1 ($60) is lowest of the two left.
    assert_eq!(Ne1833::to_act(&s), vec![P1]);
    let events = play(&mut s, pass(P1));
    assert!(events.contains(&Event::AuctionWon {
        player: P3,
        company: Private::P2,
        price: 65
    }));
    assert_eq!(
        (cash(&s, P1), cash(&s, P2), cash(&s, P3), cash(&s, P4)),
        (450, 450, 450 - 65, 450 - 15)
    );
    // Play resumes after P4, who bought the Granite.
    assert_eq!(Ne1833::to_act(&s), vec![P1]);
    assert!(bids(&s).is_empty());
}

#[test]
fn among_equal_bids_in_a_contest_the_earlier_acts_first() {
    // Bids on a private always rise by $5, so equal bids come only from a state a client sends:
    // P2's $40 was placed before P1's $40.
    let mut s = new_game(3);
    play(&mut s, pass(P1));
    play(&mut s, bid(P2, Private::P2, 40));
    play(&mut s, bid(P3, Private::P2, 45));
    play(&mut s, bid(P1, Private::P2, 50));
    if let Round::Auction { bids, .. } = &mut s.round {
        bids[2].price = 40;
    }
    play(&mut s, bid(P2, Private::P1, 15));
    assert_eq!(Ne1833::to_act(&s), vec![P2]);
    assert_eq!(listed_range(&s, P2, Private::P2), (50, 600 - 15));
    play(&mut s, pass(P2));
    // Then P1 ($40) before P3 ($45).
    assert_eq!(Ne1833::to_act(&s), vec![P1]);
}
