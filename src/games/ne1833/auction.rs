//! The privates' waterfall auction (1830-style, ruling R9). In turn a player buys the cheapest
//! unsold private at its price, bids on another (at least its price, and $5 over the standing
//! bid; a player may raise their own bid, the new amount replacing the old), or passes. When
//! the cheapest is bought, the next one goes to its bidder at the bid, or its bidders contest
//! it, the lowest bidder acting each time, until one bid stands; and so on down the list. When
//! every player passes in a row, the owned privates pay their income twice and the auction goes
//! on.

use super::data::components;
use super::event::{Event, RoundKind};
use super::ids::{Private, Seat};
use super::rules::{AUCTION_PASS_PAYOUTS, BID_INCREMENT, section};
use super::state::{Bid, Contest, PrivateOwner, Round, State};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;

fn face(private: Private) -> u32 {
    components().privates[private.index()].value
}

fn income(private: Private) -> u32 {
    components().privates[private.index()].revenue
}

/// The cheapest private still unsold.
pub fn cheapest(state: &State) -> Option<Private> {
    state
        .privates
        .iter()
        .find(|p| p.owner == PrivateOwner::Unsold {})
        .map(|p| p.private)
}

/// Cash a player has committed to bids, leaving out bids on `except`.
pub fn committed(bids: &[Bid], player: Seat, except: Private) -> u32 {
    bids.iter()
        .filter(|b| b.player == player && b.private != except)
        .map(|b| b.price)
        .sum()
}

fn refuse(code: &str, message: String) -> Violation {
    Violation::new(code, section::AUCTION, message)
}

/// The lowest bid allowed on `private` now (in a contest or not): its price, or $5 over the
/// highest standing bid, the bidder's own included (a raise must beat it too).
pub fn minimum_bid(state: &State, private: Private) -> u32 {
    let Round::Auction { bids, contest, .. } = &state.round else {
        return face(private);
    };
    if let Some(contest) = contest.as_ref().filter(|c| c.private == private) {
        return contest.high.price + BID_INCREMENT;
    }
    bids.iter()
        .filter(|b| b.private == private)
        .map(|b| b.price + BID_INCREMENT)
        .max()
        .unwrap_or_else(|| face(private))
}

/// The highest bid `player` can afford on `private`: their cash less what their bids on other
/// privates commit (their own bid on this one would be replaced, so its cash counts).
pub fn maximum_bid(state: &State, player: Seat, private: Private) -> u32 {
    let Round::Auction { bids, .. } = &state.round else {
        return 0;
    };
    state
        .player(player)
        .cash
        .saturating_sub(committed(bids, player, private))
}

pub fn bid(
    state: &mut State,
    player: Seat,
    private: Private,
    price: u32,
) -> Result<Vec<Event>, Violation> {
    let is_cheapest = judge_bid(state, player, private, price)?;
    let mut events = Vec::new();
    if is_cheapest {
        buy(state, player, private, price, false, &mut events);
        events.extend(resolve_next(state, player));
        return Ok(events);
    }
    let following = state.next_seat(player);
    let Round::Auction {
        bids,
        contest,
        to_act,
        passes_in_a_row,
    } = &mut state.round
    else {
        return Ok(events);
    };
    *passes_in_a_row = 0;
    events.push(Event::BidPlaced {
        player,
        company: private,
        price,
    });
    let placed = Bid {
        player,
        private,
        price,
    };
    place(bids, placed);
    match contest {
        // After a raise the lowest bidder left acts (the raiser is now the highest).
        Some(contest) => {
            contest.high = placed;
            contest.to_act = lowest_bidder(bids, private).unwrap_or(player);
        }
        None => *to_act = following,
    }
    Ok(events)
}

