//! 1833NE's log: each event as one line of English naming its figures. The events the family
//! shares read as the kit writes them (kit18xx/log.rs); the auction, ferries and the privates'
//! turn are 1833NE's own.

use super::event::Event;
use crate::games::kit18xx::log::{self as kit, list};

pub fn text(event: &Event) -> String {
    kit::family_lines!(event, Event, {
        Event::BidPlaced {
            player,
            company,
            price,
        } => format!("{player} bids ${price} for {company}"),
        Event::BidWithdrawn { player, company } => {
            format!("{player} drops out of the bidding for {company}")
        }
        Event::PrivateBought {
            player,
            company,
            price,
        } => format!("{player} buys {company}, the cheapest private, for ${price}"),
        Event::AuctionWon {
            player,
            company,
            price,
        } => format!("{player} wins {company} for ${price}"),
        Event::FerryBought {
            corporation,
            ferry,
            price,
        } => format!("{corporation} buys the {ferry} ferry for ${price}"),
        Event::PrivateSold {
            company,
            from,
            to,
            price,
            surcharge,
        } => private_sold(company, from, to, *price, *surcharge),
        Event::FerryAssigned { ferry } => format!("P5 doubles the {ferry} ferry from now on"),
        Event::PrivatesFlipped { privates } => format!(
            "These privates turn over to their phase III side: {}",
            list(privates)
        ),
        Event::FerriesRemoved => "Every ferry leaves the game".to_string(),
    })
}

/// A company's purchase of a private from a player; P6's buyer pays the bank a surcharge too.
fn private_sold(
    company: impl std::fmt::Display,
    from: impl std::fmt::Display,
    to: impl std::fmt::Display,
    price: u32,
    surcharge: u32,
) -> String {
    let line = format!("{to} buys {company} from {from} for ${price}");
    if surcharge == 0 {
        return line;
    }
    format!("{line}, and pays the bank ${surcharge} on top")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ne1833::ids::{Company, Private, Seat};

    #[test]
    fn the_auction_reads_as_bids_and_wins() {
        assert_eq!(
            text(&Event::BidPlaced {
                player: Seat::P1,
                company: Private::P6,
                price: 80
            }),
            "seat-1 bids $80 for P6"
        );
        assert_eq!(
            text(&Event::PrivateSold {
                company: Private::P6,
                from: Seat::P2,
                to: Company::Bw,
                price: 160,
                surcharge: 40
            }),
            format!(
                "{} buys P6 from seat-2 for $160, and pays the bank $40 on top",
                Company::Bw
            )
        );
    }
}
