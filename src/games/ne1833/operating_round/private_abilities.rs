//! The privates' abilities in the operating round (docs/rules/1833ne.md#privates): P3's two free
//! tiles in C4 and C6, P4's and P6's off-board sources, P5's luxury ferry. P2's hold on the B&L
//! is in `laying_track` and `running_routes`, where it bites.

use super::{before_routes, expect_president, set_turn};
use crate::core::Violation;
use crate::games::kit18xx::tiles::Exits;
use crate::games::ne1833::board::Node;
use crate::games::ne1833::data::components;
use crate::games::ne1833::event::Event;
use crate::games::ne1833::ids::{Company, Private, Seat};
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{CompanyTurn, PrivateOwner, State};
use crate::games::ne1833::tiles::Face;
use crate::games::ne1833::track::{
    LayContext, TileLay, check_lay, lay_rules, lay_tile, phase_tiles,
};

pub(super) fn owns(state: &State, company: Company, private: Private) -> bool {
    let p = state.private(private);
    !p.closed && p.owner == (PrivateOwner::Company { company })
}

/// The off-board areas the company may use as if it had a station there (P4: A6, P6: A12).
pub fn extra_sources(state: &State, company: Company) -> Vec<Node> {
    let c = components();
    [(Private::P4, "A6"), (Private::P6, "A12")]
        .iter()
        .filter(|(p, _)| owns(state, company, *p))
        .filter_map(|(_, hex)| {
            Some(Node {
                hex: c.hex_index(hex)?,
                stop: 0,
            })
        })
        .collect()
}

/// The tiles P3 may lay in each of its hexes.
const CHAMPLAIN_TILES: [(&str, &[&str]); 2] = [("C4", &["3", "4", "58"]), ("C6", &["7", "8", "9"])];

/// P3: up to two free yellow tiles in C4 and C6, without connection to the company's network;
/// the C4 tile must lead towards Montreal (B3); a second lay follows the first in the same turn
/// and connects to it.
pub fn lay_champlain(
    state: &mut State,
    player: Seat,
    lay: &TileLay,
) -> Result<Vec<Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "lay_tile")?;
    before_routes(state, &turn, "lay_tile")?;
    champlain_may_lay(state, company, &turn, lay)?;
    let c = components();
    let ctx = LayContext {
        connection_free: true,
        ..LayContext::free(
            &c.map,
            lay_rules(),
            phase_tiles(&c.phases[usize::from(state.phase)]),
            company.symbol(),
        )
    };
    let planned = check_lay(&state.board, &ctx, lay)?;
    let tile = c.tile(&lay.tile).expect("checked");
    let exits = Face::of_tile(tile, lay.rotation).exits();
    champlain_leads_on(state, lay, &exits)?;
    lay_tile(&mut state.board, lay, &planned);
    state.champlain_lays.push(lay.hex.clone());
    turn.champlain_lays += 1;
    set_turn(state, turn);
    Ok(vec![Event::TileLaid {
        corporation: company,
        hex: lay.hex.clone(),
        tile: lay.tile.clone(),
        rotation: lay.rotation,
        cost: 0,
    }])
}

/// P3 lays in `lay`'s hex: its company owns it, the hex and tile are P3's, the hex has no P3 tile
/// yet, and a second tile comes in the turn of the first.
fn champlain_may_lay(
    state: &State,
    company: Company,
    turn: &CompanyTurn,
    lay: &TileLay,
) -> Result<(), Violation> {
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::PRIVATES, m));
    if !owns(state, company, Private::P3) {
        return refuse(
            "no_such_ability",
            format!("{company} does not own the Champlain & St. Lawrence (P3)"),
        );
    }
    let Some((_, tiles)) = CHAMPLAIN_TILES.iter().find(|(hex, _)| *hex == lay.hex) else {
        return refuse(
            "not_a_champlain_hex",
            format!("P3 lays only in C4 and C6, not {}", lay.hex),
        );
    };
    if !tiles.contains(&lay.tile.as_str()) {
        return refuse(
            "not_a_champlain_tile",
            format!(
                "P3 lays {} in {}, not {}",
                tiles.join(", "),
                lay.hex,
                lay.tile
            ),
        );
    }
    if state.champlain_lays.contains(&lay.hex) {
        return refuse(
            "champlain_used",
            format!("P3 has laid in {} already", lay.hex),
        );
    }
    if !state.champlain_lays.is_empty() && turn.champlain_lays == 0 {
        return refuse(
            "champlain_together",
            "P3's second tile follows the first in the same turn".to_string(),
        );
    }
    Ok(())
}

/// The tile's `exits` lead on as P3's must: the C4 tile towards Montreal, a second tile to the
/// first.
fn champlain_leads_on(state: &State, lay: &TileLay, exits: &Exits) -> Result<(), Violation> {
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::PRIVATES, m));
    // C4 leads NW to Montreal; the two tiles meet on the C4 - C6 edge (C4's S, C6's N).
    if lay.hex == "C4" && !exits.contains(&2) {
        return refuse(
            "champlain_to_montreal",
            "the C4 tile must lead towards Montreal (B3)".to_string(),
        );
    }
    if !state.champlain_lays.is_empty() {
        let meets = if lay.hex == "C4" {
            exits.contains(&0)
        } else {
            exits.contains(&3)
        };
        if !meets {
            return refuse(
                "champlain_together",
                "P3's two tiles must connect to each other".to_string(),
            );
        }
    }
    Ok(())
}

/// P5: its owner chooses, once, the company's ferry it doubles.
pub fn assign_luxury_ferry(
    state: &mut State,
    player: Seat,
    private: Private,
    ferry: &str,
) -> Result<Vec<Event>, Violation> {
    let (company, _) = expect_president(state, player, "assign")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::PRIVATES, m));
    if private != Private::P5 || !owns(state, company, Private::P5) {
        return refuse(
            "no_such_ability",
            format!("{company} has no ability to assign with {private}"),
        );
    }
    if state.luxury_ferry.is_some() {
        return refuse(
            "already_assigned",
            "P5's ferry cannot be reassigned".to_string(),
        );
    }
    if !state
        .ferries
        .iter()
        .any(|f| f.ferry == ferry && f.company == company)
    {
        return refuse("not_its_ferry", format!("{company} owns no ferry {ferry}"));
    }
    state.luxury_ferry = Some(ferry.to_string());
    Ok(vec![Event::FerryAssigned {
        ferry: ferry.to_string(),
    }])
}
