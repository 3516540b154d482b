//! #emergency-money: the president's emergency sales, the order they leave, and the train they
//! pay for, as the engine plays them.

use railrules::core::{Checked, Game};
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::Action;
use railrules::games::g1846::ids::{Company, Seat};
use railrules::games::kit18xx::table::Table as _;
use railrules::import::export_18xx::Export;
use railrules::import::title;

use super::{assert_agrees, cut, imported_state, position, refused};

/// #emergency-money: the president's emergency sales are in blocks, once a company a turn
/// (18xx.games `MUST_SELL_IN_BLOCKS`, 6.88 "subject to the normal restrictions"). a/g15, action
/// 186: player 4 sells an IC share for the C&O's train; a second IC sale is refused.
#[test]
fn an_emergency_sale_is_once_a_company() {
    let (export, _) = cut("g15_s1000015_p5", Some(187));
    let export = Export::parse(std::str::from_utf8(&export).unwrap()).unwrap();
    let imported = title::import::<G1846>(&export).unwrap().state;
    let p4 = Seat::P4;
    assert!(
        imported.company(Company::Ic).percent_of(p4) >= 10,
        "player 4 holds IC"
    );
    let mut state = Checked::new(imported).unwrap();
    let again = Action::SellShares {
        player: p4,
        corporation: Company::Ic,
        percent: 10,
        entity: None,
    };
    let refused = G1846::apply(&mut state, &again).unwrap_err();
    assert_eq!(refused.code, "sold_this_turn", "{refused:?}");
}

/// #emergency-money: a president's emergency sale sorts the companies yet to operate in this
/// round again by their prices (18xx.games recalculates the order after each such sale). g07
/// (seed 1000107), OR 5.2: player 2's sale at action 280 drops the B&O to $30, behind the IC
/// and the NYC already there, which then operate before it.
#[test]
fn an_emergency_sale_sorts_again_the_companies_yet_to_operate() {
    let name = "g07_s1000107_p3";
    let order = |upto| match imported_state(name, upto).round.clone() {
        railrules::games::g1846::state::Round::OperatingRound { order, .. } => order,
        other => panic!("{other:?}"),
    };
    let (bo, ic, nyc) = (Company::Bo, Company::Ic, Company::Nyc);
    let position = |o: &Vec<Company>, c| o.iter().position(|x| *x == c).unwrap();
    let before = order(279);
    assert!(position(&before, bo) < position(&before, ic), "{before:?}");
    let after = order(280);
    assert!(position(&after, nyc) < position(&after, bo), "{after:?}");
    assert!(position(&after, ic) < position(&after, nyc), "{after:?}");
    assert_agrees(name, Some(300));
}

/// #emergency-money: the companies yet to operate sorted again after an emergency sale leave
/// out a closed one among them (18xx.games' `recalculate_order` keeps the game's operating
/// order): the sort was skipped when one had closed. Engine game of seed 1002102, OR 5.1:
/// player 3's sale of B&O (/actions/455, for the C&O) drops the B&O to $60 behind the NYC
/// there already, the GT closed earlier in the round (and out of the order); the NYC then
/// operates before the B&O.
#[test]
fn an_emergency_sale_sorts_again_past_a_closed_company() {
    let name = "g02_s1002102_p4";
    let order = |upto| match imported_state(name, upto).round.clone() {
        railrules::games::g1846::state::Round::OperatingRound { order, .. } => order,
        other => panic!("{other:?}"),
    };
    let (bo, nyc, gt) = (Company::Bo, Company::Nyc, Company::Gt);
    let position = |o: &Vec<Company>, c| o.iter().position(|x| *x == c);
    let before = order(455);
    assert!(position(&before, bo) < position(&before, nyc), "{before:?}");
    let after = order(456);
    assert!(position(&after, nyc) < position(&after, bo), "{after:?}");
    assert_eq!(position(&after, gt), None, "{after:?}");
    assert!(imported_state(name, 456).company(gt).closed);
    assert_agrees(name, None);
}

