//! A minimal client: sets up a Railroad Barons game, asks for the legal actions, validates the
//! first one and prints its events.
//!
//! ```sh
//! cargo run -- serve &            # or point RAILRULES_URL at a running service
//! cargo run --example client
//! ```

use serde_json::{Value, json};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let base = std::env::var("RAILRULES_URL").unwrap_or_else(|_| "http://127.0.0.1:8080".into());
    let game = format!("{}/v1/railroad-barons", base.trim_end_matches('/'));
    let client = reqwest::Client::new();

    let setup: Value = call(&client, &format!("{game}/setup"), json!({"seed": 42})).await?;
    let state = &setup["state"];
    println!("set up a game; start player {}", state["start_player"]);

    let legal: Value = call(
        &client,
        &format!("{game}/legal-actions"),
        json!({"state": state}),
    )
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

    let verdict: Value = call(
        &client,
        &format!("{game}/validate"),
        json!({"state": state, "action": action}),
    )
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

/// POSTs `body`; a problem answer (4xx) becomes an error showing the problem.
async fn call(
    client: &reqwest::Client,
    url: &str,
    body: Value,
) -> Result<Value, Box<dyn std::error::Error>> {
    let response = client.post(url).json(&body).send().await?;
    let status = response.status();
    let text = response.text().await?;
    if !status.is_success() {
        return Err(format!("{url}: {status}: {text}").into());
    }
    Ok(serde_json::from_str(&text)?)
}
