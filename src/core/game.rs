use serde::{Serialize, de::DeserializeOwned};
use std::fmt::Debug;
use utoipa::ToSchema;

use super::{Checked, Violation};

/// What `GET /v1/games` says of a game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameInfo {
    /// The id used in URLs, e.g. `railroad-barons`.
    pub id: &'static str,
    pub name: &'static str,
    /// The version of the rules this build implements; states carry it.
    pub rules_version: &'static str,
    pub min_players: u8,
    pub max_players: u8,
    pub variants: Vec<&'static str>,
    /// `provisional` when the default component values are our own stand-ins for printed
    /// values we do not have; `published` when they are the printed ones.
    pub components: &'static str,
    /// The default component values that remain our own stand-ins, by what they are (empty
    /// when every default value has a source).
    pub provisional: Vec<&'static str>,
    /// Whether every rule of the standard game is implemented; when false, `not_supported_yet`
    /// violations name what is missing.
    pub complete: bool,
    /// Variants and optional rules of the published game that are not built, by name.
    pub not_built: Vec<&'static str>,
}

/// A free number in a listed legal action: every whole value from `min` to `max` at `pointer`
/// (a JSON pointer into the action) is legal too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ParameterRange {
    #[schema(example = "/price")]
    pub pointer: String,
    pub min: u64,
    pub max: u64,
}

/// A number in a listed legal action that may take any of `values` instead (a par price: one
/// of the market's par spaces): the action with its part at `pointer` set to each is legal too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ParameterChoice {
    #[schema(example = "/share_price")]
    pub pointer: String,
    pub values: Vec<u64>,
}

/// Every legal action, and those among them that a bounded search could not prove the best (a
/// search that stopped at its [`Budget`](super::Budget)): each is still legal, the best the
/// search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing<A> {
    pub actions: Vec<A>,
    pub incomplete: Vec<Incomplete>,
}

impl<A> Listing<A> {
    /// A listing whose every action is what the rules define (nothing cut short).
    pub fn complete(actions: Vec<A>) -> Listing<A> {
        Listing {
            actions,
            incomplete: Vec::new(),
        }
    }
}

/// A listed action whose part at `pointer` is the best a search found within its budget, not
/// proven the best; `action` is its index in the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Incomplete {
    pub action: usize,
    pub pointer: String,
    /// Why, with the budget, e.g. "the best-route search stopped at its budget of ... steps".
    pub detail: String,
}

