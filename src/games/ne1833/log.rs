//! 1833NE's log: each event as one line of English naming its figures. The events the family
//! shares read as the kit writes them (kit18xx/log.rs); the auction, ferries and the privates'
//! turn are 1833NE's own.

use super::event::Event;
use crate::games::kit18xx::log::{self as kit, list, words};

pub fn text(event: &Event) -> String {
    match event {
        Event::RoundStarted { round, number } => kit::round(&words(round), *number, "begins"),
        Event::RoundEnded { round, number } => kit::round(&words(round), *number, "ends"),
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
        Event::PrivateIncome {
            company,
            to,
            amount,
        } => kit::private_income(company, to, *amount),
        Event::Passed { player } => kit::passed(*player),
        Event::CompanyStarted {
            corporation,
            president,
            share_price,
            paid,
        } => kit::company_started(corporation, *president, *share_price, *paid),
        Event::SharesBought {
            player,
            corporation,
            percent,
            from,
            price,
        } => kit::shares_bought(*player, corporation, *percent, *from, *price),
        Event::SharesSold {
            player,
            corporation,
            percent,
            received,
        } => kit::shares_sold(*player, corporation, *percent, *received),
        Event::SharePriceMoved {
            corporation,
            from,
            to,
        } => kit::share_price_moved(corporation, *from, *to),
        Event::PresidentChanged {
            corporation,
            from,
            to,
        } => kit::president_changed(corporation, *from, *to),
        Event::CompanyClosed {
            corporation,
            trains,
        } => kit::company_closed(corporation, trains),
        Event::StationPlaced {
            corporation,
            hex,
            city,
            cost,
        } => kit::station_placed(corporation, hex, *city, *cost),
        Event::PriorityDeal { player } => kit::priority_deal(*player),
        Event::BankBroken => kit::bank_broken(),
        Event::CompanyOperates {
            corporation,
            president,
        } => kit::company_operates(corporation, *president),
        Event::TileLaid {
            corporation,
            hex,
            tile,
            rotation,
            cost,
        } => kit::tile_laid(corporation, hex, tile, *rotation, *cost),
        Event::FerryBought {
            corporation,
            ferry,
            price,
        } => format!("{corporation} buys the {ferry} ferry for ${price}"),
        Event::SharesIssued {
            corporation,
            percent,
            received,
        } => kit::shares_issued(corporation, *percent, *received),
        Event::SharesRedeemed {
            corporation,
            percent,
            paid,
        } => kit::shares_redeemed(corporation, *percent, *paid),
        Event::RoutesRun {
            corporation,
            revenue,
        } => kit::routes_run(corporation, *revenue),
        Event::DividendsPaid {
            corporation,
            revenue,
            kind,
            per_share,
            payments,
            to_company,
        } => kit::dividends_paid(
            corporation,
            *revenue,
            *kind,
            *per_share,
            payments.iter().map(|p| (p.player, p.amount)),
            *to_company,
        ),
        Event::TrainBought {
            corporation,
            train,
            variant,
            price,
            president_paid,
        } => kit::train_bought(corporation, train, variant, *price, *president_paid),
        Event::TrainSold {
            from,
            to,
            train,
            variant,
            price,
        } => kit::train_sold(from, to, train, variant, *price),
        Event::PrivateSold {
            company,
            from,
            to,
            price,
            surcharge,
        } => private_sold(company, from, to, *price, *surcharge),
        Event::FerryAssigned { ferry } => format!("P5 doubles the {ferry} ferry from now on"),
        Event::PhaseChanged { phase } => kit::phase_changed(phase),
        Event::TrainsPhasedOut { card } => kit::trains_phased_out(card),
        Event::TrainsRemoved { card, trains } => kit::trains_removed(card, trains),
        Event::PrivatesClosed { privates } => kit::privates_closed(privates),
        Event::PrivatesFlipped { privates } => format!(
            "These privates turn over to their phase III side: {}",
            list(privates)
        ),
        Event::FerriesRemoved => "Every ferry leaves the game".to_string(),
        Event::PlayerBankrupt {
            player,
            corporation,
            cash_to_company,
            sold,
        } => kit::player_bankrupt(
            *player,
            corporation,
            *cash_to_company,
            sold.iter().map(|s| (s.corporation, s.percent, s.received)),
        ),
        Event::ReceivershipStarted { corporation } => kit::receivership_started(corporation),
        Event::TrainDiscarded { corporation, train } => kit::train_discarded(corporation, train),
        Event::GameEnded { ranking, reason } => kit::game_ended(&words(reason), ranking),
        Event::ReceivershipEnded {
            corporation,
            president,
        } => kit::receivership_ended(corporation, *president),
    }
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
