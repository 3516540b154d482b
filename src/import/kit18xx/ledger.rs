//! The ledger of the site's names: who holds each certificate of each company, in the order
//! they came, and the site's id of each tile laid, reconciled with railrules' state after every
//! action of an import.

use super::{CompanyOf, Family, certificate};
use crate::games::kit18xx::connections::EndsMemo;
use crate::games::kit18xx::table::Holdings;
use crate::games::kit18xx::table::{CompanyId, CompanyState, Seat, Table};
use crate::import::export_18xx::{SiteJson, member};
use std::collections::BTreeMap;

/// Certificates per corporation: the president's (index 0, 20%) and eight of 10%.
pub const CERTIFICATES: usize = 9;

/// Who holds a certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    Treasury,
    Market,
    Player(Seat),
    /// The company has closed.
    Nobody,
}

/// The site's names for what railrules' state holds by count or kind.
#[derive(Debug, Clone)]
pub struct Ledger {
    /// The site's id of the tile on each hex a tile was laid on (`57-0`), by hex.
    pub tiles: BTreeMap<String, String>,
    /// Per company (in component order): the holder of each certificate.
    pub shares: Vec<[Holder; CERTIFICATES]>,
    /// Per company: when each certificate came to its holder (a tick of `clock`). The site
    /// keeps each holder's certificates in the order they came (its `move_share` appends),
    /// and a presidency swap or a partial sale takes the first of them.
    pub arrived: Vec<[u64; CERTIFICATES]>,
    clock: u64,
    /// Per company: what its shares were when it was last reconciled, while its certificates
    /// have not moved since (reconciling it again would move none: see [`Ledger::reconcile`]).
    settled: Vec<Option<ShareState>>,
    /// What the track joins along the routes' connections read so far (routes written by
    /// their hexes only are read onto the board: the kit's `connections`).
    pub ends: EndsMemo,
    /// Where the site's steps of the operating company's turn stand (for a title that models
    /// them: [`Family::steps_after_dividend`]).
    pub site: SiteTurn,
}

/// What the importer remembers of the site's steps in the operating company's turn, which
/// railrules' state does not hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SiteTurn {
    /// The export's pass (its pointer) that ended the track step of a company whose route
    /// and dividend steps the site then skipped: read again once they are inserted, it ends
    /// nothing more.
    pub track_passed_by: Option<String>,
    /// The company passed the site's train step after its dividend: its next pass is the last
    /// step's.
    pub train_step_passed: bool,
}

/// The site's steps after the dividend (18xx.games: `BuyTrain`, then a last `BuyCompany`
/// that blocks), each skipped when it offers the operating company nothing: what each offers
/// now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepsAfterDividend {
    /// The train step offers a train: the company must buy one, or may and can pay for one.
    pub train_step: bool,
    /// The last step offers a private or a minor to buy, or a private's ability to use.
    pub last_step: bool,
}

/// What a company's certificates are reconciled with: whether it has closed or started, its
/// president, and what the treasury, the market and each player hold (compared for every
/// company after every action of an import).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ShareState {
    holdings: Holdings,
    treasury_shares: u8,
    market_shares: u8,
    president: Option<Seat>,
    closed: bool,
    started: bool,
}

impl ShareState {
    fn of<C>(company: &CompanyState<C>) -> ShareState {
        ShareState {
            holdings: company.holdings,
            treasury_shares: company.treasury_shares,
            market_shares: company.market_shares,
            president: company.president,
            closed: company.closed,
            started: company.is_started(),
        }
    }
}

impl Ledger {
    /// The ledger of a state dealt: each treasury holds its certificates in order.
    pub fn of<S: Table>(start: &S) -> Ledger {
        let companies = start.companies().len();
        let mut ledger = Ledger {
            tiles: BTreeMap::new(),
            shares: vec![[Holder::Treasury; CERTIFICATES]; companies],
            arrived: vec![std::array::from_fn(|i| i as u64); companies],
            clock: CERTIFICATES as u64,
            settled: vec![None; companies],
            ends: EndsMemo::default(),
            site: SiteTurn::default(),
        };
        ledger.reconcile(start);
        ledger
    }

    pub fn holder<C: CompanyId>(&self, company: C, index: usize) -> Holder {
        self.shares[company.index()][index]
    }

    /// The certificates `holder` has of `company`, lowest index first.
    pub fn held<C: CompanyId>(&self, company: C, holder: Holder) -> Vec<usize> {
        (0..CERTIFICATES)
            .filter(|&i| self.shares[company.index()][i] == holder)
            .collect()
    }

    /// The 10% certificates `holder` has of `company`, in the order they came to it (the
    /// site's `shares_of`).
    pub(super) fn tens_in_order<C: CompanyId>(&self, company: C, holder: Holder) -> Vec<usize> {
        let mut held: Vec<usize> = self
            .held(company, holder)
            .into_iter()
            .filter(|&i| i != 0)
            .collect();
        held.sort_by_key(|&i| self.arrived[company.index()][i]);
        held
    }

