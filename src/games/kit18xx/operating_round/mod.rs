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

use super::map::TrainSide;
use super::market::DividendKind;
use super::routes::Route;
use super::stations::StationPlacement;
use super::stock_round::StockTitle;
use super::table::{Seat, Standing, Train};
use super::track::{LayKind, PlannedLay, TileLay};
use crate::core::Violation;

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

/// What a player received of a payout.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[schema(as = Kit18xxPayment)]
pub struct Payment {
    pub player: Seat,
    pub amount: u32,
}

/// Shares a bankrupt player sold, and what the bank paid for them.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
pub struct ShareSale<C> {
    pub corporation: C,
    pub percent: u8,
    pub received: u32,
}

/// Why the game ended.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = Kit18xxEndReason)]
pub enum EndReason {
    /// The bank ran out and the set of rounds is finished.
    BankBroken,
    /// All but one player went bankrupt.
    Bankruptcies,
    /// No company is open and none can be started any more.
    NothingCanChange,
    /// Every corporation in the game has closed (1846).
    AllClosed,
}

/// `From<OperatingEvent<$company>>` for a title's event type `$event`, whose variants of the
/// operating round carry the kit's fields under the same names (payments, sales and the end's
/// reason each made by `Into`, so a title may keep its own types for them), and whose
/// `RoundStarted`/`RoundEnded` name the round by `$round_kind::OperatingRound`. Written once
/// for the family's titles.
#[macro_export]
macro_rules! operating_events_into {
    ($event:ident, $company:ty, $round_kind:ident) => {
        impl From<$crate::games::kit18xx::operating_round::OperatingEvent<$company>> for $event {
            #[expect(
                clippy::too_many_lines,
                reason = "one arm per event of the operating round, each naming its fields"
            )]
            fn from(
                event: $crate::games::kit18xx::operating_round::OperatingEvent<$company>,
            ) -> $event {
                use $crate::games::kit18xx::operating_round::OperatingEvent as O;
                match event {
                    O::RoundStarted { number } => $event::RoundStarted {
                        round: $round_kind::OperatingRound,
                        number,
                    },
                    O::RoundEnded { number } => $event::RoundEnded {
                        round: $round_kind::OperatingRound,
                        number,
                    },
                    O::CompanyOperates {
                        corporation,
                        president,
                    } => $event::CompanyOperates {
                        corporation,
                        president,
                    },
                    O::SharesIssued {
                        corporation,
                        percent,
                        received,
                    } => $event::SharesIssued {
                        corporation,
                        percent,
                        received,
                    },
                    O::SharesRedeemed {
                        corporation,
                        percent,
                        paid,
                    } => $event::SharesRedeemed {
                        corporation,
                        percent,
                        paid,
                    },
                    O::RoutesRun {
                        corporation,
                        revenue,
                    } => $event::RoutesRun {
                        corporation,
                        revenue,
                    },
                    O::DividendsPaid {
                        corporation,
                        revenue,
                        kind,
                        per_share,
                        payments,
                        to_company,
                    } => $event::DividendsPaid {
                        corporation,
                        revenue,
                        kind,
                        per_share,
                        payments: payments.into_iter().map(Into::into).collect(),
                        to_company,
                    },
                    O::TrainsRemoved { card, trains } => $event::TrainsRemoved { card, trains },
                    O::TileLaid {
                        corporation,
                        hex,
                        tile,
                        rotation,
                        cost,
                    } => $event::TileLaid {
                        corporation,
                        hex,
                        tile,
                        rotation,
                        cost,
                    },
                    O::StationPlaced {
                        corporation,
                        hex,
                        city,
                        cost,
                    } => $event::StationPlaced {
                        corporation,
                        hex,
                        city,
                        cost,
                    },
                    O::TrainBought {
                        corporation,
                        train,
                        variant,
                        price,
                        president_paid,
                    } => $event::TrainBought {
                        corporation,
                        train,
                        variant,
                        price,
                        president_paid,
                    },
                    O::TrainSold {
                        from,
                        to,
                        train,
                        variant,
                        price,
                    } => $event::TrainSold {
                        from,
                        to,
                        train,
                        variant,
                        price,
                    },
                    O::TrainDiscarded { corporation, train } => {
                        $event::TrainDiscarded { corporation, train }
                    }
                    O::PhaseChanged { phase } => $event::PhaseChanged { phase },
                    O::TrainsPhasedOut { card } => $event::TrainsPhasedOut { card },
                    O::PlayerBankrupt {
                        player,
                        corporation,
                        cash_to_company,
                        sold,
                    } => $event::PlayerBankrupt {
                        player,
                        corporation,
                        cash_to_company,
                        sold: sold.into_iter().map(Into::into).collect(),
                    },
                    O::ReceivershipStarted { corporation } => {
                        $event::ReceivershipStarted { corporation }
                    }
                    O::GameEnded { ranking, reason } => $event::GameEnded {
                        ranking,
                        reason: reason.into(),
                    },
                }
            }
        }
    };
}