/// #emergency-money: a president's block of shares sold past what the cheaper side of the
/// depot's card needs obliges the dearer side: the train bought must cost more than what the
/// corporation and its president could pay before the block's last share (18xx.games 1846
/// `buyable_train_variants`: variants under the funds less `last_share_sold_price` are refused).
/// Position g5011-sale-past-the-cheaper-side (railrules game, seed 1851011): the C&O, $602,
/// must buy a train; its president, $157, sells 30% of the PRR at $70: $969, and $899 before
/// the last share, enough for the 6 ($800): only the 7/8 ($900) may be bought.
#[test]
fn a_sale_past_the_cheaper_side_obliges_the_dearer() {
    let (mut state, actions) = position("g5011-sale-past-the-cheaper-side.json");
    assert_eq!(state.company(Company::Co).cash, 602);
    assert_eq!(state.player(Seat::P2).cash, 157);
    G1846::apply(&mut state, &actions[0]).unwrap();
    assert_eq!(state.player(Seat::P2).cash, 367);
    let buy = |variant: &str| -> Action {
        serde_json::from_value(serde_json::json!({
            "type": "buy_train", "player": "seat-2", "train": "6", "variant": variant
        }))
        .unwrap()
    };
    assert_eq!(actions[1], buy("6"));
    assert_eq!(refused(&state, &buy("6")), "weaker_train");
    G1846::apply(&mut state, &buy("7/8")).unwrap();
}

/// #emergency-money: after a president's emergency sale, a corporation whose own treasury
/// pays for the depot's cheapest train buys another corporation's train with it (18xx.games
/// `buyable_trains`: other companies' trains go only while the treasury is under
/// `min_depot_price` once a share was sold, or after an emergency issue); short of it, the
/// depot alone sells. Position e-g35-buys-from-another-after-a-sale (engine game of seed
/// 1000535, first edition, /actions/507): the IC ($574, no train; the depot's cheapest the 5 at
/// $450) after its president's two sales toward the 6 at $800, buying the GT's 6 for $105.
#[test]
fn after_a_sale_a_treasury_that_pays_for_a_depot_train_buys_from_another() {
    let (state, next) = position("e-g35-buys-from-another-after-a-sale.json");
    let buy = &next[0];
    assert!(
        matches!(
            buy,
            Action::BuyTrain {
                from: Some(Company::Gt),
                price: Some(105),
                ..
            }
        ),
        "{buy:?}"
    );
    let mut after = state.clone();
    G1846::apply(&mut after, buy).unwrap();
    assert_eq!(after.company(Company::Ic).cash, 574 - 105);
    // The same purchase with the treasury $125 short of the 5: the depot only.
    let mut short = state.into_state();
    short.companies[Company::Ic.index()].cash -= 250;
    short.bank += 250;
    let short = Checked::<G1846>::new(short).unwrap();
    assert_eq!(refused(&short, buy), "emergency_depot_only");
}

/// #emergency-money, only the cheaper side: a company that already owns a train spends its
/// treasury alone, so when its treasury reaches the cheaper side of a card but not the dearer,
/// that side is the one it may buy, even after a raise (the president's cash counts only while
/// the company must buy: g_1846 `president_may_contribute?`). Engine game of seed 1002812:
/// the GT's 2 rusts in its run; player 5 sells GT, ERIE and PRR shares, the GT buys
/// the ERIE's 4 for $118 (/actions/303), then, with $160 left, the discarded 4 on its 3/5 side
/// for $160 (/actions/304), which the floor of the last raise had refused.
#[test]
fn a_second_train_after_a_raise_may_be_the_cheaper_side_the_treasury_reaches() {
    let name = "g12_s1002812_p5_first_ed";
    let before = imported_state(name, 304);
    assert_eq!(before.company(Company::Gt).cash, 160);
    assert!(!before.company(Company::Gt).trains.is_empty());
    assert_agrees(name, None);
}