    /// Certificates started companies issued without the site naming them (1846's issue on
    /// bankruptcy, g_1846 `Bankrupt#process_bankrupt`): the site issues the first its
    /// treasury holds, in the order they came, to the market.
    pub fn issue_unnamed<S: Table>(&mut self, after: &S) {
        for company in after.companies().iter().filter(|c| c.is_started()) {
            let held = self.tens_in_order(company.company, Holder::Treasury);
            let left = usize::from(company.treasury_shares / 10);
            let issued = held.len().saturating_sub(left);
            for &index in &held[..issued] {
                self.put(company.company.index(), index, Holder::Market);
            }
        }
    }

    /// The certificates a bankrupt player's sales moved without the site naming them (g_1846
    /// `Bankrupt`): every 10% certificate they held goes to the market in the order they came
    /// to them; where they were president, the new president hands the market their first two
    /// (in the order they came: `shares_for_presidency_swap`) for the president's certificate,
    /// which with no new president stays in the market.
    pub fn bankrupt_sales<S: Table>(&mut self, bankrupt: Seat, after: &S) {
        let was = Holder::Player(bankrupt);
        for company in after.companies() {
            let (id, c) = (company.company, company.company.index());
            let tens = self.tens_in_order(id, was);
            let presided = self.holder(id, 0) == was;
            if tens.is_empty() && !presided {
                continue;
            }
            for index in tens {
                self.put(c, index, Holder::Market);
            }
            if !presided {
                continue;
            }
            match company.president {
                Some(new) if new != bankrupt => {
                    let handed = self.tens_in_order(id, Holder::Player(new));
                    for &index in handed.iter().take(2) {
                        self.put(c, index, Holder::Market);
                    }
                    self.put(c, 0, Holder::Player(new));
                }
                _ => self.put(c, 0, Holder::Market),
            }
        }
    }

    /// Certificate `index` of company `c` (by its index) goes to `holder`, after the others
    /// it has.
    fn put(&mut self, c: usize, index: usize, holder: Holder) {
        if self.shares[c][index] != holder {
            self.settled[c] = None;
            self.shares[c][index] = holder;
            self.arrived[c][index] = self.clock;
            self.clock += 1;
        }
    }

    /// Brings the holders in line with the state: named moves are made first (in
    /// [`Ledger::observe_shares`]), then each holder keeps its lowest certificates up to what
    /// it holds and the rest go, first come first, to holders short of theirs.
    ///
    /// Reconciling is idempotent: a company whose shares and certificates are as they were when
    /// it was last reconciled is left as it is (this runs for every company after every action
    /// of an import).
    pub fn reconcile<S: Table>(&mut self, state: &S) {
        for company in state.companies() {
            let c = company.company.index();
            let now = ShareState::of(company);
            if self.settled[c] == Some(now) {
                continue;
            }
            let (before, arrived) = (self.shares[c], self.arrived[c]);
            reconciled(&before, &arrived, company, &mut |index, holder| {
                self.put(c, index, holder)
            });
            self.settled[c] = Some(now);
        }
    }

    /// The lowest copy of `tile` on no hex.
    pub fn free_copy(&self, tile: &str) -> usize {
        let used: Vec<usize> = self
            .tiles
            .values()
            .filter_map(|id| id.rsplit_once('-'))
            .filter(|(name, _)| *name == tile)
            .filter_map(|(_, copy)| copy.parse().ok())
            .collect();
        (0..).find(|c| !used.contains(c)).unwrap_or(0)
    }

    /// Records the tile the site's `lay_tile` names on `hex`.
    pub fn observe_tile(&mut self, hex: &str, site: Option<&SiteJson>) {
        if let Some(tile) = site
            .and_then(|s| member(s, "tile"))
            .and_then(SiteJson::as_str)
        {
            self.tiles.insert(hex.to_string(), tile.to_string());
        }
    }

    /// The certificates the site's action names went to `moved_to`, in the order named (the
    /// site moves a bundle's shares so); then the presidency's certificates, and the rest is
    /// reconciled with the state.
    pub fn observe_shares<G: Family>(
        &mut self,
        moved_to: Option<Holder>,
        site: Option<&SiteJson>,
        after: &G::State,
    ) {
        let named: Vec<(CompanyOf<G>, usize)> = site
            .and_then(|s| member(s, "shares"))
            .and_then(SiteJson::as_array)
            .into_iter()
            .flatten()
            .filter_map(SiteJson::as_str)
            .filter_map(|s| certificate::<G>(s, String::new()).ok())
            .collect();
        let percent = site
            .and_then(|s| member(s, "percent"))
            .and_then(SiteJson::as_u64);
        let named_percent: u64 = named
            .iter()
            .map(|(_, i)| if *i == 0 { 20 } else { 10 })
            .sum();
        let partial = moved_to == Some(Holder::Market)
            && named.iter().any(|(_, i)| *i == 0)
            && percent.is_some_and(|p| p < named_percent);
        let first = named.first().map(|(c, _)| *c);
        let old_president = first.map(|c| self.holder(c, 0));
        if let Some(holder) = moved_to {
            for &(company, index) in &named {
                self.put(company.index(), index, holder);
            }
        }
        if let (Some(company), Some(Holder::Player(old))) = (first, old_president) {
            if partial {
                let back = (named_percent - percent.unwrap_or(named_percent)) / 10;
                self.sell_part_of_presidency(company, old, back as usize, after);
            } else if moved_to.is_some() {
                self.swap_presidency(company, old, after);
            }
        }
        self.reconcile(after);
    }

