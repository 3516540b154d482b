//! What the game endpoints share: the handling of a request (its body read within the size
//! limit and the deadline, its rules work run on the blocking pool in its turn, its metrics
//! recorded), the parsing of a body against its schema, the checks of a client's state
//! (`expected_move`, consistency), the serde helpers of the request bodies and the answer types
//! several endpoints give.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use actix_web::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Deserializer, Serialize};

use super::Endpoint;
use super::setup::SetupRequest;
use crate::api::ApiState;
use crate::api::metrics::Outcome;
use crate::api::problem::{Kind, Problem};
use crate::api::validation::{ObjectOnly, parse_body};
use crate::core::{Checked, Deadline, Game, Violation};

// ---------------------------------------------------------------------------------------------
// Game endpoints: read the body, run the logic, record the metrics.

/// What a game endpoint's logic produced: a JSON body and how to count it.
pub(in crate::api) struct Answer {
    pub(super) body: String,
    /// `application/json`, or `image/svg+xml` for a drawing.
    pub(super) content_type: &'static str,
    pub(super) outcome: Outcome,
}

type Logic = fn(&ApiState, &[u8]) -> Result<Answer, Problem>;

pub(super) async fn handle(
    game: &'static str,
    endpoint: Endpoint,
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
    logic: Logic,
) -> HttpResponse {
    let started = Instant::now();
    let at = started + Duration::from_millis(st.limits.request_timeout_ms);
    let by = tokio::time::Instant::from_std(at);
    let deadline = Deadline::at(at);
    // Work nobody waits for stops: when this future is dropped (at shutdown, after the grace
    // period), the deadline is cancelled. actix 4 does not drop it when a client hangs up
    // (actix/actix-web#3462): such work runs until its deadline.
    let _stop_unread_work = deadline.cancel_on_drop();
    let result = match read_body_by(by, &req, payload, st.limits.max_body_bytes).await {
        Ok(bytes) => run_rules(endpoint, by, &deadline, &st, bytes, logic).await,
        Err(problem) => Err(problem),
    };
    let (response, outcome) = match result {
        Ok(answer) => (
            HttpResponse::Ok()
                .insert_header((CONTENT_TYPE, answer.content_type))
                .body(answer.body),
            answer.outcome,
        ),
        Err(problem) => (problem.response(), Outcome::Malformed),
    };
    st.metrics
        .record(game, endpoint, outcome, started.elapsed());
    response
}

/// The body, if it arrives by the deadline: a client dribbling bytes cannot hold a worker.
pub(super) async fn read_body_by(
    deadline: tokio::time::Instant,
    req: &HttpRequest,
    payload: web::Payload,
    limit: usize,
) -> Result<web::Bytes, Problem> {
    tokio::time::timeout_at(deadline, read_body(req, payload, limit))
        .await
        .unwrap_or_else(|_| {
            Err(Problem::new(
                Kind::RequestTimeout,
                "the body did not arrive within the request timeout",
            ))
        })
}

/// Rules work runs on the blocking pool, never on the workers, so that it cannot starve them
/// (a /healthz is answered whatever a request costs). A bounded number run at once: heavy
/// endpoints (legal actions, replays) and the others each have their own turns. Every request
/// runs under its deadline: one that cannot get a turn in time, or whose work outlasts it, gets
/// 503 with `Retry-After`. The deadline is then cancelled: the long searches (1833NE's routes
/// and legal actions, replays) read it and stop, giving their turn back; work that does not
/// read it (a game's `check`) finishes in the background, keeping its turn until then.
async fn run_rules(
    endpoint: Endpoint,
    by: tokio::time::Instant,
    deadline: &Deadline,
    st: &web::Data<ApiState>,
    bytes: web::Bytes,
    logic: Logic,
) -> Result<Answer, Problem> {
    let turns = if endpoint.is_heavy() {
        &st.heavy
    } else {
        &st.light
    };
    let Ok(Ok(turn)) = tokio::time::timeout_at(by, turns.clone().acquire_owned()).await else {
        return Err(busy(if endpoint.is_heavy() {
            "too many heavy requests at once; retry shortly"
        } else {
            "too many requests at once; retry shortly"
        }));
    };
    let state = st.clone();
    let work_deadline = deadline.clone();
    let work = web::block(move || {
        let _turn = turn;
        work_deadline.run(|| logic(&state, &bytes))
    });
    let result = tokio::time::timeout_at(by, work).await;
    if result.is_err() || deadline.passed() {
        // Its answer, if any, may be cut short by the deadline: never served.
        deadline.cancel();
        return Err(past_the_deadline(st.limits.request_timeout_ms));
    }
    match result {
        Ok(Ok(result)) => result,
        _ => Err(Problem::new(
            Kind::Internal,
            "the rules engine could not run this request",
        )),
    }
}

