//! The game's log: each event as one line of English that names its figures, in the words of
//! docs/rules/railroad-barons.md (Holding, Director, Investor, Railroad card, share value).
//!
//! Holdings, seats and Investors are written as their JSON ids (`green`, `A`, `investor_40`), so
//! a line can be matched back to the event; Railroad cards by their id in the stack order
//! ("Railroad card 5"), the only name the event carries.

use super::action::RailroadSource;
use super::event::{Event, Payment, PriorityReason, RoundKind, SaleRecord};
use super::state::{Owner, Wealth};

/// The event's line.
#[expect(clippy::too_many_lines, reason = "one arm per event, each its line")]
pub fn text(event: &Event) -> String {
    match event {
        Event::RoundStarted { round, number } => format!("{} {number} begins", round_name(*round)),
        Event::RoundEnded { round, number } => format!("{} {number} ends", round_name(*round)),
        Event::InvestorOffered {
            by,
            investor,
            price,
        } => {
            format!("{by} offers {investor} for {}", money(*price))
        }
        Event::InvestorDrafted {
            investor,
            price,
            card_to,
            cash_to,
        } => format!(
            "{card_to} takes {investor} and {cash_to} its price, {}",
            money(*price)
        ),
        Event::InvestorLeftGame {
            investor,
            paid_to_each,
            railroad_returned_to_stack,
        } => investor_left(*investor, *paid_to_each, *railroad_returned_to_stack),
        Event::Investor450BundleReceived {
            player,
            holding,
            railroad,
        } => format!(
            "{player} receives {holding}'s Director certificate and {holding} the Dominion Atlantic (Railroad card {railroad})"
        ),
        Event::Investor450BundleReturned { railroad } => format!(
            "The Director certificate stays in the bank and the Dominion Atlantic (Railroad card {railroad}) in the stack"
        ),
        Event::HoldingStarted {
            holding,
            director,
            start_value,
            paid,
        } => format!(
            "{director} starts {holding} at a share value of {}, paying {} for the Director certificate",
            money(*start_value),
            money(*paid)
        ),
        Event::HoldingFloated { holding, capital } => {
            format!("{holding} floats: the bank pays it {}", money(*capital))
        }
        Event::CertificatesSold {
            player,
            sales,
            total,
        } => format!(
            "{player} sells {} to the bank: {} in all",
            list(sales.iter().map(sale)),
            money(*total)
        ),
        Event::CertificateBought {
            player,
            holding,
            certificate,
            handed_in,
            paid,
        } => bought(*player, *holding, *certificate, *handed_in, *paid),
        Event::ShareValueMoved { holding, from, to } => format!(
            "{holding}'s share value moves from {} to {}",
            money(*from),
            money(*to)
        ),
        Event::DirectorChanged { holding, from, to } => {
            format!("{holding}'s Director changes from {from} to {to}")
        }
        Event::DirectorCertificateExchanged {
            holding,
            director,
            handed_in,
            from,
        } => format!(
            "{director} hands {holding} {} to {} for its Director certificate",
            handed_in
                .iter()
                .map(|c| format!("{c}%"))
                .collect::<Vec<_>>()
                .join(" and "),
            owner(*from)
        ),
        Event::SellDownRequired {
            player,
            certificates,
            limit,
        } => format!(
            "{player} holds {certificates} certificates, over the limit of {limit}, and must sell down"
        ),
        Event::Passed { player } => format!("{player} passes"),
        Event::PriorityDealPassed { from, to, reason } => priority_passed(*from, *to, *reason),
        Event::HoldingOperates { holding, director } => {
            format!("{holding} operates, directed by {director}")
        }
        Event::OperatorsPlaced {
            holding,
            plus,
            diamond,
            invested,
        } => format!(
            "{holding} places {} on (+) and {diamond} on (⋄){}",
            tokens(*plus),
            if *invested {
                " and invests one in the route network"
            } else {
                ""
            }
        ),
        Event::DividendsPaid {
            holding,
            revenue,
            payments,
        } => format!(
            "{holding} pays out {}: {}",
            money(*revenue),
            list(payments.iter().map(payment))
        ),
        Event::RevenueWithheld { holding, revenue } => {
            format!("{holding} withholds {}", money(*revenue))
        }
        Event::RailroadBought {
            holding,
            card,
            face,
            level,
            from,
            price,
            director_paid,
        } => railroad_bought(
            *holding,
            (*card, *face, *level),
            *from,
            *price,
            *director_paid,
        ),
        Event::InvestorAssigned {
            holding,
            investor,
            from_holding,
        } => match from_holding {
            Some(other) => format!("{investor} moves from {other} to {holding}"),
            None => format!("{investor} is assigned to {holding} by its Director"),
        },
        Event::RailroadsObsolete {
            level,
            railroads,
            cause,
            removed_from_stack,
        } => format!(
            "Railroad card {cause} {}, so level {level} is obsolete: {} the game",
            if *removed_from_stack {
                "leaves the stack"
            } else {
                "is bought"
            },
            leave(railroads)
        ),
        Event::RailroadsDiscarded { holding, railroads } => {
            format!("{holding} discards {}", cards(railroads))
        }
        Event::RailroadRemovedFromStack { card } => {
            format!("Railroad card {card}, the top of the stack, leaves the game")
        }
        Event::GameEnded { wealth, winners } => format!(
            "The game ends: {}; {}",
            list(wealth.iter().map(worth)),
            winners_line(winners)
        ),
    }
}

