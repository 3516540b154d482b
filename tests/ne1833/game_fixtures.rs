//! Playing 1833NE in tests.

use railrules::core::{Game, Violation};
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::{Action, ShareSource};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::{Company, Private, Seat};
use railrules::games::ne1833::setup::Options;
/// The tests' positions: checked states, built and changed by hand (feature `testing`).
pub type State = railrules::core::Checked<railrules::games::ne1833::Ne1833>;

pub use Seat::{P1, P2, P3, P4};

pub fn new_game(players: u8) -> State {
    Ne1833::setup(
        &Options {
            players,
            provisional: None,
        },
        0,
    )
    .expect("setup")
}

/// Whether `legal_actions` lists the action: exactly, or with a free price (a bid, a private,
/// a train from a company) within the listed range, or a run of routes earning as much as the
/// listed best.
pub fn is_listed(state: &State, action: &Action) -> bool {
    let legal = Ne1833::legal_actions(state);
    if legal.contains(action) {
        return true;
    }
    if let Action::RunRoutes { player, routes } = action {
        let total: u32 = routes.iter().map(|r| r.revenue).sum();
        return legal.iter().any(|a| {
            matches!(a, Action::RunRoutes { player: p, routes: best }
                if p == player && best.iter().map(|r| r.revenue).sum::<u32>() == total)
        });
    }
    let mut mine = serde_json::to_value(action).unwrap();
    // A start at another par price: one of the listed start's choices.
    if let Some(share_price) = mine.get("share_price").and_then(|p| p.as_u64()) {
        mine.as_object_mut().unwrap().remove("share_price");
        return legal.iter().any(|a| {
            let mut theirs = serde_json::to_value(a).unwrap();
            theirs.as_object_mut().unwrap().remove("share_price");
            theirs == mine
                && Ne1833::choices(state, a)
                    .iter()
                    .any(|c| c.pointer == "/share_price" && c.values.contains(&share_price))
        });
    }
    let Some(price) = mine.get("price").and_then(|p| p.as_u64()) else {
        return false;
    };
    mine.as_object_mut().unwrap().remove("price");
    legal.iter().any(|a| {
        let mut theirs = serde_json::to_value(a).unwrap();
        theirs.as_object_mut().unwrap().remove("price");
        theirs == mine
            && Ne1833::ranges(state, a)
                .iter()
                .any(|r| r.pointer == "/price" && (r.min..=r.max).contains(&price))
    })
}

pub fn play(state: &mut State, action: Action) -> Vec<Event> {
    assert!(is_listed(state, &action), "{action:?} is not listed");
    let events =
        Ne1833::apply(state, &action).unwrap_or_else(|v| panic!("{action:?} refused: {v}"));
    let problems = Ne1833::check(state);
    assert!(
        problems.is_empty(),
        "inconsistent after {action:?}: {problems:?}"
    );
    events
}

pub fn refuse(state: &State, action: Action) -> Violation {
    assert!(!is_listed(state, &action), "{action:?} is listed");
    let mut after = state.clone();
    let v = Ne1833::apply(&mut after, &action).expect_err("accepted");
    assert_eq!(&after, state, "a refused action changed the state");
    v
}

pub fn bid(player: Seat, company: Private, price: u32) -> Action {
    Action::Bid {
        player,
        company,
        price,
    }
}

pub fn pass(player: Seat) -> Action {
    Action::Pass { player }
}

pub fn par(player: Seat, corporation: Company, share_price: u32) -> Action {
    Action::Par {
        player,
        corporation,
        share_price,
    }
}

pub fn buy(player: Seat, corporation: Company, from: ShareSource) -> Action {
    Action::BuyShares {
        player,
        corporation,
        from,
        entity: None,
        percent: None,
    }
}

pub fn sell(player: Seat, corporation: Company, percent: u8) -> Action {
    Action::SellShares {
        player,
        corporation,
        percent,
        entity: None,
    }
}

pub fn cash(state: &State, seat: Seat) -> u32 {
    state.player(seat).cash
}

pub fn price(state: &State, company: Company) -> Option<u32> {
    railrules::games::ne1833::market::price(&**state, company)
}

/// The 4-player auction of the walkthrough, where P1 takes the C&StL (P3) for $50: P1 bids $50
/// on it; P2 buys the Granite ($15); P3 the Lowell Merchants ($40), which makes the C&StL the
/// cheapest and P1's lone bid wins it; P4 buys the Ogdensburg ($60); P1 passes; P2 buys the
/// Luxury Ferry ($70); P3 passes; P4 buys the D&H ($80). P4 bought last, so P1 opens stock
/// round 1, as in the walkthrough.
pub fn walkthrough_auction() -> State {
    let mut s = new_game(4);
    play(&mut s, bid(P1, Private::P3, 50));
    play(&mut s, bid(P2, Private::P1, 15));
    play(&mut s, bid(P3, Private::P2, 40));
    play(&mut s, bid(P4, Private::P4, 60));
    play(&mut s, pass(P1));
    play(&mut s, bid(P2, Private::P5, 70));
    play(&mut s, pass(P3));
    play(&mut s, bid(P4, Private::P6, 80));
    s
}

/// The other three players pass (P1 acts in between).
pub fn others_pass(s: &mut State) {
    for seat in [P2, P3, P4] {
        play(s, pass(seat));
    }
}

/// The 3-player auction most tests start from: in turn each buys the cheapest private at face
/// value, P1 taking P1 and P4, P2 taking P2 and P5, P3 taking P3 and P6.
pub fn privates_bought_two_each(s: &mut State) {
    for (private, seat) in [
        (Private::P1, P1),
        (Private::P2, P2),
        (Private::P3, P3),
        (Private::P4, P1),
        (Private::P5, P2),
        (Private::P6, P3),
    ] {
        let price = railrules::games::ne1833::data::components().privates[private.index()].value;
        play(s, bid(seat, private, price));
    }
}
