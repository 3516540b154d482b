//! The contract every game keeps, enforced here once rather than by each game: an action is
//! judged against the turn (the game over, a seat not at the table, a seat not to act) before
//! game code sees it, and a refused action leaves the state as it was, by construction: the
//! game performs it on a copy that replaces the state only when the action is accepted.

use super::{Deadline, Game, Violation};

/// Judges `action` against the turn, then has the game perform it on a copy of `state`; the
/// copy replaces `state`, its `move` counted, only when the game accepts the action. [`Game::apply`] is this, on a
/// [`Checked`](super::Checked) state; game code calls it directly on copies of a state it was
/// given checked (to try the candidates of its legal actions).
pub fn apply<G: Game + ?Sized>(
    state: &mut G::State,
    action: &G::Action,
) -> Result<Vec<G::Event>, Violation> {
    judge_turn::<G>(state, action)?;
    let mut next = state.clone();
    let events = G::perform(&mut next, action)?;
    G::count_move(&mut next);
    *state = next;
    Ok(events)
}

/// [`apply`] without its copy of the state, for a run of actions from a known start (a replay,
/// an import): the game performs `action` on `state` itself, and when it refuses, the state it
/// was judged against is rebuilt by applying `played`, the actions that led from `start` to it,
/// once more. The rules are deterministic, so the rebuilt state is the one before; copying the
/// state for every action (most of them accepted) costs more than replaying once on a refusal.
pub fn apply_replaying<G: Game + ?Sized>(
    state: &mut G::State,
    action: &G::Action,
    start: &G::State,
    played: &[G::Action],
) -> Result<Vec<G::Event>, Violation> {
    // The turn is judged on the state as it is: its refusals leave nothing to rebuild.
    judge_turn::<G>(state, action)?;
    match G::perform(state, action) {
        Ok(events) => {
            G::count_move(state);
            Ok(events)
        }
        Err(violation) => {
            *state = replayed::<G>(start, played);
            Err(violation)
        }
    }
}

/// The state `played` leads to from `start`, each action applied with its copy (each was
/// accepted from this very state before; were one refused, the state stays before it). No
/// deadline runs out during it: a search cut short by the clock could judge an action
/// otherwise than the first time (the work is at most what was done already).
fn replayed<G: Game + ?Sized>(start: &G::State, played: &[G::Action]) -> G::State {
    Deadline::never().run(|| {
        let mut state = start.clone();
        for action in played {
            if apply::<G>(&mut state, action).is_err() {
                break;
            }
        }
        state
    })
}

/// The three refusals every game shares, each with its one rule: nothing is possible once the
/// game has ended (the game's end rule); an action names a seat at the table, and a seat that
/// may act now (the game's turn rule).
pub fn judge_turn<G: Game + ?Sized>(state: &G::State, action: &G::Action) -> Result<(), Violation> {
    if G::is_over(state) {
        return Err(game_over::<G>());
    }
    // The `move` counts every accepted action: at its largest it cannot count one more (a
    // counter wrapped to 0 would let an old `expected_move` match again).
    if G::moves(state) == u64::MAX {
        return Err(Violation::new(
            "move_limit",
            G::TURN_RULE,
            "the state's `move` is 18446744073709551615 (2^64-1), the most it can count: no \
             further action can be applied",
        ));
    }
    let Some(seat) = G::seat_of(action) else {
        return Ok(());
    };
    // The seats are listed only for a refusal.
    if !G::has_seat(state, &seat) {
        return Err(Violation::new(
            "unknown_seat",
            G::TURN_RULE,
            format!(
                "{seat} is not at this table (its seats: {})",
                names(&G::seats(state))
            ),
        ));
    }
    // An action its seat may take out of turn is judged by its own rule (and reason).
    if !G::may_act(state, &seat) && !G::out_of_turn(action) {
        return Err(not_your_turn::<G>(&seat, &G::to_act(state)));
    }
    Ok(())
}

/// Nothing is possible once the game has ended (the game's end rule).
pub fn game_over<G: Game + ?Sized>() -> Violation {
    Violation::new(
        "game_over",
        G::END_RULE,
        "the game has ended; no action is possible",
    )
}

/// `seat` may not act now: `to_act` may (the game's turn rule). The core's own refusal, and a
/// step's that knows who must act at its point (the president of the operating company, the
/// player making an offer).
pub fn not_your_turn<G: Game + ?Sized>(seat: &G::Seat, to_act: &[G::Seat]) -> Violation {
    Violation::new(
        "not_your_turn",
        G::TURN_RULE,
        format!("{seat} cannot act now; to act: {}", names(to_act)),
    )
}

