//! Random playouts from setup for 3, 4 and 5 players: `check` stays clean, listed actions are
//! accepted, variations are accepted exactly when listed (bids within their range).

use crate::game_fixtures::is_listed;
use proptest::prelude::*;
use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::{Action, ShareSource};
use railrules::games::ne1833::ids::{Company, Private, Seat};
use railrules::games::ne1833::setup::Options;
use railrules::games::ne1833::state::{Round, State};

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

fn greedy(legal: &[Action], choice: u32) -> &Action {
    railrules::games::ne1833::bot::greedy_choice(legal, choice)
}

/// Whole games from setup to the end (the bank breaks, or all but one player go bankrupt),
/// `check` clean after every action.
#[test]
fn random_games_reach_the_end() {
    let mut ended = 0;
    for seed in 0..3u64 {
        let mut rng = railrules::core::Rng::new(seed);
        let players = 3 + seed as u8;
        let mut state = Ne1833::setup(
            &Options {
                players,
                provisional: None,
            },
            seed,
        )
        .unwrap();
        for _ in 0..12_000 {
            assert!(
                Ne1833::check(&state).is_empty(),
                "{:?}",
                Ne1833::check(&state)
            );
            let legal = Ne1833::legal_actions(&state);
            if legal.is_empty() {
                break;
            }
            let action = greedy(&legal, rng.below(1 << 16) as u32).clone();
            Ne1833::apply(&mut state, &action).unwrap_or_else(|v| panic!("{action:?}: {v}"));
        }
        if let Round::GameEnded { ranking } = &state.round {
            assert_eq!(ranking.len(), usize::from(players));
            ended += 1;
        }
    }
    assert_eq!(
        ended, 3,
        "only {ended} of 3 games ended within 12,000 actions"
    );
}
