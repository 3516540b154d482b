//! The Railbot: drawing and resolving its cards, Insurance nullifying each card type, the
//! choices left to the player, and the end by both triggers.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::rotw_solo::RotwSolo;
use railrules::games::rotw_solo::action::Action;
use railrules::games::rotw_solo::data::GoodsColour::*;
use railrules::games::rotw_solo::event::{Event, RemovalReason};
use railrules::games::rotw_solo::state::{Decision, DisplayCard, Owner, Phase};

/// The Railbot's card after the next action: `row`, and `top` drawn.
fn railbot_turn(s: &mut State, row: [&str; 3], top: &str) -> Vec<Event> {
    arrange_railbot(s, row, top);
    before_the_railbot(s);
    an_action(s)
}

fn resolved(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::RailbotCardResolved { card, .. } => Some(*card),
            _ => None,
        })
        .collect()
}

#[test]
fn the_drawn_cards_slot_picks_the_row_card_and_the_row_slides() {
    let mut s = new_game();
    s.points = 0;
    // C08 (slot 1) resolves row card 1 (C03, Taxation); the others slide; C08 joins last.
    let events = railbot_turn(&mut s, ["C03", "C04", "C10"], "C08");
    assert_eq!(resolved(&events), vec![card(&s, "C03")]);
    assert_eq!(
        s.railbot.row,
        vec![card(&s, "C04"), card(&s, "C10"), card(&s, "C08")]
    );
    assert!(s.railbot.discard.contains(&card(&s, "C03")));
    assert_eq!(s.phase, Phase::Actions { taken: 2 });
    // C07 (slot 3) resolves row card 3.
    let mut s = new_game();
    let events = railbot_turn(&mut s, ["C03", "C04", "C10"], "C07");
    assert_eq!(resolved(&events), vec![card(&s, "C10")]);
}

#[test]
fn taxation_takes_double_the_income_with_bonds_if_needed() {
    let mut s = new_game();
    s.points = 20; // income $10k
    s.cash = 0;
    let events = railbot_turn(&mut s, ["C03", "C04", "C10"], "C08");
    // The action before it (an engine upgrade, $4k of the $20k given) leaves $16k.
    assert!(events.contains(&Event::TaxationPaid { amount: 20 }));
    assert!(events.contains(&Event::BondIssued { bonds: 1, cash: 5 }));
    assert_eq!((s.cash, s.bonds), (1, 1));
}

#[test]
fn deadhead_takes_the_furthest_place_for_good() {
    let mut s = new_game();
    assert_eq!(s.operations.display.len(), 3);
    let c01 = card(&s, "C01");
    railbot_turn(&mut s, ["C01", "C04", "C10"], "C08");
    assert_eq!(s.operations.display.len(), 4);
    assert_eq!(s.operations.display[3], DisplayCard::Deadhead { card: c01 });
    // Two more cards fill the display (5); the next one pushes out the furthest card that
    // is not a Deadhead.
    for id in ["O09", "O10"] {
        show_operations_card(&mut s, id);
    }
    let furthest = s.operations.display[3];
    let c02 = card(&s, "C02");
    next_turn(&mut s);
    railbot_turn(&mut s, ["C02", "C04", "C10"], "C08");
    assert_eq!(s.operations.display.len(), 5);
    assert_eq!(s.operations.display[4], DisplayCard::Deadhead { card: c02 });
    assert_eq!(s.operations.display[3], DisplayCard::Deadhead { card: c01 });
    assert!(!s.operations.display.contains(&furthest));
}

