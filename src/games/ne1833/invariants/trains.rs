//! Trains: every card's copies in exactly one place (the depot, a company, or out of the game),
//! each a real side of its card with an id `card-n`, bought in the depot's order, the phase the
//! one the trains bought started, and no company over the train limit.

use super::{Problems, company_at};
use crate::games::ne1833::data::{TrainCard, UNLIMITED_TRAIN, components, phase_train_effects};
use crate::games::ne1833::ids::Company;
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{Round, State, Train};

/// Where a train is: a company's train (by index in its trains) or one out of the game (by index
/// in `removed_trains`).
#[derive(Debug, Clone, Copy)]
enum Place {
    Held(Company, usize),
    Removed(usize),
}

impl Place {
    fn pointer(self) -> String {
        match self {
            Place::Held(company, i) => format!("{}/trains/{i}", company_at(company)),
            Place::Removed(i) => format!("/removed_trains/{i}"),
        }
    }

    fn name(self) -> String {
        match self {
            Place::Held(company, _) => company.to_string(),
            Place::Removed(_) => "out of the game".to_string(),
        }
    }
}

/// A train seen somewhere, with the card it is of (when known).
struct Sighting<'s> {
    id: &'s str,
    card: Option<usize>,
    place: Place,
}

pub(super) fn check(state: &State, problems: &mut Problems) {
    let c = components();
    let mut sightings = Vec::new();
    for entry in &state.companies {
        for (i, train) in entry.trains.iter().enumerate() {
            let place = Place::Held(entry.company, i);
            // A train of an unknown card is counted as the card its id names.
            let card = held_train(state, train, place, problems).or_else(|| card_of_id(&train.id));
            sightings.push(Sighting {
                id: &train.id,
                card,
                place,
            });
        }
    }
    for (i, id) in state.removed_trains.iter().enumerate() {
        let place = Place::Removed(i);
        let card = removed_train(id, place, problems);
        sightings.push(Sighting { id, card, place });
    }
    let out = copies_out(sightings, problems);
    if state.depot.len() != c.trains.len() {
        problems.add(
            "bad_depot",
            section::SETUP,
            "/depot",
            format!(
                "the depot lists {} cards; the game has {}",
                state.depot.len(),
                c.trains.len()
            ),
        );
    } else {
        conserved(state, &out, problems);
        bought_in_order(state, &out, problems);
    }
    phase_started(state, &out, problems);
    train_limit(state, problems);
}

/// The card an id names (`3/5-2`: the 3/5), if it is one.
fn card_of_id(id: &str) -> Option<usize> {
    card_index(id.rsplit_once('-')?.0)
}

/// Whether `id` is a copy of card `index`: `card-n`, n below the card's count (any n for the
/// unlimited 7+3), written without leading zeros.
fn is_copy_of(id: &str, index: usize) -> bool {
    let card = &components().trains[index];
    let Some(n) = id
        .strip_prefix(card.id.as_str())
        .and_then(|rest| rest.strip_prefix('-'))
        .and_then(|n| n.parse::<u32>().ok())
    else {
        return false;
    };
    let in_count = card.id == UNLIMITED_TRAIN || n < u32::from(card.count);
    in_count && format!("{}-{n}", card.id) == id
}

fn card_index(card: &str) -> Option<usize> {
    components().trains.iter().position(|k| k.id == card)
}