fn money(amount: u32) -> String {
    format!("${amount}")
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

fn round_name(round: RoundKind) -> &'static str {
    match round {
        RoundKind::InvestorDraft => "Investor draft",
        RoundKind::StockRound => "Stock round",
        RoundKind::OperatingRound => "Operating round",
    }
}

fn owner(owner: Owner) -> String {
    match owner {
        Owner::Bank => "the bank".to_string(),
        Owner::A => "A".to_string(),
        Owner::B => "B".to_string(),
        Owner::Investor450 => "investor_450".to_string(),
    }
}

/// "Railroad card 5", "Railroad cards 5, 6", or "no Railroad card".
fn cards(railroads: &[u8]) -> String {
    let ids = railroads.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    match ids.len() {
        0 => "no Railroad card".to_string(),
        1 => format!("Railroad card {}", ids[0]),
        _ => format!("Railroad cards {}", ids.join(", ")),
    }
}

/// The cards, with the verb agreeing: "Railroad card 5 leaves", "Railroad cards 5, 6 leave".
fn leave(railroads: &[u8]) -> String {
    let verb = if railroads.len() == 1 {
        "leaves"
    } else {
        "leave"
    };
    format!("{} {verb}", cards(railroads))
}

fn tokens(n: u8) -> String {
    if n == 1 {
        "1 Operator token".to_string()
    } else {
        format!("{n} Operator tokens")
    }
}

fn investor_left(
    investor: super::ids::Investor,
    paid_to_each: u32,
    returned: Option<u8>,
) -> String {
    let line = format!(
        "{investor} leaves the game; each player receives {}",
        money(paid_to_each)
    );
    match returned {
        Some(card) => {
            format!("{line}; the Dominion Atlantic (Railroad card {card}) goes back on the stack")
        }
        None => line,
    }
}

/// One certificate of a sale; an exchange down names the smaller certificate taken back.
fn sale(record: &SaleRecord) -> String {
    let taken_back = match record.exchange {
        Some(smaller) => format!(" taking back {smaller}%"),
        None => String::new(),
    };
    format!(
        "{} {}%{taken_back} for {}",
        record.holding,
        record.certificate,
        money(record.received)
    )
}

fn bought(
    player: super::ids::Seat,
    holding: super::ids::Colour,
    certificate: u8,
    handed_in: Option<u8>,
    paid: u32,
) -> String {
    match handed_in {
        Some(smaller) => format!(
            "{player} buys {holding} {certificate}%, handing in {smaller}%, for {}",
            money(paid)
        ),
        None => format!("{player} buys {holding} {certificate}% for {}", money(paid)),
    }
}

fn priority_passed(from: super::ids::Seat, to: super::ids::Seat, reason: PriorityReason) -> String {
    match reason {
        PriorityReason::Investor30 => {
            format!("{to} takes the Priority Deal from {from} with investor_30")
        }
        // The JSON reason is `stock_round_ended`; the line says it as words.
        PriorityReason::StockRoundEnded => {
            format!("The stock round ended: the Priority Deal passes from {from} to {to}")
        }
    }
}

fn payment(p: &Payment) -> String {
    format!("{} {} ({}%)", p.player, money(p.amount), p.percent)
}

/// `card` is (card, face, level): the face it was bought at and that face's level.
fn railroad_bought(
    holding: super::ids::Colour,
    (card, face, level): (u8, u8, u8),
    from: RailroadSource,
    price: u32,
    director_paid: u32,
) -> String {
    let seller = match from.holding() {
        Some(other) => other.to_string(),
        None => "the bank".to_string(),
    };
    let line = format!(
        "{holding} buys Railroad card {card} (face {face}, level {level}) from {seller} for {}",
        money(price)
    );
    // The Director's help is absent from the JSON when nothing was paid.
    if director_paid > 0 {
        format!("{line}, its Director paying {}", money(director_paid))
    } else {
        line
    }
}

