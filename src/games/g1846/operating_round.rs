//! 1846's operating rounds. So far the operating order; the rounds themselves come with the
//! kit's operating round (the game is not registered until they do).

use super::event::Event;
use super::ids::Company;
use super::state::State;

/// g_1846/game.rb `operating_order`: the minors still running first (Michigan Southern, then
/// Big 4), then the started corporations by price, highest first, the earlier arrival first on
/// a price.
pub fn operating_order(state: &State) -> Vec<Company> {
    let minors = Company::MINORS.into_iter().filter(|&m| running(state, m));
    let mut corporations: Vec<Company> = Company::CORPORATIONS
        .into_iter()
        .filter(|&c| running(state, c))
        .collect();
    corporations.sort_by(|&a, &b| {
        let (a, b) = (&state.companies[a.index()], &state.companies[b.index()]);
        b.price.cmp(&a.price).then(a.arrived.cmp(&b.arrived))
    });
    minors.chain(corporations).collect()
}

/// A company that operates: a started corporation or an owned minor, not closed.
fn running(state: &State, company: Company) -> bool {
    let entry = &state.companies[company.index()];
    !entry.closed
        && if company.is_minor() {
            entry.president.is_some()
        } else {
            entry.is_started()
        }
}

/// What follows stock round `number`. Not built yet: the next stock round follows directly.
pub fn begin(state: &mut State, number: u32) -> Vec<Event> {
    crate::games::kit18xx::stock_round::begin(state, number + 1)
}
