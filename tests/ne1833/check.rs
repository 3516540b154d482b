//! `check`: states the rules cannot reach are refused, each problem named once by its code and
//! the JSON pointer of what is wrong. Each test tampers with a state reached through the rules
//! and expects exactly the problems the tampering makes.

use crate::game_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::{Action, DividendKind};
use railrules::games::ne1833::board::{LaidTile, Station};
use railrules::games::ne1833::data::components;
use railrules::games::ne1833::ids::{Company, Private, Seat};
use railrules::games::ne1833::market::close;
use railrules::games::ne1833::operating_round::private_price_range;
use railrules::games::ne1833::state::{
    Bid, Contest, FreeTile, OwnedFerry, PrivateOwner, Round, Sold, Train,
};
use railrules::games::ne1833::stock_round::certificate_limit;
use railrules::games::ne1833::trains::start_phase;

use crate::game_fixtures::State;
use Seat::P5;

/// Every problem `check` finds, as (code, pointer).
fn problems(s: &State) -> Vec<(String, String)> {
    Ne1833::check(s)
        .into_iter()
        .map(|v| {
            let pointer = v
                .pointer
                .unwrap_or_else(|| panic!("{} has no pointer", v.code));
            (v.code, pointer)
        })
        .collect()
}

fn expect(s: &State, expected: &[(&str, &str)]) {
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect();
    assert_eq!(problems(s), expected, "{:?}", Ne1833::check(s));
}

fn consistent(s: &State) {
    expect(s, &[]);
}

const CV: usize = 0;
const RR: usize = 5;
const HR: usize = 6;
const BW: usize = 8;

/// 3 players; each buys two privates at face value (P1: P1 and P4, P2: P2 and P5, P3: P3 and
/// P6); P1 starts the B&W at $100, P2 the Hartford at $50, P3 the Central Vermont at $70;
/// everyone passes: operating round 1.1 begins, the Hartford first. Phase I, no tile laid.
fn opening() -> State {
    crate::or_fixtures::operating()
}

/// The Hartford (operating) buys a private from its president P2 at the lowest price.
fn hartford_buys(s: &mut State, private: Private) {
    let (price, _) = private_price_range(s, Company::Hr, private);
    play(
        s,
        Action::BuyCompany {
            player: P2,
            company: private,
            price,
            accepted_by: None,
        },
    );
}

/// The opening, where the Hartford has bought the Luxury Ferry (P5) and the Central Vermont
/// holds a 2 and a 3/5; every card before `card` bought out (the copies no company holds out of
/// the game), the phases up to it started; then the Hartford runs nothing, withholds and buys
/// the first `card` from the depot, which starts its phase by the rules.
fn bought_into_phase(card: &str) -> State {
    let c = components();
    let mut s = opening();
    hartford_buys(&mut s, Private::P5);
    let index = c.trains.iter().position(|t| t.id == card).unwrap();
    for k in 0..index {
        s.depot[k] = 0;
        let id = &c.trains[k].id;
        s.removed_trains
            .extend((0..c.trains[k].count).map(|n| format!("{id}-{n}").into()));
    }
    for phase in 1..index {
        start_phase(&mut s, phase);
    }
    for (id, phased_out) in [("2-0", index > 2), ("3/5-0", index > 3)] {
        s.removed_trains.retain(|t| t != id);
        let card = id.split_once('-').unwrap().0;
        s.company_mut(Company::Cv).trains.push(Train {
            id: id.into(),
            card: card.into(),
            side: card.into(),
            phased_out,
        });
    }
    s.company_mut(Company::Hr).cash += 1000;
    s.bank -= 1000;
    consistent(&s);
    play(
        &mut s,
        Action::RunRoutes {
            player: P2,
            routes: vec![],
        },
    );
    play(
        &mut s,
        Action::Dividend {
            player: P2,
            kind: DividendKind::Withhold,
        },
    );
    let side = c.trains[index].sides[0].name.clone();
    play(
        &mut s,
        Action::BuyTrain {
            player: P2,
            train: card.into(),
            variant: side,
            from: None,
            price: None,
            accepted_by: None,
        },
    );
    s
}

