//! The tiles on the map: each a tile of the manifest on a hex of the map, reached from the hex's
//! printed face by upgrades (the rules of tiles.rs and track.rs, asked again of the tile as it
//! lies), in a colour the phase allows, never more copies than the manifest has.

use std::collections::BTreeMap;

use super::{Problems, token};
use crate::games::ne1833::board::{Board, LaidTile, is_fixed};
use crate::games::ne1833::data::{Components, HexData, TileData, components};
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{PrivateOwner, State};
use crate::games::ne1833::tiles::{Face, colour_reachable, keeps_face};
use crate::games::ne1833::track::{check_exits, lay_rules};

pub(super) fn check(state: &State, problems: &mut Problems) {
    let c = components();
    for (hex_id, laid) in &state.board.tiles {
        let at = format!("/board/tiles/{}", token(hex_id));
        if let Some((hex, tile)) = identified(c, hex_id, laid, &at, problems) {
            fits_the_hex(state, hex, tile, laid, &at, problems);
        }
    }
    in_stock(state, problems);
}

/// The hex, the tile and the rotation exist; `None` when one does not (nothing more can be
/// judged).
fn identified<'c>(
    c: &'c Components,
    hex_id: &str,
    laid: &LaidTile,
    at: &str,
    problems: &mut Problems,
) -> Option<(&'c HexData, &'c TileData)> {
    let Some(hex) = c.hex(hex_id) else {
        problems.add(
            "unknown_hex",
            section::MAP,
            at,
            format!("a tile lies on {hex_id}, which is not a hex of the map"),
        );
        return None;
    };
    let Some(tile) = c.tile(&laid.tile) else {
        problems.add(
            "unknown_tile",
            section::TRACK,
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
            section::TRACK,
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
/// kept, its track leads somewhere, and no private a player owns blocks the hex.
fn fits_the_hex(
    state: &State,
    hex: &HexData,
    tile: &TileData,
    laid: &LaidTile,
    at: &str,
    problems: &mut Problems,
) {
    let c = components();
    if is_fixed(hex.color) {
        problems.add(
            "fixed_hex",
            section::TRACK,
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
            section::UPGRADES,
            format!("{at}/tile"),
            format!(
                "tile {} is {:?}; upgrades of the {:?} hex {} never lead to {:?}",
                tile.id, tile.color, hex.color, hex.id, tile.color
            ),
        );
        return;
    }
    let printed = Board::default().face(c, hex);
    let face = Face::of_tile(tile, laid.rotation);
    if let Err(why) = keeps_face(&printed, &face) {
        problems.add(
            "tile_does_not_fit",
            section::UPGRADES,
            at,
            format!(
                "tile {} at rotation {} does not fit {}: {why}",
                tile.id, laid.rotation, hex.id
            ),
        );
    }
    let phase = &c.phases[usize::from(state.phase).min(c.phases.len() - 1)];
    if !phase.tiles.contains(&tile.color) {
        problems.add(
            "tile_colour_not_in_phase",
            section::TRACK,
            format!("{at}/tile"),
            format!(
                "tile {} in {} is {:?}; phase {} allows {:?}",
                tile.id, hex.id, tile.color, phase.name, phase.tiles
            ),
        );
    }
    if let Some(hex_index) = c.hex_index(&hex.id)
        && let Err(v) = check_exits(&state.board, c, lay_rules(), hex_index, &face)
    {
        problems.0.push(v.at(at));
    }
    blocked(state, hex, at, problems);
}

/// A hex a private blocks takes a tile only once no player owns the private; the block never
/// comes back (a company that buys a private keeps it, a closed private stays closed).
fn blocked(state: &State, hex: &HexData, at: &str, problems: &mut Problems) {
    if hex.blocked_by.is_empty() {
        return;
    }
    let blocker = state.privates.iter().find(|p| {
        !p.closed
            && hex.blocked_by.contains(&format!("{:?}", p.private))
            && matches!(
                p.owner,
                PrivateOwner::Player { .. } | PrivateOwner::Unsold {}
            )
    });
    if let Some(p) = blocker {
        problems.add(
            "tile_on_blocked_hex",
            section::TRACK,
            at,
            format!(
                "{} has a tile, yet {} still blocks it (no company owns it)",
                hex.id, p.private
            ),
        );
    }
}

/// No more copies of a tile on the map than the manifest has: the copies beyond it are named,
/// once per tile.
fn in_stock(state: &State, problems: &mut Problems) {
    let c = components();
    let mut hexes_by_tile: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (hex, laid) in &state.board.tiles {
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
                section::TRACK,
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
