//! Random playouts from setup for 3, 4 and 5 players: `check` stays clean, listed actions are
//! accepted, variations are accepted exactly when listed (bids within their range).

use crate::game_fixtures::State;
use crate::game_fixtures::is_listed;
use proptest::prelude::*;
use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::{Action, ShareSource};
use railrules::games::ne1833::event::{EndReason, Event};
use railrules::games::ne1833::ids::{Company, Private, Seat};
use railrules::games::ne1833::setup::Options;
use railrules::games::ne1833::state::Round;

#[expect(
    clippy::too_many_lines,
    reason = "one arm per action, each with its variations"
)]
fn variations(action: &Action, k: u32) -> Vec<Action> {
    let seat = Seat::ALL[(k % 5) as usize];
    let company = Company::ALL[(k % 9) as usize];
    let private = Private::ALL[(k % 6) as usize];
    match action.clone() {
        Action::Bid {
            player,
            company: p,
            price,
        } => vec![
            Action::Bid {
                player: seat,
                company: p,
                price,
            },
            Action::Bid {
                player,
                company: private,
                price,
            },
            Action::Bid {
                player,
                company: p,
                price: price + 5 * (k % 4),
            },
            Action::Bid {
                player,
                company: p,
                price: price.saturating_sub(1 + k % 5),
            },
            Action::Pass { player: seat },
        ],
        Action::Pass { player } => vec![
            Action::Pass { player: seat },
            Action::SellShares {
                player,
                corporation: company,
                percent: 10,
                entity: None,
            },
        ],
        Action::Par {
            player,
            corporation,
            share_price,
        } => vec![
            Action::Par {
                player: seat,
                corporation,
                share_price,
            },
            Action::Par {
                player,
                corporation: company,
                share_price,
            },
            Action::Par {
                player,
                corporation,
                share_price: share_price + 5,
            },
        ],
        Action::BuyShares {
            player,
            corporation,
            from,
            entity,
            percent,
        } => vec![
            Action::BuyShares {
                player: seat,
                corporation,
                from,
                entity,
                percent,
            },
            Action::BuyShares {
                player,
                corporation: company,
                from,
                entity,
                percent,
            },
            Action::BuyShares {
                player,
                corporation,
                from: if from == ShareSource::Market {
                    ShareSource::Treasury
                } else {
                    ShareSource::Market
                },
                entity,
                percent,
            },
            Action::BuyShares {
                player,
                corporation,
                from,
                entity,
                percent: percent.map(|p| p + 10),
            },
        ],
        Action::SellShares {
            player,
            corporation,
            percent,
            entity,
        } => vec![
            Action::SellShares {
                player: seat,
                corporation,
                percent,
                entity,
            },
            Action::SellShares {
                player,
                corporation: company,
                percent,
                entity,
            },
            Action::SellShares {
                player,
                corporation,
                percent: percent + 10,
                entity,
            },
            Action::SellShares {
                player,
                corporation,
                percent: percent.saturating_sub(5),
                entity,
            },
        ],
        Action::LayTile {
            player,
            hex,
            tile,
            rotation,
            company,
        } => vec![
            Action::LayTile {
                player: seat,
                hex: hex.clone(),
                tile: tile.clone(),
                rotation,
                company,
            },
            Action::LayTile {
                player,
                hex: hex.clone(),
                tile: tile.clone(),
                rotation: (rotation + 1 + (k % 5) as u8) % 6,
                company,
            },
            Action::LayTile {
                player,
                hex: hex.clone(),
                tile: "N33".to_string(),
                rotation,
                company,
            },
            Action::LayTile {
                player,
                hex,
                tile,
                rotation,
                company: Some(Private::P3),
            },
        ],
        Action::Dividend { player, kind } => vec![
            Action::Dividend { player: seat, kind },
            Action::Pass { player },
        ],
        Action::BuyTrain {
            player,
            train,
            variant,
            from,
            price,
            accepted_by,
        } => vec![
            Action::BuyTrain {
                player: seat,
                train: train.clone(),
                variant: variant.clone(),
                from,
                price,
                accepted_by,
            },
            Action::BuyTrain {
                player,
                train: "7+3".to_string(),
                variant: "7+3".to_string(),
                from,
                price,
                accepted_by,
            },
            Action::BuyTrain {
                player,
                train: train.clone(),
                variant: "5+3".to_string(),
                from,
                price,
                accepted_by,
            },
            Action::BuyTrain {
                player,
                train,
                variant,
                from,
                price: price.map(|p| p + 1 + k % 3),
                accepted_by: None,
            },
        ],
        Action::BuyCompany {
            player,
            company: p,
            price,
            accepted_by,
        } => vec![
            Action::BuyCompany {
                player: seat,
                company: p,
                price,
                accepted_by,
            },
            Action::BuyCompany {
                player,
                company: private,
                price,
                accepted_by,
            },
            Action::BuyCompany {
                player,
                company: p,
                price: price + 1 + 10 * (k % 10),
                accepted_by,
            },
            Action::BuyCompany {
                player,
                company: p,
                price: 0,
                accepted_by,
            },
        ],
        Action::RunRoutes { player, routes } => {
            // A claim $10 too high is refused; other runs may be legal without being listed.
            let mut wrong = routes.clone();
            if let Some(first) = wrong.first_mut() {
                first.revenue += 10;
            }
            vec![
                Action::RunRoutes {
                    player: seat,
                    routes: routes.clone(),
                },
                Action::RunRoutes {
                    player,
                    routes: wrong,
                },
            ]
        }
        other => vec![other],
    }
}

