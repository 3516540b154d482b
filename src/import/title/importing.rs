//! Importing an export: each action translated, the flow rules' actions inserted, every action
//! replayed and, with a trace, its figures compared.

use super::{
    Failure, Illegal, Imported, MAX_INSERTED_IN_A_ROW, Origin, Seats, Step, Title, untranslatable,
};
use crate::core::save::{SaveFile, SaveSetup, SiteEnd, SitePlayer, SiteRecord};
use crate::core::{Checked, Deadline};
use crate::import::export_18xx::{Export, ImportError, Played, SiteJson};
use crate::import::trace::{Divergence, Trace, differences};
use serde_json::Value;

/// The driver's state while importing: the game, the ledger, the save's actions so far.
pub(super) struct Importer<G: Title> {
    /// The state after setup, from which `actions` lead to `state`.
    pub(super) start: Checked<G>,
    pub(super) state: Checked<G>,
    pub(super) ledger: G::Ledger,
    pub(super) actions: Vec<G::Action>,
    /// Where each action came from, when the import is written (a check counts only).
    pub(super) origins: Option<Vec<Origin>>,
    pub(super) imported: usize,
    pub(super) inserted: usize,
    pub(super) dropped: usize,
}

impl<G: Title> Importer<G> {
    fn apply(
        &mut self,
        action: G::Action,
        pointer: &str,
        rule: Option<&'static str>,
        site: Option<&SiteJson>,
    ) -> Result<(), Failure> {
        if let Err(violation) = self
            .state
            .apply_replaying(&action, &self.start, &self.actions)
        {
            return Err(Failure::Illegal(Box::new(Illegal {
                pointer: pointer.to_string(),
                rule,
                index: self.actions.len(),
                action: serde_json::to_value(&action).unwrap_or(Value::Null),
                violation,
            })));
        }
        G::observe(&mut self.ledger, &action, site, &self.state);
        self.actions.push(action);
        if let Some(origins) = &mut self.origins {
            origins.push(Origin {
                pointer: pointer.to_string(),
                rule,
            });
        }
        Ok(())
    }
}

/// An export replayed: the options and seed it was set up with, and the importer at its end.
pub(super) struct Replayed<G: Title> {
    pub(super) options: G::Options,
    pub(super) seed: u64,
    pub(super) importer: Importer<G>,
}

/// What the export names that railrules' game does not carry: its id, description, players,
/// settings, and an end its players made (`over`: whether the rules ended the game).
fn origin_of(export: &Export, over: bool) -> SiteRecord {
    let finished = export.status.as_deref() == Some("finished");
    SiteRecord {
        settings: export.settings_written(),
        ended: (finished && !over).then(|| SiteEnd {
            game_end_reason: export.game_end_reason.clone(),
            result: export.result.clone(),
        }),
        id: export.id.clone(),
        description: export.description.clone(),
        players: export
            .players
            .iter()
            .map(|p| SitePlayer {
                id: p.id.clone(),
                name: p.name.clone(),
            })
            .collect(),
    }
}

/// Reads an export of `G`'s title into a railrules save file (with the final state).
pub fn import<G: Title>(export: &Export) -> Result<Imported<G>, Failure> {
    let Replayed {
        options,
        seed,
        importer,
    } = replay::<G>(export, true, None)?;
    let state = importer.state.into_state();
    let save = SaveFile {
        game: G::ID.to_string(),
        rules_version: G::RULES_VERSION.to_string(),
        setup: SaveSetup {
            options: Some(serde_json::to_value(&options).unwrap_or(Value::Null)),
            seed,
        },
        actions: importer
            .actions
            .iter()
            .map(|a| serde_json::to_value(a).unwrap_or(Value::Null))
            .collect(),
        state: Some(serde_json::to_value(&state).unwrap_or(Value::Null)),
        origin: Some(origin_of(export, G::is_over(&state))),
    };
    Ok(Imported {
        save,
        state,
        imported: importer.imported,
        inserted: importer.inserted,
        dropped: importer.dropped,
        origins: importer.origins.unwrap_or_default(),
    })
}

/// Sets up and imports every action of an export (and what flow rules insert after its last).
pub(super) fn replay<G: Title>(
    export: &Export,
    origins: bool,
    trace: Option<&Trace>,
) -> Result<Replayed<G>, Failure> {
    replay_played::<G>(export, origins, trace, || export.played())
}

