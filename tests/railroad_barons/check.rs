//! `check`: tampered states are caught, each problem named.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::state::{Certificate, Owner};
use railrules::games::railroad_barons::{Investor, RailroadBarons};

fn game_in_progress() -> railrules::games::railroad_barons::State {
    position(
        A,
        &[
            holding(Red, 100, &[(40, B), (30, A)]),
            holding(Blue, 70, &[(40, A)]),
        ],
    )
}

#[test]
fn reachable_states_are_consistent() {
    assert!(RailroadBarons::check(&new_game()).is_empty());
    assert!(RailroadBarons::check(&game_in_progress()).is_empty());
}

#[test]
fn money_created_is_caught() {
    let mut s = game_in_progress();
    s.player_mut(A).cash += 1000;
    assert_eq!(
        codes(&RailroadBarons::check(&s)),
        vec!["money_not_conserved"]
    );
}

#[test]
fn a_certificate_in_two_places_is_caught() {
    let mut s = game_in_progress();
    s.holding_mut(Red).certificates.push(Certificate {
        percent: 30,
        owner: Owner::B,
    });
    let found = RailroadBarons::check(&s);
    assert!(
        codes(&found).contains(&"certificate_in_two_places"),
        "{found:?}"
    );
    assert!(codes(&found).contains(&"certificates_not_100_percent"));
}

#[test]
fn a_director_who_is_not_the_largest_holder_is_caught() {
    let mut s = game_in_progress();
    s.holding_mut(Red).director = Some(A);
    assert_eq!(
        codes(&RailroadBarons::check(&s)),
        vec!["director_not_largest_holder"]
    );
}

#[test]
fn a_player_over_the_limit_without_owing_a_sell_down_is_caught() {
    let mut s = position(
        A,
        &[
            holding(Red, 70, &[(40, A), (30, A), (20, A), (10, A)]),
            holding(Black, 70, &[(40, A), (30, A), (20, A), (10, A)]),
        ],
    );
    for c in s.holding_mut(Yellow).certificates.iter_mut() {
        c.owner = Owner::A;
    }
    let y = s.holding_mut(Yellow);
    y.director = Some(A);
    y.share_value = Some(70);
    y.start_value = Some(70);
    y.floated = true;
    y.cash = 700;
    s.bank_paid_out += 700;
    assert_eq!(codes(&RailroadBarons::check(&s)), vec!["certificate_limit"]);
}

#[test]
fn several_problems_are_all_listed() {
    let mut s = game_in_progress();
    s.player_mut(B).cash += 5;
    s.holding_mut(Red).share_value = Some(101);
    s.player_mut(A).investors.push(Investor::Investor450);
    let found = RailroadBarons::check(&s);
    let c = codes(&found);
    assert!(c.contains(&"money_not_conserved"), "{c:?}");
    assert!(c.contains(&"share_value_off_track"), "{c:?}");
    assert!(c.contains(&"investor_in_two_places"), "{c:?}");
    let twice = found
        .iter()
        .find(|v| v.code == "investor_in_two_places")
        .unwrap();
    assert!(
        twice.message == "investor_450 is in player A and out of the game",
        "{}",
        twice.message
    );
}

#[test]
fn a_floated_holding_missing_its_float_is_caught() {
    let mut s = game_in_progress();
    let red = s.holding_mut(Red);
    red.floated = false;
    red.cash = 0;
    s.bank_paid_out -= 1000;
    assert_eq!(codes(&RailroadBarons::check(&s)), vec!["float_missed"]);
}

#[test]
fn a_railroad_in_two_places_is_caught() {
    let mut s = game_in_progress();
    s.holding_mut(Red)
        .railroads
        .push(railrules::games::railroad_barons::state::OwnedRailroad { card: 0, face: 0 });
    let found = RailroadBarons::check(&s);
    assert_eq!(codes(&found), vec!["railroad_in_two_places"]);
    // The message names both places.
    let message = &found[0].message;
    assert!(
        message.contains(&format!(" and {Red}'s railroads")),
        "{message}"
    );
}
