//! The table of an 18xx game: the players, the corporations and the bank, as every title of the
//! family holds them. A title's state keeps these as its own fields (its JSON and schema are its
//! own) and hands them to the kit through [`Table`]; the kit's rounds then read and move money
//! and certificates the same way for every title.
//!
//! The pieces are generic only in the title's ids (its corporations, `C`).

use super::name::Name;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::hash::Hash;
use utoipa::ToSchema;

/// A player's seat, `seat-1` to `seat-5` (as many as there are players), in seat order. Its
/// id cannot be mistaken for a private's or a corporation's (1833NE's privates are P1-P6).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[schema(as = Kit18xxSeat)]
pub enum Seat {
    #[serde(rename = "seat-1")]
    P1,
    #[serde(rename = "seat-2")]
    P2,
    #[serde(rename = "seat-3")]
    P3,
    #[serde(rename = "seat-4")]
    P4,
    #[serde(rename = "seat-5")]
    P5,
}

impl Seat {
    pub const ALL: [Seat; 5] = [Seat::P1, Seat::P2, Seat::P3, Seat::P4, Seat::P5];

    pub fn index(self) -> usize {
        self as usize
    }
}

impl Seat {
    /// Its id in JSON, in events and in messages: `seat-1`...
    pub fn id(self) -> &'static str {
        ["seat-1", "seat-2", "seat-3", "seat-4", "seat-5"][self.index()]
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A title's corporation ids: a closed list, in the order of its component data.
pub trait CompanyId:
    Copy + Eq + Ord + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static
{
    /// Every corporation of the title, in the order of its component data.
    fn all() -> &'static [Self];

    /// Its place in [`CompanyId::all`] (and in the state's list of corporations).
    fn index(self) -> usize;

    /// Its symbol in the component data, on the board and in JSON (`B&L`, `PRR`).
    fn symbol(self) -> &'static str;

    /// Whether it has shares (a corporation) or not (1846's minors, owned whole).
    fn has_shares(self) -> bool {
        true
    }
}

/// A player of an 18xx game: their seat, their cash and whether they went bankrupt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxPlayer)]
pub struct Player {
    pub seat: Seat,
    pub cash: u32,
    pub bankrupt: bool,
}

/// A company now: its share price, president, holdings, treasury, trains, and whether it is
/// in receivership or closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CompanyState<C> {
    pub company: C,
    /// The share price's space on the market (index into the market); absent until started.
    pub price: Option<u8>,
    /// When it arrived on its price's space (see the state's `arrivals`).
    pub arrived: u32,
    /// The holder of the 20% president's certificate; absent until started.
    pub president: Option<Seat>,
    /// Percent held by each player, the president's 20% included.
    #[schema(value_type = BTreeMap<Seat, u8>)]
    pub holdings: Holdings,
    /// Percent in the company's own treasury.
    pub treasury_shares: u8,
    /// Percent in the market (the bank pool).
    pub market_shares: u8,
    pub cash: u32,
    /// Whether it has operated at least once (before that only its president may sell).
    pub operated: bool,
    pub closed: bool,
    /// In receivership (1846): it has no president (its president went bankrupt and no player
    /// held 20% to take over); the president's certificate is in the market and the company
    /// operates without choices until a player comes to hold 20%.
    #[serde(default)]
    pub receivership: bool,
    /// Its trains, in the order bought.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
    #[schema(max_items = 8)]
    pub trains: Vec<Train>,
}

impl<C> CompanyState<C> {
    pub fn is_started(&self) -> bool {
        self.price.is_some()
    }

    pub fn percent_of(&self, seat: Seat) -> u8 {
        self.holdings.get(&seat).copied().unwrap_or(0)
    }
}

/// Percent held by each player, by seat: what a map from seats to percents holds (a seat
/// absent from it holds nothing, as in its JSON, a map in seat order), in a fixed array, since
/// the state is copied for every action judged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Holdings([Option<u8>; Seat::ALL.len()]);

/// The seats, for references into them.
static SEATS: [Seat; 5] = Seat::ALL;

impl Holdings {
    pub fn new() -> Holdings {
        Holdings::default()
    }

    pub fn get(&self, seat: &Seat) -> Option<&u8> {
        self.0[seat.index()].as_ref()
    }

    pub fn get_mut(&mut self, seat: &Seat) -> Option<&mut u8> {
        self.0[seat.index()].as_mut()
    }

    pub fn contains_key(&self, seat: &Seat) -> bool {
        self.0[seat.index()].is_some()
    }

