//! The Railbot's and the Operations cards: every card in one place; the Railbot's row of three
//! with the Insurance token on one of its cards, the three cards removed unseen (with the card
//! icon), the draw pile one card shorter for each Railbot turn so far, the Final Evaluation
//! among its bottom three until drawn (and the end triggered once it is); the Operations pile
//! one card shorter for each turn ended, the cards out of the game those setup removed, the
//! display no longer than its size with its Deadheads at the far end.

use super::{Problems, each_once, listed};
use crate::games::rotw_solo::data::{OperationsEffect, RailbotEffect};
use crate::games::rotw_solo::rules::section;
use crate::games::rotw_solo::setup::{
    FINAL_EVALUATION_AMONG, REMOVED_UNSEEN, ROW, SERVICE_BOUNTIES_SHOWN,
};
use crate::games::rotw_solo::state::{DisplayCard, Phase, State};
use crate::games::rotw_solo::turn::{RAILBOT_AFTER, railbot_acts};

pub(super) fn check(state: &State, problems: &mut Problems) {
    railbot(state, problems);
    operations(state, problems);
}

fn deadheads(state: &State) -> impl Iterator<Item = (u8, String)> + '_ {
    state
        .operations
        .display
        .iter()
        .enumerate()
        .filter_map(|(k, d)| match d {
            DisplayCard::Deadhead { card } => {
                Some((*card, format!("/operations/display/{k}/card")))
            }
            DisplayCard::Operations { .. } => None,
        })
}

/// The Railbot's cards drawn so far: one in every turn before this one (the last turn, without
/// the Railbot, is never before another), and this turn's once its second action is done.
fn railbot_draws(state: &State) -> usize {
    let this_turn = railbot_acts(state)
        && match state.phase {
            Phase::Actions { taken } | Phase::Building { taken, .. } => taken >= RAILBOT_AFTER,
            Phase::Railbot {} => true,
            Phase::GameEnded { .. } => false,
        };
    usize::try_from(state.turn.saturating_sub(1))
        .unwrap_or(usize::MAX)
        .saturating_add(usize::from(this_turn))
}

fn railbot(state: &State, problems: &mut Problems) {
    // Long: one independent check per way the Railbot's cards can be wrong, in order.
    let c = &state.components;
    let r = &state.railbot;
    let cards = listed("/railbot/deck", &r.deck)
        .chain(listed("/railbot/row", &r.row))
        .chain(listed("/railbot/discard", &r.discard))
        .chain(listed("/railbot/removed_unseen", &r.removed_unseen))
        .chain(deadheads(state));
    let (twice, missing) = each_once(cards, c.railbot_deck.len());
    for at in twice {
        problems.add(
            "railbot_cards",
            section::RAILBOT,
            at,
            "this Railbot card is unknown or in a second place".to_string(),
        );
    }
    if !missing.is_empty() {
        problems.add(
            "railbot_cards",
            section::RAILBOT,
            "/railbot/deck",
            format!("Railbot cards {missing:?} are nowhere"),
        );
    }
    for (card, at) in deadheads(state) {
        let deadhead = c
            .railbot_deck
            .get(usize::from(card))
            .is_some_and(|data| data.effect == RailbotEffect::Deadhead {});
        if !deadhead {
            problems.add(
                "deadhead",
                section::RAILBOT,
                at,
                format!("a Deadhead place holds Railbot card {card}, which is no Deadhead"),
            );
        }
    }
    if r.row.len() != ROW {
        problems.add(
            "railbot_row",
            section::RAILBOT,
            "/railbot/row",
            format!("the row holds {} cards; it holds {ROW}", r.row.len()),
        );
    }
    if r.insurance.is_some_and(|card| !r.row.contains(&card)) {
        problems.add(
            "railbot_row",
            section::INSURANCE,
            "/railbot/insurance",
            "the Insurance token lies on a card not in the row".to_string(),
        );
    }
    // Setup removes three cards with the card icon, never the Final Evaluation, unseen.
    let unseen_fine = r.removed_unseen.len() == REMOVED_UNSEEN
        && r.removed_unseen.iter().all(|&card| {
            c.railbot_deck.get(usize::from(card)).is_some_and(|data| {
                data.card_icon && data.effect != RailbotEffect::FinalEvaluation {}
            })
        });
    if !unseen_fine {
        problems.add(
            "railbot_removed",
            section::RAILBOT,
            "/railbot/removed_unseen",
            format!(
                "the cards removed unseen are {:?}: setup removes {REMOVED_UNSEEN} with the card icon, not the Final Evaluation",
                r.removed_unseen
            ),
        );
    }
    let initial = c.railbot_deck.len().saturating_sub(REMOVED_UNSEEN + ROW);
    let draws = railbot_draws(state);
    let expected = initial.saturating_sub(draws);
    if r.deck.len() != expected {
        problems.add(
            "railbot_deck",
            section::RAILBOT,
            "/railbot/deck",
            format!(
                "the Railbot's pile holds {} cards; it starts with {initial} and the Railbot has drawn {draws} by turn {}, leaving {expected}",
                r.deck.len(),
                state.turn
            ),
        );
    }
    final_evaluation(state, problems);
}

