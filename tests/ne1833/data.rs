//! The component data against the counts and tables of the rules (docs/rules/1833ne.md).

use railrules::games::ne1833::data::{BorderKind, Colour, StopKind, components};
use std::collections::BTreeMap;

#[test]
fn one_hundred_hexes_in_the_layout() {
    let c = components();
    assert_eq!(c.hexes.len(), 100);
    let mut colours: BTreeMap<String, usize> = BTreeMap::new();
    for h in &c.hexes {
        *colours.entry(format!("{:?}", h.color)).or_default() += 1;
        assert!(
            c.layout.is_hex_position(h.coord()),
            "{} breaks the layout's parity rule",
            h.id
        );
    }
    let expected: BTreeMap<String, usize> = [
        ("White", 75),
        ("Red", 10),
        ("Yellow", 8),
        ("Gray", 4),
        ("Blue", 3),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(colours, expected);
}

#[test]
fn tile_counts_per_colour_match_the_manifest() {
    let c = components();
    let count = |colour: Colour| {
        let kinds: Vec<_> = c.tiles.iter().filter(|t| t.color == colour).collect();
        let copies: u32 = kinds.iter().filter_map(|t| t.count).map(u32::from).sum();
        let unlimited = kinds.iter().filter(|t| t.count.is_none()).count();
        (kinds.len(), copies, unlimited)
    };
    assert_eq!(count(Colour::Yellow), (11, 29, 3));
    assert_eq!(count(Colour::Green), (28, 57, 0));
    assert_eq!(count(Colour::Brown), (22, 35, 0));
    assert_eq!(c.tiles.len(), 61);
    let unlimited: Vec<&str> = c
        .tiles
        .iter()
        .filter(|t| t.count.is_none())
        .map(|t| t.id.as_str())
        .collect();
    assert_eq!(unlimited, ["7", "8", "9"]);
}

#[test]
fn every_off_board_value_by_phase() {
    let c = components();
    let expected = [
        ("A6", [10, 30, 10]),
        ("A12", [40, 70, 80]),
        ("A20", [40, 30, 0]),
        ("A24", [10, 40, 30]),
        ("A28", [0, 20, 90]),
        ("B17", [30, 50, 40]),
        ("G2", [30, 20, 0]),
        ("J11", [20, 30, 20]),
    ];
    let mut found = Vec::new();
    for h in &c.hexes {
        for s in &h.stops {
            if let Some(b) = &s.revenue_by_phase {
                found.push((h.id.as_str(), [b.early, b.middle, b.late]));
            }
        }
    }
    assert_eq!(found, expected);
    let ports: Vec<&str> = c
        .hexes
        .iter()
        .filter(|h| h.icons.contains(&"port".to_string()))
        .map(|h| h.id.as_str())
        .collect();
    assert_eq!(ports, ["C28", "E28"]);
}

#[test]
fn borders_are_listed_on_both_sides_alike() {
    let c = components();
    let mut costed = 0;
    for h in &c.hexes {
        for b in &h.borders {
            let other = c
                .hex(&b.neighbor)
                .unwrap_or_else(|| panic!("{} borders unknown {}", h.id, b.neighbor));
            let back = other
                .border((b.edge + 3) % 6)
                .unwrap_or_else(|| panic!("{}'s border with {} is one-sided", h.id, b.neighbor));
            assert_eq!(
                (back.kind, back.cost, back.neighbor.as_str()),
                (b.kind, b.cost, h.id.as_str())
            );
            assert_eq!(
                c.layout.neighbour(h.coord(), b.edge).unwrap().to_string(),
                b.neighbor
            );
            if matches!(b.kind, BorderKind::Water | BorderKind::Mountain) {
                costed += 1;
            }
        }
    }
    assert!(costed > 0);
}

#[test]
fn homes_market_phases_and_stops() {
    let c = components();
    assert_eq!(c.corporations.len(), 9);
    for corp in &c.corporations {
        let hex = c.hex(&corp.home.hex).unwrap();
        assert_eq!(
            hex.stops[usize::from(corp.home.city)].kind,
            StopKind::City,
            "{} home",
            corp.id
        );
        assert_eq!(corp.tokens, [0, 80, 80, 80]);
    }
    assert_eq!(c.market.len(), 35);
    assert_eq!((c.market[0], c.market[34]), (0, 730));
    assert_eq!(
        c.par_values,
        [40, 50, 60, 70, 80, 90, 100, 112, 124, 137, 150]
    );
    assert!(c.par_values.iter().all(|p| c.market.contains(p)));
    let limits: Vec<u8> = c.phases.iter().map(|p| p.train_limit).collect();
    assert_eq!(limits, [3, 3, 3, 2, 2]);
    let trains: Vec<(&str, u8)> = c.trains.iter().map(|t| (t.id.as_str(), t.count)).collect();
    assert_eq!(
        trains,
        [("2", 8), ("3/5", 5), ("4/7", 6), ("6/9", 3), ("7+3", 15)]
    );
    assert_eq!(
        c.privates.iter().map(|p| p.value).collect::<Vec<_>>(),
        [15, 40, 50, 60, 70, 80]
    );
}

#[test]
fn the_rules_document_has_every_section_violations_cite() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules/1833ne.md"))
        .unwrap();
    for id in railrules::games::ne1833::rules::section::ALL {
        let anchor = id.trim_start_matches("1833ne#");
        assert!(
            doc.contains(&format!("<a id=\"{anchor}\"></a>")),
            "docs/rules/1833ne.md lacks {anchor}"
        );
    }
}
