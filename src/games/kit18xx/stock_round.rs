//! Stock rounds (1846 5.x): on a turn a player sells (any corporations' shares, one sale per
//! corporation), then buys one certificate (a share, or a president's certificate to start a
//! corporation), or passes. The round ends when every player still in has passed in a row.
//!
//! Written once for the family; a title supplies its round record, numbers and sections
//! through [`StockTitle`], and what starting a corporation and ending the round lead to.

use super::shares::{
    MARKET_LIMIT_PERCENT, PLAYER_LIMIT_PERCENT, PRESIDENT_PERCENT, SHARE_PERCENT, ShareEvent,
    ShareSource, Shares, move_price, price, update_president,
};
use super::table::{CompanyId, Seat, Sold};
use crate::core::{Refusal, Refused, Violation};

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

/// Judges a start at `share_price` and returns the price's market space and the cost: the
/// turn, an open corporation not started, a par value, the certificate limit, the cash.
pub fn judge_par<S: StockTitle>(
    state: &S,
    player: Seat,
    company: S::Company,
    share_price: u32,
) -> Result<(usize, u32), Violation> {
    judge_par_as(state, player, company, share_price)
}

/// [`judge_par`], refusing as `R` (see [`Refusal`]).
pub fn judge_par_as<S: StockTitle, R: Refusal>(
    state: &S,
    player: Seat,
    company: S::Company,
    share_price: u32,
) -> Result<(usize, u32), R> {
    expect_turn::<_, R>(state, player, "par")?;
    company_open::<_, R>(state, company)?;
    let starting = state.sections().starting;
    if !company.has_shares() {
        return Err(refuse_as("no_shares", starting, || {
            format!("{company} has no shares: it is not started with a par")
        }));
    }
    if state.company(company).is_started() {
        return Err(refuse_as("already_started", starting, || {
            format!("{company} has started")
        }));
    }
    let par_values = state.par_values();
    let index = state.market().iter().position(|&p| p == share_price);
    let (true, Some(index)) = (par_values.contains(&share_price), index) else {
        return Err(refuse_as("invalid_par", starting, || {
            format!("${share_price} is not a par value; they are {par_values:?}")
        }));
    };
    check_certificate_room::<_, R>(state, player)?;
    let cost = 2 * share_price;
    let cash = state.player(player).cash;
    if cash < cost {
        return Err(refuse_as("insufficient_cash", starting, || {
            format!(
                "starting {company} at ${share_price} costs ${cost}; player {player} has ${cash}"
            )
        }));
    }
    Ok((index, cost))
}

/// Whether `player`, to act, has anything to do but pass: a start, a purchase or a sale the
/// rules accept. (18xx.games skips a player who has not; railrules asks for the pass.)
pub fn has_choice<S: StockTitle>(state: &S, player: Seat) -> bool {
    // Judged without the refusals' words (`Refused`): only whether one is accepted counts.
    let buys = |company, from, percent| {
        judge_purchase_as::<_, Refused>(state, player, company, from, percent).is_ok()
    };
    let sources = [ShareSource::Treasury, ShareSource::Market];
    S::Company::all().iter().any(|&company| {
        may_par(state, player, company)
            || sources
                .iter()
                .any(|&from| buys(company, from, SHARE_PERCENT))
            || buys(company, ShareSource::Market, PRESIDENT_PERCENT)
            || judge_turn_sale_as::<_, Refused>(state, player, company, SHARE_PERCENT).is_ok()
    })
}

/// Whether `player` may start `company` at one of the par values. Of `judge_par`'s refusals,
/// only a price not on the market and the cash depend on the price, the cash refusing every
/// dearer price too: the par values are judged cheapest first, until one is accepted or
/// refused for more than its place on the market.
fn may_par<S: StockTitle>(state: &S, player: Seat, company: S::Company) -> bool {
    let mut prices = state.par_values().to_vec();
    prices.sort_unstable();
    for price in prices {
        match judge_par_as::<_, Refused>(state, player, company, price) {
            Ok(_) => return true,
            Err(refusal) if refusal.code == "invalid_par" => {}
            Err(_) => return false,
        }
    }
    false
}

