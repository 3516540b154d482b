//! #privates: the privates' lays, the Steamboat's and the other markers' assignments, and the
//! Little Miami's lays, as the engine plays them.

use railrules::core::{Checked, Game};
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::{Action, Purchase};
use railrules::games::g1846::ids::{Company, Private, Seat};
use railrules::games::kit18xx::table::Table as _;

use super::{assert_agrees, before_refused_last, imported_state, position, refused};

/// #privates: a private's own tile lay is the owning corporation's at any time in its turn,
/// after its routes too (18xx.games `when: owning_corp_or_turn`). g04, OR 1.2: the B&O, owning
/// the Ohio & Indiana, buys a train and then lays the O&I's 7 in F14; g02, OR 1.2: the GT lays
/// the Michigan Central's 7 in B12 in its last step, after passing its train step.
#[test]
fn a_private_lays_its_track_after_the_routes() {
    assert_agrees("g04_s1000004_p3_first_ed", Some(40));
    assert_agrees("g02_s1000002_p4", Some(100));
}

/// #privates (a reading): the Lake Shore Line's upgrade of Cleveland or Toledo needs no
/// connection, as 18xx.games plays it (the card is silent). g03, action 99: the GT upgrades
/// Cleveland (E17) for the LSL with no track of its own reaching it.
#[test]
fn the_lake_shore_line_upgrades_unconnected() {
    assert_agrees("g03_s1000003_p5", Some(120));
}

/// #privates: a corporation owning the C&WI that places its own station in the C&WI's Chicago
/// city (D6, city 3) places the C&WI's: free, one more than its charter's tokens, the C&WI's
/// used (18xx.games applies the placing corporation's token abilities to its station in their
/// city: `Tokener#adjust_token_price_ability!`). g06 of SEED_BASE 1002000, /actions/220: the
/// PRR, owning the C&WI, places a station in D6 city 3 with its track step's own action and
/// keeps its $119; its charter's next token still costs $80 after it.
#[test]
fn a_station_in_the_cwis_city_is_the_cwis() {
    let game = "g06_s1002006_p5_first_ed";
    assert_agrees(game, Some(260));
    let before = imported_state(game, 220);
    let after = imported_state(game, 221);
    assert_eq!(before.company(Company::Prr).cash, 119);
    assert_eq!(after.company(Company::Prr).cash, 119);
    let used = |s: &Checked<G1846>| {
        s.abilities_used
            .iter()
            .any(|u| u.private == Private::Cwi && u.company == Company::Prr)
    };
    assert!(!used(&before) && used(&after));
    assert_eq!(
        railrules::games::g1846::privates::stations_left(&after, Company::Prr),
        railrules::games::g1846::privates::stations_left(&before, Company::Prr)
    );
}

/// #privates: the Steamboat's owning player moves it once a round at its start, and a
/// corporation that bought it moves it again in its turn of the same round. a/g12, action 43.
#[test]
fn the_steamboat_moves_again_for_the_corporation_that_bought_it() {
    assert_agrees("g12_s1000012_p5_first_ed", Some(50));
}

fn assign(state: &Checked<G1846>, company: Company, private: &str, target: &str) -> String {
    let player = state.company(company).president.unwrap();
    let action: Action = serde_json::from_value(serde_json::json!({
        "type": "assign", "player": player, "company": private, "target": target
    }))
    .unwrap();
    refused(state, &action)
}

/// #privates: a corporation's Steamboat is moved before its routes only (18xx.games `when:
/// track_and_token, route`), and a corporation's marker serves the corporation owning it: it
/// is assigned a hex, never a corporation (g02: the PRR buys the Steamboat after its routes at
/// action 52, the GT the Meat Packing at 82).
#[test]
fn a_corporations_markers_are_assigned_hexes_and_the_steamboat_before_its_routes() {
    let prr = imported_state("g02_s1000002_p4", 53);
    assert_eq!(assign(&prr, Company::Prr, "SC", "B8"), "after_routes");
    let gt = imported_state("g02_s1000002_p4", 83);
    assert_eq!(assign(&gt, Company::Gt, "MPC", "GT"), "not_in_ability");
}

