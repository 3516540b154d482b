//! `check`: every way a 1833NE state can be inconsistent.

use super::auction::committed;
use super::data::{Provisional, components};
use super::ids::{Company, Private, Seat};
use super::rules::{MARKET_LIMIT_PERCENT, PLAYER_LIMIT_PERCENT, PRESIDENT_PERCENT, section};
use super::state::{PrivateOwner, Round, State};
use crate::core::Violation;

/// No amount in a consistent state reaches this.
const MONEY_CEILING: u32 = 100_000_000;

/// Problems with replacement provisional values.
pub fn provisional_problems(p: &Provisional) -> Vec<Violation> {
    let c = components();
    let mut problems = Vec::new();
    let mut bad = |m: String| {
        problems.push(Violation::new(
            "inconsistent_components",
            section::FERRIES,
            m,
        ))
    };
    for f in &p.ferries {
        if c.hex(&f.port).is_none() || c.hex(&f.city).is_none() {
            bad(format!("ferry {} names a hex that is not on the map", f.id));
        }
        if f.value >= MONEY_CEILING {
            bad(format!("ferry {} is worth ${}", f.id, f.value));
        }
    }
    for b in &p.bonuses {
        if b.between.iter().any(|h| c.hex(h).is_none()) {
            bad(format!(
                "bonus {:?} names a hex that is not on the map",
                b.between
            ));
        }
        if b.values.iter().any(|&v| v >= MONEY_CEILING) {
            bad(format!("bonus {:?} is out of range", b.between));
        }
    }
    if p.ferry_price >= MONEY_CEILING || p.new_ferry_bonus >= MONEY_CEILING {
        bad("a ferry price or bonus is out of range".to_string());
    }
    problems
}

