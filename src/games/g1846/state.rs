//! The full state of a game of 1846. A client sends it whole with every request.
//!
//! Its players, corporations, bank and board are the 18xx kit's pieces (`kit18xx::table`),
//! handed to the kit's rounds through [`Table`]; what is 1846's own is here: the minors among
//! the companies, the privates, the corporations removed at setup, the draft and the privates'
//! bonus markers.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{Company, Private, Seat};
use crate::games::g1846::action::MapNames;
use crate::games::kit18xx::board::{Board, BoardIds};
use crate::games::kit18xx::name::Name;
use crate::games::kit18xx::table::Ledger;
pub use crate::games::kit18xx::table::{Player, Standing, Table, Train};

/// Marks a state as 1846's; a state of another game is refused when parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = G1846GameTag)]
pub enum GameTag {
    #[serde(rename = "1846")]
    G1846,
}

/// The version of 1846's rules this state follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = G1846RulesVersion)]
pub enum RulesVersion {
    #[serde(rename = "1")]
    V1,
}

/// (The fields write the kit's generic types out in full: utoipa names a generic schema from
/// the tokens where it is used, `CompanyState_G1846Company`.)
pub type CompanyState = crate::games::kit18xx::table::CompanyState<Company>;
pub type Sold = crate::games::kit18xx::table::Sold<Company>;

/// A whole 1846 game at one moment: players, corporations, privates, the bank, the board, the
/// depot and the round with who acts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846State)]
pub struct State {
    pub game: GameTag,
    pub rules_version: RulesVersion,
    /// The actions applied since setup (0 at setup). A client compares it with what it last
    /// saw (`expected_move`) to tell a stale state from the current one.
    #[serde(rename = "move")]
    pub moves: u64,
    /// The optional rule "1st Edition private companies": no Boomtown, no Little Miami, and
    /// fewer privates removed.
    pub first_edition: bool,
    /// In seat order, P1 first.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 5>")]
    #[schema(max_items = 5)]
    pub players: Vec<Player>,
    /// The seven corporations then the two minors, in the order of [`Company::ALL`]. A minor
    /// has no shares and no price: its `president` is its owner.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 9>")]
    #[schema(max_items = 9)]
    pub companies: Vec<crate::games::kit18xx::table::CompanyState<Company>>,
    /// The corporations removed at setup (they never play; their home stations stay).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 2>")]
    #[schema(max_items = 2)]
    pub removed_corporations: Vec<Company>,
    /// The privates in the game (those not removed at setup), in the order of the data.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 10>")]
    #[schema(max_items = 10)]
    pub privates: Vec<PrivateState>,
    /// Cash in the bank; below zero once it has run out.
    pub bank: i64,
    /// The bank has run out: the game ends with the current set of rounds.
    pub bank_broken: bool,
    // The tiles laid and the stations placed: by hex id on the wire, read on 1846's map once,
    // when the state is read, and written back by id.
    #[serde(
        deserialize_with = "crate::games::kit18xx::board::read::<MapNames, _>",
        serialize_with = "crate::games::kit18xx::board::write::<MapNames, _>"
    )]
    #[schema(value_type = BoardIds)]
    pub board: Board,
    /// 0 for phase I ... 3 for phase IV.
    pub phase: u8,
    /// Train cards left in the depot, per card of the component data.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 4>")]
    #[schema(max_items = 4)]
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
    /// While a company in receivership plays its automatic turn: a price reaching $0 closes
    /// the company only once the turn is over (never set between actions, never written).
    #[serde(skip)]
    pub closing_held: bool,
    /// Who acts first in the next (or current) stock round.
    pub priority_deal: Seat,
    /// The privates' bonus markers on the map: Steamboat, Meat Packing, Boomtown.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 3>")]
    #[schema(max_items = 3)]
    pub markers: Vec<Marker>,
    /// What the markers' owners assigned in this operating round (each once a round, a
    /// corporation's use apart from a player's): `SC hex`, `SC corporation`, `SC hex by B&O`...
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 6>")]
    #[schema(value_type = Vec<String>, max_items = 6)]
    pub assigned_this_round: Vec<Name>,
    /// Trains a corporation bought with a minor that operated in this round: they do not run
    /// again in it.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 2>")]
    #[schema(value_type = Vec<String>, max_items = 2)]
    pub resting_trains: Vec<Name>,
    /// Stations a corporation gained beyond its own tokens, one entry each: the C&WI's, a
    /// bought minor's.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 3>")]
    #[schema(max_items = 3)]
    pub gained_stations: Vec<Company>,
    /// The privates' one-time abilities used: their own tile lays and the C&WI's station.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
    #[schema(max_items = 8)]
    pub abilities_used: Vec<AbilityUse>,
    /// Trains that have left the game, by id.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 64>")]
    #[schema(value_type = Vec<String>, max_items = 64)]
    pub removed_trains: Vec<Name>,
    pub round: Round,
}

/// A private company now: its owner (a player, a corporation, or still in the draft) and
/// whether it has closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846PrivateState)]
pub struct PrivateState {
    pub private: Private,
    pub owner: PrivateOwner,
    pub closed: bool,
}

/// Who owns a private.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = G1846PrivateOwner)]
pub enum PrivateOwner {
    /// Still in the draft's deck.
    Unsold {},
    Player {
        seat: Seat,
    },
    Company {
        company: Company,
    },
}

/// A private's bonus marker: on a hex, paying a corporation. The Meat Packing's and the
/// Boomtown's pay the corporation owning them; the Steamboat's the corporation assigned
/// (while a player owns it, assigned anew each operating round).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846Marker)]
pub struct Marker {
    pub private: Private,
    #[schema(value_type = Option<String>)]
    pub hex: Option<Name>,
    pub company: Option<Company>,
}