    /// Sets the seat's percent; its percent before, if it held an entry.
    pub fn insert(&mut self, seat: Seat, percent: u8) -> Option<u8> {
        self.0[seat.index()].replace(percent)
    }

    pub fn remove(&mut self, seat: &Seat) -> Option<u8> {
        self.0[seat.index()].take()
    }

    /// The seat's entry, to fill in when absent.
    pub fn entry(&mut self, seat: Seat) -> HoldingEntry<'_> {
        HoldingEntry(&mut self.0[seat.index()])
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&Seat, &mut u8) -> bool) {
        for (seat, entry) in SEATS.iter().zip(&mut self.0) {
            if entry.as_mut().is_some_and(|percent| !keep(seat, percent)) {
                *entry = None;
            }
        }
    }

    pub fn clear(&mut self) {
        self.0 = [None; Seat::ALL.len()];
    }

    pub fn len(&self) -> usize {
        self.0.iter().flatten().count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The seats' entries, in seat order.
    pub fn iter(&self) -> HoldingsIter<'_> {
        HoldingsIter {
            seats: SEATS.iter(),
            entries: self.0.iter(),
        }
    }

    pub fn keys(&self) -> impl Iterator<Item = &Seat> + '_ {
        self.iter().map(|(seat, _)| seat)
    }

    pub fn values(&self) -> impl Iterator<Item = &u8> + '_ {
        self.0.iter().flatten()
    }
}

/// A seat's entry in [`Holdings`].
pub struct HoldingEntry<'a>(&'a mut Option<u8>);

impl<'a> HoldingEntry<'a> {
    pub fn or_insert(self, percent: u8) -> &'a mut u8 {
        self.0.get_or_insert(percent)
    }

    pub fn or_default(self) -> &'a mut u8 {
        self.or_insert(0)
    }
}

/// The entries of [`Holdings`], in seat order.
pub struct HoldingsIter<'a> {
    seats: std::slice::Iter<'a, Seat>,
    entries: std::slice::Iter<'a, Option<u8>>,
}

impl<'a> Iterator for HoldingsIter<'a> {
    type Item = (&'a Seat, &'a u8);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let seat = self.seats.next()?;
            if let Some(percent) = self.entries.next()? {
                return Some((seat, percent));
            }
        }
    }
}

impl<'a> IntoIterator for &'a Holdings {
    type Item = (&'a Seat, &'a u8);
    type IntoIter = HoldingsIter<'a>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Serialize for Holdings {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

/// Read as a map that names each seat once (`unique_keys::map`).
impl<'de> Deserialize<'de> for Holdings {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map: BTreeMap<Seat, u8> = crate::core::unique_keys::map(deserializer)?;
        let mut holdings = Holdings::new();
        for (seat, percent) in map {
            holdings.insert(seat, percent);
        }
        Ok(holdings)
    }
}

/// A train: the card it is (`2`, `3/5`...), the side chosen when bought, and its id (`2-0`:
/// card and copy).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxTrain)]
pub struct Train {
    #[schema(value_type = String)]
    pub id: Name,
    #[schema(value_type = String)]
    pub card: Name,
    #[schema(value_type = String)]
    pub side: Name,
    /// Phased out: it runs once more, then leaves; it does not count against the limit.
    pub phased_out: bool,
}

/// A player's place in the final ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxStanding)]
pub struct Standing {
    pub player: Seat,
    pub wealth: u32,
}

/// A corporation a player sold in this stock round: they may not buy it again in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Sold<C> {
    pub player: Seat,
    pub company: C,
}

/// The shared parts of a title's state, borrowed together so that the kit can move money
/// between them.
pub struct Ledger<'a, C> {
    pub players: &'a mut Vec<Player>,
    pub companies: &'a mut Vec<CompanyState<C>>,
    /// Cash in the bank; below zero once it has run out (see [`Table::bank_pays`]).
    pub bank: &'a mut i64,
    pub bank_broken: &'a mut bool,
    /// Trains that have left the game, by id.
    pub removed_trains: &'a mut Vec<Name>,
}

/// A title's state as the kit reads it. A title implements the three required methods; the
/// rest is written here once.
pub trait Table {
    type Company: CompanyId;

    fn players(&self) -> &[Player];
    fn companies(&self) -> &[CompanyState<Self::Company>];
    fn ledger(&mut self) -> Ledger<'_, Self::Company>;
    /// The private companies a player holds (each is a certificate).
    fn privates_held(&self, seat: Seat) -> usize;