pub(super) fn busy(detail: &str) -> Problem {
    Problem::new(Kind::Overloaded, detail)
}

pub(super) fn past_the_deadline(timeout_ms: u64) -> Problem {
    busy(&format!(
        "the rules work ran past the request timeout of {timeout_ms} ms and was cancelled"
    ))
}

/// The body, within the size limit. A declared length over it is refused before reading.
async fn read_body(
    req: &HttpRequest,
    payload: web::Payload,
    limit: usize,
) -> Result<web::Bytes, Problem> {
    let too_large = || {
        Problem::at(
            Kind::BodyTooLarge,
            "",
            format!("the body is over the limit of {limit} bytes"),
        )
    };
    let declared = req
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    match payload.to_bytes_limited(limit).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(e)) => Err(Problem::at(
            Kind::NotJson,
            "",
            format!("the body could not be read: {e}"),
        )),
        Err(_) => Err(too_large()),
    }
}

// ---------------------------------------------------------------------------------------------
// Request and response bodies. Optional request fields may be absent but not `null`, exactly
// as the published schemas say.

#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
pub(super) struct StateRequest<G: Game> {
    #[serde(deserialize_with = "object")]
    pub(super) state: G::State,
}

/// As [`present`], read through a JSON value: serde_json calls a `null` where an enum belongs
/// a syntax error, which would be answered as a body that is not JSON.
pub(super) fn present_through_value<'de, D: Deserializer<'de>, T: serde::de::DeserializeOwned>(
    d: D,
) -> Result<Option<T>, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    T::deserialize(value)
        .map(Some)
        .map_err(serde::de::Error::custom)
}

/// An optional field that, when present, must hold a value (not `null`).
pub(super) fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// An optional object field that, when present, must be an object (see [`ObjectOnly`]).
pub(super) fn present_object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    ObjectOnly::<T>::deserialize(d).map(|ObjectOnly(value)| Some(value))
}

/// A required object field (see [`ObjectOnly`]).
pub(super) fn object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    ObjectOnly::<T>::deserialize(d).map(|ObjectOnly(value)| value)
}

/// An event as answers carry it: its fields, and its one line of English (`text`).
#[derive(Serialize)]
#[serde(bound(serialize = ""))]
pub(super) struct Described<'a, G: Game> {
    #[serde(flatten)]
    event: &'a G::Event,
    text: String,
}

pub(super) fn described<G: Game>(events: &[G::Event]) -> Vec<Described<'_, G>> {
    events
        .iter()
        .map(|event| Described {
            event,
            text: G::describe(event),
        })
        .collect()
}

/// The events of each replayed action, described.
pub(super) fn described_per_action<G: Game>(
    events: &[Vec<G::Event>],
) -> Vec<Vec<Described<'_, G>>> {
    events.iter().map(|e| described::<G>(e)).collect()
}

