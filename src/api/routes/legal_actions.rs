//! `POST /v1/{game}/legal-actions`: the seats that may act and every legal action, filtered by
//! seat and type, with their free numbers (ranges, choices) and, when asked, their effects.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Deserializer, Serialize};

use super::Endpoint;
use super::handling::{
    Answer, Described, answer, busy, consistent, described_per_action, expect_move, guarded,
    handle, object, parse, present, present_through_value,
};
use crate::api::ApiState;
use crate::api::metrics::Outcome;
use crate::api::problem::{Kind, Problem};
use crate::core::{Checked, Deadline, Game, Incomplete, ParameterChoice, ParameterRange};

pub(super) async fn legal_actions<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(
        G::ID,
        Endpoint::LegalActions,
        req,
        st,
        payload,
        legal_actions_logic::<G>,
    )
    .await
}

/// `legal-actions`: the state, and optionally the move the client believes it is at.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
struct LegalActionsRequest<G: Game> {
    #[serde(deserialize_with = "object")]
    state: G::State,
    #[serde(default, deserialize_with = "present")]
    expected_move: Option<u64>,
    /// Whether the answer gives each listed action's effects (the events it would cause).
    #[serde(default)]
    effects: bool,
    /// With `effects`: the effects as lines of English only (`effects_text`).
    #[serde(default)]
    compact: bool,
    /// Only the actions of this seat.
    #[serde(default, deserialize_with = "present_through_value")]
    seat: Option<G::Seat>,
    /// Only the actions of these types.
    #[serde(default, deserialize_with = "present")]
    types: Option<Vec<ActionTypeName<G>>>,
}

/// The name of one of a game's action types (`pass`, `lay_tile`...); another is refused at its
/// place in the list.
struct ActionTypeName<G>(String, std::marker::PhantomData<G>);

impl<'de, G: Game> Deserialize<'de> for ActionTypeName<G> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        let names = crate::api::openapi::action_type_names::<G>();
        if names.contains(&name) {
            Ok(ActionTypeName(name, std::marker::PhantomData))
        } else {
            Err(serde::de::Error::custom(format!(
                "`{name}` is not an action type of {} (they are {})",
                G::ID,
                names.join(", ")
            )))
        }
    }
}

/// Whether a listed action passes `legal-actions`' filters: its seat is `seat`, its type one
/// of `types` (each when given). An action that names no seat (a solo game's) is of whoever
/// acts (`to_act`).
fn wanted<G: Game>(
    action: &G::Action,
    to_act: &[G::Seat],
    seat: Option<&G::Seat>,
    types: Option<&[ActionTypeName<G>]>,
) -> bool {
    seat.is_none_or(|seat| G::seat_of(action).map_or(to_act.contains(seat), |of| &of == seat))
        && types.is_none_or(|types| {
            let value = serde_json::to_value(action).unwrap_or_default();
            value["type"]
                .as_str()
                .is_some_and(|t| types.iter().any(|wanted| wanted.0 == t))
        })
}

#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct LegalActionsAnswer<'a, G: Game> {
    to_act: &'a [G::Seat],
    actions: Vec<&'a G::Action>,
    ranges: Vec<ActionRange<'a>>,
    choices: Vec<ActionChoice<'a>>,
    complete: bool,
    incomplete: Vec<Incomplete>,
    #[serde(skip_serializing_if = "Option::is_none")]
    effects: Option<Vec<Vec<Described<'a, G>>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    effects_text: Option<Vec<Vec<String>>>,
}

/// A number of listed action `action` (its index in `actions`) that may take any of `values`.
#[derive(Serialize)]
struct ActionChoice<'a> {
    action: usize,
    pointer: &'a str,
    values: &'a [u64],
}

/// A free number of listed action `action` (its index in `actions`).
#[derive(Serialize)]
struct ActionRange<'a> {
    action: usize,
    pointer: &'a str,
    min: u64,
    max: u64,
}

