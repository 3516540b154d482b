//! Positions for the turn-level rules tests: a setup state edited through its public fields and
//! kept consistent (tiles, engineers, cards, stock levels each in one place, so `check` is clean),
//! and helpers that play an action (accepted, `check` clean after) or refuse one (the violation's
//! code, the state unchanged).

#![allow(dead_code)]

use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::{Action, Resolution, Tile, TrackMove};
use railrules::games::russian_railroads_american::data::Colour;
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::scoring::met_specials;
use railrules::games::russian_railroads_american::setup::Options;
use railrules::games::russian_railroads_american::state::{Phase, Seat, State, Track, Turn};

pub const ROCKY: u8 = 0;
pub const EAST: u8 = 1;
pub const WEST: u8 = 2;
pub const BOTTOM: u8 = 0;
pub const TOP: u8 = 1;

/// Dividend tokens by index in the provisional list.
pub const BLACK_MOVE: u8 = 0;
pub const BROWN_AND_NATURAL: u8 = 1;
pub const ANY_MOVE: u8 = 2;
pub const INDUSTRY_MOVE: u8 = 4;
pub const COIN: u8 = 5;
pub const FIVE_POINTS: u8 = 6;
pub const FIVE_POINTS_TOO: u8 = 7;

/// "?" tokens by index in the provisional list.
pub const END_BONUS_CARD: u8 = 0;
pub const TWENTY_POINTS: u8 = 1;
pub const REVALUATION: u8 = 2;
pub const GOLDEN_SPIKE: u8 = 3;
pub const STOCK: u8 = 4;

/// A new game of `players` after the starting bonuses: seats in turn order P1, P2..., P1 to
/// place.
pub fn game(players: u8) -> State {
    let mut s = Rra::setup(
        &Options {
            players,
            components: None,
        },
        7,
    )
    .unwrap();
    s.turn_order = Seat::ALL[..usize::from(players)].to_vec();
    s.phase = Phase::Placement { to_act: Seat::P1 };
    s.turn = Turn::default();
    clean(&s);
    s
}

/// As [`game`], `seat` to place.
pub fn turn_of(players: u8, seat: Seat) -> State {
    let mut s = game(players);
    s.phase = Phase::Placement { to_act: seat };
    s
}

