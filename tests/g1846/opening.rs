//! The opening of the 12 real games played by the 1846 game itself: setup dealt from each
//! export's seed, the draft, and the first stock round on the kit's stock round. Every action
//! of the export must be accepted, by the seat the game says is to act, and each round must
//! end exactly where the export's next round begins.

use crate::replay::Played;
use railrules::core::Violation;
use railrules::games::g1846::data::components;
use railrules::games::g1846::event::Event;
use railrules::games::g1846::ids::{Company, Private, Seat};
use railrules::games::g1846::setup::{Options, setup};
use railrules::games::g1846::state::{PrivateOwner, Round, State};
use railrules::games::g1846::{draft, stock_round, turns};
use railrules::games::kit18xx::shares::ShareSource;
use railrules::games::kit18xx::table::Table as _;
use railrules::import::export_18xx::Export;
use serde_json::Value;

use super::replay::{game, text};

pub(crate) const GAMES: [&str; 12] = [
    "10264.json",
    "12666.json",
    "1846_game_end_reason_all_closed.json",
    "1846_game_end_reason_bankrupt.json",
    "1846_game_end_reason_dnf.json",
    "19962.json",
    "20381.json",
    "222264.json",
    "3099.json",
    "hs_cvjhogoy_1599504419.json",
    "hs_sudambau_1600037415.json",
    "hs_wwhjwjvo_1716866882.json",
];

fn options(export: &Export) -> Options {
    Options {
        players: u8::try_from(export.players.len()).unwrap(),
        first_edition: export
            .settings
            .optional_rules
            .iter()
            .any(|r| r == "first_ed"),
    }
}

fn seat_of(export: &Export, action: &Value) -> Seat {
    let entity = text(action, "entity");
    let index = export
        .players
        .iter()
        .position(|p| p.key() == entity)
        .unwrap_or_else(|| panic!("no player {entity}"));
    Seat::ALL[index]
}

pub(crate) fn new_game(export: &Export) -> State {
    setup(&options(export), export.seed().unwrap()).unwrap()
}

/// What setup deals: the removed corporations closed with their home stations on the map, the
/// minors with a 2-train each and their home stations, the bank less the players' $400.
#[test]
fn setup_deals_each_real_game() {
    for name in GAMES {
        let (export, _) = game(name);
        let state = new_game(&export);
        let n = export.players.len();
        let bank = components().game.bank[&n.to_string()];
        assert_eq!(state.bank, i64::from(bank) - 400 * n as i64, "{name}");
        assert!(state.players.iter().all(|p| p.cash == 400), "{name}");
        assert_eq!(state.removed_corporations.len(), 5 - n, "{name}");
        for &c in &state.removed_corporations {
            assert!(state.company(c).closed, "{name}: {c}");
            assert_eq!(
                state.board.stations_of(c.symbol()).count(),
                1,
                "{name}: {c}"
            );
        }
        for m in Company::MINORS {
            assert_eq!(state.company(m).trains.len(), 1, "{name}: {m}");
            assert_eq!(
                state.board.stations_of(m.symbol()).count(),
                1,
                "{name}: {m}"
            );
        }
        // 7/8/9 2-trains made, two of them the minors'.
        assert_eq!(usize::from(state.depot[0]), n + 4 - 2, "{name}");
        assert!(matches!(state.round, Round::Draft { .. }), "{name}");
    }
}

/// Plays the export's draft, calling `after_each` on the state after each action; returns the
/// index of the first action after it.
pub(crate) fn play_draft(
    name: &str,
    export: &Export,
    played: &[Played],
    state: &mut State,
    mut after_each: impl FnMut(&State),
) -> usize {
    for (k, p) in played.iter().enumerate() {
        if !matches!(state.round, Round::Draft { .. }) {
            return k;
        }
        let seat = seat_of(export, &p.action);
        assert_eq!(turns::to_act(state), vec![seat], "{name} {}", p.pointer);
        let outcome = match text(&p.action, "type").as_str() {
            "bid" => draft::choose(state, seat, &text(&p.action, "company")),
            "pass" => draft::pass(state, seat),
            other => panic!("{name} {}: {other} in the draft", p.pointer),
        };
        outcome.unwrap_or_else(|v| panic!("{name} {}: {v:?}", p.pointer));
        after_each(state);
    }
    played.len()
}

