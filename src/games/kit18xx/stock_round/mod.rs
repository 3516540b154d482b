//! Stock rounds (1846 5.x): on a turn a player sells (any corporations' shares, one sale per
//! corporation), then buys one certificate (a share, or a president's certificate to start a
//! corporation), or passes. The round ends when every player still in has passed in a row.
//!
//! Written once for the family; a title supplies its round record, numbers and sections
//! through [`StockTitle`], and what starting a corporation and ending the round lead to.

use super::shares::{SHARE_PERCENT, ShareEvent, Shares};
use super::table::{CompanyId, Seat, Sold};
use crate::core::{Refusal, Refused, Violation};

mod buying;
mod par;
mod selling;
mod turns;

pub use buying::*;
pub use par::*;
pub use selling::*;
pub use turns::*;

/// The section ids of a title's rules that the stock round's refusals cite.
pub struct StockSections {
    pub stock_round: &'static str,
    pub starting: &'static str,
    pub buying: &'static str,
    pub selling: &'static str,
    pub certificate_limit: &'static str,
}

/// The record of a stock round, as a title's state holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockRound<C> {
    pub number: u32,
    pub to_act: Seat,
    /// Players who passed in a row (a turn with an action starts the count again).
    pub passes_in_a_row: u8,
    /// Corporations whose shares the acting player sold this turn.
    pub sold_this_turn: Vec<C>,
    /// Corporations each player has sold this round: they may not buy them again in it.
    pub sold: Vec<Sold<C>>,
    /// The last player to buy or sell (the next round's priority deal goes to the player after).
    pub last_to_act: Option<Seat>,
}

/// The record of the stock round in progress, borrowed from the title's state.
pub struct StockRoundMut<'a, C> {
    pub number: &'a mut u32,
    pub to_act: &'a mut Seat,
    pub passes_in_a_row: &'a mut u8,
    pub sold_this_turn: &'a mut Vec<C>,
    pub sold: &'a mut Vec<Sold<C>>,
    pub last_to_act: &'a mut Option<Seat>,
}

/// The record of the stock round in progress, read.
pub struct StockRoundRef<'a, C> {
    pub number: u32,
    pub to_act: Seat,
    pub passes_in_a_row: u8,
    pub sold_this_turn: &'a [C],
    pub sold: &'a [Sold<C>],
    pub last_to_act: Option<Seat>,
}

/// `StockTitle`'s views of the round for a title whose round enum has a struct variant
/// `$round::$variant` with [`StockRound`]'s fields: written inside the title's
/// `impl StockTitle`. A macro because each title's round is its own enum (its wire format keeps
/// the fields inline).
macro_rules! stock_round_views {
    ($round:ident :: $variant:ident, $company:ty) => {
        fn stock_round(
            &self,
        ) -> Option<$crate::games::kit18xx::stock_round::StockRoundRef<'_, $company>> {
            match &self.round {
                $round::$variant {
                    number,
                    to_act,
                    passes_in_a_row,
                    sold_this_turn,
                    sold,
                    last_to_act,
                } => Some($crate::games::kit18xx::stock_round::StockRoundRef {
                    number: *number,
                    to_act: *to_act,
                    passes_in_a_row: *passes_in_a_row,
                    sold_this_turn,
                    sold,
                    last_to_act: *last_to_act,
                }),
                _ => None,
            }
        }

        fn stock_round_mut(
            &mut self,
        ) -> Option<$crate::games::kit18xx::stock_round::StockRoundMut<'_, $company>> {
            match &mut self.round {
                $round::$variant {
                    number,
                    to_act,
                    passes_in_a_row,
                    sold_this_turn,
                    sold,
                    last_to_act,
                } => Some($crate::games::kit18xx::stock_round::StockRoundMut {
                    number,
                    to_act,
                    passes_in_a_row,
                    sold_this_turn,
                    sold,
                    last_to_act,
                }),
                _ => None,
            }
        }

        fn enter_stock_round(
            &mut self,
            r: $crate::games::kit18xx::stock_round::StockRound<$company>,
        ) {
            self.round = $round::$variant {
                number: r.number,
                to_act: r.to_act,
                passes_in_a_row: r.passes_in_a_row,
                sold_this_turn: r.sold_this_turn,
                sold: r.sold,
                last_to_act: r.last_to_act,
            };
        }
    };
}
pub(crate) use stock_round_views;

/// A title's state as its stock rounds read it.
pub trait StockTitle: Shares + Sized {
    /// The stock round in progress, if any.
    fn stock_round(&self) -> Option<StockRoundRef<'_, Self::Company>>;
    fn stock_round_mut(&mut self) -> Option<StockRoundMut<'_, Self::Company>>;
    /// Makes `record` the round in progress.
    fn enter_stock_round(&mut self, record: StockRound<Self::Company>);
    fn priority_deal_mut(&mut self) -> &mut Seat;
    fn sections(&self) -> &'static StockSections;
    /// The prices a corporation may start at.
    fn par_values(&self) -> &'static [u32];
    /// The certificate limit now (by players and corporations in play).
    fn certificate_limit(&self) -> usize;
    /// What starting a corporation at `share_price` brings besides its certificate: its home
    /// station on the board, and whatever the title adds (1846's IC subsidy).
    fn on_start(&mut self, company: Self::Company, share_price: u32, events: &mut Vec<Self::Event>);
    /// The corporations in operating order now: highest price first, the earlier arrival
    /// first on a price.
    fn operating_order(&self) -> Vec<Self::Company>;
    /// What follows the stock round `number` (its operating rounds).
    fn after_stock_round(&mut self, number: u32) -> Vec<Self::Event>;
    /// The refusal of `player` acting when `to_act` is to.
    fn not_your_turn(&self, player: Seat, to_act: Seat) -> Violation;
    /// The refusal of `action` outside a stock round.
    fn wrong_round(&self, action: &str) -> Violation;
    /// Whether the president's certificate of a corporation in receivership is bought as a
    /// 10% share by a player holding one already (1846 7.13 NOTE: "a player holding a 10%
    /// share ... may purchase a virtual 10% share, swapping certificates"), not whole at twice
    /// the price; by default it is bought whole.
    fn receivership_presidency_as_a_share(&self) -> bool {
        false
    }
}