/// Whether the rules may accept `variant` without `legal_actions` listing it: runs of routes
/// other than the best.
fn may_be_unlisted(variant: &Action) -> bool {
    matches!(variant, Action::RunRoutes { routes, .. } if routes.iter().all(|r| r.revenue % 10 == 0))
}

/// Plays until the end or `choices` run out.
fn playout(players: u8, choices: &[u32]) -> Result<State, TestCaseError> {
    let mut state = Ne1833::setup(
        &Options {
            players,
            provisional: None,
        },
        0,
    )
    .unwrap();
    for &choice in choices {
        let problems = Ne1833::check(&state);
        prop_assert!(problems.is_empty(), "{:?}", problems);
        let legal = Ne1833::legal_actions(&state);
        if legal.is_empty() {
            let ended = matches!(state.round, Round::GameEnded { .. });
            prop_assert!(ended, "no legal action before the end: {:?}", state.round);
            break;
        }
        let to_act = Ne1833::to_act(&state);
        for (i, action) in legal
            .iter()
            .enumerate()
            .filter(|(i, _)| *i % 7 == choice as usize % 7)
        {
            prop_assert!(to_act.contains(&action.player()));
            prop_assert!(
                Ne1833::apply(&mut state.clone(), action).is_ok(),
                "listed {:?} refused",
                action
            );
            for variant in variations(action, choice.wrapping_add(i as u32)) {
                let mut copy = state.clone();
                let accepted = Ne1833::apply(&mut copy, &variant).is_ok();
                let listed = is_listed(&state, &variant);
                if !(accepted && !listed && may_be_unlisted(&variant)) {
                    prop_assert_eq!(accepted, listed, "{:?}", variant);
                }
                if !accepted {
                    prop_assert_eq!(&copy, &state);
                }
            }
        }
        // Half the time pass when possible, so rounds end.
        let pass = legal.iter().find(|a| matches!(a, Action::Pass { .. }));
        let action = match pass {
            Some(p) if choice % 2 == 0 => p.clone(),
            _ => legal[(choice / 2) as usize % legal.len()].clone(),
        };
        Ne1833::apply(&mut state, &action).unwrap();
    }
    Ok(state)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_every_property(players in 3u8..=5, choices in proptest::collection::vec(any::<u32>(), 1..250)) {
        playout(players, &choices)?;
    }
}

