//! The request examples (examples/requests/) Swagger UI's "Try it out" starts from, against the
//! requests' schemas.

use serde_json::Value;

use crate::{assert_valid, validator};

/// Every game endpoint's request body has an example (examples/requests/), and it is valid
/// against the request's schema: Swagger UI's "Try it out" starts from it.
#[test]
fn every_request_example_is_valid_against_its_schema() {
    let doc: Value = serde_json::from_str(&railrules::api::openapi_json()).unwrap();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let Some(body) = item["post"]["requestBody"]["content"]["application/json"].as_object()
        else {
            continue;
        };
        let endpoint = path.rsplit('/').next().unwrap();
        let example = body.get("example");
        if ["import", "view"].contains(&endpoint) || path == "/v1/echo" {
            continue;
        }
        let example = example.unwrap_or_else(|| panic!("{path} has no request example"));
        let name = body["schema"]["$ref"]
            .as_str()
            .unwrap()
            .trim_start_matches("#/components/schemas/");
        assert_valid(&validator(name), example, &format!("{path}'s example"));
        checked += 1;
    }
    // Six endpoints (render included) of each of the five games.
    assert_eq!(checked, 30);
}
