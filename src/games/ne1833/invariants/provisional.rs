//! The provisional values (ferries, bonuses) a state or a setup carries: on the map, in range.

use super::{MONEY_CEILING, Problems};
use crate::core::Violation;
use crate::games::ne1833::data::{Provisional, components};
use crate::games::ne1833::rules::section;

/// Problems with replacement provisional values, located under `/provisional` (the field's name
/// in both the state and the setup options).
pub fn provisional_problems(p: &Provisional) -> Vec<Violation> {
    let c = components();
    let mut problems = Problems::default();
    let mut bad = |pointer: String, m: String| {
        problems.add("inconsistent_components", section::FERRIES, pointer, m)
    };
    for (i, f) in p.ferries.iter().enumerate() {
        let at = format!("/provisional/ferries/{i}");
        if c.hex(&f.port).is_none() || c.hex(&f.city).is_none() {
            bad(
                at.clone(),
                format!("ferry {} names a hex that is not on the map", f.id),
            );
        }
        if f.value >= MONEY_CEILING {
            bad(
                format!("{at}/value"),
                format!("ferry {} is worth ${}", f.id, f.value),
            );
        }
    }
    for (i, b) in p.bonuses.iter().enumerate() {
        let at = format!("/provisional/bonuses/{i}");
        if b.between.iter().any(|h| c.hex(h).is_none()) {
            bad(
                format!("{at}/between"),
                format!("bonus {:?} names a hex that is not on the map", b.between),
            );
        }
        if b.values.iter().any(|&v| v >= MONEY_CEILING) {
            bad(
                format!("{at}/values"),
                format!("bonus {:?} is out of range", b.between),
            );
        }
    }
    if p.ferry_price >= MONEY_CEILING {
        bad(
            "/provisional/ferry_price".to_string(),
            format!("the ferry price ${} is out of range", p.ferry_price),
        );
    }
    if p.new_ferry_bonus >= MONEY_CEILING {
        bad(
            "/provisional/new_ferry_bonus".to_string(),
            format!("the New ferry bonus ${} is out of range", p.new_ferry_bonus),
        );
    }
    if p.delaware_and_hudson.iter().any(|&v| v >= MONEY_CEILING) {
        bad(
            "/provisional/delaware_and_hudson".to_string(),
            format!(
                "the D&H's values {:?} are out of range",
                p.delaware_and_hudson
            ),
        );
    }
    problems.0
}

pub(super) fn check(p: &Provisional, problems: &mut Problems) {
    problems.0.extend(provisional_problems(p));
}