/// The real drafts end where the exports' first stock round begins, P1 to act; every player
/// paid the face value of each private chosen and $140 / $100 for Michigan Southern / Big 4
/// (less the passes on a last card), and the minors hold their treasuries.
#[test]
fn real_drafts_end_where_the_first_stock_round_begins() {
    for name in GAMES {
        let (export, played) = game(name);
        let mut state = new_game(&export);
        let before: Vec<u32> = state.players.iter().map(|p| p.cash).collect();
        let mut paid = vec![0u32; export.players.len()];
        let mut discounted = false;
        for (k, p) in played.iter().enumerate() {
            if !matches!(state.round, Round::Draft { .. }) {
                let first = &played[k].action;
                assert_eq!(seat_of(&export, first), Seat::P1, "{name}");
                assert!(["par", "buy_shares", "pass"].contains(&text(first, "type").as_str()));
                break;
            }
            let seat = seat_of(&export, &p.action);
            let events = match text(&p.action, "type").as_str() {
                "bid" => draft::choose(&mut state, seat, &text(&p.action, "company")),
                _ => {
                    discounted = true;
                    draft::pass(&mut state, seat)
                }
            }
            .unwrap_or_else(|v| panic!("{name} {}: {v:?}", p.pointer));
            for e in events {
                if let Event::CardBought {
                    player,
                    card,
                    price,
                } = e
                {
                    let face = face_value(&card);
                    assert!(
                        price == face || (discounted && price < face),
                        "{name} {card}"
                    );
                    paid[player.index()] += price;
                }
            }
        }
        assert!(
            matches!(state.round, Round::StockRound { number: 1, .. }),
            "{name}"
        );
        for (k, p) in state.players.iter().enumerate() {
            assert_eq!(p.cash, before[k] - paid[k], "{name} P{}", k + 1);
        }
        assert_eq!(state.company(Company::Ms).cash, 60, "{name}");
        assert_eq!(state.company(Company::Big4).cash, 40, "{name}");
        assert!(
            state
                .privates
                .iter()
                .all(|p| matches!(p.owner, PrivateOwner::Player { .. })),
            "{name}: every private is sold in the draft"
        );
    }
}

fn face_value(card: &str) -> u32 {
    match card {
        "MS" => 140,
        "BIG4" => 100,
        id => Private::from_id(id)
            .and_then(|p| components().private(p.id()))
            .map_or(0, |p| p.value),
    }
}

/// The draft refuses a card not offered, a pass before the last card, and a seat out of turn.
#[test]
fn the_draft_refuses_what_its_rules_do_not_allow() {
    let (export, played) = game("3099.json");
    let mut state = new_game(&export);
    let first = seat_of(&export, &played[0].action);
    let to_act = turns::to_act(&state)[0];
    assert_eq!(first, to_act);
    let not_offered = match &state.round {
        Round::Draft { deck, .. } => deck[export.players.len() + 2].clone(),
        _ => unreachable!(),
    };
    let refused = |r: Result<Vec<Event>, Violation>| r.unwrap_err().code;
    assert_eq!(
        refused(draft::choose(&mut state.clone(), to_act, &not_offered)),
        "not_available"
    );
    assert_eq!(
        refused(draft::pass(&mut state.clone(), to_act)),
        "cannot_pass"
    );
    let other = state.next_seat(to_act);
    assert_eq!(
        refused(draft::choose(&mut state, other, "MS")),
        "not_your_turn"
    );
}

