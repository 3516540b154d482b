//! 1833NE's market in its state: share price moves, presidency changes, closing at $0 are the
//! kit's (`kit18xx::shares`, on 1833NE's track `components().market`, $0-$730); how far a
//! price moves and what a share goes for are `kit18xx::market`'s. Both are re-exported here;
//! this says what closing takes from 1833NE's own pieces.

use super::data::components;
use super::event::Event;
use super::event::RoundKind;
use super::ids::Company;
use super::state::{PrivateOwner, State};
use crate::games::kit18xx::board::Board;
pub use crate::games::kit18xx::market::*;
use crate::games::kit18xx::shares::Shares;
pub use crate::games::kit18xx::shares::{close, move_price, price, update_president};

impl Shares for State {
    type Event = Event;

    fn market(&self) -> &'static [u32] {
        &components().market
    }

    fn closing_prices(&self) -> &'static [u32] {
        &components().market_close_prices
    }

    fn arrivals_mut(&mut self) -> &mut u32 {
        &mut self.arrivals
    }

    fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// A company closes (ruling R7): its privates close and its ferries are gone, and so is
    /// P2's free tile it bought.
    fn on_close(&mut self, company: Company) {
        self.ferries.retain(|f| f.company != company);
        if self.lowell_free_tile.is_some_and(|f| f.company == company) {
            self.lowell_free_tile = None;
        }
        for p in self.privates.iter_mut() {
            if p.owner == (PrivateOwner::Company { company }) {
                p.closed = true;
            }
        }
    }
}

crate::share_events_into!(Event, Company, RoundKind);
