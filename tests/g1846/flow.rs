//! 1846's stock-round flow and the site's readings, each with exact figures from a real game's
//! position: the turn of a player left nothing to do after a sale ends (and one sale of a
//! corporation a turn stands), the passes the site makes after the export's last action, the
//! minors' cards in a player's wealth and as the most a corporation pays for them.

use crate::replay::export;
use railrules::core::{Checked, Game};
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::{Action, Purchase};
use railrules::games::g1846::ids::{Company, Seat};
use railrules::games::g1846::state::Round;
use railrules::games::g1846::stock_round::has_choice;
use railrules::games::kit18xx::emergency::allowed_emergency_issues;
use railrules::games::kit18xx::end::wealth;
use railrules::games::kit18xx::operating_round::current;
use railrules::games::kit18xx::shares::price;
use railrules::games::kit18xx::table::Table as _;
use railrules::import::title::{self, Imported};

fn imported(name: &str) -> Imported<G1846> {
    title::import::<G1846>(&export(name)).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// The state before the save's action `index`, replayed from the imported save's setup.
pub fn before(game: &Imported<G1846>, index: usize) -> Checked<G1846> {
    let options = serde_json::from_value(game.save.setup.options.clone().unwrap()).unwrap();
    let mut state = G1846::setup(&options, game.save.setup.seed).unwrap();
    for (i, a) in game.save.actions[..index].iter().enumerate() {
        let action: Action = serde_json::from_value(a.clone()).unwrap();
        G1846::apply(&mut state, &action).unwrap_or_else(|v| panic!("action {i}: {v:?}"));
    }
    state
}

/// The save's index of the first action made for the export's action at `pointer` (inserted
/// before it or translated from it), and of the one translated from it.
pub fn at(game: &Imported<G1846>, pointer: &str) -> (usize, usize) {
    let first = game.origins.iter().position(|o| o.pointer == pointer);
    let translated = game
        .origins
        .iter()
        .position(|o| o.pointer == pointer && o.rule.is_none());
    (first.unwrap(), translated.unwrap())
}

fn cash(state: &Checked<G1846>) -> Vec<u32> {
    state.players.iter().map(|p| p.cash).collect()
}

fn ic_price(state: &Checked<G1846>) -> Option<u32> {
    price(&**state, Company::Ic)
}

fn sell_ic(player: Seat) -> Action {
    Action::SellShares {
        player,
        corporation: Company::Ic,
        percent: 10,
        entity: None,
    }
}

fn pass(player: Seat) -> Action {
    Action::Pass { player }
}

/// 1846_game_end_reason_dnf, stock round 1: P3 (no cash, 40% of IC at $40, its president) sells
/// 10% for $40 and IC drops to $30. IC may not be sold again in the turn, and nothing else is
/// left to P3 (IC sold this round, $40 buys nothing), so passing is all P3 may do; P1 and P2
/// (each $10) may only pass; in P3's next turn a sale of IC is a new one: $30, IC at $20.
#[test]
fn a_player_left_nothing_after_a_sale_passes_and_sells_again_only_in_a_later_turn() {
    let game = imported("1846_game_end_reason_dnf.json");
    let (_, first_sale) = at(&game, "/actions/63");
    let mut state = before(&game, first_sale);
    assert_eq!(
        (cash(&state), ic_price(&state)),
        (vec![10, 10, 0], Some(40))
    );
    G1846::apply(&mut state, &sell_ic(Seat::P3)).unwrap();
    assert_eq!(
        (cash(&state), ic_price(&state)),
        (vec![10, 10, 40], Some(30))
    );
    let again = G1846::apply(&mut state, &sell_ic(Seat::P3)).unwrap_err();
    assert_eq!(again.code, "sold_this_turn");
    assert!(!has_choice(&*state, Seat::P3));
    for seat in [Seat::P3, Seat::P1, Seat::P2] {
        assert!(!has_choice(&*state, seat), "{seat}");
        G1846::apply(&mut state, &pass(seat)).unwrap();
    }
    G1846::apply(&mut state, &sell_ic(Seat::P3)).unwrap();
    assert_eq!(
        (cash(&state), ic_price(&state)),
        (vec![10, 10, 70], Some(20))
    );
}

/// The importer makes those passes (rule nothing-to-do): before the export's second sale of
/// IC by P3 (/actions/64), P3's, P1's and P2's passes are inserted.
#[test]
fn the_site_ending_a_turn_after_a_sale_is_read_as_the_players_pass() {
    let game = imported("1846_game_end_reason_dnf.json");
    let (first, translated) = at(&game, "/actions/64");
    let inserted: Vec<Action> = game.save.actions[first..translated]
        .iter()
        .map(|a| serde_json::from_value(a.clone()).unwrap())
        .collect();
    assert_eq!(
        inserted,
        vec![pass(Seat::P3), pass(Seat::P1), pass(Seat::P2)]
    );
    assert!(
        game.origins[first..translated]
            .iter()
            .all(|o| o.rule == Some("1846#interop-nothing-to-do"))
    );
    assert_eq!(
        game.save.actions[translated],
        serde_json::to_value(sell_ic(Seat::P3)).unwrap()
    );
}

/// hs_wwhjwjvo_1716866882 ends (end_game) after P3's pass at /actions/74, with P1 left
/// nothing to do: the site passed for P1 at once, which ended the stock round and began
/// operating round 1, paying the privates (P1's C&WI $10; P3's Boomtown $10 and Little Miami
/// $15). The import makes that pass after the last action; the export written leaves it out.
#[test]
fn the_passes_the_site_made_after_the_last_action_are_made() {
    let game = imported("hs_wwhjwjvo_1716866882.json");
    let last = game.origins.last().unwrap();
    assert_eq!(
        (last.pointer.as_str(), last.rule),
        ("/actions", Some("1846#interop-nothing-to-do"))
    );
    assert_eq!(
        game.save.actions.last().unwrap(),
        &serde_json::to_value(pass(Seat::P1)).unwrap()
    );
    assert!(matches!(
        game.state.round,
        Round::OperatingRound { number: 1, .. }
    ));
    assert_eq!(
        game.state
            .players
            .iter()
            .map(|p| p.cash)
            .collect::<Vec<_>>(),
        vec![30, 10, 115]
    );
    let written = title::export::<G1846>(&game.save).unwrap();
    let actions = written["actions"].as_array().unwrap();
    assert_eq!(actions.len(), game.save.actions.len() - game.inserted);
    // The export names P3 as the site did (hotseat ids 0, 1, 2).
    assert_eq!(written["players"][2]["id"], 2);
    assert_eq!(
        actions.last().unwrap()["entity"],
        2,
        "P3's pass is the last written"
    );
}

/// A player's wealth counts the minors they own at their cards' face values (18xx.games'
/// `Player#value`): in hs_wwhjwjvo_1716866882 P2 ends with $10, the MS and the Big 4 (and
/// their $60 and $40 treasuries, which are the minors'): $110, the site's result.
#[test]
fn a_minor_counts_its_cards_face_value_in_its_owners_wealth() {
    let game = imported("hs_wwhjwjvo_1716866882.json");
    let state = &game.state;
    assert_eq!(state.company(Company::Ms).president, Some(Seat::P2));
    assert_eq!(state.company(Company::Big4).president, Some(Seat::P2));
    assert_eq!(state.players[1].cash, 10);
    assert_eq!(wealth(state, Seat::P2), 110);
    assert_eq!(
        [Seat::P1, Seat::P3].map(|s| wealth(state, s)),
        [170, 195],
        "cash and privates: P1 $30 + C&WI $60 + Mail $80; P3 $115 + Boomtown $40 + LM $40"
    );
}

/// A corporation pays at most a minor's face value for it: in 20381 NYC (P5's) bought the MS
/// for $60 at /actions/235; $61 is refused, $60 accepted (the draft's $140 is not its face).
#[test]
fn a_corporation_pays_at_most_a_minors_face_value() {
    let game = imported("20381.json");
    let (_, purchase) = at(&game, "/actions/235");
    let mut state = before(&game, purchase);
    let buy = |price| Action::BuyCompany {
        player: Seat::P5,
        company: Purchase::Minor(Company::Ms),
        price,
        accepted_by: None,
    };
    let refused = G1846::apply(&mut state, &buy(61)).unwrap_err();
    assert_eq!(refused.code, "bad_price", "{refused:?}");
    G1846::apply(&mut state, &buy(60)).unwrap();
}

fn issue_ic(percent: u8) -> Action {
    Action::SellShares {
        player: Seat::P3,
        corporation: Company::Ic,
        percent,
        entity: Some(Company::Ic),
    }
}

/// 1846_game_end_reason_bankrupt, IC after its dividend at /actions/268: no train, $375 at
/// $100, the depot's 5 card ($450 4/6, $500 5), P3 holding its 20% alone (2 shares issuable).
/// One share on the emergency terms raises $80 ($455: the 4/6), two raise $140 ($515: the 5):
/// either may be issued (the site's `emergency_issuable_bundles`), not 1833NE's fewest alone;
/// once issued, no more.
#[test]
fn an_emergency_issue_may_pay_for_the_dearer_side_of_the_depots_card() {
    let game = imported("1846_game_end_reason_bankrupt.json");
    let (_, issue) = at(&game, "/actions/268");
    let start = before(&game, issue);
    let ic = start.company(Company::Ic);
    assert_eq!((ic.cash, price(&*start, Company::Ic)), (375, Some(100)));
    let (_, turn) = current(&*start).unwrap();
    assert_eq!(
        allowed_emergency_issues(&*start, Company::Ic, turn),
        vec![1, 2]
    );
    // Then: $455 is still short of the 5, but the issue is done; $515 is short of nothing.
    for (percent, cash, after, code) in
        [(10, 455, 90, "cannot_issue"), (20, 515, 80, "issue_closed")]
    {
        let mut state = start.clone();
        G1846::apply(&mut state, &issue_ic(percent)).unwrap();
        let ic = state.company(Company::Ic);
        assert_eq!((ic.cash, price(&*state, Company::Ic)), (cash, Some(after)));
        let again = G1846::apply(&mut state, &issue_ic(10)).unwrap_err();
        assert_eq!(again.code, code, "{percent}%: {again:?}");
    }
    let mut state = start.clone();
    let three = G1846::apply(&mut state, &issue_ic(30)).unwrap_err();
    assert_eq!(three.code, "cannot_issue");
}

/// The same IC short of even the cheaper side with every share it may issue ($215: two shares
/// raise $140, $355 < $450) issues the most it can, two shares, and nothing less; with $500,
/// the dearer side's price, it is in no emergency.
#[test]
fn short_of_the_cheaper_side_a_company_issues_all_it_can_and_with_the_dearer_none() {
    let game = imported("1846_game_end_reason_bankrupt.json");
    let (_, issue) = at(&game, "/actions/268");
    let mut short = before(&game, issue);
    short.company_mut(Company::Ic).cash = 215;
    short.bank += 160;
    let (_, turn) = current(&*short).unwrap();
    assert_eq!(
        allowed_emergency_issues(&*short, Company::Ic, turn),
        vec![2]
    );
    let mut rich = before(&game, issue);
    rich.company_mut(Company::Ic).cash = 500;
    rich.bank -= 125;
    let (_, turn) = current(&*rich).unwrap();
    assert!(allowed_emergency_issues(&*rich, Company::Ic, turn).is_empty());
    let refused = G1846::apply(&mut rich, &issue_ic(10)).unwrap_err();
    assert_eq!(refused.code, "issue_closed");
}

/// hs_cvjhogoy_1599504419, OR 1: GT, without a train, passes at /actions/41 (the site's track
/// step); the site skips its route step and its dividend (withholding $0: $40 to $30), and its
/// `sell_shares` at /actions/42 is the emergency issue: one share at $10 (the price one space
/// left, $20, and each share one space left of that), GT $80 to $90.
#[test]
fn a_trainless_corporations_pass_ends_its_track_step_and_its_emergency_money_follows() {
    let game = imported("hs_cvjhogoy_1599504419.json");
    let rules: Vec<_> = game
        .origins
        .iter()
        .filter(|o| o.pointer == "/actions/41")
        .map(|o| o.rule)
        .collect();
    assert_eq!(
        rules,
        vec![
            Some("1846#interop-no-route-step"),
            Some("1846#interop-no-dividend-step")
        ]
    );
    let (_, issue) = at(&game, "/actions/42");
    let state = before(&game, issue);
    let gt = state.company(Company::Gt);
    assert_eq!((gt.cash, price(&*state, Company::Gt)), (80, Some(30)));
    let state = before(&game, issue + 1);
    let gt = state.company(Company::Gt);
    assert_eq!((gt.cash, price(&*state, Company::Gt)), (90, Some(20)));
}

fn buy_4(variant: &str) -> Action {
    Action::BuyTrain {
        player: Seat::P1,
        train: "4".to_string(),
        variant: variant.to_string(),
        from: None,
        price: None,
        accepted_by: None,
    }
}

/// Then GT ($90) and its president P1 ($80) have $170: the 3/5 ($160) with P1 paying $70, but
/// not the 4 ($180). P1 may sell for the dearer side (the site's `needed_cash`, the depot's
/// dearest price): 10% of PRR at $60, P1 $140; no more once $180 is there (`enough_raised`);
/// and after the sale only a train dearer than the $170 they had (`weaker_train` for the 3/5):
/// the 4, GT paying its $90 and P1 $90.
#[test]
fn a_president_sells_for_the_dearer_side_and_then_buys_no_weaker_train() {
    let game = imported("hs_cvjhogoy_1599504419.json");
    let (_, sale) = at(&game, "/actions/49");
    let start = before(&game, sale);
    assert_eq!(
        (start.company(Company::Gt).cash, start.players[0].cash),
        (90, 80)
    );
    let mut cheaper = start.clone();
    G1846::apply(&mut cheaper, &buy_4("3/5")).unwrap();
    assert_eq!(cheaper.players[0].cash, 10);
    let mut state = start.clone();
    let sell = |corporation| Action::SellShares {
        player: Seat::P1,
        corporation,
        percent: 10,
        entity: None,
    };
    G1846::apply(&mut state, &sell(Company::Prr)).unwrap();
    assert_eq!(
        (state.players[0].cash, price(&*state, Company::Prr)),
        (140, Some(50))
    );
    let more = G1846::apply(&mut state, &sell(Company::Prr)).unwrap_err();
    assert_eq!(more.code, "enough_raised", "{more:?}");
    let weaker = G1846::apply(&mut state, &buy_4("3/5")).unwrap_err();
    assert_eq!(weaker.code, "weaker_train", "{weaker:?}");
    G1846::apply(&mut state, &buy_4("4")).unwrap();
    assert_eq!(
        (state.company(Company::Gt).cash, state.players[0].cash),
        (0, 50)
    );
}

/// The same GT after its emergency issue, given $160 (the 3/5's price, short of the 4's $180)
/// with P1 given $10 ($170 together): P1 may sell 10% of PRR at $60, as the site offers the
/// president `sell_shares` whenever the corporation cannot issue (g_1846 BuyTrain#actions),
/// judged against the dearer side. P1's cash does not go to GT while GT holds the cheaper
/// side's price (`ebuy_president_can_contribute?`): GT buys the 3/5 from its treasury, the sale
/// notwithstanding, and not the 4.
#[test]
fn a_president_may_sell_while_the_treasury_holds_only_the_cheaper_side() {
    let game = imported("hs_cvjhogoy_1599504419.json");
    let (_, sale) = at(&game, "/actions/49");
    let mut state = before(&game, sale);
    state.company_mut(Company::Gt).cash += 70;
    state.players[0].cash -= 70;
    assert_eq!(
        (state.company(Company::Gt).cash, state.players[0].cash),
        (160, 10)
    );
    let sale = Action::SellShares {
        player: Seat::P1,
        corporation: Company::Prr,
        percent: 10,
        entity: None,
    };
    G1846::apply(&mut state, &sale).unwrap();
    assert_eq!(state.players[0].cash, 70);
    let dearer = G1846::apply(&mut state.clone(), &buy_4("4")).unwrap_err();
    assert_eq!(dearer.code, "insufficient_cash", "{dearer:?}");
    G1846::apply(&mut state, &buy_4("3/5")).unwrap();
    assert_eq!(
        (state.company(Company::Gt).cash, state.players[0].cash),
        (0, 70)
    );
}
