//! `check`: what no reachable state breaks. Every problem found is listed.

use super::data::{Colour, IndustrySpace};
use super::locomotives::STEELWORKS;
use super::state::{Decision, Phase, Player, Seat, State};
use super::tracks::before;
use crate::core::Violation;

const SECTION: &str = "docs/rules/russian-railroads-american.md#turn";

pub fn check(state: &State) -> Vec<Violation> {
    let problems = state.components.problems();
    if !problems.is_empty() {
        return problems;
    }
    let mut bad: Vec<String> = Vec::new();
    let c = &state.components;
    let n = state.players.len();
    if !c.player_counts.iter().any(|p| usize::from(p.players) == n) {
        bad.push(format!("{n} players; the game is for 2 to 4"));
        return to_violations(bad);
    }
    for (i, p) in state.players.iter().enumerate() {
        if p.seat != Seat::ALL[i] {
            bad.push(format!("player {i} sits in seat {:?}", p.seat));
        }
    }
    let mut order = state.turn_order.clone();
    order.sort_by_key(|s| s.index());
    if order != Seat::ALL[..n] {
        bad.push("the turn order is not each seat once".to_string());
    }
    if !bad.is_empty() {
        return to_violations(bad);
    }
    for p in &state.players {
        board(state, p, &mut bad);
    }
    tiles(state, &mut bad);
    stocks(state, &mut bad);
    cards_and_engineers(state, &mut bad);
    phase(state, &mut bad);
    to_violations(bad)
}

fn to_violations(bad: Vec<String>) -> Vec<Violation> {
    bad.into_iter()
        .map(|m| Violation::new("inconsistent_state", SECTION, m))
        .collect()
}

fn board(state: &State, p: &Player, bad: &mut Vec<String>) {
    let c = &state.components;
    let who = format!("{:?}", p.seat);
    if p.railroads.len() != c.railroads.len() || p.industry.len() != c.industry_tracks.len() {
        bad.push(format!(
            "{who}'s board has the wrong railroads or industry tracks"
        ));
        return;
    }
    for colour in Colour::ALL {
        let supply = c
            .tracks_per_colour
            .iter()
            .find(|(t, _)| *t == colour)
            .map_or(0, |(_, n)| usize::from(*n));
        let used = p
            .railroads
            .iter()
            .flat_map(|r| &r.tracks)
            .filter(|t| t.colour == colour)
            .count();
        if used > supply {
            bad.push(format!("{who} has {used} {colour:?} tracks of {supply}"));
        }
        if used > 0 && !p.unlocked.contains(&colour) {
            bad.push(format!("{who} builds {colour:?} without unlocking it"));
        }
    }
    for (data, r) in c.railroads.iter().zip(&p.railroads) {
        for (i, t) in r.tracks.iter().enumerate() {
            if t.space == 0 || t.space > data.spaces {
                bad.push(format!("{who}'s {:?} track is off {}", t.colour, data.name));
            }
            if r.tracks[..i]
                .iter()
                .any(|u| u.colour == t.colour || u.space == t.space)
            {
                bad.push(format!(
                    "{who} has two tracks of a colour or on a space of {}",
                    data.name
                ));
            }
            if let Some(lower) = before(t.colour) {
                let ahead = r.tracks.iter().find(|u| u.colour == lower);
                if ahead.is_none_or(|u| u.space <= t.space) {
                    bad.push(format!(
                        "{who}'s {:?} track on {} is not behind its {lower:?} track",
                        t.colour, data.name
                    ));
                }
            }
            if r.boulder && data.boulder.is_some_and(|b| t.space >= b) {
                bad.push(format!(
                    "{who}'s track on {} is past its boulder",
                    data.name
                ));
            }
        }
        if r.boulder && data.boulder.is_none() {
            bad.push(format!(
                "{who} has a boulder on {}, which has none",
                data.name
            ));
        }
        if r.locomotives.len() > usize::from(data.locomotive_slots) {
            bad.push(format!(
                "{who} has more locomotives than slots on {}",
                data.name
            ));
        }
        let expected: Vec<u8> = data
            .doubler_spaces
            .iter()
            .copied()
            .take(r.doublers.len())
            .collect();
        if r.doublers != expected {
            bad.push(format!(
                "{who}'s doublers on {} are not its first places, left to right",
                data.name
            ));
        }
    }
    for (data, t) in c.industry_tracks.iter().zip(&p.industry) {
        let gaps = data
            .spaces
            .iter()
            .filter(|s| matches!(s, IndustrySpace::Gap {}))
            .count();
        if t.factories.len() != gaps || usize::from(t.marker) >= data.spaces.len() {
            bad.push(format!(
                "{who}'s {} industry track does not fit the board",
                data.name
            ));
            continue;
        }
        if t.factories
            .windows(2)
            .any(|w| w[0].is_none() && w[1].is_some())
        {
            bad.push(format!(
                "{who}'s factories on the {} track are not left to right",
                data.name
            ));
        }
        let mut gap = 0;
        for (i, space) in data.spaces.iter().enumerate().skip(1) {
            let passed = usize::from(t.marker) >= i;
            match space {
                IndustrySpace::Gap {} => {
                    if passed && !data.gaps_may_be_skipped && t.factories[gap].is_none() {
                        bad.push(format!("{who}'s {} marker passed an empty gap", data.name));
                    }
                    gap += 1;
                }
                IndustrySpace::Boulder { .. } if passed && t.boulder => {
                    bad.push(format!("{who}'s {} marker passed its boulder", data.name));
                }
                _ => {}
            }
        }
    }
    let mut spent = p.question_tokens.clone();
    spent.sort_unstable();
    spent.dedup();
    if spent.len() != p.question_tokens.len()
        || spent
            .iter()
            .any(|&t| usize::from(t) >= c.question_tokens.len())
    {
        bad.push(format!(
            "{who}'s spent \"?\" tokens are not each a token once"
        ));
    }
    if p.engineers_used.iter().any(|e| !p.engineers.contains(e)) {
        bad.push(format!("{who} used an engineer not hired"));
    }
    if p.stock_level > c.stock_levels {
        bad.push(format!("{who}'s stock marker is above the board"));
    }
}