/// The replay's log: a line per event, `<move>. <text>`, the move being the one the action
/// made (the start state's `move` plus its place among the actions).
pub(super) fn log_lines<G: Game>(first_move: u64, events: &[Vec<G::Event>]) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, action_events) in events.iter().enumerate() {
        let made = first_move + i as u64 + 1;
        for event in action_events {
            lines.push(format!("{made}. {}", G::describe(event)));
        }
    }
    lines
}

#[derive(Serialize)]
pub(super) struct Refused<'a> {
    pub(super) valid: bool,
    pub(super) violation: &'a Violation,
}

pub(super) fn is_zero(n: &usize) -> bool {
    *n == 0
}

// ---------------------------------------------------------------------------------------------
// What the logic of each game endpoint shares.

pub(super) fn parse<T: serde::de::DeserializeOwned, G: Game>(
    st: &ApiState,
    endpoint: Endpoint,
    bytes: &[u8],
) -> Result<T, Problem> {
    parse_body(bytes, &st.limits, st.request_schema(G::ID, endpoint))
        .map_err(|problem| name_game_and_version::<G>(problem, bytes))
}

/// A state of another game or rules version is refused naming both sides: what it says, and
/// what this endpoint implements (the schema's own words only list the allowed value).
fn name_game_and_version<G: Game>(mut problem: Problem, bytes: &[u8]) -> Problem {
    const GAME: &str = "/state/game";
    const VERSION: &str = "/state/rules_version";
    if !problem
        .errors
        .iter()
        .any(|e| e.pointer == GAME || e.pointer == VERSION)
    {
        return problem;
    }
    let body: serde_json::Value = serde_json::from_slice(bytes).unwrap_or_default();
    for error in &mut problem.errors {
        let sent = body.pointer(&error.pointer).map(|v| v.to_string());
        let sent = sent.as_deref().unwrap_or("nothing");
        if error.pointer == VERSION {
            error.detail = format!(
                "the state is for rules version {sent}; {} here implements rules version \"{}\"",
                G::ID,
                G::RULES_VERSION
            );
        } else if error.pointer == GAME {
            error.detail = format!(
                "the state is of the game {sent}; this endpoint is {}'s (\"{}\")",
                G::info().name,
                G::ID
            );
        }
    }
    if let [only] = &problem.errors[..] {
        problem.detail = format!("1 problem: {} at `{}`", only.detail, only.pointer);
    }
    problem
}

/// A client that names the move it believes the state is at (`expected_move`) is told when
/// the state it sent is at another: a submission from a stale view of the game is refused
/// before any rule is judged.
pub(super) fn expect_move<G: Game>(state: &G::State, expected: Option<u64>) -> Result<(), Problem> {
    let actual = G::moves(state);
    match expected {
        Some(expected) if expected != actual => Err(Problem::at(
            Kind::StaleState,
            "/expected_move",
            format!("the state is at move {actual}; the request expected move {expected}"),
        )),
        _ => Ok(()),
    }
}

/// Setup from a request; refused options become a 422 listing every violation.
pub(super) fn new_game<G: Game>(
    request: SetupRequest<G>,
    options_pointer: &str,
) -> Result<Checked<G>, Problem> {
    let options = request.options.unwrap_or_default();
    // No seed given: one from the operating system's randomness, so that no two such games
    // share their hidden piles (issue 16.5).
    let seed = request.seed.unwrap_or_else(crate::core::rng::os_seed);
    guarded(|| G::setup(&options, seed))?.map_err(|violations| {
        Problem::new(
            Kind::SetupRefused,
            format!(
                "setup refused the options: {} violation(s)",
                violations.len()
            ),
        )
        .with_violations(options_pointer, violations)
    })
}

