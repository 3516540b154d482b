//! The full state of a game of 1833NE. A client sends it whole with every request.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

use super::board::Board;
use super::data::Provisional;
use super::ids::{Company, Private, Seat};

/// Marks a state as 1833NE's; a state of another game is refused when parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833GameTag)]
pub enum GameTag {
    #[serde(rename = "1833ne")]
    Ne1833,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833RulesVersion)]
pub enum RulesVersion {
    #[serde(rename = "1")]
    V1,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833State)]
pub struct State {
    pub game: GameTag,
    pub rules_version: RulesVersion,
    /// The values no source has (ferries, bonuses), as played in this game.
    pub provisional: Provisional,
    /// In seat order, P1 first.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 5>")]
    #[schema(max_items = 5)]
    pub players: Vec<Player>,
    /// The nine companies, in the order of the component data.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 9>")]
    #[schema(max_items = 9)]
    pub companies: Vec<CompanyState>,
    /// The six privates, in price order.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 6>")]
    #[schema(max_items = 6)]
    pub privates: Vec<PrivateState>,
    /// Cash in the bank: its $10,000 less what it has paid out plus what it has received;
    /// below zero once it has run out and pays from the held-back notes.
    pub bank: i64,
    /// The bank has run out: the game ends with the current set of rounds.
    pub bank_broken: bool,
    pub board: Board,
    /// 0 for phase I ... 4 for phase V.
    pub phase: u8,
    /// Train cards left in the depot, per card of the component data.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 5>")]
    #[schema(max_items = 5)]
    pub depot: Vec<u8>,
    /// Counts moves onto market spaces, so the first to arrive on a price goes first.
    pub arrivals: u32,
    /// Who acts first in the next (or current) stock round.
    pub priority_deal: Seat,
    /// Ferries bought, oldest first: the last carries the New ferry bonus.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 16>")]
    #[schema(max_items = 16)]
    pub ferries: Vec<OwnedFerry>,
    /// P2's free tile in G20: the company that bought it and the operating round it was bought
    /// in (the only round it may use it).
    pub lowell_free_tile: Option<FreeTile>,
    /// The ferry P5 doubles (assigned once, never changed).
    pub luxury_ferry: Option<String>,
    /// Hexes P3's owner has laid its free tiles in.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 2>")]
    #[schema(max_items = 2)]
    pub champlain_lays: Vec<String>,
    /// Trains that have left the game (phased out and run, removed by a phase, discarded, or
    /// of a company that closed), by id: with the depot and the companies' trains, every card
    /// is in exactly one place.
    #[serde(default, deserialize_with = "crate::core::bounded::vec::<_, _, 64>")]
    #[schema(max_items = 64)]
    pub removed_trains: Vec<String>,
    pub round: Round,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Player)]
pub struct Player {
    pub seat: Seat,
    pub cash: u32,
    pub bankrupt: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833CompanyState)]
pub struct CompanyState {
    pub company: Company,
    /// The share price's space on the market (index into the market); absent until started.
    pub price: Option<u8>,
    /// When it arrived on its price's space (see `State::arrivals`).
    pub arrived: u32,
    /// The holder of the 20% president's certificate; absent until started.
    pub president: Option<Seat>,
    /// Percent held by each player, the president's 20% included.
    #[serde(deserialize_with = "crate::core::unique_keys::map")]
    pub holdings: BTreeMap<Seat, u8>,
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

/// A train: the card it is (`2`, `3/5`...), the side chosen when bought, and its id (`2-0`:
/// card and copy).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Train)]
pub struct Train {
    pub id: String,
    pub card: String,
    pub side: String,
    /// Phased out: it runs once more, then leaves; it does not count against the limit.
    pub phased_out: bool,
}

/// A free tile the buyer of P2 may lay in G20 in the round it bought P2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833FreeTile)]
pub struct FreeTile {
    pub company: Company,
    pub after_stock_round: u32,
    pub operating_round: u8,
}

/// A ferry a company has bought.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833OwnedFerry)]
pub struct OwnedFerry {
    pub ferry: String,
    pub company: Company,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833PrivateState)]
pub struct PrivateState {
    pub private: Private,
    pub owner: PrivateOwner,
    pub closed: bool,
    /// From phase III P3-P6 are flipped: no more income, the ability stays.
    pub flipped: bool,
}

/// Who owns a private.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = Ne1833PrivateOwner)]
pub enum PrivateOwner {
    /// Not yet sold in the auction.
    Unsold {},
    Player {
        seat: Seat,
    },
    Company {
        company: Company,
    },
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "round", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = Ne1833Round)]
pub enum Round {
    /// The privates' waterfall auction, in price order.
    Auction {
        to_act: Seat,
        /// Standing bids on privates other than the cheapest; the cash is committed.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 30>")]
        #[schema(max_items = 30)]
        bids: Vec<Bid>,
        /// Passes in a row; when every player has passed, the owned privates pay income twice.
        passes_in_a_row: u8,
        /// Several players bid on the private that became the cheapest: they bid it up.
        contest: Option<Contest>,
    },
    StockRound {
        number: u32,
        to_act: Seat,
        /// Players who passed in a row (a turn with an action starts the count again).
        passes_in_a_row: u8,
        /// Companies whose shares the acting player sold this turn.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 9>")]
        #[schema(max_items = 9)]
        sold_this_turn: Vec<Company>,
        /// Companies each player has sold this round: they may not buy them again in it.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 45>")]
        #[schema(max_items = 45)]
        sold: Vec<Sold>,
        /// The last player to buy or sell (the next round's Priority Deal goes to the player after).
        last_to_act: Option<Seat>,
    },
    /// One of the two operating rounds after a stock round.
    OperatingRound {
        after_stock_round: u32,
        number: u8,
        /// The companies in operating order, fixed when the round begins.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 9>")]
        #[schema(max_items = 9)]
        order: Vec<Company>,
        /// The index in `order` of the company operating now.
        current: usize,
        turn: CompanyTurn,
        /// Companies over the train limit after a phase change: they discard first, in order.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 9>")]
        #[schema(max_items = 9)]
        discards: Vec<Company>,
    },
    GameEnded {
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 5>")]
        #[schema(max_items = 5)]
        ranking: Vec<Standing>,
    },
}

