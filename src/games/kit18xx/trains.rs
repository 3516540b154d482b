//! Trains and phases (1846 6.7, 4.x): the depot, the phase a first purchase starts, what a new
//! phase does to trains (phased out: they run once more; removed: they leave the game), double-
//! sided cards (the buyer picks the side), the train limit. The title gives its cards, phases
//! and what a phase does to its own pieces (privates, ferries) through
//! [`OperatingTitle`]'s train hooks.

use super::map::TrainSide;
use super::name::Name;
use super::operating_round::{OperatingEvent, OperatingTitle};
use super::table::{CompanyId, Train};
use crate::core::Violation;

/// A train card of the title's depot, as the kit reads it.
#[derive(Debug, Clone, Copy)]
pub struct TrainCard<'a> {
    pub id: &'a str,
    /// Copies made for this game (ignored when unlimited).
    pub made: u8,
    /// The supply never runs out (1833NE's 7+3): copies are numbered on from the highest.
    pub unlimited: bool,
    /// Its sides; a single-sided card has one.
    pub sides: &'a [TrainSide],
}

/// The title's train cards in depot order.
pub fn cards<S: OperatingTitle>(state: &S) -> impl Iterator<Item = TrainCard<'static>> + '_ {
    (0..).map_while(|i| state.train_card(i))
}

/// The index of the first train card left in the depot.
pub fn available_card<S: OperatingTitle>(state: &S) -> Option<usize> {
    let depot = state.depot();
    cards(state)
        .enumerate()
        .find(|(i, card)| depot.get(*i).is_some_and(|&n| n > 0) || card.unlimited)
        .map(|(i, _)| i)
}

/// Whether the train card `card` has a side named `side`.
pub fn card_has_side<S: OperatingTitle>(state: &S, card: &str, side: &str) -> bool {
    cards(state).any(|c| c.id == card && c.sides.iter().any(|s| s.name == side))
}

/// Where a train the depot sells comes from: a new copy of the card at the index, or the
/// discarded train at the index of the discard pile (1846 6.57: trains over the limit go back
/// to the bank, which sells them again).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DepotTrain {
    New(usize),
    Discarded(usize),
}

/// A train the depot sells now, with its card and what it costs as it stands (a new card on its
/// first side, a discarded train on the side it last ran as: 18xx.games' `train.price`).
#[derive(Debug, Clone, Copy)]
pub struct Offer {
    pub source: DepotTrain,
    pub card: TrainCard<'static>,
    pub price: u32,
}

impl Offer {
    /// The prices of its cheaper and its dearer side.
    pub fn sides<S: OperatingTitle>(&self, state: &S) -> (u32, u32) {
        side_prices(state, &self.card).unwrap_or((self.price, self.price))
    }
}

/// The prices of the cheaper and the dearer side of `card`.
pub fn side_prices<S: OperatingTitle>(state: &S, card: &TrainCard) -> Option<(u32, u32)> {
    let prices = card.sides.iter().map(|s| state.side_price(s));
    Some((prices.clone().min()?, prices.max()?))
}

/// The card named `name` (a discarded train's, by its `card`).
pub fn card_named<S: OperatingTitle>(state: &S, name: &str) -> Option<TrainCard<'static>> {
    cards(state).find(|c| c.id == name)
}

/// What the depot sells now: its next new card, then the discard pile, one train of each side
/// they ran as (18xx.games' `depot_trains`: the first upcoming train and the discarded ones,
/// unique by name).
pub fn offers<S: OperatingTitle>(state: &S) -> Vec<Offer> {
    let mut offers: Vec<Offer> = available_card(state)
        .and_then(|i| Some((i, state.train_card(i)?)))
        .and_then(|(i, card)| {
            Some(Offer {
                source: DepotTrain::New(i),
                card,
                price: state.side_price(card.sides.first()?),
            })
        })
        .into_iter()
        .collect();
    let mut seen: Vec<&str> = Vec::new();
    for (i, train) in state.discard_pile().iter().enumerate() {
        if seen.contains(&train.side.as_str()) {
            continue;
        }
        seen.push(&train.side);
        let Some(card) = card_named(state, &train.card) else {
            continue;
        };
        let Some(side) = card.sides.iter().find(|s| s.name == train.side.as_str()) else {
            continue;
        };
        offers.push(Offer {
            source: DepotTrain::Discarded(i),
            card,
            price: state.side_price(side),
        });
    }
    offers
}

/// The depot's cheapest train as it stands, the first of equals (18xx.games' `min_depot_train`).
pub fn cheapest_offer<S: OperatingTitle>(state: &S) -> Option<Offer> {
    offers(state).into_iter().min_by_key(|o| o.price)
}

/// The price of the cheaper side of the depot's cheapest train (18xx.games'
/// `min_depot_price`), if the depot sells any.
pub fn cheapest_available<S: OperatingTitle>(state: &S) -> Option<u32> {
    cheapest_offer(state).map(|o| o.sides(state).0)
}

