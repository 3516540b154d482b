//! `check`: tampered states are caught, each problem named.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::state::{Certificate, Owner};
use railrules::games::railroad_barons::{Investor, RailroadBarons};

fn game_in_progress() -> State {
    position(
        A,
        &[
            holding(Red, 100, &[(40, B), (30, A)]),
            holding(Blue, 70, &[(40, A)]),
        ],
    )
}

#[test]
fn reachable_states_are_consistent() {
    assert!(RailroadBarons::check(&new_game()).is_empty());
    assert!(RailroadBarons::check(&game_in_progress()).is_empty());
}

#[test]
fn money_created_is_caught() {
    let mut s = game_in_progress();
    s.player_mut(A).cash += 1000;
    assert_eq!(
        codes(&RailroadBarons::check(&s)),
        vec!["money_not_conserved"]
    );
}

#[test]
fn a_certificate_in_two_places_is_caught() {
    let mut s = game_in_progress();
    s.holding_mut(Red).certificates.push(Certificate {
        percent: 30,
        owner: Owner::B,
    });
    let found = RailroadBarons::check(&s);
    assert!(
        codes(&found).contains(&"certificate_in_two_places"),
        "{found:?}"
    );
    assert!(codes(&found).contains(&"certificates_not_100_percent"));
}

#[test]
fn a_director_who_is_not_the_largest_holder_is_caught() {
    let mut s = game_in_progress();
    s.holding_mut(Red).director = Some(A);
    assert_eq!(
        codes(&RailroadBarons::check(&s)),
        vec!["director_not_largest_holder"]
    );
}

#[test]
fn a_player_over_the_limit_without_owing_a_sell_down_is_caught() {
    let mut s = position(
        A,
        &[
            holding(Red, 70, &[(40, A), (30, A), (20, A), (10, A)]),
            holding(Black, 70, &[(40, A), (30, A), (20, A), (10, A)]),
        ],
    );
    for c in s.holding_mut(Yellow).certificates.iter_mut() {
        c.owner = Owner::A;
    }
    let y = s.holding_mut(Yellow);
    y.director = Some(A);
    y.share_value = Some(70);
    y.start_value = Some(70);
    y.floated = true;
    y.cash = 700;
    s.bank_paid_out += 700;
    assert_eq!(codes(&RailroadBarons::check(&s)), vec!["certificate_limit"]);
}

#[test]
fn several_problems_are_all_listed() {
    let mut s = game_in_progress();
    s.player_mut(B).cash += 5;
    s.holding_mut(Red).share_value = Some(101);
    s.player_mut(A).investors.push(Investor::Investor450);
    let found = RailroadBarons::check(&s);
    let c = codes(&found);
    assert!(c.contains(&"money_not_conserved"), "{c:?}");
    assert!(c.contains(&"share_value_off_track"), "{c:?}");
    assert!(c.contains(&"investor_in_two_places"), "{c:?}");
    let twice = found
        .iter()
        .find(|v| v.code == "investor_in_two_places")
        .unwrap();
    assert!(
        twice.message == "investor_450 is in player A and out of the game",
        "{}",
        twice.message
    );
}

#[test]
fn a_floated_holding_missing_its_float_is_caught() {
    let mut s = game_in_progress();
    let red = s.holding_mut(Red);
    red.floated = false;
    red.cash = 0;
    s.bank_paid_out -= 1000;
    assert_eq!(codes(&RailroadBarons::check(&s)), vec!["float_missed"]);
}

#[test]
fn a_railroad_in_two_places_is_caught() {
    let mut s = game_in_progress();
    s.holding_mut(Red)
        .railroads
        .push(railrules::games::railroad_barons::state::OwnedRailroad { card: 0, face: 0 });
    let found = RailroadBarons::check(&s);
    assert_eq!(codes(&found), vec!["railroad_in_two_places"]);
    // The message names both places.
    let message = &found[0].message;
    assert!(
        message.contains(&format!(" and {Red}'s railroads")),
        "{message}"
    );
}

/// The problems as (code, pointer), sorted.
fn located(s: &State) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = RailroadBarons::check(s)
        .into_iter()
        .map(|v| (v.code, v.pointer.unwrap_or_default()))
        .collect();
    found.sort();
    found
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect()
}

