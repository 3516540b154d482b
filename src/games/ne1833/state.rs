//! The full state of a game of 1833NE. A client sends it whole with every request.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::action::MapNames;
use super::board::Board;
use super::data::Provisional;
use super::ids::{Company, Private, Seat};
use crate::games::kit18xx::name::Name;
use crate::games::kit18xx::table::Ledger;
pub use crate::games::kit18xx::table::{Player, Standing, Table, Train};

/// Marks a state as 1833NE's; a state of another game is refused when parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833GameTag)]
pub enum GameTag {
    #[serde(rename = "1833ne")]
    Ne1833,
}

/// The version of 1833NE's rules this state follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833RulesVersion)]
pub enum RulesVersion {
    #[serde(rename = "1")]
    V1,
}

/// A whole 1833NE game at one moment: players, companies, privates, the bank, the board, the
/// depot, ferries and the round with who acts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833State)]
pub struct State {
    pub game: GameTag,
    pub rules_version: RulesVersion,
    /// The actions applied since setup (0 at setup). A client compares it with what it last
    /// saw (`expected_move`) to tell a stale state from the current one.
    #[serde(rename = "move")]
    pub moves: u64,
    /// The values no source has (ferries, bonuses), as played in this game.
    pub provisional: Provisional,
    /// In seat order, P1 first.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 5>")]
    #[schema(max_items = 5)]
    pub players: Vec<Player>,
    /// The nine companies, in the order of the component data.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 9>")]
    #[schema(max_items = 9)]
    pub companies: Vec<crate::games::kit18xx::table::CompanyState<Company>>,
    /// The six privates, in price order.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 6>")]
    #[schema(max_items = 6)]
    pub privates: Vec<PrivateState>,
    /// Cash in the bank: its $10,000 less what it has paid out plus what it has received;
    /// below zero once it has run out and pays from the held-back notes.
    pub bank: i64,
    /// The bank has run out: the game ends with the current set of rounds.
    pub bank_broken: bool,
    // The tiles laid and the stations placed: by hex id on the wire, read on 1833NE's map once,
    // when the state is read, and written back by id.
    #[serde(
        deserialize_with = "crate::games::kit18xx::board::read::<MapNames, _>",
        serialize_with = "crate::games::kit18xx::board::write::<MapNames, _>"
    )]
    #[schema(value_type = crate::games::kit18xx::board::BoardIds)]
    pub board: Board,
    /// 0 for phase I ... 4 for phase V.
    pub phase: u8,
    /// Train cards left in the depot, per card of the component data.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 5>")]
    #[schema(max_items = 5)]
    pub depot: Vec<u8>,
    /// Trains a company over the train limit returned to the bank, in the order they came: the
    /// depot sells them again beside its next card, on either side, until a phase phases their
    /// card out (#discarded-trains).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::core::bounded::vec::<_, _, 32>"
    )]
    #[schema(max_items = 32)]
    pub discard_pile: Vec<Train>,
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
    #[schema(value_type = Vec<String>, max_items = 64)]
    pub removed_trains: Vec<Name>,
    pub round: Round,
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

/// A private company now: its owner (a player, a company or unsold) and whether it has closed
/// or turned over.
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
        sold: Vec<crate::games::kit18xx::table::Sold<Company>>,
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

/// A tile laid in this turn: its hex and the kind of lay (a new tile or an upgrade).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833TurnLay)]
pub struct TurnLay {
    pub hex: String,
    pub kind: super::track::LayKind,
}

/// A standing bid in the auction: who bid how much for which private.
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

/// A corporation's holdings, cash and trains: the kit's, with 1833NE's companies.
/// (The fields below write the kit's generic types out in full: utoipa names a generic
/// schema from the tokens where it is used, `CompanyState_Ne1833Company`, and an alias there
/// would give every title's the same name.)
pub type CompanyState = crate::games::kit18xx::table::CompanyState<Company>;
/// A company sold in this stock round by a player.
pub type Sold = crate::games::kit18xx::table::Sold<Company>;

impl Table for State {
    type Company = Company;

    fn players(&self) -> &[Player] {
        &self.players
    }

    fn companies(&self) -> &[CompanyState] {
        &self.companies
    }

    fn ledger(&mut self) -> Ledger<'_, Company> {
        Ledger {
            players: &mut self.players,
            companies: &mut self.companies,
            bank: &mut self.bank,
            bank_broken: &mut self.bank_broken,
            removed_trains: &mut self.removed_trains,
        }
    }

    fn privates_held(&self, seat: Seat) -> usize {
        self.privates
            .iter()
            .filter(|p| !p.closed && p.owner == PrivateOwner::Player { seat })
            .count()
    }
}

impl State {
    pub fn private(&self, private: Private) -> &PrivateState {
        &self.privates[private.index()]
    }
}