    /// The presidency passed from `old` to another player (the site's `change_president`):
    /// the new president's first two shares (in the order they came to them: the site's
    /// `shares.take(2)`) go to the old president, or to the market if the old one holds less
    /// than 20% now.
    fn swap_presidency<S: Table>(&mut self, company: S::Company, old: Seat, after: &S) {
        let entry = after.company(company);
        let Some(new) = entry.president.filter(|&n| n != old) else {
            return;
        };
        let swap_to = if entry.percent_of(old) >= 20 {
            Holder::Player(old)
        } else {
            Holder::Market
        };
        let c = company.index();
        for i in self
            .tens_in_order(company, Holder::Player(new))
            .into_iter()
            .take(2)
        {
            self.put(c, i, swap_to);
        }
        self.put(c, 0, Holder::Player(new));
    }

    /// The president `seller` sold part of the president's certificate to the market (the
    /// site's `handle_partial`): the new president's first two shares go to the market for the
    /// certificate, and the seller takes back the market's first `back` shares.
    fn sell_part_of_presidency<S: Table>(
        &mut self,
        company: S::Company,
        seller: Seat,
        back: usize,
        after: &S,
    ) {
        let entry = after.company(company);
        let c = company.index();
        if let Some(new) = entry.president.filter(|&n| n != seller) {
            for i in self
                .tens_in_order(company, Holder::Player(new))
                .into_iter()
                .take(2)
            {
                self.put(c, i, Holder::Market);
            }
        }
        self.put(c, 0, entry.president.map_or(Holder::Market, Holder::Player));
        for i in self
            .tens_in_order(company, Holder::Market)
            .into_iter()
            .take(back)
        {
            self.put(c, i, Holder::Player(seller));
        }
    }
}

/// The moves that bring a company's certificates (held as `before`, come at `arrived`) in line
/// with its state, made in order by `put`: the president's to the president; each holder keeps
/// its lowest 10% ones up to what it holds; the others, first come first, go to holders short
/// of theirs (the treasury, the market, then the players in seat order), and what is left to
/// no one.
// In fixed arrays: this runs for every company after every action of an import.
fn reconciled<C>(
    before: &[Holder; CERTIFICATES],
    arrived: &[u64; CERTIFICATES],
    company: &CompanyState<C>,
    put: &mut dyn FnMut(usize, Holder),
) {
    if company.closed {
        (0..CERTIFICATES).for_each(|i| put(i, Holder::Nobody));
        return;
    }
    let president = match company.president {
        Some(seat) => Holder::Player(seat),
        None if company.is_started() => Holder::Market,
        None => Holder::Treasury,
    };
    let tens = |holder: Holder, percent: u8| -> usize {
        let percent = if holder == president {
            percent.saturating_sub(20)
        } else {
            percent
        };
        usize::from(percent / 10)
    };
    // What each holder wants, by its place among WANTING.
    let mut wanted = [0usize; WANTING.len()];
    wanted[0] = tens(Holder::Treasury, company.treasury_shares);
    wanted[1] = tens(Holder::Market, company.market_shares);
    for (seat, percent) in &company.holdings {
        wanted[2 + seat.index()] = tens(Holder::Player(*seat), *percent);
    }
    put(0, president);
    let mut free = [0usize; CERTIFICATES];
    let mut free_count = 0;
    for (i, holder) in before.iter().enumerate().skip(1) {
        match WANTING.iter().position(|h| h == holder) {
            Some(k) if wanted[k] > 0 => wanted[k] -= 1,
            _ => {
                free[free_count] = i;
                free_count += 1;
            }
        }
    }
    let free = &mut free[..free_count];
    free.sort_by_key(|&i| arrived[i]);
    let mut free = free.iter().copied();
    for (holder, n) in WANTING.iter().zip(wanted) {
        for _ in 0..n {
            if let Some(i) = free.next() {
                put(i, *holder);
            }
        }
    }
    free.for_each(|i| put(i, Holder::Nobody));
}

/// The holders that may want a company's certificates, in the order the free ones go to them.
const WANTING: [Holder; 7] = [
    Holder::Treasury,
    Holder::Market,
    Holder::Player(Seat::P1),
    Holder::Player(Seat::P2),
    Holder::Player(Seat::P3),
    Holder::Player(Seat::P4),
    Holder::Player(Seat::P5),
];
