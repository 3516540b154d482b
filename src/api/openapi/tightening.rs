//! What utoipa leaves loose, tightened over the finished schemas: the variants of tagged enums
//! closed, titled and discriminated by their tag, integers bounded by their format's range;
//! and the tag values read from a union's variants (a game's action type names).

use std::collections::BTreeSet;

use serde_json::Value;
use utoipa::Number;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    AdditionalProperties, ArrayItems, Discriminator, KnownFormat, Object, OneOf, Schema,
    SchemaFormat,
};

use crate::core::Game;

/// utoipa drops `deny_unknown_fields` on internally tagged enums (found by schemathesis, whose
/// check "schema-valid request rejected" failed), so the schema
/// would accept `{"type": "pass", "player": "A", "junk": 1}` that serde refuses. Close every
/// variant object of a tagged `oneOf`, wherever it sits.
pub(super) fn tighten_tagged_enums(schema: &mut RefOr<Schema>) {
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::OneOf(one_of) => {
            let tag = tag_of(one_of);
            for item in one_of.items.iter_mut() {
                if let Some(tag) = &tag
                    && let RefOr::T(Schema::Object(variant)) = item
                {
                    variant.additional_properties =
                        Some(Box::new(AdditionalProperties::FreeForm(false)));
                    // Code generators and Swagger UI name the variant by its tag's value.
                    variant.title = tag_value(variant, tag);
                }
                tighten_tagged_enums(item);
            }
            one_of.discriminator = tag.map(Discriminator::new);
        }
        Schema::AllOf(all_of) => all_of.items.iter_mut().for_each(tighten_tagged_enums),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().for_each(tighten_tagged_enums),
        Schema::Object(object) => {
            object
                .properties
                .values_mut()
                .for_each(tighten_tagged_enums);
            if let Some(extra) = object.additional_properties.as_mut()
                && let AdditionalProperties::RefOr(inner) = extra.as_mut()
            {
                tighten_tagged_enums(inner);
            }
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                tighten_tagged_enums(items);
            }
        }
        _ => {}
    }
}

/// utoipa publishes an integer's width as its `format` but its range only as `minimum: 0` for
/// unsigned types; serde refuses a `u8` of 300, so the schema must too (else schema-based
/// clients and fuzzers send values the server refuses). Add the range the format implies.
pub(super) fn bound_integers(schema: &mut RefOr<Schema>) {
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::Object(object) => {
            if let Some(SchemaFormat::KnownFormat(format)) = &object.format
                && let Some((name, min, max)) = integer_range(format)
            {
                // utoipa spells the unsigned formats `u-int8`...; the registry says `uint8`.
                object.format = Some(SchemaFormat::Custom(name.to_string()));
                object.minimum.get_or_insert(min);
                object.maximum.get_or_insert(max);
            }
            object.properties.values_mut().for_each(bound_integers);
            if let Some(extra) = object.additional_properties.as_mut()
                && let AdditionalProperties::RefOr(inner) = extra.as_mut()
            {
                bound_integers(inner);
            }
        }
        Schema::OneOf(one_of) => one_of.items.iter_mut().for_each(bound_integers),
        Schema::AllOf(all_of) => all_of.items.iter_mut().for_each(bound_integers),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().for_each(bound_integers),
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                bound_integers(items);
            }
        }
        _ => {}
    }
}

/// The registry name and range of an integer format.
fn integer_range(format: &KnownFormat) -> Option<(&'static str, Number, Number)> {
    Some(match format {
        KnownFormat::Int8 => ("int8", i8::MIN.into(), i8::MAX.into()),
        KnownFormat::Int16 => ("int16", i16::MIN.into(), i16::MAX.into()),
        KnownFormat::Int32 => ("int32", i32::MIN.into(), i32::MAX.into()),
        KnownFormat::Int64 => ("int64", i64::MIN.into(), i64::MAX.into()),
        KnownFormat::UInt8 => ("uint8", 0u8.into(), u8::MAX.into()),
        KnownFormat::UInt16 => ("uint16", 0u8.into(), u16::MAX.into()),
        KnownFormat::UInt32 => ("uint32", 0u8.into(), u32::MAX.into()),
        KnownFormat::UInt64 => ("uint64", 0u8.into(), u64::MAX.into()),
        _ => return None,
    })
}