pub fn clean(s: &State) {
    let problems = Rra::check(s);
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Applies an action that must be accepted; `check` is clean after.
pub fn play(s: &mut State, action: Action) -> Vec<Event> {
    let events = Rra::apply(s, &action).unwrap_or_else(|v| panic!("{action:?} refused: {v}"));
    let problems = Rra::check(s);
    assert!(problems.is_empty(), "after {action:?}: {problems:#?}");
    events
}

/// The code of the violation an action is refused with; the state is left as it was.
pub fn refused(s: &State, action: Action) -> String {
    let mut copy = s.clone();
    let violation = Rra::apply(&mut copy, &action)
        .expect_err(&format!("{action:?} should be refused"))
        .code;
    assert_eq!(&copy, s, "a refused action changed the state");
    violation
}

pub fn listed(s: &State, action: &Action) -> bool {
    Rra::legal_actions(s).contains(action)
}

/// Whether any listed action places on `space`.
pub fn space_listed(s: &State, space: &str) -> bool {
    Rra::legal_actions(s)
        .iter()
        .any(|a| matches!(a, Action::Place { space: id, .. } if id == space))
}

pub fn to_act(s: &State) -> Vec<Seat> {
    Rra::to_act(s)
}

pub fn moves(list: &[(u8, Colour)]) -> Resolution {
    Resolution {
        moves: list
            .iter()
            .map(|&(railroad, colour)| TrackMove { railroad, colour })
            .collect(),
        ..Resolution::default()
    }
}

pub fn industry(tracks: &[u8]) -> Resolution {
    Resolution {
        industry: tracks.to_vec(),
        ..Resolution::default()
    }
}

pub fn place(player: Seat, space: &str, resolution: Resolution) -> Action {
    place_paying(player, space, 0, resolution)
}

pub fn place_paying(
    player: Seat,
    space: &str,
    coins_as_workers: u8,
    resolution: Resolution,
) -> Action {
    Action::Place {
        player,
        space: space.to_string(),
        coins_as_workers,
        resolution,
    }
}

/// A direct action that takes no resolution (coins, a claim, temporary workers, hiring).
pub fn take(player: Seat, space: &str) -> Action {
    place(player, space, Resolution::default())
}

pub fn end_turn(player: Seat) -> Action {
    Action::EndTurn { player }
}

pub fn pass(player: Seat) -> Action {
    Action::Pass { player }
}

pub fn move_track(player: Seat, item: u8, railroad: u8, colour: Colour) -> Action {
    Action::MoveTrack {
        player,
        item,
        railroad,
        colour,
    }
}

pub fn move_industry(player: Seat, item: u8, track: u8) -> Action {
    Action::MoveIndustry {
        player,
        item,
        track,
    }
}

/// Sets the player's tracks on a railroad.
pub fn tracks(s: &mut State, seat: Seat, railroad: u8, list: &[(Colour, u8)]) {
    s.players[seat.index()].railroads[usize::from(railroad)].tracks = list
        .iter()
        .map(|&(colour, space)| Track { colour, space })
        .collect();
}

pub fn unlock(s: &mut State, seat: Seat, colours: &[Colour]) {
    let p = &mut s.players[seat.index()];
    for &c in colours {
        if !p.unlocked.contains(&c) {
            p.unlocked.push(c);
        }
    }
}

/// Marks the special spaces the player's hand-made board meets as met already (without their
/// effects), so that only the spaces a test's moves reach fire.
pub fn settle(s: &mut State, seat: Seat) {
    let c = s.components.clone();
    let p = &mut s.players[seat.index()];
    for r in 0..c.railroads.len() {
        for i in met_specials(&c, p, r) {
            let key = (r as u8, i as u8);
            if !p.specials_met.contains(&key) {
                p.specials_met.push(key);
            }
        }
    }
}

fn from_pile(s: &mut State, number: u8) {
    let pile = s.piles.iter_mut().find(|p| p.number == number).unwrap();
    pile.left -= 1;
}

/// A locomotive from its pile onto the player's railroad.
pub fn give_locomotive(s: &mut State, seat: Seat, railroad: u8, number: u8) {
    from_pile(s, number);
    s.players[seat.index()].railroads[usize::from(railroad)]
        .locomotives
        .push(number);
}

/// A factory from its pile into the left-most empty gap of the player's industry track.
pub fn give_factory(s: &mut State, seat: Seat, track: u8, number: u8) {
    from_pile(s, number);
    let gaps = &mut s.players[seat.index()].industry[usize::from(track)].factories;
    let gap = gaps.iter().position(Option::is_none).unwrap();
    gaps[gap] = Some(number);
}

/// A pile's tiles all go to the supply of returned factories (the pile is empty).
pub fn empty_pile(s: &mut State, number: u8) {
    let pile = s.piles.iter_mut().find(|p| p.number == number).unwrap();
    for _ in 0..pile.left {
        s.returned_factories.push(number);
    }
    pile.left = 0;
}

/// The player hires engineer `number` (taken off the strip if it is there).
pub fn hire(s: &mut State, seat: Seat, number: u8) {
    for slot in &mut s.engineer_strip {
        if *slot == Some(number) {
            *slot = None;
        }
    }
    s.players[seat.index()].engineers.push(number);
}

/// The player's stock marker onto `level` (to the right of the markers there).
pub fn stock_marker(s: &mut State, seat: Seat, level: u8) {
    for l in &mut s.stock_levels {
        l.markers.retain(|&m| m != seat);
    }
    s.stock_levels[usize::from(level) - 1].markers.push(seat);
    s.players[seat.index()].stock_level = level;
}

/// Dividend token `token` on `level`, chosen by `seat`.
pub fn dividend(s: &mut State, level: u8, token: u8, seat: Seat) {
    s.dividend_tokens.retain(|&t| t != token);
    let l = &mut s.stock_levels[usize::from(level) - 1];
    l.token = Some(token);
    l.chosen_by = Some(seat);
}

/// End-bonus card `card` (by index) into the player's hand.
pub fn give_card(s: &mut State, seat: Seat, card: u8) {
    s.end_bonus_deck.retain(|&c| c != card);
    s.end_bonus_removed.retain(|&c| c != card);
    s.players[seat.index()].end_bonus.push(card);
}

/// `locomotive_1`: the lowest tile as a locomotive onto `railroad`.
pub fn locomotive_onto(player: Seat, railroad: u8) -> Action {
    locomotive_replacing(player, railroad, None)
}

/// `locomotive_1`: the lowest tile as a locomotive onto `railroad`, in place of `replaces`.
pub fn locomotive_replacing(player: Seat, railroad: u8, replaces: Option<u8>) -> Action {
    place(
        player,
        "locomotive_1",
        Resolution {
            tiles: vec![Tile {
                locomotive: Some(railroad),
                replaces,
                ..Tile::default()
            }],
            ..Resolution::default()
        },
    )
}
