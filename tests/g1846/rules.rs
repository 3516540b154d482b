//! 1846's operating-round rules, each with a legal and an illegal case, on positions of a real
//! game (tests/data/18xx-games/1846/20381.json, imported): the position is the state just
//! before one of the game's own actions, and the figures are the game's and the components'
//! (src/games/g1846/components.json).

use railrules::core::{Checked, Game};
use railrules::games::g1846::G1846;
use railrules::games::g1846::action::{Action, DividendKind, Purchase};
use railrules::games::g1846::data::components;
use railrules::games::g1846::ids::{Company, Private, Seat};
use railrules::games::g1846::state::{PrivateOwner, Round, State};
use railrules::games::kit18xx::market::{
    dividend_split, dividend_steps, emergency_issue, redemption, space, step, voluntary_issue,
};
use railrules::games::kit18xx::table::Table as _;
use railrules::import::export_18xx::Export;
use railrules::import::title;
use std::sync::OnceLock;

/// The imported save of 20381: its options, seed and actions.
fn real_game() -> &'static (railrules::games::g1846::setup::Options, u64, Vec<Action>) {
    static GAME: OnceLock<(railrules::games::g1846::setup::Options, u64, Vec<Action>)> =
        OnceLock::new();
    GAME.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/18xx-games/1846/20381.json"
        );
        let text: &'static str = Box::leak(std::fs::read_to_string(path).unwrap().into_boxed_str());
        let export = Export::parse(text).unwrap();
        let save = title::import::<G1846>(&export).unwrap().save;
        (
            serde_json::from_value(save.setup.options.unwrap()).unwrap(),
            save.setup.seed,
            serde_json::from_value(save.actions.into()).unwrap(),
        )
    })
}

/// The state `actions` lead to from the setup.
fn replayed(
    options: &railrules::games::g1846::setup::Options,
    seed: u64,
    actions: &[Action],
) -> Checked<G1846> {
    let mut state = G1846::setup(options, seed).unwrap();
    for action in actions {
        G1846::apply(&mut state, action).unwrap();
    }
    state
}

/// The state before the save's action `index`, and that action.
fn before(index: usize) -> (Checked<G1846>, Action) {
    let (options, seed, actions) = real_game();
    (
        replayed(options, *seed, &actions[..index]),
        actions[index].clone(),
    )
}

fn refused(state: &Checked<G1846>, action: &Action) -> String {
    let mut copy = state.clone();
    match G1846::apply(&mut copy, action) {
        Ok(_) => panic!("{action:?} accepted"),
        Err(v) => v.code,
    }
}

fn cash(state: &Checked<G1846>, seat: Seat) -> u32 {
    state.players.iter().find(|p| p.seat == seat).unwrap().cash
}

/// docs/rules/1846.md#minors: a minor splits its revenue, half (rounded down) to its treasury
/// and the rest to its owner; it has no other dividend to choose. The MS (P5's) ran $60 in OR 1.1.
#[test]
fn a_minor_splits_its_revenue_with_its_owner() {
    let (state, action) = before(36);
    assert_eq!(
        action,
        Action::Dividend {
            player: Seat::P5,
            kind: DividendKind::Payout
        }
    );
    // Nor may it withhold what it earned (18xx.games pays a minor's revenue itself).
    for kind in [DividendKind::Half, DividendKind::Withhold] {
        let other = Action::Dividend {
            player: Seat::P5,
            kind,
        };
        assert_eq!(refused(&state, &other), "dividend_kind", "{kind:?}");
    }
    let (owner, treasury) = (cash(&state, Seat::P5), state.company(Company::Ms).cash);
    let mut after = state.clone();
    G1846::apply(&mut after, &action).unwrap();
    assert_eq!(cash(&after, Seat::P5), owner + 30);
    assert_eq!(after.company(Company::Ms).cash, treasury + 30);
}

