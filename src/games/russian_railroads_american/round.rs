//! The end of a round (rules #turn, #round, #end): the scoring, the turn-order workers' reuse,
//! the cleanup (workers back, the engineer strip slides, the new turn order), and after the
//! last round the end of the game.

use super::data::EndBonus;
use super::effects::turn_order_claims;
use super::event::{Event, FinalScore, RoundScore};
use super::industry;
use super::locomotives::STEELWORKS;
use super::scoring;
use super::state::{Phase, Player, Seat, State, Turn};
use super::stock;

/// One player's railroad scoring this round.
pub fn round_score(state: &State, player: &Player) -> RoundScore {
    let c = &state.components;
    let railroads: Vec<u32> = (0..c.railroads.len())
        .map(|r| scoring::railroad_points(c, player, r))
        .collect();
    let transcontinental = scoring::railroads_scoring(c, player) - railroads.iter().sum::<u32>();
    let industry: Vec<u32> = (0..c.industry_tracks.len())
        .map(|t| industry::points(c, player, t))
        .collect();
    let tokens = scoring::token_points(c, player);
    let total =
        railroads.iter().sum::<u32>() + transcontinental + industry.iter().sum::<u32>() + tokens;
    RoundScore {
        seat: player.seat,
        railroads,
        transcontinental,
        industry,
        tokens,
        total,
    }
}

/// Every player has passed: the scoring, then the reuse or the end.
pub fn end_of_round(state: &mut State, events: &mut Vec<Event>) {
    let scores: Vec<RoundScore> = state
        .players
        .iter()
        .map(|p| round_score(state, p))
        .collect();
    for s in &scores {
        let p = &mut state.players[s.seat.index()];
        p.points = p.points.saturating_add(s.total);
    }
    events.push(Event::RoundScored {
        round: state.round,
        scores,
    });
    if state.round >= rounds(state) {
        end_game(state, events);
        return;
    }
    // The 2nd-place claimant first, then the 1st.
    let mut claims = turn_order_claims(state);
    claims.sort_by_key(|&(place, _)| std::cmp::Reverse(place));
    next_reuse(state, claims.into_iter().map(|(_, s)| s).collect(), events);
}

pub fn rounds(state: &State) -> u8 {
    state
        .components
        .player_counts
        .iter()
        .find(|p| usize::from(p.players) == state.players.len())
        .map_or(0, |p| p.rounds)
}

/// The next turn-order worker's reuse, or the cleanup when none is left.
pub fn next_reuse(state: &mut State, mut queue: Vec<Seat>, events: &mut Vec<Event>) {
    state.turn = Turn::default();
    if queue.is_empty() {
        cleanup(state, events);
    } else {
        state.phase = Phase::WorkerReuse {
            to_act: queue.remove(0),
            next: queue,
        };
    }
}

/// The turn order of the next round: the claimants first, by place, the others as they were.
pub fn next_turn_order(state: &State) -> Vec<Seat> {
    let mut claims = turn_order_claims(state);
    claims.sort_by_key(|&(place, _)| place);
    let mut order: Vec<Seat> = claims.iter().map(|&(_, s)| s).collect();
    order.dedup();
    for &seat in &state.turn_order {
        if !order.contains(&seat) {
            order.push(seat);
        }
    }
    order
}

fn cleanup(state: &mut State, events: &mut Vec<Event>) {
    state.turn_order = next_turn_order(state);
    state.placements.clear();
    for p in &mut state.players {
        p.temporary_workers = 0;
        p.passed = false;
        p.engineers_used.clear();
    }
    // The strip slides right: an unhired engineer on the hiring place leaves the game.
    if let Some(Some(engineer)) = state.engineer_strip.pop() {
        state.engineers_gone.push(engineer);
        events.push(Event::EngineerLeft { engineer });
    }
    state.engineer_strip.insert(0, None);
    state.round += 1;
    state.turn = Turn::default();
    state.phase = Phase::Placement {
        to_act: state.turn_order[0],
    };
    events.push(Event::RoundStarted {
        round: state.round,
        turn_order: state.turn_order.clone(),
    });
}

