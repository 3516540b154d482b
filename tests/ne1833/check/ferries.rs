//! Ferries: each the game's, bought once by a started company, and gone in phase four.

use railrules::games::ne1833::ids::Company;
use railrules::games::ne1833::state::OwnedFerry;

use super::{bought_into_phase, consistent, expect, opening};

#[test]
fn a_ferry_is_the_games_bought_once_by_a_started_company() {
    let boston = |company| OwnedFerry {
        ferry: "boston".into(),
        company,
    };
    let mut s = opening();
    s.ferries.push(boston(Company::Bw));
    consistent(&s);
    s.ferries.push(boston(Company::Hr));
    expect(&s, &[("bad_ferry", "/ferries/1")]);
    let mut s = opening();
    s.ferries.push(OwnedFerry {
        ferry: "atlantis".into(),
        company: Company::Bw,
    });
    expect(&s, &[("bad_ferry", "/ferries/0")]);
    let mut s = opening();
    s.ferries.push(boston(Company::Rr));
    expect(&s, &[("bad_ferry", "/ferries/0")]);
    let mut s = opening();
    s.luxury_ferry = Some("atlantis".into());
    expect(&s, &[("bad_ferry", "/luxury_ferry")]);
}

#[test]
fn the_ferries_leave_the_game_in_phase_four() {
    let mut s = bought_into_phase("6/9");
    s.ferries.push(OwnedFerry {
        ferry: "boston".into(),
        company: Company::Hr,
    });
    expect(&s, &[("ferry_removed_by_phase", "/ferries/0")]);
}
