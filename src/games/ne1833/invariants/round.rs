//! The round: in the auction, the seat to act in the game, bids on unsold privates within each
//! bidder's cash and a contest among at least two of them; the stock round, the operating
//! round and the Priority Deal are the kit's checks.

use crate::games::kit18xx::invariants::round as kit;
use crate::games::kit18xx::operating_round::OperatingTitle as _;
use crate::games::kit18xx::table::Table as _;
use std::collections::BTreeMap;

use super::{Problems, in_game};
use crate::games::ne1833::ids::{Private, Seat};
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{Bid, Contest, PrivateOwner, Round, State};

pub(super) fn check(state: &State, problems: &mut Problems) {
    if let Round::Auction {
        to_act,
        bids,
        contest,
        ..
    } = &state.round
    {
        kit::seat_in_game(state, *to_act, "/round/to_act", problems);
        auction_bids(state, bids, problems);
        if let Some(contest) = contest {
            auction_contest(state, contest, problems);
        }
    }
    if let Some(round) = state.operating_round() {
        kit::operating_round(state, &round, problems);
    }
    kit::check(state, problems);
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
