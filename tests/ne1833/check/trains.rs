//! Trains: sides of their cards with their ids, each in one place, none made or lost, the
//! depot's order, the phases the trains start and what they phase out, and the train limit.

use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::ids::{Company, Private};
use railrules::games::ne1833::state::Round;

use super::{BW, bought_into_phase, consistent, expect, opening, phase_two, train};

#[test]
fn a_train_is_a_side_of_its_card_with_its_id() {
    let base = bought_into_phase("6/9");
    let at = "/companies/6/trains/0";
    assert_eq!(base.company(Company::Hr).trains[0].id, "6/9-0");
    let mut s = base.clone();
    s.company_mut(Company::Hr).trains[0].card = "9".into();
    expect(&s, &[("unknown_train", &format!("{at}/card"))]);
    let mut s = base.clone();
    s.company_mut(Company::Hr).trains[0].side = "4/7".into();
    expect(&s, &[("bad_train_side", &format!("{at}/side"))]);
    // The 6/9 card has three copies: 6/9-0 to 6/9-2.
    for id in ["6/9-3", "6/9-00", "6/9", "4/7-0x"] {
        let mut s = base.clone();
        s.company_mut(Company::Hr).trains[0].id = id.into();
        expect(&s, &[("bad_train_id", &format!("{at}/id"))]);
    }
    let mut s = base.clone();
    s.removed_trains[0] = "2-8".into();
    expect(&s, &[("bad_train_id", "/removed_trains/0")]);
}

#[test]
fn a_train_is_in_one_place_listed_once() {
    let base = bought_into_phase("6/9");
    // The Hartford's 6/9 also with the B&W, and also out of the game.
    let mut s = base.clone();
    s.company_mut(Company::Bw)
        .trains
        .push(train("6/9-0", false));
    expect(&s, &[("train_in_two_places", "/companies/8/trains/0")]);
    s.removed_trains.push("6/9-0".into());
    s.removed_trains.push("6/9-0".into());
    expect(&s, &[("train_in_two_places", "/companies/8/trains/0")]);
    let mut s = base.clone();
    s.removed_trains.push("4/7-5".into());
    let last = s.removed_trains.len() - 1;
    expect(
        &s,
        &[("train_in_two_places", &format!("/removed_trains/{last}"))],
    );
    assert_eq!(BW, Company::Bw.index());
}

#[test]
fn no_train_is_made_or_lost() {
    let base = bought_into_phase("6/9");
    // A 6/9 made: the depot keeps the one the Hartford bought.
    let mut s = base.clone();
    s.depot[3] += 1;
    expect(&s, &[("trains_not_conserved", "/depot/3")]);
    // A 4/7 lost: no longer out of the game, not back in the depot.
    let mut s = base.clone();
    s.removed_trains.retain(|t| t != "4/7-5");
    expect(&s, &[("trains_not_conserved", "/depot/2")]);
    // The 7+3's depot stays at its count.
    let mut s = base.clone();
    s.depot[4] -= 1;
    expect(&s, &[("trains_not_conserved", "/depot/4")]);
    let mut s = base.clone();
    s.depot.pop();
    expect(&s, &[("bad_depot", "/depot")]);
}

#[test]
fn the_depot_sells_its_cards_in_order() {
    // A 4/7 back in the depot while a 6/9 is out of it.
    let mut s = bought_into_phase("6/9");
    s.removed_trains.retain(|t| t != "4/7-5");
    s.depot[2] += 1;
    expect(&s, &[("trains_bought_out_of_order", "/depot/2")]);
}

#[test]
fn the_phase_is_the_one_the_trains_bought_started() {
    let mut s = opening();
    s.phase = 1;
    expect(&s, &[("wrong_phase", "/phase")]);
    s.phase = 9;
    expect(&s, &[("wrong_phase", "/phase")]);
    // A 3/5 bought: phase II.
    let mut s = phase_two();
    s.phase = 0;
    expect(&s, &[("wrong_phase", "/phase")]);
}

#[test]
fn trains_are_phased_out_and_removed_by_their_phases() {
    let three = bought_into_phase("4/7");
    // Phase III phased out the Central Vermont's 2.
    assert_eq!(three.company(Company::Cv).trains[0].id, "2-0");
    let mut s = three.clone();
    s.company_mut(Company::Cv).trains[0].phased_out = false;
    expect(
        &s,
        &[("train_not_phased_out", "/companies/0/trains/0/phased_out")],
    );
    // Nothing phases out the 4/7 yet.
    let mut s = three.clone();
    s.company_mut(Company::Hr).trains[0].phased_out = true;
    expect(
        &s,
        &[("train_phased_out_early", "/companies/6/trains/0/phased_out")],
    );
    // Phase IV removed the 2s.
    let mut s = bought_into_phase("6/9");
    s.removed_trains.retain(|t| t != "2-3");
    s.company_mut(Company::Cv).trains.push(train("2-3", true));
    expect(&s, &[("obsolete_train_held", "/companies/0/trains/1")]);
}

#[test]
fn privates_are_closed_and_flipped_by_their_phases() {
    let s = bought_into_phase("4/7");
    // Phase III closed the players' privates and flipped the Hartford's P5.
    assert!(s.private(Private::P1).closed && s.private(Private::P5).flipped);
    let mut open = s.clone();
    open.privates[0].closed = false;
    expect(
        &open,
        &[("private_not_closed_by_phase", "/privates/0/closed")],
    );
    let mut unflipped = s.clone();
    unflipped.privates[4].flipped = false;
    expect(
        &unflipped,
        &[("private_not_flipped_by_phase", "/privates/4/flipped")],
    );
}

#[test]
fn a_company_keeps_to_the_train_limit() {
    // Four 2s in phase I, where the limit is 3.
    let mut s = opening();
    s.depot[0] -= 4;
    for n in 0..4 {
        s.company_mut(Company::Hr)
            .trains
            .push(train(&format!("2-{n}"), false));
    }
    expect(&s, &[("train_limit", "/companies/6/trains")]);
    // Discarding down after a phase change, it may be over.
    if let Round::OperatingRound { discards, .. } = &mut s.round {
        discards.push(Company::Hr);
    }
    consistent(&s);
}
