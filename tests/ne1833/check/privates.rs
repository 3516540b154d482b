//! Privates: their owners, closing with their company, flipping, P2's free tile and P3's lays.

use crate::game_fixtures::*;
use railrules::games::ne1833::ids::{Company, Private};
use railrules::games::ne1833::market::close;
use railrules::games::ne1833::state::{FreeTile, PrivateOwner};

use crate::game_fixtures::State;

use super::{consistent, expect, hartford_buys, opening};

#[test]
fn privates_have_owners_in_the_game() {
    let mut s = opening();
    s.privates[0].owner = PrivateOwner::Player { seat: P4 };
    expect(&s, &[("unknown_seat", "/privates/0/owner")]);
    let mut s = opening();
    s.privates[0].owner = PrivateOwner::Company {
        company: Company::Rr,
    };
    expect(&s, &[("private_owner_not_started", "/privates/0/owner")]);
}

/// Closes `company`, the operator now, and ends its turn as a closing in one's own turn does:
/// the round goes on to the next operator (a closed one operates no more).
fn close_operator(s: &mut State, company: Company) {
    close(&mut **s, company, &mut Vec::new());
    railrules::games::kit18xx::operating_round::start_turn_or_finish(&mut **s);
}

#[test]
fn a_closed_companys_privates_are_closed() {
    let mut s = opening();
    hartford_buys(&mut s, Private::P5);
    close_operator(&mut s, Company::Hr);
    consistent(&s);
    s.privates[4].closed = false;
    expect(&s, &[("private_of_closed_company", "/privates/4/closed")]);
}

#[test]
fn no_private_is_flipped_before_phase_three() {
    let mut s = opening();
    s.privates[3].flipped = true;
    expect(&s, &[("private_flipped_wrongly", "/privates/3/flipped")]);
}

#[test]
fn the_free_tile_of_p2_is_its_buyers() {
    let mut s = opening();
    hartford_buys(&mut s, Private::P2);
    assert!(s.lowell_free_tile.is_some());
    consistent(&s);
    let mut other = s.clone();
    other.lowell_free_tile = Some(FreeTile {
        company: Company::Cv,
        ..s.lowell_free_tile.unwrap()
    });
    expect(
        &other,
        &[("lowell_free_tile_without_p2", "/lowell_free_tile")],
    );
    let free = s.lowell_free_tile;
    close_operator(&mut s, Company::Hr);
    s.lowell_free_tile = free;
    expect(&s, &[("closed_company_in_use", "/lowell_free_tile")]);
}

#[test]
fn p3_lays_once_per_hex_and_its_tiles_stay() {
    let mut s = opening();
    s.champlain_lays = vec!["C4".into(), "C4".into()];
    expect(
        &s,
        &[
            ("bad_champlain_lay", "/champlain_lays/0"),
            ("bad_champlain_lay", "/champlain_lays/1"),
        ],
    );
}
