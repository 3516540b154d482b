//! Rule 6.65, the East-West bonus: Chicago Connections to Windsor both ways, the pairs that earn
//! it, n/m trains, and a route between two east off-boards refused.

use railrules::games::g1846::routes::{Band, east_west_bonus};
use railrules::games::kit18xx::board::{Board, Node};

use crate::{
    WEST_TO_WINDSOR, board, chicago_connections_to_windsor, figures, none, reversed, route, run,
    trains, west_to_windsor,
};

/// Rule 6.65: Chicago Connections (W) to Windsor (E) earns $50 + $30 on top of the stops,
/// whichever end the route starts from; the off-boards pay by band (C5 $20/$40, C17 $40/$60).
#[test]
fn rule_6_65_chicago_connections_to_windsor_earns_50_and_30_both_ways() {
    let board = west_to_windsor();
    let owned = [("4-0", "4")];
    for (band, stops) in [
        (Band::Yellow, 20 + 40 + 50 + 40),
        (Band::Brown, 40 + 40 + 50 + 60),
    ] {
        let east = chicago_connections_to_windsor("4-0", stops + 80);
        for r in [east.clone(), reversed(&east)] {
            let paid = run(&none(), &board, band, "GT", &owned, &[r]).unwrap();
            assert_eq!(figures(&paid), [(stops, 80, stops + 80)], "{band:?}");
        }
    }
}

/// Rule 6.65's bonus read from the stops counted, for the pairs the map has: St. Louis (W) and
/// Charleston (E) $20 + $20, Chicago Connections and Windsor $50 + $30, Buffalo's hidden half
/// (C21) as Buffalo, in either order; nothing for two east or two west off-boards, nor for one
/// alone.
#[test]
fn rule_6_65_east_west_pairs_and_no_bonus_for_east_east_or_west_west() {
    let bonuses = none();
    let owned = trains(&[("4-0", "4")]);
    let ctx = bonuses.context(Band::Yellow, "GT", &owned);
    let board = Board::default();
    let node = |id: &str| {
        let (hex, stop) = id.split_once('-').unwrap();
        Node {
            hex: ctx.map.hex_index(hex).unwrap(),
            stop: stop.parse().unwrap(),
        }
    };
    let bonus = |ids: &[&str]| -> u32 {
        let nodes: Vec<Node> = ids.iter().map(|id| node(id)).collect();
        east_west_bonus(&ctx, &board, &nodes)
    };
    assert_eq!(bonus(&["I1-0", "I15-0", "I17-0"]), 40);
    assert_eq!(bonus(&["I17-0", "I15-0", "I1-0"]), 40);
    assert_eq!(bonus(&["C5-0", "C15-0", "C17-0"]), 80);
    assert_eq!(bonus(&["C17-0", "C15-0", "C5-0"]), 80);
    assert_eq!(bonus(&["C21-0", "C5-0"]), 30 + 50);
    assert_eq!(bonus(&["C17-0", "C15-0", "B18-0"]), 0, "east-east");
    assert_eq!(bonus(&["C5-0", "D6-0", "I1-0"]), 0, "west-west");
    assert_eq!(bonus(&["C15-0", "C17-0"]), 0, "east alone");
    assert_eq!(bonus(&["I1-0", "I5-0"]), 0, "west alone");
}

/// Rule 6.65's note: an N/M train earns the bonus only if it counts both off-boards. A 3/5 on
/// Chicago Connections - Chicago - Detroit - Windsor counts the three stops that pay most with
/// the bonus: Chicago Connections $20, Detroit $50, Windsor $40 and $80 (= $190), not the three
/// dearest stops (Chicago $40, Detroit, Windsor = $130) and not the bonus for stops it skips
/// ($210).
#[test]
fn rule_6_65_an_n_m_train_counts_both_ends_to_earn_the_bonus() {
    let board = west_to_windsor();
    let r = chicago_connections_to_windsor("4-0", 190);
    let paid = run(&none(), &board, Band::Yellow, "GT", &[("4-0", "3/5")], &[r]).unwrap();
    assert_eq!(figures(&paid), [(110, 80, 190)]);
}

/// Two east off-boards on one route: 18xx.games refuses it (the east off-boards are one group,
/// "Cannot use group E more than once"). Windsor - Detroit - Port Huron - Sarnia.
#[test]
fn a_route_between_two_east_off_boards_is_refused() {
    let mut tiles = WEST_TO_WINDSOR.to_vec();
    tiles.push(("B16", "6", 4));
    let board = board(&tiles, &[("GT", "C15")]);
    let east_east = route(
        "4-0",
        &["C17-0", "C15-0", "B16-0", "B18-0"],
        &[&["C17", "C15"], &["C15", "B16"], &["B16", "B18"]],
        130,
    );
    let refused = run(
        &none(),
        &board,
        Band::Yellow,
        "GT",
        &[("4-0", "4")],
        &[east_east],
    );
    let v = refused.unwrap_err();
    assert_eq!(
        (v.code.as_str(), v.rule.as_str()),
        ("group_visited_twice", "1846#routes")
    );
    assert!(v.message.contains("C17-0 and B18-0"), "{}", v.message);
    // Detroit to Port Huron alone is a route.
    let shorter = route("4-0", &["C15-0", "B16-0"], &[&["C15", "B16"]], 70);
    assert!(
        run(
            &none(),
            &board,
            Band::Yellow,
            "GT",
            &[("4-0", "4")],
            &[shorter]
        )
        .is_ok()
    );
}
