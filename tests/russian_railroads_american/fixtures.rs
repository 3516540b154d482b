//! Positions for the turn-level rules tests: a setup state edited through its public fields and
//! kept consistent (tiles, engineers, cards, stock levels each in one place, so `check` is clean),
//! and helpers that play an action (accepted, `check` clean after) or refuse one (the violation's
//! code, the state unchanged).

#![allow(dead_code)]

use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::{
    Action, FactoryUse, Resolution, Tile, TrackMove,
};
use railrules::games::russian_railroads_american::data::{Colour, Special};
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::scoring::met_specials;
use railrules::games::russian_railroads_american::setup::Options;
use railrules::games::russian_railroads_american::specials::{boulders, remove_boulder};
use railrules::games::russian_railroads_american::state::{Phase, Placement, Seat, Track, Turn};
/// The tests' positions: checked states, built and changed by hand (feature `testing`).
pub type State = railrules::core::Checked<
    railrules::games::russian_railroads_american::RussianRailroadsAmerican,
>;

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
    move_industry_using(player, item, track, Vec::new())
}

/// A pool industry move onto the top track's factories, used as `factories` says.
pub fn move_industry_using(
    player: Seat,
    item: u8,
    track: u8,
    factories: Vec<FactoryUse>,
) -> Action {
    Action::MoveIndustry {
        player,
        item,
        track,
        factories,
    }
}

/// Sets the player's tracks on a railroad.
pub fn tracks(s: &mut State, seat: Seat, railroad: u8, list: &[(Colour, u8)]) {
    s.players[seat.index()].railroads[usize::from(railroad)].tracks = list
        .iter()
        .map(|&(colour, space)| Track { colour, space })
        .collect();
}

/// The colours unlocked as play unlocks them: the Rocky Mountaineer's black track moved up to
/// the unlock space of each (2 grey, 6 brown, 10 natural, 15 white) if it is not past it, and
/// what the board then implies done (`settle`).
pub fn unlock(s: &mut State, seat: Seat, colours: &[Colour]) {
    let needed = colours
        .iter()
        .map(|c| match c {
            Colour::Black => 1,
            Colour::Grey => 2,
            Colour::Brown => 6,
            Colour::Natural => 10,
            Colour::White => 15,
        })
        .max()
        .unwrap_or(1);
    let rocky = &mut s.players[seat.index()].railroads[usize::from(ROCKY)].tracks;
    let black = rocky
        .iter_mut()
        .find(|t| t.colour == Colour::Black)
        .unwrap();
    black.space = black.space.max(needed);
    settle(s, seat);
}

/// Adds the colours to the player's unlocked ones (settle's own use: nothing moves).
fn add_unlocked(s: &mut State, seat: Seat, colours: &[Colour]) {
    let p = &mut s.players[seat.index()];
    for &c in colours {
        if !p.unlocked.contains(&c) {
            p.unlocked.push(c);
        }
    }
}

