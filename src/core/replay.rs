use super::{Game, Violation};

/// The outcome of replaying actions from a state.
#[derive(Debug, Clone)]
pub enum Replay<G: Game> {
    /// Every action was legal: the final state and the events of each action, in order.
    Completed {
        state: G::State,
        events: Vec<Vec<G::Event>>,
    },
    /// Action `index` (0-based) was refused; `state` is the state it was judged against and
    /// `events` those of the actions before it.
    Refused {
        index: usize,
        violation: Violation,
        state: G::State,
        events: Vec<Vec<G::Event>>,
    },
}

/// Applies `actions` one after the other, stopping at the first illegal one.
pub fn replay<G: Game>(mut state: G::State, actions: &[G::Action]) -> Replay<G> {
    let mut events = Vec::with_capacity(actions.len());
    for (index, action) in actions.iter().enumerate() {
        match G::apply(&mut state, action) {
            Ok(e) => events.push(e),
            Err(violation) => {
                return Replay::Refused {
                    index,
                    violation,
                    state,
                    events,
                };
            }
        }
    }
    Replay::Completed { state, events }
}
