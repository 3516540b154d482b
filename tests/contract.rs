//! The contract the core enforces for every game (src/core/contract.rs, issue 18): an action
//! of an ended game, of a seat not at the table or of a seat not to act is refused before the
//! game sees it, each with its one rule; a refused action leaves the state as it was. And the
//! contract harness (`railrules::testing`) run on random playouts of every registered game.

use railrules::core::{Checked, Game, GameVisitor, Violation};
use railrules::games::ne1833::Ne1833;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::rotw_solo::RotwSolo;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican;
use railrules::registry::visit_games;
use railrules::testing::{Choices, Listing, Playing, play};
use serde_json::{Value, json};

/// A recorded game's setup and actions (examples/savegames/).
fn recorded<G: Game>(file: &str) -> (Checked<G>, Vec<G::Action>) {
    let path = format!("{}/examples/savegames/{file}", env!("CARGO_MANIFEST_DIR"));
    let save: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let options = serde_json::from_value(save["setup"]["options"].clone()).unwrap();
    let seed = save["setup"]["seed"].as_u64().unwrap();
    let actions = serde_json::from_value(save["actions"].clone()).unwrap();
    (G::setup(&options, seed).unwrap(), actions)
}

/// Refuses `action` in `state`, which it must leave exactly as it was.
fn refused<G: Game>(state: &Checked<G>, action: &G::Action) -> Violation {
    let mut after = state.clone();
    let violation = G::apply(&mut after, action).expect_err("refused");
    assert_eq!(
        serde_json::to_string(&after).unwrap(),
        serde_json::to_string(state).unwrap(),
        "a refused action left the state changed"
    );
    violation
}

/// `action` with its `player` field set to `seat`.
fn by<G: Game>(action: &G::Action, seat: &str) -> G::Action {
    let mut value = serde_json::to_value(action).unwrap();
    value["player"] = json!(seat);
    serde_json::from_value(value).unwrap()
}

/// After the recorded game's last action, the last action again is refused as `game_over`,
/// citing the game's end rule.
fn game_over_is_refused<G: Game>(file: &str) {
    let (mut state, actions) = recorded::<G>(file);
    for action in &actions {
        G::apply(&mut state, action).unwrap();
    }
    assert!(G::is_over(&state), "{file} ends");
    assert!(G::to_act(&state).is_empty());
    let violation = refused::<G>(&state, actions.last().unwrap());
    assert_eq!(violation.code, "game_over");
    assert_eq!(violation.rule, G::END_RULE);
}

/// The first listed action from setup, taken by another seat at the table, is refused as
/// `not_your_turn` citing the game's turn rule; by a seat not at the table, `unknown_seat`.
fn out_of_turn_and_unknown_seats_are_refused<G: Game>(
    state: &Checked<G>,
    other: &str,
    absent: &str,
) {
    let listed = G::legal_actions(state)[0].clone();
    let other_seat = by::<G>(&listed, other);
    assert!(!G::to_act(state).contains(&G::seat_of(&other_seat).unwrap()));
    let violation = refused::<G>(state, &other_seat);
    assert_eq!(violation.code, "not_your_turn", "{violation}");
    assert_eq!(violation.rule, G::TURN_RULE);
    let violation = refused::<G>(state, &by::<G>(&listed, absent));
    assert_eq!(violation.code, "unknown_seat", "{violation}");
    assert_eq!(violation.rule, G::TURN_RULE);
    assert!(violation.message.contains(absent), "{violation}");
}

/// Issue 38: the `move` cannot wrap. At 2^64-1 the first action of a recorded game is refused
/// (`move_limit`), the state left as it was; counting it would give 0, and an old
/// `expected_move` would match again.
fn the_largest_move_is_the_last<G: Game>(file: &str) {
    let (state, actions) = recorded::<G>(file);
    let mut value = serde_json::to_value(&*state).unwrap();
    value["move"] = json!(u64::MAX);
    let state = Checked::<G>::new(serde_json::from_value(value).unwrap()).unwrap();
    assert_eq!(G::moves(&state), u64::MAX);
    let violation = refused(&state, &actions[0]);
    assert_eq!(violation.code, "move_limit", "{file}: {violation:?}");
}

#[test]
fn no_game_counts_a_move_past_the_largest() {
    the_largest_move_is_the_last::<RailroadBarons>("railroad-barons-greedy-seed-1.json");
    the_largest_move_is_the_last::<Ne1833>("1833ne-greedy-3p-seed-2.json");
    the_largest_move_is_the_last::<RussianRailroadsAmerican>(
        "russian-railroads-american-bot-2p-seed-1.json",
    );
    the_largest_move_is_the_last::<RotwSolo>("rotw-solo-bot-seed-1.json");
    the_largest_move_is_the_last::<railrules::games::g1846::G1846>("1846-bot-3p-seed-2.json");
}