/// The price of the dearer side of the depot's dearest train as it stands, the first of equals
/// (18xx.games' `max_depot_price`), if the depot sells any.
pub fn dearest_available<S: OperatingTitle>(state: &S) -> Option<u32> {
    let offers = offers(state);
    let most = offers.iter().map(|o| o.price).max()?;
    offers
        .iter()
        .find(|o| o.price == most)
        .map(|o| o.sides(state).1)
}

/// Trains that count against the limit.
pub fn active_trains<S: OperatingTitle>(state: &S, company: S::Company) -> usize {
    state
        .company(company)
        .trains
        .iter()
        .filter(|t| !t.phased_out)
        .count()
}

/// The train a purchase from the depot names: a discarded train by its id, or a card by its
/// name (its next new copy when the depot sells that card now, else the first discarded train
/// of that card).
fn named_depot_train<S: OperatingTitle>(state: &S, named: &str) -> Option<DepotTrain> {
    let pile = state.discard_pile();
    if let Some(i) = pile.iter().position(|t| t.id == named) {
        return Some(DepotTrain::Discarded(i));
    }
    if let Some(i) =
        available_card(state).filter(|&i| state.train_card(i).is_some_and(|c| c.id == named))
    {
        return Some(DepotTrain::New(i));
    }
    pile.iter()
        .position(|t| t.card == named)
        .map(DepotTrain::Discarded)
}

/// What the depot asks now for the train a purchase names (card or discarded train's id) on
/// side `variant`, if it sells one so named.
pub fn depot_price<S: OperatingTitle>(state: &S, named: &str, variant: &str) -> Option<u32> {
    let card = card_of(state, named_depot_train(state, named)?)?;
    let side = card.sides.iter().find(|s| s.name == variant)?;
    Some(state.side_price(side))
}

/// The card of a train the depot sells.
pub fn card_of<S: OperatingTitle>(state: &S, train: DepotTrain) -> Option<TrainCard<'static>> {
    match train {
        DepotTrain::New(i) => state.train_card(i),
        DepotTrain::Discarded(i) => card_named(state, &state.discard_pile().get(i)?.card),
    }
}

/// Judges the train and side of a purchase from the depot: the depot's next card or a
/// discarded train ([`named_depot_train`]), one of its sides, within the train limit. Returns
/// the train and the side's price (who pays is the emergency rules' concern:
/// `emergency::judge_depot_purchase`).
pub fn judge_depot_card<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    card: &str,
    variant: &str,
) -> Result<(DepotTrain, u32), Violation> {
    let trains = state.operating_sections().trains;
    let Some(available) = offers(state).first().map(|o| o.card) else {
        return Err(Violation::new(
            "depot_empty",
            trains,
            "the depot has no train left",
        ));
    };
    let Some((train, named)) =
        named_depot_train(state, card).and_then(|t| Some((t, card_of(state, t)?)))
    else {
        let discarded: Vec<&str> = state.discard_pile().iter().map(|t| t.id.as_str()).collect();
        let pile = if discarded.is_empty() {
            String::new()
        } else {
            format!(" and the discarded {}", discarded.join(", "))
        };
        return Err(Violation::new(
            "not_available",
            trains,
            format!(
                "the depot sells the {}{pile} now, not the {card}",
                available.id
            ),
        ));
    };
    let Some(side) = named.sides.iter().find(|s| s.name == variant) else {
        return Err(Violation::new(
            "no_such_variant",
            trains,
            format!("the {} card has no side {variant}", named.id),
        ));
    };
    let limit = state.train_limit(company);
    if active_trains(state, company) >= limit {
        return Err(Violation::new(
            "train_limit",
            trains,
            format!(
                "{company} has {} trains; the limit is {limit}",
                active_trains(state, company),
            ),
        ));
    }
    Ok((train, state.side_price(side)))
}

/// The copy number of the next train of the card at `index` (taking it from the depot): the
/// next printed copy, or for an unlimited card the next after the highest ever bought, held,
/// discarded or gone (an id that left the game is never used again).
fn next_copy<S: OperatingTitle>(state: &mut S, index: usize, card: &TrainCard) -> u32 {
    if card.unlimited {
        let held = state
            .companies()
            .iter()
            .flat_map(|e| &e.trains)
            .chain(state.discard_pile())
            .map(|t| t.id.clone())
            .collect::<Vec<_>>();
        let removed = state.ledger().removed_trains.clone();
        return held
            .iter()
            .chain(&removed)
            .filter_map(|id| {
                id.rsplit_once('-')
                    .filter(|(c, _)| *c == card.id)
                    .and_then(|(_, n)| n.parse::<u32>().ok())
            })
            .max()
            .map_or(0, |n| n + 1);
    }
    let depot = state.depot_mut();
    depot[index] -= 1;
    u32::from(card.made - depot[index] - 1)
}

/// Takes the train out of the depot: a new copy of its card, or the discarded train.
fn take_from_depot<S: OperatingTitle>(state: &mut S, train: DepotTrain) -> Option<(Name, Name)> {
    match train {
        DepotTrain::New(index) => {
            let card = state.train_card(index)?;
            let copy = next_copy(state, index, &card);
            Some((
                format!("{}-{copy}", card.id).as_str().into(),
                card.id.into(),
            ))
        }
        DepotTrain::Discarded(i) => {
            let pile = state.discard_pile_mut();
            (i < pile.len()).then(|| {
                let t = pile.remove(i);
                (t.id, t.card)
            })
        }
    }
}

