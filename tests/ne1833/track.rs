//! Laying track: each rule with a legal and an illegal case, and the seed's walkthrough.

use crate::board_fixtures::*;
use railrules::games::ne1833::board::Board;
use railrules::games::ne1833::track::LayKind;

#[test]
fn the_bw_lays_two_yellows_west_of_boston_at_20_each() {
    // The walkthrough: the B&W (home Boston, city 0 towards the SW) lays Framingham (F23) and
    // Worcester (E22) in one turn.
    let mut board = with_homes(&["BW"]);
    let first = lay_ok(&mut board, &context("BW", "I", &[]), lay("F23", "58", 2));
    assert_eq!((first.kind, first.cost), (LayKind::Yellow, 20));
    let earlier = vec![("F23".to_string(), LayKind::Yellow)];
    let second = lay_ok(
        &mut board,
        &context("BW", "I", &earlier),
        lay("E22", "57", 2),
    );
    assert_eq!((second.kind, second.cost), (LayKind::Yellow, 20));
    // A third lay is one too many.
    let earlier = vec![
        ("F23".to_string(), LayKind::Yellow),
        ("E22".to_string(), LayKind::Yellow),
    ];
    assert_eq!(
        lay_refused(&board, &context("BW", "I", &earlier), lay("D21", "57", 2)),
        "too_many_lays"
    );
}

#[test]
fn terrain_costs_more_than_20_when_printed() {
    // The Hartford (C24) lays into D23 (water $60) towards the NE.
    let mut board = with_homes(&["HR"]);
    let planned = lay_ok(&mut board, &context("HR", "I", &[]), lay("D23", "9", 1));
    assert_eq!((planned.terrain, planned.cost), (60, 60));
}

#[test]
fn a_border_costs_once_when_both_sides_have_track() {
    // Springfield D21 has water borders ($40) towards C20 and C22.
    let mut board = Board::default();
    let d21 = lay_ok(
        &mut board,
        &crate::board_fixtures::LayAnywhere::context(),
        lay("D21", "57", 1),
    );
    assert_eq!(d21.cost, 20, "nothing across the border yet");
    let c22 = lay_ok(
        &mut board,
        &crate::board_fixtures::LayAnywhere::context(),
        lay("C22", "9", 1),
    );
    // C22 is a $60 mountain; the water border with D21 now has track on both sides: +$40.
    assert_eq!((c22.terrain, c22.borders, c22.cost), (60, 40, 100));
}

#[test]
fn track_may_not_cross_an_impassable_edge() {
    // Westport B11 is printed yellow with track SW and N; C10's SW edge towards B11 is impassable.
    let board = Board::default();
    let v = lay_refused(
        &board,
        &crate::board_fixtures::LayAnywhere::context(),
        lay("C10", "7", 1),
    );
    assert_eq!(v, "impassable_edge");
}

#[test]
fn track_may_not_leave_the_map_or_run_into_printed_dead_ends() {
    let board = Board::default();
    let ctx = crate::board_fixtures::LayAnywhere::context();
    // B5's NW edge leads off the map (A4 is no hex).
    assert_eq!(
        lay_refused(&board, &ctx, lay("B5", "9", 2)),
        "track_off_map"
    );
    // B23's NW edge faces A22, which is no hex.
    assert_eq!(
        lay_refused(&board, &ctx, lay("B23", "9", 2)),
        "track_off_map"
    );
    // Albany's area A20 has track only towards B21: B19's NW edge faces A18, a red filler
    // without track.
    assert_eq!(
        lay_refused(&board, &ctx, lay("B19", "9", 2)),
        "track_into_dead_end"
    );
}

#[test]
fn the_label_must_match() {
    let board = Board::default();
    let ctx = crate::board_fixtures::LayAnywhere::context();
    // Sherbrooke F5 is labelled Sh: tile 57 has no label, N11 has Sh.
    assert_eq!(
        lay_refused(&board, &ctx, lay("F5", "57", 0)),
        "tile_does_not_fit"
    );
    let mut board = Board::default();
    lay_ok(&mut board, &ctx, lay("F5", "N11", 0));
}

#[test]
fn an_upgrade_keeps_the_track() {
    let mut board = with_homes(&["HR"]);
    // New Haven C26: a city N-S (57) from Hartford.
    lay_ok(&mut board, &context("HR", "I", &[]), lay("C26", "57", 0));
    // Green 14 (exits 0,1,3,4) keeps 0 and 3 at rotation 0; at rotation 1 (1,2,4,5) it drops them.
    assert_eq!(
        lay_refused(&board, &context("HR", "II", &[]), lay("C26", "14", 1)),
        "tile_does_not_fit"
    );
    let planned = lay_ok(&mut board, &context("HR", "II", &[]), lay("C26", "14", 0));
    assert_eq!((planned.kind, planned.cost), (LayKind::Upgrade, 20));
}