/// The opening in phase II: the 2s bought, a 3/5 too, all out of the game.
fn phase_two() -> State {
    let mut s = opening();
    s.depot[0] = 0;
    s.depot[1] -= 1;
    s.removed_trains = (0..8).map(|n| format!("2-{n}").into()).collect();
    s.removed_trains.push("3/5-0".into());
    s.phase = 1;
    consistent(&s);
    s
}

fn train(id: &str, phased_out: bool) -> Train {
    let card = id.rsplit_once('-').unwrap().0;
    Train {
        id: id.into(),
        card: card.into(),
        side: card.into(),
        phased_out,
    }
}

fn station(company: &str, hex: &str, city: u8) -> Station {
    Station {
        company: company.into(),
        hex: hex.into(),
        city,
    }
}

fn laid(tile: &str, rotation: u8) -> LaidTile {
    LaidTile {
        tile: tile.into(),
        rotation,
    }
}

/// Moves `percent` of a company's shares from its treasury to its market.
fn treasury_to_market(s: &mut State, company: Company, percent: u8) {
    let e = s.company_mut(company);
    e.treasury_shares -= percent;
    e.market_shares += percent;
}

// ---- Reachable states ----

#[test]
fn states_reached_by_the_rules_are_consistent() {
    consistent(&new_game(3));
    consistent(&opening());
    let three = bought_into_phase("4/7");
    assert_eq!(three.phase, 2);
    assert!(three.private(Private::P5).flipped);
    consistent(&three);
    let four = bought_into_phase("6/9");
    assert_eq!(four.phase, 3);
    // Phase IV removed the Central Vermont's 2 and phased out its 3/5.
    assert_eq!(four.company(Company::Cv).trains, [train("3/5-0", true)]);
    consistent(&four);
}

// ---- The shape ----

#[test]
fn the_players_must_be_three_to_five_seats_from_p1() {
    let mut s = opening();
    s.players.pop();
    expect(&s, &[("bad_players", "/players")]);
}

#[test]
fn the_companies_and_privates_must_be_listed_in_order() {
    let mut s = opening();
    s.companies.swap(0, 1);
    s.privates.swap(0, 1);
    expect(
        &s,
        &[
            ("bad_components", "/companies"),
            ("bad_components", "/privates"),
        ],
    );
}

#[test]
fn provisional_values_must_name_hexes_of_the_map() {
    let mut s = opening();
    s.provisional.ferries[1].port = "Z99".into();
    s.provisional.bonuses[0].values[2] = 100_000_000;
    expect(
        &s,
        &[
            ("inconsistent_components", "/provisional/ferries/1"),
            ("inconsistent_components", "/provisional/bonuses/0/values"),
        ],
    );
}

// ---- Money ----

#[test]
fn money_made_is_refused() {
    let mut s = opening();
    s.players[0].cash += 1;
    expect(&s, &[("money_not_conserved", "")]);
}

#[test]
fn a_bank_below_zero_must_be_broken() {
    let mut s = opening();
    let moved = s.bank + 10;
    s.players[0].cash += u32::try_from(moved).unwrap();
    s.bank = -10;
    expect(&s, &[("money_not_conserved", "/bank_broken")]);
    s.bank_broken = true;
    consistent(&s);
}

#[test]
fn amounts_out_of_range_are_refused() {
    let mut s = opening();
    s.company_mut(Company::Bw).cash += 100_000_000;
    s.bank -= 100_000_000;
    s.bank_broken = true;
    expect(&s, &[("money_out_of_range", "/companies/8/cash")]);
}

#[test]
fn a_bankrupt_player_holds_nothing() {
    // P3: cash, 20% of the Central Vermont, P3 and P6 open.
    let mut s = opening();
    s.players[2].bankrupt = true;
    expect(
        &s,
        &[
            ("bankrupt_player_holds", "/players/2/cash"),
            ("bankrupt_player_holds", "/companies/0/holdings/seat-3"),
            ("bankrupt_player_holds", "/privates/2/closed"),
            ("bankrupt_player_holds", "/privates/5/closed"),
        ],
    );
}

// ---- Shares and presidents ----

#[test]
fn shares_held_by_a_seat_not_in_the_game_are_refused() {
    let mut s = opening();
    s.company_mut(Company::Bw).holdings.insert(P4, 10);
    s.company_mut(Company::Bw).treasury_shares -= 10;
    expect(&s, &[("unknown_seat", "/companies/8/holdings/seat-4")]);
}

