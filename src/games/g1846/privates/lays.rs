//! The privates' track: a private's lay judged (its hexes, its free or discounted tile), the two-
//! hex privates' lays that must join their hexes, the lays that must meet.

use super::{abilities, corporation_owning, laid_just_before, second_lay_pending, uses};
use crate::core::Violation;
use crate::games::g1846::data::{Ability, components};
use crate::games::g1846::ids::Private;
use crate::games::g1846::rules::section;
use crate::games::g1846::state::State;
use crate::games::kit18xx::track::TileLay;

/// Judges a private's own tile lay (the Lake Shore Line's, the Michigan Central's, the Ohio &
/// Indiana's, the Little Miami's) for the corporation owning it: in its hexes, one of its tiles,
/// no more lays than it has.
pub fn judge_private_lay(state: &State, private: Private, lay: &TileLay) -> Result<(), Violation> {
    let refuse = |code: &str, message: String| Violation::new(code, section::PRIVATES, message);
    let Some(company) = corporation_owning(state, private) else {
        return Err(refuse(
            "private_not_owned",
            format!("{private} lays track only for a corporation that owns it"),
        ));
    };
    let ability = abilities(private).iter().find_map(|a| match a {
        Ability::ExtraTileLay {
            hexes,
            tiles,
            count,
            must_lay_together,
            ..
        } => Some((hexes, tiles, *count, *must_lay_together)),
        _ => None,
    });
    let Some((hexes, tiles, count, together)) = ability else {
        return Err(refuse("no_ability", format!("{private} has no tile lay")));
    };
    if !hexes.contains(&lay.hex) || !tiles.contains(&lay.tile) {
        return Err(refuse(
            "not_in_ability",
            format!(
                "{private} lays tiles {} in {} only, not {} in {}",
                tiles.join(", "),
                hexes.join(", "),
                lay.tile,
                lay.hex
            ),
        ));
    }
    let used = uses(state, private);
    if used >= usize::from(count) {
        return Err(refuse(
            "ability_used",
            format!("{private} has laid its {count} tile(s) for {company}"),
        ));
    }
    if state
        .abilities_used
        .iter()
        .any(|u| u.private == private && u.hex == lay.hex.as_str())
    {
        return Err(refuse(
            "same_hex_twice",
            format!(
                "{private} lays once in each of its hexes: {} has its lay already",
                lay.hex
            ),
        ));
    }
    if together && used > 0 && !laid_just_before(state, private) {
        return Err(refuse(
            "lays_apart",
            format!(
                "{private}'s lays are made together: its second comes right after its first, or not at all"
            ),
        ));
    }
    Ok(())
}

/// The hexes a private's lays must join (the Little Miami's Cincinnati, H12, and Dayton, G13),
/// for a private whose lays are only to join them.
pub fn joining_hexes(private: Private) -> Option<(&'static [String], usize)> {
    abilities(private).iter().find_map(|a| match a {
        Ability::ExtraTileLay {
            hexes,
            count,
            only_if_unconnected: true,
            ..
        } => Some((hexes.as_slice(), usize::from(*count))),
        _ => None,
    })
}

/// A lay of a joining private: its hex and the edges it gave the hex (see
/// [`AbilityUse::new_exits`](crate::games::g1846::state::AbilityUse)).
pub type JoiningLay<'a> = (&'a str, &'a [u8]);

/// The Little Miami's lays join its two hexes, Cincinnati (H12) and Dayton (G13): its first
/// only while no track joins them, and its lays once over must leave track joining them, with
/// some new track of each tile it laid on a way joining them (18xx.games
/// `check_little_miami_graph_before!` and `after!`, the latter also on the private's pass: its
/// second lay cannot be forfeited while that is not so). `lay` is this lay, `after` the board
/// with it made; `second_joins` says whether a second lay could then do it (a first lay that
/// does not must leave one), given the lays so far.
pub fn judge_joining_lays(
    state: &State,
    private: Private,
    lay: JoiningLay,
    after: &crate::games::kit18xx::board::Board,
    second_joins: impl FnOnce(&[JoiningLay]) -> bool,
) -> Result<(), Violation> {
    let refuse = |code: &str, message: String| Violation::new(code, section::PRIVATES, message);
    let Some((hexes, count)) = joining_hexes(private) else {
        return Ok(());
    };
    let used = uses(state, private);
    if used == 0 && joined(&state.board, hexes) {
        return Err(refuse(
            "already_connected",
            format!(
                "track joins {} already: {private} lays only to join them",
                hexes.join(" and ")
            ),
        ));
    }
    let mut laid = joining_lays(state, private);
    laid.push(lay);
    if lays_join(after, hexes, &laid) {
        return Ok(());
    }
    if used + 1 < count && second_joins(&laid) {
        return Ok(());
    }
    if joined(after, hexes) && used + 1 >= count {
        return Err(refuse(
            "joining_track_unused",
            format!(
                "{private}'s tiles must each carry the joining of {}: no way joining them uses the new track of every tile it laid",
                hexes.join(" and ")
            ),
        ));
    }
    Err(refuse(
        "not_joining",
        format!(
            "{private}'s lays must leave {} joined by track, on the new track of each of its tiles: this one does not{}",
            hexes.join(" and "),
            if used + 1 >= count {
                ""
            } else {
                ", and no second lay could"
            }
        ),
    ))
}

