//! Locomotives and factories: the lowest tile, slots and chains, discarding only with every
//! slot full, factories in gaps, the steelworks.

use crate::fixtures::State;
use railrules::games::russian_railroads_american::locomotives::{
    STEELWORKS, Taken, all_slots_full, place_factory, place_locomotive, take_tile,
};
use railrules::games::russian_railroads_american::setup::{Options, setup};

const ROCKY: usize = 0;
const EAST: usize = 1;
const WEST: usize = 2;

fn game() -> State {
    State::assume(setup(&Options::default(), 2).unwrap())
}

#[test]
fn the_lowest_tile_is_taken_and_the_last_of_a_pile_brings_its_steelworks() {
    let mut s = game();
    // Two players: two tiles a pile. #2, #2, #3, #3, then #4 twice: the second takes the
    // steelworks by the #4 pile.
    let mut taken = Vec::new();
    for _ in 0..6 {
        taken.push(take_tile(&mut s).unwrap());
    }
    let numbers: Vec<u8> = taken.iter().map(|t| t.number).collect();
    assert_eq!(numbers, vec![2, 2, 3, 3, 4, 4]);
    assert_eq!(taken[4].steelworks, None);
    assert_eq!(
        taken[5],
        Taken {
            number: 4,
            steelworks: Some(0)
        }
    );
    // Piles without a steelworks bring none.
    assert_eq!(taken[1].steelworks, None);
}

#[test]
fn a_locomotive_fills_a_slot_or_replaces_a_lower_one() {
    let s = game();
    let c = &s.components;
    let mut p = s.players[0].clone();
    // The Rocky Mountaineer holds #1 and has a second slot: nothing is replaced.
    assert_eq!(
        place_locomotive(c, &mut p.clone(), 3, ROCKY, Some(1))
            .unwrap_err()
            .code,
        "slot_free"
    );
    assert_eq!(place_locomotive(c, &mut p, 3, ROCKY, None), Ok(None));
    assert_eq!(p.railroads[ROCKY].locomotives, vec![1, 3]);
    // Full: the player names the lower locomotive #5 replaces, #1 or #3 (rules #locomotives: the
    // lower one); it comes back to be placed in turn.
    assert_eq!(
        place_locomotive(c, &mut p.clone(), 5, ROCKY, None)
            .unwrap_err()
            .code,
        "name_replaced"
    );
    let mut other = p.clone();
    assert_eq!(
        place_locomotive(c, &mut other, 5, ROCKY, Some(3)),
        Ok(Some(3))
    );
    assert_eq!(other.railroads[ROCKY].locomotives, vec![1, 5]);
    assert_eq!(place_locomotive(c, &mut p, 5, ROCKY, Some(1)), Ok(Some(1)));
    assert_eq!(p.railroads[ROCKY].locomotives, vec![5, 3]);
    assert_eq!(place_locomotive(c, &mut p, 1, EAST, None), Ok(None));
    // Nothing lower to replace.
    assert_eq!(
        place_locomotive(c, &mut p, 1, EAST, Some(1))
            .unwrap_err()
            .code,
        "no_lower_locomotive"
    );
    assert!(!all_slots_full(c, &p));
    place_locomotive(c, &mut p, 2, WEST, None).unwrap();
    assert!(all_slots_full(c, &p), "2 + 1 + 1 slots");
}

#[test]
fn factories_fill_gaps_left_to_right_and_replace_only_when_both_tracks_are_full() {
    let s = game();
    let c = &s.components;
    let mut p = s.players[0].clone();
    assert_eq!(place_factory(c, &mut p, 6, 0, None), Ok((0, None)));
    assert_eq!(place_factory(c, &mut p, STEELWORKS, 0, None), Ok((1, None)));
    // A factory is not replaced while a gap is empty; a steelworks is.
    assert_eq!(
        place_factory(c, &mut p, 7, 0, Some(0)).unwrap_err().code,
        "gaps_left"
    );
    assert_eq!(
        place_factory(c, &mut p, 7, 0, Some(1)),
        Ok((1, Some(STEELWORKS)))
    );
    for number in [2, 3, 4] {
        place_factory(c, &mut p, number, 0, None).unwrap();
    }
    assert_eq!(
        place_factory(c, &mut p, 8, 0, None).unwrap_err().code,
        "gaps_full"
    );
    // The bottom track is full, but the top one has gaps left: no factory is replaced yet.
    assert_eq!(
        place_factory(c, &mut p, 8, 0, Some(0)).unwrap_err().code,
        "gaps_left"
    );
    assert_eq!(place_factory(c, &mut p, 9, 1, None), Ok((0, None)));
    for number in [5, 6, 7, 8] {
        place_factory(c, &mut p, number, 1, None).unwrap();
    }
    // Every gap of both tracks filled: a factory may be replaced.
    assert_eq!(place_factory(c, &mut p, 8, 0, Some(0)), Ok((0, Some(6))));
}
