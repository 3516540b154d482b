//! 1846's privates and corporations' abilities over the state (docs/rules/1846.md#privates): the
//! hexes player-owned privates block, the spots held (reservations), the stations a company
//! has left, the tokens that may go unconnected, the privates' own tile lays, the bonus markers
//! that pay, private income, and the privates' closing at the first 5.
//!
//! The abilities are the component data's (`data::Ability`); the phases that end them are the
//! train cards' events (`close_companies` on the first 5, `remove_bonuses` and
//! `remove_reservations` on the first 6), found in the data rather than written as numbers.

use super::data::{Ability, components};
use super::ids::{Company, Private};
use super::rules::section;
use super::state::{PrivateOwner, State};
use crate::core::Violation;
use crate::games::kit18xx::stations::Reservation;
use crate::games::kit18xx::track::TileLay;

/// The phase (index) the first train of card `card` starts.
pub fn phase_on(card: &str) -> Option<u8> {
    let phase = components()
        .phases
        .iter()
        .position(|p| p.on.as_deref() == Some(card))?;
    u8::try_from(phase).ok()
}

/// The phase whose first train brings the train event `event`.
pub fn phase_of_event(event: &str) -> Option<u8> {
    let card = components()
        .trains
        .iter()
        .find(|t| t.events.iter().any(|e| e == event))?;
    phase_on(&card.id)
}

/// Whether the event `event` has happened by the state's phase.
pub fn happened(state: &State, event: &str) -> bool {
    phase_of_event(event).is_some_and(|phase| state.phase >= phase)
}

fn abilities(private: Private) -> &'static [Ability] {
    components()
        .private(private.id())
        .map_or(&[], |p| p.abilities.as_slice())
}

/// The corporation that owns `private`, if one does and it is open.
pub fn corporation_owning(state: &State, private: Private) -> Option<Company> {
    match state.private(private)? {
        p if p.closed => None,
        p => match p.owner {
            PrivateOwner::Company { company } => Some(company),
            _ => None,
        },
    }
}

/// The hexes the privates a player owns block (the Michigan Central's, the Ohio & Indiana's):
/// no corporation may lay there until a corporation owns the private or it closes.
pub fn blocked_hexes(state: &State) -> Vec<String> {
    state
        .privates
        .iter()
        .filter(|p| !p.closed && matches!(p.owner, PrivateOwner::Player { .. }))
        .flat_map(|p| abilities(p.private))
        .filter_map(|a| match a {
            Ability::BlocksHexes { hexes, .. } => Some(hexes.iter().cloned()),
            _ => None,
        })
        .flatten()
        .collect()
}

/// The spots held now: a corporation's reserved spot until phase IV (the `remove_reservations`
/// event) while it is in the game; the C&WI's city in Chicago while no corporation owns it and
/// it is open; the home of every corporation not yet started.
pub fn reservations(state: &State) -> Vec<Reservation> {
    let c = components();
    let mut held = Vec::new();
    for hex in &c.hexes {
        for r in &hex.reservations {
            let holds = match (Company::from_symbol(&r.by), Private::from_id(&r.by)) {
                (Some(company), _) => {
                    !happened(state, "remove_reservations")
                        && !state.companies[company.index()].closed
                }
                (None, Some(private)) => state
                    .private(private)
                    .is_some_and(|p| !p.closed && !matches!(p.owner, PrivateOwner::Company { .. })),
                (None, None) => false,
            };
            if holds {
                held.push(Reservation {
                    company: r.by.clone(),
                    hex: hex.id.clone(),
                    city: Some(r.city),
                });
            }
        }
    }
    for corporation in &c.corporations {
        let started = Company::from_symbol(&corporation.id)
            .is_some_and(|co| state.companies[co.index()].is_started());
        let removed = state
            .removed_corporations
            .iter()
            .any(|co| co.symbol() == corporation.id);
        if !started && !removed {
            held.push(Reservation {
                company: corporation.id.clone(),
                hex: corporation.home.hex.clone(),
                city: Some(corporation.home.city),
            });
        }
    }
    held
}

/// The stations `company` may have on the map: its tokens (the component data's) and one more
/// for each it gained (the C&WI's, a bought minor's).
pub fn stations_allowed(state: &State, company: Company) -> usize {
    let c = components();
    let tokens = c
        .corporation(company.symbol())
        .map(|corp| corp.tokens.len())
        .or_else(|| {
            c.minors
                .iter()
                .find(|m| m.id == company.symbol())
                .map(|m| m.tokens.len())
        })
        .unwrap_or(0);
    let gained = state
        .gained_stations
        .iter()
        .filter(|&&c| c == company)
        .count();
    tokens + gained
}

/// The stations `company` has left to place: those it may have, less those on the map.
pub fn stations_left(state: &State, company: Company) -> usize {
    stations_allowed(state, company)
        .saturating_sub(state.board.stations_of(company.symbol()).count())
}

/// A corporation's own token ability that may be placed unconnected in `hex` for its higher
/// price (the PRR's Fort Wayne, the B&O's Cincinnati), if it has one there.
pub fn teleport_price(company: Company, hex: &str) -> Option<u32> {
    components()
        .corporation(company.symbol())?
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Token {
                hex: h,
                teleport_price: Some(price),
                ..
            } if h == hex => Some(*price),
            _ => None,
        })
}

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

/// How many times `private`'s one-time ability has been used (its lays, the C&WI's station).
pub fn uses(state: &State, private: Private) -> usize {
    state
        .abilities_used
        .iter()
        .filter(|u| u.private == private)
        .count()
}