/// What the operating company has done this turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833CompanyTurn)]
pub struct CompanyTurn {
    /// Tiles laid: hex and kind.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 2>")]
    #[schema(max_items = 2)]
    pub lays: Vec<TurnLay>,
    pub station_placed: bool,
    pub ferry_bought: bool,
    /// Shares issued or redeemed (one of the two, once).
    pub shares_moved: bool,
    /// The revenue of its routes, once run.
    pub revenue: Option<u32>,
    /// Whether the revenue has been paid out, halved or withheld.
    pub dividend_done: bool,
    /// P3's free tiles laid this turn (a second must follow the first in the same turn).
    pub champlain_lays: u8,
    /// The company has issued shares in an emergency this turn: from then on it buys only
    /// from the depot, and no private while it owns no train (ruling R3b).
    #[serde(default)]
    pub emergency_issued: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833TurnLay)]
pub struct TurnLay {
    pub hex: String,
    pub kind: super::track::LayKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Bid)]
pub struct Bid {
    pub player: Seat,
    pub private: Private,
    pub price: u32,
}

/// The bidders on one private bid it up in turn until one is left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Contest)]
pub struct Contest {
    pub private: Private,
    /// Bidders still in, in turn order.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 5>")]
    #[schema(max_items = 5)]
    pub bidders: Vec<Seat>,
    pub to_act: Seat,
    pub high: Bid,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Sold)]
pub struct Sold {
    pub player: Seat,
    pub company: Company,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Standing)]
pub struct Standing {
    pub player: Seat,
    pub wealth: u32,
}

impl State {
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    pub fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    pub fn company(&self, company: Company) -> &CompanyState {
        &self.companies[company.index()]
    }

    pub fn company_mut(&mut self, company: Company) -> &mut CompanyState {
        &mut self.companies[company.index()]
    }

    pub fn private(&self, private: Private) -> &PrivateState {
        &self.privates[private.index()]
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().take(self.players.len())
    }

    /// The seat after `seat` in turn order, skipping bankrupt players.
    pub fn next_seat(&self, seat: Seat) -> Seat {
        let n = self.players.len();
        (1..=n)
            .map(|k| Seat::ALL[(seat.index() + k) % n])
            .find(|s| !self.player(*s).bankrupt)
            .unwrap_or(seat)
    }

    /// The bank pays a player (it may run out: see [`State::bank_pays`]).
    pub fn bank_pays_player(&mut self, seat: Seat, amount: u32) {
        self.bank_pays(amount);
        let p = self.player_mut(seat);
        p.cash = p.cash.saturating_add(amount);
    }

    pub fn bank_pays_company(&mut self, company: Company, amount: u32) {
        self.bank_pays(amount);
        let c = self.company_mut(company);
        c.cash = c.cash.saturating_add(amount);
    }

    /// Takes `amount` out of the bank. When it runs out, the held-back notes finish the game:
    /// the bank is broken and pays on.
    fn bank_pays(&mut self, amount: u32) {
        self.bank -= i64::from(amount);
        if self.bank < 0 {
            self.bank_broken = true;
        }
    }

    pub fn player_pays_bank(&mut self, seat: Seat, amount: u32) {
        let p = self.player_mut(seat);
        p.cash = p.cash.saturating_sub(amount);
        self.bank += i64::from(amount);
    }

    pub fn player_pays_company(&mut self, seat: Seat, company: Company, amount: u32) {
        let p = self.player_mut(seat);
        p.cash = p.cash.saturating_sub(amount);
        let c = self.company_mut(company);
        c.cash = c.cash.saturating_add(amount);
    }

    /// Takes out of the game the company's trains that `leaves` picks (they go to
    /// `removed_trains`, never back to the depot) and returns their ids.
    pub fn remove_trains(
        &mut self,
        company: Company,
        leaves: impl Fn(&Train) -> bool,
    ) -> Vec<String> {
        let entry = self.company_mut(company);
        let (gone, kept): (Vec<Train>, Vec<Train>) = std::mem::take(&mut entry.trains)
            .into_iter()
            .partition(|t| leaves(t));
        entry.trains = kept;
        let ids: Vec<String> = gone.into_iter().map(|t| t.id).collect();
        self.removed_trains.extend(ids.iter().cloned());
        ids
    }

    /// Certificates a player holds: shares (the president's counts one) and privates.
    pub fn certificates(&self, seat: Seat) -> usize {
        let shares: usize = self
            .companies
            .iter()
            .map(|c| {
                let percent = usize::from(c.holdings.get(&seat).copied().unwrap_or(0));
                if c.president == Some(seat) {
                    1 + percent.saturating_sub(20) / 10
                } else {
                    percent / 10
                }
            })
            .sum();
        let privates = self
            .privates
            .iter()
            .filter(|p| !p.closed && p.owner == PrivateOwner::Player { seat })
            .count();
        shares + privates
    }
}

impl CompanyState {
    pub fn is_started(&self) -> bool {
        self.price.is_some()
    }

    pub fn percent_of(&self, seat: Seat) -> u8 {
        self.holdings.get(&seat).copied().unwrap_or(0)
    }
}
