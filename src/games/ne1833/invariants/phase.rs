//! What the phases so far do is done: their trains phased out or removed, their privates closed
//! or flipped, the ferries gone from phase IV. The effects are the rules' own
//! (`trains::start_phase`), replayed on a copy of the state: a phase's effects are done once,
//! so on a consistent state the replay changes nothing, and whatever it changes names a problem.

use std::collections::HashSet;

use super::{Problems, private_at};
use crate::games::ne1833::data::components;
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::State;
use crate::games::ne1833::trains::start_phase;

pub(super) fn check(state: &State, problems: &mut Problems) {
    // A phase beyond the last is refused with the trains (`wrong_phase`).
    if usize::from(state.phase) >= components().phases.len() {
        return;
    }
    let mut after = state.clone();
    for phase in 1..=usize::from(state.phase) {
        start_phase(&mut after, phase);
    }
    trains(state, &after, problems);
    privates(state, &after, problems);
    ferries(state, &after, problems);
}

fn phase_name(state: &State) -> &'static str {
    &components().phases[usize::from(state.phase)].name
}

fn trains(state: &State, after: &State, problems: &mut Problems) {
    for (entry, replayed) in state.companies.iter().zip(&after.companies) {
        let kept: HashSet<&str> = replayed.trains.iter().map(|t| t.id.as_str()).collect();
        // A kept train's phased-out mark is the kit's check (`train_not_phased_out`).
        for (i, train) in entry.trains.iter().enumerate() {
            let at = format!("/companies/{}/trains/{i}", entry.company.index());
            if !kept.contains(train.id.as_str()) {
                problems.add(
                    "obsolete_train_held",
                    section::TRAINS,
                    at,
                    format!(
                        "{} holds train {}, which phase {} or an earlier one removed",
                        entry.company,
                        train.id,
                        phase_name(state)
                    ),
                );
            }
        }
    }
}

fn privates(state: &State, after: &State, problems: &mut Problems) {
    for (p, replayed) in state.privates.iter().zip(&after.privates) {
        let at = private_at(p.private);
        if replayed.closed && !p.closed {
            problems.add(
                "private_not_closed_by_phase",
                section::PRIVATES,
                format!("{at}/closed"),
                format!(
                    "{} is open, but phase {} or an earlier one closed it",
                    p.private,
                    phase_name(state)
                ),
            );
        } else if replayed.flipped && !p.flipped {
            problems.add(
                "private_not_flipped_by_phase",
                section::PRIVATES,
                format!("{at}/flipped"),
                format!(
                    "{} is not flipped, but phase {} or an earlier one flipped it",
                    p.private,
                    phase_name(state)
                ),
            );
        }
    }
}

fn ferries(state: &State, after: &State, problems: &mut Problems) {
    if !after.ferries.is_empty() {
        return;
    }
    for (i, f) in state.ferries.iter().enumerate() {
        problems.add(
            "ferry_removed_by_phase",
            section::FERRIES,
            format!("/ferries/{i}"),
            format!(
                "{} owns the {} ferry, but the ferries left the game in phase IV",
                f.company, f.ferry
            ),
        );
    }
}