/// docs/rules/1846.md#privates: a corporation buys a private from a player for $1 up to its
/// face value (the Tunnel Blasting Company's $60); C&O bought it for $60 in OR 1.1.
#[test]
fn a_private_sells_for_one_dollar_up_to_its_face_value() {
    let (state, action) = before(51);
    let Action::BuyCompany { player, price, .. } = action.clone() else {
        panic!("{action:?}")
    };
    assert_eq!(price, 60);
    for wrong in [0, 61] {
        let at = Action::BuyCompany {
            player,
            company: Purchase::Private(Private::Tbc),
            price: wrong,
            accepted_by: None,
        };
        assert_eq!(refused(&state, &at), "bad_price", "${wrong}");
    }
    let seller = cash(&state, Seat::P4);
    let buyer = state.company(Company::Co).cash;
    let mut after = state.clone();
    G1846::apply(&mut after, &action).unwrap();
    assert_eq!(after.company(Company::Co).cash, buyer - 60);
    assert_eq!(cash(&after, Seat::P4), seller + 60);
    assert_eq!(
        after.private(Private::Tbc).unwrap().owner,
        PrivateOwner::Company {
            company: Company::Co
        }
    );
}

/// docs/rules/1846.md#minors: a corporation buys a minor for $1 up to its card's face value (the
/// Big 4's $40, 18xx.games' `value`); IC bought the Big 4 for $1 in OR 1.2, and takes its cash,
/// train and station.
#[test]
fn a_corporation_buys_a_minor_with_its_cash_train_and_station() {
    let (state, action) = before(75);
    let Action::BuyCompany { player, price, .. } = action.clone() else {
        panic!("{action:?}")
    };
    assert_eq!(price, 1);
    let face = components()
        .minors
        .iter()
        .find(|m| m.id == "BIG4")
        .unwrap()
        .value;
    assert_eq!(face, 40, "the Big 4's card");
    let at_face = Action::BuyCompany {
        player,
        company: Purchase::Minor(Company::Big4),
        price: face,
        accepted_by: None,
    };
    let mut paid_face = state.clone();
    G1846::apply(&mut paid_face, &at_face).unwrap();
    let over = Action::BuyCompany {
        player,
        company: Purchase::Minor(Company::Big4),
        price: face + 1,
        accepted_by: None,
    };
    assert_eq!(refused(&state, &over), "bad_price");
    let minor_cash = state.company(Company::Big4).cash;
    let minor_trains = state.company(Company::Big4).trains.len();
    let ic_cash = state.company(Company::Ic).cash;
    let ic_trains = state.company(Company::Ic).trains.len();
    let mut after = state.clone();
    G1846::apply(&mut after, &action).unwrap();
    assert!(after.company(Company::Big4).closed);
    assert_eq!(after.company(Company::Ic).cash, ic_cash - 1 + minor_cash);
    assert_eq!(
        after.company(Company::Ic).trains.len(),
        ic_trains + minor_trains
    );
    assert!(after.board.stations_of("IC").any(|s| s.hex == "G9"));
}

/// docs/rules/1846.md#privates: the Steamboat's owner assigns its marker at the start of an
/// operating round, to one of its ports or a corporation; no other player may, and no other
/// hex takes it. P3 put it on Holland (B8) at the start of OR 1.1.
#[test]
fn the_steamboat_is_assigned_by_its_owner_to_one_of_its_ports() {
    let (state, action) = before(33);
    assert_eq!(
        action,
        Action::Assign {
            player: Seat::P3,
            company: Private::Sc,
            target: "B8".to_string()
        }
    );
    let by_another = Action::Assign {
        player: Seat::P1,
        company: Private::Sc,
        target: "B8".to_string(),
    };
    // P1, not the Steamboat's owner, is not the one to act at the round's start.
    assert_eq!(refused(&state, &by_another), "not_your_turn");
    let elsewhere = Action::Assign {
        player: Seat::P3,
        company: Private::Sc,
        target: "E5".to_string(),
    };
    assert_eq!(refused(&state, &elsewhere), "not_in_ability");
    let mut after = state.clone();
    G1846::apply(&mut after, &action).unwrap();
    assert!(
        after
            .markers
            .iter()
            .any(|m| m.private == Private::Sc && m.hex.as_deref() == Some("B8"))
    );
    // Once a round: the port is assigned for this round.
    let again = Action::Assign {
        player: Seat::P3,
        company: Private::Sc,
        target: "C5".to_string(),
    };
    assert_eq!(refused(&after, &again), "ability_used");
}

