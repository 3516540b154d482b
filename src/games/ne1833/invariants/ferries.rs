//! Ferries: each one of the game's, bought once, by a started company that has not closed; P5's
//! luxury ferry one of the game's.

use crate::games::kit18xx::table::Table as _;
use std::collections::BTreeSet;

use super::Problems;
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::State;

pub(super) fn check(state: &State, problems: &mut Problems) {
    let known: BTreeSet<&str> = state
        .provisional
        .ferries
        .iter()
        .map(|f| f.id.as_str())
        .collect();
    let mut bought = BTreeSet::new();
    for (i, f) in state.ferries.iter().enumerate() {
        let at = format!("/ferries/{i}");
        let owner = state.company(f.company);
        let problem = if !known.contains(f.ferry.as_str()) {
            Some(("bad_ferry", format!("there is no ferry {}", f.ferry)))
        } else if !bought.insert(f.ferry.as_str()) {
            Some((
                "bad_ferry",
                format!("the {} ferry is bought twice", f.ferry),
            ))
        } else if owner.closed {
            Some((
                "closed_company_in_use",
                format!(
                    "{} has closed but still has the {} ferry",
                    f.company, f.ferry
                ),
            ))
        } else if !owner.is_started() {
            Some((
                "bad_ferry",
                format!(
                    "the {} ferry belongs to {}, which has not started",
                    f.ferry, f.company
                ),
            ))
        } else {
            None
        };
        if let Some((code, message)) = problem {
            problems.add(code, section::FERRIES, at, message);
        }
    }
    if let Some(ferry) = &state.luxury_ferry
        && !known.contains(ferry.as_str())
    {
        problems.add(
            "bad_ferry",
            section::FERRIES,
            "/luxury_ferry",
            format!("P5 doubles the {ferry} ferry, which is not one of the game's"),
        );
    }
}
