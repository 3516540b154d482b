//! Certificates (docs/rules/railroad-barons.md#stock-round, #certificate-limit,
//! #investor-450): each Holding's four certificates in one place each, none left with a spent
//! $450 Investor, no player over the certificate limit.

use super::problem;
use crate::core::Violation;
use crate::games::railroad_barons::ids::{Colour, Investor};
use crate::games::railroad_barons::rules::{
    CERTIFICATE_LIMIT, CERTIFICATES, DIRECTOR_CERTIFICATE, section,
};
use crate::games::railroad_barons::state::{Owner, Round, State};

pub(super) fn check(state: &State, problems: &mut Vec<Violation>) {
    // Long: one independent check per way the certificates can be wrong, in order.
    for h in &state.holdings {
        for &percent in &CERTIFICATES {
            let places = || {
                h.certificates
                    .iter()
                    .filter(move |c| c.percent == percent)
                    .map(|c| c.owner)
            };
            match places().count() {
                1 => {}
                0 => problem(
                    problems,
                    "certificate_missing",
                    section::STOCK_ROUND,
                    format!("/holdings/{}/certificates", h.colour.index()),
                    format!("{}'s {percent}% certificate is nowhere", h.colour),
                ),
                _ => problem(
                    problems,
                    "certificate_in_two_places",
                    section::STOCK_ROUND,
                    format!("/holdings/{}/certificates", h.colour.index()),
                    format!(
                        "{}'s {percent}% certificate is in {} places: {:?}",
                        h.colour,
                        places().count(),
                        places().collect::<Vec<_>>()
                    ),
                ),
            }
        }
        let total: u32 = h.certificates.iter().map(|c| u32::from(c.percent)).sum();
        if total != 100 || h.certificates.len() != CERTIFICATES.len() {
            problem(
                problems,
                "certificates_not_100_percent",
                section::STOCK_ROUND,
                format!("/holdings/{}/certificates", h.colour.index()),
                format!(
                    "{}'s certificates sum to {total}% over {} certificates; they must be 40, 30, 20 and 10",
                    h.colour,
                    h.certificates.len()
                ),
            );
        }
        let with_investor = h.certificates.iter().any(|c| c.owner == Owner::Investor450);
        let bundle_waiting = h.colour == Colour::Green
            && h.owner_of(DIRECTOR_CERTIFICATE) == Some(Owner::Investor450)
            && matches!(&state.round, Round::InvestorDraft { pool, offer, .. }
                if pool.contains(&Investor::Investor450)
                    || offer.is_some_and(|o| o.investor == Investor::Investor450));
        if with_investor && !bundle_waiting {
            problem(
                problems,
                "certificate_with_investor",
                section::INVESTOR_450,
                format!("/holdings/{}/certificates", h.colour.index()),
                format!(
                    "a {} certificate lies on the $450 Investor; only MS&C's Director certificate does, until the draft gives the Investor out",
                    h.colour
                ),
            );
        }
    }
    for p in &state.players {
        let count = state.certificate_count(p.seat);
        let over = count > CERTIFICATE_LIMIT;
        if over != p.owes_sell_down {
            problem(
                problems,
                "certificate_limit",
                section::CERTIFICATE_LIMIT,
                format!("/players/{}/owes_sell_down", p.seat.index()),
                if over {
                    format!(
                        "player {} holds {count} certificates, over the limit of {CERTIFICATE_LIMIT}, and owes no sell-down",
                        p.seat
                    )
                } else {
                    format!(
                        "player {} owes a sell-down but holds {count} certificates, within the limit of {CERTIFICATE_LIMIT}",
                        p.seat
                    )
                },
            );
        }
    }
}
