//! Edge cases and readings: connections through other cities, choices with fewer answers than
//! asked, the floor of the points track, refusals of every kind, and tampered states.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::rotw_solo::action::Action;
use railrules::games::rotw_solo::data::GoodsColour::*;
use railrules::games::rotw_solo::event::Event;
use railrules::games::rotw_solo::map::Hex;
use railrules::games::rotw_solo::state::{Decision, OpenTrack, Owner, Phase};
use railrules::games::rotw_solo::{Components, RotwSolo};

fn codes(s: &State) -> Vec<String> {
    RotwSolo::check(s).into_iter().map(|v| v.code).collect()
}

#[test]
fn building_links_sees_connections_through_other_cities() {
    let mut s = new_game();
    // Dunmore -(Railbot)- Holloway -(player)- Garth: Dunmore and Garth connect through
    // Holloway, and only through a player's link.
    give_link(&mut s, Owner::Railbot, "Dunmore", "Holloway", &[(-1, 3)]);
    give_link(
        &mut s,
        Owner::Player,
        "Holloway",
        "Garth",
        &[(0, 4), (1, 3)],
    );
    set_cubes(&mut s, "Dunmore", &[Yellow]);
    set_cubes(&mut s, "Garth", &[Purple]);
    s.points = 3;
    arrange_railbot(&mut s, ["M02", "C04", "C10"], "C08");
    before_the_railbot(&mut s);
    let events = an_action(&mut s);
    // No new link: both pairs were connected.
    assert!(!events.iter().any(|e| matches!(e, Event::LinkBuilt { .. })));
    // Dunmore-Garth: a point, Dunmore's yellow (Garth's colour) goes. Garth-Holloway: a point,
    // Garth's purple (Holloway's colour) goes.
    assert_eq!(s.points, 5);
    assert!(s.city_cubes[usize::from(city(&s, "Dunmore"))].is_empty());
    assert!(s.city_cubes[usize::from(city(&s, "Garth"))].is_empty());
}

#[test]
fn the_railbot_builds_nothing_where_no_path_is_free() {
    let mut s = new_game();
    let ashford = city(&s, "Ashford");
    // Both free neighbours of Ashford carry the player's open track.
    for hex in [Hex::new(1, 0), Hex::new(0, 1)] {
        s.open_track.push(OpenTrack {
            from: ashford,
            hexes: vec![hex],
        });
    }
    arrange_railbot(&mut s, ["M01", "C04", "C10"], "C08");
    before_the_railbot(&mut s);
    let events = an_action(&mut s);
    let built: Vec<[u8; 2]> = events
        .iter()
        .filter_map(|e| match e {
            Event::LinkBuilt { cities, .. } => Some(*cities),
            _ => None,
        })
        .collect();
    // Ashford-Bramley: no path; Bramley-Carrow: built.
    assert_eq!(built, vec![[city(&s, "Bramley"), city(&s, "Carrow")]]);
}

#[test]
fn exhaust_goods_takes_what_there_is() {
    let mut s = new_game();
    for i in 0..s.city_cubes.len() {
        let name = s.components.map.cities[i].name.clone();
        set_cubes(&mut s, &name, &[]);
    }
    set_cubes(&mut s, "Ironbridge", &[Red, Blue]);
    arrange_railbot(&mut s, ["C05", "C04", "C10"], "C08");
    before_the_railbot(&mut s);
    let events = an_action(&mut s);
    // One red cube on the map: it goes at once, the second removal has nothing to take.
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::CubeRemoved { .. }))
            .count(),
        1
    );
    assert_eq!(s.phase, Phase::Actions { taken: 2 });
    assert_eq!(
        s.city_cubes[usize::from(city(&s, "Ironbridge"))],
        vec![Blue]
    );
}

#[test]
fn the_baron_icon_does_nothing_without_the_variant() {
    let mut s = new_game();
    arrange_railbot(&mut s, ["M05", "C04", "C10"], "C08");
    before_the_railbot(&mut s);
    an_action(&mut s);
    if matches!(s.phase, Phase::Railbot { .. }) {
        let decisions = &s.decisions;
        assert!(
            !decisions.contains(&Decision::GiveBaron {}),
            "{decisions:?}"
        );
    }
}

#[test]
fn the_final_evaluation_leaves_the_row_as_it_is() {
    let mut s = new_game();
    arrange_railbot(&mut s, ["C03", "C04", "C10"], "C11");
    let row = s.railbot.row.clone();
    before_the_railbot(&mut s);
    an_action(&mut s);
    assert_eq!(s.railbot.row, row);
}