/// Judges a bid: the acting player (in a contest, its lowest bidder), an unsold private (in a
/// contest, the contested one), the cheapest at its price, any other at the minimum or more,
/// within the cash not committed to other privates (a player's own bid on this one is replaced,
/// so its cash counts). Returns whether it buys the cheapest private.
fn judge_bid(state: &State, player: Seat, private: Private, price: u32) -> Result<bool, Violation> {
    let Round::Auction {
        to_act, contest, ..
    } = &state.round
    else {
        return Err(super::turns::wrong_round("bid", state));
    };
    let acting = contest.as_ref().map_or(*to_act, |c| c.to_act);
    if player != acting {
        return Err(super::turns::not_your_turn(player, acting));
    }
    if let Some(contest) = contest {
        if private != contest.private {
            return Err(refuse(
                "contest_running",
                format!("{} is being contested: bid on it or pass", contest.private),
            ));
        }
    } else if state.private(private).owner != (PrivateOwner::Unsold {}) {
        return Err(refuse("private_sold", format!("{private} is sold")));
    }
    let is_cheapest = contest.is_none() && cheapest(state) == Some(private);
    if is_cheapest && price != face(private) {
        return Err(refuse(
            "wrong_price",
            format!(
                "the cheapest private, {private}, is bought at its price ${}",
                face(private)
            ),
        ));
    }
    let minimum = minimum_bid(state, private);
    if !is_cheapest && price < minimum {
        return Err(refuse(
            "bid_too_low",
            format!("a bid on {private} must be at least ${minimum}"),
        ));
    }
    let available = maximum_bid(state, player, private);
    if price > available {
        return Err(refuse(
            "insufficient_cash",
            format!(
                "player {player} has ${available} not committed to other bids; the bid is ${price}"
            ),
        ));
    }
    Ok(is_cheapest)
}

/// Puts a bid in place of the player's earlier bid on the same private, if any: the new amount
/// is the cash committed, and it counts as the latest bid (for ties, see [`lowest_bidder`]).
fn place(bids: &mut Vec<Bid>, bid: Bid) {
    bids.retain(|b| !(b.player == bid.player && b.private == bid.private));
    bids.push(bid);
}

/// The bidder who acts next in a contest for `private`: the one with the lowest standing bid,
/// the earlier bid first among equal ones (bids are kept in the order they were placed).
pub fn lowest_bidder(bids: &[Bid], private: Private) -> Option<Seat> {
    bids.iter()
        .enumerate()
        .filter(|(_, b)| b.private == private)
        .min_by_key(|&(i, b)| (b.price, i))
        .map(|(_, b)| b.player)
}

/// The standing bid a contest is to beat: the highest, the earlier among equal ones.
fn highest_bid(bids: &[Bid], private: Private) -> Option<Bid> {
    bids.iter()
        .enumerate()
        .filter(|(_, b)| b.private == private)
        .min_by_key(|&(i, b)| (std::cmp::Reverse(b.price), i))
        .map(|(_, b)| *b)
}

fn buy(
    state: &mut State,
    player: Seat,
    private: Private,
    price: u32,
    won: bool,
    events: &mut Vec<Event>,
) {
    state.player_pays_bank(player, price);
    state.privates[private.index()].owner = PrivateOwner::Player { seat: player };
    if let Round::Auction { bids, .. } = &mut state.round {
        bids.retain(|b| b.private != private);
    }
    events.push(if won {
        Event::AuctionWon {
            player,
            company: private,
            price,
        }
    } else {
        Event::PrivateBought {
            player,
            company: private,
            price,
        }
    });
}

/// After a purchase by `actor` in normal turns: the next privates go to their bidders while
/// they have one; two or more bidders contest it; with none, `actor`'s left-hand neighbour plays.
fn resolve_next(state: &mut State, actor: Seat) -> Vec<Event> {
    let mut events = Vec::new();
    loop {
        let Some(next) = cheapest(state) else {
            events.extend(finish(state, actor));
            return events;
        };
        let Round::Auction { bids, .. } = &state.round else {
            return events;
        };
        let on_it: Vec<Bid> = bids.iter().filter(|b| b.private == next).copied().collect();
        match on_it.len() {
            0 => {
                let following = state.next_seat(actor);
                if let Round::Auction {
                    to_act,
                    passes_in_a_row,
                    ..
                } = &mut state.round
                {
                    *to_act = following;
                    *passes_in_a_row = 0;
                }
                return events;
            }
            1 => {
                let winner = on_it[0];
                buy(state, winner.player, next, winner.price, true, &mut events);
            }
            _ => {
                start_contest(state, next, actor);
                return events;
            }
        }
    }
}

