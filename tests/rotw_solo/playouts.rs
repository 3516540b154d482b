//! Random solo games from setup to the end, choosing among `legal_actions`: never a panic,
//! `check` clean after every action, every listed action accepted.

use crate::fixtures::State;
use railrules::core::{Game, Rng};
use railrules::games::rotw_solo::RotwSolo;
use railrules::games::rotw_solo::action::Action;
use railrules::games::rotw_solo::setup::Options;
use railrules::games::rotw_solo::state::Phase;

const MAX_STEPS: usize = 4000;

/// Plays a random game; bonds only now and then (they are always legal).
pub fn random_game(seed: u64, duel_barons: bool) -> (State, Vec<Action>) {
    let options = Options {
        duel_barons,
        ..Options::default()
    };
    let mut state = RotwSolo::setup(&options, seed).unwrap();
    let mut rng = Rng::new(seed ^ 0xABCD);
    let mut actions = Vec::new();
    for step in 0..MAX_STEPS {
        let legal = RotwSolo::legal_actions(&state);
        if legal.is_empty() {
            break;
        }
        let others: Vec<&Action> = legal
            .iter()
            .filter(|a| **a != Action::IssueBond {})
            .collect();
        let action = if others.is_empty() || rng.below(40) == 0 {
            legal[rng.below(legal.len() as u64) as usize].clone()
        } else {
            others[rng.below(others.len() as u64) as usize].clone()
        };
        // Sampled actions, listed or not: accepted exactly when listed, and a refusal leaves
        // the state as it was.
        for _ in 0..3 {
            let sampled = sample_action(&mut rng);
            let listed = legal.contains(&sampled);
            let mut copy = state.clone();
            let verdict = RotwSolo::apply(&mut copy, &sampled);
            assert_eq!(
                verdict.is_ok(),
                listed,
                "seed {seed} step {step}: {sampled:?} listed {listed}, apply {verdict:?}, phase {:?}",
                state.phase
            );
            if verdict.is_err() {
                assert_eq!(copy, state);
            }
        }
        // Now and then, every listed action is tried on a copy.
        if step % 50 == 0 {
            for listed in &legal {
                let mut copy = state.clone();
                if let Err(v) = RotwSolo::apply(&mut copy, listed) {
                    panic!("seed {seed} step {step}: listed {listed:?} refused: {v}");
                }
            }
        }
        let before = state.clone();
        RotwSolo::apply(&mut state, &action)
            .unwrap_or_else(|v| panic!("seed {seed} step {step}: {action:?} refused: {v}"));
        let problems = RotwSolo::check(&state);
        assert!(
            problems.is_empty(),
            "seed {seed} step {step}: after {action:?} from {:?}: {problems:?}",
            before.phase
        );
        actions.push(action);
    }
    (state, actions)
}

/// 30 games per run; `ROTW_GAMES=600 cargo test --release --test rotw_solo random_games` plays
/// more (600 passed when written).
#[test]
fn random_games_end_with_check_clean() {
    let mut won = 0;
    for seed in 0..std::env::var("ROTW_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30)
    {
        let (state, actions) = random_game(seed, seed % 2 == 1);
        match &state.phase {
            Phase::GameEnded { score } => {
                won += usize::from(score.won);
                assert_eq!(
                    score.total,
                    i64::from(score.points) - i64::from(score.bond_penalty)
                );
            }
            other => panic!(
                "seed {seed}: not ended after {} actions: {other:?}",
                actions.len()
            ),
        }
        assert!(RotwSolo::legal_actions(&state).is_empty());
    }
    // Random play is poor play: the target is not for it.
    assert!(won < 30);
}

#[test]
#[ignore = "prints statistics of random games"]
fn zz_stats() {
    for seed in 0..8 {
        let (state, actions) = random_game(seed, seed % 2 == 1);
        let links = state.links.len();
        println!(
            "seed {seed}: {} actions, turn {}, points {}, bonds {}, engine {}, links {links}, empty {:?}, deliveries {}, phase {:?}",
            actions.len(),
            state.turn,
            state.points,
            state.bonds,
            state.engine,
            state.empty_cities.len(),
            state.deliveries,
            state.phase
        );
    }
}

#[test]
fn the_bot_finishes_games_and_plays_better_than_chance() {
    use railrules::games::rotw_solo::bot::play_game;
    let total = |state: &railrules::games::rotw_solo::state::State| match &state.phase {
        Phase::GameEnded { score } => score.total,
        other => panic!("not ended: {other:?}"),
    };
    let (mut bot, mut random) = (0, 0);
    for seed in 0..12 {
        let (_, _, state) = play_game(seed, seed % 3 == 0, 5000);
        bot += total(&state);
        random += total(&random_game(seed, seed % 3 == 0).0);
    }
    assert!(bot > random, "bot {bot}, random {random}");
}

/// Any action, with values around and beyond the provisional set's (22 cities for 20, hexes off
/// the map, six places for five).
fn sample_action(rng: &mut Rng) -> Action {
    use railrules::games::rotw_solo::data::GoodsColour;
    use railrules::games::rotw_solo::map::Hex;
    let mut n = |k: u64| rng.below(k);
    let colour = GoodsColour::ALL[n(5) as usize];
    let city = n(22) as u8;
    match n(16) {
        0 => Action::BuildTrack { city },
        1 => Action::ContinueTrack { track: n(3) as u8 },
        2 => Action::LayTrack {
            hex: Hex::new(n(14) as i16 - 2, n(11) as i16 - 1),
        },
        3 => Action::CompleteLink { city },
        4 => Action::StopBuilding {},
        5 => Action::Urbanize { city, colour },
        6 => Action::UpgradeEngine {},
        7 => {
            let len = 2 + n(3) as usize;
            let route = (0..len).map(|_| n(21) as u8).collect();
            Action::Deliver { colour, route }
        }
        8 => Action::TakeOperationsCard {
            place: n(6) as u8,
            city: if n(2) == 0 { None } else { Some(city) },
        },
        9 => Action::Insure { slot: n(4) as u8 },
        10 => Action::ClaimBaron { baron: n(5) as u8 },
        11 => Action::RemoveCube { city, colour },
        12 => Action::GiveMajorLine { line: n(6) as u8 },
        13 => Action::GiveBaron { baron: n(5) as u8 },
        14 => Action::Pass {},
        _ => Action::IssueBond {},
    }
}
