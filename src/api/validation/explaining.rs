//! Schema violations explained: each at the deepest useful pointer, a failed `oneOf` by the variant
//! its tag names, the common errors of a request named once.

use super::MAX_LISTED_ERRORS;
use crate::api::problem::ProblemError;
use jsonschema::error::ValidationErrorKind;
use jsonschema::{ValidationError, Validator};
use serde_json::Value;
use std::collections::BTreeSet;

/// Every schema violation of `value`, explained at the deepest useful pointer.
pub fn schema_errors(validator: &Validator, value: &Value) -> Vec<ProblemError> {
    let mut out = Vec::new();
    for error in validator.iter_errors(value) {
        explain(&error, &mut out);
        if out.len() > MAX_LISTED_ERRORS {
            break;
        }
    }
    dedup(out)
}

fn dedup(errors: Vec<ProblemError>) -> Vec<ProblemError> {
    let mut seen = std::collections::HashSet::new();
    errors
        .into_iter()
        .filter(|e| seen.insert((e.pointer.clone(), e.detail.clone())))
        .collect()
}

/// The longest detail a schema error gets: the validator's messages quote the offending value,
/// which may be most of the body.
const MAX_DETAIL: usize = 300;

/// What a schema error says, without quoting a large value back.
fn describe(error: &ValidationError<'_>) -> String {
    match error.kind() {
        ValidationErrorKind::MaxItems { limit } => {
            format!("more than {limit} items: the rules allow at most {limit} here")
        }
        _ => shorten(error.to_string()),
    }
}

/// `text` with its long quotations shortened (`problem::quoted_briefly`), then cut at
/// [`MAX_DETAIL`] bytes.
pub(super) fn shorten(text: String) -> String {
    let mut text = crate::api::problem::quoted_briefly(text);
    if text.len() > MAX_DETAIL {
        let mut end = MAX_DETAIL;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text.push_str("...");
    }
    text
}

/// A `oneOf` failure says only "not valid under any of the schemas". For a tagged enum or an
/// optional reference, one branch is what the client meant: the one whose tag (or type)
/// matched. Report that branch's errors instead; when no branch matched, say which tag values
/// or types would have.
fn explain(error: &ValidationError<'_>, out: &mut Vec<ProblemError>) {
    let context = match error.kind() {
        ValidationErrorKind::OneOfNotValid { context } | ValidationErrorKind::AnyOf { context } => {
            context
        }
        _ => {
            out.push(ProblemError::new(
                error.instance_path().as_str(),
                describe(error),
            ));
            return;
        }
    };
    let at = error.instance_path().as_str();
    // First the value's type: branches expecting another type are out (e.g. the `null` branch
    // of an optional reference); if every branch expects another type, that is the problem.
    let type_misses: Vec<bool> = context
        .iter()
        .map(|branch| branch.iter().any(|e| is_type_error_at(e, at)))
        .collect();
    if type_misses.iter().all(|&m| m) {
        out.extend(identity_errors(context.iter(), at, &BTreeSet::from([at])));
        return;
    }
    let branches: Vec<&Vec<ValidationError<'static>>> = context
        .iter()
        .zip(&type_misses)
        .filter(|(_, miss)| !**miss)
        .map(|(branch, _)| branch)
        .collect();
    // Then the tag: the direct members holding a constant. Failing there in *every* branch
    // means the tag itself is wrong (unknown); failing in *some* rules those branches out.
    let tags: Vec<BTreeSet<&str>> = branches
        .iter()
        .map(|branch| {
            branch
                .iter()
                .filter(|e| is_tag_error_at(e, at))
                .map(|e| e.instance_path().as_str())
                .collect()
        })
        .collect();
    let all: BTreeSet<&str> = tags.iter().flatten().copied().collect();
    let universal: BTreeSet<&str> = all
        .iter()
        .copied()
        .filter(|p| tags.iter().all(|set| set.contains(p)))
        .collect();
    let candidates: Vec<&Vec<ValidationError<'static>>> = branches
        .iter()
        .zip(&tags)
        .filter(|(_, set)| set.iter().all(|p| universal.contains(p)))
        .map(|(branch, _)| *branch)
        .collect();
    if let [only] = candidates.as_slice() {
        only.iter().for_each(|e| explain(e, out));
    } else if !universal.is_empty() {
        out.extend(identity_errors(branches.into_iter(), at, &universal));
    } else if candidates.is_empty() {
        out.extend(identity_errors(branches.into_iter(), at, &all));
    } else {
        let common = common_errors(&candidates);
        if common.is_empty() {
            out.push(ProblemError::new(at, describe(error)));
        } else {
            common.into_iter().for_each(|e| explain(e, out));
        }
    }
}

