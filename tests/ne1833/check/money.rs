//! Money: none made, a bank below zero broken, amounts within range, and a bankrupt player
//! holding nothing.

use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::ids::Company;

use super::{consistent, expect, opening};

#[test]
fn money_made_is_refused() {
    let mut s = opening();
    s.players[0].cash += 1;
    expect(&s, &[("money_not_conserved", "")]);
}

#[test]
fn a_bank_below_zero_must_be_broken() {
    let mut s = opening();
    let moved = s.bank + 10;
    s.players[0].cash += u32::try_from(moved).unwrap();
    s.bank = -10;
    expect(&s, &[("money_not_conserved", "/bank_broken")]);
    s.bank_broken = true;
    consistent(&s);
}

#[test]
fn amounts_out_of_range_are_refused() {
    let mut s = opening();
    s.company_mut(Company::Bw).cash += 100_000_000;
    s.bank -= 100_000_000;
    s.bank_broken = true;
    expect(&s, &[("money_out_of_range", "/companies/8/cash")]);
}

#[test]
fn a_bankrupt_player_holds_nothing() {
    // P3: cash, 20% of the Central Vermont, P3 and P6 open.
    let mut s = opening();
    s.players[2].bankrupt = true;
    expect(
        &s,
        &[
            ("bankrupt_player_holds", "/players/2/cash"),
            ("bankrupt_player_holds", "/companies/0/holdings/seat-3"),
            ("bankrupt_player_holds", "/privates/2/closed"),
            ("bankrupt_player_holds", "/privates/5/closed"),
        ],
    );
}
