//! The draft (docs/rules/1846.md#dealing): the round that deals the privates and minors, as
//! `dealing::Draft` plays it, kept in the state as `Round::Draft`. When it ends the players pay
//! for their cards, the minors float with their treasuries, and the first stock round begins
//! with P1 (g_1846/game.rb `priority_deal_player` during the draft).

use super::data::components;
use super::dealing::{Choice, Dealing, Draft, Generator, cards};
use super::event::{Event, RoundKind};
use super::ids::{Company, Private, Seat};
use super::state::{DraftChoice, PrivateOwner, Round, State};
use crate::core::Violation;
use crate::games::kit18xx::name::Name;
use crate::games::kit18xx::table::Table as _;

/// The draft as a dealt game begins it.
pub fn first_round(dealing: &Dealing) -> Round {
    let draft = Draft::new(dealing);
    record(&draft, |seat| Seat::ALL[seat])
}

fn record(draft: &Draft, seat_of: impl Fn(usize) -> Seat) -> Round {
    Round::Draft {
        deck: draft.deck().iter().map(|c| c.id.as_str().into()).collect(),
        generator: draft.generator().state(),
        turn: u8::try_from(draft.turn()).unwrap_or(0),
        discount: draft.discount(),
        choices: draft
            .choices()
            .iter()
            .map(|c| DraftChoice {
                player: seat_of(c.seat),
                card: c.card.as_str().into(),
                price: c.price,
            })
            .collect(),
    }
}

/// The draft the state records, rebuilt; `None` outside the draft or for a card the game has
/// not (which `check` refuses).
pub fn draft(state: &State) -> Option<Draft> {
    let Round::Draft {
        deck,
        generator,
        turn,
        discount,
        choices,
    } = &state.round
    else {
        return None;
    };
    let players = state.players.len();
    let cards = cards(deck.iter().map(Name::as_str), players, state.first_edition);
    let choices = choices
        .iter()
        .map(|c| Choice {
            seat: c.player.index(),
            card: c.card.clone(),
            price: c.price,
        })
        .collect();
    Some(Draft::from_parts(
        cards?,
        Generator::at(*generator),
        players,
        usize::from(*turn),
        *discount,
        choices,
    ))
}

fn in_draft(state: &State, action: &str) -> Result<Draft, Violation> {
    draft(state).ok_or_else(|| super::turns::wrong_round(action, state))
}

/// A player chooses one of the cards offered.
pub fn choose(state: &mut State, player: Seat, card: &str) -> Result<Vec<Event>, Violation> {
    let mut draft = in_draft(state, "choose")?;
    draft
        .choose(player.index(), card)
        .map_err(|v| turn_refusal(state, player, v))?;
    let price = draft.choices().last().map_or(0, |c| c.price);
    let mut events = vec![Event::CardChosen {
        player,
        card: card.to_string(),
        price,
    }];
    events.extend(carry_on(state, &draft));
    Ok(events)
}

/// A player passes on the last card: its price drops (and at its floor the next player takes
/// it).
pub fn pass(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    let mut draft = in_draft(state, "pass")?;
    let chosen_before = draft.choices().len();
    let card = draft
        .deck()
        .first()
        .map(|c| c.id.clone())
        .unwrap_or_default();
    draft
        .pass(player.index())
        .map_err(|v| turn_refusal(state, player, v))?;
    let mut events = vec![Event::DraftPassed {
        player,
        card: card.to_string(),
        price: draft.last_card_price().unwrap_or(0),
    }];
    if let Some(taken) = draft.choices().get(chosen_before) {
        events.push(Event::CardChosen {
            player: Seat::ALL[taken.seat],
            card: taken.card.to_string(),
            price: taken.price,
        });
    }
    events.extend(carry_on(state, &draft));
    Ok(events)
}

/// The dealing's own turn refusal becomes the core's (with the turn rule), so that every game
/// refuses out-of-turn actions alike.
fn turn_refusal(state: &State, player: Seat, v: Violation) -> Violation {
    match (v.code.as_str(), super::turns::to_act(state).first()) {
        ("not_your_turn", Some(&to_act)) => super::turns::not_your_turn(player, to_act),
        _ => v,
    }
}

/// Records the draft, or ends it.
fn carry_on(state: &mut State, draft: &Draft) -> Vec<Event> {
    if !draft.is_finished() {
        state.round = record(draft, |seat| Seat::ALL[seat]);
        return Vec::new();
    }
    finish(state, draft)
}

/// draft_distribution.rb `action_finalized`: each player pays for the cards chosen (a blank
/// buys nothing); a minor's owner gets it with its treasury, paid by the bank.
fn finish(state: &mut State, draft: &Draft) -> Vec<Event> {
    let mut events = vec![Event::RoundEnded {
        round: RoundKind::Draft,
        number: 1,
    }];
    for choice in draft.choices() {
        let player = Seat::ALL[choice.seat];
        if let Some(private) = Private::from_id(&choice.card) {
            if let Some(p) = state.private_mut(private) {
                p.owner = PrivateOwner::Player { seat: player };
            }
        } else if let Some(minor) = Company::from_symbol(&choice.card) {
            float_minor(state, minor, player, &mut events);
        } else {
            continue;
        }
        state.player_pays_bank(player, choice.price);
        events.push(Event::CardBought {
            player,
            card: choice.card.to_string(),
            price: choice.price,
        });
    }
    state.priority_deal = Seat::P1;
    events.extend(crate::games::kit18xx::stock_round::begin(state, 1));
    events
}

fn float_minor(state: &mut State, minor: Company, owner: Seat, events: &mut Vec<Event>) {
    let treasury = components()
        .minors
        .iter()
        .find(|m| m.id == minor.symbol())
        .map_or(0, |m| m.cash);
    state.bank_pays_company(minor, treasury);
    state.company_mut(minor).president = Some(owner);
    events.push(Event::MinorFloated {
        corporation: minor,
        owner,
        treasury,
    });
}