#[test]
fn the_points_track_stops_at_zero() {
    let mut s = new_game();
    give_link(&mut s, Owner::Railbot, "Dunmore", "Holloway", &[(-1, 3)]);
    set_cubes(&mut s, "Dunmore", &[Purple]);
    let (d, h) = (city(&s, "Dunmore"), city(&s, "Holloway"));
    let events = play(
        &mut s,
        Action::Deliver {
            colour: Purple,
            route: vec![d, h],
        },
    );
    assert_eq!(
        events[0],
        Event::CubeDelivered {
            colour: Purple,
            route: vec![d, h],
            points: -1
        }
    );
    assert_eq!(s.points, 0);
}

#[test]
fn refusals_name_what_is_wrong() {
    let mut s = new_game();
    give_link(&mut s, Owner::Player, "Ashford", "Dunmore", &[(0, 1)]);
    set_cubes(&mut s, "Ashford", &[Red]);
    s.engine = 3;
    let (a, d) = (city(&s, "Ashford"), city(&s, "Dunmore"));
    let deliver = |route: Vec<u8>| Action::Deliver { colour: Red, route };
    assert_eq!(refuse(&s, deliver(vec![a])).code, "route_too_short");
    assert_eq!(refuse(&s, deliver(vec![a, d, a])).code, "city_twice");
    assert_eq!(
        refuse(&s, Action::ContinueTrack { track: 0 }).code,
        "no_such_open_track"
    );
    assert_eq!(
        refuse(
            &s,
            Action::TakeOperationsCard {
                place: 9,
                city: None
            }
        )
        .code,
        "no_such_card"
    );
    show_operations_card(&mut s, "O05");
    assert_eq!(
        refuse(
            &s,
            Action::TakeOperationsCard {
                place: 0,
                city: Some(a)
            }
        )
        .code,
        "no_city_wanted"
    );
    assert_eq!(refuse(&s, Action::Pass {}).code, "pass_not_allowed");
    assert_eq!(
        refuse(&s, Action::GiveMajorLine { line: 0 }).code,
        "not_now"
    );
    s.cash = 10;
    play(&mut s, Action::BuildTrack { city: a });
    play(
        &mut s,
        Action::LayTrack {
            hex: Hex::new(1, 0),
        },
    );
    let carrow = city(&s, "Carrow");
    assert_eq!(
        refuse(&s, Action::CompleteLink { city: carrow }).code,
        "not_next_to_city"
    );
    // Continuing open track, a link needs a tile laid in this action.
    play(&mut s, Action::StopBuilding {});
    play(&mut s, Action::ContinueTrack { track: 0 });
    let bramley = city(&s, "Bramley");
    assert_eq!(
        refuse(&s, Action::CompleteLink { city: bramley }).code,
        "no_tile_laid"
    );
}

/// The seed's "At any time on your turn" (the rulings of 2026-12): a Duel Baron is claimed
/// while a Railbot card waits for the player's choice too.
#[test]
fn at_any_time_on_your_turn_a_baron_is_claimed_even_while_the_railbots_choice_waits() {
    let mut s = with_barons();
    set_barons(&mut s);
    s.engine = 5; // The Engineer's objective is met
    railbot_waiting(&mut s, vec![Decision::GiveBaron {}]);
    let events = play(&mut s, Action::ClaimBaron { baron: 2 });
    assert_eq!(
        events[0],
        Event::DuelBaronClaimed {
            baron: 2,
            by: Owner::Player
        }
    );
    assert_eq!(s.points, 5);
    // The Railbot's choice still waits, among the three Barons left.
    assert_eq!(s.phase, Phase::Railbot {});
    assert_eq!(
        RotwSolo::legal_actions(&s)
            .into_iter()
            .filter(|a| matches!(a, Action::GiveBaron { .. }))
            .collect::<Vec<_>>(),
        [0, 1, 3].map(|baron| Action::GiveBaron { baron })
    );
    // "At any time on your turn" is not "whatever the objective": unmet or claimed, refused.
    assert_eq!(
        refuse(&s, Action::ClaimBaron { baron: 0 }).code,
        "objective_not_met"
    );
    assert_eq!(
        refuse(&s, Action::ClaimBaron { baron: 2 }).code,
        "baron_claimed"
    );
    play(&mut s, Action::GiveBaron { baron: 0 });
    assert_eq!(s.barons[0].claimed_by, Some(Owner::Railbot));
}

