//! Compression: a state's answer gzip- or brotli-compressed when the client asks.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::Server;
use crate::{client, header};

/// A state's answer, compressed as the request asks (gzip, brotli) and decompressing to the
/// same JSON as the plain answer; plain when the request asks for nothing; `Vary` names
/// Accept-Encoding so that caches keep the two apart.
#[actix_web::test]
async fn answers_are_compressed_when_the_client_asks() {
    use std::io::Read;
    let server = Server::start().await;
    let body = json!({"seed": 7});
    let fetch = |encoding: Option<&'static str>| {
        let mut request = client().post(server.url("/v1/1833ne/setup")).json(&body);
        if let Some(e) = encoding {
            request = request.header("accept-encoding", e);
        }
        request.send()
    };
    let plain = fetch(None).await.unwrap();
    assert_eq!(plain.status(), StatusCode::OK);
    assert_eq!(header(&plain, "content-encoding"), None);
    let plain = plain.bytes().await.unwrap();
    let expected: Value = serde_json::from_slice(&plain).unwrap();
    for encoding in ["gzip", "br"] {
        let response = fetch(Some(encoding)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{encoding}");
        assert_eq!(
            header(&response, "content-encoding").as_deref(),
            Some(encoding)
        );
        assert!(
            header(&response, "vary")
                .unwrap_or_default()
                .to_ascii_lowercase()
                .contains("accept-encoding")
        );
        let packed = response.bytes().await.unwrap();
        assert!(
            packed.len() * 4 < plain.len(),
            "{encoding}: {} of {}",
            packed.len(),
            plain.len()
        );
        let mut unpacked = Vec::new();
        match encoding {
            "gzip" => flate2::read::GzDecoder::new(&packed[..])
                .read_to_end(&mut unpacked)
                .unwrap(),
            _ => brotli::Decompressor::new(&packed[..], 4096)
                .read_to_end(&mut unpacked)
                .unwrap(),
        };
        let decoded: Value = serde_json::from_slice(&unpacked).unwrap();
        assert_eq!(decoded, expected, "{encoding}");
    }
}
