//! The privates: those of the game's set, each listed once in order; owned by a seat at the
//! table or a company in play, closed with a closed owner and from the first 5 on; their bonus
//! markers on their own hexes; their one-time abilities used for the company owning them, in
//! their hexes, no more often than they allow.

use std::collections::BTreeMap;

use super::cite;
use crate::games::g1846::data::{Ability, components};
use crate::games::g1846::ids::Private;
use crate::games::g1846::privates::happened;
use crate::games::g1846::rules::section;
use crate::games::g1846::state::{PrivateOwner, PrivateState, State};
use crate::games::kit18xx::invariants::{CheckedTitle as _, Problems, in_game};
use crate::games::kit18xx::table::Table as _;

fn private_at(i: usize) -> String {
    format!("/privates/{i}")
}

fn abilities(private: Private) -> &'static [Ability] {
    components()
        .private(private.id())
        .map_or(&[], |p| p.abilities.as_slice())
}

/// Whether `private` blocks `hex` while a player owns it.
pub(super) fn blocks(private: Private, hex: &str) -> bool {
    abilities(private)
        .iter()
        .any(|a| matches!(a, Ability::BlocksHexes { hexes, .. } if hexes.iter().any(|h| h == hex)))
}

/// Whether `private` is of the game's set (the 1st edition's leaves some out).
fn of_the_set(state: &State, private: Private) -> bool {
    !state.first_edition
        || components()
            .first_edition
            .privates
            .iter()
            .any(|id| id == private.id())
}

/// The privates in the game are of its set, listed once each in the data's order (the checks
/// look them up by id). `false` when nothing more can be judged.
pub(super) fn listed(state: &State, problems: &mut Problems) -> bool {
    let ids: Vec<usize> = state.privates.iter().map(|p| p.private as usize).collect();
    let in_order = ids.windows(2).all(|w| w[0] < w[1]);
    let foreign = state
        .privates
        .iter()
        .position(|p| !of_the_set(state, p.private));
    if !in_order || foreign.is_some() {
        problems.add(
            "bad_components",
            section::SETUP,
            foreign.map_or("/privates".to_string(), private_at),
            "the privates must be the game's set's, each once, in the order of the data"
                .to_string(),
        );
        return false;
    }
    true
}

pub(super) fn check(state: &State, problems: &mut Problems) {
    for (i, p) in state.privates.iter().enumerate() {
        owner(state, i, p, problems);
        closed_by_the_first_5(state, i, p, problems);
    }
    markers(state, problems);
    abilities_used(state, problems);
}

fn owner(state: &State, i: usize, p: &PrivateState, problems: &mut Problems) {
    let at = private_at(i);
    match p.owner {
        PrivateOwner::Player { seat } if !in_game(state, seat) => problems.add(
            "unknown_seat",
            section::PRIVATES,
            format!("{at}/owner"),
            format!("{} is owned by {seat}, a seat not in the game", p.private),
        ),
        // Closing a corporation closes its privates (`Shares::on_close`).
        PrivateOwner::Company { company } if state.company(company).closed && !p.closed => problems
            .add(
                "private_of_closed_company",
                section::PRIVATES,
                format!("{at}/closed"),
                format!("{} is open but its owner {company} has closed", p.private),
            ),
        PrivateOwner::Company { company }
            if state.out_of_play(company) || !state.has_begun(company) =>
        {
            problems.add(
                "private_owner_not_started",
                section::PRIVATES,
                format!("{at}/owner"),
                format!("{} is owned by {company}, which is not in play", p.private),
            )
        }
        _ => {}
    }
}

/// The first 5 closes every private but the Mail Contract a corporation owns.
fn closed_by_the_first_5(state: &State, i: usize, p: &PrivateState, problems: &mut Problems) {
    let kept = matches!(p.owner, PrivateOwner::Company { .. })
        && abilities(p.private)
            .iter()
            .any(|a| matches!(a, Ability::NeverCloses { .. }));
    if happened(state, "close_companies") && !p.closed && !kept {
        problems.add(
            "private_not_closed_by_phase",
            cite::PHASES,
            format!("{}/closed", private_at(i)),
            format!("{} is open, but the first 5 closed the privates", p.private),
        );
    }
}

/// The hexes a private's bonus marker may go on, if it has one.
fn marker_hexes(private: Private) -> Option<&'static [String]> {
    abilities(private).iter().find_map(|a| match a {
        Ability::AssignedBonus { hexes, .. } => Some(hexes.as_slice()),
        _ => None,
    })
}