/// Whether `private`'s own lay is still to be used for the corporation owning it (see
/// [`ability_left`]: lays made together keep the second only right after the first).
pub fn lay_left(state: &State, private: Private) -> bool {
    corporation_owning(state, private).is_some_and(|company| {
        abilities(private).iter().any(|a| {
            matches!(a, Ability::ExtraTileLay { .. }) && ability_unused(state, company, private, a)
        })
    })
}

/// The private whose lays are made together and whose second may come now (its first was the
/// action just before): 18xx.games' `SpecialTrack` then blocks for it.
pub fn second_lay_pending(state: &State) -> Option<Private> {
    state.privates.iter().map(|p| p.private).find(|&private| {
        let together = abilities(private).iter().find_map(|a| match a {
            Ability::ExtraTileLay {
                count,
                must_lay_together: true,
                ..
            } => Some(usize::from(*count)),
            _ => None,
        });
        let used = uses(state, private);
        together.is_some_and(|count| used > 0 && used < count) && laid_just_before(state, private)
    })
}

/// Whether `private`'s last lay was the action just before this one (its `at_move`).
pub fn laid_just_before(state: &State, private: Private) -> bool {
    state
        .abilities_used
        .iter()
        .rev()
        .find(|u| u.private == private)
        .and_then(|u| u.at_move)
        .is_some_and(|at| at + 1 == state.moves)
}

/// The bonus markers that pay now, as (private, hex, corporation): none from phase IV (the
/// `remove_bonuses` event); a marker pays the corporation it serves (the one owning its private
/// when it was placed, or the Steamboat's assigned corporation), once it has a hex and a
/// corporation. The markers outlive their privates' closing (g_1846 keeps the assignments),
/// but for a player's Steamboat, removed at the first 5.
pub fn paying_markers(state: &State) -> Vec<(String, String, String)> {
    if happened(state, "remove_bonuses") {
        return Vec::new();
    }
    state
        .markers
        .iter()
        .filter_map(|m| {
            Some((
                m.private.id().to_string(),
                m.hex.as_deref()?.to_string(),
                m.company?.symbol().to_string(),
            ))
        })
        .collect()
}

/// The privates that never close while a corporation owns them (the Mail Contract).
fn never_closes(state: &State, private: Private) -> bool {
    corporation_owning(state, private).is_some()
        && abilities(private)
            .iter()
            .any(|a| matches!(a, Ability::NeverCloses { .. }))
}

/// The first 5 (`close_companies`): every private closes but one that never closes while a
/// corporation owns it; returns those closed.
pub fn close_privates(state: &mut State) -> Vec<Private> {
    let closing: Vec<Private> = state
        .privates
        .iter()
        .filter(|p| !p.closed)
        .map(|p| p.private)
        .filter(|&p| !never_closes(state, p))
        .collect();
    for &private in &closing {
        if let Some(p) = state.private_mut(private) {
            p.closed = true;
        }
    }
    closing
}

/// The first 5 removes a player's Steamboat marker (g_1846 `remove_steamboat_bonuses!`); the
/// corporations' markers stay until the first 6.
pub fn remove_players_steamboat(state: &mut State, steamboat_owner: PrivateOwner) {
    if matches!(steamboat_owner, PrivateOwner::Player { .. }) {
        state.markers.retain(|m| m.private != Private::Sc);
    }
}

/// The income each open private pays its owner at the start of an operating round: (private,
/// owner, amount).
pub fn income(state: &State) -> Vec<(Private, PrivateOwner, u32)> {
    state
        .privates
        .iter()
        .filter(|p| !p.closed && !matches!(p.owner, PrivateOwner::Unsold {}))
        .filter_map(|p| {
            let revenue = components().private(p.private.id())?.revenue;
            (revenue > 0).then_some((p.private, p.owner, revenue))
        })
        .collect()
}

/// Whether `company` owns a private whose own ability it may still use at any time in its turn
/// (18xx.games' abilities `when: owning_corp_or_turn`): a tile lay left (Michigan Central,
/// O&I, Little Miami, Lake Shore Line), the C&WI's station while it has none in Chicago, the
/// Meat Packing's or the Boomtown's marker not yet placed. (The Steamboat's marker is placed
/// before the routes only; the Tunnel Blasting's discount asks nothing.)
pub fn ability_left(state: &State, company: Company) -> bool {
    state
        .privates
        .iter()
        .filter(|p| corporation_owning(state, p.private) == Some(company))
        .any(|p| {
            abilities(p.private)
                .iter()
                .any(|a| ability_unused(state, company, p.private, a))
        })
}

fn ability_unused(state: &State, company: Company, private: Private, ability: &Ability) -> bool {
    match ability {
        // Lays made together: the second only right after the first (else forfeited).
        Ability::ExtraTileLay {
            count,
            must_lay_together,
            ..
        } => {
            let used = uses(state, private);
            used == 0
                || (used < usize::from(*count)
                    && (!must_lay_together || laid_just_before(state, private)))
        }
        Ability::Token { hex, .. } if private == Private::Cwi => {
            uses(state, private) == 0
                && !state
                    .board
                    .stations_of(company.symbol())
                    .any(|s| s.hex.as_str() == hex)
        }
        Ability::AssignedBonus { reassign, .. } if reassign.is_none() => !state
            .markers
            .iter()
            .any(|m| m.private == private && m.hex.is_some()),
        _ => false,
    }
}