/// Does what the player's hand-made board implies, as play would have done it, so that
/// `check` finds it consistent and only the spaces a test's moves reach fire: every special
/// space the board meets is marked met, with its effect (its colour unlocked, +1 worker, a
/// boulder detonated for its points, railroads' first; a "?" token spent for each "?" space,
/// the end-bonus card token first, drawing the top card, then the others by index; a stocks
/// advancement, the first to a level choosing its lowest dividend token left).
pub fn settle(s: &mut State, seat: Seat) {
    let c = s.components.clone();
    let i = seat.index();
    let mut kinds = (Vec::new(), 0u8, 0usize, 0usize, 0usize);
    for r in 0..c.railroads.len() {
        for idx in met_specials(&c, &s.players[i], r) {
            let key = (r as u8, idx as u8);
            if !s.players[i].specials_met.contains(&key) {
                s.players[i].specials_met.push(key);
            }
            match c.railroads[r].specials[idx].special {
                Special::Unlock { colour } => kinds.0.push(colour),
                Special::Worker {} => kinds.1 += 1,
                Special::Detonation {} => kinds.2 += 1,
                Special::StockAdvance {} => kinds.3 += 1,
                Special::Question {} => kinds.4 += 1,
                _ => {}
            }
        }
    }
    let (unlocks, workers, detonations, advances, questions) = kinds;
    add_unlocked(s, seat, &unlocks);
    let base = c
        .player_counts
        .iter()
        .find(|pc| usize::from(pc.players) == s.players.len())
        .unwrap()
        .workers;
    s.players[i].workers = base + workers;
    let left = boulders(&c, &s.players[i]);
    let due = detonations.min(2);
    for &(railroad, industry_track) in left.iter().take(due.saturating_sub(2 - left.len())) {
        remove_boulder(&mut s.players[i], railroad, industry_track);
        s.players[i].points += c.detonation_points;
    }
    let due = questions.min(c.question_tokens.len());
    for token in [END_BONUS_CARD, TWENTY_POINTS, REVALUATION, GOLDEN_SPIKE] {
        if s.players[i].question_tokens.len() >= due {
            break;
        }
        if !s.players[i].question_tokens.contains(&token) {
            s.players[i].question_tokens.push(token);
            if token == END_BONUS_CARD && !s.end_bonus_deck.is_empty() {
                let card = s.end_bonus_deck.remove(0);
                s.players[i].end_bonus.push(card);
            }
        }
    }
    let stock_tokens = s.players[i]
        .question_tokens
        .iter()
        .filter(|&&t| t == STOCK)
        .count();
    let lowest = (advances + stock_tokens).min(usize::from(c.stock_levels)) as u8;
    while s.players[i].stock_level < lowest {
        let level = s.players[i].stock_level + 1;
        stock_marker(s, seat, level);
        if s.stock_levels[usize::from(level) - 1].token.is_none() && !s.dividend_tokens.is_empty() {
            let token = *s.dividend_tokens.iter().min().unwrap();
            dividend(s, level, token, seat);
        }
    }
}

/// A detonation met before: Transcontinental East's brown track on its 5 (the detonation),
/// grey on 6 and black on 7 ahead of it (brown unlocked on the Rocky Mountaineer), its coin
/// space on 4 used; the boulder of `railroad` or `industry_track` took it, for 10 points.
pub fn detonated(s: &mut State, seat: Seat, railroad: Option<u8>, industry_track: Option<u8>) {
    unlock(s, seat, &[Colour::Brown]);
    tracks(
        s,
        seat,
        EAST,
        &[(Colour::Black, 7), (Colour::Grey, 6), (Colour::Brown, 5)],
    );
    let points = s.components.detonation_points;
    let p = &mut s.players[seat.index()];
    remove_boulder(p, railroad, industry_track);
    p.points += points;
    p.coin_spaces_done.push((EAST, 4));
    settle(s, seat);
}

/// Every pile below #`number` emptied into the supply of returned factories (their tiles
/// taken earlier, as locomotives that were replaced and returned, or as factories replaced),
/// the steelworks of each emptied pile taken by `taker`: #`number` is then the lowest tile.
pub fn exhaust_below(s: &mut State, number: u8, taker: Seat) {
    let lower: Vec<u8> = s
        .piles
        .iter()
        .map(|p| p.number)
        .filter(|&n| n < number)
        .collect();
    for n in lower {
        empty_pile(s, n);
        let at = s.components.steelworks.iter().position(|w| w.pile == n);
        if let Some(at) = at {
            s.steelworks[at].get_or_insert(taker);
        }
    }
}

/// A tile from its pile (the lowest with tiles left, as play takes them); the last one of a
/// pile brings its steelworks to the seat.
fn from_pile(s: &mut State, seat: Seat, number: u8) {
    let pile = s.piles.iter_mut().find(|p| p.number == number).unwrap();
    pile.left -= 1;
    if pile.left == 0
        && let Some(at) = s
            .components
            .steelworks
            .iter()
            .position(|w| w.pile == number)
    {
        s.steelworks[at].get_or_insert(seat);
    }
}

