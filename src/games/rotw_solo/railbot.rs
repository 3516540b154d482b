//! The Railbot: Insurance, drawing and resolving its cards, and the choices they leave to the
//! player (pending decisions, answered before anything else).

use super::action::Action;
use super::data::{OpponentEffect, RailbotEffect};
use super::event::{Event, RemovalReason};
use super::goods::{demand, in_play, railbot_removes};
use super::map::Hex;
use super::network::connected;
use super::rules::{income, lose, pay, score, section, violation};
use super::state::{Decision, Owner, Phase, State};
use super::track::{add_link, city_hex, is_taken};
use super::turn::{RAILBOT_AFTER, action_done, railbot_acts, trigger_end};
use crate::core::Violation;

/// Insurance: both first actions of the turn, a token on row card 1 or 2.
pub fn insure(state: &mut State, taken: u8, slot: u8) -> Result<Vec<Event>, Violation> {
    let refuse = |code: &str, message: &str| Err(violation(code, section::INSURANCE, message));
    if taken != 0 {
        return refuse(
            "insurance_takes_two_actions",
            "Insurance is both first actions of a turn",
        );
    }
    if !(1..=2).contains(&slot) || usize::from(slot) > state.railbot.row.len() {
        return refuse(
            "no_such_slot",
            "Insurance goes on the first or second card of the row",
        );
    }
    if state.railbot.insurance.is_some() {
        return refuse(
            "insurance_in_play",
            "the Insurance token is already on a card",
        );
    }
    state.railbot.insurance = Some(state.railbot.row[usize::from(slot) - 1]);
    let mut events = vec![Event::InsurancePlaced { slot }];
    action_done(state, RAILBOT_AFTER - 1, &mut events);
    Ok(events)
}

/// After the player's second action: the top card is drawn, and the row card in its slot is
/// resolved (or nullified by Insurance); the drawn card joins the row on the right.
pub fn act(state: &mut State, events: &mut Vec<Event>) {
    if !railbot_acts(state) || state.railbot.deck.is_empty() {
        return;
    }
    let drawn = state.railbot.deck.remove(0);
    events.push(Event::RailbotCardDrawn { card: drawn });
    let card = state.components.railbot_deck[usize::from(drawn)].clone();
    if card.effect == (RailbotEffect::FinalEvaluation {}) {
        state.railbot.discard.push(drawn);
        trigger_end(state, "the Final Evaluation card is drawn", events);
        return;
    }
    let slot = card.slot.clamp(1, state.railbot.row.len().max(1) as u8);
    let place = usize::from(slot) - 1;
    let mut decisions = Vec::new();
    if place < state.railbot.row.len() {
        let resolved = state.railbot.row.remove(place);
        if state.railbot.insurance == Some(resolved) {
            state.railbot.insurance = None;
            state.railbot.discard.push(resolved);
            events.push(Event::InsuranceUsed { card: resolved });
        } else {
            events.push(Event::RailbotCardResolved {
                card: resolved,
                slot,
            });
            decisions = resolve(state, resolved, events);
        }
    }
    state.railbot.row.push(drawn);
    settle(state, decisions, events);
}

/// A row card's effect and icons; what is left for the player to choose.
fn resolve(state: &mut State, card: u8, events: &mut Vec<Event>) -> Vec<Decision> {
    let data = state.components.railbot_deck[usize::from(card)].clone();
    let mut decisions = Vec::new();
    match &data.effect {
        RailbotEffect::BuildingLinks { cities } => {
            let cities: Vec<Option<u8>> = cities
                .iter()
                .map(|name| state.components.city(name).map(|i| i as u8))
                .collect();
            for pair in cities.windows(2) {
                if let [Some(a), Some(b)] = pair
                    && in_play(state, *a)
                    && in_play(state, *b)
                {
                    decisions.extend(building_link(state, *a, *b, events));
                }
            }
        }
        RailbotEffect::Deadhead {} => super::operations::deadhead(state, card, events),
        RailbotEffect::Taxation {} => {
            let amount = 2 * u32::try_from(income(state).max(0)).unwrap_or(0);
            events.push(Event::TaxationPaid { amount });
            pay(state, amount, events);
        }
        RailbotEffect::ExhaustGoods { colour } => {
            for _ in 0..state.components.base_exhaust {
                decisions.push(Decision::ExhaustCube { colour: *colour });
            }
        }
        RailbotEffect::FinalEvaluation {} => {}
    }
    if !matches!(data.effect, RailbotEffect::Deadhead {}) {
        state.railbot.discard.push(card);
    }
    if data.major_line_icon {
        decisions.push(Decision::GiveMajorLine {});
    }
    if data.baron_icon && state.duel_barons_variant {
        decisions.push(Decision::GiveBaron {});
    }
    decisions
}

/// One pair of a Building Links card: a link by the cheapest path if the cities are not
/// connected; otherwise a cube leaves the first city (a point first if every path between them
/// uses a player's link).
fn building_link(state: &mut State, a: u8, b: u8, events: &mut Vec<Event>) -> Option<Decision> {
    if !connected(state, a, b, |_| true) {
        let map = state.components.map();
        let free = |hex: Hex| !is_taken(state, hex);
        let path = map.cheapest_path(
            &state.components.track_costs,
            city_hex(state, a),
            city_hex(state, b),
            free,
        )?;
        add_link(state, Owner::Railbot, a, b, path.hexes, 0, events);
        return None;
    }
    if !connected(state, a, b, |o| o == Owner::Railbot) {
        score(
            state,
            1,
            "every path the Railbot found uses a player's link",
            events,
        );
    }
    let wanted = demand(state, b).filter(|c| state.city_cubes[usize::from(a)].contains(c));
    Some(Decision::RemoveCube {
        city: a,
        colour: wanted,
    })
}