/// The contract every game implements. One game = one implementation of this trait.
///
/// The core enforces part of it (src/core/contract.rs): [`Game::apply`] refuses an action of
/// an ended game, of a seat not at the table or of a seat not to act, before the game sees it,
/// and has the game [`perform`](Game::perform) the action on a copy, so that a refused action
/// leaves the state unchanged whatever the game did. Properties every implementation keeps
/// (tests check them):
/// - the same state and action give the same result, byte for byte;
/// - every listed legal action is taken by a seat that [`Game::to_act`] lists;
/// - `legal_actions` is exactly the set of actions `apply` accepts;
/// - `check` is empty for every state reachable from `setup`.
pub trait Game: 'static {
    const ID: &'static str;
    const NAME: &'static str;
    const RULES_VERSION: &'static str;

    type Options: Serialize + DeserializeOwned + ToSchema + Default + Clone + Debug + Send;
    type State: Serialize + DeserializeOwned + ToSchema + Clone + Debug + PartialEq + Send;
    type Seat: Serialize
        + DeserializeOwned
        + ToSchema
        + Clone
        + Debug
        + std::fmt::Display
        + PartialEq
        + Send;
    type Action: Serialize + DeserializeOwned + ToSchema + Clone + Debug + PartialEq + Send;
    type Event: Serialize + DeserializeOwned + ToSchema + Clone + Debug + PartialEq + Send;
    /// The game's static data, served by `GET /v1/{game}/components`: what a UI needs to draw
    /// and label a state (the map, tiles, market, trains...); for a game whose components
    /// travel in its state, the defaults a setup without options plays with.
    type Components: Serialize + ToSchema + Send;
    /// What a player may see of a state (see [`Game::view`]); a game without hidden
    /// information names its state here and never serves it.
    type View: Serialize + ToSchema + Send;

    /// Whether states hold information the player must not see (piles whose order or content
    /// is secret). Such a game serves `POST /v1/{game}/view`.
    const HIDDEN_INFORMATION: bool = false;

    /// The rules as railrules implements them (docs/rules/<id>.md, embedded), served as
    /// `GET /rules/{game}`: a violation's `rule` (`<game>#<section>`) links into it.
    const RULES_DOCUMENT: &'static str;
    /// A body each endpoint accepts (examples/requests/<id>/, embedded; [`request_examples!`]),
    /// by the endpoint's URL segment: the OpenAPI document's request examples.
    const REQUEST_EXAMPLES: &'static [(&'static str, &'static str)];

    /// The rule (`<game>#<section>`) an action after the game's end breaks.
    const END_RULE: &'static str;
    /// The rule (`<game>#<section>`) an action of a seat not at the table, or not to act, breaks.
    const TURN_RULE: &'static str;

    fn info() -> GameInfo;

    /// The initial state, a state the rules reach. Provided: a game implements [`Game::deal`].
    fn setup(options: &Self::Options, seed: u64) -> Result<Checked<Self>, Vec<Violation>> {
        Self::deal(options, seed).map(Checked::reached)
    }

    /// The game's initial state. Randomness comes only from `seed`. Every problem with the
    /// options (e.g. inconsistent replacement components) is reported.
    fn deal(options: &Self::Options, seed: u64) -> Result<Self::State, Vec<Violation>>;

    /// Judge and, if legal, perform `action`. On a violation the state is untouched. Provided
    /// by the core ([`contract::apply`](super::contract::apply)); a game implements
    /// [`Game::perform`] instead and never this.
    fn apply(
        state: &mut Checked<Self>,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Violation> {
        super::contract::apply::<Self>(&mut state.state, action)
    }

    /// The game's own judgement of `action`, performed on `state` if legal. Called only by
    /// [`Game::apply`], after the turn is judged, on a copy that is discarded on a violation:
    /// the game need not undo what it changed before refusing.
    fn perform(
        state: &mut Self::State,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Violation>;

    /// Whether [`Game::render`] draws this game's states (`POST /v1/{game}/render`).
    const RENDERS: bool = false;

    /// The state drawn as an SVG document (`POST /v1/{game}/render`); `None` for a game whose
    /// drawing is not built yet.
    fn render(_state: &Self::State) -> Option<String> {
        None
    }

    /// The game's static data (see [`Game::Components`]).
    fn components() -> Self::Components;

    /// The event as one line of English that names its figures ("B&W pays $10 per share"):
    /// the `text` of every event an answer carries, and a line of a replay's `log`.
    fn describe(event: &Self::Event) -> String;

    /// The state's `move`: how many actions were applied to it since setup.
    fn moves(state: &Self::State) -> u64;

    /// Counts one more applied action in the state's `move`. Called by the core alone, once
    /// per accepted action ([`contract::apply`](super::contract::apply)).
    fn count_move(state: &mut Self::State);

    /// The seat taking `action`; `None` for a game whose actions name no seat (one player).
    fn seat_of(action: &Self::Action) -> Option<Self::Seat>;

    /// The seats at the table.
    fn seats(state: &Self::State) -> Vec<Self::Seat>;

    /// Whether the game has ended (no action is possible).
    fn is_over(state: &Self::State) -> bool;

    /// The seats that may act now (empty when the game is over or waits on nothing).
    fn to_act(state: &Self::State) -> Vec<Self::Seat>;

    /// Whether `seat` is at the table: asked before every action. Provided: [`Game::seats`]
    /// has it; a game may answer without listing the seats.
    fn has_seat(state: &Self::State, seat: &Self::Seat) -> bool {
        Self::seats(state).contains(seat)
    }

    /// The first of [`Game::to_act`], if any: asked by the importer before every action.
    /// Provided: [`Game::to_act`]'s first; a game may answer without listing who acts.
    fn first_to_act(state: &Self::State) -> Option<Self::Seat> {
        Self::to_act(state).into_iter().next()
    }

    /// Whether `action` is one its seat may take out of turn (Railroad Barons' $30 swap "may
    /// be used even though it is the other player's turn"): the core then leaves its turn to
    /// the game, whose own rule judges it and names its own reason. Provided: none is.
    fn out_of_turn(_action: &Self::Action) -> bool {
        false
    }

    /// Whether `seat` may act now: asked before every action. Provided: [`Game::to_act`] has
    /// it; a game may answer without listing who acts.
    fn may_act(state: &Self::State, seat: &Self::Seat) -> bool {
        Self::to_act(state).contains(seat)
    }

    /// Every action `apply` accepts in this state. Where a parameter is a free number (a price,
    /// a bid), the action is listed once and [`Game::ranges`] gives the values allowed.
    /// Provided: a game implements [`Game::list`].
    fn legal_actions(state: &Checked<Self>) -> Vec<Self::Action> {
        Self::list(state.state())
    }

    /// [`Game::legal_actions`], saying which listed actions a bounded search could not prove
    /// the best (see [`Listing`]). Provided: a game implements [`Game::list_marked`].
    fn listing(state: &Checked<Self>) -> Listing<Self::Action> {
        Self::list_marked(state.state())
    }

    /// The game's list of the actions `apply` accepts in `state`.
    fn list(state: &Self::State) -> Vec<Self::Action>;

    /// [`Game::list`], marking the actions a bounded search could not prove the best. Games
    /// without such a search keep this default.
    fn list_marked(state: &Self::State) -> Listing<Self::Action> {
        Listing::complete(Self::list(state))
    }

    /// The free numbers of a listed action (empty for most actions).
    fn ranges(_state: &Self::State, _action: &Self::Action) -> Vec<ParameterRange> {
        Vec::new()
    }

    /// The listed action's numbers that may take one of several values (a par price), with
    /// those values, the listed one among them (empty for most actions).
    fn choices(_state: &Self::State, _action: &Self::Action) -> Vec<ParameterChoice> {
        Vec::new()
    }

    /// Every inconsistency of the state (empty when it is a state the rules can reach).
    fn check(state: &Self::State) -> Vec<Violation>;

    /// The state as the player may see it: hidden piles redacted. `None` for a game without
    /// hidden information. Provided: a game implements [`Game::redact`].
    fn view(state: &Checked<Self>) -> Option<Self::View> {
        Self::redact(state.state())
    }

    /// What `seat` may see of a state (see [`Game::redact_for`]). Provided.
    fn view_for(
        state: &Checked<Self>,
        seat: Option<&Self::Seat>,
    ) -> Result<Option<Self::View>, Violation> {
        Self::redact_for(state.state(), seat)
    }

    /// The game's table view of `state`: hidden piles redacted; `None` for a game without
    /// hidden information.
    fn redact(_state: &Self::State) -> Option<Self::View> {
        None
    }

    /// What `seat` may see: what the table sees, and besides that the seat's own hidden cards;
    /// without a seat, the table's view ([`Game::redact`]). A game whose hidden information is
    /// hidden from every seat alike keeps this default (the table's view for any seat). A seat
    /// not at the table is refused. `Ok(None)`: the game hides nothing.
    fn redact_for(
        state: &Self::State,
        seat: Option<&Self::Seat>,
    ) -> Result<Option<Self::View>, Violation> {
        let _ = seat;
        Ok(Self::redact(state))
    }
}

/// The listed actions with each choice spelt out: an action with a [`ParameterChoice`] once per
/// value, in the listing's order (what a player picking among every action sees, e.g. a bot).
pub fn every_choice<G: Game>(state: &G::State, listed: Vec<G::Action>) -> Vec<G::Action> {
    let mut every = Vec::with_capacity(listed.len());
    for action in listed {
        let choices = G::choices(state, &action);
        let Some(choice) = choices.first() else {
            every.push(action);
            continue;
        };
        let Ok(json) = serde_json::to_value(&action) else {
            every.push(action);
            continue;
        };
        for &value in &choice.values {
            let mut variant = json.clone();
            if let Some(slot) = variant.pointer_mut(&choice.pointer) {
                *slot = serde_json::Value::from(value);
            }
            if let Ok(variant) = serde_json::from_value(variant) {
                every.push(variant);
            }
        }
    }
    every
}

/// A game's request examples (`Game::REQUEST_EXAMPLES`): examples/requests/<id>/<endpoint>.json
/// for setup, validate, legal-actions, replay, check and render (or the endpoints given after
/// the id), embedded in the binary. tests/http/ writes them from
/// the library (`RAILRULES_REGENERATE_EXAMPLES=1`) and has the live server accept each.
macro_rules! request_examples {
    ($game:literal) => {
        crate::core::game::request_examples!($game: "setup", "validate", "legal-actions", "replay", "check", "render")
    };
    ($game:literal: $($endpoint:literal),*) => {
        &[$(($endpoint, include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"), "/examples/requests/", $game, "/", $endpoint, ".json"
        )))),*]
    };
}
pub(crate) use request_examples;
