//! The round: the auction's seats and bids within cash, and the stock round's seats.

use crate::game_fixtures::*;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::ids::{Company, Private, Seat};
use railrules::games::ne1833::state::{Bid, Contest, Round, Sold};

use Seat::P5;

use super::expect;

#[test]
fn the_auction_has_seats_in_the_game_and_bids_within_cash() {
    let mut s = new_game(3);
    if let Round::Auction { to_act, .. } = &mut s.round {
        *to_act = P4;
    }
    s.priority_deal = P5;
    expect(
        &s,
        &[
            ("unknown_seat", "/round/to_act"),
            ("unknown_seat", "/priority_deal"),
        ],
    );
    // P1 bids all their cash on P2 and $5 on each of P3 and P4: counted with the others, every
    // bid is beyond their cash; P4 is not in the game.
    let mut s = new_game(3);
    let cash = s.player(P1).cash;
    if let Round::Auction { bids, .. } = &mut s.round {
        for (private, price) in [(Private::P2, cash), (Private::P3, 5), (Private::P4, 5)] {
            bids.push(Bid {
                player: P1,
                private,
                price,
            });
        }
        bids.push(Bid {
            player: P4,
            private: Private::P2,
            price: 50,
        });
    }
    expect(
        &s,
        &[
            ("bad_bid", "/round/bids/0"),
            ("bad_bid", "/round/bids/1"),
            ("bad_bid", "/round/bids/2"),
            ("bad_bid", "/round/bids/3"),
        ],
    );
    let mut s = new_game(3);
    if let Round::Auction { contest, .. } = &mut s.round {
        let high = Bid {
            player: P1,
            private: Private::P2,
            price: 50,
        };
        *contest = Some(Contest {
            private: Private::P2,
            bidders: vec![P1],
            to_act: P1,
            high,
        });
    }
    expect(&s, &[("bad_contest", "/round/contest")]);
}

#[test]
fn the_stock_round_names_seats_in_the_game() {
    let mut s = walkthrough_auction();
    if let Round::StockRound { sold, .. } = &mut s.round {
        sold.push(Sold {
            player: P5,
            company: Company::Bw,
        });
    }
    expect(&s, &[("unknown_seat", "/round/sold/0/player")]);
}
