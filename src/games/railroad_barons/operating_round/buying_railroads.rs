//! Buying a Railroad, an acquisition (docs/rules/railroad-barons.md#acquisitions,
//! #obsolescence): the top card from the bank at its printed cost (the Director helping with
//! the first), or another Holding's at an agreed price with its Director's acceptance.

use super::acquisitions::expect_acquisition;
use super::{Turn, set_round};
use crate::core::Violation;
use crate::games::railroad_barons::action::RailroadSource;
use crate::games::railroad_barons::event::Event;
use crate::games::railroad_barons::ids::{Colour, Seat};
use crate::games::railroad_barons::railroads::make_obsolete;
use crate::games::railroad_barons::rules::section;
use crate::games::railroad_barons::state::{OwnedRailroad, State};

/// What a judged purchase will move.
struct PlannedPurchase {
    owned: OwnedRailroad,
    price: u32,
    director_paid: u32,
    obsoletes_level: Option<u8>,
    level: u8,
}

/// The terms of a `buy_railroad` action, as the player gave them.
#[derive(Debug, Clone, Copy)]
pub struct Purchase {
    pub card: u8,
    pub from: RailroadSource,
    pub face: Option<u8>,
    pub price: Option<u32>,
    pub accepted_by: Option<Seat>,
    pub director_help: bool,
}

pub fn buy_railroad(
    state: &mut State,
    player: Seat,
    purchase: Purchase,
) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_acquisition(state, player, "buy_railroad")?;
    let Purchase { card, from, .. } = purchase;
    let plan = match from.holding() {
        None => plan_from_bank(state, turn, purchase)?,
        Some(seller) => plan_from_holding(state, turn, seller, purchase)?,
    };
    let colour = turn.holding;
    match from.holding() {
        None => {
            state.railroad_stack.retain(|&c| c != card);
            state.holding_pays_bank(colour, plan.price - plan.director_paid);
            state.player_pays_bank(player, plan.director_paid);
        }
        Some(seller) => {
            state
                .holding_mut(seller)
                .railroads
                .retain(|r| r.card != card);
            state.holding_mut(colour).cash -= plan.price;
            state.holding_mut(seller).cash += plan.price;
        }
    }
    state.holding_mut(colour).railroads.push(plan.owned);
    turn.acquisitions = turn.acquisitions.saturating_add(1);
    set_round(state, turn);
    let mut events = vec![Event::RailroadBought {
        holding: colour,
        card,
        face: plan.owned.face,
        level: plan.level,
        from,
        price: plan.price,
        director_paid: plan.director_paid,
    }];
    if let Some(level) = plan.obsoletes_level {
        make_obsolete(state, level, card, false, &mut events);
    }
    Ok(events)
}

fn insufficient(who: String, needs: u32, has: u32) -> Violation {
    Violation::new(
        "insufficient_cash",
        section::ACQUISITIONS,
        format!("{who} needs ${needs} and has ${has}"),
    )
}

fn plan_from_bank(
    state: &State,
    turn: Turn,
    purchase: Purchase,
) -> Result<PlannedPurchase, Violation> {
    let Purchase {
        card,
        face,
        price,
        accepted_by,
        director_help,
        ..
    } = purchase;
    let Some(&top) = state.railroad_stack.first() else {
        return Err(Violation::new(
            "stack_empty",
            section::ACQUISITIONS,
            "the bank has no Railroad cards left",
        ));
    };
    if card != top {
        return Err(Violation::new(
            "not_top_card",
            section::ACQUISITIONS,
            format!(
                "only the top card of the stack can be bought from the bank: card {top} ({}), not card {card}",
                state.components.railroads[top as usize].name
            ),
        ));
    }
    if price.is_some() {
        return Err(Violation::new(
            "price_is_printed",
            section::ACQUISITIONS,
            "a Railroad from the bank costs the printed cost of its face; give no price",
        ));
    }
    if accepted_by.is_some() {
        return Err(acceptance_not_needed());
    }
    let face_index = face.unwrap_or(0);
    let Some(printed) = state.components.railroads[top as usize]
        .faces
        .get(face_index as usize)
    else {
        return Err(Violation::new(
            "no_such_face",
            section::ACQUISITIONS,
            format!(
                "card {top} has {} face(s); face {face_index} does not exist",
                state.components.railroads[top as usize].faces.len()
            ),
        ));
    };
    let cost = printed.cost;
    let director_paid = director_share(state, turn, top, cost, director_help)?;
    Ok(PlannedPurchase {
        owned: OwnedRailroad {
            card,
            face: face_index,
        },
        price: cost,
        director_paid,
        obsoletes_level: printed.obsoletes_level,
        level: printed.level,
    })
}

