//! 1846's component data (src/games/g1846/components.json, docs/rules/1846.md#components)
//! checked against figures stated independently of the file: the GMT rulebook where an
//! 18xx.games issue thread quotes it (the issue is named beside each figure), otherwise the
//! source files as read and counted by hand (map.rb, entities.rb, game.rb at 111f7f6).

use std::collections::{BTreeMap, BTreeSet};

use railrules::games::g1846::data::{
    Ability, BorderKind, Colour, Components, End, StopKind, components,
};

fn c() -> &'static Components {
    components()
}

fn by_players<T: Copy>(table: &BTreeMap<String, T>, players: u8) -> T {
    table[&players.to_string()]
}

/// docs/rules/1846.md#sources: the file names the repository, the commit and each file read.
#[test]
fn sources_name_the_repository_commit_and_files() {
    let paths: BTreeSet<&str> = c().sources.iter().map(|s| s.path.as_str()).collect();
    for file in ["map.rb", "entities.rb", "game.rb", "meta.rb"] {
        assert!(paths.contains(format!("lib/engine/game/g_1846/{file}").as_str()));
    }
    assert!(paths.contains("lib/engine/config/tile.rb"));
    for source in &c().sources {
        assert_eq!(source.repository, "github.com/tobymao/18xx");
        assert_eq!(source.commit, "111f7f698005a057d68877682486da3f1705e551");
    }
}

/// docs/rules/1846.md#game: 3-5 players; banks and cash as game.rb has them (no issue quotes
/// the rulebook's figures).
#[test]
fn players_bank_and_starting_cash() {
    let game = &c().game;
    assert_eq!(game.players, [3, 4, 5]);
    let expected = [(3, 6500, 400), (4, 7500, 400), (5, 9000, 400)];
    for (players, bank, cash) in expected {
        assert_eq!(by_players(&game.bank, players), bank, "{players} players");
        assert_eq!(
            by_players(&game.starting_cash, players),
            cash,
            "{players} players"
        );
    }
    // Two tile lays, one of which may be an upgrade; every lay costs at least $20 (issue 572).
    assert_eq!(game.tile_lays_per_turn, 2);
    assert_eq!(game.max_upgrades_per_turn, 1);
    assert_eq!(game.minimum_tile_lay_cost, 20);
}

/// docs/rules/1846.md#map: 76 hexes counted on map.rb (13 red, 7 gray, 4 yellow, 1 blue,
/// 51 white), each id once, each a hex of the pointy grid (row index + column odd).
#[test]
fn hexes_are_unique_and_counted_by_colour() {
    let ids: BTreeSet<&str> = c().hexes.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids.len(), c().hexes.len(), "a hex id repeats");
    assert_eq!(c().hexes.len(), 76);
    let count = |colour| c().hexes.iter().filter(|h| h.color == colour).count();
    assert_eq!(count(Colour::Red), 13);
    assert_eq!(count(Colour::Gray), 7);
    assert_eq!(count(Colour::Yellow), 4);
    assert_eq!(count(Colour::Blue), 1);
    assert_eq!(count(Colour::White), 51);
    for hex in &c().hexes {
        let coord = hex.coord();
        assert_eq!(
            (coord.letter + coord.number) % 2,
            1,
            "{} is off the grid",
            hex.id
        );
        assert!(c().layout.is_hex_position(coord), "{}", hex.id);
    }
}

/// docs/rules/1846.md#map: the 31 named locations of map.rb; the named cities as printed.
#[test]
fn named_locations() {
    let named = c().hexes.iter().filter(|h| h.name.is_some()).count();
    assert_eq!(named, 31);
    let name = |id| c().hex(id).and_then(|h| h.name.as_deref());
    assert_eq!(name("D6"), Some("Chicago"));
    assert_eq!(name("C15"), Some("Detroit"));
    assert_eq!(name("H12"), Some("Cincinnati"));
    assert_eq!(name("I1"), Some("St. Louis"));
    // Chicago: four one-spot cities, each of $10 on its yellow printing.
    let chicago = c().hex("D6").unwrap();
    assert_eq!(chicago.stops.len(), 4);
    assert!(chicago.stops.iter().all(|s| s.revenue == Some(10)));
}

