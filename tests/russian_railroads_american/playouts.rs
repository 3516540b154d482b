//! Random 2-, 3- and 4-player games from setup to the end, choosing among `legal_actions`:
//! never a panic, `check` clean after every action, every listed action accepted, and sampled
//! actions accepted exactly when listed.

use crate::fixtures::State;
use railrules::core::{Game, Rng};
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::{Action, Resolution, Tile, TrackMove};
use railrules::games::russian_railroads_american::data::{Colour, StartingBonus};
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::setup::Options;
use railrules::games::russian_railroads_american::state::{Phase, Seat};

const MAX_STEPS: usize = 5000;

/// Plays a random game; passes only now and then while something else is listed.
pub fn random_game(players: u8, seed: u64) -> (State, Vec<Action>, Vec<Event>) {
    let options = Options {
        players,
        components: None,
    };
    let mut state = Rra::setup(&options, seed).unwrap();
    let mut rng = Rng::new(seed ^ 0xABCD);
    let mut actions = Vec::new();
    let mut events = Vec::new();
    for step in 0..MAX_STEPS {
        let legal = Rra::legal_actions(&state);
        if legal.is_empty() {
            break;
        }
        let others: Vec<&Action> = legal
            .iter()
            .filter(|a| !matches!(a, Action::Pass { .. } | Action::EndTurn { .. }))
            .collect();
        let action = if others.is_empty() || rng.below(8) == 0 {
            legal[rng.below(legal.len() as u64) as usize].clone()
        } else {
            others[rng.below(others.len() as u64) as usize].clone()
        };
        for _ in 0..3 {
            let sampled = sample_action(&mut rng, &legal, players);
            let listed = legal.contains(&sampled);
            let mut copy = state.clone();
            let verdict = Rra::apply(&mut copy, &sampled);
            assert_eq!(
                verdict.is_ok(),
                listed,
                "players {players} seed {seed} step {step}: {sampled:?} listed {listed}, apply {verdict:?}, phase {:?}",
                state.phase
            );
            if verdict.is_err() {
                assert_eq!(copy, state);
            }
        }
        if step % 25 == 0 {
            for listed in &legal {
                let mut copy = state.clone();
                if let Err(v) = Rra::apply(&mut copy, listed) {
                    panic!(
                        "players {players} seed {seed} step {step}: listed {listed:?} refused: {v}"
                    );
                }
            }
        }
        let before = state.clone();
        let mut happened = Rra::apply(&mut state, &action).unwrap_or_else(|v| {
            panic!("players {players} seed {seed} step {step}: {action:?} refused: {v}")
        });
        let problems = Rra::check(&state);
        assert!(
            problems.is_empty(),
            "players {players} seed {seed} step {step}: after {action:?} from {:?}: {problems:?}",
            before.phase
        );
        actions.push(action);
        events.append(&mut happened);
    }
    (state, actions, events)
}