/// A claim that leaves the Railbot's choice with one Baron: that one is given at once, as a
/// choice with a single answer is; with none, the choice is skipped.
#[test]
fn a_claim_during_the_railbots_choice_settles_a_choice_left_with_one_answer() {
    let mut s = with_barons();
    set_barons(&mut s);
    s.engine = 5;
    // The Builder and The Carrier are the Railbot's already; The Engineer (lose nothing but
    // $5k) and The Networker are left.
    s.barons[0].claimed_by = Some(Owner::Railbot);
    s.barons[1].claimed_by = Some(Owner::Railbot);
    railbot_waiting(&mut s, vec![Decision::GiveBaron {}]);
    let events = play(&mut s, Action::ClaimBaron { baron: 2 });
    assert!(events.contains(&Event::DuelBaronClaimed {
        baron: 3,
        by: Owner::Railbot
    }));
    assert!(s.decisions.is_empty());
    assert!(matches!(s.phase, Phase::Actions { .. }));
}

#[test]
fn a_barons_cube_removal_scores_no_hotel() {
    let mut s = with_barons();
    set_barons(&mut s);
    let ironbridge = city(&s, "Ironbridge");
    give_hotel(&mut s, "Ironbridge");
    railbot_waiting(
        &mut s,
        vec![Decision::RemoveAnyCube {}, Decision::RemoveAnyCube {}],
    );
    let colour = s.city_cubes[usize::from(ironbridge)][0];
    play(
        &mut s,
        Action::RemoveCube {
            city: ironbridge,
            colour,
        },
    );
    assert_eq!(s.points, 0);
}

#[test]
fn tampered_choices_and_counters_fail_check() {
    let mut s = new_game();
    railbot_waiting(
        &mut s,
        vec![Decision::RemoveCube {
            city: 200,
            colour: None,
        }],
    );
    assert!(codes(&s).contains(&"bad_decision".to_string()));
    assert!(RotwSolo::legal_actions(&s).contains(&Action::IssueBond {}));
    railbot_waiting(&mut s, vec![Decision::GiveBaron {}]);
    assert!(codes(&s).contains(&"bad_decision".to_string()));
    let mut s = new_game();
    s.cash = 5_000_000;
    s.last_turn = Some(s.turn + 3);
    s.railbot.row.pop();
    let found = codes(&s);
    for code in ["out_of_range", "last_turn", "railbot_row"] {
        assert!(found.contains(&code.to_string()), "{code} not in {found:?}");
    }
}

#[test]
fn components_the_arithmetic_cannot_take_are_refused() {
    let mut c = Components::provisional();
    c.bond_value = 0;
    c.engine_costs = vec![1; 300];
    c.operations_display_size = 2;
    c.track_costs.ridge = 4_000_000;
    let found: Vec<String> = c.problems().into_iter().map(|v| v.message).collect();
    for text in [
        "a bond is worth nothing",
        "300 engine upgrades",
        "with 2 Deadhead cards it must hold more",
        "a printed value of 4000000 is out of range",
    ] {
        assert!(
            found.iter().any(|m| m.contains(text)),
            "{text} not in {found:#?}"
        );
    }
}

/// Serde lets an internally tagged unit variant carry any member; these variants are empty
/// structs so that an unknown member is refused as everywhere else.
#[test]
fn unknown_members_are_refused_in_every_variant() {
    for text in [
        r#"{"type": "issue_bond", "x": 1}"#,
        r#"{"type": "pass", "x": 1}"#,
        r#"{"type": "stop_building", "x": 1}"#,
        r#"{"type": "upgrade_engine", "x": 1}"#,
    ] {
        assert!(serde_json::from_str::<Action>(text).is_err(), "{text}");
        let fine = text.replace(r#", "x": 1"#, "");
        assert!(serde_json::from_str::<Action>(&fine).is_ok(), "{fine}");
    }
    let state = serde_json::to_value(new_game()).unwrap();
    for (pointer, value) in [
        ("/phase", serde_json::json!({"phase": "railbot", "x": 1})),
        (
            "/decisions",
            serde_json::json!([{"decision": "give_baron", "x": 1}]),
        ),
        // A tag must be its name: serde reads a number as the variant's index where a tagged
        // enum sits inside another, so choices are not kept inside the phase.
        (
            "/decisions",
            serde_json::json!([{"decision": 0, "city": 0}]),
        ),
        (
            "/components/railbot_deck/0/effect",
            serde_json::json!({"type": "taxation", "x": 1}),
        ),
        (
            "/components/operations_deck/0/effect",
            serde_json::json!({"type": "start", "x": 1}),
        ),
    ] {
        let mut bad = state.clone();
        *bad.pointer_mut(pointer).unwrap() = value;
        assert!(
            serde_json::from_value::<railrules::games::rotw_solo::state::State>(bad).is_err(),
            "{pointer}"
        );
    }
}
