//! The round: the round number; the placements against the action spaces (in play, what they
//! cost in workers and coins, blocked once used, one turn-order claim each); the workers each
//! player placed against those they have, and the temporary workers against what the round's
//! placements and engineers gave; the phase; the choices waiting.

use super::{Problems, player_at};
use crate::games::russian_railroads_american::data::SpaceEffect;
use crate::games::russian_railroads_american::effects::{engineer_action, public_engineer};
use crate::games::russian_railroads_american::round::rounds;
use crate::games::russian_railroads_american::specials::boulders;
use crate::games::russian_railroads_american::state::{Decision, Phase, State};

pub(super) fn check(state: &State, problems: &mut Problems) {
    let last = rounds(state);
    if state.round == 0 || state.round > last {
        problems.add(
            "round",
            "/round",
            format!("round {} of {last}", state.round),
        );
    }
    placements(state, problems);
    workers(state, problems);
    phase(state, problems);
    decisions(state, problems);
}

/// Each placement is on a space in play, paid as the space costs (a coin standing in for a
/// worker only where no coin is paid), on a space not used before this round unless it is
/// never blocked; a seat claims one turn-order place, never the one it holds (but at 2).
fn placements(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let n = state.players.len();
    let mut used = vec![false; c.action_spaces.len()];
    let mut claimed = [false; 4];
    // One problem of each kind for each space (and claim for each seat).
    let mut once = super::Once::new();
    for (k, pl) in state.placements.iter().enumerate() {
        let at = format!("/placements/{k}");
        let Some(space) = c
            .action_spaces
            .get(usize::from(pl.space))
            .filter(|s| usize::from(s.min_players) <= n)
        else {
            if once.first(("off", pl.space)) {
                problems.add(
                    "placements",
                    at,
                    format!("a placement is on space {}, which is not in play", pl.space),
                );
            }
            continue;
        };
        let paid = pl.workers <= space.workers
            && u16::from(pl.workers) + u16::from(pl.coins)
                == u16::from(space.workers) + u16::from(space.coins)
            && (space.coins == 0 || pl.workers == space.workers);
        if !paid && once.first(("cost", pl.space)) {
            problems.add(
                "placements",
                at.clone(),
                format!(
                    "{:?} placed {} workers and {} coins on {}, which takes {} workers and {} coins (a coin for a worker only where no coin is paid)",
                    pl.seat, pl.workers, pl.coins, space.id, space.workers, space.coins
                ),
            );
        }
        if !space.unlimited
            && std::mem::replace(&mut used[usize::from(pl.space)], true)
            && once.first(("twice", pl.space))
        {
            problems.add(
                "placements",
                at.clone(),
                format!("{} is used twice this round", space.id),
            );
        }
        if let SpaceEffect::TurnOrder { place } = space.effect {
            let held = state.turn_position(pl.seat) + 1 == usize::from(place) && n > 2;
            let again = std::mem::replace(&mut claimed[pl.seat.index()], true);
            if (held || again) && once.first(("claim", pl.seat.index() as u8)) {
                problems.add(
                    "placements",
                    at,
                    format!(
                        "{:?} claims turn-order place {place}: a second claim this round, or the place it holds",
                        pl.seat
                    ),
                );
            }
        }
    }
}

/// What a placement's space gives in temporary workers (a public engineer's own action
/// included: the strip does not move within a round).
fn temporary_from(state: &State, effect: &SpaceEffect) -> usize {
    match effect {
        SpaceEffect::TemporaryWorkers { workers } => usize::from(*workers),
        SpaceEffect::PublicEngineer { place } => public_engineer(state, *place)
            .and_then(|n| engineer_action(state, n).ok())
            .map_or(0, |action| temporary_from(state, &action)),
        _ => 0,
    }
}