/// The first stock round of each real game on the kit: every par and purchase accepted from
/// the seat to act, and the round over exactly where the export's operating round begins.
#[test]
fn real_first_stock_rounds_play_on_the_kit() {
    for name in GAMES {
        let (export, played) = game(name);
        let mut state = new_game(&export);
        let start = play_draft(name, &export, &played, &mut state, |_| {});
        let (end, inserted) =
            play_first_stock_round(name, &export, &played[..], start, &mut state, |_| {});
        println!(
            "{name}: stock round 1 took {} actions and {inserted} passes inserted",
            end - start
        );
        assert_ne!(
            played[end].action["entity_type"], "player",
            "{name}: the operating round begins with a corporation's, minor's or private's action"
        );
    }
}

/// Plays stock round 1 of the export from its action `start` (the draft played), calling
/// `after_each` on the state after each action; returns the index of the first action after
/// the round and how many passes were inserted.
pub(crate) fn play_first_stock_round(
    name: &str,
    export: &Export,
    played: &[Played],
    start: usize,
    state: &mut State,
    mut after_each: impl FnMut(&State),
) -> (usize, usize) {
    let mut market: Vec<String> = Vec::new();
    let mut end = None;
    let mut inserted = pass_those_without_choice(state);
    for (k, p) in played.iter().enumerate().skip(start) {
        if !matches!(state.round, Round::StockRound { number: 1, .. }) {
            end = Some(k);
            break;
        }
        let a = &p.action;
        let seat = seat_of(export, a);
        assert_eq!(turns::to_act(state), vec![seat], "{name} {}", p.pointer);
        let corporation = |field: &str| Company::from_symbol(&text(a, field)).unwrap();
        let outcome = match text(a, "type").as_str() {
            "par" => {
                let price: u32 = text(a, "share_price")
                    .split(',')
                    .next()
                    .and_then(|p| p.parse().ok())
                    .unwrap();
                stock_round::par(state, seat, corporation("corporation"), price)
            }
            "buy_shares" => {
                let share = a["shares"][0].as_str().unwrap().to_string();
                let company = Company::from_symbol(share.split('_').next().unwrap()).unwrap();
                let from = if market.contains(&share) {
                    ShareSource::Market
                } else {
                    ShareSource::Treasury
                };
                market.retain(|s| *s != share);
                let percent = a["percent"].as_u64().unwrap_or(10) as u8;
                stock_round::buy_shares(state, seat, company, from, percent)
            }
            "sell_shares" => {
                let shares: Vec<String> = a["shares"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap().to_string())
                    .collect();
                let company = Company::from_symbol(shares[0].split('_').next().unwrap()).unwrap();
                let percent = a["percent"].as_u64().unwrap() as u8;
                market.extend(shares);
                stock_round::sell_shares(state, seat, company, percent)
            }
            "pass" => stock_round::pass(state, seat),
            other => panic!("{name} {}: {other} in stock round 1", p.pointer),
        };
        outcome.unwrap_or_else(|v| panic!("{name} {}: {v:?}", p.pointer));
        inserted += pass_those_without_choice(state);
        after_each(state);
    }
    let end = end.unwrap_or_else(|| panic!("{name}: stock round 1 never ended"));
    (end, inserted)
}

/// 18xx.games ends the turn of a player with nothing to do but pass (its step has no actions
/// for them: after a sale with nothing left to buy or sell, or from the start of the turn);
/// railrules asks for the pass, so the replay makes it, as the importer will.
fn pass_those_without_choice(state: &mut State) -> usize {
    let mut inserted = 0;
    while matches!(state.round, Round::StockRound { number: 1, .. }) {
        let seat = turns::to_act(state)[0];
        if stock_round::has_choice(state, seat) {
            break;
        }
        stock_round::pass(state, seat).unwrap();
        inserted += 1;
    }
    inserted
}