/// Each locomotive number has as many tiles as players: in piles, slots, gaps, the supply of
/// returned factories, or waiting to be placed.
fn tiles(state: &State, bad: &mut Vec<String>) {
    let c = &state.components;
    let players = state.players.len();
    for loco in &c.locomotives {
        let n = loco.number;
        let piles: usize = state
            .piles
            .iter()
            .filter(|p| p.number == n)
            .map(|p| usize::from(p.left))
            .sum();
        let boards: usize = state
            .players
            .iter()
            .map(|p| {
                p.railroads
                    .iter()
                    .flat_map(|r| &r.locomotives)
                    .filter(|&&l| l == n)
                    .count()
                    + p.industry
                        .iter()
                        .flat_map(|t| &t.factories)
                        .filter(|f| **f == Some(n))
                        .count()
            })
            .sum();
        let returned = state.returned_factories.iter().filter(|&&f| f == n).count();
        let waiting = state
            .turn
            .decisions
            .iter()
            .filter(|d| **d == Decision::DisplacedLocomotive { number: n })
            .count();
        let total = piles + boards + returned + waiting;
        if total != players {
            bad.push(format!(
                "{total} #{n} tiles are in play; there are {players}"
            ));
        }
    }
    for p in &state.players {
        let placed = p
            .industry
            .iter()
            .flat_map(|t| &t.factories)
            .filter(|f| **f == Some(STEELWORKS))
            .count();
        let taken = state
            .steelworks
            .iter()
            .filter(|s| **s == Some(p.seat))
            .count();
        if placed > taken {
            bad.push(format!("{:?} has more steelworks than taken", p.seat));
        }
    }
    let placed: usize = state
        .players
        .iter()
        .flat_map(|p| &p.railroads)
        .map(|r| r.doublers.len())
        .sum();
    if placed + usize::from(state.doublers) != usize::from(c.doublers) {
        bad.push(format!(
            "{placed} doublers placed and {} in the supply; there are {}",
            state.doublers, c.doublers
        ));
    }
}