fn names<S: std::fmt::Display>(seats: &[S]) -> String {
    if seats.is_empty() {
        return "no one".to_string();
    }
    seats
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    //! A toy game whose `perform` misbehaves on purpose: it changes the state, then refuses.
    use super::super::{Game, GameInfo, Violation};

    struct Toy;

    impl Game for Toy {
        const ID: &'static str = "toy";
        const NAME: &'static str = "Toy";
        const RULES_VERSION: &'static str = "1";
        const END_RULE: &'static str = "toy#end";
        const TURN_RULE: &'static str = "toy#turns";
        const RULES_DOCUMENT: &'static str = "<a id=\"end\"></a><a id=\"turns\"></a>";
        const REQUEST_EXAMPLES: &'static [(&'static str, &'static str)] = &[];
        type Options = ();
        /// The moves made so far; the game ends at 3.
        type State = u32;
        type Seat = u32;
        /// The seat moving; seat 1 moves, seat 0 never may (seat 2 is not at the table), and
        /// the third move is refused only after the state was changed.
        type Action = u32;
        type Event = u32;
        type View = u32;
        type Components = ();

        fn info() -> GameInfo {
            unreachable!("not served")
        }
        fn deal(_: &(), _: u64) -> Result<u32, Vec<Violation>> {
            Ok(0)
        }
        fn perform(state: &mut u32, _action: &u32) -> Result<Vec<u32>, Violation> {
            *state += 10;
            if *state >= 12 {
                return Err(Violation::new("late", "toy#late", "changed, then refused"));
            }
            *state -= 9;
            Ok(vec![*state])
        }
        fn components() {}
        fn describe(event: &u32) -> String {
            format!("the state became {event}")
        }
        fn moves(_: &u32) -> u64 {
            0
        }
        fn count_move(_: &mut u32) {}
        fn seat_of(action: &u32) -> Option<u32> {
            Some(*action)
        }
        fn seats(_: &u32) -> Vec<u32> {
            vec![0, 1]
        }
        fn is_over(state: &u32) -> bool {
            *state >= 3
        }
        fn to_act(_: &u32) -> Vec<u32> {
            vec![1]
        }
        fn list(_: &u32) -> Vec<u32> {
            vec![1]
        }
        fn check(_: &u32) -> Vec<Violation> {
            Vec::new()
        }
    }

    #[test]
    fn a_refused_action_leaves_the_state_as_it_was_whatever_the_game_did() {
        let mut state = 2;
        let violation = super::apply::<Toy>(&mut state, &1).unwrap_err();
        assert_eq!(violation.code, "late");
        assert_eq!(state, 2, "the game's half-done change was discarded");
        let mut state = 1;
        assert_eq!(super::apply::<Toy>(&mut state, &1), Ok(vec![2]));
        assert_eq!(state, 2);
    }

    #[test]
    fn a_refused_action_applied_in_place_leaves_the_state_it_was_judged_against() {
        // From 0, two accepted moves lead to 2; the third is refused after the game changed
        // the state (to 12): the state is rebuilt from the start.
        let mut state = 0;
        for _ in 0..2 {
            super::apply_replaying::<Toy>(&mut state, &1, &0, &[]).unwrap();
        }
        assert_eq!(state, 2);
        let violation = super::apply_replaying::<Toy>(&mut state, &1, &0, &[1, 1]).unwrap_err();
        assert_eq!(violation.code, "late");
        assert_eq!(state, 2, "the state before the refused action, rebuilt");
        // A refusal of the turn comes before the game changes anything: nothing is replayed
        // (given no actions to replay, a rebuild would go back to the start).
        let refused = super::apply_replaying::<Toy>(&mut state, &0, &0, &[]).unwrap_err();
        assert_eq!(refused.code, "not_your_turn");
        assert_eq!(state, 2);
    }

    #[test]
    fn the_turn_is_judged_before_the_game_sees_the_action() {
        let refused =
            |mut state: u32, seat: u32| super::apply::<Toy>(&mut state, &seat).unwrap_err();
        let v = refused(0, 0);
        assert_eq!(
            (v.code.as_str(), v.rule.as_str()),
            ("not_your_turn", "toy#turns")
        );
        assert_eq!(v.message, "0 cannot act now; to act: 1");
        let v = refused(0, 2);
        assert_eq!(
            (v.code.as_str(), v.rule.as_str()),
            ("unknown_seat", "toy#turns")
        );
        let v = refused(3, 1);
        assert_eq!((v.code.as_str(), v.rule.as_str()), ("game_over", "toy#end"));
    }
}
