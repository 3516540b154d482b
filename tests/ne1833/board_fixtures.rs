//! Boards for the tests, built through the rules where it is short.

use railrules::games::ne1833::board::Board;
use railrules::games::ne1833::data::{Components, PhaseData, components};
use railrules::games::ne1833::stations::place_home;
use railrules::games::ne1833::track::{
    LayContext, LayKind, PlannedLay, TileLay, check_lay, lay_rules, lay_tile, phase_tiles,
};

pub fn c() -> &'static Components {
    components()
}

pub fn phase(name: &str) -> &'static PhaseData {
    c().phase(name).unwrap()
}

/// A board with the given companies' home stations.
pub fn with_homes(companies: &[&str]) -> Board {
    let mut board = Board::default();
    for company in companies {
        place_home(&mut board, c(), company).unwrap();
    }
    board
}

pub fn lay(hex: &str, tile: &str, rotation: u8) -> TileLay {
    TileLay {
        hex: hex.to_string(),
        tile: tile.to_string(),
        rotation,
    }
}

pub fn context<'a>(
    company: &'a str,
    phase_name: &str,
    earlier: &'a [(String, LayKind)],
) -> LayContext<'a> {
    LayContext {
        cash: 1000,
        earlier,
        ..LayContext::free(
            &c().map,
            lay_rules(),
            phase_tiles(phase(phase_name)),
            company,
        )
    }
}

/// Judges and lays; panics with the violation if refused.
pub fn lay_ok(board: &mut Board, ctx: &LayContext, l: TileLay) -> PlannedLay {
    let planned = check_lay(board, ctx, &l).unwrap_or_else(|v| panic!("{l:?} refused: {v}"));
    lay_tile(board, &l, &planned);
    planned
}

/// Judges a lay that must be refused; returns the violation's code.
pub fn lay_refused(board: &Board, ctx: &LayContext, l: TileLay) -> String {
    match check_lay(board, ctx, &l) {
        Ok(p) => panic!("{l:?} accepted: {p:?}"),
        Err(v) => v.code,
    }
}

/// A context for lays judged without the connection rule (as P3's lays are), to test the
/// other rules anywhere on the map.
pub struct LayAnywhere;

impl LayAnywhere {
    pub fn context() -> LayContext<'static> {
        LayContext {
            map: &c().map,
            rules: lay_rules(),
            phase: phase_tiles(phase("II")),
            company: "CV",
            cash: 1000,
            earlier: &[],
            blocked: &[],
            extra_sources: &[],
            discount: None,
            border_discount: None,
            connection_free: true,
            network: None,
            must_use_new_track: false,
        }
    }
}