/// docs/rules/1846.md#map: a border is recorded on both of its sides with the same kind and
/// cost, and its neighbour is the hex across the edge.
#[test]
fn borders_match_from_both_sides() {
    let mut crossings = 0;
    for hex in &c().hexes {
        for border in &hex.borders {
            let across = c().neighbour_id(&hex.id, border.edge).unwrap();
            assert_eq!(across, border.neighbor, "{} edge {}", hex.id, border.edge);
            let Some(other) = c().hex(&across) else {
                continue;
            };
            let back = other
                .borders
                .iter()
                .find(|b| b.edge == (border.edge + 3) % 6)
                .unwrap_or_else(|| panic!("{} has no border back to {}", across, hex.id));
            assert_eq!((back.kind, back.cost), (border.kind, border.cost));
            crossings += 1;
        }
    }
    // 10 borders, each seen from both sides (map.rb): Port Huron-Sarnia, Detroit-Windsor,
    // Wheeling's three, Pittsburgh's wall and Buffalo's, Homewood's mountain, Cincinnati's
    // bridge, and the river between J4 and J6.
    assert_eq!(crossings, 2 * 10);
    let walls = c()
        .hexes
        .iter()
        .flat_map(|h| &h.borders)
        .filter(|b| b.kind == BorderKind::Impassable)
        .count();
    assert_eq!(walls, 4, "Buffalo's and Pittsburgh's halves, both sides");
}

/// docs/rules/1846.md#tiles: the manifest's copies per colour, counted on map.rb's TILES:
/// yellow 14 (plus 7, 8 and 9 unlimited), green 44, brown 23, gray 4: 85 in all.
#[test]
fn tile_manifest_adds_up() {
    let copies = |colour| -> u32 {
        c().tiles
            .iter()
            .filter(|t| t.color == colour)
            .map(|t| u32::from(t.count.unwrap_or(0)))
            .sum()
    };
    assert_eq!(copies(Colour::Yellow), 14);
    assert_eq!(copies(Colour::Green), 44);
    assert_eq!(copies(Colour::Brown), 23);
    assert_eq!(copies(Colour::Gray), 4);
    let unlimited: Vec<&str> = c()
        .tiles
        .iter()
        .filter(|t| t.count.is_none())
        .map(|t| t.id.as_str())
        .collect();
    assert_eq!(unlimited, ["7", "8", "9"]);
    for tile in &c().tiles {
        assert_eq!(tile.unlimited, tile.count.is_none(), "tile {}", tile.id);
    }
    assert_eq!(c().tiles.len(), 48, "48 designs");
    let ids: BTreeSet<&str> = c().tiles.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids.len(), c().tiles.len(), "a tile id repeats");
}

/// docs/rules/1846.md#tiles: every path ends at an edge 0-5 or a stop of its own tile or hex.
#[test]
fn paths_end_at_edges_or_stops() {
    let check = |what: &str, stops: usize, paths: &[[End; 2]]| {
        for end in paths.iter().flatten() {
            match *end {
                End::Edge(edge) => assert!(edge < 6, "{what}: edge {edge}"),
                End::Stop { stop } => assert!(usize::from(stop) < stops, "{what}: stop {stop}"),
            }
        }
    };
    for tile in &c().tiles {
        check(&tile.id, tile.stops.len(), &tile.paths);
    }
    for hex in &c().hexes {
        check(&hex.id, hex.stops.len(), &hex.paths);
    }
    // The Chicago upgrades link every one of the four cities to edge 2, Chicago Connections.
    for id in ["298", "299", "300"] {
        let tile = c().tile(id).unwrap();
        for stop in 0..4 {
            assert!(
                tile.paths
                    .iter()
                    .any(|p| p.contains(&End::Stop { stop }) && p.contains(&End::Edge(2))),
                "{id} city {stop}"
            );
        }
    }
}

/// docs/rules/1846.md#privates: every tile an ability names is in the manifest, and every
/// hex it names is on the map.
#[test]
fn abilities_name_real_tiles_and_hexes() {
    let abilities = c()
        .privates
        .iter()
        .flat_map(|p| &p.abilities)
        .chain(c().corporations.iter().flat_map(|c| &c.abilities));
    let mut tiles_named = 0;
    for ability in abilities {
        let (hexes, tiles): (Vec<&String>, Vec<&String>) = match ability {
            Ability::ExtraTileLay { hexes, tiles, .. }
            | Ability::FreeTileLays { hexes, tiles, .. } => {
                (hexes.iter().collect(), tiles.iter().collect())
            }
            Ability::AssignedBonus { hexes, .. } | Ability::BlocksHexes { hexes, .. } => {
                (hexes.iter().collect(), vec![])
            }
            Ability::Token { hex, .. } | Ability::Reservation { hex, .. } => (vec![hex], vec![]),
            _ => (vec![], vec![]),
        };
        for hex in hexes {
            assert!(c().hex(hex).is_some(), "hex {hex}");
        }
        for tile in tiles {
            assert!(c().tile(tile).is_some(), "tile {tile}");
            tiles_named += 1;
        }
    }
    // LSL 6, MC 3, O&I 3, LM 12, IC 3.
    assert_eq!(tiles_named, 27);
}