/// Two or more players bid on `private`, now the cheapest: they contest it, the lowest bidder
/// acting first. When it is over, play resumes after `actor`, who bought the private before.
fn start_contest(state: &mut State, private: Private, actor: Seat) {
    let Round::Auction {
        bids,
        contest,
        to_act,
        ..
    } = &mut state.round
    else {
        return;
    };
    let (Some(high), Some(lowest)) = (highest_bid(bids, private), lowest_bidder(bids, private))
    else {
        return;
    };
    let mut bidders: Vec<Seat> = bids
        .iter()
        .filter(|b| b.private == private)
        .map(|b| b.player)
        .collect();
    bidders.sort();
    *contest = Some(Contest {
        private,
        bidders,
        to_act: lowest,
        high,
    });
    *to_act = actor;
}

pub fn pass(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    let Round::Auction {
        to_act, contest, ..
    } = &state.round
    else {
        return Err(super::turns::wrong_round("pass", state));
    };
    let acting = contest.as_ref().map_or(*to_act, |c| c.to_act);
    if player != acting {
        return Err(super::turns::not_your_turn(player, acting));
    }
    let mut events = Vec::new();
    if let Some(c) = contest.clone() {
        return Ok(drop_out(state, player, c));
    }
    events.push(Event::Passed { player });
    let active = state.players.iter().filter(|p| !p.bankrupt).count() as u8;
    let next = state.next_seat(player);
    let all_passed = {
        let Round::Auction {
            passes_in_a_row,
            to_act,
            ..
        } = &mut state.round
        else {
            unreachable!("checked above")
        };
        *passes_in_a_row += 1;
        *to_act = next;
        if *passes_in_a_row >= active {
            *passes_in_a_row = 0;
            true
        } else {
            false
        }
    };
    if all_passed {
        for _ in 0..AUCTION_PASS_PAYOUTS {
            events.extend(pay_private_income(state));
        }
    }
    Ok(events)
}

/// `player` drops out of the contest: their bid is withdrawn. With one bid left, it wins and
/// the auction goes on after the player who bought the cheapest; otherwise the lowest
/// remaining bidder acts.
fn drop_out(state: &mut State, player: Seat, mut c: Contest) -> Vec<Event> {
    let mut events = vec![Event::BidWithdrawn {
        player,
        company: c.private,
    }];
    let Round::Auction {
        bids,
        contest,
        to_act,
        ..
    } = &mut state.round
    else {
        return events;
    };
    let resume_after = *to_act;
    bids.retain(|b| !(b.private == c.private && b.player == player));
    c.bidders.retain(|&b| b != player);
    let standing: Vec<Bid> = bids
        .iter()
        .filter(|b| b.private == c.private)
        .copied()
        .collect();
    if let [winner] = standing[..] {
        *contest = None;
        buy(
            state,
            winner.player,
            winner.private,
            winner.price,
            true,
            &mut events,
        );
        events.extend(resolve_next(state, resume_after));
        return events;
    }
    if let (Some(high), Some(lowest)) =
        (highest_bid(bids, c.private), lowest_bidder(bids, c.private))
    {
        c.high = high;
        c.to_act = lowest;
    }
    *contest = Some(c);
    events
}

/// Each private a player or company owns pays its income to its owner.
pub fn pay_private_income(state: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    for i in 0..state.privates.len() {
        let p = state.privates[i].clone();
        if p.closed {
            continue;
        }
        if let PrivateOwner::Player { seat } = p.owner {
            let amount = income(p.private);
            state.bank_pays_player(seat, amount);
            events.push(Event::PrivateIncome {
                company: p.private,
                to: seat,
                amount,
            });
        }
    }
    events
}

/// The auction is over: the first stock round begins with the player after the last buyer.
fn finish(state: &mut State, last_buyer: Seat) -> Vec<Event> {
    let first = state.next_seat(last_buyer);
    state.priority_deal = first;
    let mut events = vec![
        Event::RoundEnded {
            round: RoundKind::Auction,
            number: 1,
        },
        Event::PriorityDeal { player: first },
    ];
    events.extend(super::stock_round::begin(state, 1));
    events
}
