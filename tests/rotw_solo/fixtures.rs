//! Positions for the rules tests: a new game, changed only through its public fields, and
//! helpers that play (listed, accepted, `check` clean) or refuse (unlisted, refused, unchanged).

#![allow(dead_code)]

use railrules::core::{Game, Violation};
use railrules::games::rotw_solo::action::Action;
use railrules::games::rotw_solo::data::{GoodsColour, RailbotEffect};
use railrules::games::rotw_solo::event::Event;
use railrules::games::rotw_solo::map::Hex;
use railrules::games::rotw_solo::setup::Options;
use railrules::games::rotw_solo::state::{Link, Owner, Phase, State};
use railrules::games::rotw_solo::{RotwSolo, Seat};

pub fn new_game() -> State {
    RotwSolo::setup(&Options::default(), 11).unwrap()
}

pub fn with_barons() -> State {
    RotwSolo::setup(
        &Options {
            duel_barons: true,
            ..Options::default()
        },
        11,
    )
    .unwrap()
}

/// The city's index by name.
pub fn city(s: &State, name: &str) -> u8 {
    s.components.city(name).unwrap() as u8
}

/// The Railbot card's index by id.
pub fn card(s: &State, id: &str) -> u8 {
    s.components
        .railbot_deck
        .iter()
        .position(|c| c.id == id)
        .unwrap() as u8
}

pub fn hex_of(s: &State, name: &str) -> Hex {
    s.components.map.cities[usize::from(city(s, name))].hex
}

/// Plays a listed action: accepted, deterministic, and the state stays consistent.
pub fn play(s: &mut State, action: Action) -> Vec<Event> {
    assert!(
        RotwSolo::legal_actions(s).contains(&action),
        "{action:?} is not listed in {:?}",
        s.phase
    );
    let mut twin = s.clone();
    let events = RotwSolo::apply(s, &action).unwrap_or_else(|v| panic!("{action:?}: {v}"));
    assert_eq!(RotwSolo::apply(&mut twin, &action).unwrap(), events);
    assert_eq!(*s, twin);
    let problems = RotwSolo::check(s);
    assert!(problems.is_empty(), "after {action:?}: {problems:?}");
    assert_eq!(
        RotwSolo::to_act(s).is_empty(),
        matches!(s.phase, Phase::GameEnded { .. })
    );
    if !matches!(s.phase, Phase::GameEnded { .. }) {
        assert_eq!(RotwSolo::to_act(s), vec![Seat::Player]);
    }
    events
}

/// Refuses an unlisted action, leaving the state unchanged; its violation.
pub fn refuse(s: &State, action: Action) -> Violation {
    assert!(
        !RotwSolo::legal_actions(s).contains(&action),
        "{action:?} is listed"
    );
    let mut copy = s.clone();
    let v = RotwSolo::apply(&mut copy, &action).expect_err("refused");
    assert_eq!(copy, *s);
    v
}

/// Gives the player a link between two cities along `hexes` (from the first to the second).
pub fn give_link(s: &mut State, owner: Owner, a: &str, b: &str, hexes: &[(i16, i16)]) {
    let (a, b) = (city(s, a), city(s, b));
    let mut hexes: Vec<Hex> = hexes.iter().map(|&(q, r)| Hex::new(q, r)).collect();
    let cities = if a <= b {
        [a, b]
    } else {
        hexes.reverse();
        [b, a]
    };
    s.links.push(Link {
        owner,
        cities,
        hexes,
    });
}

/// Sets a city's cubes, taking them from the bag (or returning them) so cubes stay counted.
pub fn set_cubes(s: &mut State, name: &str, cubes: &[GoodsColour]) {
    let i = usize::from(city(s, name));
    let old = std::mem::take(&mut s.city_cubes[i]);
    s.bag.extend(old);
    for cube in cubes {
        let at = s
            .bag
            .iter()
            .position(|c| c == cube)
            .expect("a cube in the bag");
        s.bag.remove(at);
    }
    s.city_cubes[i] = cubes.to_vec();
}

/// The Railbot's next draw is `top` and its row `row` (by card id), every other card in the
/// draw pile after it (the Final Evaluation last).
pub fn arrange_railbot(s: &mut State, row: [&str; 3], top: &str) {
    let row: Vec<u8> = row.iter().map(|id| card(s, id)).collect();
    let top = card(s, top);
    let fe = s
        .components
        .railbot_deck
        .iter()
        .position(|c| c.effect == RailbotEffect::FinalEvaluation {})
        .unwrap() as u8;
    let deadheads: Vec<u8> = s
        .operations
        .display
        .iter()
        .filter_map(|d| match d {
            railrules::games::rotw_solo::state::DisplayCard::Deadhead { card } => Some(*card),
            _ => None,
        })
        .collect();
    let mut deck = vec![top];
    deck.extend(
        (0..s.components.railbot_deck.len() as u8)
            .filter(|c| *c != top && *c != fe && !row.contains(c) && !deadheads.contains(c)),
    );
    if top != fe {
        deck.push(fe);
    }
    s.railbot.deck = deck;
    s.railbot.row = row;
    s.railbot.discard.clear();
    s.railbot.removed_unseen.clear();
    s.railbot.insurance = None;
}

/// One action done this turn: the next one brings the Railbot.
pub fn before_the_railbot(s: &mut State) {
    s.phase = Phase::Actions { taken: 1 };
    s.decisions.clear();
}

/// An action that costs little and changes little: upgrading the engine (with the cash).
pub fn an_action(s: &mut State) -> Vec<Event> {
    s.cash += 20;
    play(s, Action::UpgradeEngine {})
}

/// The Operations card's index by id.
pub fn operations_card(s: &State, id: &str) -> u8 {
    s.components
        .operations_deck
        .iter()
        .position(|c| c.id == id)
        .unwrap() as u8
}

/// Puts an Operations card at the near end of the display, from wherever it was.
pub fn show_operations_card(s: &mut State, id: &str) {
    use railrules::games::rotw_solo::state::DisplayCard;
    let card = operations_card(s, id);
    let o = &mut s.operations;
    for pile in [
        &mut o.deck,
        &mut o.taken,
        &mut o.discard,
        &mut o.out_of_game,
    ] {
        pile.retain(|&c| c != card);
    }
    o.display.retain(|d| *d != DisplayCard::Operations { card });
    o.display.insert(0, DisplayCard::Operations { card });
}

/// The Duel Barons in play: The Builder, The Carrier, The Engineer, The Networker.
pub fn set_barons(s: &mut State) {
    use railrules::games::rotw_solo::state::BaronInPlay;
    s.barons = (0..4)
        .map(|baron| BaronInPlay {
            baron,
            claimed_by: None,
        })
        .collect();
}