fn games() -> u64 {
    std::env::var("RRA_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4)
}

/// `RRA_GAMES=200 cargo test --release --test russian_railroads_american random_games` plays
/// more per player count.
/// Whether the action uses a factory reached on the top track at once.
fn uses_a_factory(action: &Action) -> bool {
    match action {
        Action::MoveIndustry { factories, .. } => !factories.is_empty(),
        Action::Place { resolution, .. } => !resolution.factories.is_empty(),
        _ => false,
    }
}

#[test]
fn random_games_of_two_three_and_four_players_end_with_check_clean() {
    let mut factories_used = 0;
    for players in 2..=4u8 {
        for seed in 0..games() {
            let (state, actions, events) = random_game(players, seed);
            factories_used += actions.iter().filter(|a| uses_a_factory(a)).count();
            assert_eq!(
                state.phase,
                Phase::GameEnded {},
                "{players} players seed {seed}: not ended after {} actions",
                actions.len()
            );
            assert!(Rra::legal_actions(&state).is_empty());
            let rounds = events
                .iter()
                .filter(|e| matches!(e, Event::RoundScored { .. }))
                .count();
            assert_eq!(rounds, if players == 4 { 7 } else { 6 });
        }
    }
    // The top track's factories, used at once inside the action, are played too.
    assert!(factories_used > 0, "no action used a top-track factory");
}

/// Any action: mostly a listed one with a number changed, sometimes a fresh one.
#[expect(
    clippy::too_many_lines,
    reason = "one arm per action, each with its variations"
)]
fn sample_action(rng: &mut Rng, legal: &[Action], players: u8) -> Action {
    let mut n = |k: u64| rng.below(k);
    let player = Seat::ALL[n(u64::from(players)) as usize];
    let small = n(5) as u8;
    let colour = Colour::ALL[n(5) as usize];
    if n(2) == 0 && !legal.is_empty() {
        let mut a = legal[n(legal.len() as u64) as usize].clone();
        match &mut a {
            Action::MoveTrack { railroad, .. } | Action::PlaceDoubler { railroad, .. } => {
                *railroad = small
            }
            Action::MoveIndustry { track, .. } => *track = small,
            Action::Place { resolution, .. } => {
                if let Some(m) = resolution.moves.first_mut() {
                    m.railroad = small % 3;
                    m.colour = colour;
                } else if let Some(t) = resolution.industry.first_mut() {
                    *t = small % 3;
                } else if let Some(t) = resolution.tiles.first_mut() {
                    t.locomotive = Some(small % 4);
                }
            }
            Action::ChooseDividendToken { token, .. }
            | Action::ChooseQuestionToken { token, .. } => *token = small + 3,
            Action::Pass { player: p } | Action::EndTurn { player: p } => *p = player,
            _ => {}
        }
        return a;
    }
    let space = [
        "coins",
        "black_2",
        "grey_1",
        "doubler",
        "locomotive_1",
        "hire_engineer",
        "x",
    ][n(7) as usize]
        .to_string();
    match n(14) {
        0 => Action::ChooseStartingBonus {
            player,
            bonus: [StartingBonus::Coin, StartingBonus::Doubler][n(2) as usize],
        },
        1 => Action::Place {
            player,
            space,
            coins_as_workers: n(2) as u8,
            resolution: Resolution {
                moves: vec![
                    TrackMove {
                        railroad: small % 3,
                        colour,
                    };
                    n(4) as usize
                ],
                doubler: (n(2) == 0).then_some(small),
                tiles: vec![Tile {
                    locomotive: Some(small % 3),
                    ..Tile::default()
                }],
                ..Resolution::default()
            },
        },
        2 => Action::Pass { player },
        3 => Action::EndTurn { player },
        4 => Action::UseEngineer {
            player,
            engineer: 2 + n(14) as u8,
        },
        5 => Action::UseCoinSpace {
            player,
            railroad: small % 3,
            space: 3 + n(10) as u8,
        },
        6 => Action::MoveTrack {
            player,
            item: small % 3,
            railroad: small % 3,
            colour,
        },
        7 => Action::MoveIndustry {
            player,
            item: small % 3,
            track: n(3) as u8,
            factories: Vec::new(),
        },
        8 => Action::TakeTile {
            player,
            item: small % 2,
            tile: Tile {
                factory: Some(n(2) as u8),
                ..Tile::default()
            },
        },
        9 => Action::ChooseDividendToken {
            player,
            token: small,
        },
        10 => Action::ChooseQuestionToken {
            player,
            token: small,
        },
        11 => Action::ReturnLocomotive { player },
        12 => Action::DiscardSteelworks { player },
        _ => Action::Detonate {
            player,
            railroad: Some(small % 3),
            industry_track: None,
        },
    }
}

#[test]
#[ignore = "prints how often each event happens in bot games"]
fn zz_stats() {
    use railrules::games::russian_railroads_american::bot;
    use std::collections::BTreeMap;
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for players in 2..=4u8 {
        for seed in 0..3 {
            let (options, actions, state) = bot::play(players, seed);
            let mut replay = Rra::setup(&options, seed).unwrap();
            for a in &actions {
                for e in Rra::apply(&mut replay, a).unwrap() {
                    let name = serde_json::to_value(&e).unwrap()["type"]
                        .as_str()
                        .unwrap()
                        .to_string();
                    *counts.entry(name).or_default() += 1;
                }
            }
            let points: Vec<u32> = state.players.iter().map(|p| p.points).collect();
            println!(
                "{players}p seed {seed}: {} actions, points {points:?}",
                actions.len()
            );
        }
    }
    println!("{counts:#?}");
}
