//! Positions for the rules tests: a new game, changed only through its public fields, and
//! helpers that play (listed, accepted, `check` clean) or refuse (unlisted, refused, unchanged).

#![allow(dead_code)]

use railrules::core::{Game, Violation};
use railrules::games::rotw_solo::action::Action;
use railrules::games::rotw_solo::data::{GoodsColour, RailbotEffect};
use railrules::games::rotw_solo::event::Event;
use railrules::games::rotw_solo::map::Hex;
use railrules::games::rotw_solo::setup::Options;
use railrules::games::rotw_solo::state::{Link, Owner, Phase};
use railrules::games::rotw_solo::{RotwSolo, Seat};
/// The tests' positions: checked states, built and changed by hand (feature `testing`).
pub type State = railrules::core::Checked<railrules::games::rotw_solo::RotwSolo>;

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

/// Sets a city's cubes as play could: the new ones drawn from the bag, the old ones gone from
/// the game; a city in play left without cubes gets its Empty City Marker (and at the
/// threshold the end is triggered).
pub fn set_cubes(s: &mut State, name: &str, cubes: &[GoodsColour]) {
    let i = usize::from(city(s, name));
    for cube in cubes {
        let at = s
            .bag
            .iter()
            .position(|c| c == cube)
            .expect("a cube in the bag");
        s.bag.remove(at);
    }
    s.city_cubes[i] = cubes.to_vec();
    mark_empty_cities(s);
}

/// The city urbanized with a New City tile of `colour`, as Urbanize does: two cubes from the
/// front of the bag onto it (the price is not taken).
pub fn urbanized(s: &mut State, name: &str, colour: GoodsColour) {
    let i = city(s, name);
    s.new_cities
        .push(railrules::games::rotw_solo::state::NewCity { city: i, colour });
    let cubes: Vec<GoodsColour> = s.bag.drain(..2).collect();
    s.city_cubes[usize::from(i)].extend(cubes);
}

/// Empty City Markers on the cities in play setup gave cubes to that have none now.
pub fn mark_empty_cities(s: &mut State) {
    for i in 0..s.city_cubes.len() {
        let data = &s.components.map.cities[i];
        if data.in_play
            && data.cubes > 0
            && s.city_cubes[i].is_empty()
            && !s.empty_cities.contains(&(i as u8))
        {
            s.empty_cities.push(i as u8);
        }
    }
    if s.empty_cities.len() >= usize::from(s.components.empty_city_threshold)
        && s.last_turn.is_none()
    {
        s.last_turn = Some(s.turn + 1);
    }
}

/// The next turn, as the end of this one leads to it: the Railbot's card drawn if it was not
/// yet, the open track gone, the Operations pile's top card dealt to the display's near end
/// (past its size, the furthest card not a Deadhead discarded); income and interest are not
/// paid.
pub fn next_turn(s: &mut State) {
    use railrules::games::rotw_solo::state::DisplayCard;
    railbot_waiting(s, Vec::new());
    s.open_track.clear();
    if !s.operations.deck.is_empty() {
        let card = s.operations.deck.remove(0);
        s.operations
            .display
            .insert(0, DisplayCard::Operations { card });
        while s.operations.display.len() > usize::from(s.components.operations_display_size) {
            let furthest = s
                .operations
                .display
                .iter()
                .rposition(|d| matches!(d, DisplayCard::Operations { .. }))
                .unwrap();
            if let DisplayCard::Operations { card } = s.operations.display.remove(furthest) {
                s.operations.discard.push(card);
            }
        }
    }
    s.turn += 1;
    s.phase = Phase::Actions { taken: 0 };
    s.decisions.clear();
}

/// The Railbot's card drawn this turn as `railbot::act` draws it (the top card onto the row's
/// end, the row's first card resolved: discarded, a Deadhead to the display), and `decisions`
/// waiting for the player.
pub fn railbot_waiting(
    s: &mut State,
    decisions: Vec<railrules::games::rotw_solo::state::Decision>,
) {
    use railrules::games::rotw_solo::state::DisplayCard;
    let drawn_already = match s.phase {
        Phase::Actions { taken } | Phase::Building { taken, .. } => taken >= 2,
        _ => true,
    };
    if drawn_already {
        s.phase = Phase::Railbot {};
        s.decisions = decisions;
        return;
    }
    let drawn = s.railbot.deck.remove(0);
    let resolved = s.railbot.row.remove(0);
    s.railbot.row.push(drawn);
    if s.components.railbot_deck[usize::from(resolved)].effect == (RailbotEffect::Deadhead {}) {
        s.operations
            .display
            .push(DisplayCard::Deadhead { card: resolved });
    } else {
        s.railbot.discard.push(resolved);
    }
    if s.railbot.insurance == Some(resolved) {
        s.railbot.insurance = None;
    }
    s.phase = Phase::Railbot {};
    s.decisions = decisions;
}

