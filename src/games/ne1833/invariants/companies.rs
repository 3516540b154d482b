//! Companies and their shares: 100% in whole shares, a president with the certificate or
//! receivership, the holding limits, the certificate limit; an unstarted company untouched and a
//! closed one empty.

use super::{Problems, company_at, holding_at, in_game};
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::data::components;
use crate::games::ne1833::rules::{
    MARKET_LIMIT_PERCENT, PLAYER_LIMIT_PERCENT, PRESIDENT_PERCENT, SHARE_PERCENT, section,
};
use crate::games::ne1833::state::{CompanyState, State};
use crate::games::ne1833::stock_round::certificate_limit;

pub(super) fn check(state: &State, problems: &mut Problems) {
    // A bankrupt player's shares go to the market whatever its limit (ruling R4).
    let dumped = state.players.iter().any(|p| p.bankrupt);
    for entry in &state.companies {
        if !holders_in_game(state, entry, problems) {
            continue;
        }
        if entry.closed {
            closed_holds_nothing(entry, problems);
            continue;
        }
        shares_add_up(entry, problems);
        bankrupt_holders(state, entry, problems);
        match entry.price {
            None => unstarted_untouched(entry, problems),
            Some(index) => {
                on_the_market(entry, index, problems);
                match entry.president {
                    Some(_) => presidency(entry, problems),
                    None => receivership(entry, problems),
                }
                holding_limits(entry, dumped, problems);
            }
        }
    }
    certificates(state, problems);
}

fn held(entry: &CompanyState) -> u32 {
    entry.holdings.values().map(|&p| u32::from(p)).sum()
}

/// Every holder is a seat in the game (the other checks look the seats up).
fn holders_in_game(state: &State, entry: &CompanyState, problems: &mut Problems) -> bool {
    let strangers: Vec<_> = entry
        .holdings
        .keys()
        .filter(|&&s| !in_game(state, s))
        .collect();
    for &&seat in &strangers {
        problems.add(
            "unknown_seat",
            section::STOCK_ROUND,
            holding_at(entry.company, seat),
            format!(
                "{}'s shares are held by {seat}, a seat not in the game",
                entry.company
            ),
        );
    }
    strangers.is_empty()
}

/// Closing takes everything out of the company (market::close, ruling R7): its shares, cash,
/// president, receivership and trains (its stations, ferries and privates are checked with
/// theirs). Its price stays where it closed.
fn closed_holds_nothing(entry: &CompanyState, problems: &mut Problems) {
    let at = company_at(entry.company);
    let company = entry.company;
    let mut left = |field: &str, what: String| {
        problems.add(
            "closed_company_in_use",
            section::MARKET,
            format!("{at}/{field}"),
            format!("{company} has closed but still has {what}"),
        )
    };
    if held(entry) > 0 {
        left("holdings", format!("{}% held by players", held(entry)));
    }
    if entry.treasury_shares > 0 {
        left(
            "treasury_shares",
            format!("{}% in its treasury", entry.treasury_shares),
        );
    }
    if entry.market_shares > 0 {
        left(
            "market_shares",
            format!("{}% in the market", entry.market_shares),
        );
    }
    if entry.cash > 0 {
        left("cash", format!("${}", entry.cash));
    }
    if let Some(seat) = entry.president {
        left("president", format!("a president ({seat})"));
    }
    if entry.receivership {
        left("receivership", "a receivership".to_string());
    }
    if !entry.trains.is_empty() {
        left("trains", format!("{} train(s)", entry.trains.len()));
    }
}

/// A company's shares are its ten certificates' 100%, in whole 10% shares.
fn shares_add_up(entry: &CompanyState, problems: &mut Problems) {
    let at = company_at(entry.company);
    let total = held(entry) + u32::from(entry.treasury_shares) + u32::from(entry.market_shares);
    if total != 100 {
        problems.add(
            "shares_not_100_percent",
            section::STOCK_ROUND,
            at.clone(),
            format!(
                "{}'s shares add up to {total}%: players {}%, treasury {}%, market {}%",
                entry.company,
                held(entry),
                entry.treasury_shares,
                entry.market_shares
            ),
        );
    }
    let mut whole = |pointer: String, percent: u8, whose: String| {
        if !percent.is_multiple_of(SHARE_PERCENT) {
            problems.add(
                "shares_not_whole",
                section::STOCK_ROUND,
                pointer,
                format!(
                    "{whose} {percent}% of {}, not whole 10% shares",
                    entry.company
                ),
            );
        }
    };
    for (&seat, &percent) in &entry.holdings {
        whole(
            holding_at(entry.company, seat),
            percent,
            format!("{seat} holds"),
        );
    }
    whole(
        format!("{at}/treasury_shares"),
        entry.treasury_shares,
        "the treasury holds".to_string(),
    );
    whole(
        format!("{at}/market_shares"),
        entry.market_shares,
        "the market holds".to_string(),
    );
}

/// A bankrupt player's shares went to the market (ruling R4).
fn bankrupt_holders(state: &State, entry: &CompanyState, problems: &mut Problems) {
    for (&seat, &percent) in &entry.holdings {
        if percent > 0 && state.player(seat).bankrupt {
            problems.add(
                "bankrupt_player_holds",
                section::END,
                holding_at(entry.company, seat),
                format!(
                    "player {seat} is bankrupt but holds {percent}% of {}",
                    entry.company
                ),
            );
        }
    }
}

