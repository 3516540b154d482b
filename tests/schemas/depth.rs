//! The nesting the request schemas allow, against the bound the service's depth scan relies on
//! for bodies serde reads.

use serde_json::{Value, json};

use crate::COMPONENTS;

/// The deepest nesting of arrays and objects a schema allows (the value itself is level 1),
/// following `$ref`s; panics on a recursive schema, which would allow any depth.
fn schema_depth(schema: &Value, visiting: &mut Vec<String>) -> usize {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap().to_string();
        assert!(!visiting.contains(&name), "{name} is recursive");
        visiting.push(name.clone());
        let depth = schema_depth(&COMPONENTS[&name], visiting);
        visiting.pop();
        return depth;
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    let deepest = |children: Vec<&Value>, visiting: &mut Vec<String>| {
        children
            .into_iter()
            .map(|c| schema_depth(c, visiting))
            .max()
            .unwrap_or(0)
    };
    let alternatives: Vec<&Value> = ["oneOf", "anyOf", "allOf"]
        .iter()
        .filter_map(|k| schema[*k].as_array())
        .flatten()
        .collect();
    let mut depth = deepest(alternatives, visiting);
    let properties: Vec<&Value> = schema["properties"]
        .as_object()
        .into_iter()
        .flat_map(|p| p.values())
        .chain(
            schema["additionalProperties"]
                .as_object()
                .map(|_| &schema["additionalProperties"]),
        )
        .collect();
    if types.contains(&"object") || !properties.is_empty() {
        depth = depth.max(1 + deepest(properties, visiting));
    }
    let items: Vec<&Value> = schema["prefixItems"]
        .as_array()
        .into_iter()
        .flatten()
        .chain(schema["items"].is_object().then_some(&schema["items"]))
        .collect();
    if types.contains(&"array") || !items.is_empty() {
        depth = depth.max(1 + deepest(items, visiting));
    }
    depth
}

/// The service skips its depth scan on bodies serde reads (api::validation::parse_body): that
/// is sound only if no request schema nests deeper than `TYPED_DEPTH_BOUND`.
#[test]
fn no_request_nests_deeper_than_the_typed_depth_bound() {
    use railrules::api::validation::TYPED_DEPTH_BOUND;
    let requests: Vec<&String> = COMPONENTS
        .keys()
        .filter(|k| k.ends_with("Request"))
        .collect();
    assert!(requests.len() >= 10, "{requests:?}");
    let mut deepest = 0;
    for name in requests {
        let depth = schema_depth(
            &json!({"$ref": format!("#/components/schemas/{name}")}),
            &mut vec![],
        );
        assert!(
            depth <= TYPED_DEPTH_BOUND,
            "{name} nests {depth} deep, beyond TYPED_DEPTH_BOUND ({TYPED_DEPTH_BOUND})"
        );
        deepest = deepest.max(depth);
    }
    // A state is several levels deep: a walk that found less is not following the schemas.
    assert!(
        deepest >= 6,
        "the deepest request nests only {deepest} levels"
    );
    println!("deepest request: {deepest} levels");
}
