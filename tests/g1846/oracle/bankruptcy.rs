//! #bankruptcy: the declaration, its issues and sales, and the end of the game when all but one
//! player are bankrupt, as the engine plays them.

use railrules::core::Game;
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::Action;
use railrules::games::g1846::ids::{Company, Seat};
use railrules::games::kit18xx::table::Table as _;

use super::{assert_agrees, before_refused_last, imported_state};

/// #bankruptcy: declaring bankruptcy first makes the company's largest emergency issue still
/// allowed ("the company issues all it can", 7.12, as 18xx.games plays it), and the president
/// is judged bankrupt on what is left. g51, action 43: the C&O ($40, at $30) issues a share at
/// $20 (its price to $20) as its president declares; the treasury ends at $255.
#[test]
fn declaring_bankruptcy_first_issues_what_the_company_may() {
    assert_agrees("g51_s1000151_p5", Some(60));
}

/// #bankruptcy: the certificates the declaration issues are the first the treasury holds (the
/// site's order), so a later purchase of them is from the market. b/g36, action 139.
#[test]
fn a_bankruptcys_issue_sells_the_treasurys_first_certificates() {
    assert_agrees("g36_s1000136_p5_first_ed", Some(145));
}

/// #bankruptcy (6.88-6.89, 7.11): the president may declare as soon as the company's cash,
/// theirs and the largest sale of each company the emergency rules allow cannot reach the
/// cheapest train; they need not sell first. a/g07, action 42: the B&O needs $80 and its
/// president could raise $60.
#[test]
fn bankruptcy_counts_what_the_sales_could_raise() {
    assert_agrees("g07_s1000007_p3", Some(45));
}

/// #bankruptcy: the declaration's first sales are those the emergency rules allow (the
/// operating corporation's presidency kept, never to $0): a/g03, action 426, where the ERIE
/// then ends at $70, not $60.
#[test]
fn a_bankruptcys_first_sales_follow_the_emergency_rules() {
    assert_agrees("g03_s1000003_p5", Some(440));
}

/// #bankruptcy: the declaration's sales name no certificate; the site sells the bankrupt
/// player's in the order they came to them, and the new president hands the market their
/// first two for the president's certificate. g10 (seed 1000010): player 1's bankruptcy
/// at action 413 leaves IC_7 in the market, bought from there at 476.
#[test]
fn a_bankruptcys_sales_move_the_certificates_as_the_site_does() {
    assert_agrees("g10_s1000010_p3_first_ed", Some(480));
}

/// #bankruptcy: a bankrupt president's shares are sold company by company in the operating
/// order of the moment (18xx.games sells `shares_by_corporation(sorted: true)`), which decides
/// who reaches a lower price first. g14 (seed 1002414), action 575: player 1's bankruptcy sells
/// the C&O (at $80 since action 557) before the B&O (at $80 since 570), both to $70; at the
/// stock round's end both drop to $60 in that order, and the C&O operates before the B&O.
#[test]
fn a_bankrupt_presidents_shares_are_sold_in_operating_order() {
    let name = "g14_s1002414_p4";
    let (bo, co) = (Company::Bo, Company::Co);
    let after = imported_state(name, 575);
    assert_eq!(
        (after.company(bo).price, after.company(co).price),
        (after.company(co).price, after.company(bo).price),
        "one price"
    );
    assert!(after.company(co).arrived < after.company(bo).arrived);
    let order = match imported_state(name, 594).round.clone() {
        railrules::games::g1846::state::Round::OperatingRound { order, .. } => order,
        other => panic!("{other:?}"),
    };
    let position = |c| order.iter().position(|x| *x == c);
    assert!(position(co) < position(bo), "{order:?}");
    assert_agrees(name, None);
}

/// #bankruptcy (a reading, as 18xx.games plays it): a bankruptcy neither counts the shares of a
/// corporation in receivership among what the president could still raise nor sells them
/// first with the price moving (g_1846 `sellable_bundles` offers none; the train step still
/// accepts their emergency sale). g38 (seed 1000238), action 352: player 2, with $91, PRR's
/// $177 and sales of $120 allowed besides their GT and B&O (both in receivership, $80 more),
/// cannot reach the $450 4/6: they are bankrupt; GT's and B&O's shares go with the rest, their
/// prices unmoved.
#[test]
fn a_bankruptcy_counts_no_share_of_a_corporation_in_receivership() {
    let name = "g38_s1000238_p4";
    let before = imported_state(name, 351);
    let after = imported_state(name, 352);
    for company in [Company::Gt, Company::Bo] {
        assert!(before.company(company).receivership);
        assert_eq!(
            after.company(company).price,
            before.company(company).price,
            "{company}"
        );
    }
    assert!(after.players[1].bankrupt);
    assert_agrees(name, Some(360));
}

/// #bankruptcy, 10.2: "The game ends immediately if all but one player goes bankrupt": nothing
/// more is played, the next operator's turn neither. Railrules game g6351 (seed 1852351, 3
/// players): player 1 bankrupt earlier, player 3 declares bankruptcy for the C&O;
/// the game ends there, the NYC (no train, next to operate) at $20, player 2 worth $490. A
/// known difference: its export loads in 18xx.games to $450, whose end check comes after the
/// automatic moves that follow the action: the NYC, unable to run, operates first and falls to
/// $10 (docs/rules/1846.md#bankruptcy).
#[test]
fn the_game_ends_at_once_when_all_but_one_player_are_bankrupt() {
    use railrules::games::g1846::state::Round;
    let (before, last) = before_refused_last("g6351_s1852351_p3_all_but_one_bankrupt.json");
    assert!(matches!(last, Action::Bankrupt { .. }), "{last:?}");
    let nyc = before.company(Company::Nyc).price;
    let mut after = before.clone();
    G1846::apply(&mut after, &last).unwrap();
    assert!(after.players.iter().filter(|p| p.bankrupt).count() == 2);
    match &after.round {
        Round::GameEnded { ranking, .. } => {
            assert_eq!(ranking[0].player, Seat::P2);
            assert_eq!(ranking[0].wealth, 490);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        after.company(Company::Nyc).price,
        nyc,
        "the NYC did not operate"
    );
}