#[test]
fn shares_add_up_to_100_percent_in_whole_shares() {
    let mut s = opening();
    s.company_mut(Company::Bw).treasury_shares += 10;
    expect(&s, &[("shares_not_100_percent", "/companies/8")]);
    let mut s = opening();
    treasury_to_market(&mut s, Company::Bw, 5);
    expect(
        &s,
        &[
            ("shares_not_whole", "/companies/8/treasury_shares"),
            ("shares_not_whole", "/companies/8/market_shares"),
        ],
    );
}

#[test]
fn an_unstarted_company_is_untouched() {
    let mut s = opening();
    let rr = s.company_mut(Company::Rr);
    rr.cash = 10;
    rr.operated = true;
    rr.president = Some(P1);
    rr.receivership = true;
    rr.trains.push(train("2-0", false));
    s.depot[0] -= 1;
    s.bank -= 10;
    expect(
        &s,
        &[
            ("unstarted_company_in_use", "/companies/5/cash"),
            ("unstarted_company_in_use", "/companies/5/operated"),
            ("unstarted_company_in_use", "/companies/5/president"),
            ("unstarted_company_in_use", "/companies/5/receivership"),
            ("unstarted_company_in_use", "/companies/5/trains"),
        ],
    );
    assert_eq!(RR, Company::Rr.index());
}

#[test]
fn the_price_is_an_open_space_of_the_market() {
    let mut s = opening();
    s.company_mut(Company::Bw).price = Some(200);
    expect(&s, &[("price_off_market", "/companies/8/price")]);
    // $0 is where a company closes.
    assert_eq!(components().market[0], 0);
    s.company_mut(Company::Bw).price = Some(0);
    expect(&s, &[("open_at_closing_price", "/companies/8/price")]);
}

#[test]
fn the_president_holds_the_certificate_and_the_most() {
    let mut s = opening();
    s.company_mut(Company::Bw).holdings.insert(P1, 10);
    s.company_mut(Company::Bw).market_shares += 10;
    expect(
        &s,
        &[("president_without_certificate", "/companies/8/president")],
    );
    let mut s = opening();
    s.company_mut(Company::Bw).holdings.insert(P2, 30);
    s.company_mut(Company::Bw).treasury_shares -= 30;
    expect(
        &s,
        &[(
            "president_not_largest_holder",
            "/companies/8/holdings/seat-2",
        )],
    );
}

/// The Hartford's president P2 loses their 20% to the market (as a bankrupt president's shares
/// go when no one can take over): it is in receivership.
fn hartford_in_receivership() -> State {
    let mut s = opening();
    let hr = s.company_mut(Company::Hr);
    hr.holdings.remove(&P2);
    hr.market_shares += 20;
    hr.president = None;
    hr.receivership = true;
    s
}

#[test]
fn a_company_without_a_president_is_in_receivership() {
    consistent(&hartford_in_receivership());
    let mut s = hartford_in_receivership();
    s.company_mut(Company::Hr).receivership = false;
    expect(
        &s,
        &[("company_without_president", "/companies/6/president")],
    );
    let mut s = opening();
    s.company_mut(Company::Hr).president = None;
    expect(
        &s,
        &[("company_without_president", "/companies/6/president")],
    );
}

#[test]
fn receivership_keeps_the_certificate_in_the_market_and_no_heir() {
    // The 20% in the treasury rather than the market: the certificate is not there.
    let mut s = hartford_in_receivership();
    let hr = s.company_mut(Company::Hr);
    hr.market_shares -= 20;
    hr.treasury_shares += 20;
    expect(
        &s,
        &[(
            "receivership_without_certificate",
            "/companies/6/market_shares",
        )],
    );
    // P1 holds 20%: P1 would be president.
    let mut s = hartford_in_receivership();
    let hr = s.company_mut(Company::Hr);
    hr.treasury_shares -= 20;
    hr.holdings.insert(P1, 20);
    expect(
        &s,
        &[("receivership_with_heir", "/companies/6/holdings/seat-1")],
    );
    // A president and a receivership at once.
    let mut s = opening();
    s.company_mut(Company::Hr).receivership = true;
    expect(
        &s,
        &[("receivership_with_president", "/companies/6/receivership")],
    );
    assert_eq!(HR, Company::Hr.index());
}

