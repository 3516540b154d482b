//! 1846's log: each event as one line of English naming its figures. The events the family
//! shares read as the kit writes them (kit18xx/log.rs); the draft, minors, the IC's subsidy
//! and the bonus markers are 1846's own.

use super::event::Event;
use crate::games::kit18xx::log::{self as kit, words};

pub fn text(event: &Event) -> String {
    match event {
        Event::RoundStarted { round, number } => kit::round(&words(round), *number, "begins"),
        Event::RoundEnded { round, number } => kit::round(&words(round), *number, "ends"),
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
        Event::PhaseChanged { phase } => kit::phase_changed(phase),
        Event::TrainsPhasedOut { card } => kit::trains_phased_out(card),
        Event::TrainsRemoved { card, trains } => kit::trains_removed(card, trains),
        Event::PrivatesClosed { privates } => kit::privates_closed(privates),
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
