//! Trains: every card's copies in exactly one place (the depot, a company, or out of the game),
//! each a real side of its card with an id `card-n`, bought in the depot's order, the phase the
//! one the trains bought started, and no company over the train limit. The title hands its
//! cards, depot and phases over as a [`TrainBook`] ([`TrainBook::of`] reads one from its
//! operating rounds' hooks).

use super::{CheckedTitle, Problems, company_at};
use crate::games::kit18xx::name::Name;
use crate::games::kit18xx::operating_round::OperatingTitle;
use crate::games::kit18xx::table::{CompanyId, Train};
use crate::games::kit18xx::trains::{TrainCard, cards};

/// What the trains are judged against.
pub struct TrainBook<'a, C> {
    /// The train cards in depot order.
    pub cards: Vec<TrainCard<'static>>,
    /// Copies left in the depot, per card.
    pub depot: &'a [u8],
    /// Trains that have left the game, by id.
    pub removed: &'a [Name],
    /// Trains returned to the bank that the depot sells again.
    pub discarded: &'a [Train],
    /// The phase now, 0 first.
    pub phase: usize,
    /// Each phase's name and the card whose first purchase starts it (none for the first).
    pub phases: Vec<(String, Option<&'static str>)>,
    /// The cards the phases so far have phased out.
    pub phased_out: Vec<&'static str>,
    /// The train limit of each company now, by index (empty when the phase is not one of the
    /// game's: nothing is judged then).
    pub limits: Vec<usize>,
    /// Companies discarding down to the limit after a phase change.
    pub discards: &'a [C],
}

impl<'a, C: CompanyId> TrainBook<'a, C> {
    /// The book of a title with operating rounds, from its hooks.
    pub fn of<S>(state: &'a S, removed: &'a [Name]) -> TrainBook<'a, C>
    where
        S: OperatingTitle<Company = C>,
    {
        let count = 1
            + (1..)
                .take_while(|&p| state.phase_starts_on(p).is_some())
                .count();
        let phases = (0..count)
            .map(|p| (state.phase_name(p), state.phase_starts_on(p)))
            .collect();
        let phase = state.phase();
        let known = phase < count;
        let phased_out = (0..=phase.min(count - 1))
            .flat_map(|p| state.phase_train_effects(p).0.iter().copied())
            .collect();
        let limits = if known {
            C::all().iter().map(|&c| state.train_limit(c)).collect()
        } else {
            Vec::new()
        };
        TrainBook {
            cards: cards(state).collect(),
            depot: state.depot(),
            removed,
            discarded: state.discard_pile(),
            phase,
            phases,
            phased_out,
            limits,
            discards: state.operating_round().map_or(&[], |r| r.discards),
        }
    }
}

impl<C> TrainBook<'_, C> {
    fn card_index(&self, card: &str) -> Option<usize> {
        self.cards.iter().position(|k| k.id == card)
    }

    /// The card an id names (`3/5-2`: the 3/5), if it is one.
    fn card_of_id(&self, id: &str) -> Option<usize> {
        self.card_index(id.rsplit_once('-')?.0)
    }

    /// Whether `id` is a copy of card `index`: `card-n`, n below the card's count (any n for an
    /// unlimited card), written without leading zeros.
    fn is_copy_of(&self, id: &str, index: usize) -> bool {
        let card = &self.cards[index];
        let Some(n) = id
            .strip_prefix(card.id)
            .and_then(|rest| rest.strip_prefix('-'))
            .and_then(|n| n.parse::<u32>().ok())
        else {
            return false;
        };
        let in_count = card.unlimited || n < u32::from(card.made);
        in_count && format!("{}-{n}", card.id) == id
    }
}

/// Where a train is: a company's train (by index in its trains), a discarded one (by index in
/// `discard_pile`) or one out of the game (by index in `removed_trains`).
#[derive(Debug, Clone, Copy)]
enum Place<C> {
    Held(C, usize),
    Discarded(usize),
    Removed(usize),
}

impl<C: CompanyId> Place<C> {
    fn pointer(self) -> String {
        match self {
            Place::Held(company, i) => format!("{}/trains/{i}", company_at(company)),
            Place::Discarded(i) => format!("/discard_pile/{i}"),
            Place::Removed(i) => format!("/removed_trains/{i}"),
        }
    }

    fn name(self) -> String {
        match self {
            Place::Held(company, _) => company.to_string(),
            Place::Discarded(_) => "the discard pile".to_string(),
            Place::Removed(_) => "out of the game".to_string(),
        }
    }
}

/// A train seen somewhere, with the card it is of (when known).
struct Sighting<'s, C> {
    id: &'s str,
    card: Option<usize>,
    place: Place<C>,
}

