//! 1846's log: each event as one line of English naming its figures. The events the family
//! shares read as the kit writes them (kit18xx/log.rs); the draft, minors, the IC's subsidy
//! and the bonus markers are 1846's own.

use super::event::Event;
use crate::games::kit18xx::log as kit;

pub fn text(event: &Event) -> String {
    kit::family_lines!(event, Event, {
        Event::CardChosen {
            player,
            card,
            price,
        } => format!("{player} chooses {card} (${price})"),
        Event::DraftPassed {
            player,
            card,
            price,
        } => format!("{player} passes on {card}; its price drops to ${price}"),
        Event::CardBought {
            player,
            card,
            price,
        } => format!("{player} pays ${price} for {card}"),
        Event::MinorFloated {
            corporation,
            owner,
            treasury,
        } => format!("{owner} floats the minor {corporation} with ${treasury} from the bank"),
        Event::Subsidy {
            corporation,
            amount,
        } => format!("{corporation} receives its subsidy of ${amount} from the bank"),
        Event::CompanyBought {
            company,
            from,
            to,
            price,
        } => format!("{to} buys {company} from {from} for ${price}"),
        Event::MarkerAssigned {
            company,
            hex,
            corporation,
        } => format!("{company}'s bonus marker goes to {corporation} in {hex}"),
        Event::BonusesRemoved => "The privates' bonus markers leave the game".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::g1846::ids::{Company, Seat};

    #[test]
    fn the_draft_and_the_subsidy_read_with_their_prices() {
        assert_eq!(
            text(&Event::DraftPassed {
                player: Seat::P3,
                card: "MPC".to_string(),
                price: 50
            }),
            "seat-3 passes on MPC; its price drops to $50"
        );
        assert_eq!(
            text(&Event::Subsidy {
                corporation: Company::Ic,
                amount: 80
            }),
            format!("{} receives its subsidy of $80 from the bank", Company::Ic)
        );
    }
}