/// docs/rules/1846.md#trains: the first 5-train closes the privates (and the minors); NYC's
/// purchase of the first 5 (4/6) closes every private still open.
#[test]
fn the_first_5_train_closes_the_privates_and_the_minors() {
    let (state, action) = before(236);
    assert!(matches!(&action, Action::BuyTrain { train, .. } if train == "5"));
    assert!(state.privates.iter().any(|p| !p.closed));
    let mut after = state.clone();
    G1846::apply(&mut after, &action).unwrap();
    assert!(
        after.privates.iter().all(|p| p.closed),
        "{:?}",
        after.privates
    );
    assert!(
        after
            .companies
            .iter()
            .filter(|c| c.company.is_minor())
            .all(|c| c.closed)
    );
}

/// The price of the space `steps` from the space showing `price` on 1846's market.
fn moved(price: u32, steps: i32) -> u32 {
    let market = &components().market;
    market[step(market, space(market, price).unwrap(), steps)]
}

/// docs/rules/1846.md#dividends, the table of 18xx.games' 1846 (game.rb): a dividend under half
/// the price moves it one space left, from half to under the price not at all, at least the
/// price one right, at least double two, at least triple three but only from $165 up.
#[test]
fn the_dividend_moves_the_price_by_the_1846_table() {
    let cases = [
        // (paid out in total, price, the price after)
        (0, 100, 90),
        (40, 100, 90),
        (50, 100, 100),
        (90, 100, 100),
        (100, 100, 112),
        (199, 100, 112),
        (200, 100, 124),
        (300, 150, 180),
        (450, 150, 180),
        (495, 165, 212),
        (330, 165, 195),
    ];
    for (paid, price, after) in cases {
        assert_eq!(
            moved(price, dividend_steps(paid, price)),
            after,
            "${paid} paid at ${price}"
        );
    }
}

/// docs/rules/1846.md#dividends: half pay keeps half the revenue rounded down to a multiple of
/// $10 and pays the rest: $150 keeps $70 and pays $80, $8 a share.
#[test]
fn half_pay_keeps_half_rounded_down_to_ten_dollars() {
    let split = dividend_split(150, DividendKind::Half);
    assert_eq!((split.kept, split.paid, split.per_share()), (70, 80, 8));
    let split = dividend_split(140, DividendKind::Half);
    assert_eq!((split.kept, split.paid, split.per_share()), (70, 70, 7));
    let split = dividend_split(140, DividendKind::Payout);
    assert_eq!((split.kept, split.paid, split.per_share()), (0, 140, 14));
}

/// docs/rules/1846.md#issuing-and-redeeming: a corporation issues shares at the price one space
/// left of its own, and redeems at one space right; the price does not move. B&O issued 3 at
/// $80 with its price at $90 in 10264's OR 1.2 (the market observations' row at action 90).
#[test]
fn shares_are_issued_one_space_left_and_redeemed_one_space_right() {
    let market = &components().market;
    let at_90 = space(market, 90).unwrap();
    let issue = voluntary_issue(market, at_90, 3);
    assert_eq!((issue.each, issue.total), (80, 240));
    assert_eq!(issue.space_after, at_90);
    let redeem = redemption(market, at_90, 2);
    assert_eq!((redeem.each, redeem.total), (100, 200));
    // An emergency issue moves the price a space left per share, each at one left of the new
    // price; one that would reach the closing space is refused.
    let emergency = emergency_issue(market, at_90, 2).unwrap();
    assert_eq!(market[emergency.space_after], 70);
    assert_eq!(emergency.each, 60);
    assert!(emergency_issue(market, space(market, 20).unwrap(), 2).is_none());
}

/// The state `state` with `change` made to it, checked again (a test's own position).
fn changed(state: &Checked<G1846>, change: impl FnOnce(&mut State)) -> Checked<G1846> {
    let mut raw = (**state).clone();
    change(&mut raw);
    Checked::new(raw).unwrap()
}

