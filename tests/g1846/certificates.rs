//! The importer's ledger of certificate names (docs/rules/1846.md#interop): each holder keeps
//! its certificates in the order they came to it, as 18xx.games does, and a presidency swap
//! takes the new president's first two.

use crate::replay::{export, field, tamper};
use railrules::games::g1846::G1846;
use railrules::import::title::{self, Failure};

/// 1846_game_end_reason_all_closed, SR: P3 holds ERIE_5 (bought first) and ERIE_8, and buys
/// ERIE_1 from the market, passing P5's 20%; the swap gives P5 P3's first two, ERIE_5 and
/// ERIE_8 (not the lowest two, ERIE_1 and ERIE_5), so P3 sells ERIE_1 later, and may not sell
/// ERIE_8.
#[test]
fn a_presidency_swap_takes_the_new_presidents_first_two_shares() {
    let mut e = export("1846_game_end_reason_all_closed.json");
    e.actions.truncate(425);
    assert_eq!(field(&e, 424, "shares"), serde_json::json!(["ERIE_1"]));
    title::import::<G1846>(&e).unwrap();

    tamper(&mut e, 424, "shares", serde_json::json!(["ERIE_8"]));
    match title::import::<G1846>(&e) {
        Err(Failure::Untranslatable(err)) => {
            assert_eq!(err.pointer, "/actions/424/shares/0");
            assert_eq!(err.message, "ERIE_8 is held by seat-5, not seat-3");
        }
        other => panic!("{:?}", other.map(|i| i.save.actions.len())),
    }
}
