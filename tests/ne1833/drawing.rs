//! 1833NE's drawing (issue 21.1): the ferries on the map, in their owners' colours, until they
//! leave the game in phase IV (docs/rules/1833ne.md#ferries). The map, tiles, stations and
//! market of every recorded game are counted in tests/render/.

use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::data::components;
use railrules::games::ne1833::state::State;

use crate::adversarial::recorded;

/// The recorded 3-player game at its first state where a ferry is bought, and at its end.
fn with_a_ferry_bought() -> State {
    let (mut state, actions) = recorded("1833ne-greedy-3p-seed-2.json");
    for action in &actions {
        Ne1833::apply(&mut state, action).unwrap();
        if !state.ferries.is_empty() {
            return state.into_state();
        }
    }
    panic!("no ferry bought in the recorded game");
}

/// The `<g class="ferry" ...>` groups of a drawing, each its text up to `</g>`.
fn ferry_groups(svg: &str) -> Vec<&str> {
    svg.match_indices("<g class=\"ferry\"")
        .map(|(at, _)| &svg[at..at + svg[at..].find("</g>").unwrap()])
        .collect()
}

#[test]
fn every_ferry_is_drawn_at_its_port_and_a_bought_one_in_its_owners_colour() {
    let state = with_a_ferry_bought();
    let svg = Ne1833::render(&state).unwrap();
    let groups = ferry_groups(&svg);
    assert_eq!(
        groups.len(),
        state.provisional.ferries.len(),
        "one per ferry"
    );
    let bought = &state.ferries[0];
    let colour = &components()
        .corporations
        .iter()
        .find(|c| c.id == bought.company.to_string())
        .unwrap()
        .color;
    let port = &state
        .provisional
        .ferries
        .iter()
        .find(|f| f.id == bought.ferry)
        .unwrap()
        .port;
    let group = groups
        .iter()
        .find(|g| g.contains(&format!("id=\"ferry-{port}\"")))
        .expect("the bought ferry's group");
    assert!(group.contains(&format!("fill=\"{colour}\"")), "{group}");
    // The others are unowned: white.
    let white = groups
        .iter()
        .filter(|g| g.contains("fill=\"#ffffff\""))
        .count();
    assert_eq!(white, state.provisional.ferries.len() - state.ferries.len());
    // A link to Boston from every port but Boston's own.
    let links = groups.iter().filter(|g| g.contains("<line")).count();
    let away = state
        .provisional
        .ferries
        .iter()
        .filter(|f| f.port != "G22")
        .count();
    assert_eq!(links, away);
}

#[test]
fn no_ferry_is_drawn_from_phase_iv() {
    let mut state = with_a_ferry_bought();
    state.phase = 3;
    assert_eq!(components().phases[3].name, "IV");
    assert!(ferry_groups(&Ne1833::render(&state).unwrap()).is_empty());
}