/// Until its president starts it, a company is all in its treasury and has done nothing.
fn unstarted_untouched(entry: &CompanyState, problems: &mut Problems) {
    let at = company_at(entry.company);
    let company = entry.company;
    let mut used = |field: &str, what: String| {
        problems.add(
            "unstarted_company_in_use",
            section::STARTING,
            format!("{at}/{field}"),
            format!("{company} has not started (it has no price), yet has {what}"),
        )
    };
    if held(entry) > 0 {
        used("holdings", format!("{}% held by players", held(entry)));
    }
    if entry.market_shares > 0 {
        used(
            "market_shares",
            format!("{}% in the market", entry.market_shares),
        );
    }
    if entry.cash > 0 {
        used("cash", format!("${}", entry.cash));
    }
    if entry.operated {
        used("operated", "operated".to_string());
    }
    if let Some(seat) = entry.president {
        used("president", format!("a president ({seat})"));
    }
    if entry.receivership {
        used("receivership", "a receivership".to_string());
    }
    if !entry.trains.is_empty() {
        used("trains", format!("{} train(s)", entry.trains.len()));
    }
}

/// The price is a space of the market, and not a closing one: a company arriving there closes.
fn on_the_market(entry: &CompanyState, index: u8, problems: &mut Problems) {
    let c = components();
    let at = format!("{}/price", company_at(entry.company));
    match c.market.get(usize::from(index)) {
        None => problems.add(
            "price_off_market",
            section::MARKET,
            at,
            format!(
                "{}'s price is space {index}; the market has {} spaces",
                entry.company,
                c.market.len()
            ),
        ),
        Some(price) if c.market_close_prices.contains(price) => problems.add(
            "open_at_closing_price",
            section::MARKET,
            at,
            format!(
                "{} is at ${price}, where a company closes, yet is open",
                entry.company
            ),
        ),
        Some(_) => {}
    }
}

/// The president holds the 20% certificate and no one holds more (a tie keeps the president);
/// a company with a president is not in receivership.
fn presidency(entry: &CompanyState, problems: &mut Problems) {
    let Some(president) = entry.president else {
        return;
    };
    let at = company_at(entry.company);
    let own = entry.percent_of(president);
    if own < PRESIDENT_PERCENT {
        problems.add(
            "president_without_certificate",
            section::PRESIDENCY,
            format!("{at}/president"),
            format!(
                "player {president} is {}'s president with {own}%",
                entry.company
            ),
        );
    }
    if let Some((&seat, &percent)) = entry.holdings.iter().max_by_key(|(_, p)| **p)
        && percent > own
    {
        problems.add(
            "president_not_largest_holder",
            section::PRESIDENCY,
            holding_at(entry.company, seat),
            format!(
                "player {seat} holds {percent}% of {}, more than its president's {own}%",
                entry.company
            ),
        );
    }
    if entry.receivership {
        problems.add(
            "receivership_with_president",
            section::PRESIDENCY,
            format!("{at}/receivership"),
            format!(
                "{} is in receivership yet has a president ({president})",
                entry.company
            ),
        );
    }
}

/// A started company without a president is in receivership (ruling R4: its president went
/// bankrupt and no player held 20%): the president's certificate lies in the market and no
/// player holds 20%, or that player would be president (ruling R5).
fn receivership(entry: &CompanyState, problems: &mut Problems) {
    let at = company_at(entry.company);
    if !entry.receivership {
        problems.add(
            "company_without_president",
            section::PRESIDENCY,
            format!("{at}/president"),
            format!(
                "{} has started and is not in receivership, yet has no president",
                entry.company
            ),
        );
        return;
    }
    if entry.market_shares < PRESIDENT_PERCENT {
        problems.add(
            "receivership_without_certificate",
            section::PRESIDENCY,
            format!("{at}/market_shares"),
            format!(
                "{} is in receivership with {}% in the market; the president's certificate is 20%",
                entry.company, entry.market_shares
            ),
        );
    }
    if let Some((&seat, &percent)) = entry
        .holdings
        .iter()
        .find(|(_, p)| **p >= PRESIDENT_PERCENT)
    {
        problems.add(
            "receivership_with_heir",
            section::PRESIDENCY,
            holding_at(entry.company, seat),
            format!(
                "{} is in receivership, yet player {seat} holds {percent}% and would be its president",
                entry.company
            ),
        );
    }
}

/// At most 60% with a player, at most 50% in the market (unless a bankrupt player's shares were
/// dumped there).
fn holding_limits(entry: &CompanyState, dumped: bool, problems: &mut Problems) {
    if entry.market_shares > MARKET_LIMIT_PERCENT && !dumped {
        problems.add(
            "market_over_limit",
            section::SELLING,
            format!("{}/market_shares", company_at(entry.company)),
            format!(
                "the market holds {}% of {}; the limit is {MARKET_LIMIT_PERCENT}%",
                entry.market_shares, entry.company
            ),
        );
    }
    for (&seat, &percent) in &entry.holdings {
        if percent > PLAYER_LIMIT_PERCENT {
            problems.add(
                "player_over_limit",
                section::BUYING,
                holding_at(entry.company, seat),
                format!(
                    "player {seat} holds {percent}% of {}; the limit is {PLAYER_LIMIT_PERCENT}%",
                    entry.company
                ),
            );
        }
    }
}

/// The certificate limit (it may be exceeded only after a company closes, which lowers it).
fn certificates(state: &State, problems: &mut Problems) {
    if state.companies.iter().any(|c| c.closed) {
        return;
    }
    let limit = certificate_limit(state);
    for seat in state.seats() {
        let held = state.certificates(seat);
        if held > limit {
            problems.add(
                "certificate_limit",
                section::CERTIFICATE_LIMIT,
                format!("/players/{}", seat.index()),
                format!("player {seat} holds {held} certificates; the limit is {limit}"),
            );
        }
    }
}
