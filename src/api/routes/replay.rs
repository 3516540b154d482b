//! `POST /v1/{game}/replay`: actions applied in order, from a new game or a given state, up to
//! the first illegal one.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};

use super::Endpoint;
use super::handling::{
    Answer, Described, answer, consistent, described_per_action, guarded, handle, log_lines,
    new_game, parse, past_the_deadline, present_object,
};
use super::setup::SetupRequest;
use crate::api::ApiState;
use crate::api::metrics::Outcome;
use crate::api::problem::{Kind, Problem};
use crate::core::{Deadline, Game, Replay, Violation, replay_by};

pub(super) async fn replay_actions<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(G::ID, Endpoint::Replay, req, st, payload, replay_logic::<G>).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
struct ReplayRequest<G: Game> {
    #[serde(default, deserialize_with = "present_object")]
    setup: Option<SetupRequest<G>>,
    #[serde(default, deserialize_with = "present_object")]
    state: Option<G::State>,
    actions: Vec<G::Action>,
    /// Whether the answer carries the game's log: each event's text, one line each.
    #[serde(default)]
    log: bool,
}

#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct ReplayCompleted<'a, G: Game> {
    valid: bool,
    state: &'a G::State,
    to_act: &'a [G::Seat],
    events: Vec<Vec<Described<'a, G>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<Vec<String>>,
}

#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct ReplayRefused<'a, G: Game> {
    valid: bool,
    index: usize,
    violation: &'a Violation,
    state: &'a G::State,
    to_act: &'a [G::Seat],
    events: Vec<Vec<Described<'a, G>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<Vec<String>>,
}

fn replay_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let request: ReplayRequest<G> = parse::<_, G>(st, Endpoint::Replay, bytes)?;
    let max = st.limits.max_replay_actions;
    if request.actions.len() > max {
        return Err(Problem::at(
            Kind::TooManyActions,
            "/actions",
            format!(
                "{} actions; a replay request may carry at most {max}",
                request.actions.len()
            ),
        ));
    }
    let start = match (request.setup, request.state) {
        (Some(setup), None) => new_game::<G>(setup, "/setup/options")?,
        (None, Some(state)) => consistent::<G>(state, "/state")?,
        _ => {
            return Err(Problem::at(
                Kind::InvalidRequest,
                "",
                "give exactly one of `setup` (replay a new game) and `state` (replay from it)",
            ));
        }
    };
    let first_move = G::moves(start.state());
    let replayed = guarded(|| replay_by::<G>(start, &request.actions, &Deadline::current()))?;
    let Ok(replayed) = replayed else {
        return Err(past_the_deadline(st.limits.request_timeout_ms));
    };
    let (to_act, log) = guarded(|| match &replayed {
        Replay::Completed { state, events } | Replay::Refused { state, events, .. } => (
            G::to_act(state),
            request.log.then(|| log_lines::<G>(first_move, events)),
        ),
    })?;
    match replayed {
        Replay::Completed { state, events } => answer(
            &ReplayCompleted::<G> {
                valid: true,
                state: &state,
                to_act: &to_act,
                events: described_per_action::<G>(&events),
                log,
            },
            Outcome::Valid,
        ),
        Replay::Refused {
            index,
            violation,
            state,
            events,
        } => answer(
            &ReplayRefused::<G> {
                valid: false,
                index,
                violation: &violation,
                state: &state,
                to_act: &to_act,
                events: described_per_action::<G>(&events),
                log,
            },
            Outcome::Invalid,
        ),
    }
}
