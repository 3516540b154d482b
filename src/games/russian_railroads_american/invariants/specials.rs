//! What the positions imply (the rulings of 2026-12): every special space a track has met is
//! marked met and its effect happened (a colour unlocked, a worker gained, a boulder detonated
//! for its points, a stocks advancement, a "?" token spent or to choose); a coin space used is
//! one met; the end-bonus cards held are those the "?" tokens drew, and every card is in one
//! place.

use std::collections::{HashMap, HashSet};

use super::{Problems, player_at};
use crate::games::russian_railroads_american::data::{
    Advantage, Colour, IndustrySpace, QuestionToken, Special,
};
use crate::games::russian_railroads_american::scoring::met_specials;
use crate::games::russian_railroads_american::state::{Decision, Player, State};

pub(super) fn check(state: &State, boards: &[bool], problems: &mut Problems) {
    for (i, p) in state.players.iter().enumerate() {
        let tokens = question_tokens(state, i, p, problems);
        if boards[i] {
            let met = met_now(state, p);
            recorded(state, i, p, &met, problems);
            effects(state, i, p, &met, tokens, problems);
        }
    }
    cards(state, problems);
}

/// The special spaces the player's board meets now, as (railroad, index), sorted.
fn met_now(state: &State, p: &Player) -> Vec<(u8, u8)> {
    let c = &state.components;
    (0..c.railroads.len())
        .flat_map(|r| {
            met_specials(c, p, r)
                .into_iter()
                .map(move |idx| (r as u8, idx as u8))
        })
        .collect()
}

/// `specials_met` is the special spaces the board meets, each once: a met condition stays met
/// (tracks only move on, a railroad's locomotive reach only grows), and every move and new
/// locomotive marks what it meets.
fn recorded(state: &State, i: usize, p: &Player, met: &[(u8, u8)], problems: &mut Problems) {
    let c = &state.components;
    let mut seen = HashSet::new();
    let mut once = super::Once::new();
    for (k, &key) in p.specials_met.iter().enumerate() {
        let bad = met.binary_search(&key).is_err() || !seen.insert(key);
        if bad && once.first(key) {
            problems.add(
                "special_not_met",
                format!("{}/specials_met/{k}", player_at(i)),
                format!(
                    "{:?}'s board does not meet special space {} of railroad {} (or it is listed twice)",
                    p.seat, key.1, key.0
                ),
            );
        }
    }
    for &(r, idx) in met.iter().filter(|key| !seen.contains(key)) {
        let data = &c.railroads[usize::from(r)];
        let space = data.specials[usize::from(idx)];
        problems.add(
            "special_unrecorded",
            format!("{}/specials_met", player_at(i)),
            format!(
                "{:?}'s {:?} track on {} stands on or past space {} ({:?}), which is not marked met",
                p.seat, space.colour, data.name, space.space, space.special
            ),
        );
    }
}

/// How many of each kind of special space the board meets.
#[derive(Default)]
struct Met {
    unlocked: Vec<Colour>,
    workers: usize,
    detonations: usize,
    stock_advances: usize,
    questions: usize,
}

fn count(state: &State, met: &[(u8, u8)]) -> Met {
    let mut out = Met {
        unlocked: vec![Colour::Black],
        ..Met::default()
    };
    for &(r, idx) in met {
        match state.components.railroads[usize::from(r)].specials[usize::from(idx)].special {
            Special::Unlock { colour } => out.unlocked.push(colour),
            Special::Worker {} => out.workers += 1,
            Special::Detonation {} => out.detonations += 1,
            Special::StockAdvance {} => out.stock_advances += 1,
            Special::Question {} => out.questions += 1,
            Special::CoinSpace { .. } | Special::TranscontinentalEnd {} => {}
        }
    }
    out.unlocked.sort_unstable();
    out.unlocked.dedup();
    out
}

/// Choices of `kind` the player has waiting (only the seat to act has any).
fn pending(state: &State, p: &Player, kind: Decision) -> usize {
    if state.phase.to_act() != Some(p.seat) {
        return 0;
    }
    state.turn.decisions.iter().filter(|d| **d == kind).count()
}