/// A Hotel in the city, as taking a Hotel card gives it: a Hotel card not taken is printed
/// with that city (the components are the state's to set) and taken.
pub fn give_hotel(s: &mut State, name: &str) {
    use railrules::games::rotw_solo::data::OperationsEffect;
    let card = (0..s.components.operations_deck.len() as u8)
        .find(|&c| {
            matches!(
                s.components.operations_deck[usize::from(c)].effect,
                OperationsEffect::Hotel { .. }
            ) && !s.operations.taken.contains(&c)
        })
        .expect("a Hotel card left");
    s.components.operations_deck[usize::from(card)].effect = OperationsEffect::Hotel {
        city: name.to_string(),
    };
    pull_operations_card(s, card);
    s.operations.taken.push(card);
    let hotel = city(s, name);
    s.hotels.push(hotel);
}

/// Takes an Operations card from wherever it is, keeping the counts play fixes: one in the
/// pile is dealt by a turn passing (`next_turn`), a Service Bounty put out of the game at
/// setup is swapped with one the display shows.
fn pull_operations_card(s: &mut State, card: u8) {
    use railrules::games::rotw_solo::data::OperationsEffect;
    use railrules::games::rotw_solo::state::DisplayCard;
    let effect = |s: &State, c: u8| s.components.operations_deck[usize::from(c)].effect.clone();
    let bounty = |s: &State, c: u8| matches!(effect(s, c), OperationsEffect::ServiceBounty { .. });
    // From the pile only as play takes a card from it: dealt at the end of a turn.
    if let Some(k) = s.operations.deck.iter().position(|&c| c == card) {
        s.operations.deck.remove(k);
        s.operations.deck.insert(0, card);
        next_turn(s);
    }
    if let Some(k) = s.operations.out_of_game.iter().position(|&c| c == card) {
        let shown = s.operations.display.iter().position(|d| match *d {
            DisplayCard::Operations { card: c } => c != card && bounty(s, c),
            DisplayCard::Deadhead { .. } => false,
        });
        let DisplayCard::Operations { card: shown } = s
            .operations
            .display
            .remove(shown.expect("a Service Bounty shown"))
        else {
            unreachable!()
        };
        s.operations.out_of_game[k] = shown;
    }
    let o = &mut s.operations;
    o.taken.retain(|&c| c != card);
    o.discard.retain(|&c| c != card);
    o.display.retain(|d| *d != DisplayCard::Operations { card });
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
    // Three cards with the card icon left the game unseen at setup.
    let removed: Vec<u8> = (0..s.components.railbot_deck.len() as u8)
        .filter(|c| {
            s.components.railbot_deck[usize::from(*c)].card_icon
                && *c != top
                && *c != fe
                && !row.contains(c)
                && !deadheads.contains(c)
        })
        .take(3)
        .collect();
    let mut deck = vec![top];
    deck.extend((0..s.components.railbot_deck.len() as u8).filter(|c| {
        *c != top && *c != fe && !row.contains(c) && !deadheads.contains(c) && !removed.contains(c)
    }));
    if top != fe {
        deck.push(fe);
    }
    // As many drawn as the turns played (a Deadhead shown was one): the cards after the top
    // ones go to the discard.
    let initial = s.components.railbot_deck.len() - 6;
    let expected = initial - usize::try_from(s.turn - 1).unwrap();
    let mut discard = Vec::new();
    while deck.len() > expected {
        discard.push(deck.remove(1));
    }
    s.railbot.deck = deck;
    s.railbot.row = row;
    s.railbot.discard = discard;
    s.railbot.removed_unseen = removed;
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

/// Puts an Operations card at the near end of the display, from wherever it was (keeping the
/// counts play fixes, see `pull_operations_card`).
pub fn show_operations_card(s: &mut State, id: &str) {
    use railrules::games::rotw_solo::state::DisplayCard;
    let card = operations_card(s, id);
    pull_operations_card(s, card);
    s.operations
        .display
        .insert(0, DisplayCard::Operations { card });
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
