//! The OpenAPI 3.1 document, assembled per game from the games' own types.
//!
//! Nothing here names a game: a [`GameVisitor`] adds, for every registered game, its types
//! (state, options, seat, action, event and everything they use) and typed request and response
//! schemas that reference them, plus one concrete path per endpoint (`/v1/<id>/validate`...).
//! The request schemas published here are the very ones the server validates bodies against
//! (see [`standalone_schema`]), so clients and server cannot disagree.
//!
//! This file holds the document's builder ([`build`], the `Collector` that visits the games)
//! and its public functions (the schema names, [`standalone_schema`]). The schemas of the shared
//! bodies are added in `shared`, a game's request and response schemas in `game_schemas` (its
//! import's in `import_schemas`), its paths and their operations in `paths`; `tightening`
//! closes and bounds what utoipa leaves loose.

mod game_schemas;
mod import_schemas;
mod paths;
mod shared;
mod tightening;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};
use utoipa::ToSchema;
use utoipa::openapi::path::{HttpMethod, Operation, PathItem};
use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Schema, Type};
use utoipa::openapi::{
    Components, InfoBuilder, LicenseBuilder, OpenApi, OpenApiBuilder, PathsBuilder, Ref, RefOr, Tag,
};

use super::routes::{Endpoint, SchemaKind};
use crate::core::{Game, GameVisitor};
use crate::registry::visit_games;
use tightening::{bound_integers, tighten_tagged_enums};

pub(crate) use tightening::action_type_names;

const JSON: &str = "application/json";
const JSON_SCHEMA_DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";
const COMPONENT_REF_PREFIX: &str = "#/components/schemas/";

/// The whole document: shared paths, then every game's paths and schemas.
pub fn build() -> OpenApi {
    assemble().0
}

/// Builds the document and returns the schema names that two games define differently
/// (the first definition wins; a test requires this list to be empty).
pub fn schema_name_clashes() -> Vec<String> {
    assemble().1
}

fn assemble() -> (OpenApi, Vec<String>) {
    let mut collector = Collector::default();
    collector.add_shared();
    visit_games(&mut collector);
    for schema in collector.schemas.values_mut() {
        tighten_tagged_enums(schema);
        bound_integers(schema);
    }
    let mut components = Components::new();
    components.schemas = collector.schemas;
    let doc = OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("railrules")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "A stateless rules engine for railroad board games. Send a full game state \
                     and an action: the answer says whether the action is legal, the state that \
                     results and the events it caused. An illegal action is a 200 answer with \
                     `valid: false`; a malformed request is a 400/422 problem+json listing every \
                     problem with its JSON pointer.",
                ))
                .license(Some(
                    LicenseBuilder::new()
                        .name("MIT OR Apache-2.0")
                        .identifier(Some("MIT OR Apache-2.0"))
                        .build(),
                )),
        )
        .paths(collector.paths.build())
        .components(Some(components))
        .tags(Some(collector.tags))
        .build();
    (doc, collector.clashes)
}

/// The document as pretty JSON with a trailing newline: the body of `GET /openapi.json`, the
/// output of `railrules openapi` and the content of openapi/openapi.json.
pub fn to_pretty_json(doc: &OpenApi) -> String {
    let mut text = doc.to_pretty_json().unwrap_or_else(|_| "{}".to_string());
    text.push('\n');
    text
}

/// The component schemas as plain JSON, the input of [`standalone_schema`].
pub fn components_json(doc: &OpenApi) -> Map<String, Value> {
    doc.components
        .as_ref()
        .and_then(|c| serde_json::to_value(&c.schemas).ok())
        .and_then(|v| match v {
            Value::Object(map) => Some(map),
            _ => None,
        })
        .unwrap_or_default()
}

/// The prefix of a game's schema names: its state's name without `State`
/// (`RailroadBaronsState` -> `RailroadBarons`), so our request types sit next to the game's.
pub fn schema_prefix<G: Game>() -> String {
    let state = <G::State as ToSchema>::name();
    match state.strip_suffix("State") {
        Some(prefix) if !prefix.is_empty() => prefix.to_string(),
        _ => camel_case(G::ID),
    }
}

