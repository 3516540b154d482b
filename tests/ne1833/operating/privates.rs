//! The privates' abilities: a company buying a private, and P2's, P3's and P5's powers.

use crate::game_fixtures::*;
use crate::or_fixtures::*;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::action::Action;
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::{Company, Private};

/// In the fixture P1 owns P1 and P4, P2 owns P2 and P5, P3 owns P3 and P6; the Hartford
/// (P2's) operates first.
#[test]
fn a_company_buys_a_private_from_its_owner_for_1_up_to_its_price() {
    let mut s = operating();
    // The Hartford (P2's) buys P2's Lowell Merchants ($40).
    let buy = |company, price, accepted_by| Action::BuyCompany {
        player: P2,
        company,
        price,
        accepted_by,
    };
    assert_eq!(refuse(&s, buy(Private::P2, 41, None)).code, "bad_price");
    assert_eq!(refuse(&s, buy(Private::P2, 0, None)).code, "bad_price");
    // P3's C&StL needs P3's acceptance.
    assert_eq!(
        refuse(&s, buy(Private::P3, 30, None)).code,
        "acceptance_required"
    );
    let before = cash(&s, P2);
    play(&mut s, buy(Private::P2, 40, None));
    assert_eq!(cash(&s, P2), before + 40);
    // The D&H costs $40 more, to the bank.
    let (hr, bank) = (s.company(Company::Hr).cash, s.bank);
    let events = play(&mut s, buy(Private::P6, 10, Some(P3)));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PrivateSold {
            price: 10,
            surcharge: 40,
            ..
        }
    )));
    assert_eq!((s.company(Company::Hr).cash, s.bank), (hr - 50, bank + 40));
}

#[test]
fn p2_lets_its_buyer_lay_a_free_tile_in_lowell_in_that_round() {
    // The B&L's home (Boston's city 1) faces Lowell (G20).
    let mut s = new_game(3);
    privates_bought_two_each(&mut s);
    play(&mut s, par(P1, Company::Bl, 100));
    for seat in [P2, P3, P1] {
        play(&mut s, pass(seat));
    }
    // G20 is blocked while a player owns P2, and the B&L may not lay track in phase I.
    let lowell = Action::LayTile {
        player: P1,
        hex: "G20".into(),
        tile: "57".into(),
        rotation: 0,
        company: None,
    };
    assert_eq!(refuse(&s, lowell.clone()).code, "lowell_blocks");
    play(
        &mut s,
        Action::BuyCompany {
            player: P1,
            company: Private::P2,
            price: 40,
            accepted_by: Some(P2),
        },
    );
    let cash_before = s.company(Company::Bl).cash;
    let events = play(&mut s, lowell);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TileLaid { cost: 0, .. })),
        "free in the round P2 is bought"
    );
    assert_eq!(s.company(Company::Bl).cash, cash_before);
}

#[test]
fn p3_lays_two_free_connected_tiles_in_c4_and_c6_without_connection() {
    let mut s = operating();
    // The Hartford buys the C&StL from P3.
    play(
        &mut s,
        Action::BuyCompany {
            player: P2,
            company: Private::P3,
            price: 50,
            accepted_by: Some(P3),
        },
    );
    let p3 = |hex: &str, tile: &str, rotation| Action::LayTile {
        player: P2,
        hex: hex.into(),
        tile: tile.into(),
        rotation,
        company: Some(Private::P3),
    };
    // C4's tile must lead towards Montreal (NW): tile 4 turned 2 runs NW - SE.
    assert_eq!(refuse(&s, p3("C4", "4", 0)).code, "champlain_to_montreal");
    assert_eq!(refuse(&s, p3("C4", "7", 2)).code, "not_a_champlain_tile");
    let cash = s.company(Company::Hr).cash;
    // Tile 58 (gentle, S - NW) unturned: towards C6 and towards Montreal.
    play(&mut s, p3("C4", "58", 0));
    // C6's tile must meet it (C6's N edge): tile 9 turned 0 runs S - N.
    assert_eq!(refuse(&s, p3("C6", "9", 2)).code, "champlain_together");
    play(&mut s, p3("C6", "9", 0));
    assert_eq!(s.company(Company::Hr).cash, cash, "free");
    assert_eq!(refuse(&s, p3("C6", "8", 0)).code, "champlain_used");
}

#[test]
fn p5_doubles_one_ferry_of_its_company_for_good() {
    let mut s = operating();
    play(
        &mut s,
        Action::BuyCompany {
            player: P2,
            company: Private::P5,
            price: 20,
            accepted_by: None,
        },
    );
    play(
        &mut s,
        Action::BuyFerry {
            player: P2,
            ferry: "new_haven".into(),
        },
    );
    let assign = |target: &str| Action::Assign {
        player: P2,
        company: Private::P5,
        target: target.into(),
    };
    assert_eq!(refuse(&s, assign("norwich")).code, "not_its_ferry");
    play(&mut s, assign("new_haven"));
    assert_eq!(refuse(&s, assign("new_haven")).code, "already_assigned");
    assert_eq!(s.luxury_ferry.as_deref(), Some("new_haven"));
}
