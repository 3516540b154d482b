//! Turning a request body into a typed request, or into a problem listing everything wrong.
//!
//! Order matters, cheapest and safest first:
//! 1. the size limit (while reading the body, in the routes);
//! 2. UTF-8, then the nesting depth, scanned on the raw bytes so that a body 100,000 levels deep
//!    never reaches a recursive parser;
//! 3. the fast path: serde straight into the typed request (serde_path_to_error keeps the path
//!    of the one error serde reports);
//! 4. only when serde refuses (or always, with `--strict-schema`): parse into a `Value`, rewrite
//!    integral floats (`8.0` -> `8`, which JSON Schema calls integers but serde refuses), and
//!    run the JSON Schema validator published for this endpoint to list *every* problem. If the
//!    schema finds nothing (serde is stricter: a duplicate key, an integer too large for an
//!    `f64` to hold exactly), serde's error is reported with its pointer — or, when only the
//!    floats were at fault, the rewritten value is used.

use crate::core::pointer::pointer_of;
use std::sync::{Arc, OnceLock};

use jsonschema::Validator;
use std::fmt;
use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{DeserializeOwned, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Number, Value};

use super::config::Limits;
use super::openapi::standalone_schema;
use super::problem::{Kind, Problem, ProblemError};

pub use super::problem::MAX_LISTED_PROBLEMS as MAX_LISTED_ERRORS;

mod explaining;
pub use explaining::*;

/// The JSON Schema of one request type, compiled on first use and then shared by all workers.
pub struct RequestSchema {
    name: String,
    components: Arc<Map<String, Value>>,
    validator: OnceLock<Option<Validator>>,
}

