//! The game's log: each event as one line of English that names its figures, in the words of
//! docs/rules/russian-railroads-american.md (track, railroad, special space, industry marker,
//! locomotive, factory, steelworks, stocks board, dividend token, engineer).
//!
//! Seats are written as their JSON ids (`P1`...), spaces of the main board by their ids
//! (`black_1`), and railroads, industry tracks, tokens and cards by their index, the only name
//! an event carries ("railroad 0", "industry track 1"); locomotive, factory and engineer tiles by
//! their printed number ("locomotive #4", "engineer #7").

use super::data::{Colour, StartingBonus};
use super::event::{Event, FinalScore, RoundScore};
use super::state::Seat;

/// The event's line.
#[expect(clippy::too_many_lines, reason = "one arm per event, each its line")]
pub fn text(event: &Event) -> String {
    match event {
        Event::StartingBonusTaken { seat, bonus } => {
            format!("{seat} takes the {} starting bonus", starting_bonus(*bonus))
        }
        Event::WorkersPlaced {
            seat,
            space,
            workers,
            coins,
        } => format!(
            "{seat} places {} on {space}, paying {}",
            count(u32::from(*workers), "worker", "workers"),
            count(u32::from(*coins), "coin", "coins")
        ),
        Event::Passed { seat, points } => format!(
            "{seat} passes and scores {} from the back of their turn-order card",
            points_of(*points)
        ),
        Event::TrackAdvanced {
            seat,
            railroad,
            colour,
            space,
        } => format!(
            "{seat}'s {} track advances to space {space} of railroad {railroad}",
            colour_name(*colour)
        ),
        Event::ColorUnlocked { seat, colour } => {
            format!("{seat} unlocks {} track", colour_name(*colour))
        }
        Event::SpecialSpaceMet {
            seat,
            railroad,
            space,
        } => format!("{seat} meets the special space {space} of railroad {railroad}"),
        Event::BoulderDetonated {
            seat,
            railroad,
            industry_track,
        } => detonated(*seat, *railroad, *industry_track),
        Event::PointsScored {
            seat,
            points,
            reason,
        } => format!("{seat} scores {} ({reason})", points_of(*points)),
        Event::CoinsTaken { seat, coins } => {
            format!("{seat} takes {}", count(u32::from(*coins), "coin", "coins"))
        }
        Event::WorkerGained {
            seat,
            temporary,
            workers,
        } => format!(
            "{seat} gains {}{}",
            count(u32::from(*workers), "worker", "workers"),
            if *temporary {
                " for the round"
            } else {
                " for good"
            }
        ),
        Event::QuestionTokenSpent { seat, token } => {
            format!("{seat} spends \"?\" token {token}")
        }
        Event::EndBonusCardDrawn { seat } => format!("{seat} draws an end-bonus card"),
        Event::DoublerPlaced {
            seat,
            railroad,
            space,
        } => format!("{seat} places a doubler on space {space} of railroad {railroad}"),
        Event::LocomotiveTaken {
            seat,
            number,
            railroad,
            replaced,
        } => format!(
            "{seat} puts locomotive #{number} on railroad {railroad}{}",
            replacing("locomotive", *replaced)
        ),
        Event::LocomotiveReturned { seat, number } => {
            format!("{seat} returns locomotive #{number} to the supply as a factory")
        }
        Event::FactoryBuilt {
            seat,
            number,
            track,
            gap,
            replaced,
        } => format!(
            "{seat} builds {} in gap {gap} of industry track {track}{}",
            factory(*number),
            replacing("factory", *replaced)
        ),
        Event::IndustryAdvanced { seat, track, space } => {
            format!("{seat}'s industry marker on industry track {track} advances to space {space}")
        }
        Event::FactoryFired {
            seat,
            track,
            number,
        } => format!(
            "{seat}'s industry marker fires {} on industry track {track}",
            factory(*number)
        ),
        Event::TurnOrderClaimed { seat, place } => {
            format!("{seat} claims place {place} of the next turn order")
        }
        Event::EngineerUsed { seat, engineer } => format!("{seat} uses engineer #{engineer}"),
        Event::EngineerHired { seat, engineer } => format!("{seat} hires engineer #{engineer}"),
        Event::CoinSpaceUsed {
            seat,
            railroad,
            space,
        } => format!("{seat} pays a coin for the coin space {space} of railroad {railroad}"),
        Event::StockAdvanced { seat, level, first } => format!(
            "{seat}'s stock marker moves up to level {level}{}",
            if *first { ", the first there" } else { "" }
        ),
        Event::DividendTokenTaken { seat, level, token } => {
            format!("{seat} takes dividend token {token} for level {level}")
        }
        Event::Payout {
            seat,
            general,
            tokens,
        } => format!(
            "{seat} receives a {} payout: {}",
            if *general { "general" } else { "personal" },
            dividend_tokens(tokens)
        ),
        Event::SteelworksTaken { seat, steelworks } => {
            format!("{seat} takes steelworks {steelworks}")
        }
        Event::SteelworksDiscarded { seat, steelworks } => {
            format!("{seat} discards steelworks {steelworks}")
        }
        Event::RoundScored { round, scores } => format!(
            "Round {round} is scored: {}",
            list(scores.iter().map(round_score))
        ),
        Event::EngineerLeft { engineer } => {
            format!("Engineer #{engineer} leaves the game unhired")
        }
        Event::RoundStarted { round, turn_order } => format!(
            "Round {round} begins, in the turn order {}",
            seats(turn_order)
        ),
        Event::GameEnded { scores, winners } => format!(
            "The game ends: {}; {}",
            list(scores.iter().map(final_score)),
            winners_line(winners)
        ),
    }
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

fn seats(seats: &[Seat]) -> String {
    list(seats.iter().map(|s| s.to_string()))
}

fn numbers(values: &[u32]) -> String {
    list(values.iter().map(|v| v.to_string()))
}

/// "1 coin", "2 coins".
fn count(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn points_of(n: u32) -> String {
    count(n, "point", "points")
}

fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "black",
        Colour::Grey => "grey",
        Colour::Brown => "brown",
        Colour::Natural => "natural",
        Colour::White => "white",
    }
}