#[test]
fn the_market_and_players_hold_within_their_limits() {
    let mut s = opening();
    treasury_to_market(&mut s, Company::Bw, 60);
    expect(&s, &[("market_over_limit", "/companies/8/market_shares")]);
    let mut s = opening();
    s.company_mut(Company::Bw).holdings.insert(P1, 70);
    s.company_mut(Company::Bw).treasury_shares -= 50;
    expect(&s, &[("player_over_limit", "/companies/8/holdings/seat-1")]);
}

/// Makes `seat` the president of `company` with `percent`: the old president's shares go back
/// to the treasury, `seat`'s come from it.
fn make_president(s: &mut State, company: Company, seat: Seat, percent: u8) {
    let e = s.company_mut(company);
    let old = e.president.unwrap();
    let held = e.holdings.remove(&old).unwrap_or(0);
    let before = e.holdings.insert(seat, percent).unwrap_or(0);
    e.treasury_shares = e.treasury_shares + held + before - percent;
    e.president = Some(seat);
}

#[test]
fn a_player_holds_no_more_certificates_than_the_limit() {
    let mut s = new_game(5);
    for (private, seat) in [
        (Private::P1, P1),
        (Private::P2, P2),
        (Private::P3, P3),
        (Private::P4, P4),
        (Private::P5, P5),
        (Private::P6, P1),
    ] {
        play(
            &mut s,
            bid(seat, private, components().privates[private.index()].value),
        );
    }
    // P1 bought last: P2 opens the stock round.
    play(&mut s, par(P2, Company::Hr, 50));
    play(&mut s, par(P3, Company::Cv, 70));
    play(&mut s, pass(P4));
    play(&mut s, pass(P5));
    play(&mut s, par(P1, Company::Bw, 100));
    consistent(&s);
    // P1: 60% of each (five certificates apiece) and two privates, 17 certificates.
    for company in [Company::Bw, Company::Hr, Company::Cv] {
        make_president(&mut s, company, P1, 60);
    }
    let limit = certificate_limit(&s);
    assert_eq!((s.certificates(P1), limit), (17, 14));
    expect(&s, &[("certificate_limit", "/players/0")]);
}

// ---- Closed companies ----

/// The opening where the Central Vermont has closed (the rules' `close`).
fn cv_closed() -> State {
    let mut s = opening();
    close(&mut *s, Company::Cv, &mut Vec::new());
    consistent(&s);
    s
}

#[test]
fn a_closed_company_holds_nothing() {
    let mut s = cv_closed();
    let cv = s.company_mut(Company::Cv);
    cv.cash = 5;
    cv.treasury_shares = 100;
    cv.president = Some(P3);
    cv.receivership = true;
    cv.trains.push(train("2-0", false));
    s.depot[0] -= 1;
    s.bank -= 5;
    s.board.stations.push(station("CV", "C8", 0));
    s.ferries.push(OwnedFerry {
        ferry: "boston".into(),
        company: Company::Cv,
    });
    let stations = s.board.stations.len() - 1;
    expect(
        &s,
        &[
            ("closed_company_in_use", "/companies/0/treasury_shares"),
            ("closed_company_in_use", "/companies/0/cash"),
            ("closed_company_in_use", "/companies/0/president"),
            ("closed_company_in_use", "/companies/0/receivership"),
            ("closed_company_in_use", "/companies/0/trains"),
            (
                "closed_company_in_use",
                &format!("/board/stations/{stations}"),
            ),
            ("closed_company_in_use", "/ferries/0"),
        ],
    );
    assert_eq!(CV, Company::Cv.index());
}

// ---- Privates ----

#[test]
fn privates_have_owners_in_the_game() {
    let mut s = opening();
    s.privates[0].owner = PrivateOwner::Player { seat: P4 };
    expect(&s, &[("unknown_seat", "/privates/0/owner")]);
    let mut s = opening();
    s.privates[0].owner = PrivateOwner::Company {
        company: Company::Rr,
    };
    expect(&s, &[("private_owner_not_started", "/privates/0/owner")]);
}

