//! The privates' waterfall auction. In turn a player buys the cheapest unsold private at its
//! price, bids on another (at least its price, and $5 over the standing bid), or passes. When
//! the cheapest is bought, the next one goes to its bidder at the bid, or its bidders contest
//! it; and so on down the list. When every player passes in a row, the owned privates pay
//! their income twice and the auction goes on.

use super::data::components;
use super::event::{Event, RoundKind};
use super::ids::{Private, Seat};
use super::rules::{AUCTION_PASS_PAYOUTS, BID_INCREMENT, section};
use super::state::{Bid, Contest, PrivateOwner, Round, State};
use crate::core::Violation;

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

/// The lowest bid allowed on `private` now (in a contest or not), for `player`.
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

/// The highest bid `player` can afford on `private`.
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
    let Round::Auction {
        to_act,
        contest,
        bids,
        ..
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
    if !is_cheapest {
        if bids
            .iter()
            .any(|b| b.private == private && b.player == player)
            && contest.is_none()
        {
            return Err(refuse(
                "already_bidding",
                format!("player {player} already bids on {private}"),
            ));
        }
        let minimum = minimum_bid(state, private);
        if price < minimum {
            return Err(refuse(
                "bid_too_low",
                format!("a bid on {private} must be at least ${minimum}"),
            ));
        }
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
        unreachable!("checked above")
    };
    *passes_in_a_row = 0;
    events.push(Event::BidPlaced {
        player,
        company: private,
        price,
    });
    match contest {
        Some(contest) => {
            contest.high = Bid {
                player,
                private,
                price,
            };
            for b in bids
                .iter_mut()
                .filter(|b| b.player == player && b.private == private)
            {
                b.price = price;
            }
            contest.to_act = next_in(&contest.bidders, player);
        }
        None => {
            bids.push(Bid {
                player,
                private,
                price,
            });
            *to_act = following;
        }
    }
    Ok(events)
}

/// The bidder after `seat` among `bidders` (in turn order).
fn next_in(bidders: &[Seat], seat: Seat) -> Seat {
    let i = bidders.iter().position(|&b| b == seat).unwrap_or(0);
    bidders[(i + 1) % bidders.len()]
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
        let mut on_it: Vec<Bid> = bids.iter().filter(|b| b.private == next).copied().collect();
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
                on_it.sort_by_key(|b| (std::cmp::Reverse(b.price), b.player));
                let high = on_it[0];
                let mut bidders: Vec<Seat> = on_it.iter().map(|b| b.player).collect();
                bidders.sort();
                let to_act = next_in(&bidders, high.player);
                if let Round::Auction { contest, .. } = &mut state.round {
                    *contest = Some(Contest {
                        private: next,
                        bidders,
                        to_act,
                        high,
                    });
                }
                // The contest's end resumes with the player after `actor`.
                if let Round::Auction { to_act, .. } = &mut state.round {
                    *to_act = actor;
                }
                return events;
            }
        }
    }
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
    if let Some(mut c) = contest.clone() {
        // Dropping out of the contest.
        let next = next_in(&c.bidders, player);
        c.bidders.retain(|&b| b != player);
        events.push(Event::BidWithdrawn {
            player,
            company: c.private,
        });
        let resume_after = *to_act;
        if let Round::Auction { bids, .. } = &mut state.round {
            bids.retain(|b| !(b.private == c.private && b.player == player));
        }
        if c.bidders.len() == 1 {
            let winner = c.high;
            if let Round::Auction { contest, .. } = &mut state.round {
                *contest = None;
            }
            buy(
                state,
                winner.player,
                winner.private,
                winner.price,
                true,
                &mut events,
            );
            events.extend(resolve_next(state, resume_after));
        } else {
            c.to_act = next;
            if let Round::Auction { contest, .. } = &mut state.round {
                *contest = Some(c);
            }
        }
        return Ok(events);
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
