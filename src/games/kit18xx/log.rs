//! The family's log lines: the events every 18xx title shares (a stock round's purchases, a
//! dividend, a train bought...) as one line of English each, naming every figure. A title's
//! `log.rs` matches its own event enum and calls these for the events it shares, writing only
//! its own (1833NE's auction, 1846's draft).

use super::market::DividendKind;
use super::shares::ShareSource;
use super::table::{Seat, Standing};
use std::fmt::Display;

/// An enum value as words: its JSON name with spaces (`stock_round` → "stock round").
pub fn words<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name.replace('_', " "),
        _ => String::new(),
    }
}

/// Items joined with commas ("B&W, CV"); "none" for no item.
pub fn list<T: Display>(items: &[T]) -> String {
    if items.is_empty() {
        return "none".to_string();
    }
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Stock round 2 begins": a round's kind in words, capitalised.
pub fn round(kind: &str, number: u32, verb: &str) -> String {
    let mut chars = kind.chars();
    let kind = chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().collect::<String>() + chars.as_str()
    });
    format!("{kind} {number} {verb}")
}

pub fn passed(player: Seat) -> String {
    format!("{player} passes")
}

pub fn priority_deal(player: Seat) -> String {
    format!("{player} has the priority deal")
}

pub fn company_started(
    corporation: impl Display,
    president: Seat,
    share_price: u32,
    paid: u32,
) -> String {
    format!(
        "{president} starts {corporation} at ${share_price} a share, paying ${paid} into its \
         treasury"
    )
}

pub fn shares_bought(
    player: Seat,
    corporation: impl Display,
    percent: u8,
    from: ShareSource,
    price: u32,
) -> String {
    format!(
        "{player} buys {percent}% of {corporation} from the {} for ${price}",
        words(&from)
    )
}

pub fn shares_sold(player: Seat, corporation: impl Display, percent: u8, received: u32) -> String {
    format!("{player} sells {percent}% of {corporation} for ${received}")
}

pub fn share_price_moved(corporation: impl Display, from: u32, to: u32) -> String {
    format!("{corporation}'s share price moves from ${from} to ${to}")
}

pub fn president_changed(corporation: impl Display, from: Seat, to: Seat) -> String {
    format!("{to} becomes president of {corporation} in place of {from}")
}

pub fn company_closed(corporation: impl Display, trains: &[String]) -> String {
    if trains.is_empty() {
        return format!("{corporation} closes");
    }
    format!(
        "{corporation} closes; its trains leave the game: {}",
        list(trains)
    )
}

pub fn station_placed(corporation: impl Display, hex: &str, city: u8, cost: u32) -> String {
    format!("{corporation} places a station in {hex} (city {city}) for ${cost}")
}

pub fn receivership_started(corporation: impl Display) -> String {
    format!("{corporation} enters receivership: it has no president")
}

pub fn receivership_ended(corporation: impl Display, president: Seat) -> String {
    format!("{corporation} leaves receivership: {president} is its president")
}

pub fn private_income(company: impl Display, to: impl Display, amount: u32) -> String {
    format!("{company} pays ${amount} of income to {to}")
}

pub fn company_operates(corporation: impl Display, president: Option<Seat>) -> String {
    match president {
        Some(president) => format!("{corporation} operates (president {president})"),
        None => format!("{corporation} operates in receivership"),
    }
}

pub fn tile_laid(
    corporation: impl Display,
    hex: &str,
    tile: &str,
    rotation: u8,
    cost: u32,
) -> String {
    format!("{corporation} lays tile {tile} in {hex} (rotation {rotation}) for ${cost}")
}

pub fn shares_issued(corporation: impl Display, percent: u8, received: u32) -> String {
    format!("{corporation} issues {percent}% of its shares and receives ${received}")
}

pub fn shares_redeemed(corporation: impl Display, percent: u8, paid: u32) -> String {
    format!("{corporation} redeems {percent}% of its shares from the market for ${paid}")
}

pub fn routes_run(corporation: impl Display, revenue: u32) -> String {
    format!("{corporation}'s trains run for ${revenue}")
}