/// Closes `company`, the operator now, and ends its turn as a closing in one's own turn does:
/// the round goes on to the next operator (a closed one operates no more).
fn close_operator(s: &mut State, company: Company) {
    close(&mut **s, company, &mut Vec::new());
    railrules::games::kit18xx::operating_round::start_turn_or_finish(&mut **s);
}

#[test]
fn a_closed_companys_privates_are_closed() {
    let mut s = opening();
    hartford_buys(&mut s, Private::P5);
    close_operator(&mut s, Company::Hr);
    consistent(&s);
    s.privates[4].closed = false;
    expect(&s, &[("private_of_closed_company", "/privates/4/closed")]);
}

#[test]
fn no_private_is_flipped_before_phase_three() {
    let mut s = opening();
    s.privates[3].flipped = true;
    expect(&s, &[("private_flipped_wrongly", "/privates/3/flipped")]);
}

#[test]
fn the_free_tile_of_p2_is_its_buyers() {
    let mut s = opening();
    hartford_buys(&mut s, Private::P2);
    assert!(s.lowell_free_tile.is_some());
    consistent(&s);
    let mut other = s.clone();
    other.lowell_free_tile = Some(FreeTile {
        company: Company::Cv,
        ..s.lowell_free_tile.unwrap()
    });
    expect(
        &other,
        &[("lowell_free_tile_without_p2", "/lowell_free_tile")],
    );
    let free = s.lowell_free_tile;
    close_operator(&mut s, Company::Hr);
    s.lowell_free_tile = free;
    expect(&s, &[("closed_company_in_use", "/lowell_free_tile")]);
}

#[test]
fn p3_lays_once_per_hex_and_its_tiles_stay() {
    let mut s = opening();
    s.champlain_lays = vec!["C4".into(), "C4".into()];
    expect(
        &s,
        &[
            ("bad_champlain_lay", "/champlain_lays/0"),
            ("bad_champlain_lay", "/champlain_lays/1"),
        ],
    );
}

// ---- Tiles ----

#[test]
fn a_tile_is_of_the_manifest_on_a_hex_of_the_map() {
    for (hex, tile, rotation, code, pointer) in [
        ("Z99", "5", 0, "unknown_hex", "/board/tiles/Z99"),
        ("a/b~", "5", 0, "unknown_hex", "/board/tiles/a~1b~0"),
        ("C26", "999", 0, "unknown_tile", "/board/tiles/C26/tile"),
        ("C26", "5", 6, "bad_rotation", "/board/tiles/C26/rotation"),
    ] {
        let mut s = opening();
        s.board
            .tiles
            .insert(&components().map, hex, laid(tile, rotation));
        expect(&s, &[(code, pointer)]);
    }
}

#[test]
fn a_tile_is_reached_from_the_hexs_printed_face() {
    for (hex, tile, rotation, code, pointer) in [
        // F3 is gray, A6 red, C28 blue: their track is printed.
        ("F3", "7", 0, "fixed_hex", "/board/tiles/F3"),
        ("A6", "7", 4, "fixed_hex", "/board/tiles/A6"),
        ("C28", "7", 0, "fixed_hex", "/board/tiles/C28"),
        // E20 is printed yellow: its upgrades are green, then brown.
        (
            "E20",
            "57",
            2,
            "tile_colour_unreachable",
            "/board/tiles/E20/tile",
        ),
        // Shelburne's label Sh on the 5; a town tile on a city hex.
        ("F5", "5", 0, "tile_does_not_fit", "/board/tiles/F5"),
        ("C26", "3", 0, "tile_does_not_fit", "/board/tiles/C26"),
        // Boston's printed track dropped: its green B turned a step from where it fits.
        ("G22", "N23", 1, "tile_does_not_fit", "/board/tiles/G22"),
    ] {
        let mut s = if tile == "N23" {
            phase_two()
        } else {
            opening()
        };
        s.board
            .tiles
            .insert(&components().map, hex, laid(tile, rotation));
        expect(&s, &[(code, pointer)]);
    }
    // Turned to keep Boston's track, the green B fits.
    let mut s = phase_two();
    s.board
        .tiles
        .insert(&components().map, "G22", laid("N23", 0));
    consistent(&s);
}