/// What the kit's operating rounds did; a title's event type is made from these (and from
/// [`super::shares::ShareEvent`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OperatingEvent<C> {
    RoundStarted {
        number: u32,
    },
    RoundEnded {
        number: u32,
    },
    CompanyOperates {
        corporation: C,
        president: Option<Seat>,
    },
    SharesIssued {
        corporation: C,
        percent: u8,
        received: u32,
    },
    SharesRedeemed {
        corporation: C,
        percent: u8,
        paid: u32,
    },
    RoutesRun {
        corporation: C,
        revenue: u32,
    },
    DividendsPaid {
        corporation: C,
        revenue: u32,
        kind: DividendKind,
        per_share: u32,
        payments: Vec<Payment>,
        to_company: u32,
    },
    TrainsRemoved {
        card: String,
        trains: Vec<String>,
    },
    TileLaid {
        corporation: C,
        hex: String,
        tile: String,
        rotation: u8,
        cost: u32,
    },
    StationPlaced {
        corporation: C,
        hex: String,
        city: u8,
        cost: u32,
    },
    TrainBought {
        corporation: C,
        train: String,
        variant: String,
        price: u32,
        /// What the president paid of it (a company without a train).
        president_paid: u32,
    },
    /// A company bought a train from another company.
    TrainSold {
        from: C,
        to: C,
        train: String,
        /// The side the buyer chose for it.
        variant: String,
        price: u32,
    },
    TrainDiscarded {
        corporation: C,
        train: String,
    },
    PhaseChanged {
        phase: String,
    },
    TrainsPhasedOut {
        card: String,
    },
    /// A president who could not pay for the company's train is out: every share sold
    /// (`sold`), and all their cash, the proceeds included, given to the company.
    PlayerBankrupt {
        player: Seat,
        corporation: C,
        cash_to_company: u32,
        sold: Vec<ShareSale<C>>,
    },
    /// A company left without a president enters receivership.
    ReceivershipStarted {
        corporation: C,
    },
    GameEnded {
        ranking: Vec<Standing>,
        reason: EndReason,
    },
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

/// A title's state as its operating rounds read it.
pub trait OperatingTitle: StockTitle<Event: From<OperatingEvent<Self::Company>>> {
    type Turn: TurnRecord;

    /// The operating round in progress, if any.
    fn operating_round(&self) -> Option<OperatingRoundRef<'_, Self::Company, Self::Turn>>;
    fn operating_round_mut(&mut self) -> Option<OperatingRoundMut<'_, Self::Company, Self::Turn>>;
    /// Makes `record` the round in progress.
    fn enter_operating_round(&mut self, record: OperatingRound<Self::Company, Self::Turn>);
    fn operating_sections(&self) -> &'static OperatingSections;