/// docs/rules/1846.md#laying-track: the Tunnel Blasting Company takes $20 off its corporation's
/// cost of laying on a mountain. C&O, owning it, laid a tile 8 on H14 (a $60 mountain) in OR 1.2
/// for $40; with $39 it cannot.
#[test]
fn the_tunnel_blasting_company_takes_twenty_dollars_off_a_mountain() {
    let (state, action) = before(95);
    assert!(matches!(&action, Action::LayTile { hex, .. } if hex == "H14"));
    assert_eq!(
        state.private(Private::Tbc).unwrap().owner,
        PrivateOwner::Company {
            company: Company::Co
        }
    );
    let cash = state.company(Company::Co).cash;
    let mut after = state.clone();
    G1846::apply(&mut after, &action).unwrap();
    assert_eq!(after.company(Company::Co).cash, cash - 40);
    // The rest of C&O's cash goes to the bank (the game's money stays $9,000).
    let with = |left: u32| {
        changed(&state, |s| {
            let c = &mut s.companies[Company::Co.index()];
            s.bank += i64::from(c.cash) - i64::from(left);
            c.cash = left;
        })
    };
    let short = with(39);
    assert_eq!(refused(&short, &action), "insufficient_cash");
    let enough = with(40);
    let mut after = enough.clone();
    G1846::apply(&mut after, &action).unwrap();
    assert_eq!(after.company(Company::Co).cash, 0);
}

/// docs/rules/1846.md#privates: at the start of each operating round every open private pays
/// its revenue to its owner, a player or a corporation (TBC $20, SC $10...). Checked at every
/// stock round's end of the real game: the owners' cash rises by exactly their privates'
/// revenue, and nobody else's moves.
#[test]
fn the_privates_pay_their_owners_at_the_start_of_each_operating_round() {
    let (options, seed, actions) = real_game();
    let mut state = G1846::setup(options, *seed).unwrap();
    let mut rounds = 0;
    for action in actions {
        let in_stock_round = matches!(state.round, Round::StockRound { .. });
        if state.privates.iter().all(|p| p.closed) {
            break;
        }
        let before = (*state).clone();
        G1846::apply(&mut state, action).unwrap();
        if !(in_stock_round && matches!(state.round, Round::OperatingRound { .. })) {
            continue;
        }
        rounds += 1;
        for player in &before.players {
            let income: u32 = before
                .privates
                .iter()
                .filter(|p| !p.closed && p.owner == PrivateOwner::Player { seat: player.seat })
                .map(|p| revenue(p.private))
                .sum();
            assert_eq!(
                cash(&state, player.seat),
                player.cash + income,
                "{:?}",
                player.seat
            );
        }
        for company in &before.companies {
            let income: u32 = before
                .privates
                .iter()
                .filter(|p| {
                    !p.closed
                        && p.owner
                            == PrivateOwner::Company {
                                company: company.company,
                            }
                })
                .map(|p| revenue(p.private))
                .sum();
            assert_eq!(state.company(company.company).cash, company.cash + income);
        }
    }
    // The first 5-train closed the privates after the third.
    assert_eq!(rounds, 3, "stock rounds ended while privates paid");
}

fn revenue(private: Private) -> u32 {
    let id = serde_json::to_value(private).unwrap();
    components()
        .privates
        .iter()
        .find(|p| id == p.id.as_str())
        .unwrap()
        .revenue
}

/// docs/rules/1846.md#dividends: a revenue of $0 is withheld: 18xx.games has no dividend step
/// for it, so a payout or half of nothing is refused. Every $0 dividend of the real game.
#[test]
fn a_revenue_of_nothing_is_withheld() {
    let (options, seed, actions) = real_game();
    let mut state = G1846::setup(options, *seed).unwrap();
    let mut seen = 0;
    for action in actions {
        let nothing = match (&state.round, action) {
            (Round::OperatingRound { turn, .. }, Action::Dividend { .. }) => {
                turn.revenue == Some(0)
            }
            _ => false,
        };
        if nothing {
            seen += 1;
            let player = action.player();
            for kind in [DividendKind::Payout, DividendKind::Half] {
                let other = Action::Dividend { player, kind };
                assert_eq!(refused(&state, &other), "dividend_kind", "{kind:?}");
            }
            // With no dividend step, the dividend is made with the routes: nothing comes
            // between them, an issue neither.
            let operating = operating_company(&state);
            if !operating.is_minor() {
                let issue = Action::SellShares {
                    player,
                    corporation: operating,
                    percent: 10,
                    entity: Some(operating),
                };
                assert_eq!(refused(&state, &issue), "dividend_due");
            }
        }
        G1846::apply(&mut state, action).unwrap();
    }
    assert!(seen > 0, "the real game withholds no $0");
}

