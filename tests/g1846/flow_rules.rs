//! The importer's flow rules where 1846's site orders its operating round its own way
//! (docs/rules/1846.md#interop): its issue step before the track step, closed once used, and
//! the route and dividend steps of a company that can run no route skipped as soon as its track
//! step ends. Each on a real game cut at the action concerned.

use crate::replay::{export, tamper};
use railrules::games::g1846::G1846;
use railrules::games::g1846::ids::Company;
use railrules::games::g1846::state::State;
use railrules::import::export_18xx::Export;
use railrules::import::title::{self, Failure, Imported};

fn import(export: &Export) -> Imported<G1846> {
    title::import::<G1846>(export).unwrap_or_else(|f: Failure| panic!("{f:?}"))
}

/// The rules that inserted actions before the export action `pointer`.
fn inserted_before(imported: &Imported<G1846>, pointer: &str) -> Vec<&'static str> {
    imported
        .origins
        .iter()
        .filter(|o| o.pointer == pointer)
        .filter_map(|o| o.rule)
        .collect()
}

fn price(state: &State, company: Company) -> u32 {
    let c = state
        .companies
        .iter()
        .find(|c| c.company == company)
        .unwrap();
    [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100][usize::from(c.price.unwrap())]
}

fn cash(state: &State, company: Company) -> u32 {
    state
        .companies
        .iter()
        .find(|c| c.company == company)
        .unwrap()
        .cash
}

const NO_ROUTE: &str = "1846#interop-no-route-step";
const NO_DIVIDEND: &str = "1846#interop-no-dividend-step";

/// 12666, OR 2.2: the IC, without trains, lays a tile and passes (the site's track step ends);
/// the site then skips its route and dividend (withheld: $70 to $60), so its next issue is the
/// train step's emergency issue: $60 to $50, one share at $40 ($136 + $40), and the 3/5 for $160.
#[test]
fn a_pass_ending_the_track_step_of_a_company_without_trains_brings_its_dividend() {
    let mut e = export("12666.json");
    e.actions.truncate(123);
    let imported = import(&e);
    assert_eq!(
        inserted_before(&imported, "/actions/120"),
        [NO_ROUTE, NO_DIVIDEND]
    );
    assert_eq!(price(&imported.state, Company::Ic), 50);
    assert_eq!(cash(&imported.state, Company::Ic), 136 + 40 - 160);
}

/// 19962, OR 3.1: ERIE, without trains, redeems 30% (its issue step closes), lays a tile, and
/// issues 20%: the emergency issue, after its route and dividend skipped (withheld: $60 to
/// $50): $50 to $30, two shares at $20 each.
#[test]
fn an_issue_after_a_redemption_is_the_emergency_issue() {
    let mut e = export("19962.json");
    e.actions.truncate(270);
    let imported = import(&e);
    assert_eq!(
        inserted_before(&imported, "/actions/269"),
        [NO_ROUTE, NO_DIVIDEND]
    );
    assert_eq!(price(&imported.state, Company::Erie), 30);
    assert_eq!(cash(&imported.state, Company::Erie), 40);
}

/// 222264, OR 1.1: GT, without trains, places a station and lays its two tiles: its track step
/// ends by itself, the route and dividend are skipped ($100 to $90), and its issue (here of one
/// share) is the emergency one: $90 to $80, at $70 ($100 + $70). With a lay left (the second
/// lay taken out) the same issue is a voluntary one: one share at $90, the price unmoved.
#[test]
fn an_issue_once_nothing_is_left_to_lay_or_place_is_the_emergency_issue() {
    let mut e = export("222264.json");
    e.actions.truncate(95);
    tamper(&mut e, 94, "shares", serde_json::json!(["GT_2"]));
    tamper(&mut e, 94, "percent", serde_json::json!(10));
    let imported = import(&e);
    assert_eq!(
        inserted_before(&imported, "/actions/94"),
        [NO_ROUTE, NO_DIVIDEND]
    );
    assert_eq!(price(&imported.state, Company::Gt), 80);
    assert_eq!(cash(&imported.state, Company::Gt), 100 + 70);

    e.actions.remove(93);
    let imported = import(&e);
    assert!(inserted_before(&imported, "/actions/93").is_empty());
    assert_eq!(price(&imported.state, Company::Gt), 100);
    assert_eq!(cash(&imported.state, Company::Gt), 120 + 90);
}
