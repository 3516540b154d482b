//! The privates' bonuses: the Meat Packing Company, the Steamboat and the Boomtown.

use railrules::games::g1846::routes::{Assigned, Band, G1846Routes};

use crate::{board, chicago_connections_to_windsor, figures, none, route, run, west_to_windsor};

/// Meat Packing: +$30 for the company it is assigned to, at the hex it is assigned to (Chicago
/// D6 or St. Louis I1); nothing for another company, nor with the marker elsewhere.
#[test]
fn meat_packing_pays_30_to_its_company_at_its_hex_only() {
    let board = west_to_windsor();
    let owned = [("4-0", "4")];
    let at = |hex, company| G1846Routes {
        meat_packing: Some(Assigned { hex, company }),
        ..G1846Routes::default()
    };
    let paid = |bonuses: &G1846Routes, total| {
        let r = chicago_connections_to_windsor("4-0", total);
        run(bonuses, &board, Band::Yellow, "GT", &owned, &[r]).map(|r| figures(&r))
    };
    assert_eq!(paid(&at("D6", "GT"), 260), Ok(vec![(150, 110, 260)]));
    assert_eq!(paid(&at("D6", "NYC"), 230), Ok(vec![(150, 80, 230)]));
    assert_eq!(paid(&at("I1", "GT"), 230), Ok(vec![(150, 80, 230)]));
    // At St. Louis: Belleville to St. Louis, $60 and $30.
    let st_louis = crate::board(&[("I3", "9", 1)], &[("IC", "I5")]);
    let to_st_louis = route("2-0", &["I5-0", "I1-0"], &[&["I5", "I3", "I1"]], 90);
    let paid = run(
        &at("I1", "IC"),
        &st_louis,
        Band::Yellow,
        "IC",
        &[("2-0", "2")],
        &[to_st_louis],
    );
    assert_eq!(figures(&paid.unwrap()), [(60, 30, 90)]);
}

/// Steamboat: +$20 per port symbol of its port, for its company: Holland (B8) and Wheeling
/// (G19) have two ($40), Chicago Connections (C5) one ($20).
#[test]
fn steamboat_pays_20_per_port_symbol() {
    let at = |hex, company| G1846Routes {
        steamboat: Some(Assigned { hex, company }),
        ..G1846Routes::default()
    };
    // Holland - Port Huron - Sarnia: $40 + $20 + $30 in yellow ($10 + $20 + $50 brown).
    let holland = board(
        &[
            ("B10", "9", 1),
            ("B12", "9", 1),
            ("B14", "9", 1),
            ("B16", "57", 1),
        ],
        &[("GT", "B16")],
    );
    let holland_route = |revenue| {
        route(
            "4-0",
            &["B8-0", "B16-0", "B18-0"],
            &[&["B8", "B10", "B12", "B14", "B16"], &["B16", "B18"]],
            revenue,
        )
    };
    let owned = [("4-0", "4")];
    let paid = run(
        &at("B8", "GT"),
        &holland,
        Band::Yellow,
        "GT",
        &owned,
        &[holland_route(130)],
    );
    assert_eq!(figures(&paid.unwrap()), [(90, 40, 130)]);
    let paid = run(
        &at("B8", "GT"),
        &holland,
        Band::Brown,
        "GT",
        &owned,
        &[holland_route(120)],
    );
    assert_eq!(figures(&paid.unwrap()), [(80, 40, 120)]);
    let paid = run(
        &at("B8", "MC"),
        &holland,
        Band::Yellow,
        "GT",
        &owned,
        &[holland_route(90)],
    );
    assert_eq!(figures(&paid.unwrap()), [(90, 0, 90)]);
    // Wheeling (printed yellow, $10) to Cumberland (H20, $20 yellow).
    let wheeling = board(&[], &[("B&O", "G19")]);
    let to_cumberland = route("2-0", &["G19-0", "H20-0"], &[&["G19", "H20"]], 70);
    let paid = run(
        &at("G19", "B&O"),
        &wheeling,
        Band::Yellow,
        "B&O",
        &[("2-0", "2")],
        &[to_cumberland],
    );
    assert_eq!(figures(&paid.unwrap()), [(30, 40, 70)]);
    // Chicago Connections: one symbol, with the East-West bonus.
    let r = chicago_connections_to_windsor("4-0", 250);
    let paid = run(
        &at("C5", "GT"),
        &west_to_windsor(),
        Band::Yellow,
        "GT",
        &owned,
        &[r],
    );
    assert_eq!(figures(&paid.unwrap()), [(150, 100, 250)]);
}

/// Boomtown: +$20 at Cincinnati (H12, #293 Z $40) for its company. Dayton (G13, #57) $20.
#[test]
fn boomtown_pays_20_at_cincinnati() {
    let board = board(&[("H12", "293", 0), ("G13", "57", 0)], &[("B&O", "H12")]);
    let r = |revenue| route("2-0", &["H12-0", "G13-0"], &[&["H12", "G13"]], revenue);
    let boomtown = G1846Routes {
        boomtown: Some(Assigned {
            hex: "H12",
            company: "B&O",
        }),
        ..G1846Routes::default()
    };
    let paid = run(
        &boomtown,
        &board,
        Band::Yellow,
        "B&O",
        &[("2-0", "2")],
        &[r(80)],
    );
    assert_eq!(figures(&paid.unwrap()), [(60, 20, 80)]);
    let paid = run(
        &none(),
        &board,
        Band::Yellow,
        "B&O",
        &[("2-0", "2")],
        &[r(60)],
    );
    assert_eq!(figures(&paid.unwrap()), [(60, 0, 60)]);
}