/// The engineer majority: most engineers 40, second most 20; on equal counts the highest
/// engineer number ranks first; a player without engineers scores neither (rules #engineers).
pub fn engineer_majority(state: &State) -> Vec<(Seat, u32)> {
    let (first, second) = state.components.engineer_majority;
    let mut ranked: Vec<(Seat, usize, u8)> = state
        .players
        .iter()
        .filter(|p| !p.engineers.is_empty())
        .map(|p| {
            (
                p.seat,
                p.engineers.len(),
                p.engineers.iter().copied().max().unwrap_or(0),
            )
        })
        .collect();
    ranked.sort_by_key(|&(_, n, top)| (std::cmp::Reverse(n), std::cmp::Reverse(top)));
    ranked
        .into_iter()
        .zip([first, second])
        .map(|((seat, _, _), points)| (seat, points))
        .collect()
}

/// What a player's end-bonus cards score.
pub fn end_bonus_cards(state: &State, player: &Player) -> u32 {
    let c = &state.components;
    player
        .end_bonus
        .iter()
        .filter_map(|&i| c.end_bonus_cards.get(usize::from(i)))
        .map(|card| match *card {
            EndBonus::PerFactory { points } => {
                let factories = player
                    .industry
                    .iter()
                    .flat_map(|t| &t.factories)
                    .filter(|f| f.is_some_and(|n| n != STEELWORKS))
                    .count();
                points * factories as u32
            }
            EndBonus::PerEngineer { points } => points * player.engineers.len() as u32,
            EndBonus::PerCompletedRailroad { points } => {
                let completed = c
                    .railroads
                    .iter()
                    .zip(&player.railroads)
                    .filter(|(data, r)| r.tracks.iter().any(|t| t.space == data.spaces))
                    .count();
                points * completed as u32
            }
            EndBonus::PerDoubler { points } => {
                points
                    * player
                        .railroads
                        .iter()
                        .map(|r| r.doublers.len())
                        .sum::<usize>() as u32
            }
            EndBonus::PerStockLevel { points } => points * u32::from(player.stock_level),
            EndBonus::PerDividendToken { points } => {
                let chosen = state
                    .stock_levels
                    .iter()
                    .filter(|l| l.chosen_by == Some(player.seat))
                    .count();
                points * chosen as u32
            }
        })
        .sum()
}

/// After the last round's scoring: the majorities, the stocks end bonus, the end-bonus cards,
/// and the winners (tied players share the win).
fn end_game(state: &mut State, events: &mut Vec<Event>) {
    let majority = engineer_majority(state);
    let stock_bonus = stock::end_bonus(state);
    let mut scores = Vec::new();
    for i in 0..state.players.len() {
        let seat = state.players[i].seat;
        let of = |list: &[(Seat, u32)]| {
            list.iter()
                .filter(|(s, _)| *s == seat)
                .map(|(_, p)| *p)
                .sum::<u32>()
        };
        let engineer_majority = of(&majority);
        let stock = of(&stock_bonus);
        let cards = end_bonus_cards(state, &state.players[i]);
        let p = &mut state.players[i];
        p.points = p.points.saturating_add(engineer_majority + stock + cards);
        scores.push(FinalScore {
            seat,
            engineer_majority,
            stock_bonus: stock,
            end_bonus_cards: cards,
            points: p.points,
        });
    }
    let best = scores.iter().map(|s| s.points).max().unwrap_or(0);
    let winners = scores
        .iter()
        .filter(|s| s.points == best)
        .map(|s| s.seat)
        .collect();
    state.turn = Turn::default();
    state.phase = Phase::GameEnded {};
    events.push(Event::GameEnded { scores, winners });
}
