//! `check` derives what positions and counts imply (the rulings of 2026-12: "a track or
//! industry marker standing beyond a special space ... implies that space was met and its
//! effect happened"; "Worker, coin and engineer counts must match what the round's placements
//! used"), and refuses a tampered state naming each problem by its code and JSON pointer.
//! Each case starts from a consistent position (`clean`) and changes one thing.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::state::{Placement, Seat::*};

fn problems(s: &State) -> Vec<(String, String)> {
    railrules::testing::check_problems::<Rra>(s)
}

fn expect(s: &State, expected: &[(&str, &str)]) {
    railrules::testing::expect_check::<Rra>(s, expected);
}

/// P1 (of 3): East's black on its 3 (a stocks advancement: level 1, with its dividend token),
/// the Rocky Mountaineer's black on 4 with locomotives #1 and #3 (grey unlocked, +1 worker,
/// the "?" space: the end-bonus card token, which drew the top card).
fn p1_board() -> State {
    let mut s = game(3);
    tracks(&mut s, P1, EAST, &[(Black, 3)]);
    let top = s.end_bonus_deck[0];
    draw_card(&mut s, P1, top);
    clean(&s);
    s
}

#[test]
fn two_workers_more_than_the_rules_give() {
    let mut s = p1_board();
    // 6 at 3 players, +1 for the Rocky Mountaineer's 3.
    assert_eq!(s.players[0].workers, 7);
    s.players[0].workers += 2;
    expect(&s, &[("workers", "/players/0/workers")]);
    // The +1 worker without the space that gives it.
    let mut s = game(3);
    s.players[1].workers += 1;
    expect(&s, &[("workers", "/players/1/workers")]);
}

#[test]
fn the_top_end_bonus_card_without_the_draw_that_gives_it() {
    let mut s = game(3);
    let card = s.end_bonus_deck.remove(0);
    s.players[1].end_bonus.push(card);
    expect(&s, &[("end_bonus_draws", "/players/1/end_bonus")]);
    // A second card for one draw.
    let mut s = p1_board();
    let card = s.end_bonus_deck.remove(0);
    s.players[0].end_bonus.push(card);
    expect(&s, &[("end_bonus_draws", "/players/0/end_bonus")]);
    // The draw without its card while the pile has cards.
    let mut s = p1_board();
    let card = s.players[0].end_bonus.pop().unwrap();
    s.end_bonus_deck.insert(0, card);
    expect(&s, &[("end_bonus_draws", "/players/0/end_bonus")]);
}

#[test]
fn a_special_space_passed_is_met_and_one_not_reached_is_not() {
    let mut s = p1_board();
    // The Rocky Mountaineer's 2 (grey unlocked) forgotten.
    let forgotten = s.players[0]
        .specials_met
        .iter()
        .position(|&k| k == (ROCKY, 0))
        .unwrap();
    s.players[0].specials_met.remove(forgotten);
    expect(&s, &[("special_unrecorded", "/players/0/specials_met")]);
    // West's "?" (its 4, which needs a locomotive) marked met; and one listed twice.
    let mut s = p1_board();
    s.players[0].specials_met.push((WEST, 0));
    let k = s.players[0].specials_met.len() - 1;
    let at = format!("/players/0/specials_met/{k}");
    expect(&s, &[("special_not_met", &at)]);
    let mut s = p1_board();
    let first = s.players[0].specials_met[0];
    s.players[0].specials_met.push(first);
    let k = s.players[0].specials_met.len() - 1;
    let at = format!("/players/0/specials_met/{k}");
    expect(&s, &[("special_not_met", &at)]);
}

#[test]
fn the_colours_unlocked_are_those_the_unlock_spaces_met_give() {
    let mut s = p1_board();
    s.players[0].unlocked.push(Natural);
    expect(&s, &[("unlocked_colours", "/players/0/unlocked")]);
    let mut s = p1_board();
    s.players[0].unlocked.retain(|&c| c != Grey);
    expect(&s, &[("unlocked_colours", "/players/0/unlocked")]);
}