fn greedy<'a>(state: &State, legal: &'a [Action], choice: u32) -> &'a Action {
    railrules::games::ne1833::bot::greedy_choice(state, legal, choice)
}

/// How a playout picks among the legal actions.
#[derive(Clone, Copy, Debug)]
enum Picker {
    /// The seeded greedy player of `bot.rs` (one choice in four at random).
    Greedy,
    /// Any listed action, uniformly, but a listed pass half the time (so that rounds end).
    Random,
}

fn pick<'a>(picker: Picker, state: &State, legal: &'a [Action], choice: u32) -> &'a Action {
    match picker {
        Picker::Greedy => greedy(state, legal, choice),
        Picker::Random => {
            let pass = legal.iter().find(|a| matches!(a, Action::Pass { .. }));
            match pass {
                Some(p) if choice.is_multiple_of(2) => p,
                _ => &legal[(choice / 2) as usize % legal.len()],
            }
        }
    }
}

/// One game from setup to its end, `check` clean after every action; its length and why it
/// ended (`None`: it did not end within `limit` actions).
fn play_out(players: u8, seed: u64, picker: Picker, limit: usize) -> (usize, Option<EndReason>) {
    let mut rng = railrules::core::Rng::new(seed);
    let mut state = Ne1833::setup(
        &Options {
            players,
            provisional: None,
        },
        seed,
    )
    .unwrap();
    for n in 0..limit {
        let problems = Ne1833::check(&state);
        assert!(problems.is_empty(), "{seed}: {problems:?}");
        let legal = Ne1833::legal_actions(&state);
        assert!(
            !legal.is_empty(),
            "{seed}: nothing to do in {:?}",
            state.round
        );
        let action = pick(picker, &state, &legal, rng.below(1 << 16) as u32).clone();
        let events = Ne1833::apply(&mut state, &action)
            .unwrap_or_else(|v| panic!("{seed}: listed {action:?} refused: {v}"));
        if let Some(reason) = events.iter().find_map(|e| match e {
            Event::GameEnded { reason, .. } => Some(*reason),
            _ => None,
        }) {
            assert!(Ne1833::legal_actions(&state).is_empty());
            return (n + 1, Some(reason));
        }
    }
    (limit, None)
}

/// The most actions a playout may take (see the note on `every_playout_from_setup_ends`).
const PLAYOUT_BOUND: usize = 20_000;

/// Ruling R6: no state reachable from setup loops without end. Random playouts from setup, 3, 4
/// and 5 players, half with the greedy player and half picking uniformly: every game reaches
/// `game_ended` within PLAYOUT_BOUND actions. `RAILRULES_PLAYOUTS` sets how many (30 by default;
/// the session note reports 200 in release).
#[test]
fn every_playout_from_setup_ends() {
    let games: u64 = std::env::var("RAILRULES_PLAYOUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(30);
    let mut lengths = Vec::new();
    let mut reasons = std::collections::BTreeMap::new();
    for seed in 0..games {
        let players = 3 + (seed % 3) as u8;
        let picker = if seed % 2 == 0 {
            Picker::Greedy
        } else {
            Picker::Random
        };
        let (length, reason) = play_out(players, seed, picker, PLAYOUT_BOUND);
        let reason = reason.unwrap_or_else(|| {
            panic!(
                "seed {seed} ({players} players, {picker:?}) did not end in {PLAYOUT_BOUND} actions"
            )
        });
        lengths.push((length, players, picker));
        *reasons
            .entry(format!("{reason:?} ({picker:?})"))
            .or_insert(0) += 1;
    }
    lengths.sort_by_key(|l| l.0);
    println!(
        "{games} playouts: shortest {:?}, median {:?}, longest {:?}; ended by {reasons:?}",
        lengths.first(),
        lengths.get(lengths.len() / 2),
        lengths.last()
    );
}