#[test]
fn exhaust_goods_lets_the_player_choose_where_the_cubes_leave() {
    let mut s = new_game();
    for i in 0..s.city_cubes.len() {
        let name = s.components.map.cities[i].name.clone();
        set_cubes(&mut s, &name, &[]);
    }
    set_cubes(&mut s, "Ashford", &[Red, Blue]);
    set_cubes(&mut s, "Oakhurst", &[Red, Red]);
    set_cubes(&mut s, "Bramley", &[Blue]);
    railbot_turn(&mut s, ["C05", "C04", "C10"], "C08");
    assert!(
        matches!(s.phase, Phase::Railbot { .. }),
        "a choice is pending: {:?}",
        s.phase
    );
    let decisions = &s.decisions;
    assert_eq!(decisions, &vec![Decision::ExhaustCube { colour: Red }; 2]);
    let (ashford, oakhurst) = (city(&s, "Ashford"), city(&s, "Oakhurst"));
    // Only a red cube, and only where there is one; no other action meanwhile.
    refuse(
        &s,
        Action::RemoveCube {
            city: ashford,
            colour: Blue,
        },
    );
    refuse(
        &s,
        Action::RemoveCube {
            city: city(&s, "Bramley"),
            colour: Red,
        },
    );
    assert_eq!(refuse(&s, Action::UpgradeEngine {}).code, "not_an_answer");
    let events = play(
        &mut s,
        Action::RemoveCube {
            city: oakhurst,
            colour: Red,
        },
    );
    assert_eq!(
        events[0],
        Event::CubeRemoved {
            city: oakhurst,
            colour: Red,
            reason: RemovalReason::ExhaustGoods
        }
    );
    play(
        &mut s,
        Action::RemoveCube {
            city: ashford,
            colour: Red,
        },
    );
    assert_eq!(s.phase, Phase::Actions { taken: 2 });
    assert_eq!(s.city_cubes[usize::from(oakhurst)], vec![Red]);
}

#[test]
fn building_links_builds_the_cheapest_path_for_nothing_between_unconnected_cities() {
    let mut s = new_game();
    s.cash = 0;
    let events = railbot_turn(&mut s, ["M01", "C04", "C10"], "C08");
    let (ashford, bramley, carrow) = (city(&s, "Ashford"), city(&s, "Bramley"), city(&s, "Carrow"));
    let built: Vec<[u8; 2]> = events
        .iter()
        .filter_map(|e| match e {
            Event::LinkBuilt {
                by: Owner::Railbot,
                cities,
                cost: 0,
                ..
            } => Some(*cities),
            _ => None,
        })
        .collect();
    assert_eq!(built, vec![[ashford, bramley], [bramley, carrow]]);
    // Each is the cheapest path on the map between them.
    let map = s.components.map();
    for link in &s.links {
        let a = s.components.map.cities[usize::from(link.cities[0])].hex;
        let b = s.components.map.cities[usize::from(link.cities[1])].hex;
        let mut price = 0;
        let mut at = a;
        for &hex in link.hexes.iter().chain([&b]) {
            price += map.step_cost(&s.components.track_costs, at, hex).unwrap();
            at = hex;
        }
        // Ashford-Bramley: seven plains round the mountains and the ridge, 14 (the straight
        // line's five tiles cost 2+2+4+4+(2+4) = 18). Bramley-Carrow: two plains, 4.
        let expected = if link.cities == [ashford, bramley] {
            14
        } else {
            4
        };
        assert_eq!(price, expected, "{link:?}");
    }
    // The action before (an engine upgrade) left $16k of the $20k given; the Railbot pays
    // nothing.
    assert_eq!(s.cash, 16);
}