fn worth(w: &Wealth) -> String {
    format!(
        "{} {} ({} cash, {} in certificates)",
        w.player,
        money(w.total),
        money(w.cash),
        money(w.certificates)
    )
}

fn winners_line(winners: &[super::ids::Seat]) -> String {
    match winners {
        [one] => format!("{one} wins"),
        _ => format!(
            "{} share the win",
            list(winners.iter().map(|s| s.to_string()))
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::railroad_barons::ids::{Colour, Seat};

    #[test]
    fn a_payout_names_each_players_rounded_down_share() {
        // docs/rules/railroad-barons.md#revenue: a $25 revenue pays $12 to 50%, $7 to 30%.
        let event = Event::DividendsPaid {
            holding: Colour::Green,
            revenue: 25,
            payments: vec![
                Payment {
                    player: Seat::A,
                    percent: 50,
                    amount: 12,
                },
                Payment {
                    player: Seat::B,
                    percent: 30,
                    amount: 7,
                },
            ],
        };
        assert_eq!(text(&event), "green pays out $25: A $12 (50%), B $7 (30%)");
    }

    #[test]
    fn starting_and_floating_a_holding_name_four_and_ten_times_its_start_value() {
        // #starting-a-holding: the Director pays 4 times the start value; #floating: the bank
        // pays the Holding 10 times it.
        let started = Event::HoldingStarted {
            holding: Colour::Black,
            director: Seat::B,
            start_value: 80,
            paid: 320,
        };
        assert_eq!(
            text(&started),
            "B starts black at a share value of $80, paying $320 for the Director certificate"
        );
        let floated = Event::HoldingFloated {
            holding: Colour::Black,
            capital: 800,
        };
        assert_eq!(text(&floated), "black floats: the bank pays it $800");
    }

    #[test]
    fn a_sale_names_each_certificate_and_an_exchange_down() {
        // #selling: units times the share value; at $80 a 30% brings $240, and exchanging a
        // 40% down to a 10% brings the 3-unit difference, $240 again.
        let event = Event::CertificatesSold {
            player: Seat::A,
            sales: vec![
                SaleRecord {
                    holding: Colour::Red,
                    certificate: 30,
                    exchange: None,
                    received: 240,
                },
                SaleRecord {
                    holding: Colour::Blue,
                    certificate: 40,
                    exchange: Some(10),
                    received: 240,
                },
            ],
            total: 480,
        };
        assert_eq!(
            text(&event),
            "A sells red 30% for $240, blue 40% taking back 10% for $240 to the bank: $480 in all"
        );
    }

    #[test]
    fn the_investor_draft_names_who_took_the_card_and_who_the_cash() {
        let event = Event::InvestorDrafted {
            investor: crate::games::railroad_barons::ids::Investor::Investor40,
            price: 40,
            card_to: Seat::B,
            cash_to: Seat::A,
        };
        assert_eq!(text(&event), "B takes investor_40 and A its price, $40");
    }

    #[test]
    fn events_no_recorded_game_shows_read_as_lines_too() {
        // Not met in examples/savegames: the sell-down, the $450 bundle returned, the
        // Director's help.
        let sell_down = Event::SellDownRequired {
            player: Seat::A,
            certificates: 10,
            limit: 9,
        };
        assert_eq!(
            text(&sell_down),
            "A holds 10 certificates, over the limit of 9, and must sell down"
        );
        let returned = Event::Investor450BundleReturned { railroad: 12 };
        assert_eq!(
            text(&returned),
            "The Director certificate stays in the bank and the Dominion Atlantic (Railroad card 12) in the stack"
        );
        let helped = Event::RailroadBought {
            holding: Colour::Yellow,
            card: 3,
            face: 0,
            level: 1,
            from: RailroadSource::Bank,
            price: 100,
            director_paid: 20,
        };
        assert_eq!(
            text(&helped),
            "yellow buys Railroad card 3 (face 0, level 1) from the bank for $100, its Director paying $20"
        );
        let between = Event::RailroadBought {
            holding: Colour::Red,
            card: 7,
            face: 1,
            level: 3,
            from: RailroadSource::Blue,
            price: 1,
            director_paid: 0,
        };
        assert_eq!(
            text(&between),
            "red buys Railroad card 7 (face 1, level 3) from blue for $1"
        );
    }
}
