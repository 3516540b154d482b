//! The game's log: each event as one line of English that names its figures, in the words of
//! docs/rules/rotw-solo.md (link, open track, Railbot, Operations card, Major Line, Duel Baron).
//!
//! Cities, cards, Major Lines and Barons are named by their index, as in actions and states
//! ("city 4", "Railbot card 12"); hexes by their axial coordinates, "(q, r)". Money is in
//! thousands of dollars throughout the game, so it reads "$12k".

use super::data::GoodsColour;
use super::event::{Event, RemovalReason, Score};
use super::map::Hex;
use super::state::Owner;

/// The event's line.
#[expect(clippy::too_many_lines, reason = "one arm per event, each its line")]
pub fn text(event: &Event) -> String {
    match event {
        Event::TrackLaid { hex, cost } => {
            format!(
                "The player lays track on {} for {}",
                hex_name(*hex),
                money(*cost)
            )
        }
        Event::LinkBuilt {
            by,
            cities,
            hexes,
            cost,
        } => format!(
            "{} links city {} and city {} through {} for {}",
            capitalised(owner(*by)),
            cities[0],
            cities[1],
            hex_list(hexes),
            money(*cost)
        ),
        Event::OpenTrackRemoved { hexes } => {
            format!("The open track on {} is removed", hex_list(hexes))
        }
        Event::CityUrbanized {
            city,
            colour,
            cubes,
        } => format!(
            "The player urbanizes city {city} as {colour_name}, which draws {}",
            cube_list(cubes),
            colour_name = goods(*colour)
        ),
        Event::EngineUpgraded { level, cost } => format!(
            "The player upgrades the engine to level {level} for {}",
            money(*cost)
        ),
        Event::CubeDelivered {
            colour,
            route,
            points,
        } => format!(
            "The player delivers a {} cube along cities {} for {}",
            goods(*colour),
            list(route.iter().map(|c| c.to_string())),
            in_points(*points)
        ),
        Event::CubeRemoved {
            city,
            colour,
            reason,
        } => format!(
            "A {} cube leaves city {city} ({})",
            goods(*colour),
            removal(*reason)
        ),
        Event::CityEmptied { city, markers } => {
            format!("City {city} is empty and gets an Empty City Marker ({markers} on the map)")
        }
        Event::PointsScored { points, reason } => {
            format!(
                "The player scores {} ({reason})",
                in_points(i64::from(*points))
            )
        }
        Event::PointsLost { points, reason } => {
            format!(
                "The player loses {} ({reason})",
                in_points(i64::from(*points))
            )
        }
        Event::OperationsCardTaken { card } => {
            format!("The player takes Operations card {card}")
        }
        Event::OperationsCardDealt { card } => {
            format!("Operations card {card} joins the display")
        }
        Event::OperationsCardDiscarded { card } => {
            format!("Operations card {card} leaves the display")
        }
        Event::ServiceBountyClaimed { card, points } => format!(
            "The player wins the Service Bounty of Operations card {card}, worth {}",
            in_points(i64::from(*points))
        ),
        Event::HotelGained { city } => format!("The player gains a Hotel in city {city}"),
        Event::NewIndustry { city, cubes } => {
            format!("New Industry: city {city} draws {}", cube_list(cubes))
        }
        Event::InsurancePlaced { slot } => {
            format!("The player places the Insurance on row card {slot}")
        }
        Event::InsuranceUsed { card } => {
            format!("The Insurance on Railbot card {card} cancels it and returns to the player")
        }
        Event::RailbotCardDrawn { card } => format!("The Railbot draws card {card}"),
        Event::RailbotCardResolved { card, slot } => {
            format!("The Railbot resolves card {card} in row slot {slot}")
        }
        Event::DeadheadPlaced { card } => {
            format!("Deadhead: Railbot card {card} takes the far place of the Operations display")
        }
        Event::TaxationPaid { amount } => format!("The player pays {} in Taxation", money(*amount)),
        Event::MajorLineClaimed { line, by } => {
            format!("{} claims Major Line {line}", capitalised(owner(*by)))
        }
        Event::DuelBaronClaimed { baron, by } => {
            format!("{} claims Duel Baron {baron}", capitalised(owner(*by)))
        }
        Event::BondIssued { bonds, cash } => format!(
            "The player issues {bonds} {} for {}",
            if *bonds == 1 { "bond" } else { "bonds" },
            money(*cash)
        ),
        Event::IncomeCollected { income, interest } => income_line(*income, *interest),
        Event::EndTriggered { reason, last_turn } => {
            format!("The end is triggered ({reason}): turn {last_turn} is the last")
        }
        Event::TurnStarted { turn } => format!("Turn {turn} begins"),
        Event::GameEnded { score } => final_score(score),
    }
}

fn money(thousands: u32) -> String {
    format!("${thousands}k")
}

