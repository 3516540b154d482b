//! Track and stations: their costs, upgrades, what a corporation's walk reaches, and the track
//! step kept open while a station may be placed, as the engine plays them.

use railrules::core::Game;
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::Action;
use railrules::import::export_18xx::Export;
use railrules::import::title;

use super::{assert_agrees, before_refused_last, position, refused, rr_playout};

/// #stations: a station gained from the C&WI or a bought minor is an extra token, not one of the
/// charter's: the next station costs the charter's next price. g02, action 335: the PRR, with a
/// minor's station gained, places its next station for $80, not $0.
#[test]
fn a_station_after_a_gained_one_costs_its_charter_price() {
    assert_agrees("g02_s1000002_p4", Some(340));
}

/// #track (6.48): the TBC takes $20 off a mountain's printed cost only; an upgrade there costs
/// the flat $20. a/g17, action 118: the NYC, owning the TBC, upgrades G17 for $20.
#[test]
fn an_upgrade_in_the_mountains_costs_twenty_with_the_tbc() {
    assert_agrees("g17_s1000017_p4_first_ed", Some(125));
}

/// #operating-round, upgrades: 18xx.games' track is semi-restrictive (its default, which
/// 1846 keeps): a lay on track must give the corporation track it reaches that the old tile
/// lacked, or change the value of a stop it reaches (`check_track_restrictions!`, "Must use new
/// track or change city value"). g5024 (seed 1851024, as railrules played it before this rule):
/// the ERIE lays an 8 in E19 (save action 80), then upgrades it to a 16 in the same turn: the
/// 16's second curve is track the ERIE does not reach.
#[test]
fn an_upgrade_gives_the_corporation_new_track_it_reaches() {
    let (state, upgrade) = before_refused_last("g5024_s1851024_p5_no_new_track.json");
    assert!(
        matches!(&upgrade, Action::LayTile { hex, tile, company: None, .. } if hex == "E19" && tile == "16")
    );
    assert_eq!(refused(&state, &upgrade), "no_new_track");
    // The same hex's other upgrades that the ERIE's track reaches stay listed.
    assert!(G1846::list(&state).iter().all(|a| a != &upgrade));
}

/// #track-reach: the track a corporation reaches is what 18xx.games' walk of its graph finds
/// (`Graph#compute`, `Node#walk`, `Path#walk`): from each station in turn, a path once walked
/// is not walked again from the other side. g5211 (seed 1851211, as railrules played it
/// before this rule): the GT's walk takes F14's straight 9 from E15 on to Dayton (G13), so it
/// never enters F14 from Dayton; the 23 laid over the 9 adds a path from Dayton's side only, and
/// the upgrade gives the GT no new track (the engine: "Must use new track or change city value").
#[test]
fn the_walk_of_a_corporations_track_takes_each_path_once() {
    let (state, upgrade) = before_refused_last("g5211_s1851211_p3_walk_uses_a_path_once.json");
    assert!(
        matches!(&upgrade, Action::LayTile { hex, tile, company: None, .. } if hex == "F14" && tile == "23")
    );
    assert_eq!(refused(&state, &upgrade), "no_new_track");
}

/// #track-reach: a lay is connected where the corporation's walk reaches an edge of the hex
/// (18xx.games `legal_tile_rotation?` over `connected_hexes`). Position
/// g5152-walk-connects-the-lay (railrules game, seed 1851152, first edition, played before this
/// rule; the state is the engine's, imported from its export): the GT's 28 over the 7 in H16,
/// whose exits face only track the walk does not reach (the engine: "7 is not legally rotated
/// for 28").
#[test]
fn a_lay_is_connected_where_the_walk_reaches() {
    let (state, mut next) = position("g5152-walk-connects-the-lay.json");
    let lay = next.remove(0);
    assert!(matches!(&lay, Action::LayTile { hex, tile, .. } if hex == "H16" && tile == "28"));
    assert_eq!(refused(&state, &lay), "not_connected");
}

/// #track-reach: a station goes only in a city the corporation's walk reaches (18xx.games
/// `tokenable_cities` over the same walk). Position g5261-walk-reaches-the-station (railrules
/// game, seed 1851261, first edition, played before this rule; the state is the engine's,
/// imported from its export): the NYC's station in G19 (the engine: "Cannot place token on
/// G19 because it is not connected").
#[test]
fn a_station_goes_where_the_walk_reaches() {
    let (state, mut next) = position("g5261-walk-reaches-the-station.json");
    let station = next.remove(0);
    assert!(matches!(&station, Action::PlaceToken { hex, .. } if hex == "G19"));
    assert_eq!(refused(&state, &station), "not_reachable");
}

/// #stations, as the exporter reads the site's track step: the least price of a station counts
/// an unused token ability of a private the corporation owns (the C&WI's $0: the site's
/// `min_token_price` reads the corporation's abilities, its privates' included), so the step
/// stays open while a city it reaches has a slot. g5098 (seed 1851098, first edition): the B&O,
/// $33 and owning the C&WI, makes its two lays; the export passes its track step before its
/// routes (export ids 159-160), as the engine expects.
#[test]
fn an_owned_privates_free_token_keeps_the_track_step_open() {
    let save = rr_playout("g5098_s1851098_p4.json");
    let export = title::export::<G1846>(&save).unwrap();
    let actions = export["actions"].as_array().unwrap();
    let kind = |i: usize| (actions[i]["type"].clone(), actions[i]["entity"].clone());
    assert_eq!(kind(157), ("lay_tile".into(), "B&O".into()));
    assert_eq!(actions[157]["hex"], "H6");
    assert_eq!(kind(158), ("pass".into(), "B&O".into()));
    assert_eq!(kind(159), ("run_routes".into(), "B&O".into()));
}

/// A game railrules played, as the engine replays it: its export, read back, gives the same
/// save file, and the site's track step is written as the engine keeps it open (it passes
/// before the routes while a token is left whose least price, its next or an unused token
/// ability's whatever the hex, is within the buying power, and a city it reaches has a free
/// slot: `can_place_token?`). g5005 (seed 1851005, tests/data/18xx-games/1846-rr-playouts),
/// export action id 129: the ERIE, $16 and a $60 share to issue, its D20 ability at $40, passes
/// its track step before its routes.
#[test]
fn a_railrules_game_exports_the_track_step_the_engine_keeps_open() {
    let save = rr_playout("g5005_s1851005_p4.json");
    let export = title::export::<G1846>(&save).unwrap();
    let actions = export["actions"].as_array().unwrap();
    let kind = |i: usize| (actions[i]["type"].clone(), actions[i]["entity"].clone());
    assert_eq!(kind(128), ("pass".into(), "ERIE".into()));
    assert_eq!(kind(129), ("run_routes".into(), "ERIE".into()));
    let text: &'static str = Box::leak(export.to_string().into_boxed_str());
    let mut imported = title::import::<G1846>(&Export::parse(text).unwrap()).unwrap();
    imported.save.origin = None; // the export it came from, which `save` lacks
    assert_eq!(
        serde_json::to_value(&imported.save).unwrap(),
        serde_json::to_value(&save).unwrap()
    );
}