/// The lays `private` has made so far (this turn's: its lays are made together).
fn joining_lays(state: &State, private: Private) -> Vec<JoiningLay<'_>> {
    state
        .abilities_used
        .iter()
        .filter(|u| u.private == private)
        .map(|u| (u.hex.as_str(), u.new_exits.as_slice()))
        .collect()
}

/// Whether the joining private's lays `laid` leave its hexes joined, with some new track of
/// each tile on a way joining them: a walk from the tile's hex's first city to the other
/// hex's first city takes one of the tile's new paths (a path, reached from the first hex,
/// leaving by an edge the lay gave it).
pub fn lays_join(
    board: &crate::games::kit18xx::board::Board,
    hexes: &[String],
    laid: &[JoiningLay],
) -> bool {
    use crate::games::kit18xx::map::{End, StopKind};
    if !joined(board, hexes) {
        return false;
    }
    let map = &components().map;
    let first_city = |hex: &str| {
        let h = map.hex_index(hex)?;
        let face = board.face(map, h);
        let stop = face.stops.iter().position(|s| s.kind == StopKind::City)?;
        Some(crate::games::kit18xx::board::Node {
            hex: h,
            stop: stop as u8,
        })
    };
    let reached = hexes
        .first()
        .map(|first| board.reach_unblocked(map, &stops_of(board, first)));
    laid.iter().all(|&(hex, new_exits)| {
        let (Some(h), Some(network)) = (map.hex_index(hex), &reached) else {
            return false;
        };
        let using: Vec<(usize, usize)> = board
            .face(map, h)
            .paths
            .iter()
            .enumerate()
            .filter(|(p, path)| {
                network.paths.contains(&(h, *p))
                    && path
                        .iter()
                        .any(|end| matches!(end, End::Edge(e) if new_exits.contains(e)))
            })
            .map(|(p, _)| (h, p))
            .collect();
        let other = hexes.iter().find(|o| o.as_str() != hex);
        match (first_city(hex), other.and_then(|o| first_city(o))) {
            (Some(from), Some(to)) => {
                crate::games::kit18xx::walk::carries(board, map, from, to, &using)
            }
            _ => false,
        }
    })
}

/// Every stop of a hex, as the board shows it.
fn stops_of(
    board: &crate::games::kit18xx::board::Board,
    hex: &str,
) -> Vec<crate::games::kit18xx::board::Node> {
    let map = &components().map;
    map.hex_index(hex).map_or_else(Vec::new, |h| {
        let face = board.face(map, h);
        (0..face.stops.len())
            .map(|stop| crate::games::kit18xx::board::Node {
                hex: h,
                stop: stop as u8,
            })
            .collect()
    })
}

/// The private whose second lay is due: its first left its hexes apart, and only its second
/// may join them ([`judge_joining_lays`]); no other action comes before it.
pub fn joining_lay_due(state: &State) -> Option<Private> {
    let private = second_lay_pending(state)?;
    let (hexes, _) = joining_hexes(private)?;
    (!lays_join(&state.board, hexes, &joining_lays(state, private))).then_some(private)
}

/// Refuses an action other than `private`'s due second lay ([`joining_lay_due`]).
pub fn refuse_before_due_lay(private: Private) -> Violation {
    Violation::new(
        "second_lay_due",
        section::PRIVATES,
        format!(
            "{private}'s first lay left its hexes apart: its second lay, joining them, comes now"
        ),
    )
}

/// A private's lays made together meet: from its second on, each tile it has laid has track
/// meeting the track of another it laid across their common edge (18xx.games `SpecialTrack
/// #check_connect`, a `tile_lay` ability's `connect`, true unless set: the Michigan Central's,
/// the Ohio & Indiana's and the Little Miami's two tiles). `after` is the board with the lay
/// `hex` judged made.
pub fn judge_meeting_lays(
    state: &State,
    private: Private,
    hex: &str,
    after: &crate::games::kit18xx::board::Board,
) -> Result<(), Violation> {
    let together = abilities(private).iter().any(|a| {
        matches!(a, Ability::ExtraTileLay { count, must_lay_together: true, hexes, .. }
            if *count >= 2 && hexes.len() >= 2)
    });
    if !together || uses(state, private) == 0 {
        return Ok(());
    }
    let map = &components().map;
    let laid: Vec<usize> = state
        .abilities_used
        .iter()
        .filter(|u| u.private == private)
        .map(|u| u.hex.as_str())
        .chain(std::iter::once(hex))
        .filter_map(|h| map.hex_index(h))
        .collect();
    let meets = |h: usize| {
        let exits = after.face(map, h).exits();
        exits.into_iter().any(|e| {
            map.neighbour(h, e).is_some_and(|n| {
                n != h
                    && laid.contains(&n)
                    && after
                        .face(map, n)
                        .exits()
                        .contains(&crate::games::kit18xx::hex::opposite(e))
            })
        })
    };
    if laid.iter().all(|&h| meets(h)) {
        return Ok(());
    }
    Err(Violation::new(
        "lays_do_not_meet",
        section::PRIVATES,
        format!(
            "{private}'s tiles laid together must meet: track of each meets track of another across their common edge"
        ),
    ))
}

/// Whether track joins the first hex's stops to a stop of every other hex, through any city.
pub fn joined(board: &crate::games::kit18xx::board::Board, hexes: &[String]) -> bool {
    let map = &components().map;
    let Some((first, others)) = hexes.split_first() else {
        return false;
    };
    let network = board.reach_unblocked(map, &stops_of(board, first));
    others.iter().all(|hex| {
        stops_of(board, hex)
            .iter()
            .any(|n| network.stops.contains(n))
    })
}
