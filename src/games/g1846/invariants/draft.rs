//! The draft's record: its deck and choices cards of the game, each once; the turn a seat's;
//! the choosers at the table; and until it ends, every private of the game unsold, in the deck
//! or chosen.

use std::collections::BTreeMap;

use crate::games::g1846::dealing::card;
use crate::games::g1846::ids::Private;
use crate::games::g1846::rules::section;
use crate::games::g1846::state::{DraftChoice, PrivateOwner, Round, State};
use crate::games::kit18xx::invariants::Problems;
use crate::games::kit18xx::invariants::round::seat_in_game;

pub(super) fn check(state: &State, problems: &mut Problems) {
    let Round::Draft {
        deck,
        turn,
        choices,
        ..
    } = &state.round
    else {
        return;
    };
    let mut seen = BTreeMap::new();
    for (i, id) in deck.iter().enumerate() {
        a_card(state, id, format!("/round/deck/{i}"), &mut seen, problems);
    }
    for (i, choice) in choices.iter().enumerate() {
        chosen(state, i, choice, &mut seen, problems);
    }
    if usize::from(*turn) >= state.players.len() {
        problems.add(
            "bad_draft_turn",
            section::DRAFT,
            "/round/turn",
            format!(
                "the draft's turn is {turn}; it counts the {} seats from 0",
                state.players.len()
            ),
        );
    }
    unsold_privates(state, &seen, problems);
}

/// `id` is a card of this game's draft, seen nowhere else in it.
fn a_card<'s>(
    state: &State,
    id: &'s str,
    at: String,
    seen: &mut BTreeMap<&'s str, String>,
    problems: &mut Problems,
) {
    let players = state.players.len();
    if card(id, players, state.first_edition).is_none() {
        problems.add(
            "unknown_card",
            section::DRAFT,
            at,
            format!("{id} is not a card of the draft of this game"),
        );
    } else if let Some(first) = seen.get(id) {
        problems.add(
            "card_twice",
            section::DRAFT,
            at,
            format!("{id} is in the draft twice (first at {first})"),
        );
    } else {
        seen.insert(id, at);
    }
}

fn chosen<'s>(
    state: &State,
    i: usize,
    choice: &'s DraftChoice,
    seen: &mut BTreeMap<&'s str, String>,
    problems: &mut Problems,
) {
    let at = format!("/round/choices/{i}");
    seat_in_game(state, choice.player, &format!("{at}/player"), problems);
    a_card(state, &choice.card, format!("{at}/card"), seen, problems);
}

/// The players pay for their cards, and own them, when the draft ends: until then the game's
/// privates are all unsold, each in the deck or among the choices (a private left out at setup
/// is not in the game's list).
fn unsold_privates(state: &State, seen: &BTreeMap<&str, String>, problems: &mut Problems) {
    for (i, p) in state.privates.iter().enumerate() {
        let at = format!("/privates/{i}");
        if p.owner != (PrivateOwner::Unsold {}) || p.closed {
            problems.add(
                "private_sold_in_draft",
                section::DRAFT,
                format!("{at}/owner"),
                format!(
                    "{} is owned or closed before the draft has ended",
                    p.private
                ),
            );
        } else if !seen.contains_key(p.private.id()) {
            problems.add(
                "private_not_in_draft",
                section::DRAFT,
                at,
                format!(
                    "{} is in the game but neither in the deck nor chosen",
                    p.private
                ),
            );
        }
    }
    for id in seen.keys() {
        if let Some(private) = Private::from_id(id)
            && state.private(private).is_none()
        {
            problems.add(
                "unknown_card",
                section::DRAFT,
                seen[id].clone(),
                format!("{id} is in the draft but was removed at setup"),
            );
        }
    }
}