/// #track: the two lays of the Michigan Central, the Ohio & Indiana and the Little Miami are
/// made together: the second only as the next action ("if both tiles are laid", 18xx.games'
/// `must_lay_together`). g02, action 66: the O&I lays F16 and passes its second lay (67); after
/// the B&O's next action (68), F14 is refused.
#[test]
fn a_privates_two_lays_are_made_together() {
    let state = imported_state("g02_s1000002_p4", 69);
    assert_eq!(private_lay(&state, Private::Oi, "F14", "7"), "lays_apart");
}

/// #track: the Little Miami lays or upgrades once in each of its hexes, not twice in one
/// (18xx.games: "Cannot lay and upgrade a tile in the same hex with Little Miami"). g03 (seed
/// 1000103), action 100: the LM lays a 57 in Dayton (G13); an upgrade of Dayton next is refused.
#[test]
fn the_little_miami_lays_once_in_each_hex() {
    let state = imported_state("g03_s1000103_p5", 101);
    assert_eq!(
        private_lay(&state, Private::Lm, "G13", "15"),
        "same_hex_twice"
    );
}

/// The refusal of `private`'s lay of `tile` in `hex` (rotation 0) for the corporation owning
/// it, by its president.
fn private_lay(state: &Checked<G1846>, private: Private, hex: &str, tile: &str) -> String {
    let owner = railrules::games::g1846::privates::corporation_owning(state, private)
        .expect("a corporation owns the private");
    let player = state.company(owner).president.unwrap();
    let lay: Action = serde_json::from_value(serde_json::json!({
        "type": "lay_tile", "player": player, "hex": hex, "tile": tile, "rotation": 0,
        "company": private
    }))
    .unwrap();
    refused(state, &lay)
}

/// #privates: the Steamboat is reassigned to a different port (its card; 18xx.games' `Assign`:
/// "already assigned"). g02 (seed 1000002): the PRR moves its Steamboat to C5 at action 224;
/// moving it to C5 again in that turn is `already_assigned`, elsewhere `ability_used`.
#[test]
fn the_steamboat_is_reassigned_to_a_different_port() {
    let state = imported_state("g02_s1000002_p4", 224);
    assert_eq!(assign(&state, Company::Prr, "SC", "C5"), "already_assigned");
    assert_eq!(assign(&state, Company::Prr, "SC", "B8"), "ability_used");
}

/// #privates: a player's Steamboat is assigned at the operating round's start only (18xx.games:
/// `when: 'or_start'`, the `Assign` step before the first operator's): once anything is done
/// in the first operator's turn, a private's purchase included, the start is over. Position
/// g5006-steamboat-round-start (railrules game, seed 1851006): P3 owns the Steamboat and
/// presides over the C&O, the round's first operator, which buys the Meat Packing.
#[test]
fn a_players_steamboat_is_assigned_before_anything_else_in_the_round() {
    let (mut state, actions) = position("g5006-steamboat-round-start.json");
    assert!(matches!(
        &actions[0],
        Action::BuyCompany {
            company: Purchase::Private(Private::Mpc),
            ..
        }
    ));
    let owners_assign = |state: &Checked<G1846>| {
        G1846::list(state).into_iter().find(|a| {
            matches!(
                a,
                Action::Assign {
                    player: Seat::P3,
                    company: Private::Sc,
                    ..
                }
            )
        })
    };
    let assign = owners_assign(&state).expect("P3 assigns the Steamboat at the round's start");
    G1846::apply(&mut state, &actions[0]).unwrap();
    assert_eq!(owners_assign(&state), None);
    assert_eq!(refused(&state, &assign), "not_round_start");
}

/// #privates: a private's lays made together meet: its second tile's track meets its first's
/// across their common edge (18xx.games `SpecialTrack#check_connect`, "Paths must be
/// connected"). g5003 (seed 1851003, first edition, as railrules played it before this rule):
/// the Ohio & Indiana lays an 8 in F16 (save action 202), then a 9 in F14 whose straight
/// track does not meet the 8's.
#[test]
fn a_privates_lays_made_together_meet() {
    let (state, second) = before_refused_last("g5003_s1851003_p5_lays_do_not_meet.json");
    assert!(
        matches!(&second, Action::LayTile { hex, company: Some(Private::Oi), .. } if hex == "F14")
    );
    assert_eq!(refused(&state, &second), "lays_do_not_meet");
}