/// The Final Evaluation lies among the bottom cards of the pile until it is drawn, which
/// triggers the end; it never reaches the row.
fn final_evaluation(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let r = &state.railbot;
    let is_final = |card: &u8| {
        c.railbot_deck
            .get(usize::from(*card))
            .is_some_and(|d| d.effect == RailbotEffect::FinalEvaluation {})
    };
    let bottom = r.deck.len().saturating_sub(FINAL_EVALUATION_AMONG + 1);
    let in_deck = r.deck.iter().position(is_final);
    if let Some(at) = in_deck.filter(|&at| at < bottom) {
        problems.add(
            "final_evaluation",
            section::RAILBOT,
            format!("/railbot/deck/{at}"),
            format!(
                "the Final Evaluation is card {} of a pile of {}: it lies among the bottom {}",
                at + 1,
                r.deck.len(),
                FINAL_EVALUATION_AMONG + 1
            ),
        );
    }
    if let Some(k) = r.discard.iter().position(is_final)
        && state.last_turn.is_none()
    {
        problems.add(
            "final_evaluation",
            section::END,
            format!("/railbot/discard/{k}"),
            "the Final Evaluation is drawn but the end is not triggered".to_string(),
        );
    }
    if let Some(k) = r.row.iter().position(is_final) {
        problems.add(
            "final_evaluation",
            section::RAILBOT,
            format!("/railbot/row/{k}"),
            "the Final Evaluation never reaches the row".to_string(),
        );
    }
}