/// A private's ability used for a corporation that owns it, in a hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846AbilityUse)]
pub struct AbilityUse {
    pub private: Private,
    pub company: Company,
    #[schema(value_type = String)]
    pub hex: Name,
    /// The game's `moves` when the private laid this tile (its two lays are made together:
    /// the second only as the next action).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_move: Option<u64>,
    /// The edges this lay gave the hex that its old tile lacked, for a private whose lays
    /// must join two hexes (the Little Miami: each of its tiles' new track must carry the
    /// joining, judged once its lays are over).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schema(max_items = 6)]
    pub new_exits: Vec<u8>,
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "round", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = G1846Round)]
pub enum Round {
    /// The draft of the privates and minors (docs/rules/1846.md#dealing).
    Draft {
        /// The deck, top first: minors, privates and blank cards (`Pass (1)`...) by id.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 17>")]
        #[schema(value_type = Vec<String>, max_items = 17)]
        deck: Vec<Name>,
        /// The dealing generator's state (its draws shuffle the cards not chosen).
        generator: u64,
        /// The seat to choose, counted from the last seat backwards (0 = the last seat).
        turn: u8,
        /// What passes have taken off the last card's price.
        discount: u32,
        /// The cards chosen so far, in order; they are paid for when the draft ends.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 17>")]
        #[schema(max_items = 17)]
        choices: Vec<DraftChoice>,
    },
    StockRound {
        number: u32,
        to_act: Seat,
        /// Players who passed in a row (a turn with an action starts the count again).
        passes_in_a_row: u8,
        /// Corporations whose shares the acting player sold this turn.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 7>")]
        #[schema(max_items = 7)]
        sold_this_turn: Vec<Company>,
        /// Corporations each player has sold this round: they may not buy them again in it.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 35>")]
        #[schema(max_items = 35)]
        sold: Vec<crate::games::kit18xx::table::Sold<Company>>,
        /// The last player to buy or sell (the next round's priority deal goes to the player
        /// after).
        last_to_act: Option<Seat>,
    },
    /// One of the two operating rounds after a stock round.
    OperatingRound {
        after_stock_round: u32,
        number: u8,
        /// The operators in operating order, fixed when the round begins: the minors, then the
        /// corporations.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 9>")]
        #[schema(max_items = 9)]
        order: Vec<Company>,
        /// The index in `order` of the operator now.
        current: usize,
        turn: CompanyTurn,
        /// Corporations over the train limit after a phase change: they discard first.
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

/// What the operator has done this turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846CompanyTurn)]
pub struct CompanyTurn {
    /// Tiles laid (the operator's own, not its privates'): hex and kind.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 2>")]
    #[schema(max_items = 2)]
    pub lays: Vec<TurnLay>,
    pub station_placed: bool,
    /// Shares issued or redeemed (one of the two, once).
    pub shares_moved: bool,
    /// The revenue of its routes, once run.
    pub revenue: Option<u32>,
    /// Whether the revenue has been paid out, halved or withheld.
    pub dividend_done: bool,
    /// Shares issued in an emergency this turn.
    pub emergency_issued: bool,
    /// What the corporation (and its president) could pay for a train before their last raise
    /// of emergency money this turn: the train bought must cost more (#emergency-money).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raised_from: Option<u32>,
    /// The companies whose shares the president sold to raise emergency money this turn: each
    /// once (sales are in blocks, #emergency-money).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::core::bounded::vec::<_, _, 9>"
    )]
    #[schema(max_items = 9)]
    pub emergency_sales: Vec<Company>,
    /// Whether anything has been done in this turn (by the operator, its president or its
    /// privates, a private's purchase included): the round's start is then over, and a
    /// player's Steamboat may no longer be assigned (its abilities are `when: 'or_start'`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub begun: bool,
    /// Whether the track step has ended: it offered neither a lay nor a station when an action
    /// came (18xx.games passes its `TrackAndToken` step then), and a later purchase does not
    /// reopen it (docs/rules/1846.md#interop-turn-ended).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub track_over: bool,
    /// Whether its routes were skipped when its track step ended, as it could run nothing
    /// then (18xx.games passes its `Route` and `Dividend` steps at once): a train gained later
    /// in the turn does not run.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub routes_skipped: bool,
}

/// A tile laid in this turn: its hex and the kind of lay (a new tile or an upgrade).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846TurnLay)]
pub struct TurnLay {
    #[schema(value_type = String)]
    pub hex: Name,
    pub kind: crate::games::kit18xx::track::LayKind,
}

/// A card chosen in the draft and its price.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846DraftChoice)]
pub struct DraftChoice {
    pub player: Seat,
    #[schema(value_type = String)]
    pub card: Name,
    pub price: u32,
}

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

    /// Privates and minors count against the certificate limit (18xx.games'
    /// `CERT_LIMIT_INCLUDES_PRIVATES`: a player's companies, the minors' cards among them, are
    /// certificates).
    fn privates_held(&self, seat: Seat) -> usize {
        let privates = self
            .privates
            .iter()
            .filter(|p| !p.closed && p.owner == PrivateOwner::Player { seat })
            .count();
        let minors = Company::MINORS
            .iter()
            .map(|m| &self.companies[m.index()])
            .filter(|m| !m.closed && m.president == Some(seat))
            .count();
        privates + minors
    }
}

impl State {
    pub fn private(&self, private: Private) -> Option<&PrivateState> {
        self.privates.iter().find(|p| p.private == private)
    }

    pub fn private_mut(&mut self, private: Private) -> Option<&mut PrivateState> {
        self.privates.iter_mut().find(|p| p.private == private)
    }
}