impl RequestSchema {
    pub fn new(name: String, components: Arc<Map<String, Value>>) -> Self {
        RequestSchema {
            name,
            components,
            validator: OnceLock::new(),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The compiled validator; `None` only if our own schema fails to compile (a bug, logged),
    /// in which case requests still get serde's error.
    pub fn validator(&self) -> Option<&Validator> {
        self.validator
            .get_or_init(|| {
                let schema = standalone_schema(&self.components, &self.name);
                match jsonschema::validator_for(&schema) {
                    Ok(v) => Some(v),
                    Err(e) => {
                        tracing::error!(schema = %self.name, error = %e, "request schema does not compile");
                        None
                    }
                }
            })
            .as_ref()
    }
}

/// Parses a body (already within the size limit) into `T`, or explains why not.
///
/// The fast path is serde alone, into the request's types. A body it reads is at most
/// [`TYPED_DEPTH_BOUND`] deep (tests/schemas/ derives that from the published schemas), so
/// the depth scan runs first only when the limit is below that bound; otherwise only when serde
/// refuses the body, before the slow path parses it into a `Value`, which any depth reaches.
/// The slow path, which lists every problem the schema finds, runs for refused bodies up to
/// [`SLOW_PATH_BYTES`].
pub fn parse_body<T: DeserializeOwned>(
    bytes: &[u8],
    limits: &Limits,
    schema: Option<&RequestSchema>,
) -> Result<T, Problem> {
    let text = utf8(bytes)?;
    if limits.strict_schema || limits.max_depth < TYPED_DEPTH_BOUND {
        check_depth(text, limits.max_depth)?;
    }
    if limits.strict_schema {
        return parse_checked(text, schema, None);
    }
    match parse_typed::<T>(text) {
        Ok(request) => Ok(request),
        Err(fast_error) => {
            check_depth(text, limits.max_depth)?;
            match fast_error {
                (_, error) if is_syntax_error(&error) => Err(not_json(&error)),
                (pointer, error) if text.len() > SLOW_PATH_BYTES => {
                    Err(invalid_request(vec![ProblemError::new(
                        pointer,
                        shorten(error.to_string()),
                    )]))
                }
                fast_error => parse_checked(text, schema, Some(fast_error)),
            }
        }
    }
}

/// The largest refused body that the slow path reads whole to list every problem. The slow
/// path holds the body as a `Value` (about 25 bytes per byte of a list of numbers) and the
/// schema's errors: a larger body is answered with the fast path's one problem, its pointer
/// and serde's words, so that refusing a body never costs more than a few megabytes.
pub const SLOW_PATH_BYTES: usize = 256 * 1024;

/// The deepest nesting of arrays and objects in any request body serde reads into a game's
/// types (the request object itself is level 1).
pub const TYPED_DEPTH_BOUND: usize = 16;

fn utf8(bytes: &[u8]) -> Result<&str, Problem> {
    std::str::from_utf8(bytes).map_err(|e| {
        Problem::at(
            Kind::NotJson,
            "",
            format!(
                "the body is not valid UTF-8 (first bad byte at offset {})",
                e.valid_up_to()
            ),
        )
    })
}

fn is_syntax_error(error: &serde_json::Error) -> bool {
    use serde_json::error::Category;
    matches!(error.classify(), Category::Syntax | Category::Eof)
}

/// The slow path: every schema problem, else serde's verdict. `fast_error` is the fast path's
/// error (with its pointer), when it ran.
fn parse_checked<T: DeserializeOwned>(
    text: &str,
    schema: Option<&RequestSchema>,
    fast_error: Option<(String, serde_json::Error)>,
) -> Result<T, Problem> {
    let mut value: Value = serde_json::from_str(text).map_err(|e| not_json(&e))?;
    let rewrote = rewrite_integral_floats(&mut value);
    let errors = schema
        .and_then(RequestSchema::validator)
        .map(|v| schema_errors(v, &cut_lists(&value)))
        .unwrap_or_default();
    if !errors.is_empty() {
        return Err(invalid_request(errors));
    }
    if let Some((pointer, error)) = fast_error
        && !rewrote
    {
        // The schema is satisfied but serde is stricter, on the very same text: its error,
        // with its pointer, is the answer.
        return Err(invalid_request(vec![ProblemError::new(
            pointer,
            shorten(error.to_string()),
        )]));
    }
    // Integral floats were rewritten (the value may now be what serde wants), or the fast path
    // did not run.
    serde_path_to_error::deserialize::<_, ObjectOnly<T>>(value)
        .map(|ObjectOnly(request)| request)
        .map_err(|e| {
            invalid_request(vec![ProblemError::new(
                pointer_of(e.path()),
                shorten(e.inner().to_string()),
            )])
        })
}

/// Items of a list the schema judges: no answer lists more problems than this, and the
/// validator builds every failing item's error at once (about 6 KiB each, measured: a million
/// bad replay actions took 6 GiB), so a longer list is judged by its first items only.
pub const SCHEMA_ITEMS: usize = MAX_LISTED_ERRORS + 1;

/// `value` with every list cut to its first [`SCHEMA_ITEMS`] items, for the schema to judge.
/// Every problem found in the cut copy is one of the body (no published list has a minimum
/// above 2); problems of the items cut away are not listed, and a list over its maximum is
/// still named by the fast path's error.
fn cut_lists(value: &Value) -> Value {
    match value {
        Value::Array(items) => {
            Value::Array(items.iter().take(SCHEMA_ITEMS).map(cut_lists).collect())
        }
        Value::Object(members) => Value::Object(
            members
                .iter()
                .map(|(key, member)| (key.clone(), cut_lists(member)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The fast path, straight from the text. On failure: the pointer of serde's error and the error.
fn parse_typed<T: DeserializeOwned>(text: &str) -> Result<T, (String, serde_json::Error)> {
    // Tracking the path of every value costs more than the parse itself: only a refused body
    // is read again, with the path, for the pointer of its error.
    let mut de = serde_json::Deserializer::from_str(text);
    if let Ok(ObjectOnly(request)) = ObjectOnly::<T>::deserialize(&mut de)
        && de.end().is_ok()
    {
        return Ok(request);
    }
    parse_typed_with_path(text)
}

fn parse_typed_with_path<T: DeserializeOwned>(
    text: &str,
) -> Result<T, (String, serde_json::Error)> {
    let mut de = serde_json::Deserializer::from_str(text);
    let ObjectOnly(request) = serde_path_to_error::deserialize::<_, ObjectOnly<T>>(&mut de)
        .map_err(|e| (pointer_of(e.path()), e.into_inner()))?;
    // Trailing garbage after the value is a syntax error, as in serde_json::from_str.
    de.end().map_err(|e| (String::new(), e))?;
    Ok(request)
}

/// A struct that must be written as a JSON object. Serde's derive also accepts a struct written
/// as an array of its fields in order (`[null, 0]` for `{"options": null, "seed": 0}`); the
/// published schemas say object, and a request the schema refuses must be refused here too.
pub struct ObjectOnly<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ObjectOnly<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map))
            }
        }
        deserializer
            .deserialize_map(ObjectVisitor(PhantomData))
            .map(ObjectOnly)
    }
}

fn not_json(e: &serde_json::Error) -> Problem {
    Problem::at(Kind::NotJson, "", format!("the body is not JSON: {e}"))
}

fn invalid_request(errors: Vec<ProblemError>) -> Problem {
    let count = errors.len();
    let detail = if count == 1 {
        format!("1 problem: {} at `{}`", errors[0].detail, errors[0].pointer)
    } else {
        format!("{count} problems; see `errors`")
    };
    Problem::new(Kind::InvalidRequest, detail).with_errors(errors)
}

/// Refuses bodies nested deeper than `max_depth` arrays/objects, by a linear scan that skips
/// strings, before anything recursive sees them.
pub fn check_depth(text: &str, max_depth: usize) -> Result<(), Problem> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (offset, byte) in text.bytes().enumerate() {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > max_depth {
                    return Err(Problem::at(
                        Kind::TooDeep,
                        "",
                        format!(
                            "the body nests arrays and objects more than {max_depth} levels deep \
                             (at byte offset {offset})"
                        ),
                    ));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// `8.0` -> `8`: JSON Schema's `integer` accepts integral floats, serde's integers do not, so
/// without this a schema-valid body would be refused (property-based clients such as
/// schemathesis send `8.0`). Only up to 2^53 in size:
/// beyond, an `f64` no longer holds every integer, so `9223372036854775809` (read as a float)
/// would silently become another number. Says whether it rewrote any.
pub fn rewrite_integral_floats(value: &mut Value) -> bool {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    match value {
        Value::Number(n) if n.is_f64() => {
            let Some(f) = n.as_f64() else { return false };
            if f.fract() != 0.0 || f.abs() > EXACT {
                return false;
            }
            // In range, so the casts are exact.
            *n = if f >= 0.0 {
                Number::from(f as u64)
            } else {
                Number::from(f as i64)
            };
            true
        }
        Value::Array(items) => items
            .iter_mut()
            .fold(false, |any, v| rewrite_integral_floats(v) | any),
        Value::Object(map) => map
            .values_mut()
            .fold(false, |any, v| rewrite_integral_floats(v) | any),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn depth_scan_counts_containers_and_skips_strings() {
        assert!(check_depth(r#"{"a": [[1]]}"#, 3).is_ok());
        assert!(check_depth(r#"{"a": [[[1]]]}"#, 3).is_err());
        assert!(check_depth(r#"{"a": "[[[[\"[[[[" }"#, 1).is_ok());
        let deep = "[".repeat(100_000);
        let problem = check_depth(&deep, 64).unwrap_err();
        assert_eq!(problem.status, 422);
    }

    #[test]
    fn integral_floats_become_integers_and_others_stay() {
        let mut v = json!({"a": 8.0, "b": [-3.0, 2.5], "c": 1e300});
        assert!(rewrite_integral_floats(&mut v));
        assert!(!rewrite_integral_floats(&mut json!({"a": [1, 2.5]})));
        assert_eq!(v["a"], json!(8));
        assert!(v["a"].is_u64());
        assert_eq!(v["b"][0], json!(-3));
        assert_eq!(v["b"][1], json!(2.5));
        assert!(v["c"].is_f64());
        for inexact in [json!(18446744073709551616.0), json!(-9223372036854775809.0)] {
            let mut v = inexact.clone();
            assert!(!rewrite_integral_floats(&mut v));
            assert_eq!(v, inexact);
        }
        let mut exact = json!(-9007199254740992.0);
        assert!(rewrite_integral_floats(&mut exact));
        assert_eq!(exact, json!(-9007199254740992i64));
    }

    #[test]
    fn lists_are_cut_to_their_first_items_for_the_schema_and_objects_kept_whole() {
        let long: Vec<u32> = (0..1000).collect();
        let value = serde_json::json!({"a": long, "b": {"c": [[1, 2, 3], long]}, "d": 7});
        let cut = cut_lists(&value);
        assert_eq!(cut["a"].as_array().unwrap().len(), SCHEMA_ITEMS);
        assert_eq!(cut["a"][SCHEMA_ITEMS - 1], SCHEMA_ITEMS - 1);
        assert_eq!(cut["b"]["c"][0], serde_json::json!([1, 2, 3]));
        assert_eq!(cut["b"]["c"][1].as_array().unwrap().len(), SCHEMA_ITEMS);
        assert_eq!(cut["d"], 7);
    }

    #[test]
    fn direct_child_pointers() {
        assert!(is_direct_child("/action/type", "/action"));
        assert!(is_direct_child("/type", ""));
        assert!(!is_direct_child("/action/sell/0", "/action"));
        assert!(!is_direct_child("/actions", "/action"));
    }
}
