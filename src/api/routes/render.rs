//! `POST /v1/{game}/render`: a state drawn as an SVG document (games whose drawing is built).

use actix_web::{HttpRequest, HttpResponse, web};

use super::Endpoint;
use super::handling::{Answer, StateRequest, consistent, guarded, handle, parse};
use crate::api::ApiState;
use crate::api::metrics::Outcome;
use crate::api::problem::{Kind, Problem};
use crate::core::Game;

pub(super) async fn render<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(G::ID, Endpoint::Render, req, st, payload, render_logic::<G>).await
}

fn render_logic<G: Game>(st: &ApiState, bytes: &[u8]) -> Result<Answer, Problem> {
    let request: StateRequest<G> = parse::<_, G>(st, Endpoint::Render, bytes)?;
    let state = consistent::<G>(request.state, "/state")?;
    match guarded(|| G::render(state.state()))? {
        Some(svg) => Ok(Answer {
            body: svg,
            outcome: Outcome::Valid,
            content_type: "image/svg+xml",
        }),
        None => Err(Problem::new(
            Kind::NotFound,
            format!("drawing {} is not built yet", G::ID),
        )),
    }
}
