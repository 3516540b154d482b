//! A small client of the railrules HTTP API: posts JSON to `/v1/{game}/{endpoint}` and reads
//! the answer, saying plainly when no service answers or when a request is refused.
//!
//! ```no_run
//! # async fn run() -> Result<(), railrules_client::Error> {
//! let client = railrules_client::Client::from_env();
//! let setup = client.post("railroad-barons", "setup", &serde_json::json!({"seed": 42})).await?;
//! println!("{}", setup["state"]["start_player"]);
//! # Ok(()) }
//! ```

use std::fmt;

use serde_json::Value;

/// Where the client looks when `RAILRULES_URL` is not set: the service's own default.
pub const DEFAULT_URL: &str = "http://127.0.0.1:8080";

/// A railrules service at one base URL.
pub struct Client {
    base: String,
    http: reqwest::Client,
}

/// Why a call gave no answer.
#[derive(Debug)]
pub enum Error {
    /// Nothing listens at the base URL (connection refused, unknown host, timeout).
    NoService { base: String, cause: String },
    /// The service answered with an error status; `body` is its problem+json.
    Refused {
        url: String,
        status: u16,
        body: String,
    },
    /// The answer was not the JSON the API promises, or the transfer broke off.
    Answer { url: String, cause: String },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoService { base, cause } => write!(
                f,
                "no railrules service answers at {base} ({cause}).\n\
                 Start one in the railrules folder with `cargo run --release` \
                 (it listens on port 8080), or set RAILRULES_URL to the address of one that runs."
            ),
            Error::Refused { url, status, body } => {
                write!(f, "{url} refused the request ({status}): {body}")
            }
            Error::Answer { url, cause } => write!(f, "{url} gave no usable answer: {cause}"),
        }
    }
}

impl std::error::Error for Error {}

impl Client {
    /// A client of the service at `base` (e.g. `http://127.0.0.1:8080`).
    pub fn new(base: &str) -> Client {
        Client {
            base: base.trim_end_matches('/').to_owned(),
            http: reqwest::Client::new(),
        }
    }

    /// A client of the service at `RAILRULES_URL`, or at [`DEFAULT_URL`] when it is not set.
    pub fn from_env() -> Client {
        Client::new(&std::env::var("RAILRULES_URL").unwrap_or_else(|_| DEFAULT_URL.to_owned()))
    }

    /// The base URL this client calls.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// POSTs `body` to `/v1/{game}/{endpoint}` and returns the JSON answer.
    pub async fn post(&self, game: &str, endpoint: &str, body: &Value) -> Result<Value, Error> {
        let url = format!("{}/v1/{game}/{endpoint}", self.base);
        let sent = self.http.post(&url).json(body).send().await;
        self.read(url, sent).await
    }

    /// GETs `/v1/games`: the games the service plays.
    pub async fn games(&self) -> Result<Value, Error> {
        let url = format!("{}/v1/games", self.base);
        let sent = self.http.get(&url).send().await;
        self.read(url, sent).await
    }

    async fn read(
        &self,
        url: String,
        sent: Result<reqwest::Response, reqwest::Error>,
    ) -> Result<Value, Error> {
        let response = sent.map_err(|e| {
            if e.is_connect() || e.is_timeout() {
                Error::NoService {
                    base: self.base.clone(),
                    cause: innermost(&e),
                }
            } else {
                Error::Answer {
                    url: url.clone(),
                    cause: innermost(&e),
                }
            }
        })?;
        let status = response.status();
        let text = response.text().await.map_err(|e| Error::Answer {
            url: url.clone(),
            cause: innermost(&e),
        })?;
        if !status.is_success() {
            return Err(Error::Refused {
                url,
                status: status.as_u16(),
                body: text,
            });
        }
        serde_json::from_str(&text).map_err(|e| Error::Answer {
            url,
            cause: e.to_string(),
        })
    }
}

/// The deepest cause of a transport error ("Connection refused (os error 111)"), which says
/// more than reqwest's outer "error sending request".
fn innermost(error: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = error;
    while let Some(source) = cause.source() {
        cause = source;
    }
    cause.to_string()
}
