//! The corporations removed at setup (closed, never started, untouched, their home station
//! kept) and the minors (no price, no shares, owned whole by their president once floated).

use std::collections::{BTreeMap, BTreeSet};

use super::cite;
use crate::games::g1846::data::components;
use crate::games::g1846::ids::{Company, Private};
use crate::games::g1846::rules::section;
use crate::games::g1846::state::{CompanyState, Round, State};
use crate::games::kit18xx::invariants::{Problems, company_at, in_game};
use crate::games::kit18xx::table::Table as _;

pub(super) fn check(state: &State, problems: &mut Problems) {
    removed(state, problems);
    for minor in Company::MINORS {
        self::minor(state, state.company(minor), problems);
    }
    gained_stations(state, problems);
}

/// A station gained beyond a corporation's tokens is the C&WI's (its use recorded) or a bought
/// minor's (the minor closed, its home station now the corporation's); no open corporation
/// lists more than these explain, or it could place stations it does not have.
fn gained_stations(state: &State, problems: &mut Problems) {
    let mut listed: BTreeMap<Company, Vec<usize>> = BTreeMap::new();
    for (i, &company) in state.gained_stations.iter().enumerate() {
        listed.entry(company).or_default().push(i);
    }
    // A closed corporation places nothing more; its entries stay as history.
    for (company, entries) in listed
        .into_iter()
        .filter(|(c, _)| !state.company(*c).closed)
    {
        let explained = cwi_stations(state, company) + minors_bought(state, company);
        if entries.len() > explained {
            problems.add(
                "unexplained_gained_station",
                section::STATIONS,
                format!("/gained_stations/{}", entries[explained]),
                format!(
                    "{company} is listed with {} gained station(s); its C&WI station and the \
                     minors it bought explain {explained}",
                    entries.len()
                ),
            );
        }
    }
}

fn cwi_stations(state: &State, company: Company) -> usize {
    state
        .abilities_used
        .iter()
        .filter(|u| u.company == company && u.private == Private::Cwi)
        .count()
}

/// The closed minors whose home city holds a station of `company`.
fn minors_bought(state: &State, company: Company) -> usize {
    let data = components();
    Company::MINORS
        .into_iter()
        .filter(|&minor| state.company(minor).closed)
        .filter_map(|minor| data.minors.iter().find(|m| m.id == minor.symbol()))
        .filter(|m| {
            state
                .board
                .stations_of(company.symbol())
                .any(|s| s.hex == m.home.hex && s.city == m.home.city)
        })
        .count()
}

/// Setup removes corporations (never minors), each once; they stay closed and as they were
/// dealt: all their shares in their treasury, nothing else.
fn removed(state: &State, problems: &mut Problems) {
    let mut seen = BTreeSet::new();
    for (i, &company) in state.removed_corporations.iter().enumerate() {
        let at = format!("/removed_corporations/{i}");
        if company.is_minor() || !seen.insert(company) {
            problems.add(
                "bad_removed_corporation",
                cite::REMOVALS,
                at,
                format!("{company} is listed as removed twice, or is a minor"),
            );
            continue;
        }
        let entry = state.company(company);
        let dealt = entry.closed
            && entry.price.is_none()
            && entry.president.is_none()
            && entry.holdings.is_empty()
            && entry.treasury_shares == 100
            && entry.market_shares == 0
            && entry.cash == 0
            && !entry.operated
            && !entry.receivership
            && entry.trains.is_empty();
        if !dealt {
            problems.add(
                "removed_corporation_in_play",
                cite::REMOVALS,
                company_at(company),
                format!(
                    "{company} was removed at setup: it stays closed, unstarted, its shares in its treasury"
                ),
            );
        }
    }
}

/// A minor has no price and no shares; it floats when the draft ends, owned by the player who
/// chose it (its president); until then it has no owner and no treasury.
fn minor(state: &State, entry: &CompanyState, problems: &mut Problems) {
    let at = company_at(entry.company);
    let company = entry.company;
    if entry.price.is_some() {
        problems.add(
            "minor_with_price",
            section::MINORS,
            format!("{at}/price"),
            format!("{company} is a minor: it has no share price"),
        );
    }
    let shares = [
        (
            "holdings",
            entry.holdings.values().map(|&p| u32::from(p)).sum(),
        ),
        ("treasury_shares", u32::from(entry.treasury_shares)),
        ("market_shares", u32::from(entry.market_shares)),
    ];
    for (field, percent) in shares {
        if percent > 0 {
            problems.add(
                "minor_with_shares",
                section::MINORS,
                format!("{at}/{field}"),
                format!("{company} is a minor, owned whole: it has no shares, yet {percent}% here"),
            );
        }
    }
    if entry.receivership {
        problems.add(
            "minor_with_shares",
            section::MINORS,
            format!("{at}/receivership"),
            format!("{company} is a minor: its owner runs it, never a receivership"),
        );
    }
    owner(state, entry, problems);
}

fn owner(state: &State, entry: &CompanyState, problems: &mut Problems) {
    let at = format!("{}/president", company_at(entry.company));
    let company = entry.company;
    let in_draft = matches!(state.round, Round::Draft { .. });
    match entry.president {
        Some(seat) if in_draft => problems.add(
            "minor_floated_in_draft",
            section::MINORS,
            at,
            format!("{company} has an owner ({seat}) before the draft has ended"),
        ),
        Some(seat) if !in_game(state, seat) => problems.add(
            "unknown_seat",
            section::MINORS,
            at,
            format!("{company} is owned by {seat}, a seat not in the game"),
        ),
        None if !entry.closed && (entry.cash > 0 || entry.operated) => problems.add(
            "minor_without_owner",
            section::MINORS,
            at,
            format!("{company} has no owner, yet has a treasury or has operated"),
        ),
        _ => {}
    }
}