pub fn check(state: &State) -> Vec<Violation> {
    let mut problems = provisional_problems(&state.provisional);
    let mut bad = |code: &str, rule: &str, message: String| {
        problems.push(Violation::new(code, rule, message))
    };
    let n = state.players.len();
    let seats: Vec<Seat> = state.players.iter().map(|p| p.seat).collect();
    if !(3..=5).contains(&n) || seats != Seat::ALL[..n.min(5)] {
        bad(
            "bad_players",
            section::SETUP,
            format!("the players must be 3 to 5 seats from P1 in order; found {seats:?}"),
        );
        return problems;
    }
    let companies: Vec<Company> = state.companies.iter().map(|c| c.company).collect();
    let privates: Vec<Private> = state.privates.iter().map(|p| p.private).collect();
    if companies != Company::ALL || privates != Private::ALL {
        bad(
            "bad_components",
            section::SETUP,
            "the nine companies and six privates must be listed in order".to_string(),
        );
        return problems;
    }
    let c = components();
    // Money.
    let total: i64 = state.players.iter().map(|p| i64::from(p.cash)).sum::<i64>()
        + state
            .companies
            .iter()
            .map(|c| i64::from(c.cash))
            .sum::<i64>()
        + state.bank;
    if total != i64::from(c.game.bank) {
        bad(
            "money_not_conserved",
            section::MONEY,
            format!(
                "players, companies and the bank hold ${total} in all; the game has ${}",
                c.game.bank
            ),
        );
    }
    if state.bank < 0 && !state.bank_broken {
        bad(
            "money_not_conserved",
            section::MONEY,
            "the bank is below zero but not marked broken".to_string(),
        );
    }
    for p in &state.players {
        if p.cash >= MONEY_CEILING {
            bad(
                "money_out_of_range",
                section::MONEY,
                format!("player {} has ${}", p.seat, p.cash),
            );
        }
    }
    // Shares.
    for entry in &state.companies {
        let company = entry.company;
        if entry.cash >= MONEY_CEILING {
            bad(
                "money_out_of_range",
                section::MONEY,
                format!("{company} has ${}", entry.cash),
            );
        }
        if entry.holdings.keys().any(|s| s.index() >= n) {
            bad(
                "unknown_seat",
                section::STOCK_ROUND,
                format!("{company}'s shares are held by a seat not in the game"),
            );
            continue;
        }
        let held: u32 = entry.holdings.values().map(|&p| u32::from(p)).sum();
        if entry.closed {
            if held + u32::from(entry.treasury_shares) + u32::from(entry.market_shares) != 0
                || entry.cash != 0
            {
                bad(
                    "closed_company_in_use",
                    section::MARKET,
                    format!("{company} has closed but still has shares or cash"),
                );
            }
            continue;
        }
        let total = held + u32::from(entry.treasury_shares) + u32::from(entry.market_shares);
        if total != 100 {
            bad(
                "shares_not_100_percent",
                section::STOCK_ROUND,
                format!("{company}'s shares add up to {total}%"),
            );
        }
        if entry.holdings.values().any(|p| p % 10 != 0)
            || entry.treasury_shares % 10 != 0
            || entry.market_shares % 10 != 0
        {
            bad(
                "shares_not_whole",
                section::STOCK_ROUND,
                format!("{company}'s shares are not whole 10% shares"),
            );
        }
        match (entry.price, entry.president) {
            (None, None) => {
                if held > 0 || entry.treasury_shares != 100 || entry.cash > 0 || entry.operated {
                    bad(
                        "unstarted_company_in_use",
                        section::STARTING,
                        format!("{company} has not started, yet has holders, cash or has operated"),
                    );
                }
            }
            (Some(index), Some(president)) => {
                if usize::from(index) >= c.market.len() {
                    bad(
                        "price_off_market",
                        section::MARKET,
                        format!("{company}'s price is off the market"),
                    );
                }
                let own = entry.percent_of(president);
                if own < PRESIDENT_PERCENT {
                    bad(
                        "president_without_certificate",
                        section::PRESIDENCY,
                        format!("player {president} is {company}'s president with {own}%"),
                    );
                }
                if let Some((seat, p)) = entry.holdings.iter().find(|(_, p)| **p > own) {
                    bad(
                        "president_not_largest_holder",
                        section::PRESIDENCY,
                        format!(
                            "player {seat} holds {p}% of {company}, more than its president's {own}%"
                        ),
                    );
                }
                // A bankrupt player's shares go to the market whatever its limit.
                let dumped = state.players.iter().any(|p| p.bankrupt);
                if entry.market_shares > MARKET_LIMIT_PERCENT && !dumped {
                    bad(
                        "market_over_limit",
                        section::SELLING,
                        format!("the market holds {}% of {company}", entry.market_shares),
                    );
                }
                if let Some((seat, p)) = entry
                    .holdings
                    .iter()
                    .find(|(_, p)| **p > PLAYER_LIMIT_PERCENT)
                {
                    bad(
                        "player_over_limit",
                        section::BUYING,
                        format!("player {seat} holds {p}% of {company}"),
                    );
                }
            }
            // In receivership: no president (interim, until the check is rewritten).
            (Some(_), None) if entry.receivership => {}
            _ => bad(
                "half_started_company",
                section::STARTING,
                format!("{company} has a price without a president or the other way round"),
            ),
        }
    }
    // Privates.
    for p in &state.privates {
        match p.owner {
            PrivateOwner::Player { seat } if seat.index() >= n => {
                bad(
                    "unknown_seat",
                    section::AUCTION,
                    format!("{} is owned by a seat not in the game", p.private),
                );
            }
            // Closing a company closes its privates (market::close).
            PrivateOwner::Company { company } if state.company(company).closed && !p.closed => {
                bad(
                    "private_of_closed_company",
                    section::PRIVATES,
                    format!("{} is open but its owner {company} has closed", p.private),
                );
            }
            PrivateOwner::Company { company } if !state.company(company).is_started() => {
                bad(
                    "private_owner_not_started",
                    section::AUCTION,
                    format!("{} is owned by {company}, which has not started", p.private),
                );
            }
            _ => {}
        }
    }
    // The certificate limit (it may be exceeded only after a company closes).
    if !state.companies.iter().any(|c| c.closed) {
        let limit = super::stock_round::certificate_limit(state);
        for seat in state.seats() {
            let held = state.certificates(seat);
            if held > limit {
                bad(
                    "certificate_limit",
                    section::CERTIFICATE_LIMIT,
                    format!("player {seat} holds {held} certificates; the limit is {limit}"),
                );
            }
        }
    }
    // Stations: each started company has its home (and at most two).
    for entry in state
        .companies
        .iter()
        .filter(|c| c.is_started() && !c.closed)
    {
        let count = state.board.stations_of(entry.company.symbol()).count();
        if count == 0 || count > super::stations::STATIONS_PER_COMPANY {
            bad(
                "bad_stations",
                section::STATIONS,
                format!("{} has {count} stations", entry.company),
            );
        }
    }
    // Trains: each in one place, a real card's side; ferries bought once, by started companies.
    let mut ids: Vec<&str> = Vec::new();
    for entry in &state.companies {
        for t in &entry.trains {
            let card = c.trains.iter().find(|k| k.id == t.card);
            if !card.is_some_and(|k| k.sides.iter().any(|side| side.name == t.side)) {
                bad(
                    "unknown_train",
                    section::TRAINS,
                    format!(
                        "{} has a train {} of no card side {}/{}",
                        entry.company, t.id, t.card, t.side
                    ),
                );
            }
            if ids.contains(&t.id.as_str()) {
                bad(
                    "train_in_two_places",
                    section::TRAINS,
                    format!("train {} is in two places", t.id),
                );
            }
            ids.push(&t.id);
        }
        if entry.trains.iter().filter(|t| !t.phased_out).count()
            > usize::from(c.phases[usize::from(state.phase.min(4))].train_limit)
            && !matches!(&state.round, Round::OperatingRound { discards, .. } if discards.contains(&entry.company))
        {
            bad(
                "train_limit",
                section::TRAINS,
                format!("{} is over the train limit", entry.company),
            );
        }
    }
    for (i, f) in state.ferries.iter().enumerate() {
        if state.ferries[..i].iter().any(|g| g.ferry == f.ferry)
            || !state.provisional.ferries.iter().any(|p| p.id == f.ferry)
        {
            bad(
                "bad_ferry",
                section::FERRIES,
                format!("ferry {} is unknown or bought twice", f.ferry),
            );
        }
        if !state.company(f.company).is_started() {
            bad(
                "bad_ferry",
                section::FERRIES,
                format!(
                    "ferry {} belongs to {}, which has not started",
                    f.ferry, f.company
                ),
            );
        }
    }
    // The round.
    match &state.round {
        Round::Auction {
            to_act,
            bids,
            contest,
            ..
        } => {
            if to_act.index() >= n {
                bad(
                    "unknown_seat",
                    section::TURNS,
                    format!("{to_act} is not in the game"),
                );
            }
            for b in bids {
                if b.player.index() >= n
                    || state.private(b.private).owner != (PrivateOwner::Unsold {})
                {
                    bad(
                        "bad_bid",
                        section::AUCTION,
                        format!(
                            "a bid on {} is not on an unsold private by a player in the game",
                            b.private
                        ),
                    );
                } else if b.price + committed(bids, b.player, b.private)
                    > state.player(b.player).cash
                {
                    bad(
                        "bad_bid",
                        section::AUCTION,
                        format!("player {} bids more than their cash", b.player),
                    );
                }
            }
            if let Some(contest) = contest
                && (contest.bidders.len() < 2
                    || !contest.bidders.contains(&contest.to_act)
                    || !contest.bidders.contains(&contest.high.player))
            {
                bad(
                    "bad_contest",
                    section::AUCTION,
                    "a contest needs two bidders, among them the one to act and the high bidder"
                        .to_string(),
                );
            }
        }
        Round::StockRound { to_act, .. } if to_act.index() >= n => {
            bad(
                "unknown_seat",
                section::TURNS,
                format!("{to_act} is not in the game"),
            );
        }
        _ => {}
    }
    if state.priority_deal.index() >= n {
        bad(
            "unknown_seat",
            section::TURNS,
            "the Priority Deal is with a seat not in the game".to_string(),
        );
    }
    if state.depot.len() != c.trains.len()
        || state.depot.iter().zip(&c.trains).any(|(d, t)| *d > t.count)
        || usize::from(state.phase) >= c.phases.len()
    {
        bad(
            "bad_depot",
            section::SETUP,
            "the depot or the phase does not match the train cards".to_string(),
        );
    }
    problems
}