    /// Operating rounds in the set after a stock round (1833NE, 1846: two).
    fn operating_rounds(&self) -> u8 {
        2
    }
    /// What happens as an operating round begins, before any operator (private income).
    fn before_operators(&mut self) -> Vec<Self::Event>;
    /// The operators of a new round in order. The default: the started corporations by
    /// price ([`by_price`]), lowest first in the game's first round. (1846 puts its minors
    /// first.)
    fn operators(&self, first_of_game: bool) -> Vec<Self::Company> {
        by_price(self, first_of_game)
    }
    /// Whether `company` operates when its turn comes (open; started, or a minor).
    fn operates(&self, company: Self::Company) -> bool {
        let entry = self.company(company);
        !entry.closed && entry.is_started()
    }
    /// Judges a lay by the operating company in its turn `turn` (before routes, the lays
    /// left, the title's blocks and discounts): its kind and cost.
    fn judge_lay(
        &self,
        company: Self::Company,
        turn: &Self::Turn,
        lay: &TileLay,
    ) -> Result<PlannedLay, Violation>;
    /// What a lay the title judged uses up of its own (1833NE: P2's free tile).
    fn after_lay(&mut self, _company: Self::Company, _lay: &TileLay) {}
    /// Judges a station the operating company places at `at` (its reservations, its
    /// prices): its cost.
    fn judge_station(
        &self,
        company: Self::Company,
        at: &StationPlacement,
    ) -> Result<u32, Violation>;
    /// The revenue of the operating company's `routes`, judged with the title's route
    /// context (its bonuses, its blocks).
    fn route_revenue(&self, company: Self::Company, routes: &[Route]) -> Result<u32, Violation>;
    /// Whether `company` buys trains (1846's minors never do); by default every company.
    fn buys_trains(&self, _company: Self::Company) -> bool {
        true
    }
    /// Whether the title's site has made the routes and dividend of `company` already, though
    /// not yet recorded here: 1846's skips them once the track step is over for a company that
    /// can run nothing, which closes the issue step; by default never.
    fn routes_skipped(&self, _company: Self::Company) -> bool {
        false
    }
    /// Whether a company in receivership waits for a player to submit its routes: by default
    /// when it owns a train; 1846's only when it can run one (the site skips the `Route`
    /// step of a company with no route, and the rest of a receivership's turn plays itself).
    fn receivership_runs(&self, company: Self::Company) -> bool {
        !self.company(company).trains.is_empty()
    }
    /// Whether the title has a dividend step for `company`'s `revenue` (1846 has none for $0
    /// nor for a minor: the dividend is made with the routes, which closes the issue step);
    /// by default always.
    fn has_dividend_step(&self, _company: Self::Company, _revenue: u32) -> bool {
        true
    }
    /// The dividend kinds `company` may choose (1846's minors only pay out: half to the
    /// owner, half to the minor).
    fn dividend_kinds(&self, _company: Self::Company, _revenue: u32) -> &'static [DividendKind] {
        &[
            DividendKind::Payout,
            DividendKind::Half,
            DividendKind::Withhold,
        ]
    }
    /// Pays the revenue out: the default, per 10% share with the price move
    /// ([`dividends::pay_shareholders`]). A title's minors pay their own way.
    fn pay_dividend(
        &mut self,
        company: Self::Company,
        revenue: u32,
        kind: DividendKind,
    ) -> Vec<Self::Event> {
        dividends::pay_shareholders(self, company, revenue, kind)
    }
    /// What a player's wealth counts besides cash and shares (1833NE: privates at list price
    /// before phase III).
    fn other_wealth(&self, _seat: Seat) -> u32 {
        0
    }
    /// Makes the game ended with `ranking`.
    fn enter_game_ended(&mut self, ranking: Vec<Standing>);
    /// What a bankrupt player's own pieces do (1833NE: their privates close).
    fn on_bankrupt(&mut self, player: Seat);

    // ---- Trains and phases (`kit18xx::trains`) ----

    /// The train card at `index` in depot order (`None` past the last).
    fn train_card(&self, index: usize) -> Option<super::trains::TrainCard<'static>>;

    /// Whether a company short of the depot's cheapest train may still buy another company's
    /// train with its own cash, before any emergency issue (1846) or not (1833NE's R3b).
    fn buys_from_others_when_short(&self) -> bool {
        false
    }
    /// Whether declaring bankruptcy first makes the company's largest emergency issue still
    /// allowed, the declaration then judged on what is left (18xx.games' 1846, "the company
    /// issues all it can", 7.12); by default bankruptcy waits until no issue is left.
    fn issues_on_bankruptcy(&self) -> bool {
        false
    }
    /// What a company's emergency money is raised for (1833NE's ruling R3 by default).
    fn emergency_rule(&self) -> super::emergency::EmergencyRule {
        super::emergency::EmergencyRule::CheaperSide
    }
    /// What a side costs (1833NE's unlimited 7+3: $1,000 over its printed price).
    fn side_price(&self, side: &TrainSide) -> u32 {
        side.price
    }
    /// Copies left in the depot, per card.
    fn depot(&self) -> &[u8];
    fn depot_mut(&mut self) -> &mut [u8];
    /// Trains returned to the bank that the depot sells again (`trains::return_trains`).
    fn discard_pile(&self) -> &[Train];
    fn discard_pile_mut(&mut self) -> &mut Vec<Train>;
    /// The phase now, 0 first.
    fn phase(&self) -> usize;
    fn set_phase(&mut self, phase: usize);
    fn phase_name(&self, phase: usize) -> String;
    /// The train card whose first purchase starts `phase` (`None` past the last).
    fn phase_starts_on(&self, phase: usize) -> Option<&'static str>;
    /// The train limit of `company` now (1846's minors have their own).
    fn train_limit(&self, company: Self::Company) -> usize;
    /// The cards `phase` phases out (they run once more) and the cards it removes.
    fn phase_train_effects(
        &self,
        phase: usize,
    ) -> (&'static [&'static str], &'static [&'static str]);
    /// What `phase` does to the title's own pieces (privates closed, ferries removed).
    fn on_phase(&mut self, phase: usize, events: &mut Vec<Self::Event>);
}

