//! The end: the bank running out finishes the set, and all but one player bankrupt end the game
//! at once.

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use crate::or_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::Action;
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::{Company, Seat};
use railrules::games::ne1833::state::Round;

/// Moves the bank's cash above `keep` to P1 (money stays conserved).
fn drain_bank(s: &mut State, keep: i64) {
    let moved = (s.bank - keep) as u32;
    s.bank = keep;
    s.player_mut(P1).cash += moved;
}

#[test]
fn when_the_bank_runs_out_the_set_finishes_and_the_game_ends() {
    let mut s = operating();
    for (player, last) in [(P2, false), (P3, false), (P1, true)] {
        nothing(&mut s, player);
        play(&mut s, depot_train(player, "2", "2"));
        if last {
            // The privates' income at the start of round 1.2 ($85) breaks a $10 bank.
            drain_bank(&mut s, 10);
        }
        let events = play(&mut s, pass(player));
        if last {
            assert!(events.contains(&Event::BankBroken));
        }
    }
    assert!(s.bank_broken);
    // Round 1.2 is played to its end, then the game ends (no stock round 2).
    for player in [P1, P3, P2] {
        nothing(&mut s, player);
        play(&mut s, pass(player));
    }
    let Round::GameEnded { ranking } = &s.round else {
        panic!("{:?}", s.round);
    };
    // Wealth: cash + shares at price + privates at list price (before phase III).
    let expected = |seat: Seat| {
        let shares: u32 = s
            .companies
            .iter()
            .map(|c| u32::from(c.percent_of(seat) / 10) * price(&s, c.company).unwrap_or(0))
            .sum();
        let privates: u32 = s
            .privates
            .iter()
            .filter(|p| p.owner == railrules::games::ne1833::state::PrivateOwner::Player { seat })
            .map(|p| railrules::games::ne1833::data::components().privates[p.private.index()].value)
            .sum();
        cash(&s, seat) + shares + privates
    };
    for standing in ranking {
        assert_eq!(standing.wealth, expected(standing.player));
    }
    assert!(ranking.windows(2).all(|w| w[0].wealth >= w[1].wealth));
    assert_eq!(refuse(&s, pass(P1)).code, "game_over");
}

#[test]
fn the_game_ends_at_once_when_all_but_one_player_are_bankrupt() {
    let mut s = operating();
    // P3 is out already (nothing held, no cash).
    let p3 = cash(&s, P3);
    s.player_mut(P3).cash = 0;
    s.bank += i64::from(p3);
    s.player_mut(P3).bankrupt = true;
    s.company_mut(Company::Cv).holdings.clear();
    s.company_mut(Company::Cv).market_shares += 20;
    s.company_mut(Company::Cv).president = None;
    s.company_mut(Company::Cv).closed = true;
    let cv_cash = s.company(Company::Cv).cash;
    s.company_mut(Company::Cv).cash = 0;
    s.company_mut(Company::Cv).market_shares = 0;
    s.company_mut(Company::Cv).treasury_shares = 0;
    s.bank += i64::from(cv_cash);
    s.board.stations.retain(|st| st.company != "CV");
    for p in s.privates.iter_mut() {
        if p.owner == (railrules::games::ne1833::state::PrivateOwner::Player { seat: P3 }) {
            p.closed = true;
        }
    }
    // The Hartford (P2) cannot pay for a train.
    let hr = s.company(Company::Hr).cash;
    s.company_mut(Company::Hr).cash = 0;
    s.bank += i64::from(hr);
    let p2 = cash(&s, P2);
    s.player_mut(P2).cash = 0;
    s.bank += i64::from(p2);
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
    let events = play(&mut s, Action::Bankrupt { player: P2 });
    assert!(events.iter().any(|e| matches!(e, Event::GameEnded { .. })));
    assert!(matches!(&s.round, Round::GameEnded { ranking } if ranking[0].player == P1));
}