/// docs/rules/1846.md#market: one row from $0 (closing) to $550, 31 spaces, strictly rising;
/// the 11 par spaces $40 to $150 (game.rb's market, read by hand).
#[test]
fn market_and_par_values() {
    let market = &c().market;
    assert!(
        market.windows(2).all(|w| w[0] < w[1]),
        "not strictly rising"
    );
    assert_eq!((market[0], *market.last().unwrap()), (0, 550));
    assert_eq!(market.len(), 31);
    assert_eq!(c().market_close_prices, [0]);
    assert_eq!(c().par_values.len(), 11);
    assert_eq!(
        (c().par_values[0], *c().par_values.last().unwrap()),
        (40, 150)
    );
    for par in &c().par_values {
        assert!(market.contains(par), "par {par} is not a market value");
    }
}

/// docs/rules/1846.md#certificates: GMT rule 5.41's chart as quoted in issue 803, by players
/// and corporations available or in play.
#[test]
fn certificate_limits() {
    let chart: [(u8, usize, u32); 9] = [
        (3, 5, 14),
        (3, 4, 11),
        (4, 6, 12),
        (4, 5, 10),
        (4, 4, 8),
        (5, 7, 11),
        (5, 6, 10),
        (5, 5, 8),
        (5, 4, 6),
    ];
    for (players, corporations, limit) in chart {
        assert_eq!(
            c().cert_limit(players, corporations),
            Some(limit),
            "{players} players, {corporations} corporations"
        );
    }
    // "4 or fewer".
    assert_eq!(c().cert_limit(3, 2), Some(11));
    assert_eq!(c().cert_limit(5, 1), Some(6));
}

/// docs/rules/1846.md#trains: issue 726 quotes the roster for sale: 3p 5/4/3, 4p 6/5/4,
/// 5p 7/6/5 of 2/4/5-trains and unlimited 6-trains; the minors' two 2-trains come on top.
#[test]
fn train_roster_by_player_count() {
    let card = |id: &str| c().trains.iter().find(|t| t.id == id).unwrap();
    let for_sale = [(3, [5, 4, 3]), (4, [6, 5, 4]), (5, [7, 6, 5])];
    let minors_trains = c().minors.iter().filter(|m| m.train == "2").count() as u8;
    assert_eq!(minors_trains, 2);
    for (players, [twos, fours, fives]) in for_sale {
        let made = |id| by_players(card(id).count_by_players.as_ref().unwrap(), players);
        assert_eq!(made("2"), twos + minors_trains, "{players} players");
        assert_eq!(made("4"), fours, "{players} players");
        assert_eq!(made("5"), fives, "{players} players");
    }
    assert_eq!(card("6").count_by_players, None, "unlimited");
    assert_eq!(c().trains.len(), 4);
}

/// docs/rules/1846.md#trains: sides and prices; 2s obsolete at the first 5, rust at the first
/// 6; 4s obsolete at the first 6; 5s and 6s permanent.
#[test]
fn train_sides_and_lifetimes() {
    let sides: Vec<(&str, u32, u8, u8)> = c()
        .trains
        .iter()
        .flat_map(|t| &t.sides)
        .map(|s| {
            (
                s.name.as_str(),
                s.price,
                s.distance[0].pay,
                s.distance[0].visit,
            )
        })
        .collect();
    assert_eq!(
        sides,
        [
            ("2", 80, 2, 2),
            ("4", 180, 4, 4),
            ("3/5", 160, 3, 5),
            ("5", 500, 5, 5),
            ("4/6", 450, 4, 6),
            ("6", 800, 6, 6),
            ("7/8", 900, 7, 8),
        ]
    );
    let life: Vec<(Option<&str>, Option<&str>)> = c()
        .trains
        .iter()
        .map(|t| (t.obsolete_on.as_deref(), t.rusts_on.as_deref()))
        .collect();
    assert_eq!(
        life,
        [
            (Some("5"), Some("6")),
            (Some("6"), None),
            (None, None),
            (None, None)
        ]
    );
    // N/M sides count cities and off-boards only.
    for side in c().trains.iter().flat_map(|t| &t.sides) {
        if side.name.contains('/') {
            assert!(!side.distance[0].nodes.contains(&StopKind::Town));
        }
    }
}

