//! The Investor draft: the offerer names an Investor at its printed price; the other player
//! takes the card or the cash, and the offerer gets what was not taken. Four offers (start
//! player, other, other, start player); the fifth Investor leaves and both receive its price.

use super::event::{Event, RoundKind};
use super::ids::{Colour, Investor, Seat};
use super::rules::{DIRECTOR_CERTIFICATE, DRAFT_OFFERS, section};
use super::state::{Offer, OwnedRailroad, Owner, Round, State};
use super::turns::{draft_offerer, not_your_turn, wrong_round};
use crate::core::Violation;

/// The draft's fields, or the violation for a draft action outside the draft.
struct Draft {
    offers_made: u8,
    offer: Option<Offer>,
    start_value_due: Option<Seat>,
}

fn draft(state: &State, action: &str) -> Result<Draft, Violation> {
    match &state.round {
        Round::InvestorDraft {
            offers_made,
            offer,
            start_value_due,
            ..
        } => Ok(Draft {
            offers_made: *offers_made,
            offer: *offer,
            start_value_due: *start_value_due,
        }),
        _ => Err(wrong_round(action, state)),
    }
}

fn start_value_pending(seat: Seat) -> Violation {
    Violation::new(
        "start_value_due",
        section::INVESTOR_450,
        format!("player {seat} must first choose MS&C's start value (choose_start_value)"),
    )
}

pub fn offer_investor(
    state: &mut State,
    player: Seat,
    investor: Investor,
) -> Result<Vec<Event>, Violation> {
    let d = draft(state, "offer_investor")?;
    if let Some(seat) = d.start_value_due {
        return Err(start_value_pending(seat));
    }
    if let Some(offer) = d.offer {
        return Err(Violation::new(
            "offer_pending",
            section::DRAFT,
            format!(
                "player {} offered {}; player {} must take the card or the cash first",
                offer.by,
                offer.investor,
                offer.by.other()
            ),
        ));
    }
    let offerer = draft_offerer(state.start_player, d.offers_made);
    if player != offerer {
        return Err(not_your_turn(player, offerer));
    }
    let Round::InvestorDraft { pool, offer, .. } = &mut state.round else {
        unreachable!("checked above")
    };
    let Some(at) = pool.iter().position(|&i| i == investor) else {
        return Err(Violation::new(
            "investor_not_in_pool",
            section::DRAFT,
            format!("{investor} is not among the Investors still to be offered"),
        ));
    };
    pool.remove(at);
    *offer = Some(Offer {
        by: player,
        investor,
    });
    Ok(vec![Event::InvestorOffered {
        by: player,
        investor,
        price: state.components.investor(investor).price,
    }])
}

/// `take_investor` (`takes_card`) or `take_cash` by the player the offer was made to.
pub fn answer_offer(
    state: &mut State,
    player: Seat,
    takes_card: bool,
) -> Result<Vec<Event>, Violation> {
    let action = if takes_card {
        "take_investor"
    } else {
        "take_cash"
    };
    let d = draft(state, action)?;
    if let Some(seat) = d.start_value_due {
        return Err(start_value_pending(seat));
    }
    let Some(offer) = d.offer else {
        return Err(Violation::new(
            "no_offer",
            section::DRAFT,
            format!(
                "no Investor is on offer; player {} offers next",
                draft_offerer(state.start_player, d.offers_made)
            ),
        ));
    };
    let chooser = offer.by.other();
    if player != chooser {
        return Err(not_your_turn(player, chooser));
    }
    let (card_to, cash_to) = if takes_card {
        (chooser, offer.by)
    } else {
        (offer.by, chooser)
    };
    let price = state.components.investor(offer.investor).price;
    state.bank_pays_player(cash_to, price);
    state.player_mut(card_to).investors.push(offer.investor);
    let mut events = vec![Event::InvestorDrafted {
        investor: offer.investor,
        price,
        card_to,
        cash_to,
    }];
    let mut start_value_due = None;
    if offer.investor == Investor::Investor450 {
        if takes_card {
            events.extend(give_investor_450_bundle(state, card_to));
            start_value_due = Some(card_to);
        } else if let Some(railroad) = return_investor_450_bundle(state) {
            // Its money was taken instead: the bundle stays where it normally lies.
            events.push(Event::Investor450BundleReturned { railroad });
        }
    }
    if let Round::InvestorDraft {
        offers_made,
        offer,
        start_value_due: due,
        ..
    } = &mut state.round
    {
        *offers_made = offers_made.saturating_add(1);
        *offer = None;
        *due = start_value_due;
    }
    if start_value_due.is_none() {
        events.extend(finish_draft_if_done(state));
    }
    Ok(events)
}