    fn player(&self, seat: Seat) -> &Player {
        &self.players()[seat.index()]
    }

    fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.ledger().players[seat.index()]
    }

    fn company(&self, company: Self::Company) -> &CompanyState<Self::Company> {
        &self.companies()[company.index()]
    }

    fn company_mut(&mut self, company: Self::Company) -> &mut CompanyState<Self::Company> {
        &mut self.ledger().companies[company.index()]
    }

    /// The seats at the table, P1 first.
    fn seats(&self) -> std::iter::Take<std::array::IntoIter<Seat, 5>> {
        Seat::ALL.into_iter().take(self.players().len())
    }

    /// The seat after `seat` in turn order, skipping bankrupt players.
    fn next_seat(&self, seat: Seat) -> Seat {
        let n = self.players().len();
        (1..=n)
            .map(|k| Seat::ALL[(seat.index() + k) % n])
            .find(|s| !self.player(*s).bankrupt)
            .unwrap_or(seat)
    }

    /// Takes `amount` out of the bank. When it runs out, the held-back notes finish the game:
    /// the bank is broken and pays on.
    fn bank_pays(&mut self, amount: u32) {
        let ledger = self.ledger();
        *ledger.bank -= i64::from(amount);
        if *ledger.bank < 0 {
            *ledger.bank_broken = true;
        }
    }

    /// The bank pays a player (it may run out: see [`Table::bank_pays`]).
    fn bank_pays_player(&mut self, seat: Seat, amount: u32) {
        self.bank_pays(amount);
        let p = self.player_mut(seat);
        p.cash = p.cash.saturating_add(amount);
    }

    fn bank_pays_company(&mut self, company: Self::Company, amount: u32) {
        self.bank_pays(amount);
        let c = self.company_mut(company);
        c.cash = c.cash.saturating_add(amount);
    }

    fn player_pays_bank(&mut self, seat: Seat, amount: u32) {
        let ledger = self.ledger();
        let p = &mut ledger.players[seat.index()];
        p.cash = p.cash.saturating_sub(amount);
        *ledger.bank += i64::from(amount);
    }

    fn company_pays_bank(&mut self, company: Self::Company, amount: u32) {
        let ledger = self.ledger();
        let c = &mut ledger.companies[company.index()];
        c.cash = c.cash.saturating_sub(amount);
        *ledger.bank += i64::from(amount);
    }

    fn player_pays_company(&mut self, seat: Seat, company: Self::Company, amount: u32) {
        let ledger = self.ledger();
        let p = &mut ledger.players[seat.index()];
        p.cash = p.cash.saturating_sub(amount);
        let c = &mut ledger.companies[company.index()];
        c.cash = c.cash.saturating_add(amount);
    }

    /// Takes out of the game the company's trains that `leaves` picks (they go to the removed
    /// trains, never back to the depot) and returns their ids.
    fn remove_trains(
        &mut self,
        company: Self::Company,
        leaves: impl Fn(&Train) -> bool,
    ) -> Vec<Name> {
        let ledger = self.ledger();
        let entry = &mut ledger.companies[company.index()];
        let (gone, kept): (Vec<Train>, Vec<Train>) = std::mem::take(&mut entry.trains)
            .into_iter()
            .partition(|t| leaves(t));
        entry.trains = kept;
        let ids: Vec<Name> = gone.into_iter().map(|t| t.id).collect();
        ledger.removed_trains.extend(ids.iter().cloned());
        ids
    }

    /// Certificates a player holds: shares (the president's counts one) and privates.
    fn certificates(&self, seat: Seat) -> usize {
        let shares: usize = self
            .companies()
            .iter()
            .map(|c| {
                // The president's 20% is one certificate; a company without shares (1846's
                // minors, run by their owner as president) has none.
                let shares = usize::from(c.percent_of(seat)) / 10;
                if c.president == Some(seat) {
                    shares.saturating_sub(1)
                } else {
                    shares
                }
            })
            .sum();
        shares + self.privates_held(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::Seat;

    #[test]
    fn a_seat_reads_in_messages_as_it_is_written_in_json() {
        for seat in Seat::ALL {
            let json = serde_json::to_value(seat).unwrap();
            assert_eq!(json, serde_json::Value::String(seat.to_string()));
            assert!(seat.to_string().starts_with("seat-"));
        }
        assert_eq!(Seat::P3.to_string(), "seat-3");
    }
}
