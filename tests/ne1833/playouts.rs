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
        } => vec![
            Action::BuyShares {
                player: seat,
                corporation,
                from,
            },
            Action::BuyShares {
                player,
                corporation: company,
                from,
            },
            Action::BuyShares {
                player,
                corporation,
                from: if from == ShareSource::Market {
                    ShareSource::Treasury
                } else {
                    ShareSource::Market
                },
            },
        ],
        Action::SellShares {
            player,
            corporation,
            percent,
        } => vec![
            Action::SellShares {
                player: seat,
                corporation,
                percent,
            },
            Action::SellShares {
                player,
                corporation: company,
                percent,
            },
            Action::SellShares {
                player,
                corporation,
                percent: percent + 10,
            },
            Action::SellShares {
                player,
                corporation,
                percent: percent.saturating_sub(5),
            },
        ],
    }
}

/// Plays until the operating round (not yet built) or `choices` run out.
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
            let operating = matches!(state.round, Round::OperatingRound { .. });
            prop_assert!(operating, "no legal action outside the operating round");
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
                prop_assert_eq!(accepted, is_listed(&state, &variant), "{:?}", variant);
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
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_every_property(players in 3u8..=5, choices in proptest::collection::vec(any::<u32>(), 1..300)) {
        playout(players, &choices)?;
    }
}

/// The playouts reach the stock round's end with companies started.
#[test]
fn playouts_reach_the_operating_round() {
    let mut reached = 0;
    for seed in 0..20u64 {
        let mut rng = railrules::core::Rng::new(seed);
        let choices: Vec<u32> = (0..600).map(|_| rng.below(1 << 16) as u32).collect();
        let state = playout(3 + (seed % 3) as u8, &choices).expect("properties hold");
        if matches!(state.round, Round::OperatingRound { .. })
            && state.companies.iter().any(|c| c.is_started())
        {
            reached += 1;
        }
    }
    assert!(
        reached >= 15,
        "only {reached} of 20 playouts reached an operating round with a company started"
    );
}
