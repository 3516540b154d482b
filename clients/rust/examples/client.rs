//! A minimal client: sets up a Railroad Barons game, asks for the legal actions, validates the
//! first one and prints its events.
//!
//! ```sh
//! cargo run --release &           # the service; or point RAILRULES_URL at a running one
//! cargo run --example client
//! ```

use std::process::ExitCode;

use railrules_client::{Client, Error};
use serde_json::json;

#[tokio::main]
async fn main() -> ExitCode {
    match play_one_move(&Client::from_env()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn play_one_move(client: &Client) -> Result<(), Error> {
    let game = "railroad-barons";
    let setup = client.post(game, "setup", &json!({"seed": 42})).await?;
    let state = &setup["state"];
    println!("set up a game; start player {}", state["start_player"]);

    let legal = client
        .post(game, "legal-actions", &json!({"state": state}))
        .await?;
    let actions = legal["actions"].as_array().cloned().unwrap_or_default();
    println!(
        "{} to act; {} legal action(s)",
        legal["to_act"],
        actions.len()
    );
    let Some(action) = actions.first() else {
        println!("nothing to do");
        return Ok(());
    };

    let verdict = client
        .post(game, "validate", &json!({"state": state, "action": action}))
        .await?;
    println!("validate {action}: valid = {}", verdict["valid"]);
    for event in verdict["events"].as_array().into_iter().flatten() {
        println!("  event: {event}");
    }
    if verdict["valid"] == false {
        println!("  violation: {}", verdict["violation"]);
    }
    Ok(())
}