#[test]
fn a_detonation_met_took_a_boulder_and_scored_its_points() {
    // A boulder gone without a detonation.
    let mut s = game(2);
    s.players[0].railroads[2].boulder = false;
    expect(&s, &[("boulders", "/players/0")]);
    // The detonation met (East's 5), its boulder put back.
    let mut s = game(2);
    detonated(&mut s, P1, Some(WEST), None);
    clean(&s);
    let mut back = s.clone();
    back.players[0].railroads[2].boulder = true;
    expect(&back, &[("boulders", "/players/0")]);
    // Its 10 points gone.
    s.players[0].points = 9;
    expect(&s, &[("points", "/players/0/points")]);
}

#[test]
fn a_stocks_advancement_met_raised_the_stock_marker() {
    let mut s = game(3);
    // P2 reached level 1 first; P1 arrived after it with East's 3.
    stock_marker(&mut s, P2, 1);
    dividend(&mut s, 1, COIN, P2);
    tracks(&mut s, P1, EAST, &[(Black, 3)]);
    settle(&mut s, P1);
    clean(&s);
    assert_eq!(s.stock_levels[0].markers, vec![P2, P1]);
    s.players[0].stock_level = 0;
    s.stock_levels[0].markers.retain(|&m| m != P1);
    expect(&s, &[("stock_level", "/players/0/stock_level")]);
}

#[test]
fn a_coin_space_used_is_one_reached_and_used_once() {
    let mut s = p1_board();
    // East's 4 (grey) is not reached.
    s.players[0].coin_spaces_done.push((EAST, 4));
    expect(&s, &[("coin_spaces", "/players/0/coin_spaces_done/0")]);
    let mut s = game(2);
    detonated(&mut s, P1, Some(WEST), None);
    clean(&s);
    s.players[0].coin_spaces_done.push((EAST, 4));
    expect(&s, &[("coin_spaces", "/players/0/coin_spaces_done/1")]);
}

#[test]
fn each_question_space_met_spent_a_token() {
    // A token spent without a "?" space.
    let mut s = game(3);
    s.players[2].question_tokens.push(TWENTY_POINTS);
    expect(&s, &[("question_tokens", "/players/2/question_tokens")]);
    // The "?" space met without its token (the card it drew back on the pile).
    let mut s = p1_board();
    s.players[0].question_tokens.clear();
    let card = s.players[0].end_bonus.pop().unwrap();
    s.end_bonus_deck.insert(0, card);
    expect(&s, &[("question_tokens", "/players/0/question_tokens")]);
}

#[test]
fn temporary_workers_are_what_the_rounds_placements_gave() {
    let mut s = game(2);
    placed(&mut s, P1, "temporary_workers");
    s.players[0].temporary_workers = 2;
    clean(&s);
    s.players[1].temporary_workers = 2;
    expect(&s, &[("temporary_workers", "/players/1/temporary_workers")]);
    let mut s = game(2);
    placed(&mut s, P1, "temporary_workers");
    expect(&s, &[("temporary_workers", "/players/0/temporary_workers")]);
}

#[test]
fn placements_cost_what_their_space_costs_and_no_more_workers_than_a_player_has() {
    let space = |s: &State, id: &str| {
        s.components
            .action_spaces
            .iter()
            .position(|a| a.id == id)
            .unwrap() as u8
    };
    let mut s = game(2);
    placed(&mut s, P1, "locomotive_3");
    placed(&mut s, P1, "industry_2");
    clean(&s);
    // A coin standing in for a worker is fine; a worker saved is not.
    let mut paid = s.clone();
    paid.placements[1] = Placement {
        workers: 1,
        coins: 1,
        ..paid.placements[1]
    };
    clean(&paid);
    paid.placements[0].workers = 2;
    expect(&paid, &[("placements", "/placements/0")]);
    // Two workers more than the player has (6): 3 + 2 + 2.
    let mut more = s.clone();
    placed(&mut more, P1, "black_2");
    expect(&more, &[("workers_placed", "/placements")]);
    // A space used twice.
    let mut twice = s.clone();
    twice.placements.push(Placement {
        space: space(&s, "industry_2"),
        seat: P2,
        workers: 2,
        coins: 0,
    });
    expect(&twice, &[("placements", "/placements/2")]);
}

