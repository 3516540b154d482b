//! 1846's operating-round rules with exact figures, each on a state a real game of 18xx.games
//! reached (the export imported up to an action), then changed where the rule needs it.

use railrules::core::{Checked, Game};
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::Action;
use railrules::games::g1846::event::Event;
use railrules::games::g1846::ids::{Company, Private, Seat};
use railrules::games::g1846::state::{CompanyState, PrivateOwner, State};
use railrules::import::export_18xx::Export;
use railrules::import::title;

/// The real game `name` imported up to (not including) its export action `before`.
pub fn state_before(name: &str, before: usize) -> State {
    let path = format!(
        "{}/tests/data/18xx-games/1846/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text: &'static str = Box::leak(std::fs::read_to_string(path).unwrap().into_boxed_str());
    let mut export = Export::parse(text).unwrap();
    export.actions.truncate(before);
    title::import::<G1846>(&export).unwrap().state
}

/// Applies `action`, panicking with the refusal.
pub fn apply(state: &State, action: Action) -> (State, Vec<Event>) {
    let mut checked = Checked::<G1846>::assume(state.clone());
    let events =
        G1846::apply(&mut checked, &action).unwrap_or_else(|v| panic!("{action:?} refused: {v:?}"));
    (checked.into_state(), events)
}

fn lay(player: Seat, hex: &str, tile: &str, rotation: u8) -> Action {
    Action::LayTile {
        player,
        hex: hex.to_string(),
        tile: tile.to_string(),
        rotation,
        company: None,
    }
}

fn lay_cost(events: &[Event]) -> u32 {
    events
        .iter()
        .find_map(|e| match e {
            Event::TileLaid { cost, .. } => Some(*cost),
            _ => None,
        })
        .unwrap()
}

/// #operating-round: the TBC takes $20 off a tunnel (a mountain border) as off a mountain hex.
/// 10264, OR 2.1: the B&O (owning the TBC) upgrades Wheeling (G19) to a 14 whose track crosses
/// the $20 tunnel to Pittsburgh: $20 (the tile) + $20 - $20 (the tunnel) = $20, not $40; then
/// G17 (a $40 mountain) with an 8 across the $20 river to Wheeling: max($20, $40 - $20) + $20.
/// Without the TBC the same lays cost $40 and $60.
#[test]
fn the_tbc_takes_20_off_a_tunnel() {
    let before = state_before("10264.json", 73);
    let bo = Seat::P4;
    let (after, events) = apply(&before, lay(bo, "G19", "14", 1));
    assert_eq!(lay_cost(&events), 20);
    let (_, events) = apply(&after, lay(bo, "G17", "8", 4));
    assert_eq!(lay_cost(&events), 40);

    let mut without = before.clone();
    without.private_mut(Private::Tbc).unwrap().owner = PrivateOwner::Player { seat: Seat::P4 };
    let (after, events) = apply(&without, lay(bo, "G19", "14", 1));
    assert_eq!(lay_cost(&events), 40);
    let (_, events) = apply(&after, lay(bo, "G17", "8", 4));
    assert_eq!(lay_cost(&events), 60);
}

fn company(state: &State, company: Company) -> &CompanyState {
    state
        .companies
        .iter()
        .find(|c| c.company == company)
        .unwrap()
}

/// #receivership: a corporation in receivership without a train withholds its $0 and moves one
/// space further left (g_1846 `Dividend#skip!`). 19962, OR 3.2: ERIE, at $20 in receivership
/// with no train, operates when the IC passes: $20 to $10 (withheld), then to $0, and closes.
/// At $50 it would end at $30.
#[test]
fn a_corporation_in_receivership_without_a_train_falls_one_more_space() {
    let before = state_before("19962.json", 295);
    let pass = Action::Pass { player: Seat::P2 };
    let erie = company(&before, Company::Erie);
    assert!(erie.receivership && erie.trains.is_empty() && erie.price == Some(2));
    let (after, _) = apply(&before, pass.clone());
    assert!(company(&after, Company::Erie).closed);

    let mut higher = before.clone();
    higher.companies[Company::Erie.index()].price = Some(5);
    let (after, _) = apply(&higher, pass.clone());
    assert_eq!(company(&after, Company::Erie).price, Some(3));
}