/// #privates: the Little Miami's lays join Cincinnati (H12) and Dayton (G13): a first lay
/// that leaves them apart, where no second lay could join them, is refused (18xx.games
/// `check_little_miami_graph_after!`, also on the private's pass: "H12 and G13 must be
/// connected after using Little Miami"). Position g5024-lm-not-joining (railrules game, seed
/// 1851024): the LM's 5 in G13.
#[test]
fn the_little_miamis_lays_join_cincinnati_and_dayton() {
    let (state, mut next) = position("g5024-lm-not-joining.json");
    let first = next.remove(0);
    assert!(
        matches!(&first, Action::LayTile { hex, company: Some(Private::Lm), .. } if hex == "G13")
    );
    assert_eq!(refused(&state, &first), "not_joining");
}

/// #privates: each tile the Little Miami lays carries the joining of Cincinnati and Dayton:
/// once its lays are over, a way joining them uses some new track of every tile it laid
/// (18xx.games `little_miami_a_new_path_used_for_connection?`, "Some new track on each tile
/// laid by Little Miami must be used to connect H12 and G13"). g5227 (seed 1851227, as railrules
/// played it before this rule): the LM upgrades H12 to a 296, whose new track leads to G11 and
/// H14; the only second lay that joins the hexes, a 57 in G13, meets H12's old track, so the
/// upgrade is refused at once.
#[test]
fn each_little_miami_tile_carries_the_joining() {
    let (state, first) = before_refused_last("g5227_s1851227_p4_lm_new_track_carries.json");
    assert!(
        matches!(&first, Action::LayTile { hex, tile, company: Some(Private::Lm), .. } if hex == "H12" && tile == "296")
    );
    assert_eq!(refused(&state, &first), "not_joining");
    // The same private's other first lays stay listed.
    let listed = G1846::list(&state);
    assert!(listed.iter().any(|a| matches!(
        a,
        Action::LayTile {
            company: Some(Private::Lm),
            ..
        }
    )));
    assert!(listed.iter().all(|a| a != &first));
}

/// #privates: the Little Miami's lays are free of the tile's cost, not of its river crossings
/// (18xx.games: its `tile_lay` ability has `discount: 20`, not `free`, and the border is paid).
/// Position d-g147-little-miami-pays-the-river (engine game of seed 1000447, before
/// /actions/113): after its 6 in Dayton, the B&O ($139) upgrades Cincinnati (H12) to a 294
/// whose new track crosses the $40 river: it pays $40.
#[test]
fn the_little_miami_pays_its_river_crossing() {
    let (state, next) = position("d-g147-little-miami-pays-the-river.json");
    assert!(
        matches!(&next[0], Action::LayTile { hex, company: Some(Private::Lm), .. } if hex == "H12")
    );
    let before = state.company(Company::Bo).cash;
    let mut after = state.clone();
    G1846::apply(&mut after, &next[0]).unwrap();
    assert_eq!((before, after.company(Company::Bo).cash), (139, 99));
}

/// #privates: after a first Little Miami lay that leaves its hexes apart, its second lay,
/// joining them, comes next: it cannot be forfeited (18xx.games checks the join on the
/// private's pass too). g5006 (seed 1851006, as railrules played it before this rule): the
/// LM's 57 in G13 (save action 120), then the GT runs its routes (121): refused, and the
/// listing holds only the LM's lays in H12.
#[test]
fn the_little_miamis_second_lay_comes_before_anything_else() {
    let (state, routes) = before_refused_last("g5006_s1851006_p5_second_lay_due.json");
    assert!(matches!(routes, Action::RunRoutes { .. }));
    assert_eq!(refused(&state, &routes), "second_lay_due");
    let listed = G1846::list(&state);
    assert!(!listed.is_empty());
    assert!(
        listed.iter().all(
            |a| matches!(a, Action::LayTile { hex, company: Some(Private::Lm), .. } if hex == "H12")
        ),
        "{listed:?}"
    );
}