/// The "?" tokens spent: each a token of the components, once. Returns how many of them are of
/// each kind that counts elsewhere: (end-bonus card draws, stocks "?" tokens).
fn question_tokens(state: &State, i: usize, p: &Player, problems: &mut Problems) -> (usize, usize) {
    let c = &state.components;
    let mut seen = vec![false; c.question_tokens.len()];
    let mut once = super::Once::new();
    let (mut draws, mut stocks) = (0, 0);
    for (k, &t) in p.question_tokens.iter().enumerate() {
        let fresh = seen
            .get_mut(usize::from(t))
            .is_some_and(|s| !std::mem::replace(s, true));
        if !fresh {
            if !once.first(t) {
                continue;
            }
            problems.add(
                "question_tokens",
                format!("{}/question_tokens/{k}", player_at(i)),
                format!(
                    "{:?} spent \"?\" token {t}, which is not one of the {} tokens or is spent twice",
                    p.seat,
                    c.question_tokens.len()
                ),
            );
            continue;
        }
        match c.question_tokens[usize::from(t)] {
            QuestionToken::EndBonusCard {} => draws += 1,
            QuestionToken::Stock {} => stocks += 1,
            _ => {}
        }
    }
    (draws, stocks)
}

fn effects(
    state: &State,
    i: usize,
    p: &Player,
    met: &[(u8, u8)],
    (draws, stock_tokens): (usize, usize),
    problems: &mut Problems,
) {
    // Long: one independent check per way the specials' effects can be wrong, in order.
    let c = &state.components;
    let at = player_at(i);
    let who = p.seat;
    let kinds = count(state, met);
    let mut unlocked = p.unlocked.clone();
    unlocked.sort_unstable();
    if unlocked != kinds.unlocked {
        problems.add(
            "unlocked_colours",
            format!("{at}/unlocked"),
            format!(
                "{who:?} has unlocked {:?}; black and the unlock spaces met give {:?}",
                p.unlocked, kinds.unlocked
            ),
        );
    }
    let base = c
        .player_counts
        .iter()
        .find(|pc| usize::from(pc.players) == state.players.len())
        .map_or(0, |pc| usize::from(pc.workers));
    if usize::from(p.workers) != base + kinds.workers {
        problems.add(
            "workers",
            format!("{at}/workers"),
            format!(
                "{who:?} has {} workers; the rules give {base} at {} players and {} for the +1 worker spaces met",
                p.workers,
                state.players.len(),
                kinds.workers
            ),
        );
    }
    detonations(state, i, p, kinds.detonations, problems);
    // Stocks advancements from the spaces met, the coin spaces used and the stocks "?" token
    // (a factory's are not recorded: the level may be higher, never lower).
    let coin_advances = coin_spaces(state, i, p, met, problems);
    let advances = kinds.stock_advances + coin_advances + stock_tokens;
    let lowest = advances.min(usize::from(c.stock_levels));
    if usize::from(p.stock_level) < lowest {
        problems.add(
            "stock_level",
            format!("{at}/stock_level"),
            format!(
                "{who:?}'s stock marker is on level {}; the {advances} stocks advancements its board and tokens gave put it on {lowest} at least",
                p.stock_level
            ),
        );
    }
    // Each "?" space met spends a token (or asks for one), while any are left.
    let asked = p.question_tokens.len() + pending(state, p, Decision::QuestionToken {});
    let due = kinds.questions.min(c.question_tokens.len());
    if asked != due {
        problems.add(
            "question_tokens",
            format!("{at}/question_tokens"),
            format!(
                "{who:?} has spent or is choosing {asked} \"?\" tokens; the {} \"?\" spaces met give {due}",
                kinds.questions
            ),
        );
    }
    // The end-bonus card token draws the top card (none once the pile is empty).
    let held = p.end_bonus.len();
    if held > draws || (held < draws && !state.end_bonus_deck.is_empty()) {
        problems.add(
            "end_bonus_draws",
            format!("{at}/end_bonus"),
            format!(
                "{who:?} holds {held} end-bonus cards; the \"?\" tokens spent drew {draws} from a pile of {} left",
                state.end_bonus_deck.len()
            ),
        );
    }
}

