//! `check`: what no reachable state breaks. Every problem found is listed.

use super::data::{Colour, IndustrySpace};
use super::locomotives::STEELWORKS;
use super::specials;
use super::state::{Decision, Phase, Player, Seat, State};
use super::tracks::before;
use crate::core::Violation;

const SECTION: &str = "docs/rules/russian-railroads-american.md#turn";

pub fn check(state: &State) -> Vec<Violation> {
    let problems = state.components.problems();
    if !problems.is_empty() {
        return problems;
    }
    let mut bad: Vec<(&'static str, String)> = Vec::new();
    let c = &state.components;
    let n = state.players.len();
    if !c.player_counts.iter().any(|p| usize::from(p.players) == n) {
        bad.push((
            "player_count",
            format!("{n} players; the game is for 2 to 4"),
        ));
        return to_violations(bad);
    }
    for (i, p) in state.players.iter().enumerate() {
        if p.seat != Seat::ALL[i] {
            bad.push(("seats", format!("player {i} sits in seat {:?}", p.seat)));
        }
    }
    let mut order = state.turn_order.clone();
    order.sort_by_key(|s| s.index());
    if order != Seat::ALL[..n] {
        bad.push(("seats", "the turn order is not each seat once".to_string()));
    }
    seats_named(state, &mut bad);
    if !bad.is_empty() {
        return to_violations(bad);
    }
    for p in &state.players {
        board(state, p, &mut bad);
    }
    decisions(state, &mut bad);
    tiles(state, &mut bad);
    stocks(state, &mut bad);
    cards_and_engineers(state, &mut bad);
    phase(state, &mut bad);
    to_violations(bad)
}

fn to_violations(bad: Vec<(&'static str, String)>) -> Vec<Violation> {
    bad.into_iter()
        .map(|(code, m)| Violation::new(code, section(code), m))
        .collect()
}

/// The rules section a problem breaks.
fn section(code: &str) -> &'static str {
    match code {
        "track_supply" | "colour_locked" | "track_position" => {
            "docs/rules/russian-railroads-american.md#tracks"
        }
        "doublers" => "docs/rules/russian-railroads-american.md#scoring",
        "locomotive_slots" | "tiles_in_play" | "steelworks" => {
            "docs/rules/russian-railroads-american.md#locomotives"
        }
        "industry_track" => "docs/rules/russian-railroads-american.md#industry",
        "stock_markers" | "dividend_tokens" => {
            "docs/rules/russian-railroads-american.md#stock-market"
        }
        "board_shape" | "player_count" => "docs/rules/russian-railroads-american.md#setup",
        "engineers" => "docs/rules/russian-railroads-american.md#engineers",
        "question_tokens" | "end_bonus_cards" => {
            "docs/rules/russian-railroads-american.md#specials"
        }
        _ => SECTION,
    }
}

fn board(state: &State, p: &Player, bad: &mut Vec<(&'static str, String)>) {
    let c = &state.components;
    let who = format!("{:?}", p.seat);
    if p.railroads.len() != c.railroads.len() || p.industry.len() != c.industry_tracks.len() {
        bad.push((
            "board_shape",
            format!("{who}'s board has the wrong railroads or industry tracks"),
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
            bad.push((
                "track_supply",
                format!("{who} has {used} {colour:?} tracks of {supply}"),
            ));
        }
        if used > 0 && !p.unlocked.contains(&colour) {
            bad.push((
                "colour_locked",
                format!("{who} builds {colour:?} without unlocking it"),
            ));
        }
    }
    for (data, r) in c.railroads.iter().zip(&p.railroads) {
        for (i, t) in r.tracks.iter().enumerate() {
            if t.space == 0 || t.space > data.spaces {
                bad.push((
                    "track_position",
                    format!("{who}'s {:?} track is off {}", t.colour, data.name),
                ));
            }
            if r.tracks[..i]
                .iter()
                .any(|u| u.colour == t.colour || u.space == t.space)
            {
                bad.push((
                    "track_position",
                    format!(
                        "{who} has two tracks of a colour or on a space of {}",
                        data.name
                    ),
                ));
            }
            if let Some(lower) = before(t.colour) {
                let ahead = r.tracks.iter().find(|u| u.colour == lower);
                if ahead.is_none_or(|u| u.space <= t.space) {
                    bad.push((
                        "track_position",
                        format!(
                            "{who}'s {:?} track on {} is not behind its {lower:?} track",
                            t.colour, data.name
                        ),
                    ));
                }
            }
            if r.boulder && data.boulder.is_some_and(|b| t.space >= b) {
                bad.push((
                    "track_position",
                    format!("{who}'s track on {} is past its boulder", data.name),
                ));
            }
        }
        if r.boulder && data.boulder.is_none() {
            bad.push((
                "board_shape",
                format!("{who} has a boulder on {}, which has none", data.name),
            ));
        }
        if r.locomotives.len() > usize::from(data.locomotive_slots) {
            bad.push((
                "locomotive_slots",
                format!("{who} has more locomotives than slots on {}", data.name),
            ));
        }
        let expected: Vec<u8> = data
            .doubler_spaces
            .iter()
            .copied()
            .take(r.doublers.len())
            .collect();
        if r.doublers != expected {
            bad.push((
                "doublers",
                format!(
                    "{who}'s doublers on {} are not its first places, left to right",
                    data.name
                ),
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
            bad.push((
                "board_shape",
                format!(
                    "{who}'s {} industry track does not fit the board",
                    data.name
                ),
            ));
            continue;
        }
        if t.factories
            .windows(2)
            .any(|w| w[0].is_none() && w[1].is_some())
        {
            bad.push((
                "industry_track",
                format!(
                    "{who}'s factories on the {} track are not left to right",
                    data.name
                ),
            ));
        }
        let mut gap = 0;
        for (i, space) in data.spaces.iter().enumerate().skip(1) {
            let passed = usize::from(t.marker) >= i;
            match space {
                IndustrySpace::Gap {} => {
                    if passed && !data.gaps_may_be_skipped && t.factories[gap].is_none() {
                        bad.push((
                            "industry_track",
                            format!("{who}'s {} marker passed an empty gap", data.name),
                        ));
                    }
                    gap += 1;
                }
                IndustrySpace::Boulder { .. } if passed && t.boulder => {
                    bad.push((
                        "industry_track",
                        format!("{who}'s {} marker passed its boulder", data.name),
                    ));
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
        bad.push((
            "question_tokens",
            format!("{who}'s spent \"?\" tokens are not each a token once"),
        ));
    }
    if p.engineers_used.iter().any(|e| !p.engineers.contains(e)) {
        bad.push(("engineers", format!("{who} used an engineer not hired")));
    }
    if p.stock_level > c.stock_levels {
        bad.push((
            "stock_markers",
            format!("{who}'s stock marker is above the board"),
        ));
    }
}

/// Each locomotive number has as many tiles as players: in piles, slots, gaps, the supply of
/// returned factories, or waiting to be placed.
fn tiles(state: &State, bad: &mut Vec<(&'static str, String)>) {
    let c = &state.components;
    let players = state.players.len();
    let mut piles: Vec<u8> = state.piles.iter().map(|p| p.number).collect();
    piles.sort_unstable();
    let expected: Vec<u8> = {
        let mut numbers: Vec<u8> = c
            .locomotives
            .iter()
            .map(|l| l.number)
            .filter(|&n| n > 1)
            .collect();
        numbers.sort_unstable();
        numbers
    };
    if piles != expected
        || state
            .returned_factories
            .iter()
            .any(|n| !c.locomotives.iter().any(|l| l.number == *n))
    {
        bad.push((
            "tiles_in_play",
            "the piles are not one per locomotive number from #2, or a returned factory is unknown"
                .to_string(),
        ));
    }
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
            bad.push((
                "tiles_in_play",
                format!("{total} #{n} tiles are in play; there are {players}"),
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
            bad.push((
                "steelworks",
                format!("{:?} has more steelworks than taken", p.seat),
            ));
        }
    }
    let placed: usize = state
        .players
        .iter()
        .flat_map(|p| &p.railroads)
        .map(|r| r.doublers.len())
        .sum();
    if placed + usize::from(state.doublers) != usize::from(c.doublers) {
        bad.push((
            "doublers",
            format!(
                "{placed} doublers placed and {} in the supply; there are {}",
                state.doublers, c.doublers
            ),
        ));
    }
}

fn stocks(state: &State, bad: &mut Vec<(&'static str, String)>) {
    let c = &state.components;
    if state.stock_levels.len() != usize::from(c.stock_levels) {
        bad.push((
            "board_shape",
            "the stocks board has the wrong number of levels".to_string(),
        ));
        return;
    }
    for p in &state.players {
        for (i, level) in state.stock_levels.iter().enumerate() {
            let here = level.markers.iter().filter(|&&s| s == p.seat).count();
            let expected = usize::from(p.stock_level == i as u8 + 1);
            if here != expected {
                bad.push((
                    "stock_markers",
                    format!("{:?}'s stock marker is not on its level alone", p.seat),
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
        bad.push((
            "dividend_tokens",
            "the dividend tokens are not each on the board or by it once".to_string(),
        ));
    }
    for (i, level) in state.stock_levels.iter().enumerate() {
        let pending =
            state.turn.decisions.iter().any(
                |d| matches!(d, Decision::DividendToken { level, .. } if *level == i as u8 + 1),
            );
        let reached = !level.markers.is_empty()
            || state.stock_levels[i..]
                .iter()
                .any(|l| !l.markers.is_empty());
        if level.token.is_some() != level.chosen_by.is_some()
            || (level.token.is_some() && !reached)
            || (reached && level.token.is_none() && !pending && !state.dividend_tokens.is_empty())
        {
            bad.push((
                "dividend_tokens",
                format!(
                    "stocks level {} has a token without its arrival, or none after it",
                    i + 1
                ),
            ));
        }
    }
}

fn cards_and_engineers(state: &State, bad: &mut Vec<(&'static str, String)>) {
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
        bad.push((
            "end_bonus_cards",
            "the end-bonus cards are not each in one place".to_string(),
        ));
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
        bad.push((
            "engineers",
            "an engineer is in two places or is unknown".to_string(),
        ));
    }
    let n = state.players.len() as u8;
    for p in &state.placements {
        let ok = c
            .action_spaces
            .get(usize::from(p.space))
            .is_some_and(|s| s.min_players <= n);
        if !ok {
            bad.push((
                "placements",
                format!("a placement is on space {}, not in play", p.space),
            ));
        }
    }
}

fn phase(state: &State, bad: &mut Vec<(&'static str, String)>) {
    let rounds = super::round::rounds(state);
    if state.round == 0 || state.round > rounds {
        bad.push(("round", format!("round {} of {rounds}", state.round)));
    }
    match &state.phase {
        Phase::Placement { to_act } => {
            if state.players[to_act.index()].passed {
                bad.push(("phase", format!("{to_act:?} is to act but has passed")));
            }
            for p in &state.players {
                let placed: u16 = state
                    .placements
                    .iter()
                    .filter(|pl| pl.seat == p.seat)
                    .map(|pl| u16::from(pl.workers))
                    .sum();
                if placed > u16::from(p.workers) + u16::from(p.temporary_workers) {
                    bad.push((
                        "placements",
                        format!("{:?} placed more workers than it has", p.seat),
                    ));
                }
            }
        }
        Phase::GameEnded {} if !state.turn.pool.is_empty() || !state.turn.decisions.is_empty() => {
            bad.push(("phase", "the game has ended with a turn open".to_string()));
        }
        _ => {}
    }
    if matches!(state.phase, Phase::StartingBonuses { .. })
        && !state.turn.acted
        && state.starting_bonuses.is_empty()
    {
        bad.push((
            "phase",
            "a player is to take a starting bonus but none is left".to_string(),
        ));
    }
    if state.turn.acted && matches!(state.phase, Phase::Payout { .. }) {
        bad.push(("phase", "a payout has no direct action".to_string()));
    }
}

/// Every seat the state names sits at the table (the rules index players by seat).
fn seats_named(state: &State, bad: &mut Vec<(&'static str, String)>) {
    let n = state.players.len();
    let mut named: Vec<Seat> = Vec::new();
    match &state.phase {
        Phase::StartingBonuses { to_act, next } | Phase::WorkerReuse { to_act, next } => {
            named.push(*to_act);
            named.extend(next);
        }
        Phase::Placement { to_act } => named.push(*to_act),
        Phase::Payout {
            to_act,
            next,
            resume,
            resume_reuse,
        } => {
            named.push(*to_act);
            named.extend(next);
            named.extend(resume);
            named.extend(resume_reuse);
        }
        Phase::GameEnded {} => {}
    }
    named.extend(state.placements.iter().map(|p| p.seat));
    named.extend(state.stock_levels.iter().flat_map(|l| &l.markers));
    named.extend(state.stock_levels.iter().filter_map(|l| l.chosen_by));
    named.extend(state.steelworks.iter().flatten());
    named.extend(&state.turn.general_payouts);
    if let Some(seat) = named.iter().find(|s| s.index() >= n) {
        bad.push((
            "unknown_seat",
            format!("the state names {seat:?}, who is not at a table of {n}"),
        ));
    }
}

/// The choices waiting can be made.
fn decisions(state: &State, bad: &mut Vec<(&'static str, String)>) {
    let c = &state.components;
    let Some(seat) = state.phase.to_act() else {
        return;
    };
    let p = &state.players[seat.index()];
    let questions = state
        .turn
        .decisions
        .iter()
        .filter(|d| **d == Decision::QuestionToken {})
        .count();
    for d in &state.turn.decisions {
        let ok = match *d {
            Decision::DividendToken { level, .. } => {
                (1..=c.stock_levels).contains(&level)
                    && p.stock_level >= level
                    && state
                        .stock_levels
                        .get(usize::from(level) - 1)
                        .is_some_and(|l| l.token.is_none())
                    && !state.dividend_tokens.is_empty()
            }
            Decision::QuestionToken {} => {
                p.question_tokens.len() + questions <= c.question_tokens.len()
            }
            Decision::Detonation {} => !specials::boulders(c, p).is_empty(),
            Decision::DisplacedLocomotive { number } => {
                c.locomotives.iter().any(|l| l.number == number)
            }
            Decision::Steelworks { steelworks } => {
                state.steelworks.get(usize::from(steelworks)) == Some(&Some(seat))
            }
        };
        if !ok {
            bad.push((
                "decision",
                format!("{seat:?} cannot make the choice waiting: {d:?}"),
            ));
        }
    }
}
