//! Inputs found by fuzzing (fuzz/README.md), replayed through the very checks the fuzz targets
//! run (the contract harness `railrules::testing`), so they run under a plain `cargo test`.
//!
//! Each crash is a file under `fuzz/regressions/<target>/` and one `#[test]` here. A crash that
//! is a bug not yet fixed is `#[ignore = "fix pending: ..."]` until it is.
//!
//! The smoke tests at the end run the checks on ordinary inputs, so that the shared checks keep
//! compiling and passing with the rules.

use railrules::core::{Game, GameVisitor};
use railrules::registry::visit_games;
use railrules::testing as checks;

use railrules::games::ne1833::Ne1833;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::rotw_solo::RotwSolo;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican;

// ---------------------------------------------------------------------------------------------
// Crashes found by `validate_railroad_barons`.

/// A stock round state that `check` passes, where the unstarted yellow Holding (no Director,
/// every certificate in the bank) has `operators_invested: 7` (the example draft-and-stock-round
/// state, otherwise changed only in names and an income). The listed trade buying yellow's 40%
/// at start value 70 starts it; the new state fails `check` with `too_many_operators_invested`
/// ("yellow has 7 operators invested but only 5 operators"). `check` skips every other test
/// for an unstarted Holding, and its `unstarted_holding_in_use` test does not look at
/// `operators_invested` (src/games/railroad_barons/invariants.rs).
#[test]
fn barons_operators_invested_in_an_unstarted_holding() {
    checks::validate_request::<RailroadBarons>(include_bytes!(
        "../fuzz/regressions/validate_railroad_barons/operators-invested-in-unstarted-holding.json"
    ));
}

// ---------------------------------------------------------------------------------------------
// Crashes found by `validate_rotw_solo`.

/// A consistent rotw-solo state whose track (a link or open track) names a hex with `q` at
/// 32767: the consistency check's neighbour arithmetic overflowed (src/games/rotw_solo/map.rs,
/// `Hex::neighbour`).
#[test]
fn rotw_solo_hex_at_the_edge_of_the_coordinates() {
    checks::validate_request::<RotwSolo>(include_bytes!(
        "../fuzz/regressions/validate_rotw_solo/hex-at-the-edge-of-the-coordinates.json"
    ));
}

// ---------------------------------------------------------------------------------------------
// Crashes found by `validate_russian_railroads_american`.

/// A 3-player state whose phase names seat P4 as the one to act: the consistency check read
/// that player before checking that every seat it names sits at the table
/// (src/games/russian_railroads_american/invariants.rs, `seats_named`).
#[test]
fn russian_railroads_american_seat_not_at_the_table() {
    checks::validate_request::<RussianRailroadsAmerican>(include_bytes!(
        "../fuzz/regressions/validate_russian_railroads_american/seat-not-at-the-table.json"
    ));
}

// ---------------------------------------------------------------------------------------------
// Crashes found by `validate_1833ne`.

/// A state that `check` passes, where a private stays open though the company that owns it has
/// closed (the example 5-player game at round 16, with `privates/5/closed` (P6, owned by the
/// closed CV) set to false). Passing ends the stock round; the new state fails `check` with
/// `closed_company_in_use` ("CV has closed but still has shares or cash"): the private's income
/// went to the closed company. `market::close` closes a closing company's privates, so `check`
/// should refuse an open private owned by a closed company.
#[test]
fn ne1833_open_private_of_a_closed_company() {
    checks::validate_request::<Ne1833>(include_bytes!(
        "../fuzz/regressions/validate_1833ne/open-private-of-closed-company.json"
    ));
}

// ---------------------------------------------------------------------------------------------
// Crashes found by `sequences`.

/// 1833NE, 5 players, from the example game after 540 actions: after the StL&A has run its
/// routes and before its dividend, `buy_shares {entity: "StL&A", from: "market", percent: 10}`
/// (a redemption) is accepted, but `legal_actions` lists no redemption (nor issue): it offers
/// them only while `turn.revenue` is unset (src/games/ne1833/legal.rs, operating_candidates),
/// whereas docs/rules/1833ne.md#issues and `apply` allow them until the dividend.
#[test]
fn ne1833_redemption_after_the_routes_is_not_listed() {
    checks::sequence(include_bytes!(
        "../fuzz/regressions/sequences/ne1833-redeem-after-routes-unlisted"
    ));
}