/// A company's train: of a card, on one of its sides, its id naming that card, and phased out
/// only once a phase has phased its card out. Returns its card.
fn held_train(
    state: &State,
    train: &Train,
    place: Place,
    problems: &mut Problems,
) -> Option<usize> {
    let c = components();
    let at = place.pointer();
    let Some(index) = card_index(&train.card) else {
        problems.add(
            "unknown_train",
            section::TRAINS,
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
    let card: &TrainCard = &c.trains[index];
    if !card.sides.iter().any(|side| side.name == train.side) {
        let sides: Vec<&str> = card.sides.iter().map(|s| s.name.as_str()).collect();
        problems.add(
            "bad_train_side",
            section::TRAINS,
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
    if !is_copy_of(&train.id, index) {
        problems.add(
            "bad_train_id",
            section::TRAINS,
            format!("{at}/id"),
            format!(
                "train {} of the {} card: an id is the card and a copy below {}, as {}-0",
                train.id, card.id, card.count, card.id
            ),
        );
    }
    if train.phased_out && !phased_out_by(state.phase, &card.id) {
        problems.add(
            "train_phased_out_early",
            section::TRAINS,
            format!("{at}/phased_out"),
            format!(
                "train {} is phased out, but no phase up to {} phases out the {}",
                train.id,
                usize::from(state.phase) + 1,
                card.id
            ),
        );
    }
    Some(index)
}

/// Whether phase `phase` (0 = I) or an earlier one phases out trains of `card`.
fn phased_out_by(phase: u8, card: &str) -> bool {
    (0..=usize::from(phase)).any(|p| phase_train_effects(p).0.contains(&card))
}

/// A train out of the game, by its id. Returns the card it names.
fn removed_train(id: &str, place: Place, problems: &mut Problems) -> Option<usize> {
    let card = card_of_id(id);
    if !card.is_some_and(|k| is_copy_of(id, k)) {
        problems.add(
            "bad_train_id",
            section::TRAINS,
            place.pointer(),
            format!("{id} is not the id of a train: a card and a copy below its count, as 2-0"),
        );
    }
    card
}

/// The copies of each card out of the depot (held or out of the game), counting an id once;
/// an id in two places is named once, at its second place.
fn copies_out(mut sightings: Vec<Sighting>, problems: &mut Problems) -> Vec<usize> {
    let mut out = vec![0; components().trains.len()];
    sightings.sort_by(|a, b| a.id.cmp(b.id));
    for same in sightings.chunk_by(|a, b| a.id == b.id) {
        if let Some(card) = same[0].card {
            out[card] += 1;
        }
        if same.len() > 1 {
            let places: Vec<String> = same.iter().map(|c| c.place.name()).collect();
            problems.add(
                "train_in_two_places",
                section::TRAINS,
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
/// (the unlimited 7+3's depot stays at its count).
fn conserved(state: &State, out: &[usize], problems: &mut Problems) {
    for (k, card) in components().trains.iter().enumerate() {
        let depot = usize::from(state.depot[k]);
        let count = usize::from(card.count);
        let problem = if card.id == UNLIMITED_TRAIN {
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
                section::TRAINS,
                format!("/depot/{k}"),
                message,
            );
        }
    }
}

/// The depot sells its cards in order: once a copy of a card is out of it, no card before it
/// has a copy left in it.
fn bought_in_order(state: &State, out: &[usize], problems: &mut Problems) {
    let c = components();
    let Some(last) = (0..out.len()).rev().find(|&k| out[k] > 0) else {
        return;
    };
    for k in 0..last {
        let left = state.depot[k];
        if left > 0 && c.trains[k].id != UNLIMITED_TRAIN {
            problems.add(
                "trains_bought_out_of_order",
                section::TRAINS,
                format!("/depot/{k}"),
                format!(
                    "a {} is out of the depot while {left} of the {} card are still in it",
                    c.trains[last].id, c.trains[k].id
                ),
            );
        }
    }
}

/// The phase is the last one whose card has a copy out of the depot (phase I when none).
fn phase_started(state: &State, out: &[usize], problems: &mut Problems) {
    let c = components();
    let expected = c
        .phases
        .iter()
        .rposition(|p| {
            p.on.as_deref()
                .and_then(card_index)
                .is_some_and(|k| out[k] > 0)
        })
        .unwrap_or(0);
    if usize::from(state.phase) != expected {
        let started = match &c.phases[expected].on {
            Some(card) => format!("the first {card} bought started it"),
            None => "no train that starts a phase is bought".to_string(),
        };
        problems.add(
            "wrong_phase",
            section::TRAINS,
            "/phase",
            format!(
                "the phase is {} (index {}); it must be {}: {started}",
                c.phases
                    .get(usize::from(state.phase))
                    .map_or("none", |p| p.name.as_str()),
                state.phase,
                c.phases[expected].name
            ),
        );
    }
}

/// A company holds no more trains than the limit (phased-out ones do not count), except one
/// discarding down after a phase change.
fn train_limit(state: &State, problems: &mut Problems) {
    let c = components();
    let phase = &c.phases[usize::from(state.phase).min(c.phases.len() - 1)];
    let limit = usize::from(phase.train_limit);
    let discarding = |company| matches!(&state.round, Round::OperatingRound { discards, .. } if discards.contains(&company));
    for entry in state
        .companies
        .iter()
        .filter(|e| e.is_started() && !e.closed)
    {
        let active = entry.trains.iter().filter(|t| !t.phased_out).count();
        if active > limit && !discarding(entry.company) {
            problems.add(
                "train_limit",
                section::TRAINS,
                format!("{}/trains", company_at(entry.company)),
                format!(
                    "{} has {active} trains; the limit in phase {} is {limit}",
                    entry.company, phase.name
                ),
            );
        }
    }
}
