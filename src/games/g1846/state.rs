//! The full state of a game of 1846. A client sends it whole with every request.
//!
//! Its players, corporations, bank and board are the 18xx kit's pieces (`kit18xx::table`),
//! handed to the kit's rounds through [`Table`]; what is 1846's own is here: the minors among
//! the companies, the privates, the corporations removed at setup, the draft and the privates'
//! bonus markers.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{Company, Private, Seat};
use crate::games::kit18xx::board::Board;
use crate::games::kit18xx::table::Ledger;
pub use crate::games::kit18xx::table::{Player, Standing, Table, Train};

/// Marks a state as 1846's; a state of another game is refused when parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = G1846GameTag)]
pub enum GameTag {
    #[serde(rename = "1846")]
    G1846,
}

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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846State)]
pub struct State {
    pub game: GameTag,
    pub rules_version: RulesVersion,
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
    pub board: Board,
    /// 0 for phase I ... 3 for phase IV.
    pub phase: u8,
    /// Train cards left in the depot, per card of the component data.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 4>")]
    #[schema(max_items = 4)]
    pub depot: Vec<u8>,
    /// Counts moves onto market spaces, so the first to arrive on a price goes first.
    pub arrivals: u32,
    /// Who acts first in the next (or current) stock round.
    pub priority_deal: Seat,
    /// The privates' bonus markers on the map: Steamboat, Meat Packing, Boomtown.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 3>")]
    #[schema(max_items = 3)]
    pub markers: Vec<Marker>,
    /// The privates' one-time abilities used: their own tile lays and the C&WI's station.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
    #[schema(max_items = 8)]
    pub abilities_used: Vec<AbilityUse>,
    /// Trains that have left the game, by id.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 64>")]
    #[schema(max_items = 64)]
    pub removed_trains: Vec<String>,
    pub round: Round,
}

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

/// A private's bonus marker: on a hex, and (the Steamboat's) on the corporation it serves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846Marker)]
pub struct Marker {
    pub private: Private,
    pub hex: String,
    /// The corporation whose routes it pays (the Steamboat's is assigned to one; the others'
    /// is the owning corporation's).
    pub company: Company,
}

/// A private's ability used for a corporation that owns it, in a hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846AbilityUse)]
pub struct AbilityUse {
    pub private: Private,
    pub company: Company,
    pub hex: String,
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
        #[schema(max_items = 17)]
        deck: Vec<String>,
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
    GameEnded {
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 5>")]
        #[schema(max_items = 5)]
        ranking: Vec<Standing>,
    },
}

/// A card chosen in the draft and its price.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846DraftChoice)]
pub struct DraftChoice {
    pub player: Seat,
    pub card: String,
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
