//! Tiles: of the manifest on a hex of the map, reached from the printed face, their track on
//! the map, of the phase's colours, off blocked hexes, and no more copies than the manifest's.

use railrules::games::ne1833::board::LaidTile;
use railrules::games::ne1833::data::components;
use railrules::games::ne1833::ids::Company;
use railrules::games::ne1833::state::PrivateOwner;

use super::{consistent, expect, opening, phase_two};

fn laid(tile: &str, rotation: u8) -> LaidTile {
    LaidTile {
        tile: tile.into(),
        rotation,
    }
}

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