/// The workers each player placed this round are at most those they have (in the reuse, the
/// turn-order worker is placed again); their temporary workers are exactly what this round's
/// placements and engineers gave.
fn workers(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let reuse = matches!(
        state.phase,
        Phase::WorkerReuse { .. } | Phase::Payout { resume: None, .. }
    );
    let n = state.players.len();
    let mut placed = vec![0usize; n];
    let mut temporary = vec![0usize; n];
    let mut claimant = vec![false; n];
    for pl in &state.placements {
        let Some(space) = c.action_spaces.get(usize::from(pl.space)) else {
            continue;
        };
        let i = pl.seat.index();
        placed[i] += usize::from(pl.workers);
        temporary[i] += temporary_from(state, &space.effect);
        claimant[i] |= matches!(space.effect, SpaceEffect::TurnOrder { .. });
    }
    for (i, p) in state.players.iter().enumerate() {
        let engineers: usize = p
            .engineers_used
            .iter()
            .filter_map(|&e| engineer_action(state, e).ok())
            .map(|action| temporary_from(state, &action))
            .sum();
        let due = temporary[i] + engineers;
        if usize::from(p.temporary_workers) != due {
            problems.add(
                "temporary_workers",
                format!("{}/temporary_workers", player_at(i)),
                format!(
                    "{:?} has {} temporary workers; this round's placements and engineers gave {due}",
                    p.seat, p.temporary_workers
                ),
            );
        }
        let have = usize::from(p.workers)
            + usize::from(p.temporary_workers)
            + usize::from(reuse && claimant[i]);
        if placed[i] > have {
            problems.add(
                "workers_placed",
                "/placements",
                format!(
                    "{:?} placed {} workers this round; it has {have}",
                    p.seat, placed[i]
                ),
            );
        }
    }
}

fn phase(state: &State, problems: &mut Problems) {
    let round_over = matches!(
        state.phase,
        Phase::WorkerReuse { .. } | Phase::Payout { resume: None, .. } | Phase::GameEnded {}
    );
    for (i, p) in state.players.iter().enumerate() {
        let to_act = state.phase.to_act() == Some(p.seat);
        let wrong = match state.phase {
            Phase::StartingBonuses { .. } => p.passed,
            Phase::Placement { .. } => to_act && p.passed,
            _ => round_over && !p.passed,
        };
        if wrong {
            problems.add(
                "phase",
                format!("{}/passed", player_at(i)),
                format!(
                    "{:?} has {}passed {}",
                    p.seat,
                    if p.passed { "" } else { "not " },
                    match state.phase {
                        Phase::StartingBonuses { .. } => "before round 1",
                        Phase::Placement { .. } => "and is to place",
                        _ => "after every player passed",
                    }
                ),
            );
        }
    }
    let turn = &state.turn;
    match &state.phase {
        Phase::StartingBonuses { .. } => {
            if state.round != 1 || !state.placements.is_empty() {
                problems.add(
                    "phase",
                    "/phase",
                    "the starting bonuses are taken before round 1's first placement".to_string(),
                );
            }
            if !turn.acted && state.starting_bonuses.is_empty() {
                problems.add(
                    "phase",
                    "/starting_bonuses",
                    "a player is to take a starting bonus but none is left".to_string(),
                );
            }
        }
        Phase::Payout { .. } if turn.acted => problems.add(
            "phase",
            "/turn/acted",
            "a payout has no direct action".to_string(),
        ),
        Phase::GameEnded {}
            if !turn.pool.is_empty()
                || !turn.decisions.is_empty()
                || !turn.general_payouts.is_empty() =>
        {
            problems.add(
                "phase",
                "/turn",
                "the game has ended with a turn open".to_string(),
            )
        }
        _ => {}
    }
}

/// The choices waiting can be made by the seat to act.
fn decisions(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let Some(seat) = state.phase.to_act() else {
        return;
    };
    let p = &state.players[seat.index()];
    let mut once = super::Once::new();
    for (k, d) in state.turn.decisions.iter().enumerate() {
        let fine = match *d {
            Decision::DividendToken { level, .. } => {
                (1..=c.stock_levels).contains(&level)
                    && p.stock_level >= level
                    && state
                        .stock_levels
                        .get(usize::from(level) - 1)
                        .is_some_and(|l| l.token.is_none())
                    && !state.dividend_tokens.is_empty()
            }
            Decision::QuestionToken {} => p.question_tokens.len() < c.question_tokens.len(),
            Decision::Detonation {} => !boulders(c, p).is_empty(),
            Decision::DisplacedLocomotive { number } => {
                c.locomotives.iter().any(|l| l.number == number)
            }
            Decision::Steelworks { steelworks } => {
                state.steelworks.get(usize::from(steelworks)) == Some(&Some(seat))
            }
        };
        if !fine && once.first(format!("{d:?}")) {
            problems.add(
                "decision",
                format!("/turn/decisions/{k}"),
                format!("{seat:?} cannot make the choice waiting: {d:?}"),
            );
        }
    }
}
