//! Turns and steps as the site plays them: turns ended, steps skipped, issues before the track
//! step ends, discarded trains, the operating order, and dividends without a step.

use railrules::core::{Checked, Game};
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::{Action, Purchase};
use railrules::games::g1846::ids::{Company, Private};
use railrules::games::kit18xx::table::Table as _;
use railrules::import::export_18xx::Export;
use railrules::import::title::{self, ExportVerdict};

use super::{assert_agrees, before_refused_last, cut, imported_state, position, refused, verdict};

/// #interop-turn-ended: 18xx.games ends a corporation's turn by itself once neither its train
/// step nor its last step (buying privates, a private's ability left) offers anything, and a
/// pass after the dividend is the train step's while that offers a train, else the last
/// step's. a/g13, action 39: the NYC buys its last affordable 2 and the round ends at once (the
/// privates pay before the Steamboat's owner moves it); a/g01, actions 47-48: the GT passes its
/// train step, then its last step, and the next round's income is paid then.
#[test]
fn a_turn_ends_when_its_last_steps_offer_nothing() {
    assert_agrees("g13_s1000013_p3", Some(45));
    assert_agrees("g01_s1000001_p3", Some(52));
}

/// #interop-minor-dividend: the site pays a minor's half dividend as soon as it runs. b/g30,
/// actions 135-136: the BIG4 runs, then the next corporation places the C&WI's station (a
/// private of another corporation's is that corporation's turn).
#[test]
fn a_minors_dividend_is_paid_as_it_runs() {
    assert_agrees("g30_s1000130_p5_first_ed", Some(140));
    // A log that ends with the BIG4's run: the engine has paid it already.
    assert_agrees("g30_s1000130_p5_first_ed", Some(136));
}

/// #interop-no-route-step: once the track step is over for a corporation that can run
/// nothing, the site skips its route and dividend steps (withholding $0 moves the price)
/// before its president's emergency sale. a/g08, actions 113-114.
#[test]
fn a_track_step_over_skips_the_routes_before_a_presidents_sale() {
    assert_agrees("g08_s1000008_p4", Some(120));
}

/// #interop: 18xx.games' buying power for track and stations counts the largest issue the
/// corporation may still make in its issue step: the PRR with $0 and an issue left may still
/// place a station, so its issue at action 24 is its own, not an emergency's (2 at $40, price
/// kept). b/g22.
#[test]
fn a_corporations_issue_counts_in_its_buying_power_for_track() {
    assert_agrees("g22_s1000122_p3_first_ed", Some(30));
}

/// #issuing-and-redeeming: once the track step of a corporation that can run nothing is over,
/// 18xx.games has skipped its routes and dividend, which closes the issue step. Every such
/// moment of the sample's engine games (their saves as imported), until some are seen.
#[test]
fn a_corporation_that_can_run_nothing_issues_before_its_track_step_ends() {
    use railrules::games::g1846::operating_round::steps::routes_skipped;
    use railrules::games::g1846::state::Round;
    let mut seen = 0;
    for name in [
        "g22_s1000122_p3_first_ed",
        "g02_s1000002_p4",
        "g05_s1000005_p4_first_ed",
    ] {
        let (export, _) = cut(name, None);
        let export = Export::parse(std::str::from_utf8(&export).unwrap()).unwrap();
        let save = title::import::<G1846>(&export).unwrap().save;
        let options = serde_json::from_value(save.setup.options.unwrap()).unwrap();
        let mut state = G1846::setup(&options, save.setup.seed).unwrap();
        for action in save.actions {
            let action: Action = serde_json::from_value(action).unwrap();
            let company = match &state.round {
                Round::OperatingRound {
                    order,
                    current,
                    turn,
                    ..
                } if turn.revenue.is_none() && !turn.shares_moved => Some(order[*current]),
                _ => None,
            }
            .filter(|&c| !c.is_minor() && routes_skipped(&state, c));
            if let Some(company) = company {
                seen += 1;
                let issue = Action::SellShares {
                    player: action.player(),
                    corporation: company,
                    percent: 10,
                    entity: Some(company),
                };
                let mut copy = state.clone();
                let refused = G1846::apply(&mut copy, &issue).unwrap_err();
                assert_eq!(refused.code, "issue_closed", "{name}: {refused:?}");
            }
            G1846::apply(&mut state, &action).unwrap();
        }
    }
    assert!(
        seen > 0,
        "no corporation of these games ran out of track with nothing to run"
    );
}