/// The bonus as its JSON id reads in words (`black_track` as "black track").
fn starting_bonus(bonus: StartingBonus) -> &'static str {
    match bonus {
        StartingBonus::Coin => "coin",
        StartingBonus::BlackTrack => "black track",
        StartingBonus::Industry => "industry",
        StartingBonus::Doubler => "doubler",
    }
}

/// Number 0 is a steelworks (the event's convention); the others are factory tiles.
fn factory(number: u8) -> String {
    if number == 0 {
        "a steelworks (number 0)".to_string()
    } else {
        format!("factory #{number}")
    }
}

fn replacing(what: &str, replaced: Option<u8>) -> String {
    match replaced {
        Some(0) if what == "factory" => ", replacing a steelworks (number 0)".to_string(),
        Some(n) => format!(", replacing {what} #{n}"),
        None => String::new(),
    }
}

fn detonated(seat: Seat, railroad: Option<u8>, industry_track: Option<u8>) -> String {
    let boulder = match (railroad, industry_track) {
        (Some(r), Some(t)) => format!("the boulders of railroad {r} and industry track {t}"),
        (Some(r), None) => format!("the boulder of railroad {r}"),
        (None, Some(t)) => format!("the boulder of industry track {t}"),
        // With no boulder left (possible only with other components) nothing leaves.
        (None, None) => return format!("{seat} detonates, but no boulder is left"),
    };
    format!("{seat} detonates {boulder}")
}

fn dividend_tokens(tokens: &[u8]) -> String {
    match tokens {
        [] => "no dividend token".to_string(),
        [one] => format!("dividend token {one}"),
        _ => format!(
            "dividend tokens {}",
            list(tokens.iter().map(|t| t.to_string()))
        ),
    }
}