/// The seat's workers (and coins) on `space` this round, as a placement whose effect the
/// test does not need.
pub fn placed(s: &mut State, seat: Seat, space: &str) {
    let index = s
        .components
        .action_spaces
        .iter()
        .position(|a| a.id == space)
        .unwrap();
    let (workers, coins) = {
        let data = &s.components.action_spaces[index];
        (data.workers, data.coins)
    };
    s.placements.push(Placement {
        space: index as u8,
        seat,
        workers,
        coins,
    });
}

/// End-bonus card `card` drawn by the seat as play draws one: its "?" token for an end-bonus
/// card spent on the Rocky Mountaineer's "?" space (black on 4 within the reach of #1 and a
/// #3, the #2 tiles taken before), the card from the pile into its hand.
pub fn draw_card(s: &mut State, seat: Seat, card: u8) {
    exhaust_below(s, 3, seat);
    give_locomotive(s, seat, ROCKY, 3);
    let rocky = &mut s.players[seat.index()].railroads[usize::from(ROCKY)].tracks;
    let black = rocky
        .iter_mut()
        .find(|t| t.colour == Colour::Black)
        .unwrap();
    black.space = black.space.max(4);
    s.players[seat.index()].question_tokens.push(END_BONUS_CARD);
    give_card(s, seat, card);
    settle(s, seat);
}

/// A locomotive from its pile onto the player's railroad.
pub fn give_locomotive(s: &mut State, seat: Seat, railroad: u8, number: u8) {
    from_pile(s, seat, number);
    s.players[seat.index()].railroads[usize::from(railroad)]
        .locomotives
        .push(number);
}

/// A factory from its pile into the left-most empty gap of the player's industry track.
pub fn give_factory(s: &mut State, seat: Seat, track: u8, number: u8) {
    from_pile(s, seat, number);
    let gaps = &mut s.players[seat.index()].industry[usize::from(track)].factories;
    let gap = gaps.iter().position(Option::is_none).unwrap();
    gaps[gap] = Some(number);
}

/// A pile's tiles all go to the supply of returned factories (the pile is empty).
pub fn empty_pile(s: &mut State, number: u8) {
    let s = &mut **s;
    let pile = s.piles.iter_mut().find(|p| p.number == number).unwrap();
    for _ in 0..pile.left {
        s.returned_factories.push(number);
    }
    pile.left = 0;
}

/// The player hires engineer `number` this round, as `hire_engineer` does: it stands on the
/// hiring place (put there in place of the one dealt, which goes back to the box, or swapped
/// with its place on the strip; both are of stack A in round 1), which is emptied, and the
/// hire is among the placements (a coin, no worker; the coin is not taken from the player).
pub fn hire(s: &mut State, seat: Seat, number: u8) {
    let last = s.engineer_strip.len() - 1;
    let dealt = s.engineer_strip[last].expect("the hiring place holds an engineer");
    if let Some(at) = s.engineer_strip.iter().position(|e| *e == Some(number)) {
        s.engineer_strip[at] = Some(dealt);
    }
    s.engineer_strip[last] = None;
    s.players[seat.index()].engineers.push(number);
    let space = s
        .components
        .action_spaces
        .iter()
        .position(|a| a.id == "hire_engineer")
        .unwrap() as u8;
    s.placements.push(Placement {
        space,
        seat,
        workers: 0,
        coins: 1,
    });
}

/// The engineers as they stand at the start of round `round`: the strip's first `round - 1`
/// places emptied, then `strip` (stack B's, then A's); `hired` by each seat and `gone` are
/// those that reached the hiring place before (stack A's first).
pub fn engineers_in_round(
    s: &mut State,
    round: u8,
    strip: &[u8],
    hired: &[(Seat, u8)],
    gone: &[u8],
) {
    s.round = round;
    s.engineer_strip = vec![None; usize::from(round) - 1];
    s.engineer_strip.extend(strip.iter().map(|&e| Some(e)));
    for p in &mut s.players {
        p.engineers.clear();
    }
    for &(seat, e) in hired {
        s.players[seat.index()].engineers.push(e);
    }
    s.engineers_gone = gone.to_vec();
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
