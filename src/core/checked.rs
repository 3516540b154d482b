//! Parse, don't validate: a [`Checked`] state is one the rules can reach. The only ways to one
//! are the game's `check` ([`Checked::new`]), setup ([`Game::setup`]) and accepted actions
//! ([`Game::apply`]); `apply`, `legal_actions`, `listing` and `view` take nothing else, so that no
//! caller (an endpoint, a replay, a tool) can judge a state nobody checked, and game code may
//! rely on what `check` guarantees.
//!
//! Tests build positions by hand, as shakmaty's `Setup` does: with the cargo feature `testing`
//! (on for the package's tests and the fuzz targets, never in the service) a `Checked` state
//! may be changed in place and [`Checked::assume`] wraps any state.

use std::ops::Deref;

use super::{Game, Violation};

/// A state of game `G` that the rules can reach.
pub struct Checked<G: Game + ?Sized> {
    pub(super) state: G::State,
}

impl<G: Game + ?Sized> Checked<G> {
    /// `state`, if the game's `check` finds it consistent; otherwise every problem.
    pub fn new(state: G::State) -> Result<Checked<G>, Vec<Violation>> {
        let problems = G::check(&state);
        if problems.is_empty() {
            Ok(Checked { state })
        } else {
            Err(problems)
        }
    }

    /// A state the core made: from setup, or after an accepted action.
    pub(super) fn reached(state: G::State) -> Checked<G> {
        Checked { state }
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    pub fn into_state(self) -> G::State {
        self.state
    }

    /// [`Game::apply`] without its copy of the state, for a run of actions from `start` (see
    /// [`contract::apply_replaying`](super::contract::apply_replaying)): `played` are the
    /// actions that led from `start` to this state, replayed to rebuild it when `action` is
    /// refused.
    pub fn apply_replaying(
        &mut self,
        action: &G::Action,
        start: &Checked<G>,
        played: &[G::Action],
    ) -> Result<Vec<G::Event>, Violation> {
        super::contract::apply_replaying::<G>(&mut self.state, action, &start.state, played)
    }

    /// Any state, unchecked: for tests that build a position by hand.
    #[cfg(feature = "testing")]
    pub fn assume(state: G::State) -> Checked<G> {
        Checked { state }
    }
}

impl<G: Game + ?Sized> Deref for Checked<G> {
    type Target = G::State;

    fn deref(&self) -> &G::State {
        &self.state
    }
}

/// Tests change positions in place (never the service: the feature is off there).
#[cfg(feature = "testing")]
impl<G: Game + ?Sized> std::ops::DerefMut for Checked<G> {
    fn deref_mut(&mut self) -> &mut G::State {
        &mut self.state
    }
}

impl<G: Game + ?Sized> Clone for Checked<G> {
    fn clone(&self) -> Self {
        Checked {
            state: self.state.clone(),
        }
    }
}

impl<G: Game + ?Sized> std::fmt::Debug for Checked<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.state.fmt(f)
    }
}

impl<G: Game + ?Sized> PartialEq for Checked<G> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

impl<G: Game + ?Sized> serde::Serialize for Checked<G> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.state.serialize(serializer)
    }
}