/// The operating company of an operating round's state.
fn operating_company(state: &State) -> Company {
    match &state.round {
        Round::OperatingRound { order, current, .. } => order[*current],
        other => panic!("not an operating round: {other:?}"),
    }
}

/// docs/rules/1846.md#minors: a minor buys no train (its 2 is its own; 18xx.games offers a
/// minor no train step). Every minor's turn of the real game, after its dividend.
#[test]
fn a_minor_buys_no_train() {
    let (options, seed, actions) = real_game();
    let mut state = G1846::setup(options, *seed).unwrap();
    let mut seen = 0;
    for action in actions {
        let minor_after_dividend = match &state.round {
            Round::OperatingRound { turn, .. } => {
                turn.dividend_done && operating_company(&state).is_minor()
            }
            _ => false,
        };
        if minor_after_dividend {
            seen += 1;
            let buy = Action::BuyTrain {
                player: action.player(),
                train: "2".to_string(),
                variant: "2".to_string(),
                from: None,
                price: None,
                accepted_by: None,
            };
            assert_eq!(refused(&state, &buy), "buys_no_train");
        }
        G1846::apply(&mut state, action).unwrap();
    }
    assert!(seen > 0, "no minor's turn after its dividend");
}

/// The first actions of a save file in tests/data, replayed: the state before the last, and it.
fn saved_position(file: &str) -> (Checked<G1846>, Action) {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let save: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let options = serde_json::from_value(save["setup"]["options"].clone()).unwrap();
    let seed = save["setup"]["seed"].as_u64().unwrap();
    let mut actions: Vec<Action> = serde_json::from_value(save["actions"].clone()).unwrap();
    let last = actions.pop().unwrap();
    (replayed(&options, seed, &actions), last)
}

/// A position of tests/data/18xx-games/1846-positions and the action that came next there.
fn position_before(file: &str) -> (Checked<G1846>, Action) {
    let (state, mut actions) = crate::oracle::position(file);
    (state, actions.remove(0))
}

/// docs/rules/1846.md#privates: a corporation's Steamboat moves before its routes, and so
/// before its track step ends when it has no train (its routes are skipped then; 18xx.games'
/// ability is `when: track_and_token, route`). A game railrules played (seed 1851014,
/// tests/data/1846-a-steamboat-after-skipped-routes.json): the IC, with no train, laid its
/// track and placed its station, then bought a train and moved the Steamboat: refused.
#[test]
fn a_corporations_steamboat_moves_before_its_skipped_routes() {
    let (state, assign) = saved_position("1846-a-steamboat-after-skipped-routes.json");
    assert!(matches!(assign, Action::Assign { .. }), "{assign:?}");
    assert_eq!(refused(&state, &assign), "after_routes");
}

/// docs/rules/1846.md#routes: no piece of track twice in a run, a hex edge being track whatever
/// path reaches it (18xx.games `check_overlap`). A position railrules reached (seed 1851023,
/// tests/data/18xx-games/1846-positions/g5023-route-crosses-an-edge-twice.json): the NYC's 4 runs
/// C15-C13-D12-E13-E11 and then E11-...-C11-D12-C13-D14, leaving D12 for C13 twice through two
/// paths of D12's tile; refused, and the same run without the second leg is accepted.
#[test]
fn a_route_crosses_a_hex_edge_once() {
    let (state, run) = position_before("g5023-route-crosses-an-edge-twice.json");
    let mut copy = state.clone();
    let refusal = G1846::apply(&mut copy, &run).unwrap_err();
    assert_eq!(refusal.code, "track_used_twice", "{refusal:?}");
    assert!(refusal.message.contains("D12"), "{}", refusal.message);
    // The first leg alone (C15 to E11) shares no edge.
    let Action::RunRoutes { player, routes } = run.clone() else {
        panic!("{run:?}");
    };
    let mut shorter = routes.clone();
    shorter[0].nodes.truncate(2);
    shorter[0].connections.truncate(1);
    shorter[0].revenue = 0;
    let shorter = Action::RunRoutes {
        player,
        routes: shorter,
    };
    assert_eq!(refused(&state, &shorter), "wrong_revenue");
}
