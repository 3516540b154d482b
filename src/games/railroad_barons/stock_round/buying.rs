//! Buying a certificate (docs/rules/railroad-barons.md#buying, #starting-a-holding,
//! #certificate-limit, #floating): planning the purchase, carrying it out, and floating the
//! Holding when players reach its float.

use super::selling::not_in_bank;
use super::{SalesSummary, describe, has_sold, is_certificate, no_such_certificate, units};
use crate::core::Violation;
use crate::games::railroad_barons::action::Purchase;
use crate::games::railroad_barons::directorship::update_director;
use crate::games::railroad_barons::event::Event;
use crate::games::railroad_barons::ids::{Colour, Seat};
use crate::games::railroad_barons::rules::{
    CAPITAL_MULTIPLIER, CERTIFICATE_LIMIT, DIRECTOR_CERTIFICATE, FLOAT_PERCENT, section,
};
use crate::games::railroad_barons::state::{Owner, State};

/// Judges the buy of a turn, after its sales; returns the price.
#[expect(
    clippy::too_many_lines,
    reason = "the buy's refusals, one after another in the order the rules give them."
)]
pub fn plan_purchase(
    state: &State,
    player: Seat,
    purchase: &Purchase,
    sales: &SalesSummary,
) -> Result<u32, Violation> {
    let colour = purchase.holding;
    let holding = state.holding(colour);
    if has_sold(state, player, colour) || sales.holdings.contains(&colour) {
        return Err(Violation::new(
            "bought_after_selling",
            section::BUYING,
            format!(
                "player {player} sold {colour} in this Stock Round and may not buy it again until the next one"
            ),
        ));
    }
    if !is_certificate(purchase.certificate) {
        return Err(no_such_certificate(purchase.certificate));
    }
    let lies_with = holding
        .owner_of(purchase.certificate)
        .unwrap_or(Owner::Bank);
    if lies_with != Owner::Bank {
        return Err(not_in_bank(colour, purchase.certificate, lies_with));
    }
    let share_value = match (holding.share_value, purchase.start_value) {
        (None, None) => {
            return Err(Violation::new(
                "start_value_required",
                section::STARTING,
                format!("buying {colour}'s Director certificate starts it: choose its start_value"),
            ));
        }
        (None, Some(start)) => {
            if purchase.certificate != DIRECTOR_CERTIFICATE {
                return Err(Violation::new(
                    "director_certificate_first",
                    section::STARTING,
                    format!(
                        "{colour} is not started: the first certificate bought is its 40% Director certificate, not {}%",
                        purchase.certificate
                    ),
                ));
            }
            if !state.components.start_values.contains(&start) {
                return Err(crate::games::railroad_barons::draft::invalid_start_value(
                    state, start,
                ));
            }
            start
        }
        (Some(_), Some(_)) => {
            return Err(Violation::new(
                "already_started",
                section::STARTING,
                format!(
                    "{colour} is already started; a start_value is given only when starting a Holding"
                ),
            ));
        }
        (Some(value), None) => value,
    };
    let price_units = match purchase.exchange {
        Some(smaller) => {
            if !is_certificate(smaller) {
                return Err(no_such_certificate(smaller));
            }
            if smaller >= purchase.certificate {
                return Err(Violation::new(
                    "exchange_must_be_larger",
                    section::BUYING,
                    format!(
                        "exchanging up hands in a smaller certificate for {}%, and {smaller}% is not smaller",
                        purchase.certificate
                    ),
                ));
            }
            let owner = holding.owner_of(smaller).unwrap_or(Owner::Bank);
            if owner != player.into() {
                return Err(Violation::new(
                    "certificate_not_owned",
                    section::BUYING,
                    format!(
                        "player {player} does not hold {colour}'s {smaller}% certificate to hand in; it lies with {}",
                        describe(owner)
                    ),
                ));
            }
            units(purchase.certificate) - units(smaller)
        }
        None => {
            let count = state.certificate_count(player) - sales.outright;
            if count >= CERTIFICATE_LIMIT {
                return Err(Violation::new(
                    "certificate_limit",
                    section::CERTIFICATE_LIMIT,
                    format!(
                        "player {player} holds {count} certificates; the limit is {CERTIFICATE_LIMIT}, so they may not buy another (an exchange is allowed)"
                    ),
                ));
            }
            units(purchase.certificate)
        }
    };
    let price = price_units.saturating_mul(share_value);
    let cash = state.player(player).cash.saturating_add(sales.received);
    if cash < price {
        return Err(Violation::new(
            "insufficient_cash",
            section::BUYING,
            format!(
                "{colour}'s {}% certificate costs ${price}; player {player} has ${cash}",
                purchase.certificate
            ),
        ));
    }
    Ok(price)
}

pub(super) fn carry_out_purchase(
    state: &mut State,
    player: Seat,
    purchase: &Purchase,
    price: u32,
    events: &mut Vec<Event>,
) {
    let colour = purchase.holding;
    state.player_pays_bank(player, price);
    let holding = state.holding_mut(colour);
    if let Some(smaller) = purchase.exchange {
        holding.set_owner(smaller, Owner::Bank);
    }
    holding.set_owner(purchase.certificate, player.into());
    if let Some(start) = purchase.start_value {
        holding.start_value = Some(start);
        holding.share_value = Some(start);
        holding.director = Some(player);
        events.push(Event::HoldingStarted {
            holding: colour,
            director: player,
            start_value: start,
            paid: price,
        });
    }
    events.push(Event::CertificateBought {
        player,
        holding: colour,
        certificate: purchase.certificate,
        handed_in: purchase.exchange,
        paid: price,
    });
    float_if_due(state, colour, events);
    update_director(state, colour, events);
}

/// Once players hold 50% or more, the bank pays the Holding 10 times its start value.
fn float_if_due(state: &mut State, colour: Colour, events: &mut Vec<Event>) {
    let holding = state.holding(colour);
    if holding.floated || holding.percent_held_by_players() < FLOAT_PERCENT {
        return;
    }
    let capital = holding
        .start_value
        .unwrap_or(0)
        .saturating_mul(CAPITAL_MULTIPLIER);
    state.holding_mut(colour).floated = true;
    state.bank_pays_holding(colour, capital);
    events.push(Event::HoldingFloated {
        holding: colour,
        capital,
    });
}
