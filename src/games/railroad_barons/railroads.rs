//! Railroad cards leaving the game: obsolescence, and the top card removed after the two
//! Operating Rounds.

use super::event::Event;
use super::state::State;

/// Every Railroad a Holding owns at `level` leaves the game, without compensation.
///
/// **Reading** (docs/rules/railroad-barons.md#obsolescence): "Railroads of a level" are those
/// owned by Holdings, at the level of the face they were bought at; cards still in the stack
/// are not Railroads of any level until bought.
pub fn make_obsolete(
    state: &mut State,
    level: u8,
    cause: u8,
    removed_from_stack: bool,
    events: &mut Vec<Event>,
) {
    let mut gone = Vec::new();
    for i in 0..state.holdings.len() {
        let owned = std::mem::take(&mut state.holdings[i].railroads);
        let (obsolete, kept): (Vec<_>, Vec<_>) = owned
            .into_iter()
            .partition(|r| state.face_of(*r).is_some_and(|f| f.level == level));
        state.holdings[i].railroads = kept;
        gone.extend(obsolete.into_iter().map(|r| r.card));
    }
    if gone.is_empty() {
        return;
    }
    gone.sort_unstable();
    state.railroads_out_of_game.extend(&gone);
    events.push(Event::RailroadsObsolete {
        level,
        railroads: gone,
        cause,
        removed_from_stack,
    });
}

/// The top card of the stack leaves the game, acting as if its first face had been bought.
pub fn remove_top_card(state: &mut State, events: &mut Vec<Event>) {
    if state.railroad_stack.is_empty() {
        return;
    }
    let card = state.railroad_stack.remove(0);
    state.railroads_out_of_game.push(card);
    events.push(Event::RailroadRemovedFromStack { card });
    let obsoletes = state.components.railroads[card as usize]
        .faces
        .first()
        .and_then(|f| f.obsoletes_level);
    if let Some(level) = obsoletes {
        make_obsolete(state, level, card, true, events);
    }
}
