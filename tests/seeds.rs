//! Setup without a seed draws one from the operating system's randomness and names it; the same
//! seed gives the same game, byte for byte (issue 16.5).

mod common;

use common::Server;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn setup(server: &Server, game: &str, body: &Value) -> (String, u64) {
    let response = server.post_json(&format!("/v1/{game}/setup"), body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let answer: Value = response.json().await.unwrap();
    let seed = answer["seed"].as_u64().expect("the answer names its seed");
    (answer["state"].to_string(), seed)
}

#[actix_web::test]
async fn a_game_set_up_without_a_seed_gets_its_own_and_names_it() {
    let server = Server::start().await;
    // The games with hidden piles: without a seed, two setups differ (the chance that two
    // 64-bit draws shuffle the piles alike is nil).
    for game in ["rotw-solo", "russian-railroads-american"] {
        let (first, first_seed) = setup(&server, game, &json!({})).await;
        let (second, second_seed) = setup(&server, game, &json!({})).await;
        assert_ne!(first_seed, second_seed, "{game}");
        assert_ne!(
            first, second,
            "{game}: two seedless games have the same piles"
        );
        // The named seed gives that very game again.
        let (again, seed) = setup(&server, game, &json!({ "seed": first_seed })).await;
        assert_eq!((again, seed), (first, first_seed), "{game}");
    }
    // A client's seed is kept and named.
    let (_, seed) = setup(&server, "railroad-barons", &json!({"seed": 7})).await;
    assert_eq!(seed, 7);
    server.stop().await;
}