/// Issue 16: counts the rest of the state fixes. In the draft, each offer gave one player the
/// card and the other its price: a player's cash is $200 and the prices of the Investors the
/// other player took.
#[test]
fn in_the_draft_each_players_cash_is_the_price_of_the_others_investors() {
    let mut s = new_game();
    let offerer = s.start_player;
    play(
        &mut s,
        railrules::games::railroad_barons::Action::OfferInvestor {
            player: offerer,
            investor: Investor::Investor40,
        },
    );
    let chooser = s.start_player.other();
    play(
        &mut s,
        railrules::games::railroad_barons::Action::TakeInvestor { player: chooser },
    );
    assert!(located(&s).is_empty());
    // The offerer's $40 moved to the chooser, conserved but not where the draft put it.
    s.player_mut(offerer).cash -= 40;
    s.player_mut(chooser).cash += 40;
    let mut expected = pairs(&[
        ("draft_cash", &format!("/players/{}/cash", offerer.index())),
        ("draft_cash", &format!("/players/{}/cash", chooser.index())),
    ]);
    expected.sort();
    assert_eq!(located(&s), expected);
    // An Investor out of the game before the draft ends.
    let mut s = new_game();
    s.investors_out_of_game.push(Investor::Investor30);
    if let railrules::games::railroad_barons::state::Round::InvestorDraft { pool, .. } =
        &mut s.round
    {
        pool.retain(|&i| i != Investor::Investor30);
    }
    assert_eq!(
        located(&s),
        pairs(&[
            ("bad_draft", "/round/offers_made"),
            ("bad_draft", "/round/pool")
        ])
    );
}

#[test]
fn after_the_draft_exactly_the_fifth_investor_is_out_of_the_game() {
    let mut s = game_in_progress();
    assert_eq!(s.investors_out_of_game.len(), 1);
    let out = s.investors_out_of_game.pop().unwrap();
    s.player_mut(A).investors.push(out);
    assert_eq!(
        located(&s),
        pairs(&[("bad_draft", "/investors_out_of_game")])
    );
}

#[test]
fn a_stock_rounds_passes_and_sales_are_turns_and_trades() {
    use railrules::games::railroad_barons::state::{Round, Sold};
    let mut s = game_in_progress();
    let Round::StockRound {
        turns_taken,
        passes_in_a_row,
        last_trader,
        sold,
        ..
    } = &mut s.round
    else {
        panic!("a Stock Round")
    };
    *turns_taken = 0;
    *passes_in_a_row = 1;
    *last_trader = None;
    sold.clear();
    assert_eq!(
        located(&s),
        pairs(&[("bad_round", "/round/passes_in_a_row")])
    );
    let mut s = game_in_progress();
    let Round::StockRound {
        sold, last_trader, ..
    } = &mut s.round
    else {
        panic!("a Stock Round")
    };
    *last_trader = None;
    let once = Sold {
        player: A,
        holding: Red,
    };
    *sold = vec![once, once];
    assert_eq!(
        located(&s),
        pairs(&[
            ("bad_round", "/round/last_trader"),
            ("bad_round", "/round/sold/1")
        ])
    );
}

/// Issue 16: a state listing an unknown Railroad card 700,000 times answered 174 MB; the
/// unknown card is one problem, listed once, and the card in two places names its places once
/// each with how often.
#[test]
fn a_card_repeated_700000_times_is_one_problem() {
    let mut s = game_in_progress();
    s.railroads_out_of_game = vec![200; 700_000];
    let started = std::time::Instant::now();
    let found = located(&s);
    assert!(started.elapsed().as_secs() < 20);
    assert_eq!(
        found,
        pairs(&[("unknown_railroad", "/railroads_out_of_game")])
    );
    let mut s = game_in_progress();
    let first = s.railroad_stack[0];
    s.railroads_out_of_game = vec![first; 700_000];
    let found = RailroadBarons::check(&s);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, "railroad_in_two_places");
    assert_eq!(found[0].pointer.as_deref(), Some("/railroads_out_of_game"));
    assert!(found[0].message.len() < 200, "{}", found[0].message);
}