/// A marker is an open bonus private's of the game, once, on one of its hexes, for a company
/// that has begun (the Steamboat's assigned; the others' the owning corporation's).
fn markers(state: &State, problems: &mut Problems) {
    let mut seen = BTreeMap::new();
    for (i, m) in state.markers.iter().enumerate() {
        let at = format!("/markers/{i}");
        let entry = state.private(m.private);
        let Some(hexes) = marker_hexes(m.private).filter(|_| entry.is_some()) else {
            problems.add(
                "bad_marker",
                cite::BONUSES,
                format!("{at}/private"),
                format!("{} is not a bonus private of the game", m.private),
            );
            continue;
        };
        let owned_by = entry.and_then(|p| match p.owner {
            PrivateOwner::Company { company } if !p.closed => Some(company),
            _ => None,
        });
        // A marker outlives its private's closing (the bonuses go at the first 6).
        let problem = if seen.insert(m.private, i).is_some() {
            Some(("bad_marker", at.clone(), "has two markers".to_string()))
        } else if let Some(hex) = m
            .hex
            .as_ref()
            .filter(|h| !hexes.iter().any(|x| x == h.as_str()))
        {
            Some((
                "marker_off_its_hexes",
                format!("{at}/hex"),
                format!("has its marker in {hex}; it goes in {}", hexes.join(", ")),
            ))
        } else if let Some(company) = m.company.filter(|&c| !state.has_begun(c)) {
            // A company that closed after the marker was set keeps it, serving no one (the
            // Steamboat's owner may assign it again): a bought minor's, as in game 19962.
            Some((
                "bad_marker",
                format!("{at}/company"),
                format!("serves {company}, which is not in play"),
            ))
        } else if m.private != Private::Sc && owned_by.is_some() && m.company != owned_by {
            Some((
                "bad_marker",
                format!("{at}/company"),
                format!("serves {:?}, but {:?} owns it", m.company, owned_by),
            ))
        } else {
            None
        };
        if let Some((code, pointer, what)) = problem {
            problems.add(
                code,
                cite::BONUSES,
                pointer,
                format!("{} {what}", m.private),
            );
        }
    }
}

/// The one-time abilities a private has: the hexes of its own tile lays or station, and how
/// many uses it has.
fn one_time(private: Private) -> Option<(Vec<&'static str>, usize)> {
    abilities(private).iter().find_map(|a| match a {
        Ability::ExtraTileLay { hexes, count, .. } => Some((
            hexes.iter().map(String::as_str).collect(),
            usize::from(*count),
        )),
        Ability::Token {
            hex, count, extra, ..
        } if *extra => Some((vec![hex.as_str()], usize::from(count.unwrap_or(1)))),
        _ => None,
    })
}

/// What is wrong with a use's new exits: only a joining private's lay has them (the Little
/// Miami's), each once and among the exits its hex shows.
fn bad_new_exits(state: &State, u: &crate::games::g1846::state::AbilityUse) -> Option<String> {
    if u.new_exits.is_empty() {
        return None;
    }
    if crate::games::g1846::privates::joining_hexes(u.private).is_none() {
        return Some("records new exits; only a lay joining two hexes does".to_string());
    }
    let map = &crate::games::g1846::data::components().map;
    let shown = map
        .hex_index(&u.hex)
        .map(|h| state.board.face(map, h).exits())
        .unwrap_or_default();
    let mut seen = Vec::new();
    for &e in &u.new_exits {
        if seen.contains(&e) || !shown.contains(&e) {
            return Some(format!(
                "records new exit {e} of {}, which it does not show once",
                u.hex
            ));
        }
        seen.push(e);
    }
    None
}

/// Each use is of a private of the game with such an ability, for the company that owns it, in
/// one of its hexes, no more often than it allows.
fn abilities_used(state: &State, problems: &mut Problems) {
    let mut uses: BTreeMap<Private, usize> = BTreeMap::new();
    for (i, u) in state.abilities_used.iter().enumerate() {
        let at = format!("/abilities_used/{i}");
        let entry = state.private(u.private);
        let Some((hexes, count)) = one_time(u.private).filter(|_| entry.is_some()) else {
            problems.add(
                "bad_ability_use",
                section::PRIVATES,
                format!("{at}/private"),
                format!(
                    "{} is not a private of the game with a one-time ability",
                    u.private
                ),
            );
            continue;
        };
        let used = uses.entry(u.private).or_default();
        *used += 1;
        let problem =
            if entry.is_some_and(|p| p.owner != PrivateOwner::Company { company: u.company }) {
                Some((
                    format!("{at}/company"),
                    format!("was used for {}, which does not own it", u.company),
                ))
            } else if !hexes.contains(&u.hex.as_str()) {
                Some((
                    format!("{at}/hex"),
                    format!("was used in {}; it acts in {}", u.hex, hexes.join(", ")),
                ))
            } else if *used > count {
                Some((at, format!("was used {used} times; it has {count}")))
            } else if u.at_move.is_some_and(|m| m >= state.moves) {
                Some((
                    format!("{at}/at_move"),
                    format!(
                        "was used at move {}, not yet made ({} so far)",
                        u.at_move.unwrap_or(0),
                        state.moves
                    ),
                ))
            } else {
                bad_new_exits(state, u).map(|what| (format!("{at}/new_exits"), what))
            };
        if let Some((pointer, what)) = problem {
            problems.add(
                "bad_ability_use",
                section::PRIVATES,
                pointer,
                format!("{} {what}", u.private),
            );
        }
    }
}