/// [`replay`], with the actions the engine plays read by `played` (when the export's other
/// fields have been read: their errors come first).
pub(super) fn replay_played<'a, G: Title>(
    export: &Export,
    origins: bool,
    trace: Option<&Trace>,
    played: impl FnOnce() -> Result<Vec<Played<'a>>, ImportError>,
) -> Result<Replayed<G>, Failure> {
    if export.title != G::TITLE {
        return Err(untranslatable(
            "/title",
            format!("an export of `{}`, not of {}", export.title, G::TITLE),
        ));
    }
    let seats = Seats::of(export);
    let options = G::options(export)?;
    let seed = export.seed()?;
    let played = played()?;
    let state = G::setup(&options, seed).map_err(Failure::SetupRefused)?;
    let mut importer = Importer::<G> {
        ledger: G::ledger(&state),
        start: state.clone(),
        state,
        actions: Vec::new(),
        origins: origins.then(Vec::new),
        imported: 0,
        inserted: 0,
        dropped: 0,
    };
    let deadline = Deadline::current();
    let mut tracer = Tracer {
        trace,
        seats: &seats,
        pending: None,
    };
    // Each action of the export is let go once imported (while its memory is still at hand).
    let mut played = played.into_iter().peekable();
    while let Some(action) = played.next() {
        if deadline.passed() {
            return Err(Failure::DeadlinePassed);
        }
        let next = played.peek();
        import_one(&mut importer, &seats, &action, next, &mut |state| {
            tracer.settle::<G>(state)
        })?;
        let index = log_index(&action.pointer);
        if next.is_none_or(|n| log_index(&n.pointer) != index) {
            tracer.after::<G>(index, &action.pointer, importer.state.state())?;
        }
    }
    for _ in 0..MAX_INSERTED_IN_A_ROW {
        let Some((action, rule)) = G::after_last(&seats, &importer.ledger, &importer.state) else {
            break;
        };
        importer.apply(action, "/actions", Some(rule), None)?;
        importer.inserted += 1;
    }
    tracer.settle::<G>(importer.state.state())?;
    Ok(Replayed {
        options,
        seed,
        importer,
    })
}

/// The place in the export's log of the action at `pointer` (`/actions/12`, or
/// `/actions/12/auto_actions/0`: 12).
fn log_index(pointer: &str) -> Option<usize> {
    pointer
        .strip_prefix("/actions/")?
        .split('/')
        .next()?
        .parse()
        .ok()
}

/// Compares railrules' figures with a trace's as an export is replayed (see [`super::trace`]).
struct Tracer<'t> {
    trace: Option<&'t Trace>,
    seats: &'t Seats,
    /// The row that differed right after its action, to compare again before the next one.
    pending: Option<(&'t crate::import::trace::TraceRow, Divergence)>,
}

impl<'t> Tracer<'t> {
    /// After the export's action `index` (its last automatic one included). A row still
    /// pending is settled first, unless this action changed none of the engine's figures (a
    /// pass the importer left out): then it waits for the next translated action. Where this
    /// action had no translation of its own (the flow rules inserted what the site did before
    /// it and what it did itself), the pending row is met if this row is.
    fn after<G: Title>(
        &mut self,
        index: Option<usize>,
        pointer: &str,
        state: &G::State,
    ) -> Result<(), Failure> {
        let (Some(trace), Some(index)) = (self.trace, index) else {
            return Ok(());
        };
        let (Some(row), Some(figures)) = (trace.after(index), G::figures(state)) else {
            return Ok(());
        };
        if let Some((pending, _)) = &self.pending {
            let unchanged = pending.players == row.players
                && pending.corps == row.corps
                && pending.prices == row.prices
                && pending.bank == row.bank;
            if unchanged {
                return Ok(());
            }
            let found = differences(row, &figures, self.seats);
            if found.is_empty() {
                self.pending = None;
                return Ok(());
            }
            self.settle::<G>(state)?;
        }
        let found = differences(row, &figures, self.seats);
        self.pending = (!found.is_empty()).then(|| {
            let pointer = pointer
                .split("/auto_actions")
                .next()
                .unwrap_or(pointer)
                .to_string();
            (
                row,
                Divergence {
                    pointer,
                    differences: found,
                },
            )
        });
        Ok(())
    }

    /// Before the export's next translated action (after what the flow rules inserted), and at
    /// the end: a row that differed after its action and still differs is the divergence.
    fn settle<G: Title>(&mut self, state: &G::State) -> Result<(), Failure> {
        let Some((row, divergence)) = self.pending.take() else {
            return Ok(());
        };
        let Some(figures) = G::figures(state) else {
            return Ok(());
        };
        if differences(row, &figures, self.seats).is_empty() {
            return Ok(());
        }
        Err(Failure::FiguresDiffer(Box::new(divergence)))
    }
}

/// Imports one action of the export, with the actions flow rules insert before it.
fn import_one<G: Title>(
    importer: &mut Importer<G>,
    seats: &Seats,
    played: &Played,
    next: Option<&Played>,
    settle: &mut dyn FnMut(&G::State) -> Result<(), Failure>,
) -> Result<(), Failure> {
    for _ in 0..=MAX_INSERTED_IN_A_ROW {
        let step = G::import_step(seats, &mut importer.ledger, &importer.state, played, next)?;
        if matches!(step, Step::Translate(..)) {
            settle(importer.state.state())?;
        }
        match step {
            Step::Translate(action) => {
                importer.apply(action, &played.pointer, None, Some(&played.action))?;
                G::confirm(&importer.ledger, played, &importer.state)?;
                importer.imported += 1;
                return Ok(());
            }
            Step::Insert(action, rule) => {
                importer.apply(action, &played.pointer, Some(rule), None)?;
                importer.inserted += 1;
            }
            Step::Drop(_) => {
                importer.dropped += 1;
                return Ok(());
            }
        }
    }
    Err(untranslatable(
        played.pointer.clone(),
        format!("the flow rules imply more than {MAX_INSERTED_IN_A_ROW} actions before this one"),
    ))
}
