//! A private's own tile lay in 1846's operating round: judged with its ability (free or discounted,
//! on its hexes), the two-hex privates' second lay joining the first.

use super::refuse;
use crate::core::Violation;
use crate::games::g1846::data::{Ability, components};
use crate::games::g1846::event::Event;
use crate::games::g1846::ids::{Private, Seat};
use crate::games::g1846::privates::{
    JoiningLay, corporation_owning, joining_hexes, judge_private_lay, lays_join,
};
use crate::games::g1846::state::{AbilityUse, State};
use crate::games::g1846::track::{LayContext, TileLay, check_lay, lay_rules, phase_tiles};
use crate::games::kit18xx::operating_round::running_routes::expect_runner;
use crate::games::kit18xx::table::Table as _;
use crate::games::kit18xx::track::lay_tile;

/// A private's own tile lay for the corporation owning it, at any time in its turn (before or
/// after its routes: the card limits only the owner, 18xx.games issues 1794 and 2032): free,
/// in the ability's hexes, with its tiles; the Michigan Central's and the Ohio & Indiana's
/// need no connection.
pub fn lay_private(
    state: &mut State,
    player: Seat,
    private: Private,
    lay: &TileLay,
) -> Result<Vec<Event>, Violation> {
    let (company, _) = expect_runner(state, player)?;
    if corporation_owning(state, private) != Some(company) {
        return Err(refuse(
            "private_not_owned",
            format!("{company} does not own {private}"),
        ));
    }
    judge_private_lay(state, private, lay)?;
    let c = components();
    let connection_free = c.private(private.id()).is_some_and(|p| {
        p.abilities.iter().any(|a| {
            matches!(
                a,
                Ability::ExtraTileLay {
                    connection_required: Some(false),
                    ..
                }
            )
        })
    });
    // A lay that is not free (the Little Miami's, "discount: 20") costs what the corporation's
    // own lay would, less the discount on the tile's cost: its river crossings are paid
    // (18xx.games charges them: its `tile_lay` ability's `discount`, not `free`).
    let discount = c.private(private.id()).and_then(|p| {
        p.abilities.iter().find_map(|a| match a {
            Ability::ExtraTileLay {
                free: false,
                discount,
                ..
            } => Some(discount.unwrap_or(0)),
            _ => None,
        })
    });
    let paying = discount.map(|d| (state.company(company).cash, (lay.hex.as_str(), d)));
    let ctx = LayContext {
        connection_free,
        cash: paying.map_or(u32::MAX, |(cash, _)| cash),
        discount: paying.map(|(_, d)| d),
        border_discount: paying.and_then(|_| {
            crate::games::g1846::operating_round::track::tunnel_discount(state, company)
        }),
        ..LayContext::free(
            &c.map,
            lay_rules(),
            phase_tiles(&c.phases[usize::from(state.phase)]),
            company.symbol(),
        )
    };
    let planned = check_lay(&state.board, &ctx, lay)?;
    let mut after = state.board.clone();
    lay_tile(&mut after, lay, &planned);
    let new_exits = new_exits(&state.board, &after, &lay.hex);
    // A free lay costs nothing whatever its terrain; one with a discount pays what is left.
    let cost = if paying.is_some() { planned.cost } else { 0 };
    let second_joins = |laid: &[JoiningLay]| second_lay_joins(private, laid, &ctx, cost, &after);
    crate::games::g1846::privates::judge_joining_lays(
        state,
        private,
        (&lay.hex, &new_exits),
        &after,
        second_joins,
    )?;
    crate::games::g1846::privates::judge_meeting_lays(state, private, &lay.hex, &after)?;
    state.board = after;
    state.company_pays_bank(company, cost);
    state.abilities_used.push(AbilityUse {
        private,
        company,
        hex: lay.hex.as_str().into(),
        at_move: Some(state.moves),
        new_exits: if joining_hexes(private).is_some() {
            new_exits
        } else {
            Vec::new()
        },
    });
    Ok(vec![Event::TileLaid {
        corporation: company,
        hex: lay.hex.clone(),
        tile: lay.tile.clone(),
        rotation: lay.rotation,
        cost,
    }])
}

/// The edges hex `hex` shows on `after` that it lacked on `before`.
fn new_exits(
    before: &crate::games::kit18xx::board::Board,
    after: &crate::games::kit18xx::board::Board,
    hex: &str,
) -> Vec<u8> {
    let map = &components().map;
    let Some(h) = map.hex_index(hex) else {
        return Vec::new();
    };
    let old = before.face(map, h).exits();
    after
        .face(map, h)
        .exits()
        .into_iter()
        .filter(|e| !old.contains(e))
        .collect()
}

/// Whether a second lay of `private` (in another of its hexes, one of its tiles) could follow
/// the lays `laid` (the last made on `after`, costing `spent`) and join the private's hexes on
/// the new track of each tile ([`lays_join`]).
fn second_lay_joins(
    private: Private,
    laid: &[JoiningLay],
    ctx: &LayContext,
    spent: u32,
    after: &crate::games::kit18xx::board::Board,
) -> bool {
    let Some((hexes, _)) = joining_hexes(private) else {
        return false;
    };
    let tiles = components()
        .private(private.id())
        .and_then(|p| {
            p.abilities.iter().find_map(|a| match a {
                Ability::ExtraTileLay { tiles, .. } => Some(tiles.as_slice()),
                _ => None,
            })
        })
        .unwrap_or(&[]);
    hexes
        .iter()
        .filter(|h| laid.iter().all(|(l, _)| l != h))
        .any(|hex| {
            tiles.iter().any(|tile| {
                (0..6).any(|rotation| {
                    let second = TileLay {
                        hex: hex.clone(),
                        tile: tile.clone(),
                        rotation,
                    };
                    // The second lay's own discount is in its own hex.
                    let ctx = LayContext {
                        discount: ctx.discount.map(|(_, d)| (hex.as_str(), d)),
                        cash: ctx.cash.saturating_sub(spent),
                        ..*ctx
                    };
                    check_lay(after, &ctx, &second).is_ok_and(|planned| {
                        let mut joined_board = after.clone();
                        lay_tile(&mut joined_board, &second, &planned);
                        let exits = new_exits(after, &joined_board, hex);
                        let mut both = laid.to_vec();
                        both.push((hex, &exits));
                        lays_join(&joined_board, hexes, &both)
                    })
                })
            })
        })
}