/// docs/rules/1846.md#phases: I to IV, started by the first 4, 5 and 6; train limits 4/4/3/2;
/// off-boards pay their brown value from phase III.
#[test]
fn phases() {
    let phases: Vec<(&str, Option<&str>, u8, Colour)> = c()
        .phases
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.on.as_deref(),
                p.train_limit,
                p.offboard_colour,
            )
        })
        .collect();
    assert_eq!(
        phases,
        [
            ("I", None, 4, Colour::Yellow),
            ("II", Some("4"), 4, Colour::Yellow),
            ("III", Some("5"), 3, Colour::Brown),
            ("IV", Some("6"), 2, Colour::Brown),
        ]
    );
    let newest: Vec<Colour> = c()
        .phases
        .iter()
        .map(|p| *p.tiles.last().unwrap())
        .collect();
    assert_eq!(
        newest,
        [Colour::Yellow, Colour::Green, Colour::Brown, Colour::Gray]
    );
    for phase in &c().phases {
        if let Some(card) = &phase.on {
            assert!(c().trains.iter().any(|t| &t.id == card), "{card}");
        }
    }
}

/// docs/rules/1846.md#corporations: seven corporations, each home a city hex of the map that
/// records it; tokens (entities.rb) PRR 5, GT 3, the others 4.
#[test]
fn corporations_and_minors_have_city_homes() {
    assert_eq!(c().corporations.len(), 7);
    let homes = c()
        .corporations
        .iter()
        .map(|c| (&c.id, &c.home))
        .chain(c().minors.iter().map(|m| (&m.id, &m.home)));
    for (id, home) in homes {
        let hex = c()
            .hex(&home.hex)
            .unwrap_or_else(|| panic!("{id}: {}", home.hex));
        assert!(hex.is_city(), "{id}: {} is not a city", home.hex);
        assert!(
            hex.homes
                .iter()
                .any(|h| &h.corporation == id && h.city == home.city),
            "{id}: the hex does not record the home"
        );
    }
    let tokens: Vec<(&str, usize)> = c()
        .corporations
        .iter()
        .map(|c| (c.id.as_str(), c.tokens.len()))
        .collect();
    assert_eq!(
        tokens,
        [
            ("PRR", 5),
            ("NYC", 4),
            ("B&O", 4),
            ("C&O", 4),
            ("ERIE", 4),
            ("GT", 3),
            ("IC", 4)
        ]
    );
    for corporation in &c().corporations {
        assert_eq!(
            corporation
                .shares
                .iter()
                .map(|&s| u32::from(s))
                .sum::<u32>(),
            100
        );
        assert_eq!(
            corporation.float_percent, 20,
            "floats on the president's share"
        );
    }
}

/// docs/rules/1846.md#minors: Michigan Southern $140 with $60, Big 4 $100 with $40 (entities.rb:
/// face value less its negative discount).
#[test]
fn minors() {
    let minors: Vec<(&str, u32, u32, &str)> = c()
        .minors
        .iter()
        .map(|m| (m.id.as_str(), m.price, m.cash, m.home.hex.as_str()))
        .collect();
    assert_eq!(minors, [("MS", 140, 60, "C15"), ("BIG4", 100, 40, "G9")]);
}

/// docs/rules/1846.md#privates: ten privates in the standard set, eight in the 1st edition's
/// (without Boomtown and Little Miami, meta.rb).
#[test]
fn private_sets() {
    let values: Vec<(&str, u32, u32)> = c()
        .privates
        .iter()
        .map(|p| (p.id.as_str(), p.value, p.revenue))
        .collect();
    assert_eq!(
        values,
        [
            ("C&WI", 60, 10),
            ("MAIL", 80, 0),
            ("TBC", 60, 20),
            ("MPC", 60, 15),
            ("SC", 40, 10),
            ("LSL", 40, 15),
            ("MC", 40, 15),
            ("O&I", 40, 15),
            ("BT", 40, 10),
            ("LM", 40, 15),
        ]
    );
    let first = &c().first_edition;
    assert_eq!(first.option, "first_ed");
    let standard: BTreeSet<&str> = c().privates.iter().map(|p| p.id.as_str()).collect();
    let first_set: BTreeSet<&str> = first.privates.iter().map(String::as_str).collect();
    assert_eq!(first_set.len(), 8);
    assert!(first_set.is_subset(&standard));
    let missing: Vec<&&str> = standard.difference(&first_set).collect();
    assert_eq!(missing, [&"BT", &"LM"]);
}

