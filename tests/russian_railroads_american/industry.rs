//! The two industry tracks: gaps on the bottom one, landing on and skipping gaps on the top
//! one, factories firing, the boulder, and the points each round.

use railrules::games::russian_railroads_american::data::Components;
use railrules::games::russian_railroads_american::industry::{Step, advance, points};
use railrules::games::russian_railroads_american::setup::{Options, setup};
use railrules::games::russian_railroads_american::state::Player;

const BOTTOM: usize = 0;
const TOP: usize = 1;

fn board() -> (Components, Player) {
    let s = setup(&Options::default(), 1).unwrap();
    (s.components.clone(), s.players[0].clone())
}

#[test]
fn the_bottom_marker_stops_at_an_empty_gap_and_fires_a_factory() {
    let (c, mut p) = board();
    // 0 1 2 3 4 5, then the first gap.
    for space in 1..=5 {
        assert_eq!(advance(&c, &mut p, BOTTOM), Ok(Step { space, fired: None }));
    }
    assert_eq!(points(&c, &p, BOTTOM), 5);
    let refused = advance(&c, &mut p, BOTTOM).unwrap_err();
    assert_eq!(refused.code, "gap_unfilled");
    assert_eq!(p.industry[BOTTOM].marker, 5);
    p.industry[BOTTOM].factories[0] = Some(6);
    assert_eq!(
        advance(&c, &mut p, BOTTOM),
        Ok(Step {
            space: 6,
            fired: Some(6)
        })
    );
    // On the factory the marker scores the printed space behind it.
    assert_eq!(points(&c, &p, BOTTOM), 5);
    advance(&c, &mut p, BOTTOM).unwrap();
    assert_eq!(points(&c, &p, BOTTOM), 10);
}

#[test]
fn the_top_marker_lands_on_and_skips_gaps() {
    let (c, mut p) = board();
    // 0 2 4, gap (empty: nothing happens), 8, gap with a factory (it fires), boulder 15.
    advance(&c, &mut p, TOP).unwrap();
    advance(&c, &mut p, TOP).unwrap();
    assert_eq!(
        advance(&c, &mut p, TOP),
        Ok(Step {
            space: 3,
            fired: None
        })
    );
    assert_eq!(points(&c, &p, TOP), 4);
    advance(&c, &mut p, TOP).unwrap();
    p.industry[TOP].factories[1] = Some(2);
    assert_eq!(
        advance(&c, &mut p, TOP),
        Ok(Step {
            space: 5,
            fired: Some(2)
        })
    );
    // The boulder on the 15 closes the way until it is detonated.
    assert_eq!(advance(&c, &mut p, TOP).unwrap_err().code, "boulder");
    p.industry[TOP].boulder = false;
    advance(&c, &mut p, TOP).unwrap();
    assert_eq!(points(&c, &p, TOP), 15);
}

#[test]
fn a_marker_stops_at_the_end_of_its_track() {
    let (c, mut p) = board();
    p.industry[BOTTOM].marker = 15;
    p.industry[BOTTOM].factories = vec![Some(2); 5];
    assert_eq!(points(&c, &p, BOTTOM), 30);
    assert_eq!(advance(&c, &mut p, BOTTOM).unwrap_err().code, "track_end");
}
