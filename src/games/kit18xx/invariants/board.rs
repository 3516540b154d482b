//! The tiles on the map: each a tile of the title's manifest on a hex of the map, reached from
//! the hex's printed face by upgrades (the rules of `tiles` and `track`, asked again of the tile
//! as it lies), in a colour the phase allows, never more copies than the manifest has.

use std::collections::BTreeMap;

use super::{CheckedTitle, Problems, token};
use crate::games::kit18xx::board::{LaidTile, is_fixed, printed_face};
use crate::games::kit18xx::map::{HexData, Map, TileData};
use crate::games::kit18xx::tiles::{Face, colour_reachable, keeps_face};
use crate::games::kit18xx::track::check_exits;

pub fn check<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    let c = state.map();
    for (hex_id, laid) in &state.board().tiles.by_id(c) {
        let at = format!("/board/tiles/{}", token(hex_id));
        if let Some((hex, tile)) = identified(state, c, hex_id, laid, &at, problems) {
            fits_the_hex(state, hex, tile, laid, &at, problems);
        }
    }
    in_stock(state, problems);
}

/// The hex, the tile and the rotation exist; `None` when one does not (nothing more can be
/// judged).
fn identified<'c, S: CheckedTitle>(
    state: &S,
    c: &'c Map,
    hex_id: &str,
    laid: &LaidTile,
    at: &str,
    problems: &mut Problems,
) -> Option<(&'c HexData, &'c TileData)> {
    let sections = state.check_sections();
    let Some(hex) = c.hex(hex_id) else {
        problems.add(
            "unknown_hex",
            sections.map,
            at,
            format!("a tile lies on {hex_id}, which is not a hex of the map"),
        );
        return None;
    };
    let Some(tile) = c.tile(&laid.tile) else {
        problems.add(
            "unknown_tile",
            sections.track,
            format!("{at}/tile"),
            format!(
                "{hex_id} shows tile {}, which is not in the manifest",
                laid.tile
            ),
        );
        return None;
    };
    if laid.rotation > 5 {
        problems.add(
            "bad_rotation",
            sections.track,
            format!("{at}/rotation"),
            format!(
                "the tile in {hex_id} is turned {}; a rotation is 0 to 5",
                laid.rotation
            ),
        );
        return None;
    }
    Some((hex, tile))
}

/// The tile could have been laid here: the hex takes tiles, the tile's colour follows the hex's
/// on the upgrade path and the phase allows it, the label, the stops and the printed track are
/// kept, its track leads somewhere, and no private blocks the hex.
fn fits_the_hex<S: CheckedTitle>(
    state: &S,
    hex: &HexData,
    tile: &TileData,
    laid: &LaidTile,
    at: &str,
    problems: &mut Problems,
) {
    let c = state.map();
    let sections = state.check_sections();
    if is_fixed(hex.color) {
        problems.add(
            "fixed_hex",
            sections.track,
            at,
            format!(
                "tile {} lies on {}, a {:?} hex whose track is printed and never changes",
                tile.id, hex.id, hex.color
            ),
        );
        return;
    }
    if !colour_reachable(hex.color, tile.color) {
        problems.add(
            "tile_colour_unreachable",
            sections.upgrades,
            format!("{at}/tile"),
            format!(
                "tile {} is {:?}; upgrades of the {:?} hex {} never lead to {:?}",
                tile.id, tile.color, hex.color, hex.id, tile.color
            ),
        );
        return;
    }
    let printed = printed_face(hex);
    let face = Face::of_tile(tile, laid.rotation);
    if let Err(why) = keeps_face(&printed, &face) {
        problems.add(
            "tile_does_not_fit",
            sections.upgrades,
            at,
            format!(
                "tile {} at rotation {} does not fit {}: {why}",
                tile.id, laid.rotation, hex.id
            ),
        );
    }
    let (phase, colours) = state.phase_tiles();
    if !colours.contains(&tile.color) {
        problems.add(
            "tile_colour_not_in_phase",
            sections.track,
            format!("{at}/tile"),
            format!(
                "tile {} in {} is {:?}; phase {} allows {:?}",
                tile.id, hex.id, tile.color, phase, colours
            ),
        );
    }
    if let Some(hex_index) = c.hex_index(&hex.id)
        && let Err(v) = check_exits(c, state.lay_rules(), hex_index, &face)
    {
        problems.0.push(v.at(at));
    }
    blocked(state, hex, at, problems);
}

/// A hex a private blocks takes no tile while the block lasts (the title says which: 1833NE's
/// privates a player owns, 1846's while their owner's ability holds).
fn blocked<S: CheckedTitle>(state: &S, hex: &HexData, at: &str, problems: &mut Problems) {
    if let Some(blocker) = state.tile_blocked_by(hex) {
        problems.add(
            "tile_on_blocked_hex",
            state.check_sections().track,
            at,
            format!("{} has a tile, yet {blocker} still blocks it", hex.id),
        );
    }
}

/// No more copies of a tile on the map than the manifest has: the copies beyond it are named,
/// once per tile.
fn in_stock<S: CheckedTitle>(state: &S, problems: &mut Problems) {
    let c = state.map();
    let tiles = state.board().tiles.by_id(c);
    let mut hexes_by_tile: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (hex, laid) in &tiles {
        hexes_by_tile.entry(&laid.tile).or_default().push(hex);
    }
    for (tile, hexes) in hexes_by_tile {
        let Some(count) = c.tile(tile).and_then(|t| t.count) else {
            continue;
        };
        let count = usize::from(count);
        if hexes.len() > count {
            problems.add(
                "tiles_over_stock",
                state.check_sections().track,
                format!("/board/tiles/{}", token(hexes[count])),
                format!(
                    "tile {tile} lies in {} hexes ({}); the manifest has {count}",
                    hexes.len(),
                    hexes.join(", ")
                ),
            );
        }
    }
}