/// Buys the train (judged by [`judge_depot_card`]) and starts a new phase if it is the first
/// of its card's phase (never a discarded one: its card was bought before).
pub fn buy<S: OperatingTitle>(
    state: &mut S,
    company: S::Company,
    train: DepotTrain,
    variant: &str,
    price: u32,
    president_paid: u32,
) -> Vec<S::Event> {
    let Some((id, card)) = take_from_depot(state, train) else {
        return vec![];
    };
    if president_paid > 0
        && let Some(president) = state.company(company).president
    {
        state.player_pays_company(president, company, president_paid);
    }
    let ledger = state.ledger();
    let entry = &mut ledger.companies[company.index()];
    entry.cash -= price;
    entry.trains.push(Train {
        id: id.clone(),
        card: card.clone(),
        side: variant.into(),
        phased_out: false,
    });
    *ledger.bank += i64::from(price);
    let mut events = vec![
        OperatingEvent::TrainBought {
            corporation: company,
            train: id.to_string(),
            variant: variant.to_string(),
            price,
            president_paid,
        }
        .into(),
    ];
    let next = state.phase() + 1;
    if matches!(train, DepotTrain::New(_)) && state.phase_starts_on(next) == Some(card.as_str()) {
        events.extend(start_phase(state, next));
    }
    events
}

/// The company's trains that `leaves` picks go back to the bank (1846 6.57): to the discard
/// pile, which the depot sells again, or out of the game when phased out (18xx.games'
/// `reclaim_train`: an obsolete train is not kept). Returns their ids.
pub fn return_trains<S: OperatingTitle>(
    state: &mut S,
    company: S::Company,
    leaves: impl Fn(&Train) -> bool,
) -> Vec<Name> {
    let entry = &mut state.ledger().companies[company.index()];
    let (gone, kept): (Vec<Train>, Vec<Train>) = std::mem::take(&mut entry.trains)
        .into_iter()
        .partition(|t| leaves(t));
    entry.trains = kept;
    let ids = gone.iter().map(|t| t.id.clone()).collect();
    for train in gone {
        if train.phased_out {
            state.ledger().removed_trains.push(train.id);
        } else {
            state.discard_pile_mut().push(train);
        }
    }
    ids
}

/// The discarded trains of `card` leave the game (a phase phased their card out or removed it:
/// 18xx.games rusts an obsolete train in the discard pile). Returns their ids.
fn discarded_leave<S: OperatingTitle>(state: &mut S, card: &str) -> Vec<Name> {
    let pile = std::mem::take(state.discard_pile_mut());
    let (gone, kept): (Vec<Train>, Vec<Train>) = pile.into_iter().partition(|t| t.card == card);
    *state.discard_pile_mut() = kept;
    let ids: Vec<Name> = gone.into_iter().map(|t| t.id).collect();
    state.ledger().removed_trains.extend(ids.iter().cloned());
    ids
}

/// A new phase and everything it triggers: trains phased out and removed, then what it does
/// to the title's own pieces.
pub fn start_phase<S: OperatingTitle>(state: &mut S, phase: usize) -> Vec<S::Event> {
    state.set_phase(phase);
    let mut events = vec![
        OperatingEvent::PhaseChanged {
            phase: state.phase_name(phase),
        }
        .into(),
    ];
    let (phased_out, removed) = state.phase_train_effects(phase);
    for card in phased_out {
        for entry in state.ledger().companies.iter_mut() {
            for t in entry.trains.iter_mut().filter(|t| t.card == *card) {
                t.phased_out = true;
            }
        }
        events.push(
            OperatingEvent::TrainsPhasedOut {
                card: card.to_string(),
            }
            .into(),
        );
        let gone = discarded_leave(state, card);
        events.extend(trains_removed(card, gone));
    }
    for card in removed {
        let mut gone: Vec<Name> = discarded_leave(state, card);
        for &company in S::Company::all() {
            gone.extend(state.remove_trains(company, |t| t.card == *card));
        }
        events.extend(trains_removed(card, gone));
    }
    state.on_phase(phase, &mut events);
    events
}

/// The `trains_removed` event of a card's trains that left the game, if any did.
fn trains_removed<E: From<OperatingEvent<C>>, C>(card: &str, gone: Vec<Name>) -> Option<E> {
    (!gone.is_empty()).then(|| {
        OperatingEvent::TrainsRemoved {
            card: card.to_string(),
            trains: gone.into_iter().map(String::from).collect(),
        }
        .into()
    })
}

/// Companies over the train limit, in operating order from `order`.
pub fn over_limit<S: OperatingTitle>(state: &S, order: &[S::Company]) -> Vec<S::Company> {
    order
        .iter()
        .copied()
        .filter(|&c| active_trains(state, c) > state.train_limit(c))
        .collect()
}
