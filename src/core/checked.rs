//! Parse, don't validate: a [`Checked`] state is one the game's `check` found consistent, or
//! one the rules reached from such a state (setup, an accepted action). The API turns every
//! state a client sends into one before any rule sees it, and judges only `Checked` states, so
//! that no endpoint can forget the check: a handler without one has nothing to call.

use super::deadline::Deadline;
use super::replay::{DeadlinePassed, Replay, replay_by};
use super::{Game, Listing, Violation};

/// A state of game `G` that the rules can reach.
pub struct Checked<G: Game> {
    state: G::State,
}

impl<G: Game> Checked<G> {
    /// `state`, if the game's `check` finds it consistent; otherwise every problem.
    pub fn new(state: G::State) -> Result<Checked<G>, Vec<Violation>> {
        let problems = G::check(&state);
        if problems.is_empty() {
            Ok(Checked { state })
        } else {
            Err(problems)
        }
    }

    /// A new game: a state from setup is one the rules reach.
    pub fn setup(options: &G::Options, seed: u64) -> Result<Checked<G>, Vec<Violation>> {
        G::setup(options, seed).map(|state| Checked { state })
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    pub fn into_state(self) -> G::State {
        self.state
    }

    /// [`Game::apply`]: an accepted action leads to a state the rules reach, so it stays
    /// checked; a refused one leaves it as it was.
    pub fn apply(&mut self, action: &G::Action) -> Result<Vec<G::Event>, Violation> {
        G::apply(&mut self.state, action)
    }

    /// [`Game::listing`] and [`Game::to_act`].
    pub fn listing(&self) -> Listing<G::Action> {
        G::listing(&self.state)
    }

    /// [`Game::view_for`].
    pub fn view_for(&self, seat: Option<&G::Seat>) -> Result<Option<G::View>, Violation> {
        G::view_for(&self.state, seat)
    }

    /// [`replay_by`] from this state.
    pub fn replay(
        self,
        actions: &[G::Action],
        deadline: &Deadline,
    ) -> Result<Replay<G>, DeadlinePassed> {
        replay_by::<G>(self.state, actions, deadline)
    }
}