pub fn check<S: CheckedTitle>(state: &S, book: &TrainBook<S::Company>, problems: &mut Problems) {
    let section = state.check_sections().trains;
    let mut sightings = Vec::new();
    for entry in state.companies() {
        for (i, train) in entry.trains.iter().enumerate() {
            let place = Place::Held(entry.company, i);
            // A train of an unknown card is counted as the card its id names.
            let card = held_train(state, book, train, place, problems)
                .or_else(|| book.card_of_id(&train.id));
            sightings.push(Sighting {
                id: &train.id,
                card,
                place,
            });
        }
    }
    for (i, train) in book.discarded.iter().enumerate() {
        let place = Place::Discarded(i);
        let card =
            held_train(state, book, train, place, problems).or_else(|| book.card_of_id(&train.id));
        discarded_train(state, book, train, card, place, problems);
        sightings.push(Sighting {
            id: &train.id,
            card,
            place,
        });
    }
    for (i, id) in book.removed.iter().enumerate() {
        let place = Place::Removed(i);
        let card = removed_train(state, book, id, place, problems);
        sightings.push(Sighting { id, card, place });
    }
    let out = copies_out(state, book, sightings, problems);
    if book.depot.len() != book.cards.len() {
        problems.add(
            "bad_depot",
            state.check_sections().setup,
            "/depot",
            format!(
                "the depot lists {} cards; the game has {}",
                book.depot.len(),
                book.cards.len()
            ),
        );
    } else {
        conserved(section, book, &out, problems);
        bought_in_order(section, book, &out, problems);
    }
    phase_started(section, book, &out, problems);
    train_limit(state, book, problems);
}

/// A company's train: of a card, on one of its sides, its id naming that card, and phased out
/// once, and only once, a phase has phased its card out. Returns its card.
fn held_train<S: CheckedTitle>(
    state: &S,
    book: &TrainBook<S::Company>,
    train: &Train,
    place: Place<S::Company>,
    problems: &mut Problems,
) -> Option<usize> {
    let section = state.check_sections().trains;
    let at = place.pointer();
    let Some(index) = book.card_index(&train.card) else {
        problems.add(
            "unknown_train",
            section,
            format!("{at}/card"),
            format!(
                "{} has a train {} of no card {}",
                place.name(),
                train.id,
                train.card
            ),
        );
        return None;
    };
    let card = &book.cards[index];
    if !card.sides.iter().any(|side| side.name == train.side) {
        let sides: Vec<&str> = card.sides.iter().map(|s| s.name.as_str()).collect();
        problems.add(
            "bad_train_side",
            section,
            format!("{at}/side"),
            format!(
                "train {} runs as {}; the {} card's sides are {}",
                train.id,
                train.side,
                card.id,
                sides.join(" and ")
            ),
        );
    }
    if !book.is_copy_of(&train.id, index) {
        problems.add(
            "bad_train_id",
            section,
            format!("{at}/id"),
            format!(
                "train {} of the {} card: an id is the card and a copy below {}, as {}-0",
                train.id, card.id, card.made, card.id
            ),
        );
    }
    if train.phased_out && !book.phased_out.contains(&card.id) {
        problems.add(
            "train_phased_out_early",
            section,
            format!("{at}/phased_out"),
            format!(
                "train {} is phased out, but no phase up to {} phases out the {}",
                train.id,
                book.phase + 1,
                card.id
            ),
        );
    }
    // A phase phases out every train of its cards that a company holds (`start_phase`).
    if !train.phased_out && book.phased_out.contains(&card.id) && matches!(place, Place::Held(..)) {
        problems.add(
            "train_not_phased_out",
            section,
            format!("{at}/phased_out"),
            format!(
                "train {} runs as current, but a phase up to {} has phased the {} out",
                train.id,
                book.phase + 1,
                card.id
            ),
        );
    }
    Some(index)
}

/// A discarded train is never phased out: a phase that phases its card out takes it out of
/// the game (`trains::start_phase`), and a phased-out train returned to the bank leaves it.
fn discarded_train<S: CheckedTitle>(
    state: &S,
    book: &TrainBook<S::Company>,
    train: &Train,
    card: Option<usize>,
    place: Place<S::Company>,
    problems: &mut Problems,
) {
    let obsolete = card.is_some_and(|k| book.phased_out.contains(&book.cards[k].id));
    if train.phased_out || obsolete {
        problems.add(
            "obsolete_train_discarded",
            state.check_sections().trains,
            place.pointer(),
            format!(
                "train {} is in the discard pile, but its card is phased out: it has left the game",
                train.id
            ),
        );
    }
}