#[test]
fn a_tiles_track_leads_onto_the_map_across_passable_edges() {
    for (hex, tile, rotation, code) in [
        ("B27", "3", 0, "track_off_map"),
        ("C10", "9", 1, "impassable_edge"),
        ("B19", "9", 1, "track_into_dead_end"),
    ] {
        let mut s = opening();
        s.board
            .tiles
            .insert(&components().map, hex, laid(tile, rotation));
        expect(&s, &[(code, &format!("/board/tiles/{hex}"))]);
    }
}

#[test]
fn a_tile_is_of_a_colour_of_the_phase() {
    let mut s = opening();
    s.board
        .tiles
        .insert(&components().map, "C26", laid("14", 0));
    expect(&s, &[("tile_colour_not_in_phase", "/board/tiles/C26/tile")]);
}

#[test]
fn no_tile_lies_on_a_hex_a_players_private_blocks() {
    // P1 (Granite) blocks H23 while a player owns it.
    let mut s = opening();
    s.board.tiles.insert(&components().map, "H23", laid("3", 0));
    expect(&s, &[("tile_on_blocked_hex", "/board/tiles/H23")]);
    s.privates[0].owner = PrivateOwner::Company {
        company: Company::Bw,
    };
    consistent(&s);
}

#[test]
fn no_more_copies_of_a_tile_than_the_manifest_has() {
    // Three 5s; the fourth (by hex order) is one too many.
    assert_eq!(components().tile("5").unwrap().count, Some(3));
    let mut s = opening();
    for hex in ["C26", "D21", "E26"] {
        s.board.tiles.insert(&components().map, hex, laid("5", 0));
    }
    consistent(&s);
    s.board.tiles.insert(&components().map, "F19", laid("5", 0));
    expect(&s, &[("tiles_over_stock", "/board/tiles/F19")]);
}

// ---- Stations ----

#[test]
fn a_station_is_a_started_companys_in_a_city() {
    // Stations 0-2 are the homes of the B&W, the Hartford and the Central Vermont.
    for (extra, code, pointer) in [
        (
            station("XX", "C26", 0),
            "unknown_company",
            "/board/stations/3/company",
        ),
        (
            station("BW", "Z99", 0),
            "unknown_hex",
            "/board/stations/3/hex",
        ),
        (
            station("BW", "C26", 1),
            "station_not_in_city",
            "/board/stations/3/city",
        ),
        (
            station("BW", "B27", 0),
            "station_not_in_city",
            "/board/stations/3/city",
        ),
        (
            station("RR", "C12", 0),
            "station_of_unstarted_company",
            "/board/stations/3",
        ),
    ] {
        let mut s = opening();
        assert_eq!(s.board.stations.len(), 3);
        s.board.stations.push(extra);
        expect(&s, &[(code, pointer)]);
    }
}

#[test]
fn a_city_holds_no_more_stations_than_its_slots() {
    // The Hartford in the Central Vermont's one-slot home.
    let mut s = opening();
    s.board.stations.push(station("HR", "C8", 0));
    expect(&s, &[("city_over_full", "/board/stations/3")]);
}

#[test]
fn a_company_has_two_stations_never_two_in_a_hex() {
    let mut s = opening();
    s.board.stations.push(station("BW", "C26", 0));
    consistent(&s);
    s.board.stations.push(station("BW", "D21", 0));
    expect(&s, &[("too_many_stations", "/board/stations/4")]);
    // Boston's other city (the unstarted B&L's home).
    let mut s = opening();
    s.board.stations.push(station("BW", "G22", 1));
    expect(&s, &[("two_stations_in_hex", "/board/stations/3")]);
}

#[test]
fn a_started_company_has_its_home() {
    let mut s = opening();
    s.board.stations.retain(|st| st.company != "HR");
    expect(&s, &[("home_station_missing", "/companies/6")]);
}

// ---- Trains ----

#[test]
fn a_train_is_a_side_of_its_card_with_its_id() {
    let base = bought_into_phase("6/9");
    let at = "/companies/6/trains/0";
    assert_eq!(base.company(Company::Hr).trains[0].id, "6/9-0");
    let mut s = base.clone();
    s.company_mut(Company::Hr).trains[0].card = "9".into();
    expect(&s, &[("unknown_train", &format!("{at}/card"))]);
    let mut s = base.clone();
    s.company_mut(Company::Hr).trains[0].side = "4/7".into();
    expect(&s, &[("bad_train_side", &format!("{at}/side"))]);
    // The 6/9 card has three copies: 6/9-0 to 6/9-2.
    for id in ["6/9-3", "6/9-00", "6/9", "4/7-0x"] {
        let mut s = base.clone();
        s.company_mut(Company::Hr).trains[0].id = id.into();
        expect(&s, &[("bad_train_id", &format!("{at}/id"))]);
    }
    let mut s = base.clone();
    s.removed_trains[0] = "2-8".into();
    expect(&s, &[("bad_train_id", "/removed_trains/0")]);
}