/// MS&C's Director certificate goes to the player; the Dominion Atlantic to MS&C.
fn give_investor_450_bundle(state: &mut State, player: Seat) -> Vec<Event> {
    let msc = state.holding_mut(Colour::Green);
    msc.set_owner(DIRECTOR_CERTIFICATE, player.into());
    match state.investor_450_railroad.take() {
        Some(railroad) => {
            state
                .holding_mut(Colour::Green)
                .railroads
                .push(OwnedRailroad {
                    card: railroad,
                    face: 0,
                });
            vec![Event::Investor450BundleReceived {
                player,
                holding: Colour::Green,
                railroad,
            }]
        }
        None => vec![],
    }
}

/// The $450 Investor's bundle goes back where it normally lies: MS&C's Director certificate to
/// the bank, the Dominion Atlantic into the stack at its place. Returns the card, if it was
/// still on the Investor.
fn return_investor_450_bundle(state: &mut State) -> Option<u8> {
    let msc = state.holding_mut(Colour::Green);
    if msc.owner_of(DIRECTOR_CERTIFICATE) == Some(Owner::Investor450) {
        msc.set_owner(DIRECTOR_CERTIFICATE, Owner::Bank);
    }
    let railroad = state.investor_450_railroad.take()?;
    let at = state.railroad_stack.partition_point(|&id| id < railroad);
    state.railroad_stack.insert(at, railroad);
    Some(railroad)
}

pub fn choose_start_value(
    state: &mut State,
    player: Seat,
    value: u32,
) -> Result<Vec<Event>, Violation> {
    let d = draft(state, "choose_start_value")?;
    let Some(due) = d.start_value_due else {
        return Err(Violation::new(
            "no_start_value_due",
            section::INVESTOR_450,
            "no start value is to be chosen now",
        ));
    };
    if player != due {
        return Err(not_your_turn(player, due));
    }
    if !state.components.start_values.contains(&value) {
        return Err(invalid_start_value(state, value));
    }
    let msc = state.holding_mut(Colour::Green);
    msc.start_value = Some(value);
    msc.share_value = Some(value);
    msc.director = Some(player);
    if let Round::InvestorDraft {
        start_value_due, ..
    } = &mut state.round
    {
        *start_value_due = None;
    }
    let mut events = vec![Event::HoldingStarted {
        holding: Colour::Green,
        director: player,
        start_value: value,
        paid: 0,
    }];
    events.extend(finish_draft_if_done(state));
    Ok(events)
}

pub fn invalid_start_value(state: &State, value: u32) -> Violation {
    Violation::new(
        "invalid_start_value",
        section::STARTING,
        format!(
            "${value} is not a start value; the start values are {}",
            state
                .components
                .start_values
                .iter()
                .map(|v| format!("${v}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
}

/// After the fourth offer: the fifth Investor leaves the game, both players receive its price,
/// and the first Stock Round begins with the start player holding the Priority Deal.
fn finish_draft_if_done(state: &mut State) -> Vec<Event> {
    let Round::InvestorDraft {
        offers_made, pool, ..
    } = &state.round
    else {
        return vec![];
    };
    if *offers_made < DRAFT_OFFERS {
        return vec![];
    }
    let leaving = pool.clone();
    let mut events = Vec::new();
    for investor in leaving {
        let price = state.components.investor(investor).price;
        for seat in Seat::ALL {
            state.bank_pays_player(seat, price);
        }
        state.investors_out_of_game.push(investor);
        let mut returned = None;
        if investor == Investor::Investor450 {
            returned = return_investor_450_bundle(state);
        }
        events.push(Event::InvestorLeftGame {
            investor,
            paid_to_each: price,
            railroad_returned_to_stack: returned,
        });
    }
    events.push(Event::RoundEnded {
        round: RoundKind::InvestorDraft,
        number: 1,
    });
    events.extend(super::stock_round::begin(state, 1));
    events
}