/// A client's state, as one the rules can reach: judging an action on an inconsistent state
/// would give a wrong answer, so it is refused instead, listing every violation. The game
/// endpoints take only [`Checked`] states: none can skip this.
pub(super) fn consistent<G: Game>(state: G::State, pointer: &str) -> Result<Checked<G>, Problem> {
    let violations = match guarded(|| Checked::<G>::new(state))? {
        Ok(checked) => return Ok(checked),
        Err(violations) => violations,
    };
    Err(Problem::new(
        Kind::InconsistentState,
        format!(
            "the state is inconsistent ({} violation(s)); see `errors`",
            violations.len()
        ),
    )
    .with_violations(pointer, violations))
}

/// Runs rules code so that a panic (a bug in a game) becomes a 500 problem instead of killing
/// the worker thread.
pub(in crate::api) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, Problem> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|_| {
        tracing::error!("a rules function panicked");
        Problem::new(
            Kind::Internal,
            "the rules engine failed on this request; please report it with the request body",
        )
    })
}

pub(in crate::api) fn answer(body: &impl Serialize, outcome: Outcome) -> Result<Answer, Problem> {
    serde_json::to_string(body)
        .map(|body| Answer {
            body,
            outcome,
            content_type: "application/json",
        })
        .map_err(|e| {
            Problem::new(
                Kind::Internal,
                format!("the answer could not be encoded: {e}"),
            )
        })
}

pub(super) fn json_response(body: String) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/json"))
        .body(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Limits;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// How many times [`until_stopped`] saw its deadline pass.
    static STOPPED: AtomicUsize = AtomicUsize::new(0);

    /// Work that goes on until its deadline passes (30 s at most), as the searches do.
    fn until_stopped(_: &ApiState, _: &[u8]) -> Result<Answer, Problem> {
        let deadline = Deadline::current();
        let started = Instant::now();
        while !deadline.passed() && started.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(1));
        }
        if deadline.passed() {
            STOPPED.fetch_add(1, Ordering::SeqCst);
        }
        answer(&"done", Outcome::Valid)
    }

    #[actix_web::test]
    async fn every_endpoint_runs_under_its_deadline_and_its_work_is_stopped() {
        let limits = Limits {
            request_timeout_ms: 50,
            ..Limits::default()
        };
        let st = web::Data::new(ApiState::new(limits).unwrap());
        for endpoint in Endpoint::ALL {
            let started = Instant::now();
            let at = started + Duration::from_millis(50);
            let by = tokio::time::Instant::from_std(at);
            let result = run_rules(
                endpoint,
                by,
                &Deadline::at(at),
                &st,
                web::Bytes::new(),
                until_stopped,
            )
            .await;
            let problem = result.err().expect("503");
            assert_eq!(problem.status, 503, "{endpoint:?}");
            assert!(
                problem.detail.contains("was cancelled"),
                "{}",
                problem.detail
            );
            assert!(started.elapsed() < Duration::from_secs(5), "{endpoint:?}");
        }
        // Each work read its request's deadline, stopped, and gave its turn back.
        let started = Instant::now();
        while STOPPED.load(Ordering::SeqCst) < Endpoint::ALL.len()
            || st.heavy.available_permits() < limits.heavy_permits()
            || st.light.available_permits() < limits.light_permits()
        {
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "work still running"
            );
            actix_web::rt::time::sleep(Duration::from_millis(5)).await;
        }
    }

    #[actix_web::test]
    async fn a_request_without_a_turn_by_its_deadline_is_503() {
        let limits = Limits {
            request_timeout_ms: 20,
            max_light_requests: Some(1),
            ..Limits::default()
        };
        let st = web::Data::new(ApiState::new(limits).unwrap());
        let _taken = st.light.clone().acquire_owned().await.unwrap();
        let at = Instant::now() + Duration::from_millis(20);
        let result = run_rules(
            Endpoint::Check,
            tokio::time::Instant::from_std(at),
            &Deadline::at(at),
            &st,
            web::Bytes::new(),
            until_stopped,
        )
        .await;
        let problem = result.err().expect("503");
        assert_eq!(problem.status, 503);
        assert_eq!(problem.detail, "too many requests at once; retry shortly");
    }
}