#[test]
fn railroad_barons_keeps_the_turn_contract() {
    game_over_is_refused::<RailroadBarons>("railroad-barons-greedy-seed-1.json");
    let state = RailroadBarons::setup(&Default::default(), 1).unwrap();
    let listed = RailroadBarons::legal_actions(&state)[0].clone();
    let other = if serde_json::to_value(&listed).unwrap()["player"] == "A" {
        "B"
    } else {
        "A"
    };
    let violation = refused::<RailroadBarons>(&state, &by::<RailroadBarons>(&listed, other));
    assert_eq!(violation.code, "not_your_turn", "{violation}");
    assert_eq!(violation.rule, RailroadBarons::TURN_RULE);
}

#[test]
fn ne1833_keeps_the_turn_contract() {
    game_over_is_refused::<Ne1833>("1833ne-greedy-3p-seed-2.json");
    let (state, _) = recorded::<Ne1833>("1833ne-greedy-3p-seed-2.json");
    // The auction opens with P1: P2 may not bid, and a fifth seat is not at a three-player table.
    out_of_turn_and_unknown_seats_are_refused::<Ne1833>(&state, "seat-2", "seat-5");
}

#[test]
fn russian_railroads_keeps_the_turn_contract() {
    game_over_is_refused::<RussianRailroadsAmerican>(
        "russian-railroads-american-bot-2p-seed-1.json",
    );
    let (state, _) =
        recorded::<RussianRailroadsAmerican>("russian-railroads-american-bot-2p-seed-1.json");
    let to_act = RussianRailroadsAmerican::to_act(&state)[0].to_string();
    let other = if to_act == "P1" { "P2" } else { "P1" };
    out_of_turn_and_unknown_seats_are_refused::<RussianRailroadsAmerican>(&state, other, "P4");
}

#[test]
fn rotw_solo_refuses_every_action_once_the_game_has_ended() {
    // Its one player's actions name no seat: only the end is judged by the core.
    game_over_is_refused::<RotwSolo>("rotw-solo-bot-seed-1.json");
}

// ---------------------------------------------------------------------------------------------
// The contract harness (`railrules::testing`) on every registered game.

/// Playouts per game and their length: few and short, so that a debug `cargo test` runs them
/// in seconds; the fuzz target `sequences` plays the same checks for hours.
const PLAYOUTS: u64 = 3;
const PLAYOUT_STEPS: usize = 40;
/// Listed actions applied at every step besides the chosen one.
const LISTED_PER_STEP: usize = 4;

/// Random choices for [`play`]: each step a u16 whose low nibble picks the kind (a listed
/// action, a value of its range, a mutated or an earlier action) and whose rest picks the
/// action, with spare bytes for the ranges and mutations.
fn choices(seed: u64) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..PLAYOUT_STEPS * 8)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

struct Playouts {
    /// Each game and the time its playouts took.
    played: Vec<(&'static str, std::time::Duration)>,
}

impl GameVisitor for Playouts {
    fn visit<G: Game>(&mut self) {
        let started = std::time::Instant::now();
        for seed in 1..=PLAYOUTS {
            let state = G::setup(&G::Options::default(), seed).expect("setup with the defaults");
            let bytes = choices(seed);
            let playing = Playing {
                max_steps: PLAYOUT_STEPS,
                listing: Listing::Spellings,
                listed_per_step: LISTED_PER_STEP,
            };
            play::<G>(state, &mut Choices::new(&bytes), playing);
        }
        self.played.push((G::ID, started.elapsed()));
    }
}

/// For every registered game, random playouts from setup through the contract harness: listed
/// actions accepted, sampled unlisted ones (mutated, earlier) refused unless they are another
/// spelling of a listed one, a refusal leaves the state byte-identical, the same action on the
/// same state gives the same outcome byte for byte, `check` is clean after every action, and
/// every state reads back from its JSON as itself.
#[test]
fn every_registered_game_keeps_the_contract_over_random_playouts() {
    let mut playouts = Playouts { played: Vec::new() };
    visit_games(&mut playouts);
    eprintln!("{:?}", playouts.played);
    let ids: Vec<&str> = playouts.played.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, railrules::registry::game_ids());
}

#[test]
fn a_checked_state_is_made_only_from_a_consistent_one_and_stays_so() {
    let (state, actions) = recorded::<Ne1833>("1833ne-greedy-3p-seed-2.json");
    // A tampered state: a player's cash doubled, money made from nothing.
    let mut tampered = state.clone().into_state();
    tampered.players[0].cash *= 2;
    let problems = Checked::<Ne1833>::new(tampered).expect_err("refused");
    assert!(!problems.is_empty());
    assert!(problems.iter().all(|p| p.pointer.is_some()), "{problems:?}");
    // The recorded game, played on a checked state, stays consistent at every step.
    let mut checked = Checked::<Ne1833>::new(state.into_state()).unwrap();
    for action in actions.iter().take(60) {
        Ne1833::apply(&mut checked, action).unwrap();
        assert_eq!(Ne1833::check(checked.state()), vec![]);
    }
    // A refused action leaves it as it was.
    let before = serde_json::to_string(checked.state()).unwrap();
    assert!(Ne1833::apply(&mut checked, &actions[0]).is_err());
    assert_eq!(serde_json::to_string(checked.state()).unwrap(), before);
}