fn stocks(state: &State, bad: &mut Vec<String>) {
    let c = &state.components;
    if state.stock_levels.len() != usize::from(c.stock_levels) {
        bad.push("the stocks board has the wrong number of levels".to_string());
        return;
    }
    for p in &state.players {
        for (i, level) in state.stock_levels.iter().enumerate() {
            let here = level.markers.iter().filter(|&&s| s == p.seat).count();
            let expected = usize::from(p.stock_level == i as u8 + 1);
            if here != expected {
                bad.push(format!(
                    "{:?}'s stock marker is not on its level alone",
                    p.seat
                ));
            }
        }
    }
    let mut tokens: Vec<u8> = state
        .stock_levels
        .iter()
        .filter_map(|l| l.token)
        .chain(state.dividend_tokens.iter().copied())
        .collect();
    tokens.sort_unstable();
    if tokens != (0..c.dividend_tokens.len() as u8).collect::<Vec<u8>>() {
        bad.push("the dividend tokens are not each on the board or by it once".to_string());
    }
    for (i, level) in state.stock_levels.iter().enumerate() {
        let pending = state
            .turn
            .decisions
            .contains(&Decision::DividendToken { level: i as u8 + 1 });
        let reached = !level.markers.is_empty()
            || state.stock_levels[i..]
                .iter()
                .any(|l| !l.markers.is_empty());
        if level.token.is_some() != level.chosen_by.is_some()
            || (level.token.is_some() && !reached)
            || (reached && level.token.is_none() && !pending && !state.dividend_tokens.is_empty())
        {
            bad.push(format!(
                "stocks level {} has a token without its arrival, or none after it",
                i + 1
            ));
        }
    }
}

fn cards_and_engineers(state: &State, bad: &mut Vec<String>) {
    let c = &state.components;
    let mut cards: Vec<u8> = state
        .end_bonus_deck
        .iter()
        .chain(&state.end_bonus_removed)
        .chain(state.players.iter().flat_map(|p| &p.end_bonus))
        .copied()
        .collect();
    cards.sort_unstable();
    if cards != (0..c.end_bonus_cards.len() as u8).collect::<Vec<u8>>() {
        bad.push("the end-bonus cards are not each in one place".to_string());
    }
    let mut engineers: Vec<u8> = state
        .engineer_strip
        .iter()
        .flatten()
        .chain(state.players.iter().flat_map(|p| &p.engineers))
        .chain(&state.engineers_gone)
        .copied()
        .collect();
    let count = engineers.len();
    engineers.sort_unstable();
    engineers.dedup();
    if engineers.len() != count
        || engineers
            .iter()
            .any(|n| !c.engineers.iter().any(|e| e.number == *n))
    {
        bad.push("an engineer is in two places or is unknown".to_string());
    }
    let n = state.players.len() as u8;
    for p in &state.placements {
        let ok = c
            .action_spaces
            .get(usize::from(p.space))
            .is_some_and(|s| s.min_players <= n);
        if !ok {
            bad.push(format!("a placement is on space {}, not in play", p.space));
        }
    }
}

fn phase(state: &State, bad: &mut Vec<String>) {
    let rounds = super::round::rounds(state);
    if state.round == 0 || state.round > rounds {
        bad.push(format!("round {} of {rounds}", state.round));
    }
    match &state.phase {
        Phase::Placement { to_act } => {
            if state.players[to_act.index()].passed {
                bad.push(format!("{to_act:?} is to act but has passed"));
            }
            for p in &state.players {
                let placed: u16 = state
                    .placements
                    .iter()
                    .filter(|pl| pl.seat == p.seat)
                    .map(|pl| u16::from(pl.workers))
                    .sum();
                if placed > u16::from(p.workers) + u16::from(p.temporary_workers) {
                    bad.push(format!("{:?} placed more workers than it has", p.seat));
                }
            }
        }
        Phase::GameEnded {} if !state.turn.pool.is_empty() || !state.turn.decisions.is_empty() => {
            bad.push("the game has ended with a turn open".to_string());
        }
        _ => {}
    }
    if state.turn.acted && matches!(state.phase, Phase::Payout { .. }) {
        bad.push("a payout has no direct action".to_string());
    }
}
