//! Operating rounds (1846 6.x): a set of them after each stock round; in each, the operators
//! in operating order, each with its turn (issue or redeem, track, a station, routes, the
//! dividend, trains). Written once for the family over [`OperatingTitle`]: a title hands over
//! its round record and the common part of its company turn through views of borrows (its JSON
//! and schema stay its own), its sections, and hooks for what differs (what comes before the
//! operators, the order, a route's revenue, a dividend's payout, the end's scoring).
//!
//! This file holds the round's order and the company's turn: who operates, whose action it is,
//! and what ends the turn. Each step of the turn has its own file.

pub mod buying_trains;
pub mod dividends;
pub mod issues;
pub mod laying_track;
pub mod placing_stations;
pub mod running_routes;

use super::track::LayKind;

mod events;
mod flow;
mod title;

pub use events::*;
pub use flow::*;
pub use title::*;

/// The section ids of a title's rules that the operating round's refusals cite.
pub struct OperatingSections {
    pub operating_round: &'static str,
    pub trains: &'static str,
    pub dividends: &'static str,
    pub issues: &'static str,
    pub receivership: &'static str,
    pub emergency: &'static str,
    pub bankruptcy: &'static str,
    pub privates: &'static str,
    pub stations: &'static str,
}

/// What the operating company has done this turn, as far as the kit reads it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurnCommon {
    pub station_placed: bool,
    /// Shares issued or redeemed (one of the two, once).
    pub shares_moved: bool,
    /// The revenue of its routes, once run.
    pub revenue: Option<u32>,
    /// Whether the revenue has been paid out, halved or withheld.
    pub dividend_done: bool,
    /// Shares issued in an emergency this turn.
    pub emergency_issued: bool,
}

/// The common part of the company's turn, borrowed from the title's turn record.
pub struct TurnCommonMut<'a> {
    pub station_placed: &'a mut bool,
    pub shares_moved: &'a mut bool,
    pub revenue: &'a mut Option<u32>,
    pub dividend_done: &'a mut bool,
    pub emergency_issued: &'a mut bool,
}

/// A title's record of a company's turn (1833NE's adds its ferry and P3's lays).
pub trait TurnRecord: Clone + Default {
    fn common(&self) -> TurnCommon;
    fn common_mut(&mut self) -> TurnCommonMut<'_>;
    /// Records a tile laid this turn in `hex` (the title's record of lays).
    fn record_lay(&mut self, hex: &str, kind: LayKind);
    /// What the company (and its president) could pay for a train before their last raise of
    /// emergency money this turn, where the title's rule keeps it
    /// (`emergency::EmergencyRule::EitherSide`); by default not kept.
    fn raised_from(&self) -> Option<u32> {
        None
    }
    fn set_raised_from(&mut self, _funds: u32) {}
    /// Forgets the last raise (after a bankruptcy).
    fn clear_raised_from(&mut self) {}
    /// Whether the president sold shares of the company at `company` (its index) to raise
    /// emergency money this turn, where the title's record keeps it (sales in blocks: once a
    /// company a turn); by default not kept.
    fn sold_in_emergency(&self, _company: usize) -> bool {
        false
    }
    fn record_emergency_sale(&mut self, _company: usize) {}
}

/// `TurnRecord`'s common views and its record of lays, for a title's turn record whose fields
/// are [`TurnCommon`]'s and `lays: Vec<$lay>` (`$lay { hex, kind }`): written inside the
/// title's `impl TurnRecord`. A macro because each title's record is its own struct (its wire
/// format keeps the fields inline).
macro_rules! turn_record_common {
    ($lay:ident) => {
        fn common(&self) -> $crate::games::kit18xx::operating_round::TurnCommon {
            $crate::games::kit18xx::operating_round::TurnCommon {
                station_placed: self.station_placed,
                shares_moved: self.shares_moved,
                revenue: self.revenue,
                dividend_done: self.dividend_done,
                emergency_issued: self.emergency_issued,
            }
        }

        fn common_mut(&mut self) -> $crate::games::kit18xx::operating_round::TurnCommonMut<'_> {
            $crate::games::kit18xx::operating_round::TurnCommonMut {
                station_placed: &mut self.station_placed,
                shares_moved: &mut self.shares_moved,
                revenue: &mut self.revenue,
                dividend_done: &mut self.dividend_done,
                emergency_issued: &mut self.emergency_issued,
            }
        }

        fn record_lay(&mut self, hex: &str, kind: $crate::games::kit18xx::track::LayKind) {
            self.lays.push($lay {
                hex: hex.into(),
                kind,
            });
        }
    };
}
pub(crate) use turn_record_common;

/// The record of an operating round, as a title's state holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperatingRound<C, T> {
    pub after_stock_round: u32,
    pub number: u8,
    /// The operators in operating order, fixed when the round begins (those yet to operate are
    /// sorted again after a president's emergency sale: [`reorder_the_rest`]).
    pub order: Vec<C>,
    /// The index in `order` of the operator now.
    pub current: usize,
    pub turn: T,
    /// Companies over the train limit after a phase change: they discard first, in order.
    pub discards: Vec<C>,
}

/// The operating round in progress, read.
pub struct OperatingRoundRef<'a, C, T> {
    pub after_stock_round: u32,
    pub number: u8,
    pub order: &'a [C],
    pub current: usize,
    pub turn: &'a T,
    pub discards: &'a [C],
}

/// The operating round in progress, borrowed from the title's state.
pub struct OperatingRoundMut<'a, C, T> {
    pub after_stock_round: &'a mut u32,
    pub number: &'a mut u8,
    pub order: &'a mut Vec<C>,
    pub current: &'a mut usize,
    pub turn: &'a mut T,
    pub discards: &'a mut Vec<C>,
}

/// `OperatingTitle`'s views of the round for a title whose round enum has a struct variant
/// `$round::$variant` with [`OperatingRound`]'s fields: written inside the title's
/// `impl OperatingTitle`. A macro because each title's round is its own enum (its wire format
/// keeps the fields inline).
macro_rules! operating_round_views {
    ($round:ident :: $variant:ident, $company:ty, $turn:ty) => {
        fn operating_round(
            &self,
        ) -> Option<$crate::games::kit18xx::operating_round::OperatingRoundRef<'_, $company, $turn>>
        {
            match &self.round {
                $round::$variant {
                    after_stock_round,
                    number,
                    order,
                    current,
                    turn,
                    discards,
                } => Some($crate::games::kit18xx::operating_round::OperatingRoundRef {
                    after_stock_round: *after_stock_round,
                    number: *number,
                    order,
                    current: *current,
                    turn,
                    discards,
                }),
                _ => None,
            }
        }

        fn operating_round_mut(
            &mut self,
        ) -> Option<$crate::games::kit18xx::operating_round::OperatingRoundMut<'_, $company, $turn>>
        {
            match &mut self.round {
                $round::$variant {
                    after_stock_round,
                    number,
                    order,
                    current,
                    turn,
                    discards,
                } => Some($crate::games::kit18xx::operating_round::OperatingRoundMut {
                    after_stock_round,
                    number,
                    order,
                    current,
                    turn,
                    discards,
                }),
                _ => None,
            }
        }

        fn enter_operating_round(
            &mut self,
            r: $crate::games::kit18xx::operating_round::OperatingRound<$company, $turn>,
        ) {
            self.round = $round::$variant {
                after_stock_round: r.after_stock_round,
                number: r.number,
                order: r.order,
                current: r.current,
                turn: r.turn,
                discards: r.discards,
            };
        }
    };
}
pub(crate) use operating_round_views;