fn legal_actions_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let LegalActionsRequest::<G> {
        state,
        expected_move,
        effects,
        compact,
        seat,
        types,
    } = parse::<_, G>(st, Endpoint::LegalActions, bytes)?;
    if compact && !effects {
        return Err(Problem::at(
            Kind::InvalidRequest,
            "/compact",
            "`compact` shortens the listed actions' effects: ask with `effects: true` too",
        ));
    }
    expect_move::<G>(&state, expected_move)?;
    let checked = consistent::<G>(state, "/state")?;
    let (to_act, listing) = guarded(|| {
        let listing = G::listing(&checked);
        (G::to_act(checked.state()), listing)
    })?;
    // The filters (`seat`, `types`) keep some of the listed actions; every index the answer
    // gives (ranges, choices, incomplete, effects) counts in the kept list.
    let kept: Vec<usize> = (0..listing.actions.len())
        .filter(|&i| {
            wanted::<G>(
                &listing.actions[i],
                &to_act,
                seat.as_ref(),
                types.as_deref(),
            )
        })
        .collect();
    let actions: Vec<&G::Action> = kept.iter().map(|&i| &listing.actions[i]).collect();
    let (ranges, choices) = guarded(|| {
        let state = checked.state();
        let ranges: Vec<Vec<ParameterRange>> =
            actions.iter().map(|a| G::ranges(state, a)).collect();
        let choices: Vec<Vec<ParameterChoice>> =
            actions.iter().map(|a| G::choices(state, a)).collect();
        (ranges, choices)
    })?;
    let choices = choices
        .iter()
        .enumerate()
        .flat_map(|(action, choices)| {
            choices.iter().map(move |c| ActionChoice {
                action,
                pointer: &c.pointer,
                values: &c.values,
            })
        })
        .collect();
    let ranges = ranges
        .iter()
        .enumerate()
        .flat_map(|(action, ranges)| {
            ranges.iter().map(move |r| ActionRange {
                action,
                pointer: &r.pointer,
                min: r.min,
                max: r.max,
            })
        })
        .collect();
    let incomplete: Vec<Incomplete> = listing
        .incomplete
        .iter()
        .filter_map(|item| {
            let action = kept.iter().position(|&i| i == item.action)?;
            Some(Incomplete {
                action,
                ..item.clone()
            })
        })
        .collect();
    let effects = match effects {
        true => Some(guarded(|| effects_of::<G>(&checked, &actions))??),
        false => None,
    };
    let (effects, effects_text) = match (&effects, compact) {
        (None, _) => (None, None),
        (Some(effects), false) => (Some(described_per_action::<G>(effects)), None),
        (Some(effects), true) => (None, Some(texts_per_action::<G>(effects))),
    };
    answer(
        &LegalActionsAnswer::<G> {
            to_act: &to_act,
            actions,
            ranges,
            choices,
            complete: incomplete.is_empty(),
            incomplete,
            effects,
            effects_text,
        },
        Outcome::Valid,
    )
}

/// Each action's events as their lines of English (the compact form of effects).
fn texts_per_action<G: Game>(events: &[Vec<G::Event>]) -> Vec<Vec<String>> {
    events
        .iter()
        .map(|events| events.iter().map(G::describe).collect())
        .collect()
}

/// What each listed action would cause: the events `validate` would answer, each action
/// applied to its own copy of the state (so a UI shows a tile lay's cost, a train's price, a
/// dividend's payout and price move before the player commits). Work in proportion to the
/// listing, stopped at the request's deadline.
fn effects_of<G: Game>(
    state: &Checked<G>,
    actions: &[&G::Action],
) -> Result<Vec<Vec<G::Event>>, Problem> {
    let deadline = Deadline::current();
    let mut effects = Vec::with_capacity(actions.len());
    for action in actions {
        if deadline.passed() {
            return Err(busy(
                "the listed actions' effects ran past the request timeout; ask without `effects`",
            ));
        }
        let mut copy = state.clone();
        match G::apply(&mut copy, action) {
            Ok(events) => effects.push(events),
            Err(violation) => {
                tracing::error!(%violation, "a listed action was refused");
                return Err(Problem::new(
                    Kind::Internal,
                    format!("a listed action was refused: {violation}"),
                ));
            }
        }
    }
    Ok(effects)
}
