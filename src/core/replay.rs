use super::{Checked, Deadline, Game, Violation};

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

/// A replay stopped because its deadline passed: it has no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeadlinePassed {
    /// The actions applied before it stopped.
    pub applied: usize,
}

/// Applies `actions` one after the other, stopping at the first illegal one.
pub fn replay<G: Game>(state: Checked<G>, actions: &[G::Action]) -> Replay<G> {
    match replay_checking::<G, std::convert::Infallible>(state, actions, |_| Ok(())) {
        Ok(replay) => replay,
        Err(never) => match never {},
    }
}

/// [`replay`], stopping between two actions once `deadline` has passed.
pub fn replay_by<G: Game>(
    state: Checked<G>,
    actions: &[G::Action],
    deadline: &Deadline,
) -> Result<Replay<G>, DeadlinePassed> {
    replay_checking::<G, _>(state, actions, |applied| {
        if deadline.passed() {
            Err(DeadlinePassed { applied })
        } else {
            Ok(())
        }
    })
}

/// Replays, asking `go_on` before each action (given how many were applied) whether to.
fn replay_checking<G: Game, E>(
    mut state: Checked<G>,
    actions: &[G::Action],
    mut go_on: impl FnMut(usize) -> Result<(), E>,
) -> Result<Replay<G>, E> {
    let mut events = Vec::with_capacity(actions.len());
    // The actions are applied in place, the start kept to rebuild the state a refused action
    // was judged against (one copy in all rather than one per action).
    let start = state.clone();
    for (index, action) in actions.iter().enumerate() {
        go_on(index)?;
        match state.apply_replaying(action, &start, &actions[..index]) {
            Ok(e) => events.push(e),
            Err(violation) => {
                return Ok(Replay::Refused {
                    index,
                    violation,
                    state: state.into_state(),
                    events,
                });
            }
        }
    }
    Ok(Replay::Completed {
        state: state.into_state(),
        events,
    })
}
