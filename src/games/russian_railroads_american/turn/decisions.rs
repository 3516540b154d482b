//! The choices a turn waits for (docs/rules/russian-railroads-american.md#turn, #specials,
//! #stock-market): made before anything else, each answering the decision pending.

use crate::core::Violation;
use crate::games::russian_railroads_american::action::Action;
use crate::games::russian_railroads_american::event::Event;
use crate::games::russian_railroads_american::locomotives::all_slots_full;
use crate::games::russian_railroads_american::rules::{refuse, section};
use crate::games::russian_railroads_american::state::{Decision, Seat, State};
use crate::games::russian_railroads_american::{effects, specials};

/// The answer to the oldest waiting choice.
#[expect(
    clippy::too_many_lines,
    reason = "one arm per pending decision and the answer it takes."
)]
pub(super) fn decide(
    state: &mut State,
    seat: Seat,
    decision: Decision,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    let waiting = || {
        refuse(
            "decision_pending",
            section::TURN,
            format!("a choice is waiting first: {decision:?}"),
        )
    };
    match (decision, action) {
        (
            Decision::DividendToken { level, then_payout },
            Action::ChooseDividendToken { token, .. },
        ) => {
            let at = state
                .dividend_tokens
                .iter()
                .position(|t| t == token)
                .ok_or_else(|| {
                    refuse(
                        "token_taken",
                        section::STOCK_MARKET,
                        format!("dividend token {token} is not by the stocks board"),
                    )
                })?;
            state.turn.decisions.remove(0);
            state.dividend_tokens.remove(at);
            let l = &mut state.stock_levels[usize::from(level) - 1];
            l.token = Some(*token);
            l.chosen_by = Some(seat);
            events.push(Event::DividendTokenTaken {
                seat,
                level,
                token: *token,
            });
            let advantage = state.components.dividend_tokens[usize::from(*token)];
            effects::grant(state, seat, advantage, events);
            if then_payout {
                effects::payout(state, seat, false, events);
            }
        }
        (Decision::QuestionToken {}, Action::ChooseQuestionToken { token, .. }) => {
            let p = &state.players[seat.index()];
            if usize::from(*token) >= state.components.question_tokens.len()
                || p.question_tokens.contains(token)
            {
                return Err(refuse(
                    "token_spent",
                    section::SPECIALS,
                    format!("\"?\" token {token} is not among the player's tokens left"),
                ));
            }
            state.turn.decisions.remove(0);
            question_token(state, seat, *token, events);
        }
        (
            Decision::Detonation {},
            Action::Detonate {
                railroad,
                industry_track,
                ..
            },
        ) => {
            let p = &state.players[seat.index()];
            if !specials::boulders(&state.components, p).contains(&(*railroad, *industry_track)) {
                return Err(refuse(
                    "no_boulder",
                    section::SPECIALS,
                    "no boulder is there",
                ));
            }
            state.turn.decisions.remove(0);
            specials::remove_boulder(&mut state.players[seat.index()], *railroad, *industry_track);
            events.push(Event::BoulderDetonated {
                seat,
                railroad: *railroad,
                industry_track: *industry_track,
            });
        }
        (
            Decision::DisplacedLocomotive { number },
            Action::PlaceLocomotive {
                railroad, replaces, ..
            },
        ) => {
            state.turn.decisions.remove(0);
            effects::place_locomotive(state, seat, number, *railroad, *replaces, events)?;
        }
        (Decision::DisplacedLocomotive { number }, Action::ReturnLocomotive { .. }) => {
            if !all_slots_full(&state.components, &state.players[seat.index()]) {
                return Err(refuse(
                    "slot_free",
                    section::LOCOMOTIVES,
                    "a replaced locomotive returns to the supply only when every slot is full",
                ));
            }
            state.turn.decisions.remove(0);
            state.returned_factories.push(number);
            events.push(Event::LocomotiveReturned { seat, number });
        }
        (Decision::Steelworks { .. }, Action::PlaceSteelworks { track, replace, .. }) => {
            state.turn.decisions.remove(0);
            effects::place_factory(
                state,
                seat,
                crate::games::russian_railroads_american::locomotives::STEELWORKS,
                *track,
                *replace,
                events,
            )?;
        }
        (Decision::Steelworks { steelworks }, Action::DiscardSteelworks { .. }) => {
            state.turn.decisions.remove(0);
            events.push(Event::SteelworksDiscarded { seat, steelworks });
        }
        _ => return Err(waiting()),
    }
    Ok(())
}

/// A "?" token spent: its effect.
fn question_token(state: &mut State, seat: Seat, token: u8, events: &mut Vec<Event>) {
    use crate::games::russian_railroads_american::data::QuestionToken;
    state.players[seat.index()].question_tokens.push(token);
    events.push(Event::QuestionTokenSpent { seat, token });
    match state.components.question_tokens[usize::from(token)] {
        QuestionToken::EndBonusCard {} => {
            if !state.end_bonus_deck.is_empty() {
                let card = state.end_bonus_deck.remove(0);
                state.players[seat.index()].end_bonus.push(card);
                events.push(Event::EndBonusCardDrawn { seat });
            }
        }
        QuestionToken::Stock {} => {
            // One level up with its advantage (at the top that is a payout), then a payout. A
            // new level's token is chosen first: the payout waits for it, to include it.
            let waiting = state.turn.decisions.len();
            effects::stock_advance(state, seat, events);
            match state.turn.decisions.get_mut(waiting) {
                Some(Decision::DividendToken { then_payout, .. }) => *then_payout = true,
                _ => effects::payout(state, seat, false, events),
            }
        }
        // Scored from now on (scoring.rs reads the spent tokens).
        QuestionToken::PointsEachScoring { .. }
        | QuestionToken::Revaluation {}
        | QuestionToken::GoldenSpike {} => {}
    }
}
