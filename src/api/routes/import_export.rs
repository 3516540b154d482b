//! `POST /v1/{game}/import`: an 18xx.games export read into a save file (games with an
//! 18xx.games title). Its logic is `crate::api::import`'s.

use actix_web::{HttpRequest, HttpResponse, web};

use super::Endpoint;
use super::handling::handle;
use crate::api::ApiState;
use crate::core::Game;

pub(super) async fn import_export<G: Game>(
    req: HttpRequest,
    st: web::Data<ApiState>,
    payload: web::Payload,
) -> HttpResponse {
    handle(
        G::ID,
        Endpoint::Import,
        req,
        st,
        payload,
        crate::api::import::import_logic::<G>,
    )
    .await
}