/// "B&W pays out its $100 revenue (payout): $10 per share (seat-1 $60, seat-2 $20), $20 to
/// its treasury". `payments`: what each player received.
pub fn dividends_paid(
    corporation: impl Display,
    revenue: u32,
    kind: DividendKind,
    per_share: u32,
    payments: impl IntoIterator<Item = (Seat, u32)>,
    to_company: u32,
) -> String {
    let lead = match kind {
        DividendKind::Payout => format!("{corporation} pays out its ${revenue} revenue (payout)"),
        DividendKind::Half => format!("{corporation} pays half of its ${revenue} revenue"),
        DividendKind::Withhold => format!("{corporation} withholds its ${revenue} revenue"),
    };
    let paid: Vec<String> = payments
        .into_iter()
        .map(|(player, amount)| format!("{player} ${amount}"))
        .collect();
    let paid = if paid.is_empty() {
        String::new()
    } else {
        format!(" ({})", paid.join(", "))
    };
    format!("{lead}: ${per_share} per share{paid}, ${to_company} to its treasury")
}

/// The train named by its card and the side it runs as, once when they are the same.
fn train_and_side(train: &str, variant: &str) -> String {
    if train == variant {
        format!("a {train} train")
    } else {
        format!("train {train} as a {variant}")
    }
}

pub fn train_bought(
    corporation: impl Display,
    train: &str,
    variant: &str,
    price: u32,
    president_paid: u32,
) -> String {
    let line = format!(
        "{corporation} buys {} from the depot for ${price}",
        train_and_side(train, variant)
    );
    if president_paid == 0 {
        return line;
    }
    format!("{line}, its president paying ${president_paid} of it")
}

pub fn train_sold(
    from: impl Display,
    to: impl Display,
    train: &str,
    variant: &str,
    price: u32,
) -> String {
    format!(
        "{to} buys {} from {from} for ${price}",
        train_and_side(train, variant)
    )
}

pub fn train_discarded(corporation: impl Display, train: &str) -> String {
    format!("{corporation} discards train {train}: it holds more than its limit")
}

pub fn phase_changed(phase: &str) -> String {
    format!("Phase {phase} begins")
}

pub fn trains_phased_out(card: &str) -> String {
    format!("The {card} trains are phased out")
}

pub fn trains_removed(card: &str, trains: &[String]) -> String {
    format!(
        "The {card} trains rust and leave the game: {}",
        list(trains)
    )
}

pub fn privates_closed(privates: &[impl Display]) -> String {
    format!("These privates close: {}", list(privates))
}

pub fn bank_broken() -> String {
    "The bank has broken: the game ends when this set of rounds is over".to_string()
}

/// "seat-3 is bankrupt, unable to pay for CV's train: sold 20% of B&W for $120; $130 to CV".
/// `sold`: each sale's corporation, percent and proceeds.
pub fn player_bankrupt<C: Display>(
    player: Seat,
    corporation: impl Display,
    cash_to_company: u32,
    sold: impl IntoIterator<Item = (C, u8, u32)>,
) -> String {
    let sales: Vec<String> = sold
        .into_iter()
        .map(|(company, percent, received)| format!("{percent}% of {company} for ${received}"))
        .collect();
    format!(
        "{player} is bankrupt, unable to pay for {corporation}'s train: sold {}; ${cash_to_company} \
         to {corporation}",
        list(&sales)
    )
}

/// "The game ends (bank broken): seat-1 $1,234 ..." with each player's wealth, best first.
pub fn game_ended(reason: &str, ranking: &[Standing]) -> String {
    let standings: Vec<String> = ranking
        .iter()
        .map(|s| format!("{} ${}", s.player, s.wealth))
        .collect();
    format!("The game ends ({reason}): {}", list(&standings))
}

