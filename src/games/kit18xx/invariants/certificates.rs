//! Corporations and their shares: 100% in whole shares, a president with the certificate or
//! receivership, the holding limits, the certificate limit; an unstarted corporation untouched
//! and a closed one empty. Companies without shares (1846's minors) and those out of play are
//! the title's to check.

use super::{CheckedTitle, Problems, company_at, holding_at, in_game};
use crate::games::kit18xx::shares::{
    MARKET_LIMIT_PERCENT, PLAYER_LIMIT_PERCENT, PRESIDENT_PERCENT, SHARE_PERCENT,
};
use crate::games::kit18xx::table::{CompanyId, CompanyState};

pub fn check<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    // A bankrupt player's shares go to the market whatever its limit (1833NE's ruling R4).
    let dumped = state.players().iter().any(|p| p.bankrupt);
    // A company without shares (1846's minors) holds nothing once closed either.
    let closed_minors = state
        .companies()
        .iter()
        .filter(|e| !e.company.has_shares() && e.closed && !state.out_of_play(e.company));
    for entry in closed_minors {
        closed_holds_nothing(state, entry, problems);
    }
    let shared = state
        .companies()
        .iter()
        .filter(|e| e.company.has_shares() && !state.out_of_play(e.company));
    for entry in shared {
        if !holders_in_game(state, entry, problems) {
            continue;
        }
        if entry.closed {
            closed_holds_nothing(state, entry, problems);
            continue;
        }
        shares_add_up(state, entry, problems);
        bankrupt_holders(state, entry, problems);
        match entry.price {
            None => unstarted_untouched(state, entry, problems),
            Some(index) => {
                on_the_market(state, entry, index, problems);
                match entry.president {
                    Some(_) => presidency(state, entry, problems),
                    None => receivership(state, entry, problems),
                }
                holding_limits(state, entry, dumped, problems);
            }
        }
    }
    certificates(state, problems);
}

fn held<C>(entry: &CompanyState<C>) -> u32 {
    entry.holdings.values().map(|&p| u32::from(p)).sum()
}

/// Every holder is a seat in the game (the other checks look the seats up).
fn holders_in_game<S: CheckedTitle>(
    state: &S,
    entry: &CompanyState<S::Company>,
    problems: &mut Problems,
) -> bool {
    let strangers: Vec<_> = entry
        .holdings
        .keys()
        .filter(|&&s| !in_game(state, s))
        .collect();
    for &&seat in &strangers {
        problems.add(
            "unknown_seat",
            state.check_sections().stock_round,
            holding_at(entry.company, seat),
            format!(
                "{}'s shares are held by {seat}, a seat not in the game",
                entry.company
            ),
        );
    }
    strangers.is_empty()
}

/// Closing takes everything out of the company (`shares::close`; 1833NE's ruling R7): its shares, cash,
/// president, receivership and trains (its stations, ferries and privates are checked with
/// theirs). Its price stays where it closed.
fn closed_holds_nothing<S: CheckedTitle>(
    state: &S,
    entry: &CompanyState<S::Company>,
    problems: &mut Problems,
) {
    let at = company_at(entry.company);
    let company = entry.company;
    let mut left = |field: &str, what: String| {
        problems.add(
            "closed_company_in_use",
            state.check_sections().market,
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
fn shares_add_up<S: CheckedTitle>(
    state: &S,
    entry: &CompanyState<S::Company>,
    problems: &mut Problems,
) {
    let at = company_at(entry.company);
    let total = held(entry) + u32::from(entry.treasury_shares) + u32::from(entry.market_shares);
    if total != 100 {
        problems.add(
            "shares_not_100_percent",
            state.check_sections().stock_round,
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
                state.check_sections().stock_round,
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

/// A bankrupt player's shares went to the market (1833NE's ruling R4).
fn bankrupt_holders<S: CheckedTitle>(
    state: &S,
    entry: &CompanyState<S::Company>,
    problems: &mut Problems,
) {
    for (&seat, &percent) in &entry.holdings {
        if percent > 0 && state.player(seat).bankrupt {
            problems.add(
                "bankrupt_player_holds",
                state.check_sections().end,
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
fn unstarted_untouched<S: CheckedTitle>(
    state: &S,
    entry: &CompanyState<S::Company>,
    problems: &mut Problems,
) {
    let at = company_at(entry.company);
    let company = entry.company;
    let mut used = |field: &str, what: String| {
        problems.add(
            "unstarted_company_in_use",
            state.check_sections().starting,
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
fn on_the_market<S: CheckedTitle>(
    state: &S,
    entry: &CompanyState<S::Company>,
    index: u8,
    problems: &mut Problems,
) {
    let at = format!("{}/price", company_at(entry.company));
    let market = state.market();
    match market.get(usize::from(index)) {
        None => problems.add(
            "price_off_market",
            state.check_sections().market,
            at,
            format!(
                "{}'s price is space {index}; the market has {} spaces",
                entry.company,
                market.len()
            ),
        ),
        Some(price) if state.closing_prices().contains(price) => problems.add(
            "open_at_closing_price",
            state.check_sections().market,
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
fn presidency<S: CheckedTitle>(
    state: &S,
    entry: &CompanyState<S::Company>,
    problems: &mut Problems,
) {
    let Some(president) = entry.president else {
        return;
    };
    let at = company_at(entry.company);
    let own = entry.percent_of(president);
    if own < PRESIDENT_PERCENT {
        problems.add(
            "president_without_certificate",
            state.check_sections().presidency,
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
            state.check_sections().presidency,
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
            state.check_sections().presidency,
            format!("{at}/receivership"),
            format!(
                "{} is in receivership yet has a president ({president})",
                entry.company
            ),
        );
    }
}

/// A started company without a president is in receivership (1833NE's ruling R4: its president went
/// bankrupt and no player held 20%): the president's certificate lies in the market and no
/// player holds 20%, or that player would be president (1833NE's ruling R5).
fn receivership<S: CheckedTitle>(
    state: &S,
    entry: &CompanyState<S::Company>,
    problems: &mut Problems,
) {
    let at = company_at(entry.company);
    if !entry.receivership {
        problems.add(
            "company_without_president",
            state.check_sections().presidency,
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
            state.check_sections().presidency,
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
            state.check_sections().presidency,
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
fn holding_limits<S: CheckedTitle>(
    state: &S,
    entry: &CompanyState<S::Company>,
    dumped: bool,
    problems: &mut Problems,
) {
    if entry.market_shares > MARKET_LIMIT_PERCENT && !dumped {
        problems.add(
            "market_over_limit",
            state.check_sections().selling,
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
                state.check_sections().buying,
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
fn certificates<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    if state
        .companies()
        .iter()
        .any(|c| c.closed && !state.out_of_play(c.company))
    {
        return;
    }
    let limit = state.certificate_limit();
    for seat in state.seats() {
        let held = state.certificates(seat);
        if held > limit {
            problems.add(
                "certificate_limit",
                state.check_sections().certificate_limit,
                format!("/players/{}", seat.index()),
                format!("player {seat} holds {held} certificates; the limit is {limit}"),
            );
        }
    }
}
