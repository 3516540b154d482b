//! The provisional component set against the rules file and the research: player counts,
//! action spaces, the three railroads, colours, industry tracks, the stocks board, locomotives,
//! engineers; and `problems` catching a broken set.

use railrules::games::russian_railroads_american::data::{
    Colour, Components, IndustrySpace, SpaceEffect, Special,
};

fn messages(c: &Components) -> Vec<String> {
    c.problems().into_iter().map(|v| v.message).collect()
}

#[test]
fn the_provisional_set_is_consistent() {
    assert_eq!(messages(&Components::provisional()), Vec::<String>::new());
}

#[test]
fn player_counts_follow_the_research() {
    let c = Components::provisional();
    let of = |n: u8| *c.player_counts.iter().find(|p| p.players == n).unwrap();
    // Research §2: rounds 6/6/7, workers 6/6/5, coins 2/1/1, engineers 3+3, 3+3, 3+4.
    let table: Vec<_> = [2, 3, 4]
        .iter()
        .map(|&n| {
            let p = of(n);
            (p.rounds, p.workers, p.coins, p.engineers_a, p.engineers_b)
        })
        .collect();
    assert_eq!(
        table,
        vec![(6, 6, 2, 3, 3), (6, 6, 1, 3, 3), (7, 5, 1, 3, 4)]
    );
}

#[test]
fn the_american_board_has_its_three_railroads_boulders_and_coin_spaces() {
    let c = Components::provisional();
    let spaces: Vec<(&str, u8, u8)> = c
        .railroads
        .iter()
        .map(|r| (r.name.as_str(), r.spaces, r.locomotive_slots))
        .collect();
    assert_eq!(
        spaces,
        vec![
            ("Rocky Mountaineer", 15, 2),
            ("Transcontinental East", 7, 1),
            ("Transcontinental West", 9, 1)
        ]
    );
    // The Transcontinental railroads end on 7 and 9 with their end advantage, 3 doubler places
    // each; the boulder on space 8 of the bottom railroad (West).
    for r in &c.railroads[1..] {
        assert_eq!(r.doubler_spaces.len(), 3, "{}", r.name);
        assert!(
            r.specials
                .iter()
                .any(|s| s.space == r.spaces && s.special == Special::TranscontinentalEnd {})
        );
    }
    assert_eq!(c.railroads[2].boulder, Some(8));
    let coin_spaces = c
        .railroads
        .iter()
        .flat_map(|r| &r.specials)
        .filter(|s| matches!(s.special, Special::CoinSpace { .. }))
        .count();
    assert_eq!(coin_spaces, 3, "3 coin spaces, a Done marker each");
    // The colour unlocks on the main railroad: grey 2, brown 6, natural 10, white 15.
    let unlocks: Vec<(u8, Colour)> = c.railroads[0]
        .specials
        .iter()
        .filter_map(|s| match s.special {
            Special::Unlock { colour } => Some((s.space, colour)),
            _ => None,
        })
        .collect();
    assert_eq!(
        unlocks,
        vec![
            (2, Colour::Grey),
            (6, Colour::Brown),
            (10, Colour::Natural),
            (15, Colour::White)
        ]
    );
}

#[test]
fn colours_tracks_and_values_follow_the_research() {
    let c = Components::provisional();
    // 2 natural and 1 white track (the seed), 3 of the others.
    let tracks: Vec<u8> = c.tracks_per_colour.iter().map(|(_, n)| *n).collect();
    assert_eq!(tracks, vec![3, 3, 3, 2, 1]);
    let values: Vec<u32> = c.colour_values.iter().map(|(_, v)| *v).collect();
    assert_eq!(values, vec![0, 1, 2, 4, 7]);
    let revalued: Vec<u32> = c.revalued_colour_values.iter().map(|(_, v)| *v).collect();
    assert_eq!(revalued, vec![0, 1, 3, 6, 10]);
}

#[test]
fn the_bottom_industry_track_has_the_decided_values_and_the_top_one_its_boulder() {
    let c = Components::provisional();
    let points = |i: usize| -> Vec<u32> {
        c.industry_tracks[i]
            .spaces
            .iter()
            .filter_map(|s| match s {
                IndustrySpace::Points { points } => Some(*points),
                _ => None,
            })
            .collect()
    };
    assert_eq!(points(0), vec![0, 1, 2, 3, 4, 5, 10, 15, 20, 25, 30]);
    let gaps = |i: usize| {
        c.industry_tracks[i]
            .spaces
            .iter()
            .filter(|s| **s == IndustrySpace::Gap {})
            .count()
    };
    assert_eq!((gaps(0), gaps(1)), (5, 5));
    assert!(!c.industry_tracks[0].gaps_may_be_skipped);
    assert!(c.industry_tracks[1].gaps_may_be_skipped);
    assert!(
        c.industry_tracks[1]
            .spaces
            .contains(&IndustrySpace::Boulder { points: 15 })
    );
}