/// #discarded-trains: a train discarded over the limit goes back to the bank, and the depot
/// sells it again beside its next card, on either side. g09 (seed 1000109): the IC discards a
/// 4 at action 326, and the GT buys it as a 3/5 for $160 at 338 while the depot's next card is
/// the 5; g28 (seed 1000128): the C&O buys the IC's discarded 4 as a 4 for $180 at 230 while
/// the depot sells 6s.
#[test]
fn a_discarded_train_is_sold_again_on_either_side() {
    let name = "g09_s1000109_p5";
    let before = imported_state(name, 337);
    let discarded: Vec<String> = before
        .discard_pile
        .iter()
        .map(|t| t.id.to_string())
        .collect();
    assert_eq!(discarded.len(), 1, "{discarded:?}");
    assert!(discarded[0].starts_with("4-"), "{discarded:?}");
    let after = imported_state(name, 338);
    assert!(after.discard_pile.is_empty());
    let gt = after.company(Company::Gt);
    assert!(
        gt.trains
            .iter()
            .any(|t| t.id.as_str() == discarded[0] && t.side.as_str() == "3/5"),
        "{:?}",
        gt.trains
    );
    assert_agrees(name, Some(345));
    assert_agrees("g28_s1000128_p3_first_ed", Some(231));
}

/// #operating-rounds: every started corporation operates once in each operating round, also the
/// one after two that close at $0 in one action. A known difference: engine game of seed
/// 1002530, OR 4.1, /actions/440: the ERIE withholds at $10 and closes at $0; in that same
/// action the engine operates the C&O (in receivership, no train: its price falls to $0, it
/// closes) and ends the round, the B&O (a 3/5, $98, player 5 presiding) never operating. In
/// railrules the B&O operates next, so the export, whose next action is the GT's in OR 4.2, is
/// refused there.
#[test]
fn a_corporation_operates_after_the_two_before_it_close() {
    use railrules::games::g1846::state::Round;
    let name = "g30_s1002530_p5_first_ed";
    let (erie, co, bo) = (Company::Erie, Company::Co, Company::Bo);
    let after = imported_state(name, 441);
    assert!(after.company(erie).closed && after.company(co).closed);
    match &after.round {
        Round::OperatingRound {
            after_stock_round,
            number,
            order,
            current,
            ..
        } => {
            assert_eq!((*after_stock_round, *number), (4, 1), "still OR 4.1");
            assert_eq!(order[*current], bo, "the B&O operates: {order:?}");
        }
        other => panic!("{other:?}"),
    }
    assert!(!after.company(bo).trains.is_empty());
    match verdict(name, None) {
        ExportVerdict::Untranslatable { pointer, problem } => {
            assert_eq!(pointer, "/actions/441");
            assert!(problem.contains("ends B&O's turn"), "{problem}");
        }
        other => panic!("{other:?}"),
    }
}

/// #interop-nothing-to-do: a stock-round sale that leaves the seller nothing to do ends their
/// turn on the site at once; their next pass in the export is of their next turn. g11 (seed
/// 1000011): P4's sale of ERIE at action 173 leaves them nothing (sales in blocks, no cash for
/// a share), the others have nothing either, and P4's pass at 174 ends the stock round: the
/// market drops the sold companies' prices and the operating round pays the privates.
#[test]
fn a_pass_after_a_sale_that_left_nothing_is_of_the_next_turn() {
    let state = imported_state("g11_s1000011_p4_first_ed", 174);
    assert!(
        matches!(
            state.round,
            railrules::games::g1846::state::Round::OperatingRound { .. }
        ),
        "{:?}",
        state.round
    );
    assert_agrees("g11_s1000011_p4_first_ed", Some(180));
}