/// The answers a decision allows.
pub fn options(state: &State, decision: &Decision) -> Vec<Action> {
    let cubes_of = |city: u8| {
        let mut colours = state
            .city_cubes
            .get(usize::from(city))
            .cloned()
            .unwrap_or_default();
        colours.sort();
        colours.dedup();
        colours
            .into_iter()
            .map(move |colour| Action::RemoveCube { city, colour })
    };
    let cities = 0..state.city_cubes.len() as u8;
    match decision {
        Decision::RemoveCube { city, colour } => cubes_of(*city)
            .filter(|a| match (a, colour) {
                (Action::RemoveCube { colour: c, .. }, Some(wanted)) => c == wanted,
                _ => true,
            })
            .collect(),
        Decision::ExhaustCube { colour } => cities
            .flat_map(cubes_of)
            .filter(|a| matches!(a, Action::RemoveCube { colour: c, .. } if c == colour))
            .collect(),
        Decision::RemoveAnyCube {} => cities.flat_map(cubes_of).collect(),
        Decision::GiveMajorLine {} => (0..state.major_lines.len() as u8)
            .filter(|&l| {
                state.major_lines[usize::from(l)].is_none()
                    && state.components.major_lines[usize::from(l)].in_play
            })
            .map(|line| Action::GiveMajorLine { line })
            .collect(),
        Decision::GiveBaron {} => (0..state.barons.len() as u8)
            .filter(|&b| state.barons[usize::from(b)].claimed_by.is_none())
            .map(|baron| Action::GiveBaron { baron })
            .collect(),
    }
}

/// Pending decisions: those with one answer or none are settled at once; the first with a
/// real choice waits for the player.
fn settle(state: &mut State, mut decisions: Vec<Decision>, events: &mut Vec<Event>) {
    while let Some(decision) = decisions.first().cloned() {
        let answers = options(state, &decision);
        match answers.len() {
            0 => {
                decisions.remove(0);
            }
            1 => {
                decisions.remove(0);
                let more = carry_out(state, &decision, &answers[0], events);
                decisions.splice(0..0, more);
            }
            _ => {
                state.decisions = decisions;
                state.phase = Phase::Railbot {};
                return;
            }
        }
    }
    state.decisions.clear();
    if let Phase::Railbot { .. } = state.phase {
        state.phase = Phase::Actions {
            taken: RAILBOT_AFTER,
        };
    }
}

/// The pending decisions settled again after something changed their answers (a Duel Baron
/// claimed meanwhile): one with a single answer is made at once, one with none is skipped.
pub fn resettle(state: &mut State, events: &mut Vec<Event>) {
    let decisions = std::mem::take(&mut state.decisions);
    settle(state, decisions, events);
}

/// The player's answer to the first pending decision.
pub fn answer(state: &mut State, action: &Action) -> Result<Vec<Event>, Violation> {
    if !matches!(state.phase, Phase::Railbot { .. }) || state.decisions.is_empty() {
        return Err(violation(
            "no_decision",
            section::RAILBOT,
            "nothing is pending",
        ));
    }
    let mut decisions = state.decisions.clone();
    let decision = decisions.remove(0);
    if !options(state, &decision).contains(action) {
        return Err(violation(
            "not_an_answer",
            section::RAILBOT,
            format!("the Railbot's card waits for an answer to {decision:?}; that is not one"),
        ));
    }
    let mut events = Vec::new();
    let more = carry_out(state, &decision, action, &mut events);
    decisions.splice(0..0, more);
    state.phase = Phase::Railbot {};
    settle(state, decisions, &mut events);
    Ok(events)
}

/// Carries out an allowed answer; returns decisions it adds (a Baron's opponent effect).
fn carry_out(
    state: &mut State,
    decision: &Decision,
    answer: &Action,
    events: &mut Vec<Event>,
) -> Vec<Decision> {
    match answer {
        Action::RemoveCube { city, colour } => {
            let reason = match decision {
                Decision::ExhaustCube { .. } => RemovalReason::ExhaustGoods,
                Decision::RemoveAnyCube {} => RemovalReason::OpponentEffect,
                _ => RemovalReason::BuildingLinks,
            };
            railbot_removes(state, *city, *colour, reason, events);
            Vec::new()
        }
        Action::GiveMajorLine { line } => {
            state.major_lines[usize::from(*line)] = Some(Owner::Railbot);
            events.push(Event::MajorLineClaimed {
                line: *line,
                by: Owner::Railbot,
            });
            Vec::new()
        }
        Action::GiveBaron { baron } => {
            state.barons[usize::from(*baron)].claimed_by = Some(Owner::Railbot);
            let data =
                &state.components.duel_barons[usize::from(state.barons[usize::from(*baron)].baron)];
            let effect = data.opponent_effect.clone();
            events.push(Event::DuelBaronClaimed {
                baron: *baron,
                by: Owner::Railbot,
            });
            match effect {
                OpponentEffect::LosePoints { points } => {
                    lose(state, points, "a Duel Baron's opponent effect", events);
                    Vec::new()
                }
                OpponentEffect::Pay { amount } => {
                    pay(state, amount, events);
                    Vec::new()
                }
                OpponentEffect::RemoveCubes { cubes } => {
                    vec![Decision::RemoveAnyCube {}; usize::from(cubes)]
                }
            }
        }
        _ => Vec::new(),
    }
}