#[test]
fn building_links_between_connected_cities_removes_a_cube_and_may_score() {
    let mut s = new_game();
    give_link(
        &mut s,
        Owner::Player,
        "Ashford",
        "Bramley",
        &[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
    );
    give_link(
        &mut s,
        Owner::Railbot,
        "Bramley",
        "Carrow",
        &[(7, 0), (8, 0)],
    );
    // Ashford holds a blue cube (Bramley's colour): it must go, chosen at once.
    set_cubes(&mut s, "Ashford", &[Red, Blue]);
    set_cubes(&mut s, "Bramley", &[Yellow, Black]);
    s.points = 5;
    let events = railbot_turn(&mut s, ["M01", "C04", "C10"], "C08");
    let ashford = city(&s, "Ashford");
    assert!(events.contains(&Event::CubeRemoved {
        city: ashford,
        colour: Blue,
        reason: RemovalReason::BuildingLinks
    }));
    // Ashford-Bramley connect only by the player's link: a point.
    assert_eq!(s.points, 6);
    // Bramley-Carrow connect by the Railbot's own link: no point; Bramley has no yellow
    // (Carrow's colour)... it does: that one goes.
    let bramley = city(&s, "Bramley");
    assert_eq!(s.city_cubes[usize::from(bramley)], vec![Black]);
    assert_eq!(s.phase, Phase::Actions { taken: 2 });
}

#[test]
fn with_no_cube_of_the_next_colour_the_player_picks_any() {
    let mut s = new_game();
    give_link(
        &mut s,
        Owner::Railbot,
        "Ashford",
        "Bramley",
        &[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
    );
    give_link(
        &mut s,
        Owner::Railbot,
        "Bramley",
        "Carrow",
        &[(7, 0), (8, 0)],
    );
    set_cubes(&mut s, "Ashford", &[Red, Yellow]);
    set_cubes(&mut s, "Bramley", &[]);
    s.points = 5;
    railbot_turn(&mut s, ["M01", "C04", "C10"], "C08");
    let ashford = city(&s, "Ashford");
    // Ashford's cube first; Bramley's (it has none) is skipped when its turn comes.
    assert!(matches!(s.phase, Phase::Railbot { .. }), "{:?}", s.phase);
    let decisions = &s.decisions;
    assert_eq!(
        decisions[0],
        Decision::RemoveCube {
            city: ashford,
            colour: None
        }
    );
    refuse(
        &s,
        Action::RemoveCube {
            city: city(&s, "Carrow"),
            colour: Yellow,
        },
    );
    play(
        &mut s,
        Action::RemoveCube {
            city: ashford,
            colour: Yellow,
        },
    );
    assert_eq!(s.city_cubes[usize::from(ashford)], vec![Red]);
    // Railbot links all the way: no point.
    assert_eq!(s.points, 5);
}

#[test]
fn the_major_line_and_baron_icons_make_the_player_choose() {
    let mut s = with_barons();
    set_barons(&mut s);
    s.points = 10;
    // M03: Building Links with the Major Line icon; M05: with the Baron icon.
    railbot_turn(&mut s, ["M03", "C04", "C10"], "C08");
    assert!(matches!(s.phase, Phase::Railbot { .. }), "{:?}", s.phase);
    let decisions = &s.decisions;
    assert_eq!(decisions.last(), Some(&Decision::GiveMajorLine {}));
    while s.decisions != vec![Decision::GiveMajorLine {}] {
        let answer = RotwSolo::legal_actions(&s)[0].clone();
        play(&mut s, answer);
    }
    refuse(&s, Action::GiveMajorLine { line: 9 });
    play(&mut s, Action::GiveMajorLine { line: 3 });
    assert_eq!(s.major_lines[3], Some(Owner::Railbot));
    // The Baron icon: the player gives one, and its opponent effect follows.
    s.phase = Phase::Actions { taken: 0 };
    s.decisions.clear();
    railbot_turn(&mut s, ["M05", "C04", "C10"], "C08");
    while s.decisions != vec![Decision::GiveBaron {}] {
        let answer = RotwSolo::legal_actions(&s)[0].clone();
        play(&mut s, answer);
    }
    // The four in play: The Builder (lose 3 points), The Carrier (remove 2 cubes), The
    // Engineer (pay $5k), The Networker.
    let before = s.points;
    let events = play(&mut s, Action::GiveBaron { baron: 0 });
    assert!(events.contains(&Event::DuelBaronClaimed {
        baron: 0,
        by: Owner::Railbot
    }));
    assert_eq!(s.points, before - 3);
    assert_eq!(s.barons[0].claimed_by, Some(Owner::Railbot));
    // A claimed Baron is no longer on offer to anyone.
    assert_eq!(
        refuse(&s, Action::ClaimBaron { baron: 0 }).code,
        "baron_claimed"
    );
}

#[test]
fn a_barons_opponent_effect_can_make_the_player_remove_cubes() {
    let mut s = with_barons();
    set_barons(&mut s);
    railbot_waiting(&mut s, vec![Decision::GiveBaron {}]);
    play(&mut s, Action::GiveBaron { baron: 1 }); // The Carrier: remove 2 cubes
    assert!(matches!(s.phase, Phase::Railbot { .. }), "{:?}", s.phase);
    let decisions = &s.decisions;
    assert_eq!(decisions, &vec![Decision::RemoveAnyCube {}; 2]);
    let cubes: usize = s.city_cubes.iter().map(Vec::len).sum();
    for _ in 0..2 {
        let answer = RotwSolo::legal_actions(&s)[0].clone();
        assert!(matches!(answer, Action::RemoveCube { .. }));
        play(&mut s, answer);
    }
    assert_eq!(s.city_cubes.iter().map(Vec::len).sum::<usize>(), cubes - 2);
    // The Engineer: pay $5k.
    railbot_waiting(&mut s, vec![Decision::GiveBaron {}]);
    s.cash = 7;
    play(&mut s, Action::GiveBaron { baron: 2 });
    assert_eq!(s.cash, 2);
}

#[test]
fn the_player_claims_a_baron_whose_objective_is_met() {
    let mut s = with_barons();
    set_barons(&mut s);
    // The Engineer: an engine of level 5, 5 points.
    assert_eq!(
        refuse(&s, Action::ClaimBaron { baron: 2 }).code,
        "objective_not_met"
    );
    s.engine = 5;
    let events = play(&mut s, Action::ClaimBaron { baron: 2 });
    assert!(events.contains(&Event::DuelBaronClaimed {
        baron: 2,
        by: Owner::Player
    }));
    assert_eq!(s.points, 5);
    // The Carrier: 10 deliveries (their cubes gone from the game).
    let left = s.bag.len() - 10;
    s.bag.truncate(left);
    s.deliveries = 9;
    refuse(&s, Action::ClaimBaron { baron: 1 });
    s.deliveries = 10;
    play(&mut s, Action::ClaimBaron { baron: 1 });
    assert_eq!(s.points, 11);
    assert_eq!(
        refuse(&s, Action::ClaimBaron { baron: 7 }).code,
        "no_such_baron"
    );
}

/// Insurance nullifies whatever the insured card would do: its effect and its icons.
#[test]
fn insurance_nullifies_every_card_type() {
    for (id, barons) in [
        ("M01", false), // Building Links
        ("C01", false), // Deadhead
        ("C03", false), // Taxation
        ("C05", false), // Exhaust Goods
        ("M03", false), // the Major Line icon
        ("M05", true),  // the Baron icon
    ] {
        let mut s = if barons { with_barons() } else { new_game() };
        s.points = 20;
        arrange_railbot(&mut s, [id, "C04", "C10"], "C08");
        let insured = card(&s, id);
        let before = s.clone();
        let events = play(&mut s, Action::Insure { slot: 1 });
        assert!(
            events.contains(&Event::InsuranceUsed { card: insured }),
            "{id}"
        );
        assert!(resolved(&events).is_empty(), "{id}");
        assert_eq!(s.phase, Phase::Actions { taken: 2 }, "{id}");
        assert_eq!(s.railbot.insurance, None, "{id}: the token is back");
        // Nothing else changed but the row and the discard.
        assert_eq!(
            (s.cash, s.bonds, s.points),
            (before.cash, before.bonds, before.points),
            "{id}"
        );
        assert_eq!(s.links, before.links, "{id}");
        assert_eq!(s.city_cubes, before.city_cubes, "{id}");
        assert_eq!(s.operations, before.operations, "{id}");
        assert_eq!(s.major_lines, before.major_lines, "{id}");
        assert_eq!(s.barons, before.barons, "{id}");
    }
}

#[test]
fn insurance_is_both_first_actions_on_card_one_or_two_and_moves_with_its_card() {
    let mut s = new_game();
    arrange_railbot(&mut s, ["C03", "C04", "C10"], "C08");
    assert_eq!(refuse(&s, Action::Insure { slot: 3 }).code, "no_such_slot");
    before_the_railbot(&mut s);
    assert_eq!(
        refuse(&s, Action::Insure { slot: 1 }).code,
        "insurance_takes_two_actions"
    );
    s.phase = Phase::Actions { taken: 0 };
    s.decisions.clear();
    // On card 2 (C04); C08 resolves card 1 (C03): the row slides and the token with it.
    play(&mut s, Action::Insure { slot: 2 });
    assert_eq!(s.railbot.insurance, Some(card(&s, "C04")));
    assert_eq!(s.railbot.row[0], card(&s, "C04"));
    // One token in play.
    s.phase = Phase::Actions { taken: 0 };
    s.decisions.clear();
    assert_eq!(
        refuse(&s, Action::Insure { slot: 2 }).code,
        "insurance_in_play"
    );
}

#[test]
fn the_final_evaluation_ends_the_game_after_one_more_turn_without_the_railbot() {
    let mut s = new_game();
    s.points = 130;
    s.bonds = 4;
    s.cash = 50;
    let events = railbot_turn(&mut s, ["C03", "C04", "C10"], "C11");
    let turn = s.turn;
    assert!(events.contains(&Event::EndTriggered {
        reason: "the Final Evaluation card is drawn".to_string(),
        last_turn: turn + 1
    }));
    assert!(resolved(&events).is_empty());
    an_action(&mut s); // the third action: the turn ends
    assert_eq!(s.turn, turn + 1);
    // The last turn: no Railbot card after the second action.
    an_action(&mut s);
    let events = an_action(&mut s);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::RailbotCardDrawn { .. }))
    );
    let events = an_action(&mut s);
    let Some(Event::GameEnded { score }) = events.last() else {
        panic!("{events:?}")
    };
    // 130 points less 4 bonds = 126 (plus the last turns' interest bonds, if any).
    assert_eq!(
        score.total,
        i64::from(score.points) - i64::from(score.bonds)
    );
    assert_eq!(score.won, score.total >= 125);
    assert!(matches!(s.phase, Phase::GameEnded { .. }));
    assert!(RotwSolo::legal_actions(&s).is_empty());
    assert_eq!(refuse(&s, Action::IssueBond {}).code, "game_over");
}