/// Starts `company` at `share_price`: the player buys its president's certificate for twice
/// the price, paid into its treasury.
pub fn par<S: StockTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    share_price: u32,
) -> Result<Vec<S::Event>, Violation> {
    let (index, cost) = judge_par(state, player, company, share_price)?;
    // Judged: carry it out.
    let arrivals = state.arrivals_mut();
    *arrivals += 1;
    let arrived = *arrivals;
    state.player_pays_company(player, company, cost);
    let entry = state.company_mut(company);
    entry.price = u8::try_from(index).ok();
    entry.arrived = arrived;
    entry.president = Some(player);
    entry.holdings.insert(player, PRESIDENT_PERCENT);
    entry.treasury_shares = 100 - PRESIDENT_PERCENT;
    let mut events = vec![
        ShareEvent::CompanyStarted {
            corporation: company,
            president: player,
            share_price,
            paid: cost,
        }
        .into(),
    ];
    state.on_start(company, share_price, &mut events);
    end_turn(state, player, true);
    Ok(events)
}

/// `buy_shares`: one 10% share from the treasury (paid to the company) or the market (paid to
/// the bank) at the current price, or, of a corporation in receivership, its 20% president's
/// certificate from the market at twice the price.
pub fn buy_shares<S: StockTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    from: ShareSource,
    percent: u8,
) -> Result<Vec<S::Event>, Violation> {
    let cost = judge_purchase(state, player, company, from, percent)?;
    match from {
        ShareSource::Treasury => {
            state.player_pays_company(player, company, cost);
            state.company_mut(company).treasury_shares -= percent;
        }
        ShareSource::Market => {
            state.player_pays_bank(player, cost);
            state.company_mut(company).market_shares -= percent;
        }
    }
    *state
        .company_mut(company)
        .holdings
        .entry(player)
        .or_insert(0) += percent;
    let mut events = vec![
        ShareEvent::SharesBought {
            player,
            corporation: company,
            percent,
            from,
            price: cost,
        }
        .into(),
    ];
    update_president(state, company, &mut events);
    end_receivership(state, company, player, &mut events);
    end_turn(state, player, true);
    Ok(events)
}

/// Judges a purchase and returns its cost: the turn, an open started corporation not sold by
/// the player this round, a certificate of that size where it is bought from, the 60% limit,
/// the certificate limit, the cash.
pub fn judge_purchase<S: StockTitle>(
    state: &S,
    player: Seat,
    company: S::Company,
    from: ShareSource,
    percent: u8,
) -> Result<u32, Violation> {
    judge_purchase_as(state, player, company, from, percent)
}

/// [`judge_purchase`], refusing as `R` (see [`Refusal`]).
pub fn judge_purchase_as<S: StockTitle, R: Refusal>(
    state: &S,
    player: Seat,
    company: S::Company,
    from: ShareSource,
    percent: u8,
) -> Result<u32, R> {
    expect_turn::<_, R>(state, player, "buy_shares")?;
    company_open::<_, R>(state, company)?;
    let buying = state.sections().buying;
    let Some(share_price) = price(state, company) else {
        return Err(refuse_as("not_started", buying, || {
            format!("{company} has not started: start it with par")
        }));
    };
    if has_sold(state, player, company) {
        return Err(refuse_as("bought_after_selling", buying, || {
            format!("player {player} sold {company} this round and may not buy it again in it")
        }));
    }
    check_certificate_size::<_, R>(state, company, from, percent)?;
    let entry = state.company(company);
    let available = match from {
        ShareSource::Treasury => entry.treasury_shares,
        // In receivership 20% of the market is the president's certificate: bought whole, or
        // (where the title has it so) as a share by a player holding one, swapping it.
        ShareSource::Market
            if entry.receivership
                && percent == SHARE_PERCENT
                && !(state.receivership_presidency_as_a_share()
                    && entry.percent_of(player) >= SHARE_PERCENT) =>
        {
            entry.market_shares.saturating_sub(PRESIDENT_PERCENT)
        }
        ShareSource::Market => entry.market_shares,
    };
    if available < percent {
        return Err(refuse_as("no_share_there", buying, || {
            format!(
                "{company} has {available}% to buy in its {}, not {percent}%",
                source_name(from)
            )
        }));
    }
    let held = entry.percent_of(player);
    if held + percent > PLAYER_LIMIT_PERCENT {
        return Err(refuse_as("player_limit", buying, || {
            format!(
                "player {player} holds {held}% of {company} and would hold {}%; no one may hold more than {PLAYER_LIMIT_PERCENT}%",
                held + percent
            )
        }));
    }
    check_certificate_room::<_, R>(state, player)?;
    let cost = u32::from(percent / SHARE_PERCENT) * share_price;
    let cash = state.player(player).cash;
    if cash < cost {
        return Err(refuse_as("insufficient_cash", buying, || {
            format!("{percent}% of {company} costs ${cost}; player {player} has ${cash}")
        }));
    }
    Ok(cost)
}

