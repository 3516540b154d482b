//! Obsolescence: a face bought makes the Railroads of its obsolete level leave the game.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::games::railroad_barons::event::Event;

/// #obsolescence (issue 39's ruling; the 18xx Rules Difference List, section 12): a D bought at
/// level 4 makes level 2 obsolete; at level 3 it makes nothing obsolete.
#[test]
fn buying_a_face_makes_its_obsoletes_level_leave_the_game() {
    // Stack from the first D card (10). Red owns an A (level 2) and a C (level 3).
    let mut s = position(
        A,
        &[
            holding(Blue, 90, &[(40, A), (10, A), (30, B)]),
            holding(Red, 90, &[(40, B), (20, A)]),
        ],
    );
    give_railroads(&mut s, Red, &[(0, 0), (9, 0)]);
    stack_from(&mut s, 10);
    let mut level_4 = s.clone();
    to_operating_round(&mut level_4);
    idle_turn(&mut level_4); // red
    play(&mut level_4, place(A, 1, 1));
    play(&mut level_4, revenue(A, false));
    let events = play(&mut level_4, buy_top(A, 10, 1));
    assert!(events.contains(&Event::RailroadsObsolete {
        level: 2,
        railroads: vec![0],
        cause: 10,
        removed_from_stack: false
    }));
    let red = |s: &State| -> Vec<u8> { s.holding(Red).railroads.iter().map(|r| r.card).collect() };
    assert_eq!(red(&level_4), vec![9]);
    // At level 3 nothing is obsolete.
    let mut level_3 = s.clone();
    to_operating_round(&mut level_3);
    idle_turn(&mut level_3);
    play(&mut level_3, place(A, 1, 1));
    play(&mut level_3, revenue(A, false));
    let events = play(&mut level_3, buy_top(A, 10, 0));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::RailroadsObsolete { .. }))
    );
    assert_eq!(red(&level_3), vec![0, 9]);
}

/// #obsolescence: an H (level 6) makes level 3 obsolete, an I/K (level 8) level 4, a G (level
/// 5) nothing.
#[test]
fn levels_six_and_eight_make_three_and_four_obsolete_and_five_nothing() {
    for (top, face, owned, gone) in [
        (18, 0, vec![(9, 0), (12, 0)], Some((3, vec![9]))),
        (20, 1, vec![(9, 0), (12, 0)], Some((4, vec![12]))),
        (16, 0, vec![(9, 0), (12, 0)], None),
    ] {
        let mut s = position(
            A,
            &[
                holding(Blue, 90, &[(40, A), (10, A), (30, B)]),
                holding(Red, 90, &[(40, B), (20, A)]),
            ],
        );
        give_railroads(&mut s, Red, &owned);
        stack_from(&mut s, top);
        set_holding_cash(&mut s, Blue, 900);
        to_operating_round(&mut s);
        idle_turn(&mut s); // red
        play(&mut s, place(A, 1, 1));
        play(&mut s, revenue(A, false));
        let events = play(&mut s, buy_top(A, top, face));
        let obsolete: Vec<(u8, Vec<u8>)> = events
            .iter()
            .filter_map(|e| match e {
                Event::RailroadsObsolete {
                    level, railroads, ..
                } => Some((*level, railroads.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(obsolete, gone.into_iter().collect::<Vec<_>>(), "card {top}");
    }
}

#[test]
fn obsolescence_goes_by_the_level_of_the_face_bought_and_spares_no_holding() {
    // Blue (operating) owns an A (level 2); red owns a B bought at level 2 and one at level 3.
    let mut s = position(
        A,
        &[
            holding(Blue, 90, &[(40, A), (10, A), (30, B)]),
            holding(Red, 90, &[(40, B), (20, A)]),
        ],
    );
    give_railroads(&mut s, Blue, &[(0, 0)]);
    give_railroads(&mut s, Red, &[(5, 0), (6, 1)]);
    stack_from(&mut s, 10);
    to_operating_round(&mut s);
    idle_turn(&mut s); // red
    play(&mut s, place(A, 1, 3));
    play(&mut s, revenue(A, false));
    let events = play(&mut s, buy_top(A, 10, 1));
    // Level 4 makes level 2 obsolete: blue's own A and red's B at level 2; red's B at level 3
    // stays.
    assert!(events.contains(&Event::RailroadsObsolete {
        level: 2,
        railroads: vec![0, 5],
        cause: 10,
        removed_from_stack: false
    }));
    let cards = |c| -> Vec<u8> { s.holding(c).railroads.iter().map(|r| r.card).collect() };
    assert_eq!(cards(Red), vec![6]);
    assert_eq!(cards(Blue), vec![10]);
}