#[test]
fn the_empty_city_threshold_ends_the_game_after_one_more_turn() {
    let mut s = new_game();
    give_link(&mut s, Owner::Player, "Dunmore", "Garth", &[(1, 2), (1, 3)]);
    set_cubes(&mut s, "Dunmore", &[Yellow]);
    // Six markers already, on six emptied cities.
    for name in [
        "Ashford", "Bramley", "Carrow", "Elmsby", "Fenwick", "Holloway",
    ] {
        set_cubes(&mut s, name, &[]);
    }
    arrange_railbot(&mut s, ["C03", "C04", "C10"], "C08");
    let (dunmore, garth) = (city(&s, "Dunmore"), city(&s, "Garth"));
    let turn = s.turn;
    let events = play(
        &mut s,
        Action::Deliver {
            colour: Yellow,
            route: vec![dunmore, garth],
        },
    );
    assert!(events.contains(&Event::CityEmptied {
        city: dunmore,
        markers: 7
    }));
    assert!(events.contains(&Event::EndTriggered {
        reason: "the Empty City threshold is reached".to_string(),
        last_turn: turn + 1
    }));
    // This turn the Railbot still acts; the next one is the last, without it.
    let events = an_action(&mut s);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::RailbotCardDrawn { .. }))
    );
    an_action(&mut s);
    for _ in 0..2 {
        let events = an_action(&mut s);
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::RailbotCardDrawn { .. }))
        );
    }
    let events = an_action(&mut s);
    assert!(matches!(events.last(), Some(Event::GameEnded { .. })));
}

#[test]
fn the_score_is_points_less_a_point_a_bond_against_the_target() {
    for (points, bonds, barons, won) in [
        (130, 5, false, true),
        (130, 6, false, false),
        (150, 10, true, true),
        (150, 11, true, false),
    ] {
        let mut s = if barons { with_barons() } else { new_game() };
        s.points = points;
        s.bonds = bonds;
        s.cash = 100;
        s.last_turn = Some(s.turn);
        arrange_railbot(&mut s, ["C03", "C04", "C10"], "C08");
        an_action(&mut s);
        an_action(&mut s);
        let events = an_action(&mut s);
        let Some(Event::GameEnded { score }) = events.last() else {
            panic!("{events:?}")
        };
        assert_eq!(
            score.total,
            i64::from(points) - i64::from(bonds),
            "{points} {bonds}"
        );
        assert_eq!(score.target, if barons { 140 } else { 125 });
        assert_eq!(score.won, won, "{points} {bonds} {barons}");
    }
}
