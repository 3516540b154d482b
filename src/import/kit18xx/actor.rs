//! Who acts: the entity an export's action names, and the seat railrules asks.

use super::{CompanyOf, Family, error, field, private_named, text};
use crate::games::kit18xx::operating_round::{OperatingTitle, TurnCommon, TurnRecord, current};
use crate::games::kit18xx::table::{Seat, Table};
use crate::import::export_18xx::{ImportError, SiteJson, member};
use crate::import::title::Seats;

/// Who an action of the export is by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor<C, P> {
    Player(Seat),
    /// A corporation (or a title's minor).
    Corporation(C),
    Private(P),
}

pub type ActorOf<G> = Actor<CompanyOf<G>, <G as Family>::Private>;

pub fn actor<G: Family>(
    seats: &Seats,
    action: &SiteJson,
    at: &str,
) -> Result<ActorOf<G>, ImportError> {
    let entity = field(action, at, "entity")?;
    // Written only for an error (most actions have none).
    let pointer = || format!("{at}/entity");
    let entity_type = text(action, at, "entity_type")?;
    match entity_type {
        "player" => {
            let index = seats.index_of(entity).filter(|&i| i < Seat::ALL.len());
            index
                .map(|i| Actor::Player(Seat::ALL[i]))
                .ok_or_else(|| error(pointer(), format!("{entity} is not a player of the export")))
        }
        "company" => {
            let name = entity
                .as_str()
                .ok_or_else(|| error(pointer(), "a private is named by a string"))?;
            private_named::<G>(name, pointer()).map(Actor::Private)
        }
        other => {
            let name = entity.as_str();
            match name.map(|n| (n, G::company_entity(other, n))) {
                Some((_, Some(Some(company)))) => Ok(Actor::Corporation(company)),
                Some((n, Some(None))) => Err(error(
                    pointer(),
                    format!("`{n}` is not one of {}'s {other}s", <G as Family>::NAME),
                )),
                None if G::company_entity(other, "").is_some() => {
                    Err(error(pointer(), format!("a {other} is named by a string")))
                }
                _ => Err(error(
                    format!("{at}/entity_type"),
                    format!("{} has no entity of type `{other}`", <G as Family>::NAME),
                )),
            }
        }
    }
}

/// The operating company and its turn, when no company has trains to discard.
pub fn operating<S: OperatingTitle>(state: &S) -> Option<(S::Company, TurnCommon)> {
    let round = state.operating_round()?;
    if !round.discards.is_empty() {
        return None;
    }
    current(state).map(|(c, t)| (c, t.common()))
}

pub fn is_operating<S: OperatingTitle>(state: &S) -> bool {
    state.operating_round().is_some()
}

/// Whether an action by `actor` is one of `company`'s turn: its own, a private's ability, or
/// its president's emergency sale.
pub fn part_of_turn<C: PartialEq, P>(actor: Actor<C, P>, kind: &str, company: C) -> bool {
    match actor {
        Actor::Corporation(c) => c == company,
        Actor::Private(_) => true,
        Actor::Player(_) => kind == "sell_shares",
    }
}

/// [`part_of_turn`] read with the state: a player's sale is the president's emergency sale
/// only while the company owns no train (else the operating round is over and the sale is
/// the stock round's).
pub(super) fn in_turn<G: Family>(
    state: &G::State,
    actor: ActorOf<G>,
    kind: &str,
    company: CompanyOf<G>,
) -> bool {
    match actor {
        Actor::Player(seat) => {
            kind == "sell_shares"
                && state.company(company).president == Some(seat)
                && state.company(company).trains.is_empty()
        }
        Actor::Private(private) if G::owned_by_another(state, company, private) => false,
        _ => part_of_turn(actor, kind, company),
    }
}

/// The seat acting for `company`: the seat railrules asks (the `user` the export names among
/// them, for a company in receivership, which any player runs), else its president.
pub fn seat_for<G: Family>(
    seats: &Seats,
    state: &G::State,
    company: CompanyOf<G>,
    action: Option<&SiteJson>,
    at: &str,
) -> Result<Seat, ImportError> {
    let acting = operating(state).is_some_and(|(c, _)| c == company)
        || state
            .operating_round()
            .is_some_and(|r| r.discards.first() == Some(&company));
    if acting {
        // Asked before most actions: who acts is walked, not listed.
        let to_act = || crate::games::kit18xx::operating_round::actors(state);
        // The export's `user` chooses only among several (a company in receivership): where
        // one seat acts, it is that seat whoever the export names.
        let user = || {
            action
                .and_then(|a| member(a, "user"))
                .and_then(|u| seats.index_of(u))
                .and_then(|i| Seat::ALL.get(i).copied())
        };
        if to_act().nth(1).is_some()
            && let Some(seat) = user().filter(|s| to_act().any(|t| t == *s))
        {
            return Ok(seat);
        }
        if let Some(seat) = to_act().next() {
            return Ok(seat);
        }
    }
    state.company(company).president.ok_or_else(|| {
        error(
            format!("{at}/entity"),
            format!("{company} has no president to act for it"),
        )
    })
}