pub fn begin<S: OperatingTitle>(
    state: &mut S,
    after_stock_round: u32,
    number: u8,
) -> Vec<S::Event> {
    let mut events = vec![
        OperatingEvent::RoundStarted {
            number: u32::from(number),
        }
        .into(),
    ];
    events.extend(state.before_operators());
    let first_of_game = after_stock_round == 1 && number == 1;
    let order = state.operators(first_of_game);
    state.enter_operating_round(OperatingRound {
        after_stock_round,
        number,
        order,
        current: 0,
        turn: S::Turn::default(),
        discards: Vec::new(),
    });
    events.extend(start_turn_or_finish(state));
    events
}

/// The companies yet to operate in this round, sorted again into the operating order: a
/// president's emergency sale moved a price (18xx.games' `EmergencyMoney` recalculates the
/// order after each such sale; nothing else does in 1846). A closed one among them leaves the
/// order (`Operating#recalculate_order` keeps only the game's operating order).
pub fn reorder_the_rest<S: OperatingTitle>(state: &mut S) {
    let Some(round) = state.operating_round() else {
        return;
    };
    let first_of_game = round.after_stock_round == 1 && round.number == 1;
    // The closed ones leave the order (they would not operate), as the site's does.
    let rest: Vec<S::Company> = round
        .order
        .get(round.current + 1..)
        .unwrap_or(&[])
        .iter()
        .copied()
        .filter(|&c| !state.company(c).closed)
        .collect();
    let sorted: Vec<S::Company> = state
        .operators(first_of_game)
        .into_iter()
        .filter(|c| rest.contains(c))
        .collect();
    if sorted.len() != rest.len() {
        return;
    }
    if let Some(round) = state.operating_round_mut() {
        let keep = (*round.current + 1).min(round.order.len());
        round.order.truncate(keep);
        round.order.extend(sorted);
    }
}

/// The operating order: started companies by price, highest first (lowest first in the game's
/// first round); on a tie, the one that reached the price first.
pub fn by_price<S: StockTitle>(state: &S, lowest_first: bool) -> Vec<S::Company> {
    let mut companies: Vec<_> = state
        .companies()
        .iter()
        .filter(|c| c.is_started() && !c.closed)
        .collect();
    companies.sort_by(|a, b| {
        let by_price = if lowest_first {
            a.price.cmp(&b.price)
        } else {
            b.price.cmp(&a.price)
        };
        by_price.then(a.arrived.cmp(&b.arrived))
    });
    companies.into_iter().map(|c| c.company).collect()
}

/// The operating company and its turn.
pub fn current<S: OperatingTitle>(state: &S) -> Option<(S::Company, &S::Turn)> {
    let round = state.operating_round()?;
    round.order.get(round.current).map(|c| (*c, round.turn))
}

/// Starts the current company's turn, skipping closed ones; ends the round after the last. A
/// company in receivership with no train operates at once, without choices; one with trains
/// waits for any player to submit its routes (ruling R5).
pub fn start_turn_or_finish<S: OperatingTitle>(state: &mut S) -> Vec<S::Event> {
    let mut events = Vec::new();
    loop {
        let Some((company, _)) = current(state) else {
            events.extend(finish_round(state));
            return events;
        };
        if !state.operates(company) {
            advance(state);
            continue;
        }
        let entry = state.company(company);
        let president = entry.president;
        let waits = president.is_some() || state.receivership_runs(company);
        state.company_mut(company).operated = true;
        events.push(
            OperatingEvent::CompanyOperates {
                corporation: company,
                president,
            }
            .into(),
        );
        if waits {
            return events;
        }
        events.extend(super::receivership::operate(state, company, 0));
        advance(state);
    }
}

/// Who acts in the operating round: the president of the first corporation to discard, else
/// of the operator; any player still in for a corporation in receivership (its routes).
pub fn to_act<S: OperatingTitle>(state: &S) -> Vec<Seat> {
    actors(state).collect()
}

