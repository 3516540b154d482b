//! The published JSON Schemas and serde agree: every body serde produces (random playouts)
//! is schema-valid, request and response alike, and bodies serde refuses are schema-invalid
//! (`bodies`); no request nests deeper than the service's depth bound (`depth`); every list is
//! published with the bound it is read with (`bounds`); every request example is valid
//! (`request_examples`).

mod bodies;
mod bounds;
mod depth;
mod request_examples;

use std::sync::LazyLock;

use jsonschema::Validator;
use railrules::api::openapi;
use serde_json::{Map, Value};

static COMPONENTS: LazyLock<Map<String, Value>> =
    LazyLock::new(|| openapi::components_json(&openapi::build()));

fn validator(name: &str) -> Validator {
    jsonschema::validator_for(&openapi::standalone_schema(&COMPONENTS, name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn assert_valid(validator: &Validator, value: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path().as_str()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what} is schema-invalid: {errors:?}\n{value}"
    );
}