#[test]
fn a_train_is_in_one_place_listed_once() {
    let base = bought_into_phase("6/9");
    // The Hartford's 6/9 also with the B&W, and also out of the game.
    let mut s = base.clone();
    s.company_mut(Company::Bw)
        .trains
        .push(train("6/9-0", false));
    expect(&s, &[("train_in_two_places", "/companies/8/trains/0")]);
    s.removed_trains.push("6/9-0".into());
    s.removed_trains.push("6/9-0".into());
    expect(&s, &[("train_in_two_places", "/companies/8/trains/0")]);
    let mut s = base.clone();
    s.removed_trains.push("4/7-5".into());
    let last = s.removed_trains.len() - 1;
    expect(
        &s,
        &[("train_in_two_places", &format!("/removed_trains/{last}"))],
    );
    assert_eq!(BW, Company::Bw.index());
}

#[test]
fn no_train_is_made_or_lost() {
    let base = bought_into_phase("6/9");
    // A 6/9 made: the depot keeps the one the Hartford bought.
    let mut s = base.clone();
    s.depot[3] += 1;
    expect(&s, &[("trains_not_conserved", "/depot/3")]);
    // A 4/7 lost: no longer out of the game, not back in the depot.
    let mut s = base.clone();
    s.removed_trains.retain(|t| t != "4/7-5");
    expect(&s, &[("trains_not_conserved", "/depot/2")]);
    // The 7+3's depot stays at its count.
    let mut s = base.clone();
    s.depot[4] -= 1;
    expect(&s, &[("trains_not_conserved", "/depot/4")]);
    let mut s = base.clone();
    s.depot.pop();
    expect(&s, &[("bad_depot", "/depot")]);
}

#[test]
fn the_depot_sells_its_cards_in_order() {
    // A 4/7 back in the depot while a 6/9 is out of it.
    let mut s = bought_into_phase("6/9");
    s.removed_trains.retain(|t| t != "4/7-5");
    s.depot[2] += 1;
    expect(&s, &[("trains_bought_out_of_order", "/depot/2")]);
}

#[test]
fn the_phase_is_the_one_the_trains_bought_started() {
    let mut s = opening();
    s.phase = 1;
    expect(&s, &[("wrong_phase", "/phase")]);
    s.phase = 9;
    expect(&s, &[("wrong_phase", "/phase")]);
    // A 3/5 bought: phase II.
    let mut s = phase_two();
    s.phase = 0;
    expect(&s, &[("wrong_phase", "/phase")]);
}

#[test]
fn trains_are_phased_out_and_removed_by_their_phases() {
    let three = bought_into_phase("4/7");
    // Phase III phased out the Central Vermont's 2.
    assert_eq!(three.company(Company::Cv).trains[0].id, "2-0");
    let mut s = three.clone();
    s.company_mut(Company::Cv).trains[0].phased_out = false;
    expect(
        &s,
        &[("train_not_phased_out", "/companies/0/trains/0/phased_out")],
    );
    // Nothing phases out the 4/7 yet.
    let mut s = three.clone();
    s.company_mut(Company::Hr).trains[0].phased_out = true;
    expect(
        &s,
        &[("train_phased_out_early", "/companies/6/trains/0/phased_out")],
    );
    // Phase IV removed the 2s.
    let mut s = bought_into_phase("6/9");
    s.removed_trains.retain(|t| t != "2-3");
    s.company_mut(Company::Cv).trains.push(train("2-3", true));
    expect(&s, &[("obsolete_train_held", "/companies/0/trains/1")]);
}