fn hex_name(hex: Hex) -> String {
    format!("({}, {})", hex.q, hex.r)
}

/// Items joined by commas; "none" for no item, so that the line still reads.
fn list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

fn hex_list(hexes: &[Hex]) -> String {
    list(hexes.iter().map(|h| hex_name(*h)))
}

fn goods(colour: GoodsColour) -> &'static str {
    match colour {
        GoodsColour::Red => "red",
        GoodsColour::Blue => "blue",
        GoodsColour::Black => "black",
        GoodsColour::Yellow => "yellow",
        GoodsColour::Purple => "purple",
    }
}

/// The cubes drawn from the bag: "red and blue cubes", "no cube" when the bag was empty.
fn cube_list(cubes: &[GoodsColour]) -> String {
    match cubes {
        [] => "no cube".to_string(),
        [one] => format!("a {} cube", goods(*one)),
        [first @ .., last] => format!(
            "{} and {} cubes",
            list(first.iter().map(|c| goods(*c).to_string())),
            goods(*last)
        ),
    }
}

fn owner(owner: Owner) -> &'static str {
    match owner {
        Owner::Player => "the player",
        Owner::Railbot => "the Railbot",
    }
}

fn capitalised(phrase: &str) -> String {
    let mut chars = phrase.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn removal(reason: RemovalReason) -> &'static str {
    match reason {
        RemovalReason::BuildingLinks => "the Railbot's Building Links",
        RemovalReason::ExhaustGoods => "the Railbot's Exhaust Goods",
        RemovalReason::OpponentEffect => "a Duel Baron's opponent effect",
    }
}

/// A negative income is paid (docs/rules/rotw-solo.md#turn); the line names the income track's
/// value with its sign, and what it costs.
fn income_line(income: i64, interest: u32) -> String {
    if income >= 0 {
        format!(
            "Income: the player collects ${income}k and pays {} interest",
            money(interest)
        )
    } else {
        format!(
            "Income: the player pays ${}k (an income of {income}) and {} interest",
            income.unsigned_abs(),
            money(interest)
        )
    }
}

fn in_points(n: i64) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

fn final_score(score: &Score) -> String {
    format!(
        "The game ends: {} points less {} for {} bonds make {}, against a target of {}: {}",
        score.points,
        score.bond_penalty,
        score.bonds,
        score.total,
        score.target,
        if score.won {
            "the player wins"
        } else {
            "the player loses"
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonds_are_named_with_their_cash() {
        // docs/rules/rotw-solo.md#money: bonds are $5k each.
        let event = Event::BondIssued { bonds: 2, cash: 10 };
        assert_eq!(text(&event), "The player issues 2 bonds for $10k");
    }

    #[test]
    fn income_reads_the_income_track_either_side_of_zero() {
        // The income track: 9 at 30 points; -4 at 160 points and beyond; $1k interest a bond.
        let at_30 = Event::IncomeCollected {
            income: 9,
            interest: 2,
        };
        assert_eq!(
            text(&at_30),
            "Income: the player collects $9k and pays $2k interest"
        );
        let at_160 = Event::IncomeCollected {
            income: -4,
            interest: 1,
        };
        assert_eq!(
            text(&at_160),
            "Income: the player pays $4k (an income of -4) and $1k interest"
        );
    }

    #[test]
    fn taxation_is_double_the_income() {
        // At 14 points the income is 7 (p/2): Taxation takes $14k.
        let event = Event::TaxationPaid { amount: 14 };
        assert_eq!(text(&event), "The player pays $14k in Taxation");
    }

    #[test]
    fn the_final_score_is_points_less_one_a_bond_against_the_target() {
        // #end: points minus one per bond; won at the target (125) or above.
        let event = Event::GameEnded {
            score: Score {
                points: 130,
                bonds: 3,
                bond_penalty: 3,
                total: 127,
                target: 125,
                won: true,
            },
        };
        assert_eq!(
            text(&event),
            "The game ends: 130 points less 3 for 3 bonds make 127, against a target of 125: the player wins"
        );
    }

    #[test]
    fn urbanize_names_the_city_its_colour_and_the_two_cubes_drawn() {
        // #urbanize: two cubes from the front of the bag onto the city.
        let event = Event::CityUrbanized {
            city: 3,
            colour: GoodsColour::Blue,
            cubes: vec![GoodsColour::Blue, GoodsColour::Red],
        };
        assert_eq!(
            text(&event),
            "The player urbanizes city 3 as blue, which draws blue and red cubes"
        );
    }

    #[test]
    fn insurance_reads_as_lines_too() {
        // Not met in examples/savegames.
        assert_eq!(
            text(&Event::InsurancePlaced { slot: 2 }),
            "The player places the Insurance on row card 2"
        );
        assert_eq!(
            text(&Event::InsuranceUsed { card: 5 }),
            "The Insurance on Railbot card 5 cancels it and returns to the player"
        );
    }
}
