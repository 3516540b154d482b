//! The component data: the provisional set matches the rules file, and replacements are
//! checked.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::{Components, Options, RailroadBarons};

#[test]
fn the_provisional_set_has_the_counts_of_the_rules_file() {
    let c = Components::provisional();
    assert!(c.problems().is_empty());
    assert_eq!(c.railroads.len(), 28);
    let count = |cat: &str| c.railroads.iter().filter(|r| r.category == cat).count();
    let counts: Vec<usize> = ["A", "B", "C", "D", "E", "F", "G", "H", "I/K"]
        .iter()
        .map(|k| count(k))
        .collect();
    assert_eq!(counts, vec![5, 4, 4, 4, 3, 2, 2, 2, 2]);
    let two_faced: Vec<&str> = c
        .railroads
        .iter()
        .filter(|r| r.faces.len() == 2)
        .map(|r| r.category.as_str())
        .collect();
    assert!(two_faced.iter().all(|k| ["B", "D", "F", "I/K"].contains(k)));
    assert_eq!(two_faced.len(), 4 + 4 + 2 + 2);
    // The level pattern: level N makes level N-2 obsolete (D at 4 -> 2, D's front at 3 -> 1).
    let d = c.railroads.iter().find(|r| r.category == "D").unwrap();
    assert_eq!((d.faces[0].level, d.faces[0].obsoletes_level), (3, Some(1)));
    assert_eq!((d.faces[1].level, d.faces[1].obsoletes_level), (4, Some(2)));
    let ik = c.railroads.iter().find(|r| r.category == "I/K").unwrap();
    assert!(ik.faces.iter().all(|f| f.obsoletes_level == Some(4)));
    let da = &c.railroads[c.dominion_atlantic as usize];
    assert_eq!(
        (da.name.as_str(), da.faces[0].level),
        ("Dominion Atlantic", 2)
    );
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