#[expect(
    clippy::too_many_lines,
    reason = "one independent check per way the Operations cards can be wrong, in order."
)]
fn operations(state: &State, problems: &mut Problems) {
    let c = &state.components;
    let o = &state.operations;
    let shown = o.display.iter().enumerate().filter_map(|(k, d)| match d {
        DisplayCard::Operations { card } => Some((*card, format!("/operations/display/{k}/card"))),
        DisplayCard::Deadhead { .. } => None,
    });
    let cards = listed("/operations/deck", &o.deck)
        .chain(listed("/operations/taken", &o.taken))
        .chain(listed("/operations/discard", &o.discard))
        .chain(listed("/operations/out_of_game", &o.out_of_game))
        .chain(shown);
    let (twice, missing) = each_once(cards, c.operations_deck.len());
    for at in twice {
        problems.add(
            "operations_cards",
            section::OPERATIONS,
            at,
            "this Operations card is unknown or in a second place".to_string(),
        );
    }
    if !missing.is_empty() {
        problems.add(
            "operations_cards",
            section::OPERATIONS,
            "/operations/deck",
            format!("Operations cards {missing:?} are nowhere"),
        );
    }
    let size = usize::from(c.operations_display_size);
    if o.display.len() > size {
        problems.add(
            "display_overfull",
            section::OPERATIONS,
            "/operations/display",
            format!(
                "the Operations display holds {} cards; it holds {size}",
                o.display.len()
            ),
        );
    }
    // A Deadhead takes the furthest place; new cards come in at the near end.
    let first_deadhead = o
        .display
        .iter()
        .position(|d| matches!(d, DisplayCard::Deadhead { .. }));
    if let Some(first) = first_deadhead
        && let Some(k) = o.display[first..]
            .iter()
            .position(|d| matches!(d, DisplayCard::Operations { .. }))
    {
        problems.add(
            "deadhead",
            section::OPERATIONS,
            format!("/operations/display/{}", first + k),
            "an Operations card lies beyond a Deadhead: Deadheads take the furthest places"
                .to_string(),
        );
    }
    let kind = |card: u8| c.operations_deck.get(usize::from(card)).map(|d| &d.effect);
    // Out of the game: the start cards and the Service Bounties not shown at setup.
    let bounties = c
        .operations_deck
        .iter()
        .filter(|d| matches!(d.effect, OperationsEffect::ServiceBounty { .. }))
        .count();
    let starts = c
        .operations_deck
        .iter()
        .filter(|d| d.effect == OperationsEffect::Start {})
        .count();
    let out_bounties = o
        .out_of_game
        .iter()
        .filter(|&&card| matches!(kind(card), Some(OperationsEffect::ServiceBounty { .. })))
        .count();
    let out_starts = o
        .out_of_game
        .iter()
        .filter(|&&card| kind(card) == Some(&OperationsEffect::Start {}))
        .count();
    if out_starts != starts
        || out_bounties + SERVICE_BOUNTIES_SHOWN != bounties
        || o.out_of_game.len() != out_starts + out_bounties
    {
        problems.add(
            "operations_out",
            section::OPERATIONS,
            "/operations/out_of_game",
            format!(
                "out of the game: {out_starts} start cards and {out_bounties} Service Bounties of {}; setup puts out the {starts} start cards and all Service Bounties but the {SERVICE_BOUNTIES_SHOWN} shown",
                o.out_of_game.len()
            ),
        );
    }
    // The pile holds the cards dealt from: no bounty and no start card; one goes to the display
    // at each turn's end.
    if let Some(k) = o.deck.iter().position(|&card| {
        matches!(
            kind(card),
            Some(OperationsEffect::ServiceBounty { .. } | OperationsEffect::Start {})
        )
    }) {
        problems.add(
            "operations_deck",
            section::OPERATIONS,
            format!("/operations/deck/{k}"),
            "a Service Bounty or a start card is in the Operations pile".to_string(),
        );
    }
    let initial = c
        .operations_deck
        .len()
        .saturating_sub(bounties + starts + 1);
    let ended = usize::try_from(state.turn.saturating_sub(1))
        .unwrap_or(usize::MAX)
        .saturating_add(usize::from(matches!(state.phase, Phase::GameEnded { .. })));
    let expected = initial.saturating_sub(ended);
    if o.deck.len() != expected {
        problems.add(
            "operations_deck",
            section::OPERATIONS,
            "/operations/deck",
            format!(
                "the Operations pile holds {} cards; it starts with {initial} and {ended} turns have ended, each dealing one, leaving {expected}",
                o.deck.len()
            ),
        );
    }
    // Taken: what the player takes (Hotels, New Industries, Engine Upgrades) and the Service
    // Bounties its deliveries won.
    if let Some(k) = o
        .taken
        .iter()
        .position(|&card| kind(card) == Some(&OperationsEffect::Start {}))
    {
        problems.add(
            "operations_taken",
            section::OPERATIONS,
            format!("/operations/taken/{k}"),
            "a start card is among the cards taken".to_string(),
        );
    }
}