fn source_name(from: ShareSource) -> &'static str {
    match from {
        ShareSource::Treasury => "treasury",
        ShareSource::Market => "market",
    }
}

/// A player buys one 10% share; only a corporation in receivership has its 20% president's
/// certificate in the market to buy.
fn check_certificate_size<S: StockTitle, R: Refusal>(
    state: &S,
    company: S::Company,
    from: ShareSource,
    percent: u8,
) -> Result<(), R> {
    let certificate = percent == PRESIDENT_PERCENT
        && from == ShareSource::Market
        && state.company(company).receivership
        && !state.receivership_presidency_as_a_share();
    if percent == SHARE_PERCENT || certificate {
        return Ok(());
    }
    Err(refuse_as("one_share", state.sections().buying, || {
        format!(
            "a player buys one 10% share at a time, or the 20% president's certificate of a company in receivership from the market; not {percent}% of {company} from its {}",
            source_name(from)
        )
    }))
}

/// A corporation in receivership gets a president as soon as a player holds 20% (the
/// certificate bought from the market, or two shares, swapped for the certificate there): it
/// leaves receivership.
fn end_receivership<S: StockTitle>(
    state: &mut S,
    company: S::Company,
    buyer: Seat,
    events: &mut Vec<S::Event>,
) {
    let entry = state.company_mut(company);
    if !entry.receivership || entry.percent_of(buyer) < PRESIDENT_PERCENT {
        return;
    }
    entry.receivership = false;
    entry.president = Some(buyer);
    events.push(
        ShareEvent::ReceivershipEnded {
            corporation: company,
            president: buyer,
        }
        .into(),
    );
}

pub fn sell_shares<S: StockTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<Vec<S::Event>, Violation> {
    expect_turn::<_, Violation>(state, player, "sell_shares")?;
    judge_turn_sale(state, player, company, percent)?;
    let events = perform_sale(state, player, company, percent);
    if let Some(round) = state.stock_round_mut() {
        round.sold_this_turn.push(company);
        let entry = Sold { player, company };
        if !round.sold.contains(&entry) {
            round.sold.push(entry);
        }
        *round.last_to_act = Some(player);
    }
    Ok(events)
}

pub fn pass<S: StockTitle>(state: &mut S, player: Seat) -> Result<Vec<S::Event>, Violation> {
    expect_turn::<_, Violation>(state, player, "pass")?;
    check_not_over_limit(state, player)?;
    let acted = state
        .stock_round()
        .is_some_and(|r| !r.sold_this_turn.is_empty());
    let mut events = vec![ShareEvent::Passed { player }.into()];
    end_turn(state, player, acted);
    let active = state.players().iter().filter(|p| !p.bankrupt).count() as u8;
    if let Some(round) = state.stock_round()
        && round.passes_in_a_row >= active
    {
        let number = round.number;
        events.extend(finish(state, number));
    }
    Ok(events)
}