/// #operating-round: the track step ends for the turn once it offers nothing when an action
/// comes (18xx.games passes its `TrackAndToken` step at once, `Round#skip_steps`); a minor
/// bought afterwards, whose station gives the corporation a city to reach, does not reopen it.
/// Position g5021-track-step-over (railrules game, seed 1851021): the IC has made its two lays,
/// can place no station, and buys the Michigan Southern, gaining its station in C15: its
/// station in B16 is refused.
#[test]
fn a_track_step_that_offered_nothing_is_not_reopened_by_a_purchase() {
    let (mut state, actions) = position("g5021-track-step-over.json");
    let places_a_station = |state: &Checked<G1846>| {
        G1846::list(state)
            .into_iter()
            .any(|a| matches!(a, Action::PlaceToken { company: None, .. }))
    };
    assert!(!places_a_station(&state));
    assert!(matches!(
        &actions[0],
        Action::BuyCompany {
            company: Purchase::Minor(Company::Ms),
            ..
        }
    ));
    G1846::apply(&mut state, &actions[0]).unwrap();
    assert!(state.board.stations_of("IC").any(|s| s.hex == "C15"));
    assert!(matches!(&actions[1], Action::PlaceToken { hex, .. } if hex == "B16"));
    assert!(!places_a_station(&state));
    assert_eq!(refused(&state, &actions[1]), "track_step_over");
}

/// #dividends: when the track step ends with the company able to run nothing, its $0 run and
/// withhold come before anything else (18xx.games passes its `Route` step and withholds at once,
/// in the action that ended the track step; a corporation reaching $0 closes with it). g5511
/// (seed 1851511, as railrules played it before this rule): the IC, $10, its trains running
/// nowhere, lays its second tile; its C&WI station next is refused (on the site the IC had
/// closed), and only the run is listed.
#[test]
fn routes_skipped_run_before_anything_else() {
    let (state, station) = before_refused_last("g5511_s1851511_p3_run_due.json");
    assert!(
        matches!(
            &station,
            Action::PlaceToken {
                company: Some(Private::Cwi),
                ..
            }
        ),
        "{station:?}"
    );
    assert_eq!(refused(&state, &station), "run_due");
    let listed = G1846::list(&state);
    assert!(
        !listed.is_empty()
            && listed
                .iter()
                .all(|a| matches!(a, Action::RunRoutes { routes, .. } if routes.is_empty())),
        "{listed:?}"
    );
}

/// #dividends: a revenue with no dividend step (a corporation's $0, a minor's run) is paid or
/// withheld as the routes run, before anything else (18xx.games skips its `Dividend` step at
/// once, the price moving then). g5178 (seed 1851178, first edition, as railrules played it
/// before this rule): the IC runs nothing ($0, save action 166) and buys the C&WI (167) before
/// its withhold, which takes it to $0 and closes it on the site, where that purchase never
/// comes.
#[test]
fn a_dividend_without_a_step_comes_with_the_run() {
    let (state, purchase) = before_refused_last("g5178_s1851178_p3_dividend_due.json");
    assert!(matches!(
        &purchase,
        Action::BuyCompany {
            company: Purchase::Private(Private::Cwi),
            ..
        }
    ));
    assert_eq!(refused(&state, &purchase), "dividend_due");
    let listed = G1846::list(&state);
    assert!(!listed.is_empty());
    assert!(
        listed.iter().all(|a| matches!(a, Action::Dividend { .. })),
        "{listed:?}"
    );
}

/// #operating-round: a corporation that can run nothing when its track step ends has its
/// routes skipped for the turn (18xx.games passes its `Route` and `Dividend` steps at once): a
/// train gained later does not run. g5109 (seed 1851109, as railrules played it before this
/// rule): the IC, without a train, makes its two lays (its track step ends), buys the Michigan
/// Southern and its 2 (save action 89), and runs it (90): refused.
#[test]
fn routes_skipped_when_the_track_step_ended_stay_skipped() {
    let (state, run) = before_refused_last("g5109_s1851109_p3_routes_skipped.json");
    assert!(matches!(&run, Action::RunRoutes { routes, .. } if !routes.is_empty()));
    assert!(!state.company(Company::Ic).trains.is_empty());
    assert_eq!(refused(&state, &run), "routes_skipped");
}
