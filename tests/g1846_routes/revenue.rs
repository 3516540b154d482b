//! What a route pays: the bands of the phases, its stops' values, St. Louis, and a wrong claim
//! refused with the figures.

use railrules::games::g1846::routes::Band;

use crate::{
    WEST_TO_WINDSOR, board, chicago_connections_to_windsor, figures, mail, none, route, run,
    west_to_windsor,
};

#[test]
fn phases_one_and_two_pay_yellow_off_boards_and_three_on_brown() {
    assert_eq!(Band::of_phase("I"), Some(Band::Yellow));
    assert_eq!(Band::of_phase("II"), Some(Band::Yellow));
    assert_eq!(Band::of_phase("III"), Some(Band::Brown));
    assert_eq!(Band::of_phase("IV"), Some(Band::Brown));
    assert_eq!(Band::of_phase("V"), None);
}

/// A route without off-boards pays its stops' values: Detroit #294 $50, Port Huron #57 $20.
#[test]
fn a_plain_route_pays_its_stops_values() {
    let mut tiles = WEST_TO_WINDSOR.to_vec();
    tiles.push(("B16", "57", 0));
    let board = board(&tiles, &[("GT", "C15")]);
    let plain = route("2-0", &["C15-0", "B16-0"], &[&["C15", "B16"]], 70);
    for band in [Band::Yellow, Band::Brown] {
        let paid = run(
            &none(),
            &board,
            band,
            "GT",
            &[("2-0", "2")],
            std::slice::from_ref(&plain),
        )
        .unwrap();
        assert_eq!(figures(&paid), [(70, 0, 70)]);
    }
}

/// St. Louis (I1) pays $50 yellow, $70 brown; with Belleville's gray city (I5, $10).
#[test]
fn st_louis_pays_50_in_phases_one_and_two_and_70_from_phase_three() {
    let board = board(&[("I3", "9", 1)], &[("IC", "I5")]);
    let to_st_louis = |revenue| route("2-0", &["I5-0", "I1-0"], &[&["I5", "I3", "I1"]], revenue);
    let yellow = run(
        &none(),
        &board,
        Band::Yellow,
        "IC",
        &[("2-0", "2")],
        &[to_st_louis(60)],
    );
    assert_eq!(figures(&yellow.unwrap()), [(60, 0, 60)]);
    let brown = run(
        &none(),
        &board,
        Band::Brown,
        "IC",
        &[("2-0", "2")],
        &[to_st_louis(80)],
    );
    assert_eq!(figures(&brown.unwrap()), [(80, 0, 80)]);
    let stale = run(
        &none(),
        &board,
        Band::Brown,
        "IC",
        &[("2-0", "2")],
        &[to_st_louis(60)],
    );
    assert_eq!(stale.unwrap_err().code, "wrong_revenue");
}

/// A claim that is not the route's revenue is refused, naming what it earns and by how much the
/// claim differs; the Mail Contract's money counts in the claim.
#[test]
fn a_wrong_claim_is_refused_naming_the_figures() {
    let board = west_to_windsor();
    let claim = chicago_connections_to_windsor("4-0", 200);
    let v = run(
        &none(),
        &board,
        Band::Yellow,
        "GT",
        &[("4-0", "4")],
        &[claim],
    )
    .unwrap_err();
    assert_eq!(
        (v.code.as_str(), v.rule.as_str()),
        ("wrong_revenue", "1846#revenue")
    );
    assert!(
        v.message.contains(
            "earns $230 (stops $150, ferries $0, bonuses $80); $200 was claimed, $30 less"
        ),
        "{}",
        v.message
    );
    let without_mail = chicago_connections_to_windsor("4-0", 230);
    let v = run(
        &mail(),
        &board,
        Band::Yellow,
        "GT",
        &[("4-0", "4")],
        &[without_mail],
    );
    let v = v.unwrap_err();
    assert_eq!(v.code, "wrong_revenue");
    assert!(v.message.contains("earns $270"), "{}", v.message);
}