/// docs/rules/1846.md#removals: privates removed from each of the blue and orange groups:
/// 1st edition 2/1/0 for 3/4/5 players (issue 5883), 2nd edition one more (issue 8070: two
/// privates in all at 5 players); corporations from the green group (C&O, Erie, PRR) 2/1/0
/// (18xx-maker issue 75).
#[test]
fn removals_by_player_count() {
    let second = &c().removals;
    let first = &c().first_edition;
    for (players, removed_first_ed, corporations_removed) in [(3, 2, 2), (4, 1, 1), (5, 0, 0)] {
        for group in ["blue", "orange"] {
            let n =
                |table: &BTreeMap<String, BTreeMap<String, u8>>| by_players(&table[group], players);
            assert_eq!(
                n(&first.count_by_players),
                removed_first_ed,
                "{group}, {players}p"
            );
            assert_eq!(
                n(&second.count_by_players),
                removed_first_ed + 1,
                "{group}, {players}p"
            );
        }
        for table in [&second.count_by_players, &first.count_by_players] {
            assert_eq!(by_players(&table["green"], players), corporations_removed);
        }
        // With the corporations left, the chart's limit is its top row (issue 803): 14/12/11.
        let left = c().corporations.len() - usize::from(corporations_removed);
        let top = [(3, 14), (4, 12), (5, 11)]
            .iter()
            .find(|p| p.0 == players)
            .unwrap()
            .1;
        assert_eq!(c().cert_limit(players, left), Some(top));
    }
    let green: Vec<&str> = second.groups["green"].iter().map(String::as_str).collect();
    assert_eq!(green, ["C&O", "ERIE", "PRR"]);
    // Each group member is a private (or corporation) of that group.
    for (group, members) in &second.groups {
        for id in members {
            let in_group = c()
                .private(id)
                .map(|p| p.group.as_deref())
                .or_else(|| c().corporation(id).map(|c| c.group.as_deref()));
            assert_eq!(in_group, Some(Some(group.as_str())), "{id}");
        }
    }
}

/// docs/rules/1846.md#bonuses: East-West bonus (rule 6.65, issue 739): Chicago Connections
/// +$50 and St. Louis +$20 in the west (issue 1294: Sarnia's 20 with Chicago Connections'
/// 50 make 70); every E off-board of the map has a bonus.
#[test]
fn east_west_and_private_bonuses() {
    let ew = &c().bonuses.east_west;
    assert_eq!(ew.west["C5"], 50);
    assert_eq!(ew.west["I1"], 20);
    assert_eq!(ew.east["B18"] + ew.west["C5"], 70);
    let east_hexes: BTreeSet<&str> = c()
        .hexes
        .iter()
        .filter(|h| h.stops.iter().any(|s| s.groups.iter().any(|g| g == "E")))
        .map(|h| h.id.as_str())
        .collect();
    let listed: BTreeSet<&str> = ew.east.keys().map(String::as_str).collect();
    assert_eq!(east_hexes, listed);
    assert_eq!(listed.len(), 9);
    for (hex, _) in ew.west.iter() {
        assert_eq!(c().hex(hex).unwrap().label.as_deref(), Some("W"));
    }
    let b = &c().bonuses;
    assert_eq!(
        (
            b.mail_contract_per_stop,
            b.meat_packing,
            b.steamboat_per_port,
            b.boomtown
        ),
        (10, 30, 20, 20)
    );
    // Wheeling and Holland pay the Steamboat twice ($40), the others once ($20).
    for (hex, ports) in &b.ports {
        let icons = c()
            .hex(hex)
            .unwrap()
            .icons
            .iter()
            .filter(|i| *i == "port")
            .count();
        assert_eq!(icons as u32, *ports, "{hex}");
    }
    assert_eq!(b.ports["G19"] * b.steamboat_per_port, 40);
    assert_eq!(b.ports["B8"] * b.steamboat_per_port, 40);
}

/// docs/rules/1846.md#map: off-boards pay a yellow and a brown value; Chicago Connections
/// 20/40 and St. Louis 50/70 (issue 1294 counts Chicago Connections at $40 late in the game).
#[test]
fn offboard_values() {
    for hex in c()
        .hexes
        .iter()
        .filter(|h| h.color == Colour::Red && !h.stops.is_empty())
    {
        assert!(hex.offboard.is_some(), "{}", hex.id);
        assert_eq!(hex.stops[0].kind, StopKind::Offboard);
    }
    let value = |id| {
        c().hex(id)
            .and_then(|h| h.offboard)
            .map(|o| (o.value(0), o.value(1)))
    };
    assert_eq!(value("C5"), Some((20, 40)));
    assert_eq!(value("I1"), Some((50, 70)));
}
