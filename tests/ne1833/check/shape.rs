//! The shape of a state: the players' seats, the companies and privates in order, and the
//! provisional values' hexes.

use super::{expect, opening};

#[test]
fn the_players_must_be_three_to_five_seats_from_p1() {
    let mut s = opening();
    s.players.pop();
    expect(&s, &[("bad_players", "/players")]);
}

#[test]
fn the_companies_and_privates_must_be_listed_in_order() {
    let mut s = opening();
    s.companies.swap(0, 1);
    s.privates.swap(0, 1);
    expect(
        &s,
        &[
            ("bad_components", "/companies"),
            ("bad_components", "/privates"),
        ],
    );
}

#[test]
fn provisional_values_must_name_hexes_of_the_map() {
    let mut s = opening();
    s.provisional.ferries[1].port = "Z99".into();
    s.provisional.bonuses[0].values[2] = 100_000_000;
    expect(
        &s,
        &[
            ("inconsistent_components", "/provisional/ferries/1"),
            ("inconsistent_components", "/provisional/bonuses/0/values"),
        ],
    );
}
