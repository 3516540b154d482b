//! Track movement and railroad scoring.

use railrules::games::russian_railroads_american::data::Colour::{self, *};
use railrules::games::russian_railroads_american::data::{Components, QuestionToken};
use railrules::games::russian_railroads_american::scoring::{railroad_points, railroads_scoring};
use railrules::games::russian_railroads_american::setup::{Options, setup};
use railrules::games::russian_railroads_american::state::{Player, Track};
use railrules::games::russian_railroads_american::tracks::advance;

const ROCKY: usize = 0;
const EAST: usize = 1;
const WEST: usize = 2;

fn board() -> (Components, Player) {
    let s = setup(&Options::default(), 1).unwrap();
    (s.components.clone(), s.players[0].clone())
}

fn place(p: &mut Player, railroad: usize, tracks: &[(Colour, u8)]) {
    p.railroads[railroad].tracks = tracks
        .iter()
        .map(|&(colour, space)| Track { colour, space })
        .collect();
}

fn code(c: &Components, p: &mut Player, railroad: usize, colour: Colour) -> String {
    advance(c, p, railroad, colour).unwrap_err().code
}

#[test]
fn a_colour_enters_on_space_one_once_unlocked_and_never_reaches_the_one_before() {
    let (c, mut p) = board();
    assert_eq!(advance(&c, &mut p, ROCKY, Black), Ok(2));
    assert_eq!(code(&c, &mut p, ROCKY, Grey), "colour_locked");
    p.unlocked.push(Grey);
    assert_eq!(advance(&c, &mut p, ROCKY, Grey), Ok(1));
    // Black on 2: grey may not move onto it, nor pass it.
    assert_eq!(code(&c, &mut p, ROCKY, Grey), "space_taken");
    advance(&c, &mut p, ROCKY, Black).unwrap();
    assert_eq!(advance(&c, &mut p, ROCKY, Grey), Ok(2));
    // Brown needs grey ahead of it on that railroad: there is none on East.
    p.unlocked.push(Brown);
    place(&mut p, EAST, &[(Black, 3)]);
    assert_eq!(code(&c, &mut p, EAST, Brown), "would_pass");
    // On the Rocky Mountaineer grey is on 2: brown enters behind it, then may not reach it.
    assert_eq!(advance(&c, &mut p, ROCKY, Brown), Ok(1));
    assert_eq!(code(&c, &mut p, ROCKY, Brown), "space_taken");
}

#[test]
fn railroads_end_and_a_boulder_closes_its_space_until_detonated() {
    let (c, mut p) = board();
    place(&mut p, EAST, &[(Black, 7)]);
    assert_eq!(code(&c, &mut p, EAST, Black), "railroad_end");
    place(&mut p, WEST, &[(Black, 7)]);
    assert_eq!(code(&c, &mut p, WEST, Black), "boulder");
    p.railroads[WEST].boulder = false;
    assert_eq!(advance(&c, &mut p, WEST, Black), Ok(8));
}

#[test]
fn two_natural_tracks_and_one_white_for_all_railroads() {
    let (c, mut p) = board();
    p.unlocked = Colour::ALL.to_vec();
    place(
        &mut p,
        ROCKY,
        &[(Black, 10), (Grey, 8), (Brown, 6), (Natural, 4)],
    );
    place(
        &mut p,
        EAST,
        &[(Black, 7), (Grey, 6), (Brown, 5), (Natural, 4)],
    );
    place(&mut p, WEST, &[(Black, 6), (Grey, 5), (Brown, 4)]);
    // Both natural tracks are out.
    assert_eq!(code(&c, &mut p, WEST, Natural), "no_track_left");
    assert_eq!(advance(&c, &mut p, ROCKY, White), Ok(1));
    assert_eq!(code(&c, &mut p, EAST, White), "no_track_left");
}

#[test]
fn a_railroad_scores_each_space_in_reach_by_the_nearest_track_ahead() {
    let (c, mut p) = board();
    // The research's example reach: locomotives #6 and #2 reach space 8.
    p.railroads[ROCKY].locomotives = vec![6, 2];
    place(&mut p, ROCKY, &[(Black, 10), (Grey, 5), (Brown, 3)]);
    // Spaces 1-3 brown (2 each), 4-5 grey (1 each), 6-8 black (0): 8.
    assert_eq!(railroad_points(&c, &p, ROCKY), 8);
    // Doublers on spaces 1 and 4: +2 and +1.
    p.railroads[ROCKY].doublers = vec![1, 4];
    assert_eq!(railroad_points(&c, &p, ROCKY), 11);
    // Revalued, brown is worth 3: 3*3 + 2 + doublers 3 + 1 = 15.
    p.question_tokens
        .push(token(&c, QuestionToken::Revaluation {}));
    assert_eq!(railroad_points(&c, &p, ROCKY), 15);
    // Without a locomotive a railroad scores nothing.
    place(&mut p, EAST, &[(Black, 7), (Grey, 5)]);
    assert_eq!(railroad_points(&c, &p, EAST), 0);
}

#[test]
fn a_completed_transcontinental_end_scores_each_time_and_25_with_the_golden_spike() {
    let (c, mut p) = board();
    p.railroads[ROCKY].locomotives.clear();
    place(&mut p, EAST, &[(Black, 7)]);
    p.railroads[EAST].locomotives = vec![6];
    // Black on East's last space, but the reach (6) does not cover it: no end yet.
    assert_eq!(railroads_scoring(&c, &p), 0);
    p.railroads[EAST].locomotives = vec![7];
    assert_eq!(railroads_scoring(&c, &p), 10);
    // The Golden Spike covers the +10: the end scores 25.
    p.question_tokens
        .push(token(&c, QuestionToken::GoldenSpike {}));
    assert_eq!(railroads_scoring(&c, &p), 25);
}

#[test]
fn special_spaces_are_met_by_their_colour_and_when_asked_the_reach() {
    use railrules::games::russian_railroads_american::data::Special;
    use railrules::games::russian_railroads_american::scoring::met_specials;
    let (c, mut p) = board();
    let met = |p: &Player| -> Vec<(u8, Special)> {
        met_specials(&c, p, ROCKY)
            .into_iter()
            .map(|i| {
                let s = &c.railroads[ROCKY].specials[i];
                (s.space, s.special)
            })
            .collect()
    };
    assert!(met(&p).is_empty());
    // Black on 2: grey unlocked (no locomotive needed).
    advance(&c, &mut p, ROCKY, Black).unwrap();
    assert_eq!(met(&p), vec![(2, Special::Unlock { colour: Grey })]);
    // Black on 4: the worker (3) and "?" (4) need the reach; #1 reaches only space 1.
    place(&mut p, ROCKY, &[(Black, 4)]);
    assert_eq!(met(&p).len(), 1);
    p.railroads[ROCKY].locomotives = vec![1, 3];
    assert_eq!(
        met(&p),
        vec![
            (2, Special::Unlock { colour: Grey }),
            (3, Special::Worker {}),
            (4, Special::Question {})
        ]
    );
    // Space 5 asks for grey: black there is not enough.
    place(&mut p, ROCKY, &[(Black, 6)]);
    p.railroads[ROCKY].locomotives = vec![3, 3];
    assert!(!met(&p).iter().any(|(space, _)| *space == 5));
    place(&mut p, ROCKY, &[(Black, 6), (Grey, 5)]);
    assert!(met(&p).contains(&(5, Special::StockAdvance {})));
}

/// The index of a "?" token in the components' list.
fn token(c: &Components, kind: QuestionToken) -> u8 {
    c.question_tokens.iter().position(|t| *t == kind).unwrap() as u8
}