/// The `match` of a title's `text(event)`: the family's events (their variants have the same
/// names and fields in every title's enum) read as this module writes them, then the title's
/// own arms. A macro because each title's event enum is its own; each shared line is written
/// once, here.
macro_rules! family_lines {
    ($event:expr, $Event:ident, { $($own:tt)* }) => {{
        use $crate::games::kit18xx::log::{self as kit, words};
        match $event {
            $Event::RoundStarted { round, number } => kit::round(&words(round), *number, "begins"),
            $Event::RoundEnded { round, number } => kit::round(&words(round), *number, "ends"),
            $Event::PrivateIncome {
                company,
                to,
                amount,
            } => kit::private_income(company, to, *amount),
            $Event::Passed { player } => kit::passed(*player),
            $Event::CompanyStarted {
                corporation,
                president,
                share_price,
                paid,
            } => kit::company_started(corporation, *president, *share_price, *paid),
            $Event::SharesBought {
                player,
                corporation,
                percent,
                from,
                price,
            } => kit::shares_bought(*player, corporation, *percent, *from, *price),
            $Event::SharesSold {
                player,
                corporation,
                percent,
                received,
            } => kit::shares_sold(*player, corporation, *percent, *received),
            $Event::SharePriceMoved {
                corporation,
                from,
                to,
            } => kit::share_price_moved(corporation, *from, *to),
            $Event::PresidentChanged {
                corporation,
                from,
                to,
            } => kit::president_changed(corporation, *from, *to),
            $Event::CompanyClosed {
                corporation,
                trains,
            } => kit::company_closed(corporation, trains),
            $Event::StationPlaced {
                corporation,
                hex,
                city,
                cost,
            } => kit::station_placed(corporation, hex, *city, *cost),
            $Event::PriorityDeal { player } => kit::priority_deal(*player),
            $Event::BankBroken => kit::bank_broken(),
            $Event::CompanyOperates {
                corporation,
                president,
            } => kit::company_operates(corporation, *president),
            $Event::TileLaid {
                corporation,
                hex,
                tile,
                rotation,
                cost,
            } => kit::tile_laid(corporation, hex, tile, *rotation, *cost),
            $Event::SharesIssued {
                corporation,
                percent,
                received,
            } => kit::shares_issued(corporation, *percent, *received),
            $Event::SharesRedeemed {
                corporation,
                percent,
                paid,
            } => kit::shares_redeemed(corporation, *percent, *paid),
            $Event::RoutesRun {
                corporation,
                revenue,
            } => kit::routes_run(corporation, *revenue),
            $Event::DividendsPaid {
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
            $Event::TrainBought {
                corporation,
                train,
                variant,
                price,
                president_paid,
            } => kit::train_bought(corporation, train, variant, *price, *president_paid),
            $Event::TrainSold {
                from,
                to,
                train,
                variant,
                price,
            } => kit::train_sold(from, to, train, variant, *price),
            $Event::PhaseChanged { phase } => kit::phase_changed(phase),
            $Event::TrainsPhasedOut { card } => kit::trains_phased_out(card),
            $Event::TrainsRemoved { card, trains } => kit::trains_removed(card, trains),
            $Event::PrivatesClosed { privates } => kit::privates_closed(privates),
            $Event::PlayerBankrupt {
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
            $Event::ReceivershipStarted { corporation } => kit::receivership_started(corporation),
            $Event::TrainDiscarded { corporation, train } => kit::train_discarded(corporation, train),
            $Event::GameEnded { ranking, reason } => kit::game_ended(&words(reason), ranking),
            $Event::ReceivershipEnded {
                corporation,
                president,
            } => kit::receivership_ended(corporation, *president),
            $($own)*
        }
    }};
}
pub(crate) use family_lines;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dividend_names_the_revenue_the_share_and_each_payment() {
        // 1846 rules' example: $140 revenue paid out is $14 a share.
        let line = dividends_paid(
            "B&O",
            140,
            DividendKind::Payout,
            14,
            [(Seat::P1, 84), (Seat::P2, 28)],
            0,
        );
        assert_eq!(
            line,
            "B&O pays out its $140 revenue (payout): $14 per share (seat-1 $84, seat-2 $28), $0 \
             to its treasury"
        );
        assert_eq!(
            dividends_paid("B&O", 140, DividendKind::Withhold, 0, [], 140),
            "B&O withholds its $140 revenue: $0 per share, $140 to its treasury"
        );
    }

    #[test]
    fn enums_read_as_words_and_rounds_are_capitalised() {
        assert_eq!(words(&ShareSource::Market), "market");
        assert_eq!(round("stock round", 2, "begins"), "Stock round 2 begins");
        assert_eq!(
            train_bought("PRR", "4", "4", 180, 30),
            "PRR buys a 4 train from the depot for $180, its president paying $30 of it"
        );
        assert_eq!(
            train_sold("GT", "PRR", "4/6", "6", 1),
            "PRR buys train 4/6 as a 6 from GT for $1"
        );
    }
}