/// Judges a sale of `percent` of `company` by `player` to the market: whole shares, held, the
/// corporation operated (or the seller its president), the market's 50%, the president's
/// certificate. Returns what the player would receive.
pub fn judge_sale<S: StockTitle>(
    state: &S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<u32, Violation> {
    judge_sale_as(state, player, company, percent)
}

/// [`judge_sale`], refusing as `R` (see [`Refusal`]).
pub fn judge_sale_as<S: StockTitle, R: Refusal>(
    state: &S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<u32, R> {
    company_open::<_, R>(state, company)?;
    let selling = state.sections().selling;
    let Some(share_price) = price(state, company) else {
        return Err(refuse_as("not_started", selling, || {
            format!("{company} has not started")
        }));
    };
    if percent == 0 || !percent.is_multiple_of(SHARE_PERCENT) {
        return Err(refuse_as("bad_percent", selling, || {
            format!("shares are sold by 10%, not {percent}%")
        }));
    }
    let entry = state.company(company);
    let is_president = entry.president == Some(player);
    if !entry.operated && !is_president {
        return Err(refuse_as("not_yet_operated", selling, || {
            format!("{company} has not operated: only its president may sell its shares")
        }));
    }
    let held = entry.percent_of(player);
    if percent > held {
        return Err(refuse_as("not_enough_shares", selling, || {
            format!("player {player} holds {held}% of {company}, not {percent}%")
        }));
    }
    if entry.market_shares + percent > MARKET_LIMIT_PERCENT {
        return Err(refuse_as("market_full", selling, || {
            format!(
                "the market holds {}% of {company}; at most {MARKET_LIMIT_PERCENT}% may be there",
                entry.market_shares
            )
        }));
    }
    // The president's certificate never goes to the market: the president keeps 20% unless
    // another player holds at least 20% and takes the presidency.
    if is_president && held - percent < PRESIDENT_PERCENT {
        let successor = state
            .seats()
            .filter(|&s| s != player)
            .map(|s| entry.percent_of(s))
            .max()
            .unwrap_or(0);
        if successor < PRESIDENT_PERCENT || successor <= held - percent {
            return Err(refuse_as("president_certificate", selling, || {
                format!(
                    "player {player} is {company}'s president and would keep {}%: the president's certificate cannot go to the market and no other player holds 20% to take it",
                    held - percent
                )
            }));
        }
    }
    Ok(u32::from(percent / SHARE_PERCENT) * share_price)
}

/// Carries out a judged sale: the bank pays, the shares go to the market, the president's
/// sale drops the price one space, the presidency may change.
pub fn perform_sale<S: Shares>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Vec<S::Event> {
    let share_price = price(state, company).unwrap_or(0);
    let is_president = state.company(company).president == Some(player);
    let received = u32::from(percent / SHARE_PERCENT) * share_price;
    state.bank_pays_player(player, received);
    let entry = state.company_mut(company);
    entry.market_shares += percent;
    *entry.holdings.entry(player).or_insert(0) -= percent;
    entry.holdings.retain(|_, p| *p > 0);
    let mut events = vec![
        ShareEvent::SharesSold {
            player,
            corporation: company,
            percent,
            received,
        }
        .into(),
    ];
    move_price(
        state,
        company,
        super::market::sale_steps(is_president, false),
        &mut events,
    );
    update_president(state, company, &mut events);
    events
}

/// Ends `player`'s turn: an action (a buy or any sale) starts the pass count again.
fn end_turn<S: StockTitle>(state: &mut S, player: Seat, acted: bool) {
    let next = state.next_seat(player);
    if let Some(round) = state.stock_round_mut() {
        *round.to_act = next;
        round.sold_this_turn.clear();
        if acted {
            *round.passes_in_a_row = 0;
            *round.last_to_act = Some(player);
        } else {
            *round.passes_in_a_row += 1;
        }
    }
}

/// The end of the round: corporations with shares in the market drop a space, those wholly
/// held by players rise one, in operating order; the priority deal goes to the player after
/// the last to act.
fn finish<S: StockTitle>(state: &mut S, number: u32) -> Vec<S::Event> {
    let mut events = vec![ShareEvent::RoundEnded { number }.into()];
    // In the operating order of this moment: highest price first, the earlier arrival first on
    // a price, so that of two corporations moving onto the same space the one ahead stays
    // ahead.
    for company in state.operating_order() {
        let entry = state.company(company);
        let sold_out = entry.holdings.values().map(|&p| u32::from(p)).sum::<u32>() == 100;
        let steps = super::market::end_of_round_steps(entry.market_shares > 0, sold_out);
        move_price(state, company, steps, &mut events);
    }
    if let Some(last) = state.stock_round().and_then(|r| r.last_to_act) {
        let deal = state.next_seat(last);
        *state.priority_deal_mut() = deal;
        events.push(ShareEvent::PriorityDeal { player: deal }.into());
    }
    events.extend(state.after_stock_round(number));
    events
}
