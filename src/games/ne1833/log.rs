//! The game's log: each event as one line of English that names its figures.

use super::event::Event;

/// The event's line (placeholder until written).
pub fn text(event: &Event) -> String {
    format!("{event:?}")
}