#[test]
fn the_stocks_board_steelworks_locomotives_and_engineers() {
    let c = Components::provisional();
    assert_eq!(c.dividend_tokens.len(), 8);
    let piles: Vec<u8> = c.steelworks.iter().map(|s| s.pile).collect();
    assert_eq!(piles, vec![4, 6, 8]);
    let numbers: Vec<u8> = c.locomotives.iter().map(|l| l.number).collect();
    assert_eq!(numbers, (1..=9).collect::<Vec<u8>>());
    let engineers: Vec<u8> = c.engineers.iter().map(|e| e.number).collect();
    assert_eq!(engineers, (2..=15).collect::<Vec<u8>>());
    assert_eq!(
        (c.engineer_majority, c.stock_end_bonus),
        ((40, 20), (20, 10))
    );
    // The bottom black-or-grey space is the one never blocked.
    let unlimited: Vec<&str> = c
        .action_spaces
        .iter()
        .filter(|s| s.unlimited)
        .map(|s| s.id.as_str())
        .collect();
    assert_eq!(unlimited, vec!["black_or_grey"]);
    assert!(c.action_spaces.iter().any(|s| s.coins == 1
        && matches!(&s.effect, SpaceEffect::TrackMoves { colours, moves: 2 } if colours.is_empty())));
}

#[test]
fn problems_are_each_named() {
    let mut c = Components::provisional();
    c.railroads.pop();
    c.dividend_tokens.pop();
    c.steelworks[0].pile = 12;
    c.action_spaces[1].id = c.action_spaces[0].id.clone();
    c.player_counts.retain(|p| p.players != 3);
    let found = messages(&c);
    for text in [
        "the player board has 2 railroads",
        "7 dividend tokens",
        "pile #12, which does not exist",
        "two action spaces are coins",
        "no setup is given for 3 players",
        "1 boulders and 2 detonation spaces",
    ] {
        assert!(
            found.iter().any(|m| m.contains(text)),
            "{text} not in {found:#?}"
        );
    }
}

/// A special space its colour can never reach (each colour stays behind the one before it, so
/// the k-th colour stops k spaces before the end), and a value beyond the bounds, are refused.
#[test]
fn unreachable_special_spaces_and_huge_values_are_refused() {
    use railrules::games::russian_railroads_american::data::{Colour, Special, SpecialSpace};
    let mut c = Components::provisional();
    assert!(c.problems().is_empty());
    // Natural (the 4th colour) on the Rocky Mountaineer's 12 of 15 is reachable; on 13 not.
    c.railroads[0].specials.push(SpecialSpace {
        space: 13,
        colour: Colour::Natural,
        needs_locomotive: false,
        special: Special::Question {},
    });
    let problems = c.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].message.contains("never be reached"));
    c.railroads[0].specials.last_mut().unwrap().space = 12;
    assert!(c.problems().is_empty());
    c.detonation_points = 1001;
    assert!(c.problems()[0].message.contains("above 1000"));
}

/// A dividend token giving a stocks advancement (a payout at the top would pay out again
/// without end) and an action of more than four moves (every order of them is listed) are
/// refused.
#[test]
fn a_stocks_dividend_token_and_too_many_moves_are_refused() {
    use railrules::games::russian_railroads_american::data::Advantage;
    let mut c = Components::provisional();
    c.dividend_tokens[0] = Advantage::StockAdvance {};
    assert_eq!(
        messages(&c),
        vec!["a dividend token gives a stocks advancement".to_string()]
    );
    let mut c = Components::provisional();
    c.engineers[0].action = SpaceEffect::TrackMoves {
        colours: vec![],
        moves: 5,
    };
    assert_eq!(
        messages(&c),
        vec!["an action gives more than 4 moves of tracks or industry markers".to_string()]
    );
    c.engineers[0].action = SpaceEffect::TrackMoves {
        colours: vec![],
        moves: 4,
    };
    assert!(messages(&c).is_empty());
}