pub fn begin<S: StockTitle>(state: &mut S, number: u32) -> Vec<S::Event> {
    // A bankrupt player is out: the priority deal passes to the next player still in.
    let deal = *state.priority_deal_mut();
    if state.player(deal).bankrupt {
        let next = state.next_seat(deal);
        *state.priority_deal_mut() = next;
    }
    let to_act = *state.priority_deal_mut();
    state.enter_stock_round(StockRound {
        number,
        to_act,
        passes_in_a_row: 0,
        sold_this_turn: Vec::new(),
        sold: Vec::new(),
        last_to_act: None,
    });
    vec![ShareEvent::RoundStarted { number }.into()]
}

fn expect_turn<S: StockTitle, R: Refusal>(state: &S, player: Seat, action: &str) -> Result<(), R> {
    match state.stock_round() {
        Some(round) if round.to_act == player => Ok(()),
        Some(round) => Err(R::refuse("not_your_turn", || {
            state.not_your_turn(player, round.to_act)
        })),
        None => Err(R::refuse("wrong_round", || state.wrong_round(action))),
    }
}

fn refuse(code: &str, rule: &str, message: String) -> Violation {
    Violation::new(code, rule, message)
}

/// A refusal `code` of `rule`, its words (`message`) written only if they are kept.
fn refuse_as<R: Refusal>(code: &'static str, rule: &str, message: impl FnOnce() -> String) -> R {
    R::refuse(code, || Violation::new(code, rule, message()))
}

fn check_certificate_room<S: StockTitle, R: Refusal>(state: &S, player: Seat) -> Result<(), R> {
    let held = state.certificates(player);
    let limit = state.certificate_limit();
    if held >= limit {
        return Err(refuse_as(
            "certificate_limit",
            state.sections().certificate_limit,
            || format!("player {player} holds {held} certificates; the limit is {limit}"),
        ));
    }
    Ok(())
}

/// A player over the certificate limit (1846 5.43) must sell down: they may not end their turn
/// while any sale `sell_shares` would accept is left to them, even one that does not bring them
/// all the way under.
fn check_not_over_limit<S: StockTitle>(state: &S, player: Seat) -> Result<(), Violation> {
    let held = state.certificates(player);
    let limit = state.certificate_limit();
    if held <= limit {
        return Ok(());
    }
    if let Some((company, percent)) = first_accepted_sale(state, player) {
        return Err(refuse(
            "over_certificate_limit",
            state.sections().certificate_limit,
            format!(
                "player {player} holds {held} certificates, over the limit of {limit}, and must sell (for one, {percent}% of {company}) before passing"
            ),
        ));
    }
    Ok(())
}

/// The first sale (corporation, percent) `sell_shares` would accept from `player` now.
fn first_accepted_sale<S: StockTitle>(state: &S, player: Seat) -> Option<(S::Company, u8)> {
    S::Company::all().iter().find_map(|&company| {
        let held = state.company(company).percent_of(player);
        (SHARE_PERCENT..=held)
            .step_by(usize::from(SHARE_PERCENT))
            .find(|&percent| {
                judge_turn_sale_as::<_, Refused>(state, player, company, percent).is_ok()
            })
            .map(|percent| (company, percent))
    })
}

/// Judges a sale in the stock round: one sale per corporation per turn, then [`judge_sale`].
pub fn judge_turn_sale<S: StockTitle>(
    state: &S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<u32, Violation> {
    judge_turn_sale_as(state, player, company, percent)
}

/// [`judge_turn_sale`], refusing as `R` (see [`Refusal`]).
pub fn judge_turn_sale_as<S: StockTitle, R: Refusal>(
    state: &S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<u32, R> {
    if state
        .stock_round()
        .is_some_and(|r| r.sold_this_turn.contains(&company))
    {
        return Err(refuse_as(
            "sold_this_turn",
            state.sections().selling,
            || {
                format!(
                    "player {player} has sold {company} this turn already: one sale per company per turn"
                )
            },
        ));
    }
    judge_sale_as(state, player, company, percent)
}

fn has_sold<S: StockTitle>(state: &S, player: Seat, company: S::Company) -> bool {
    state
        .stock_round()
        .is_some_and(|r| r.sold.contains(&Sold { player, company }))
}

fn company_open<S: StockTitle, R: Refusal>(state: &S, company: S::Company) -> Result<(), R> {
    if state.company(company).closed {
        return Err(refuse_as(
            "company_closed",
            state.sections().stock_round,
            || format!("{company} has closed"),
        ));
    }
    Ok(())
}