/// The seats of [`to_act`], one after another (a title asks whether a seat is among them
/// without listing them).
pub fn actors<S: OperatingTitle>(state: &S) -> impl Iterator<Item = Seat> + '_ {
    let company = state.operating_round().and_then(|round| {
        let discarding = round.discards.first().copied();
        discarding
            .or_else(|| current(state).map(|(c, _)| c))
            .map(|c| (c, discarding.is_none()))
    });
    let (receivership, president) = match company {
        Some((c, operating)) if operating && state.company(c).receivership => (true, None),
        Some((c, _)) => (false, state.company(c).president),
        None => (false, None),
    };
    let players = state
        .seats()
        .filter(move |s| receivership && !state.player(*s).bankrupt);
    president.into_iter().chain(players)
}

/// The turn passes to the next operator.
pub fn advance<S: OperatingTitle>(state: &mut S) {
    if let Some(round) = state.operating_round_mut() {
        *round.current += 1;
        *round.turn = S::Turn::default();
    }
}

/// The end of an operating round: the next of the set, or after the last the end of the game
/// (the bank broken) or the next stock round.
fn finish_round<S: OperatingTitle>(state: &mut S) -> Vec<S::Event> {
    let Some((after_stock_round, number)) = state
        .operating_round()
        .map(|r| (r.after_stock_round, r.number))
    else {
        return vec![];
    };
    let mut events = vec![
        OperatingEvent::RoundEnded {
            number: u32::from(number),
        }
        .into(),
    ];
    if number < state.operating_rounds() {
        events.extend(begin(state, after_stock_round, number + 1));
    } else if *state.ledger().bank_broken {
        events.extend(super::end::end_game(state, EndReason::BankBroken));
    } else {
        events.extend(super::stock_round::begin(state, after_stock_round + 1));
    }
    events
}

/// Checks the action is the operating company's president's, outside a pending discard.
pub fn expect_president<S: OperatingTitle>(
    state: &S,
    player: Seat,
    action: &str,
) -> Result<(S::Company, S::Turn), Violation> {
    let Some(round) = state.operating_round() else {
        return Err(state.wrong_round(action));
    };
    let sections = state.operating_sections();
    if let Some(first) = round.discards.first() {
        let president = state
            .company(*first)
            .president
            .map_or("nobody".to_string(), |p| p.to_string());
        return Err(Violation::new(
            "discard_pending",
            sections.trains,
            format!(
                "{first} is over the train limit: player {president} must discard a train first"
            ),
        ));
    }
    let (company, turn) = current(state).ok_or_else(|| state.wrong_round(action))?;
    let Some(president) = state.company(company).president else {
        return Err(Violation::new(
            "in_receivership",
            sections.receivership,
            format!(
                "{company} is in receivership: it operates without choices; any player submits its routes (run_routes)"
            ),
        ));
    };
    if player != president {
        return Err(state.not_your_turn(player, president));
    }
    Ok((company, turn.clone()))
}

/// Refuses `action` once the company has run its routes.
pub fn before_routes<S: OperatingTitle>(
    state: &S,
    turn: &S::Turn,
    action: &str,
) -> Result<(), Violation> {
    if turn.common().revenue.is_some() {
        return Err(Violation::new(
            "after_routes",
            state.operating_sections().operating_round,
            format!("{action} comes before running routes"),
        ));
    }
    Ok(())
}

/// Writes the operating company's turn back.
pub fn set_turn<S: OperatingTitle>(state: &mut S, new: S::Turn) {
    if let Some(round) = state.operating_round_mut() {
        *round.turn = new;
    }
}

/// Ends the operating company's turn: after its dividend, owning a train (if it can buy one).
pub fn pass<S: OperatingTitle>(state: &mut S, player: Seat) -> Result<Vec<S::Event>, Violation> {
    let (company, turn) = expect_president(state, player, "pass")?;
    let sections = state.operating_sections();
    if !turn.common().dividend_done {
        return Err(Violation::new(
            "routes_first",
            sections.operating_round,
            "run routes and pay the dividend before ending the turn",
        ));
    }
    if super::emergency::needed_train(state, company).is_some() {
        return Err(Violation::new(
            "must_buy_train",
            sections.trains,
            format!("{company} owns no train and must buy one"),
        ));
    }
    advance(state);
    Ok(start_turn_or_finish(state))
}