/// A detonation met takes a boulder (one that scored its points) while any is left: with both
/// there, the choice may still be waiting.
fn detonations(state: &State, i: usize, p: &Player, met: usize, problems: &mut Problems) {
    let c = &state.components;
    let railroads = c
        .railroads
        .iter()
        .zip(&p.railroads)
        .filter(|(data, _)| data.boulder.is_some());
    let tracks = c
        .industry_tracks
        .iter()
        .zip(&p.industry)
        .filter(|(data, _)| {
            data.spaces
                .iter()
                .any(|s| matches!(s, IndustrySpace::Boulder { .. }))
        });
    let flags: Vec<bool> = railroads
        .map(|(_, r)| r.boulder)
        .chain(tracks.map(|(_, t)| t.boulder))
        .collect();
    let initial = flags.len();
    let gone = flags.iter().filter(|b| !**b).count();
    let asked = pending(state, p, Decision::Detonation {});
    let due = met.min(initial);
    if gone + asked != due {
        problems.add(
            "boulders",
            player_at(i),
            format!(
                "{:?} has {gone} boulders detonated and {asked} detonation choices waiting; the {met} detonation spaces met take {due}",
                p.seat
            ),
        );
    }
    let scored = u64::from(c.detonation_points) * due as u64;
    if u64::from(p.points) < scored {
        problems.add(
            "points",
            format!("{}/points", player_at(i)),
            format!(
                "{:?} has {} points; its {due} detonations alone scored {scored}",
                p.seat, p.points
            ),
        );
    }
}

/// The coin spaces used: each a coin space met, once. Returns how many gave a stocks
/// advancement.
fn coin_spaces(
    state: &State,
    i: usize,
    p: &Player,
    met: &[(u8, u8)],
    problems: &mut Problems,
) -> usize {
    let c = &state.components;
    let mut coin_spaces: HashMap<(u8, u8), (u8, Advantage)> = HashMap::new();
    for (r, railroad) in c.railroads.iter().enumerate() {
        for (idx, s) in railroad.specials.iter().enumerate() {
            if let Special::CoinSpace { advantage } = s.special {
                coin_spaces
                    .entry((r as u8, s.space))
                    .or_insert((idx as u8, advantage));
            }
        }
    }
    let mut seen = HashSet::new();
    let mut once = super::Once::new();
    let mut advances = 0;
    for (k, &(r, space)) in p.coin_spaces_done.iter().enumerate() {
        let used = coin_spaces
            .get(&(r, space))
            .filter(|(idx, _)| met.binary_search(&(r, *idx)).is_ok());
        match used {
            Some((_, advantage)) if seen.insert((r, space)) => {
                advances += usize::from(*advantage == Advantage::StockAdvance {});
            }
            _ if !once.first((r, space)) => {}
            _ => problems.add(
                "coin_spaces",
                format!("{}/coin_spaces_done/{k}", player_at(i)),
                format!(
                    "{:?} used the coin space on space {space} of railroad {r}: there is none, its track has not reached it, or it is used twice",
                    p.seat
                ),
            ),
        }
    }
    advances
}

/// Every end-bonus card is in one place: the pile, the cards removed unseen (as many as setup
/// removes), or a hand.
fn cards(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let mut seen = vec![false; c.end_bonus_cards.len()];
    let mut once = super::Once::new();
    let mut places: Vec<(String, &[u8])> = vec![
        ("/end_bonus_deck".to_string(), &state.end_bonus_deck),
        ("/end_bonus_removed".to_string(), &state.end_bonus_removed),
    ];
    for (i, p) in state.players.iter().enumerate() {
        places.push((format!("{}/end_bonus", player_at(i)), &p.end_bonus));
    }
    for (at, cards) in places {
        for (k, &card) in cards.iter().enumerate() {
            let fresh = seen
                .get_mut(usize::from(card))
                .is_some_and(|s| !std::mem::replace(s, true));
            if !fresh && once.first(card) {
                problems.add(
                    "end_bonus_cards",
                    format!("{at}/{k}"),
                    format!(
                        "end-bonus card {card} is not one of the {} cards or is in a second place",
                        c.end_bonus_cards.len()
                    ),
                );
            }
        }
    }
    let missing: Vec<usize> = (0..seen.len()).filter(|&card| !seen[card]).collect();
    if !missing.is_empty() {
        problems.add(
            "end_bonus_cards",
            "/end_bonus_deck",
            format!("end-bonus cards {missing:?} are nowhere"),
        );
    }
    if state.end_bonus_removed.len() != usize::from(c.end_bonus_removed) {
        problems.add(
            "end_bonus_cards",
            "/end_bonus_removed",
            format!(
                "{} end-bonus cards are removed unseen; setup removes {}",
                state.end_bonus_removed.len(),
                c.end_bonus_removed
            ),
        );
    }
}
