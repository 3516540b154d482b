//! `check`: states the rules cannot reach are refused, each problem named once by its code and
//! the JSON pointer of what is wrong. Each test tampers with a state reached through the rules
//! and expects exactly the problems the tampering makes. States reached by the rules are
//! consistent (here); each part tampers with one concern.

mod closed_companies;
mod ferries;
mod money;
mod privates;
mod round;
mod shape;
mod shares;
mod stations;
mod tiles;
mod trains;

use crate::game_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::{Action, DividendKind};
use railrules::games::ne1833::board::Station;
use railrules::games::ne1833::data::components;
use railrules::games::ne1833::ids::{Company, Private};
use railrules::games::ne1833::operating_round::private_price_range;
use railrules::games::ne1833::state::Train;
use railrules::games::ne1833::trains::start_phase;

use crate::game_fixtures::State;

/// Every problem `check` finds, as (code, pointer).
fn problems(s: &State) -> Vec<(String, String)> {
    Ne1833::check(s)
        .into_iter()
        .map(|v| {
            let pointer = v
                .pointer
                .unwrap_or_else(|| panic!("{} has no pointer", v.code));
            (v.code, pointer)
        })
        .collect()
}

fn expect(s: &State, expected: &[(&str, &str)]) {
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect();
    assert_eq!(problems(s), expected, "{:?}", Ne1833::check(s));
}

fn consistent(s: &State) {
    expect(s, &[]);
}

const CV: usize = 0;
const RR: usize = 5;
const HR: usize = 6;
const BW: usize = 8;

/// 3 players; each buys two privates at face value (P1: P1 and P4, P2: P2 and P5, P3: P3 and
/// P6); P1 starts the B&W at $100, P2 the Hartford at $50, P3 the Central Vermont at $70;
/// everyone passes: operating round 1.1 begins, the Hartford first. Phase I, no tile laid.
fn opening() -> State {
    crate::or_fixtures::operating()
}

/// The Hartford (operating) buys a private from its president P2 at the lowest price.
fn hartford_buys(s: &mut State, private: Private) {
    let (price, _) = private_price_range(s, Company::Hr, private);
    play(
        s,
        Action::BuyCompany {
            player: P2,
            company: private,
            price,
            accepted_by: None,
        },
    );
}

/// The opening, where the Hartford has bought the Luxury Ferry (P5) and the Central Vermont
/// holds a 2 and a 3/5; every card before `card` bought out (the copies no company holds out of
/// the game), the phases up to it started; then the Hartford runs nothing, withholds and buys
/// the first `card` from the depot, which starts its phase by the rules.
fn bought_into_phase(card: &str) -> State {
    let c = components();
    let mut s = opening();
    hartford_buys(&mut s, Private::P5);
    let index = c.trains.iter().position(|t| t.id == card).unwrap();
    for k in 0..index {
        s.depot[k] = 0;
        let id = &c.trains[k].id;
        s.removed_trains
            .extend((0..c.trains[k].count).map(|n| format!("{id}-{n}").into()));
    }
    for phase in 1..index {
        start_phase(&mut s, phase);
    }
    for (id, phased_out) in [("2-0", index > 2), ("3/5-0", index > 3)] {
        s.removed_trains.retain(|t| t != id);
        let card = id.split_once('-').unwrap().0;
        s.company_mut(Company::Cv).trains.push(Train {
            id: id.into(),
            card: card.into(),
            side: card.into(),
            phased_out,
        });
    }
    s.company_mut(Company::Hr).cash += 1000;
    s.bank -= 1000;
    consistent(&s);
    play(
        &mut s,
        Action::RunRoutes {
            player: P2,
            routes: vec![],
        },
    );
    play(
        &mut s,
        Action::Dividend {
            player: P2,
            kind: DividendKind::Withhold,
        },
    );
    let side = c.trains[index].sides[0].name.clone();
    play(
        &mut s,
        Action::BuyTrain {
            player: P2,
            train: card.into(),
            variant: side,
            from: None,
            price: None,
            accepted_by: None,
        },
    );
    s
}

/// The opening in phase II: the 2s bought, a 3/5 too, all out of the game.
fn phase_two() -> State {
    let mut s = opening();
    s.depot[0] = 0;
    s.depot[1] -= 1;
    s.removed_trains = (0..8).map(|n| format!("2-{n}").into()).collect();
    s.removed_trains.push("3/5-0".into());
    s.phase = 1;
    consistent(&s);
    s
}

fn train(id: &str, phased_out: bool) -> Train {
    let card = id.rsplit_once('-').unwrap().0;
    Train {
        id: id.into(),
        card: card.into(),
        side: card.into(),
        phased_out,
    }
}

fn station(company: &str, hex: &str, city: u8) -> Station {
    Station {
        company: company.into(),
        hex: hex.into(),
        city,
    }
}

#[test]
fn states_reached_by_the_rules_are_consistent() {
    consistent(&new_game(3));
    consistent(&opening());
    let three = bought_into_phase("4/7");
    assert_eq!(three.phase, 2);
    assert!(three.private(Private::P5).flipped);
    consistent(&three);
    let four = bought_into_phase("6/9");
    assert_eq!(four.phase, 3);
    // Phase IV removed the Central Vermont's 2 and phased out its 3/5.
    assert_eq!(four.company(Company::Cv).trains, [train("3/5-0", true)]);
    consistent(&four);
}