#[test]
fn the_engineers_hired_are_those_the_strip_brought_to_the_hiring_place() {
    let mut s = game(2);
    hire(&mut s, P1, 2);
    clean(&s);
    // A second engineer hired in round 1.
    let mut second = s.clone();
    let next = second.engineer_strip[4].take().unwrap();
    second.players[1].engineers.push(next);
    expect(
        &second,
        &[
            ("engineer_strip", "/engineer_strip/4"),
            ("engineers_hired", ""),
        ],
    );
    // The hiring place emptied with no hire among the placements.
    let mut unpaid = s.clone();
    unpaid.placements.clear();
    expect(&unpaid, &[("engineer_strip", "/engineer_strip/5")]);
    // An engineer never dealt, hired.
    let mut undealt = game(2);
    let dealt: Vec<u8> = undealt.engineer_strip.iter().flatten().copied().collect();
    let other = (2..=15).find(|n| !dealt.contains(n)).unwrap();
    undealt.players[0].engineers.push(other);
    expect(&undealt, &[("engineers_hired", "")]);
    // Used without being hired.
    let mut used = s.clone();
    used.players[1].engineers_used.push(2);
    expect(&used, &[("engineers", "/players/1/engineers_used/0")]);
    // In round 2 the strip has slid one place: its first place is empty.
    let mut slid = s.clone();
    slid.round = 2;
    expect(
        &slid,
        &[
            ("engineer_strip", "/engineer_strip/0"),
            ("engineers_hired", ""),
        ],
    );
}

#[test]
fn tiles_are_taken_lowest_first_and_a_steelworks_with_the_last_of_its_pile() {
    let mut s = game(2);
    // A #3 taken (returned to the supply) while the #2 pile is full.
    s.piles[1].left -= 1;
    s.returned_factories.push(3);
    expect(&s, &[("piles", "/piles/1")]);
    // The #4 pile emptied without its steelworks taken; a steelworks taken early.
    let mut s = game(2);
    exhaust_below(&mut s, 5, P2);
    clean(&s);
    let mut kept = s.clone();
    kept.steelworks[0] = None;
    expect(&kept, &[("steelworks", "/steelworks/0")]);
    let mut early = s.clone();
    early.steelworks[1] = Some(P1);
    expect(&early, &[("steelworks", "/steelworks/1")]);
}

#[test]
fn end_bonus_cards_removed_unseen_are_as_many_as_setup_removes() {
    let mut s = game(2);
    let card = s.end_bonus_removed.pop().unwrap();
    s.end_bonus_deck.push(card);
    expect(&s, &[("end_bonus_cards", "/end_bonus_removed")]);
}

/// Issue 16: 480,000 engineers took 26.8 s when `check` compared them pairwise. Huge lists are
/// judged in O(n log n), each problem listed once however often its cause recurs.
#[test]
fn huge_lists_are_checked_quickly_and_each_problem_is_listed_once() {
    const N: usize = 480_000;
    let mut s = game(2);
    let dealt: Vec<u8> = s.engineer_strip.iter().flatten().copied().collect();
    let other = (2..=15).find(|n| !dealt.contains(n)).unwrap();
    s.players[0].engineers = vec![other; N];
    s.players[0].engineers_used = vec![other; N];
    s.players[1].railroads[0].tracks = vec![
        railrules::games::russian_railroads_american::state::Track {
            colour: Black,
            space: 1
        };
        N
    ];
    s.players[0].specials_met = vec![(WEST, 0); N];
    s.players[0].question_tokens = vec![GOLDEN_SPIKE; N];
    s.placements = vec![
        Placement {
            space: 0,
            seat: P2,
            workers: 9,
            coins: 0,
        };
        N
    ];
    let started = std::time::Instant::now();
    let found = problems(&s);
    let took = started.elapsed();
    // Seconds, not minutes, even unoptimised (the pairwise check was quadratic).
    assert!(took.as_secs() < 20, "check took {took:?}");
    let expected = [
        ("engineers", "/players/0/engineers/1"),
        ("question_tokens", "/players/0/question_tokens"),
        ("question_tokens", "/players/0/question_tokens/1"),
        ("special_not_met", "/players/0/specials_met/0"),
        ("placements", "/placements/0"),
        ("placements", "/placements/1"),
        ("workers_placed", "/placements"),
        ("track_position", "/players/1/railroads/0/tracks/1"),
        ("track_supply", "/players/1/railroads"),
    ];
    let mut expected: Vec<(String, String)> = expected
        .iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect();
    expected.sort();
    assert_eq!(found, expected);
}
