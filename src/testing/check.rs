//! What `check` says of a hand-built position, as tests assert it.

use crate::core::Game;

/// The problems `check` finds in `state`, as (code, pointer), sorted (a problem without a
/// pointer has `""`).
pub fn check_problems<G: Game>(state: &G::State) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = G::check(state)
        .into_iter()
        .map(|v| (v.code, v.pointer.unwrap_or_default()))
        .collect();
    found.sort();
    found
}

/// `check` finds exactly `expected` (code, pointer) in `state`, in any order.
pub fn expect_check<G: Game>(state: &G::State, expected: &[(&str, &str)]) {
    let mut expected: Vec<(String, String)> = expected
        .iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect();
    expected.sort();
    assert_eq!(
        check_problems::<G>(state),
        expected,
        "{:#?}",
        G::check(state)
    );
}
