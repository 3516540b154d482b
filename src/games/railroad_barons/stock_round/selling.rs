//! Selling certificates (docs/rules/railroad-barons.md#selling, #bank-cap,
//! #director-certificate): planning a turn's sales, carrying them out, and the share value's
//! fall.

use super::{describe, is_certificate, no_such_certificate, units};
use crate::core::Violation;
use crate::games::railroad_barons::action::Sale;
use crate::games::railroad_barons::directorship::update_director;
use crate::games::railroad_barons::event::{Event, SaleRecord};
use crate::games::railroad_barons::ids::{Colour, Seat};
use crate::games::railroad_barons::rules::{BANK_CAP_PERCENT, DIRECTOR_CERTIFICATE, section};
use crate::games::railroad_barons::state::{Owner, Round, Sold, State};

/// A sale as judged: what the player receives for it.
#[derive(Debug, Clone, Copy)]
pub struct PlannedSale {
    pub sale: Sale,
    pub received: u32,
}

/// What the sales of a turn add up to, as the buy after them needs to know.
#[derive(Debug, Clone, Default)]
pub struct SalesSummary {
    pub received: u32,
    /// Certificates sold outright (exchanges keep the count).
    pub outright: usize,
    pub holdings: Vec<Colour>,
}

/// Judges the sales of one turn together. Exchanges draw on what the bank held at the start of
/// the turn.
#[expect(
    clippy::too_many_lines,
    reason = "the sales' refusals, one after another in the order the rules give them."
)]
pub fn plan_sales(
    state: &State,
    player: Seat,
    sales: &[Sale],
) -> Result<Vec<PlannedSale>, Violation> {
    let mut planned = Vec::with_capacity(sales.len());
    // Units each Holding's bank share grows by in this turn.
    let mut to_bank = [0u8; 5];
    for (i, sale) in sales.iter().enumerate() {
        let holding = state.holding(sale.holding);
        if !is_certificate(sale.certificate) {
            return Err(no_such_certificate(sale.certificate));
        }
        if sales[..i]
            .iter()
            .any(|s| s.holding == sale.holding && s.certificate == sale.certificate)
        {
            return Err(Violation::new(
                "duplicate_sale",
                section::SELLING,
                format!(
                    "{}'s {}% certificate is sold twice in one turn",
                    sale.holding, sale.certificate
                ),
            ));
        }
        let owner = holding.owner_of(sale.certificate).unwrap_or(Owner::Bank);
        if owner != player.into() {
            return Err(Violation::new(
                "certificate_not_owned",
                section::SELLING,
                format!(
                    "player {player} does not hold {}'s {}% certificate; it lies with {}",
                    sale.holding,
                    sale.certificate,
                    describe(owner)
                ),
            ));
        }
        if sale.certificate == DIRECTOR_CERTIFICATE && holding.director == Some(player) {
            let other = holding.percent_of(player.other().into());
            if other < DIRECTOR_CERTIFICATE {
                return Err(Violation::new(
                    "director_certificate_not_for_sale",
                    section::DIRECTOR_CERTIFICATE,
                    format!(
                        "player {player} is {}'s Director and may not sell its Director certificate: player {} holds {other}%, less than 40%",
                        sale.holding,
                        player.other()
                    ),
                ));
            }
        }
        let kept = match sale.exchange {
            None => 0,
            Some(smaller) => {
                if !is_certificate(smaller) {
                    return Err(no_such_certificate(smaller));
                }
                if smaller >= sale.certificate {
                    return Err(Violation::new(
                        "exchange_must_be_smaller",
                        section::SELLING,
                        format!(
                            "exchanging down gives {}% for a smaller certificate, and {smaller}% is not smaller",
                            sale.certificate
                        ),
                    ));
                }
                let lies_with = holding.owner_of(smaller).unwrap_or(Owner::Bank);
                if lies_with != Owner::Bank {
                    return Err(not_in_bank(sale.holding, smaller, lies_with));
                }
                if sales[..i]
                    .iter()
                    .any(|s| s.holding == sale.holding && s.exchange == Some(smaller))
                {
                    return Err(Violation::new(
                        "duplicate_exchange",
                        section::SELLING,
                        format!(
                            "{}'s {smaller}% certificate is taken back from the bank twice in one turn",
                            sale.holding
                        ),
                    ));
                }
                smaller
            }
        };
        let share_value = holding.share_value.unwrap_or(0);
        let sold_units = units(sale.certificate) - units(kept);
        to_bank[sale.holding.index()] += sold_units as u8;
        planned.push(PlannedSale {
            sale: *sale,
            received: sold_units.saturating_mul(share_value),
        });
    }
    for colour in Colour::ALL {
        let holding = state.holding(colour);
        let bank_after = holding
            .percent_of(Owner::Bank)
            .saturating_add(to_bank[colour.index()].saturating_mul(10));
        if holding.floated && to_bank[colour.index()] > 0 && bank_after > BANK_CAP_PERCENT {
            return Err(Violation::new(
                "bank_cap",
                section::BANK_CAP,
                format!(
                    "after these sales the bank would hold {bank_after}% of {colour}; it may hold at most {BANK_CAP_PERCENT}% of a floated Holding"
                ),
            ));
        }
    }
    Ok(planned)
}

