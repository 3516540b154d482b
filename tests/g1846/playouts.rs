//! Playouts of 1846 from setup by a simple seeded player: every action it picks is one the
//! listing gives, `apply` accepts it and `check` finds nothing wrong after it; the game goes on
//! to its end.

use railrules::core::{Game, Rng};
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::{Action, DividendKind};
use railrules::games::g1846::setup::Options;
use railrules::games::g1846::state::{Round, State};

/// How much the player likes an action: runs, pays out, buys trains and shares, lays track;
/// never goes bankrupt or sells trains for $1 while something else is listed.
fn score(action: &Action) -> i32 {
    match action {
        Action::RunRoutes { routes, .. } if !routes.is_empty() => 6,
        Action::Dividend {
            kind: DividendKind::Payout,
            ..
        } => 5,
        Action::BuyTrain { from: None, .. } => 4,
        Action::Par { .. } | Action::Choose { .. } => 3,
        Action::BuyShares { entity: None, .. } => 2,
        Action::LayTile { company: None, .. } | Action::PlaceToken { company: None, .. } => 1,
        Action::Bankrupt { .. } | Action::BuyTrain { from: Some(_), .. } => -5,
        Action::SellShares { .. } | Action::BuyCompany { .. } => -1,
        _ => 0,
    }
}

fn pick(legal: &[Action], choice: u64) -> &Action {
    let fair: Vec<&Action> = legal.iter().filter(|a| score(a) >= 0).collect();
    if choice.is_multiple_of(4) && !fair.is_empty() {
        return fair[(choice / 4) as usize % fair.len()];
    }
    let best = legal.iter().map(score).max().unwrap_or(0);
    let top: Vec<&Action> = legal.iter().filter(|a| score(a) == best).collect();
    top[(choice / 4) as usize % top.len()]
}

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
        let action = pick(&legal, rng.next_u64()).clone();
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
fn playouts_from_setup_accept_every_listed_action() {
    for (players, seed) in [(4, 1), (3, 2), (5, 3)] {
        let (state, taken) = play_out(players, seed, 1500);
        println!(
            "{players} players, seed {seed}: {taken} actions, {}",
            match &state.round {
                Round::GameEnded { ranking } => format!("ended: {ranking:?}"),
                other => format!("at {}", railrules::games::g1846::turns::round_name(other)),
            }
        );
    }
}