// ---------------------------------------------------------------------------------------------
// Also found by `sequences`: an action accepted though `legal_actions` does not list it.
// A documented default left out or written out is another spelling of a listed action, which
// the fuzz target tolerates (`Listing::Spellings`) because it leads to the very same state.
// Lists whose order does not matter are read in canonical order, so those tests hold the
// rules to the contract to the letter (`Listing::Exact`).

/// Railroad Barons: `buy_railroad` from the bank without `face` (documented as face 0); the
/// list spells out `"face": 0`. Same state either way.
#[test]
fn barons_bank_railroad_without_face() {
    checks::sequence(include_bytes!(
        "../fuzz/regressions/sequences/barons-bank-railroad-without-face"
    ));
    checks::sequence(include_bytes!(
        "../fuzz/regressions/sequences/barons-bank-railroad-without-face-2"
    ));
}

// 1833NE's redemption without `percent` (read as 10%, now documented on the action) was a
// regression here; its input went stale when its save file was re-recorded (it started after
// the game's end), so the case is tested directly: tests/ne1833/operating/issues.rs
// `a_company_redeems_from_the_market_at_one_space_above`.

const SALES_IN_ANOTHER_ORDER: [&[u8]; 2] = [
    include_bytes!("../fuzz/regressions/sequences/barons-sales-in-another-order"),
    include_bytes!("../fuzz/regressions/sequences/barons-sales-in-another-order-2"),
];
const DISCARDS_IN_ANOTHER_ORDER: &[u8] =
    include_bytes!("../fuzz/regressions/sequences/barons-discards-in-another-order");

/// Railroad Barons: a `trade` selling blue then red (or blue then yellow); the list had only
/// the canonical order (red then blue), and `round.sold` kept the order given. Sales are now
/// read in canonical order, so the action is the listed one.
#[test]
fn barons_sales_in_another_order() {
    for bytes in SALES_IN_ANOTHER_ORDER {
        checks::sequence_with(bytes, checks::Listing::Exact);
    }
}

/// Railroad Barons: `discard_railroads` with `[12, 0]`; the list had `[0, 12]`, and
/// `railroads_out_of_game` kept the order given. Discards are now read in ascending order.
#[test]
fn barons_discards_in_another_order() {
    checks::sequence_with(DISCARDS_IN_ANOTHER_ORDER, checks::Listing::Exact);
}

// ---------------------------------------------------------------------------------------------
// Smoke tests.

#[test]
fn the_example_validate_requests_pass_the_checks() {
    // Every registered game's example request (examples/requests/<game>/validate.json), and the
    // malformed bodies below, through the validate target's checks.
    struct Examples;
    impl GameVisitor for Examples {
        fn visit<G: Game>(&mut self) {
            let path = format!(
                "{}/examples/requests/{}/validate.json",
                env!("CARGO_MANIFEST_DIR"),
                G::ID
            );
            let body = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            checks::validate_request::<G>(&body);
        }
    }
    visit_games(&mut Examples);
}

#[test]
fn malformed_requests_are_refused_without_panicking() {
    struct Malformed;
    impl GameVisitor for Malformed {
        fn visit<G: Game>(&mut self) {
            for body in [
                &b""[..],
                b"\xff",
                b"{}",
                b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
                br#"{"state": 8.0, "action": {"type": "pass"}}"#,
            ] {
                checks::validate_request::<G>(body);
            }
        }
    }
    visit_games(&mut Malformed);
}

#[test]
fn short_sequences_pass_the_checks() {
    // Game byte: every registered game; then a start (setup, an example game after a prefix),
    // then choices: listed actions, range values, mutations and earlier actions.
    let games = railrules::registry::game_ids().len() as u8;
    assert_eq!(games, 5);
    for game in 0..games {
        for start in [0u8, 1] {
            let mut bytes = vec![game, start, 3, 0, 40, 0];
            bytes.extend((0u16..60).flat_map(|i| (i.wrapping_mul(2654) ^ i).to_le_bytes()));
            checks::sequence(&bytes);
        }
    }
}