/// A train out of the game, by its id. Returns the card it names.
fn removed_train<S: CheckedTitle>(
    state: &S,
    book: &TrainBook<S::Company>,
    id: &str,
    place: Place<S::Company>,
    problems: &mut Problems,
) -> Option<usize> {
    let card = book.card_of_id(id);
    if !card.is_some_and(|k| book.is_copy_of(id, k)) {
        problems.add(
            "bad_train_id",
            state.check_sections().trains,
            place.pointer(),
            format!("{id} is not the id of a train: a card and a copy below its count, as 2-0"),
        );
    }
    card
}

/// The copies of each card out of the depot (held or out of the game), counting an id once;
/// an id in two places is named once, at its second place.
fn copies_out<S: CheckedTitle>(
    state: &S,
    book: &TrainBook<S::Company>,
    mut sightings: Vec<Sighting<S::Company>>,
    problems: &mut Problems,
) -> Vec<usize> {
    let mut out = vec![0; book.cards.len()];
    sightings.sort_by(|a, b| a.id.cmp(b.id));
    for same in sightings.chunk_by(|a, b| a.id == b.id) {
        if let Some(card) = same[0].card {
            out[card] += 1;
        }
        if same.len() > 1 {
            let places: Vec<String> = same.iter().map(|c| c.place.name()).collect();
            problems.add(
                "train_in_two_places",
                state.check_sections().trains,
                same[1].place.pointer(),
                format!(
                    "train {} is in {} places: {}",
                    same[0].id,
                    same.len(),
                    places.join(", ")
                ),
            );
        }
    }
    out
}

/// No train is made or lost: a card's copies left in the depot and out of it are its count
/// (an unlimited card's depot stays at its count).
fn conserved<C>(section: &str, book: &TrainBook<C>, out: &[usize], problems: &mut Problems) {
    for (k, card) in book.cards.iter().enumerate() {
        let depot = usize::from(book.depot[k]);
        let count = usize::from(card.made);
        let problem = if card.unlimited {
            (depot != count).then(|| {
                format!(
                    "the {} is unlimited: its depot stays at {count}, not {depot}",
                    card.id
                )
            })
        } else {
            (depot + out[k] != count).then(|| {
                format!(
                    "the {} card has {count} copies; the depot has {depot} and {} are out of it",
                    card.id, out[k]
                )
            })
        };
        if let Some(message) = problem {
            problems.add(
                "trains_not_conserved",
                section,
                format!("/depot/{k}"),
                message,
            );
        }
    }
}

/// The depot sells its cards in order: once a copy of a card is out of it, no card before it
/// has a copy left in it.
fn bought_in_order<C>(section: &str, book: &TrainBook<C>, out: &[usize], problems: &mut Problems) {
    let Some(last) = (0..out.len()).rev().find(|&k| out[k] > 0) else {
        return;
    };
    for k in 0..last {
        let left = book.depot[k];
        if left > 0 && !book.cards[k].unlimited {
            problems.add(
                "trains_bought_out_of_order",
                section,
                format!("/depot/{k}"),
                format!(
                    "a {} is out of the depot while {left} of the {} card are still in it",
                    book.cards[last].id, book.cards[k].id
                ),
            );
        }
    }
}

/// The phase is the last one whose card has a copy out of the depot (phase I when none).
fn phase_started<C>(section: &str, book: &TrainBook<C>, out: &[usize], problems: &mut Problems) {
    let expected = book
        .phases
        .iter()
        .rposition(|(_, on)| {
            on.and_then(|card| book.card_index(card))
                .is_some_and(|k| out[k] > 0)
        })
        .unwrap_or(0);
    if book.phase != expected {
        let started = match &book.phases[expected].1 {
            Some(card) => format!("the first {card} bought started it"),
            None => "no train that starts a phase is bought".to_string(),
        };
        problems.add(
            "wrong_phase",
            section,
            "/phase",
            format!(
                "the phase is {} (index {}); it must be {}: {started}",
                book.phases
                    .get(book.phase)
                    .map_or("none", |(name, _)| name.as_str()),
                book.phase,
                book.phases[expected].0
            ),
        );
    }
}

/// A company holds no more trains than the limit (phased-out ones do not count), except one
/// discarding down after a phase change.
fn train_limit<S: CheckedTitle>(state: &S, book: &TrainBook<S::Company>, problems: &mut Problems) {
    let phase = book.phases.get(book.phase).map_or("none", |(name, _)| name);
    for entry in state
        .companies()
        .iter()
        .filter(|e| state.has_begun(e.company) && !e.closed)
    {
        let Some(&limit) = book.limits.get(entry.company.index()) else {
            continue;
        };
        let active = entry.trains.iter().filter(|t| !t.phased_out).count();
        if active > limit && !book.discards.contains(&entry.company) {
            problems.add(
                "train_limit",
                state.check_sections().trains,
                format!("{}/trains", company_at(entry.company)),
                format!(
                    "{} has {active} trains; the limit in phase {phase} is {limit}",
                    entry.company
                ),
            );
        }
    }
}
