//! 1833NE exports and the flow rules: the passes the site leaves out are inserted by rule, the
//! passes it writes that the rules do not play are left out, and a revenue skipped is refused.

use railrules::import::ne1833::rule;
use serde_json::json;

use crate::ne1833::{
    actions, export_json, find, four_players, import, ne1833_saves, untranslatable,
};

#[test]
fn a_company_pass_the_site_leaves_out_is_inserted_by_rule_turn_ended() {
    let save = four_players();
    let mut export = export_json(&save);
    // A company's last pass followed by another company's action.
    let list = export["actions"].as_array().unwrap().clone();
    let at = (0..list.len() - 1)
        .find(|&i| {
            list[i]["type"] == "pass"
                && list[i]["entity_type"] == "corporation"
                && list[i + 1]["entity_type"] == "corporation"
                && list[i + 1]["entity"] != list[i]["entity"]
        })
        .unwrap();
    let whole = import(&export).unwrap();
    actions(&mut export).remove(at);
    let imported = import(&export).unwrap();
    // One action fewer in the export, one more inserted: the save is the same.
    assert_eq!(
        (imported.imported, imported.inserted),
        (whole.imported - 1, whole.inserted + 1)
    );
    assert!(
        imported
            .origins
            .iter()
            .any(|o| o.rule == Some(rule::TURN_ENDED) && o.pointer == format!("/actions/{at}"))
    );
    assert_eq!(imported.save.state, save.state);
}

#[test]
fn a_step_pass_of_the_site_is_left_out() {
    let save = four_players();
    let mut export = export_json(&save);
    // The site's pass of the track step before a company runs its trains.
    let run = find(&export, |a| {
        a["type"] == "run_routes" && !a["routes"].as_array().unwrap().is_empty()
    });
    let company = export["actions"][run]["entity"].clone();
    let whole = import(&export).unwrap();
    actions(&mut export).insert(
        run,
        json!({"type": "pass", "entity": company, "entity_type": "corporation"}),
    );
    let imported = import(&export).unwrap();
    // The pass left out: the same actions imported and inserted, one dropped.
    assert_eq!(
        (imported.imported, imported.inserted, imported.dropped),
        (whole.imported, whole.inserted, whole.dropped + 1)
    );
    assert_eq!(imported.save.state, save.state);
}

#[test]
fn a_revenue_skipped_without_a_dividend_is_not_passed_over() {
    let mut export = export_json(&four_players());
    // A dividend after routes that earned something.
    let list = export["actions"].as_array().unwrap().clone();
    let dividend = (1..list.len())
        .find(|&i| {
            list[i]["type"] == "dividend"
                && list[i - 1]["type"] == "run_routes"
                && !list[i - 1]["routes"].as_array().unwrap().is_empty()
        })
        .unwrap();
    actions(&mut export).remove(dividend);
    let e = untranslatable(import(&export).map(|_| ()).expect_err("the import fails"));
    assert_eq!(e.pointer, format!("/actions/{dividend}"));
    assert!(
        e.message.contains("without paying or withholding"),
        "{}",
        e.message
    );
}

#[test]
fn a_player_with_nothing_to_do_is_passed_for_by_rule_nothing_to_do() {
    let (_, save) = ne1833_saves().remove(2);
    let imported = import(&export_json(&save)).unwrap();
    let passes = imported
        .origins
        .iter()
        .filter(|o| o.rule == Some(rule::NOTHING_TO_DO))
        .count();
    let others: usize = [
        rule::NO_ROUTE_STEP,
        rule::NO_DIVIDEND_STEP,
        rule::TURN_ENDED,
    ]
    .iter()
    .map(|r| {
        imported
            .origins
            .iter()
            .filter(|o| o.rule == Some(r))
            .count()
    })
    .sum();
    assert!(passes > 0, "{passes}");
    assert_eq!(passes + others, 392);
}