#[test]
fn privates_are_closed_and_flipped_by_their_phases() {
    let s = bought_into_phase("4/7");
    // Phase III closed the players' privates and flipped the Hartford's P5.
    assert!(s.private(Private::P1).closed && s.private(Private::P5).flipped);
    let mut open = s.clone();
    open.privates[0].closed = false;
    expect(
        &open,
        &[("private_not_closed_by_phase", "/privates/0/closed")],
    );
    let mut unflipped = s.clone();
    unflipped.privates[4].flipped = false;
    expect(
        &unflipped,
        &[("private_not_flipped_by_phase", "/privates/4/flipped")],
    );
}

#[test]
fn a_company_keeps_to_the_train_limit() {
    // Four 2s in phase I, where the limit is 3.
    let mut s = opening();
    s.depot[0] -= 4;
    for n in 0..4 {
        s.company_mut(Company::Hr)
            .trains
            .push(train(&format!("2-{n}"), false));
    }
    expect(&s, &[("train_limit", "/companies/6/trains")]);
    // Discarding down after a phase change, it may be over.
    if let Round::OperatingRound { discards, .. } = &mut s.round {
        discards.push(Company::Hr);
    }
    consistent(&s);
}

// ---- Ferries ----

#[test]
fn a_ferry_is_the_games_bought_once_by_a_started_company() {
    let boston = |company| OwnedFerry {
        ferry: "boston".into(),
        company,
    };
    let mut s = opening();
    s.ferries.push(boston(Company::Bw));
    consistent(&s);
    s.ferries.push(boston(Company::Hr));
    expect(&s, &[("bad_ferry", "/ferries/1")]);
    let mut s = opening();
    s.ferries.push(OwnedFerry {
        ferry: "atlantis".into(),
        company: Company::Bw,
    });
    expect(&s, &[("bad_ferry", "/ferries/0")]);
    let mut s = opening();
    s.ferries.push(boston(Company::Rr));
    expect(&s, &[("bad_ferry", "/ferries/0")]);
    let mut s = opening();
    s.luxury_ferry = Some("atlantis".into());
    expect(&s, &[("bad_ferry", "/luxury_ferry")]);
}

#[test]
fn the_ferries_leave_the_game_in_phase_four() {
    let mut s = bought_into_phase("6/9");
    s.ferries.push(OwnedFerry {
        ferry: "boston".into(),
        company: Company::Hr,
    });
    expect(&s, &[("ferry_removed_by_phase", "/ferries/0")]);
}

// ---- The round ----

#[test]
fn the_auction_has_seats_in_the_game_and_bids_within_cash() {
    let mut s = new_game(3);
    if let Round::Auction { to_act, .. } = &mut s.round {
        *to_act = P4;
    }
    s.priority_deal = P5;
    expect(
        &s,
        &[
            ("unknown_seat", "/round/to_act"),
            ("unknown_seat", "/priority_deal"),
        ],
    );
    // P1 bids all their cash on P2 and $5 on each of P3 and P4: counted with the others, every
    // bid is beyond their cash; P4 is not in the game.
    let mut s = new_game(3);
    let cash = s.player(P1).cash;
    if let Round::Auction { bids, .. } = &mut s.round {
        for (private, price) in [(Private::P2, cash), (Private::P3, 5), (Private::P4, 5)] {
            bids.push(Bid {
                player: P1,
                private,
                price,
            });
        }
        bids.push(Bid {
            player: P4,
            private: Private::P2,
            price: 50,
        });
    }
    expect(
        &s,
        &[
            ("bad_bid", "/round/bids/0"),
            ("bad_bid", "/round/bids/1"),
            ("bad_bid", "/round/bids/2"),
            ("bad_bid", "/round/bids/3"),
        ],
    );
    let mut s = new_game(3);
    if let Round::Auction { contest, .. } = &mut s.round {
        let high = Bid {
            player: P1,
            private: Private::P2,
            price: 50,
        };
        *contest = Some(Contest {
            private: Private::P2,
            bidders: vec![P1],
            to_act: P1,
            high,
        });
    }
    expect(&s, &[("bad_contest", "/round/contest")]);
}

#[test]
fn the_stock_round_names_seats_in_the_game() {
    let mut s = walkthrough_auction();
    if let Round::StockRound { sold, .. } = &mut s.round {
        sold.push(Sold {
            player: P5,
            company: Company::Bw,
        });
    }
    expect(&s, &[("unknown_seat", "/round/sold/0/player")]);
}