/// A serde internally tagged enum: every variant is an object that requires one same property
/// holding a single constant string.
/// The tag of a serde-tagged enum's `oneOf`: the required property every variant gives one
/// value (`type`, `kind`...); `None` for another union.
fn tag_of(one_of: &OneOf) -> Option<String> {
    let tags: Vec<Option<BTreeSet<&str>>> = one_of
        .items
        .iter()
        .map(|item| match item {
            RefOr::T(Schema::Object(variant)) => Some(
                variant
                    .required
                    .iter()
                    .filter(|name| tag_value(variant, name).is_some())
                    .map(String::as_str)
                    .collect(),
            ),
            _ => None,
        })
        .collect();
    let Some(Some(first)) = tags.first() else {
        return None;
    };
    let common: BTreeSet<&str> = tags.iter().fold(first.clone(), |acc, t| match t {
        Some(t) => acc.intersection(t).copied().collect(),
        None => BTreeSet::new(),
    });
    // The one property every variant fixes: serde's tag (a variant fixing another field too
    // would leave more than one only if every variant did).
    ["type", "kind", "verdict"]
        .into_iter()
        .find(|name| common.contains(name))
        .or_else(|| common.first().copied())
        .map(str::to_string)
}

/// The one value a variant's property `name` may take, if it is a string enum of one.
/// The names of a game's action types: the tag (`type`) of each variant of its action schema,
/// in the order the game declares them.
pub(crate) fn action_type_names<G: Game>() -> Vec<String> {
    let RefOr::T(Schema::OneOf(one_of)) = <G::Action as utoipa::PartialSchema>::schema() else {
        return Vec::new();
    };
    one_of
        .items
        .iter()
        .filter_map(|item| match item {
            RefOr::T(Schema::Object(variant)) => tag_value(variant, "type"),
            _ => None,
        })
        .collect()
}

fn tag_value(variant: &Object, name: &str) -> Option<String> {
    match variant.properties.get(name) {
        Some(RefOr::T(Schema::Object(p))) => match p.enum_values.as_deref() {
            Some([Value::String(value)]) => Some(value.clone()),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};

    use crate::api::openapi::{constant, schema_ref};

    #[test]
    fn only_tagged_enums_are_closed() {
        let variant = |tag: &str| {
            ObjectBuilder::new()
                .property("type", constant(Type::String, json!(tag)))
                .property("n", ObjectBuilder::new().schema_type(Type::Integer))
                .required("type")
        };
        let mut tagged: RefOr<Schema> = OneOfBuilder::new()
            .item(variant("a"))
            .item(variant("b"))
            .into();
        tighten_tagged_enums(&mut tagged);
        let json = serde_json::to_value(&tagged).unwrap();
        assert_eq!(json["oneOf"][0]["additionalProperties"], false);
        assert_eq!(json["oneOf"][1]["additionalProperties"], false);
        // Each variant titled by its tag's value, the union discriminated by the tag.
        assert_eq!(
            (&json["oneOf"][0]["title"], &json["oneOf"][1]["title"]),
            (&json!("a"), &json!("b"))
        );
        assert_eq!(json["discriminator"], json!({"propertyName": "type"}));

        // An optional reference (`oneOf: [$ref, null]`) is left alone.
        let mut optional: RefOr<Schema> = OneOfBuilder::new()
            .item(schema_ref("X"))
            .item(ObjectBuilder::new().schema_type(Type::Null))
            .into();
        let before = serde_json::to_value(&optional).unwrap();
        tighten_tagged_enums(&mut optional);
        assert_eq!(serde_json::to_value(&optional).unwrap(), before);
    }
}