#[test]
fn green_waits_for_phase_two() {
    let mut board = with_homes(&["HR"]);
    lay_ok(&mut board, &context("HR", "I", &[]), lay("C26", "57", 0));
    assert_eq!(
        lay_refused(&board, &context("HR", "I", &[]), lay("C26", "14", 0)),
        "colour_not_in_phase"
    );
}

#[test]
fn a_tile_laid_this_turn_may_be_upgraded_as_the_one_upgrade() {
    // Ruling R1 (1846 6.43: "If desired, a given tile may be laid and then upgraded"): the
    // Hartford lays New Haven's yellow 57 and, in phase II, upgrades it to green 14 at once.
    let mut board = with_homes(&["HR"]);
    lay_ok(&mut board, &context("HR", "II", &[]), lay("C26", "57", 0));
    let earlier = vec![("C26".to_string(), LayKind::Yellow)];
    let upgrade = lay_ok(
        &mut board,
        &context("HR", "II", &earlier),
        lay("C26", "14", 0),
    );
    assert_eq!((upgrade.kind, upgrade.cost), (LayKind::Upgrade, 20));
    let laid = board
        .tiles
        .get(&railrules::games::ne1833::data::components().map, "C26");
    assert_eq!(laid.map(|l| l.tile), Some("14".into()));
}

#[test]
fn one_upgrade_per_turn() {
    let mut board = with_homes(&["HR"]);
    lay_ok(&mut board, &context("HR", "I", &[]), lay("C26", "57", 0));
    let earlier = vec![("B25".to_string(), LayKind::Upgrade)];
    assert_eq!(
        lay_refused(&board, &context("HR", "II", &earlier), lay("C26", "14", 0)),
        "second_upgrade"
    );
    // A yellow laid and upgraded this turn has used both the turn's lays.
    let earlier = vec![
        ("C26".to_string(), LayKind::Yellow),
        ("C26".to_string(), LayKind::Upgrade),
    ];
    assert_eq!(
        lay_refused(&board, &context("HR", "II", &earlier), lay("B25", "57", 0)),
        "too_many_lays"
    );
}

#[test]
fn a_lay_must_reach_the_companys_network() {
    let board = with_homes(&["HR"]);
    // Worcester E22 is far from Hartford.
    assert_eq!(
        lay_refused(&board, &context("HR", "I", &[]), lay("E22", "57", 2)),
        "not_connected"
    );
    // And a company with no station reaches nothing.
    assert_eq!(
        lay_refused(&board, &context("CV", "I", &[]), lay("C26", "57", 0)),
        "not_connected"
    );
}

#[test]
fn a_tile_runs_out_of_stock() {
    // Tile N11 exists once.
    let mut board = Board::default();
    let ctx = crate::board_fixtures::LayAnywhere::context();
    lay_ok(&mut board, &ctx, lay("F5", "N11", 0));
    let mut other = board.clone();
    other
        .tiles
        .remove(&railrules::games::ne1833::data::components().map, "F5");
    other.tiles.insert(
        &railrules::games::ne1833::data::components().map,
        "E4",
        railrules::games::ne1833::board::LaidTile {
            tile: "N11".into(),
            rotation: 0,
        },
    );
    assert_eq!(
        lay_refused(&other, &ctx, lay("F5", "N11", 0)),
        "tile_out_of_stock"
    );
}

#[test]
fn fixed_hexes_and_blocked_hexes_take_no_tile() {
    let board = Board::default();
    let ctx = crate::board_fixtures::LayAnywhere::context();
    assert_eq!(lay_refused(&board, &ctx, lay("B7", "9", 0)), "fixed_hex");
    let blocked = vec!["G20".to_string()];
    let mut ctx = crate::board_fixtures::LayAnywhere::context();
    ctx.blocked = &blocked;
    assert_eq!(
        lay_refused(&board, &ctx, lay("G20", "57", 0)),
        "hex_blocked"
    );
}

/// docs/rules/1833ne.md#upgrades: an upgrade gives the laying company new track it reaches (or
/// a stop it reaches a new value): the rules file is silent, and the 1846 rules decide as
/// 18xx.games plays them (semi-restrictive track). A position of the 4-player greedy game of
/// seed 2 as it was recorded before this rule (tests/data/ne1833-position-no-new-track.json):
/// the StL&A's 23 in D7 adds a curve its track does not reach; refused, while the position's
/// listing holds no lay of that tile there.
#[test]
fn an_upgrade_gives_the_company_new_track_it_reaches() {
    use railrules::core::{Checked, Game};
    use railrules::games::ne1833::Ne1833;
    use railrules::games::ne1833::action::Action;
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/ne1833-position-no-new-track.json")).unwrap();
    let state: Checked<Ne1833> =
        Checked::new(serde_json::from_value(data["state"].clone()).unwrap()).unwrap();
    let upgrade: Action = serde_json::from_value(data["actions"][0].clone()).unwrap();
    let mut copy = state.clone();
    let refusal = Ne1833::apply(&mut copy, &upgrade).unwrap_err();
    assert_eq!(refusal.code, "no_new_track", "{refusal:?}");
    assert!(!Ne1833::list(&state).contains(&upgrade));
}
