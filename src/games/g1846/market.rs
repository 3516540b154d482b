//! 1846's market in its state: the kit's share rules (`kit18xx::shares`) on 1846's track
//! (`components().market`, $0-$550), re-exported, and what closing takes from 1846's own
//! pieces.

use super::data::components;
use super::event::Event;
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

    /// 18xx.games plays a receivership's turn inside the action before it and closes a
    /// corporation at $0 once that action is over (`action_processed`): its withhold may take
    /// it to $0 and it still buys its train (docs/rules/1846.md#receivership).
    fn closing_held(&self) -> bool {
        self.closing_held
    }

    fn hold_closing(&mut self, held: bool) {
        self.closing_held = held;
    }

    fn arrivals_mut(&mut self) -> &mut u32 {
        &mut self.arrivals
    }

    fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// A corporation closes (1846 8.1): the privates it owns close, its bonus markers go.
    fn on_close(&mut self, company: Company) {
        for p in self.privates.iter_mut() {
            if p.owner == (PrivateOwner::Company { company }) {
                p.closed = true;
            }
        }
        self.markers.retain(|m| m.company != Some(company));
    }
}
