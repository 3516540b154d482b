//! The round: seats that act are in the game; in the auction, bids on unsold privates within
//! each bidder's cash and a contest among at least two of them; the Priority Deal with a player.

use crate::games::kit18xx::table::Table as _;
use std::collections::BTreeMap;

use super::{Problems, in_game};
use crate::games::ne1833::ids::{Private, Seat};
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{Bid, Contest, PrivateOwner, Round, State};

pub(super) fn check(state: &State, problems: &mut Problems) {
    match &state.round {
        Round::Auction {
            to_act,
            bids,
            contest,
            ..
        } => {
            seat_in_game(state, *to_act, "/round/to_act", problems);
            auction_bids(state, bids, problems);
            if let Some(contest) = contest {
                auction_contest(state, contest, problems);
            }
        }
        Round::StockRound {
            to_act,
            sold,
            last_to_act,
            ..
        } => {
            seat_in_game(state, *to_act, "/round/to_act", problems);
            for (i, s) in sold.iter().enumerate() {
                seat_in_game(
                    state,
                    s.player,
                    &format!("/round/sold/{i}/player"),
                    problems,
                );
            }
            if let Some(seat) = last_to_act {
                seat_in_game(state, *seat, "/round/last_to_act", problems);
            }
        }
        _ => {}
    }
    seat_in_game(state, state.priority_deal, "/priority_deal", problems);
}

fn seat_in_game(state: &State, seat: Seat, pointer: &str, problems: &mut Problems) {
    if !in_game(state, seat) {
        problems.add(
            "unknown_seat",
            section::TURNS,
            pointer,
            format!("{seat} is not in the game"),
        );
    }
}

/// Each bid is on a private still unsold, by a player in the game who has the cash for it on
/// top of their other bids (a bid's cash is committed).
fn auction_bids(state: &State, bids: &[Bid], problems: &mut Problems) {
    // Totals first, so that judging each bid against the others is linear.
    let mut total: BTreeMap<Seat, u64> = BTreeMap::new();
    let mut on: BTreeMap<(Seat, Private), u64> = BTreeMap::new();
    for b in bids {
        *total.entry(b.player).or_default() += u64::from(b.price);
        *on.entry((b.player, b.private)).or_default() += u64::from(b.price);
    }
    for (i, b) in bids.iter().enumerate() {
        let at = format!("/round/bids/{i}");
        if !in_game(state, b.player) || state.private(b.private).owner != (PrivateOwner::Unsold {})
        {
            problems.add(
                "bad_bid",
                section::AUCTION,
                at,
                format!(
                    "a bid on {} is not on an unsold private by a player in the game",
                    b.private
                ),
            );
            continue;
        }
        let others = total[&b.player] - on[&(b.player, b.private)];
        let cash = state.player(b.player).cash;
        if u64::from(b.price) + others > u64::from(cash) {
            problems.add(
                "bad_bid",
                section::AUCTION,
                at,
                format!(
                    "player {} bids ${} on {} with ${others} bid elsewhere; they have ${cash}",
                    b.player, b.price, b.private
                ),
            );
        }
    }
}

fn auction_contest(state: &State, contest: &Contest, problems: &mut Problems) {
    let in_it = |seat: &Seat| contest.bidders.contains(seat);
    if contest.bidders.len() < 2
        || !in_it(&contest.to_act)
        || !in_it(&contest.high.player)
        || !contest.bidders.iter().all(|&s| in_game(state, s))
    {
        problems.add(
            "bad_contest",
            section::AUCTION,
            "/round/contest",
            "a contest needs two bidders in the game, among them the one to act and the high bidder"
                .to_string(),
        );
    }
}
