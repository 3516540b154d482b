//! The component data: the provisional set matches the rules file, and replacements are
//! checked.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::{Components, Options, RailroadBarons};

/// Issue 39's ruling, from the 18xx Rules Difference List (3-368): 15.2 "4 As, 3 Bs, 3 Cs, 2
/// Ds, 2 Es, 2 Fs, 2 Gs, 2 Hs, 8 I/Ks"; section 12's levels (A 2; B 2 or 3; C 3; D 3 or 4; E 4;
/// F 4 or 5; G 5; H 6; I/K 8) and obsolescence (a purchase of level 4 makes level 2 obsolete,
/// of level 6 level 3, of level 8 level 4; levels 3 and 5 nothing).
#[test]
fn the_provisional_set_has_the_cards_of_the_rules_difference_list() {
    let c = Components::provisional();
    assert!(c.problems().is_empty());
    assert_eq!(c.railroads.len(), 28);
    let categories = ["A", "B", "C", "D", "E", "F", "G", "H", "I/K"];
    let count = |cat: &str| c.railroads.iter().filter(|r| r.category == cat).count();
    let counts: Vec<usize> = categories.iter().map(|k| count(k)).collect();
    assert_eq!(counts, vec![4, 3, 3, 2, 2, 2, 2, 2, 8]);
    // Stacked by category, A on top.
    let stacked: Vec<&str> = c.railroads.iter().map(|r| r.category.as_str()).collect();
    let mut sorted = stacked.clone();
    sorted.sort_by_key(|k| categories.iter().position(|c| c == k));
    assert_eq!(stacked, sorted);
    let levels = |cat: &str| -> Vec<Vec<u8>> {
        let mut seen: Vec<Vec<u8>> = c
            .railroads
            .iter()
            .filter(|r| r.category == cat)
            .map(|r| r.faces.iter().map(|f| f.level).collect())
            .collect();
        seen.dedup();
        seen
    };
    let printed: [(&str, &[u8]); 9] = [
        ("A", &[2]),
        ("B", &[2, 3]),
        ("C", &[3]),
        ("D", &[3, 4]),
        ("E", &[4]),
        ("F", &[4, 5]),
        ("G", &[5]),
        ("H", &[6]),
        ("I/K", &[8, 8]),
    ];
    for (cat, faces) in printed {
        assert_eq!(levels(cat), vec![faces.to_vec()], "{cat}");
    }
    // What a purchase of each level makes obsolete: 4 -> 2, 6 -> 3, 8 -> 4; 2, 3 and 5 nothing.
    for face in c.railroads.iter().flat_map(|r| &r.faces) {
        let expected = match face.level {
            4 => Some(2),
            6 => Some(3),
            8 => Some(4),
            _ => None,
        };
        assert_eq!(face.obsoletes_level, expected, "level {}", face.level);
    }
    // Cost and income rise with the level: no face dearer or richer than one of a higher level.
    for x in c.railroads.iter().flat_map(|r| &r.faces) {
        for y in c.railroads.iter().flat_map(|r| &r.faces) {
            if x.level < y.level {
                assert!(x.cost < y.cost && x.income < y.income, "{x:?} {y:?}");
            }
        }
    }
    let da = &c.railroads[c.dominion_atlantic as usize];
    assert_eq!(
        (da.name.as_str(), da.faces[0].level),
        ("Dominion Atlantic", 2)
    );
    assert_eq!(da.category, "A", "the Dominion Atlantic is an A card");
    let mut names: Vec<&str> = c.railroads.iter().map(|r| r.name.as_str()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 28, "each card has its own name");
    assert_eq!(c.share_value_track.first(), Some(&40));
    assert_eq!(c.share_value_track.last(), Some(&350));
    assert_eq!(c.share_value_track.len(), 21);
    let operators: Vec<u8> = c.holdings.iter().map(|h| h.operators).collect();
    assert_eq!(operators, vec![6, 6, 5, 4, 4]);
    let prices: Vec<u32> = c.investors.iter().map(|i| i.price).collect();
    assert_eq!(prices, vec![30, 40, 50, 60, 450]);
    let bonuses: Vec<u32> = c.investors.iter().map(|i| i.bonus).collect();
    assert_eq!(bonuses, vec![0, 10, 20, 30, 0]);
}

#[test]
fn setup_rejects_inconsistent_components_listing_each_problem() {
    let mut c = Components::provisional();
    c.railroads.pop();
    c.start_values.push(75);
    c.share_value_track.swap(0, 1);
    let problems = RailroadBarons::setup(
        &Options {
            start_player: Some(A),
            components: Some(c),
        },
        0,
    )
    .unwrap_err();
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(problems.iter().all(|p| p.code == "inconsistent_components"));
}

#[test]
fn setup_plays_with_replacement_components() {
    let mut c = Components::provisional();
    c.start_values = vec![60, 110];
    let mut s = RailroadBarons::setup(
        &Options {
            start_player: Some(A),
            components: Some(c),
        },
        0,
    )
    .unwrap();
    assert!(RailroadBarons::check(&s).is_empty());
    // Finish the draft quickly with legal actions, then start a Holding at $110.
    while !matches!(
        s.round,
        railrules::games::railroad_barons::Round::StockRound { .. }
    ) {
        let a = RailroadBarons::legal_actions(&s)[0].clone();
        play(&mut s, a);
    }
    let to_act = RailroadBarons::to_act(&s)[0];
    assert_eq!(
        refuse(&s, start(to_act, Red, 70)).code,
        "invalid_start_value"
    );
    play(&mut s, start(to_act, Red, 110));
    assert_eq!(s.holding(Red).share_value, Some(110));
}

#[test]
fn the_rules_document_has_every_section_violations_cite() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/rules/railroad-barons.md"
    ))
    .unwrap();
    for id in railrules::games::railroad_barons::rules::section::ALL {
        let anchor = id.trim_start_matches("railroad-barons#");
        assert!(
            doc.contains(&format!("<a id=\"{anchor}\"></a>")),
            "docs/rules/railroad-barons.md lacks the anchor of section {anchor}"
        );
    }
}
