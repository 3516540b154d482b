//! Playouts of 1846 from setup by its simple seeded player (`g1846::bot`): every action it
//! picks is one the listing gives, `apply` accepts it and `check` finds nothing wrong after it;
//! the game goes on to its end.

use railrules::core::{Game, Rng};
use railrules::games::g1846::G1846;
use railrules::games::g1846::bot::greedy_choice;
use railrules::games::g1846::setup::Options;
use railrules::games::g1846::state::{Round, State};

/// Plays from setup; returns the state and the actions taken.
fn play_out(players: u8, seed: u64, limit: usize) -> (State, usize) {
    let options = Options {
        players,
        first_edition: true,
    };
    let mut state = G1846::setup(&options, seed).unwrap();
    let mut rng = Rng::new(seed ^ 0x1846);
    for taken in 0..limit {
        if G1846::is_over(&state) {
            return ((*state).clone(), taken);
        }
        let legal = G1846::legal_actions(&state);
        assert!(
            !legal.is_empty(),
            "no action listed at {taken}: {:?}",
            state.round
        );
        let action = greedy_choice(&legal, rng.next_u64()).clone();
        if let Err(v) = G1846::apply(&mut state, &action) {
            panic!("listed {action:?} refused at {taken}: {v:?}");
        }
        let problems = G1846::check(&state);
        assert!(
            problems.is_empty(),
            "after {action:?} at {taken}: {problems:?}"
        );
    }
    ((*state).clone(), limit)
}

#[test]
fn playouts_from_setup_accept_every_listed_action_and_end() {
    for (players, seed) in [(4, 1), (3, 2), (5, 3)] {
        let (state, taken) = play_out(players, seed, 3000);
        let Round::GameEnded { ranking } = &state.round else {
            panic!("{players} players, seed {seed}: not ended after {taken} actions");
        };
        println!("{players} players, seed {seed}: {taken} actions, {ranking:?}");
    }
}