/// Errors every plausible branch shares (e.g. a missing tag): certainly real.
fn common_errors<'a>(
    branches: &[&'a Vec<ValidationError<'static>>],
) -> Vec<&'a ValidationError<'static>> {
    let Some((first, rest)) = branches.split_first() else {
        return Vec::new();
    };
    first
        .iter()
        .filter(|e| {
            rest.iter().all(|branch| {
                branch.iter().any(|o| {
                    o.instance_path() == e.instance_path() && o.to_string() == e.to_string()
                })
            })
        })
        .collect()
}

/// The value at `at` has another type than the branch expects.
fn is_type_error_at(error: &ValidationError<'_>, at: &str) -> bool {
    matches!(error.kind(), ValidationErrorKind::Type { .. }) && error.instance_path().as_str() == at
}

/// A direct member of the value (a tag) holds another constant than the branch expects.
fn is_tag_error_at(error: &ValidationError<'_>, at: &str) -> bool {
    matches!(
        error.kind(),
        ValidationErrorKind::Enum { .. } | ValidationErrorKind::Constant { .. }
    ) && is_direct_child(error.instance_path().as_str(), at)
}

pub(super) fn is_direct_child(path: &str, parent: &str) -> bool {
    path.strip_prefix(parent)
        .and_then(|rest| rest.strip_prefix('/'))
        .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'))
}

/// What the branches expected at each of `paths`, merged: `"fly" is not one of "pass", ...`.
fn identity_errors<'a>(
    branches: impl Iterator<Item = &'a Vec<ValidationError<'static>>>,
    at: &str,
    paths: &BTreeSet<&str>,
) -> Vec<ProblemError> {
    // Per pointer: the value found, the types expected and the values expected.
    let mut expected: Vec<(String, Value, Vec<String>, Vec<String>)> = Vec::new();
    let relevant = branches.flatten().filter(|e| {
        (is_type_error_at(e, at) || is_tag_error_at(e, at))
            && paths.contains(e.instance_path().as_str())
    });
    for error in relevant {
        let path = error.instance_path().as_str();
        let index = match expected.iter().position(|(p, ..)| p == path) {
            Some(i) => i,
            None => {
                let instance = error.instance().clone().into_owned();
                expected.push((path.to_string(), instance, Vec::new(), Vec::new()));
                expected.len() - 1
            }
        };
        let (_, _, types, values) = &mut expected[index];
        match error.kind() {
            ValidationErrorKind::Type { kind } => match kind {
                jsonschema::error::TypeKind::Single(t) => push_new(types, t.to_string()),
                jsonschema::error::TypeKind::Multiple(set) => {
                    set.iter().for_each(|t| push_new(types, t.to_string()))
                }
            },
            ValidationErrorKind::Enum { options } => match options.as_ref() {
                Value::Array(options) => {
                    options.iter().for_each(|v| push_new(values, v.to_string()))
                }
                other => push_new(values, other.to_string()),
            },
            ValidationErrorKind::Constant { expected_value } => {
                push_new(values, expected_value.to_string())
            }
            _ => {}
        }
    }
    expected
        .into_iter()
        .map(|(path, instance, types, values)| {
            let detail = if values.is_empty() {
                format!("{instance} is not of type {}", types.join(" or "))
            } else {
                format!("{instance} is not one of {}", values.join(", "))
            };
            ProblemError::new(path, detail)
        })
        .collect()
}

fn push_new(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}
