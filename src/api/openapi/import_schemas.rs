//! The schemas of a game's `import`: an 18xx.games export in, a save file out (with its
//! `origin`).

use utoipa::openapi::schema::{ArrayBuilder, KnownFormat, ObjectBuilder, SchemaFormat, Type};

use super::{Collector, request_schema_name, response_schema_name, strict_object, type_ref};
use crate::api::routes::Endpoint;
use crate::core::Game;

impl Collector {
    /// `import`: an 18xx.games export in (the site's format, read loosely: only the fields
    /// named are used), a save file out.
    pub(super) fn add_import_schemas<G: Game>(&mut self) {
        let count = |description: &str| {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::UInt64)))
                .description(Some(description.to_string()))
        };
        let object = |description: &str| {
            ObjectBuilder::new()
                .schema_type(Type::Object)
                .description(Some(description.to_string()))
        };
        let request = ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "An 18xx.games export (its game data), as the site writes it; fields not named \
                 here are ignored.",
            ))
            .property(
                "id",
                ObjectBuilder::new().description(Some(
                    "The game's id (a number, or a string for hotseat games): its first digits \
                     are the seed when `settings.seed` is absent.",
                )),
            )
            .property(
                "title",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some("The game's title on the site (`1833NE`).")),
            )
            .property(
                "players",
                ArrayBuilder::new().items(
                    object("A player: `id` (else `name`) names it in actions and `result`.")
                        .property("id", ObjectBuilder::new())
                        .property("name", ObjectBuilder::new().schema_type(Type::String))
                        .required("name"),
                ),
            )
            .property(
                "settings",
                object("`seed` and `optional_rules`, and for 1833NE `provisional`."),
            )
            .property(
                "actions",
                ArrayBuilder::new()
                    .items(object("An action as the site records it."))
                    .max_items(Some(crate::import::export_18xx::MAX_ACTIONS)),
            )
            .property(
                "result",
                object("Each player's final value, by player id.")
                    .additional_properties(Some(ObjectBuilder::new().schema_type(Type::Integer))),
            )
            .required("id")
            .required("title")
            .required("players")
            .required("actions");
        self.add_schema(request_schema_name::<G>(Endpoint::Import), request.into());
        let save = object(
            "A railrules save file: `{game, rules_version, setup: {options, seed}, actions, \
             state, origin}`, `state` the final one, `origin` the export's id, players and \
             settings.",
        )
        .property("game", ObjectBuilder::new().schema_type(Type::String))
        .property(
            "rules_version",
            ObjectBuilder::new().schema_type(Type::String),
        )
        .property(
            "setup",
            object("The options and seed.")
                .property("options", type_ref::<G::Options>())
                .property("seed", count("The seed.")),
        )
        .property(
            "actions",
            ArrayBuilder::new().items(type_ref::<G::Action>()),
        )
        .property("state", type_ref::<G::State>())
        .property("origin", origin_schema())
        .required("game")
        .required("rules_version")
        .required("setup")
        .required("actions");
        let response = strict_object()
            .property("save", save)
            .property("imported", count("Actions of the export translated."))
            .property("inserted", count("Actions inserted by flow rules."))
            .property(
                "dropped",
                count("Actions of the export left out by flow rules."),
            )
            .required("save")
            .required("imported")
            .required("inserted")
            .required("dropped");
        self.add_schema(response_schema_name::<G>(Endpoint::Import), response.into());
    }
}

/// A save file's `origin` (core::save::SiteRecord): the export it was imported from, as far as
/// the game does not carry it.
fn origin_schema() -> ObjectBuilder {
    let string = || ObjectBuilder::new().schema_type(Type::String);
    let player = strict_object()
        .description(Some(
            "A player of the export, in seat order: its id there and name.",
        ))
        .property("id", ObjectBuilder::new())
        .property("name", string())
        .required("name");
    strict_object()
        .description(Some(
            "The export a save was imported from: its id, description and players, which \
             `export` writes back.",
        ))
        .property("id", ObjectBuilder::new())
        .property("description", string())
        .property("players", ArrayBuilder::new().items(player))
        .required("id")
        .required("players")
}
