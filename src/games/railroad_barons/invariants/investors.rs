//! Investor cards (docs/rules/railroad-barons.md#investor-draft, #investor-450,
//! #operating-round): each card once, in the draft pool, on offer, with a player, assigned to a
//! Holding (only those that can be) or out of the game.

use super::{counts, places_of, problem, second_place};
use crate::core::Violation;
use crate::games::railroad_barons::ids::{Colour, Investor, Seat};
use crate::games::railroad_barons::rules::{DIRECTOR_CERTIFICATE, section};
use crate::games::railroad_barons::state::{Owner, Round, State};

/// Where an Investor card lies, for messages.
#[derive(Clone, Copy)]
enum InvestorPlace {
    Pool,
    Offer,
    Player(Seat),
    Holding(Colour),
    OutOfGame,
}

impl InvestorPlace {
    fn pointer(self) -> String {
        match self {
            InvestorPlace::Pool => "/round/pool".to_string(),
            InvestorPlace::Offer => "/round/offer".to_string(),
            InvestorPlace::Player(seat) => format!("/players/{}/investors", seat.index()),
            InvestorPlace::Holding(colour) => format!("/holdings/{}/investors", colour.index()),
            InvestorPlace::OutOfGame => "/investors_out_of_game".to_string(),
        }
    }
}

impl std::fmt::Display for InvestorPlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InvestorPlace::Pool => f.write_str("the draft pool"),
            InvestorPlace::Offer => f.write_str("on offer"),
            InvestorPlace::Player(seat) => write!(f, "player {seat}"),
            InvestorPlace::Holding(colour) => write!(f, "{colour}"),
            InvestorPlace::OutOfGame => f.write_str("out of the game"),
        }
    }
}

/// Every Investor card, with where it lies.
fn investor_places(state: &State) -> impl Iterator<Item = (Investor, InvestorPlace)> + '_ {
    let (pool, offer) = match &state.round {
        Round::InvestorDraft { pool, offer, .. } => (&pool[..], offer.map(|o| o.investor)),
        _ => (&[][..], None),
    };
    let pool = pool.iter().map(|&i| (i, InvestorPlace::Pool));
    let offer = offer.map(|i| (i, InvestorPlace::Offer));
    let players = state.players.iter().flat_map(|p| {
        p.investors
            .iter()
            .map(|&i| (i, InvestorPlace::Player(p.seat)))
    });
    let holdings = state.holdings.iter().flat_map(|h| {
        h.investors
            .iter()
            .map(|&i| (i, InvestorPlace::Holding(h.colour)))
    });
    let out = state
        .investors_out_of_game
        .iter()
        .map(|&i| (i, InvestorPlace::OutOfGame));
    pool.chain(offer).chain(players).chain(holdings).chain(out)
}

fn investor_pointer(found: impl Iterator<Item = (usize, InvestorPlace)>, id: usize) -> String {
    second_place(found, id).map_or_else(String::new, InvestorPlace::pointer)
}

pub(super) fn check(state: &State, problems: &mut Vec<Violation>) {
    for h in &state.holdings {
        for &i in &h.investors {
            if !i.is_assignable() {
                problem(
                    problems,
                    "investor_not_assignable",
                    section::OPERATING_ROUND,
                    format!("/holdings/{}/investors", h.colour.index()),
                    format!(
                        "{i} is assigned to {}; only investor_40, investor_50 and investor_60 can be",
                        h.colour
                    ),
                );
            }
        }
    }
    let found = || investor_places(state).map(|(i, place)| (i as usize, place));
    // Every Investor value is a card: none is unknown.
    let counts = counts(Investor::ALL.len(), found(), |_, _| {});
    for (investor, &count) in Investor::ALL.iter().zip(&counts) {
        match count {
            1 => {}
            0 => problem(
                problems,
                "investor_missing",
                section::DRAFT,
                "/investors_out_of_game",
                format!("{investor} is nowhere"),
            ),
            _ => problem(
                problems,
                "investor_in_two_places",
                section::DRAFT,
                investor_pointer(found(), *investor as usize),
                format!(
                    "{investor} is in {}",
                    places_of(found(), *investor as usize)
                ),
            ),
        }
    }
    let bundle_on_investor = state.investor_450_railroad.is_some();
    let msc_certificate_on_investor =
        state.holding(Colour::Green).owner_of(DIRECTOR_CERTIFICATE) == Some(Owner::Investor450);
    if bundle_on_investor != msc_certificate_on_investor {
        problem(
            problems,
            "investor_450_bundle_split",
            section::INVESTOR_450,
            "/investor_450_railroad",
            "the Dominion Atlantic and MS&C's Director certificate lie on the $450 Investor together or not at all".to_string(),
        );
    }
}