/// What the Director pays of the top card's `cost`: with help, exactly the difference the
/// Holding lacks, only for a Holding with no Railroad that cannot pay for the top card at any
/// face; without, nothing, and the Holding pays it all.
fn director_share(
    state: &State,
    turn: Turn,
    top: u8,
    cost: u32,
    director_help: bool,
) -> Result<u32, Violation> {
    let holding = state.holding(turn.holding);
    // "Cannot pay for the top card": not even for its cheapest face.
    let cheapest = state.components.railroads[top as usize]
        .faces
        .iter()
        .map(|f| f.cost)
        .min()
        .unwrap_or(cost);
    if director_help {
        if !holding.railroads.is_empty() || holding.cash >= cheapest {
            return Err(Violation::new(
                "help_not_allowed",
                section::ACQUISITIONS,
                format!(
                    "the Director may help only a Holding with no Railroad that cannot pay for the top card at any face; {} owns {} and has ${}, the top card costs ${cheapest} at its cheapest",
                    turn.holding,
                    holding.railroads.len(),
                    holding.cash
                ),
            ));
        }
        let difference = cost - holding.cash;
        let director_cash = state.player(turn.director).cash;
        if director_cash < difference {
            return Err(insufficient(
                format!(
                    "player {}, helping with the exact difference,",
                    turn.director
                ),
                difference,
                director_cash,
            ));
        }
        Ok(difference)
    } else {
        if holding.cash < cost {
            return Err(insufficient(
                format!("{}", turn.holding),
                cost,
                holding.cash,
            ));
        }
        Ok(0)
    }
}

fn acceptance_not_needed() -> Violation {
    Violation::new(
        "acceptance_not_needed",
        section::ACQUISITIONS,
        "acceptance is given only by the other player, for a sale from a Holding they direct",
    )
}

fn plan_from_holding(
    state: &State,
    turn: Turn,
    seller: Colour,
    purchase: Purchase,
) -> Result<PlannedPurchase, Violation> {
    let Purchase {
        card,
        face,
        price,
        accepted_by,
        director_help,
        ..
    } = purchase;
    if seller == turn.holding {
        return Err(Violation::new(
            "own_railroad",
            section::ACQUISITIONS,
            format!("{seller} cannot buy its own Railroad"),
        ));
    }
    let Some(owned) = state
        .holding(seller)
        .railroads
        .iter()
        .find(|r| r.card == card)
        .copied()
    else {
        return Err(Violation::new(
            "railroad_not_there",
            section::ACQUISITIONS,
            format!("{seller} does not own card {card}"),
        ));
    };
    if face.is_some() {
        return Err(Violation::new(
            "face_is_fixed",
            section::ACQUISITIONS,
            "a Railroad bought from a Holding keeps the face it was bought at; give no face",
        ));
    }
    if director_help {
        return Err(Violation::new(
            "help_not_allowed",
            section::ACQUISITIONS,
            "the Director's help is only for the top card from the bank",
        ));
    }
    let Some(price) = price.filter(|&p| p >= 1) else {
        return Err(Violation::new(
            "price_required",
            section::ACQUISITIONS,
            "a Railroad bought from a Holding needs an agreed price of at least $1",
        ));
    };
    let cash = state.holding(turn.holding).cash;
    if cash < price {
        return Err(insufficient(format!("{}", turn.holding), price, cash));
    }
    director_accepts(state, turn, seller, accepted_by)?;
    let level = state.face_of(owned).map(|f| f.level).unwrap_or(0);
    Ok(PlannedPurchase {
        owned,
        price,
        director_paid: 0,
        obsoletes_level: None,
        level,
    })
}

/// A sale from a Holding the other player directs carries their acceptance; a sale between the
/// Director's own Holdings carries none.
fn director_accepts(
    state: &State,
    turn: Turn,
    seller: Colour,
    accepted_by: Option<Seat>,
) -> Result<(), Violation> {
    let other = turn.director.other();
    match (state.holding(seller).director == Some(other), accepted_by) {
        (true, Some(seat)) if seat == other => {}
        (true, _) => {
            return Err(Violation::new(
                "acceptance_required",
                section::ACQUISITIONS,
                format!(
                    "player {other} directs {seller}: the action needs accepted_by: \"{other}\""
                ),
            ));
        }
        (false, Some(_)) => return Err(acceptance_not_needed()),
        (false, None) => {}
    }
    Ok(())
}

/// The largest price the operating Holding can pay for another Holding's Railroad.
pub fn max_price(state: &State, turn: Turn) -> u32 {
    state.holding(turn.holding).cash
}