/// `railroad-barons` -> `RailroadBarons`: the fallback prefix when the state is not `<X>State`.
fn camel_case(id: &str) -> String {
    id.split(|c: char| !c.is_ascii_alphanumeric())
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

pub fn request_schema_name<G: Game>(endpoint: Endpoint) -> String {
    format!("{}{}Request", schema_prefix::<G>(), endpoint.schema_stem())
}

fn response_schema_name<G: Game>(endpoint: Endpoint) -> String {
    format!("{}{}Response", schema_prefix::<G>(), endpoint.schema_stem())
}

/// The component name of a game type served by `GET /v1/<id>/schema/<kind>`.
pub fn kind_schema_name<G: Game>(kind: SchemaKind) -> String {
    match kind {
        SchemaKind::State => <G::State as ToSchema>::name(),
        SchemaKind::Action => <G::Action as ToSchema>::name(),
        SchemaKind::Event => <G::Event as ToSchema>::name(),
    }
    .into_owned()
}

/// A self-contained JSON Schema (draft 2020-12) for component `name`: the component itself at
/// the root and every schema it references under `$defs`, with `$ref`s rewritten to point there.
/// Used both for `GET /v1/<id>/schema/...` and to validate request bodies.
pub fn standalone_schema(components: &Map<String, Value>, name: &str) -> Value {
    let mut defs = Map::new();
    let mut pending = vec![name.to_string()];
    let mut seen = BTreeSet::new();
    while let Some(next) = pending.pop() {
        if !seen.insert(next.clone()) {
            continue;
        }
        let Some(schema) = components.get(&next) else {
            continue;
        };
        let mut schema = schema.clone();
        rewrite_refs(&mut schema, &mut pending);
        defs.insert(next, schema);
    }
    json!({
        "$schema": JSON_SCHEMA_DIALECT,
        "$ref": format!("#/$defs/{name}"),
        "$defs": defs,
    })
}

/// Points component `$ref`s at `$defs` and notes each referenced name.
fn rewrite_refs(value: &mut Value, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key == "$ref"
                    && let Value::String(target) = v
                    && let Some(name) = target.strip_prefix(COMPONENT_REF_PREFIX)
                {
                    found.push(name.to_string());
                    *target = format!("#/$defs/{name}");
                } else {
                    rewrite_refs(v, found);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rewrite_refs(v, found)),
        _ => {}
    }
}

/// Builds the document while visiting the games.
#[derive(Default)]
struct Collector {
    paths: PathsBuilder,
    schemas: BTreeMap<String, RefOr<Schema>>,
    tags: Vec<Tag>,
    clashes: Vec<String>,
}

impl Collector {
    /// Adds `T`'s schema and all the schemas it references.
    fn add_type<T: ToSchema>(&mut self) {
        self.add_schema(T::name().into_owned(), T::schema());
        let mut dependencies = Vec::new();
        T::schemas(&mut dependencies);
        for (name, schema) in dependencies {
            self.add_schema(name, schema);
        }
    }

    /// Two games must not publish different schemas under one name; the first one wins and the
    /// clash is recorded for [`schema_name_clashes`].
    fn add_schema(&mut self, name: String, schema: RefOr<Schema>) {
        if let Some(existing) = self.schemas.get(&name) {
            if *existing != schema {
                tracing::error!(schema = %name, "two different schemas share this name");
                self.clashes.push(name);
            }
            return;
        }
        self.schemas.insert(name, schema);
    }

    fn add_path(&mut self, path: &str, method: HttpMethod, operation: Operation) {
        let paths = std::mem::take(&mut self.paths);
        self.paths = paths.path(path, PathItem::new(method, operation));
    }
}

impl GameVisitor for Collector {
    fn visit<G: Game>(&mut self) {
        self.add_game_schemas::<G>();
        self.describe_bodies::<G>();
        self.add_game_paths::<G>();
    }
}

/// An object that refuses unknown properties, as our request and response types do.
fn strict_object() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
}

/// A single-value enum, i.e. a constant.
fn constant(schema_type: Type, value: Value) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(schema_type)
        .enum_values(Some([value]))
}

fn schema_ref(name: &str) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(name))
}

fn type_ref<T: ToSchema>() -> RefOr<Schema> {
    schema_ref(&T::name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_come_from_the_state_name_or_the_id() {
        assert_eq!(camel_case("railroad-barons"), "RailroadBarons");
        assert_eq!(camel_case("rotw-solo"), "RotwSolo");
        assert_eq!(camel_case("1833ne"), "1833ne");
    }

    #[test]
    fn standalone_schemas_pull_in_their_references_only() {
        let components = serde_json::from_value(json!({
            "A": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/B"}}},
            "B": {"type": "array", "items": {"$ref": "#/components/schemas/C"}},
            "C": {"type": "integer"},
            "D": {"type": "string"},
        }))
        .unwrap();
        let schema = standalone_schema(&components, "A");
        assert_eq!(schema["$ref"], "#/$defs/A");
        let defs = schema["$defs"].as_object().unwrap();
        assert_eq!(defs.keys().collect::<Vec<_>>(), ["A", "B", "C"]);
        assert_eq!(defs["B"]["items"]["$ref"], "#/$defs/C");
    }
}