fn round_score(s: &RoundScore) -> String {
    format!(
        "{} {} (railroads {}; Transcontinental ends {}; industry {}; \"?\" tokens {})",
        s.seat,
        s.total,
        numbers(&s.railroads),
        s.transcontinental,
        numbers(&s.industry),
        s.tokens
    )
}

fn final_score(s: &FinalScore) -> String {
    format!(
        "{} {} (engineer majority {}, stocks bonus {}, end-bonus cards {})",
        s.seat,
        points_of(s.points),
        s.engineer_majority,
        s.stock_bonus,
        s.end_bonus_cards
    )
}

fn winners_line(winners: &[Seat]) -> String {
    match winners {
        [one] => format!("{one} wins"),
        _ => format!("{} share the win", seats(winners)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_detonation_scores_its_ten_points() {
        // docs/rules/russian-railroads-american.md#components: a detonation scores 10 points.
        let event = Event::PointsScored {
            seat: Seat::P2,
            points: 10,
            reason: "detonation".to_string(),
        };
        assert_eq!(text(&event), "P2 scores 10 points (detonation)");
    }

    #[test]
    fn passing_scores_the_back_of_the_turn_order_card() {
        // #turn: the backs score 0, 2, 3, 4 by place; the third to pass scores 3.
        let event = Event::Passed {
            seat: Seat::P3,
            points: 3,
        };
        assert_eq!(
            text(&event),
            "P3 passes and scores 3 points from the back of their turn-order card"
        );
    }

    #[test]
    fn a_round_scoring_names_each_part_of_each_players_total() {
        // #round: railroads, a completed Transcontinental end (10), the industry markers and
        // the 20-point "?" token: 7 + 10 + 5 + 20 = 42.
        let event = Event::RoundScored {
            round: 1,
            scores: vec![RoundScore {
                seat: Seat::P1,
                railroads: vec![7, 0, 0],
                transcontinental: 10,
                industry: vec![5, 0],
                tokens: 20,
                total: 42,
            }],
        };
        assert_eq!(
            text(&event),
            "Round 1 is scored: P1 42 (railroads 7, 0, 0; Transcontinental ends 10; industry 5, 0; \"?\" tokens 20)"
        );
    }

    #[test]
    fn the_end_names_the_majorities_and_the_winner() {
        // #end: most engineers 40, second 20; highest stock marker 20, second 10.
        let event = Event::GameEnded {
            scores: vec![
                FinalScore {
                    seat: Seat::P1,
                    engineer_majority: 40,
                    stock_bonus: 10,
                    end_bonus_cards: 12,
                    points: 250,
                },
                FinalScore {
                    seat: Seat::P2,
                    engineer_majority: 20,
                    stock_bonus: 20,
                    end_bonus_cards: 0,
                    points: 231,
                },
            ],
            winners: vec![Seat::P1],
        };
        assert_eq!(
            text(&event),
            "The game ends: P1 250 points (engineer majority 40, stocks bonus 10, end-bonus cards 12), P2 231 points (engineer majority 20, stocks bonus 20, end-bonus cards 0); P1 wins"
        );
    }

    #[test]
    fn events_no_recorded_game_shows_read_as_lines_too() {
        // Not met in examples/savegames.
        assert_eq!(
            text(&Event::EndBonusCardDrawn { seat: Seat::P4 }),
            "P4 draws an end-bonus card"
        );
        assert_eq!(
            text(&Event::EngineerLeft { engineer: 5 }),
            "Engineer #5 leaves the game unhired"
        );
        let both = Event::BoulderDetonated {
            seat: Seat::P1,
            railroad: Some(2),
            industry_track: Some(1),
        };
        assert_eq!(
            text(&both),
            "P1 detonates the boulders of railroad 2 and industry track 1"
        );
    }
}