pub(super) fn not_in_bank(holding: Colour, percent: u8, lies_with: Owner) -> Violation {
    Violation::new(
        "certificate_not_in_bank",
        section::BUYING,
        format!(
            "{holding}'s {percent}% certificate is not in the bank; it lies with {}",
            describe(lies_with)
        ),
    )
}

pub fn summarize(planned: &[PlannedSale]) -> SalesSummary {
    let mut summary = SalesSummary::default();
    for p in planned {
        summary.received = summary.received.saturating_add(p.received);
        if p.sale.exchange.is_none() {
            summary.outright += 1;
        }
        if !summary.holdings.contains(&p.sale.holding) {
            summary.holdings.push(p.sale.holding);
        }
    }
    summary
}

pub(super) fn carry_out_sales(
    state: &mut State,
    player: Seat,
    planned: &[PlannedSale],
    summary: &SalesSummary,
    events: &mut Vec<Event>,
) {
    for p in planned {
        let holding = state.holding_mut(p.sale.holding);
        holding.set_owner(p.sale.certificate, Owner::Bank);
        if let Some(smaller) = p.sale.exchange {
            holding.set_owner(smaller, player.into());
        }
    }
    state.bank_pays_player(player, summary.received);
    events.push(Event::CertificatesSold {
        player,
        sales: planned
            .iter()
            .map(|p| SaleRecord {
                holding: p.sale.holding,
                certificate: p.sale.certificate,
                exchange: p.sale.exchange,
                received: p.received,
            })
            .collect(),
        total: summary.received,
    });
    if let Round::StockRound { sold, .. } = &mut state.round {
        for &holding in &summary.holdings {
            let entry = Sold { player, holding };
            if !sold.contains(&entry) {
                sold.push(entry);
            }
        }
    }
    // Each Holding its Director sold moves down one row, once a turn, before any Directorship
    // change (the seed: "the stock price goes down when the Director sells shares in the
    // Holding"; the Rules Difference List, 2.7: "only if they are sold by the company
    // Director"). The other player's sales move nothing.
    let mut sold_holdings = summary.holdings.clone();
    sold_holdings.sort();
    for &colour in &sold_holdings {
        if state.holding(colour).director == Some(player) {
            move_share_value_down(state, colour, events);
        }
    }
    for &colour in &sold_holdings {
        update_director(state, colour, events);
    }
}

fn move_share_value_down(state: &mut State, colour: Colour, events: &mut Vec<Event>) {
    let Some(from) = state.holding(colour).share_value else {
        return;
    };
    let to = state.components.step_down(from);
    if to != from {
        state.holding_mut(colour).share_value = Some(to);
        events.push(Event::ShareValueMoved {
            holding: colour,
            from,
            to,
        });
    }
}

/// Whether `player` has an outright sale open to them (a player owing a sell-down may pass
/// only when they have none).
pub fn can_sell_outright(state: &State, player: Seat) -> bool {
    state.holdings.iter().any(|h| {
        h.certificates_of(player.into()).into_iter().any(|percent| {
            let sale = Sale {
                holding: h.colour,
                certificate: percent,
                exchange: None,
            };
            plan_sales(state, player, &[sale]).is_ok()
        })
    })
}
