//! The holdings table: a row per railroad holding, with its certificates, its operator, its
//! railroad cards and its investors.

use super::{
    CARD_LINE, CARDS_PER_LINE, COLUMNS, FAINT, INK, MARGIN, ROW_HEIGHT, WIDTH, card_of, colours,
    seat_colour,
};
use crate::core::svg::{Font, Paint, Svg};
use crate::games::railroad_barons::data::{Components, HoldingCard};
use crate::games::railroad_barons::ids::{Investor, Seat};
use crate::games::railroad_barons::state::{Holding, Owner};

pub(super) fn table_header(svg: &mut Svg, top: f64) {
    let titles = [
        "Holding",
        "Director",
        "Share value",
        "Cash",
        "Certificates",
        "Operators",
        "Railroads and Investors",
    ];
    svg.rect(
        MARGIN,
        top,
        WIDTH - 2.0 * MARGIN,
        24.0,
        Paint::fill("#e4dccb"),
    );
    for (x, title) in COLUMNS.iter().zip(titles) {
        svg.text(x + 6.0, top + 16.0, title, Font::new(12.0).bold());
    }
}

pub(super) fn row_height(holding: &Holding) -> f64 {
    let cards = holding.railroads.len() + holding.investors.len();
    let lines = cards.div_ceil(CARDS_PER_LINE).max(1);
    ROW_HEIGHT.max(8.0 + lines as f64 * CARD_LINE)
}

/// One Holding's row of the table.
pub(super) fn holding_row(
    svg: &mut Svg,
    c: &Components,
    holding: &Holding,
    top: f64,
    height: f64,
    operating: bool,
) {
    let fallback = HoldingCard {
        colour: holding.colour,
        name: holding.colour.to_string(),
        abbreviation: holding.colour.to_string(),
        operators: 0,
        plus_circles: 0,
        diamond_circles: 0,
    };
    let card = card_of(c, holding.colour).unwrap_or(&fallback);
    svg.open("holding", Some(&format!("holding-{}", holding.colour)));
    svg.rect(
        MARGIN,
        top,
        WIDTH - 2.0 * MARGIN,
        height,
        Paint::outlined("#fff", "#cfc6b4"),
    );
    let (fill, _) = colours(holding.colour);
    svg.rect(MARGIN, top, 8.0, height, Paint::fill(fill));
    if operating {
        // The Holding operating now: outlined, and said so under its Director.
        svg.rect(
            MARGIN + 1.0,
            top + 1.0,
            WIDTH - 2.0 * MARGIN - 2.0,
            height - 2.0,
            Paint::outlined("none", INK).width(2.5),
        );
    }
    let [name, director, value, cash, certificates, operators, cards] = COLUMNS;
    svg.text(
        name + 14.0,
        top + 22.0,
        &card.abbreviation,
        Font::new(15.0).bold(),
    );
    svg.text(
        name + 14.0,
        top + 40.0,
        &format!("{} ({})", card.name, holding.colour),
        Font::new(11.0).colour(FAINT),
    );
    let (who, floated) = match holding.director {
        Some(seat) => (
            seat.to_string(),
            if holding.floated {
                "floated"
            } else {
                "not floated"
            },
        ),
        None => ("\u{2014}".to_string(), "not started"),
    };
    let floated = if operating { "operating" } else { floated };
    svg.text(director + 6.0, top + 22.0, &who, Font::new(15.0).bold());
    svg.text(
        director + 6.0,
        top + 40.0,
        floated,
        Font::new(11.0).colour(FAINT),
    );
    if let (Some(now), Some(start)) = (holding.share_value, holding.start_value) {
        svg.text(
            value + 6.0,
            top + 22.0,
            &format!("${now}"),
            Font::new(15.0).bold(),
        );
        svg.text(
            value + 6.0,
            top + 40.0,
            &format!("started at ${start}"),
            Font::new(11.0).colour(FAINT),
        );
    }
    svg.text(
        cash + 6.0,
        top + 22.0,
        &format!("${}", holding.cash),
        Font::new(15.0),
    );
    certificate_marks(svg, holding, certificates + 6.0, top + 8.0);
    operator_marks(svg, card, holding, operators + 6.0, top + 8.0);
    railroad_cards(svg, c, holding, cards + 6.0, top + 6.0);
    svg.close();
}

/// The Holding's certificates, largest first, each with who holds it.
fn certificate_marks(svg: &mut Svg, holding: &Holding, x: f64, y: f64) {
    let mut certificates = holding.certificates.clone();
    certificates.sort_by_key(|c| std::cmp::Reverse(c.percent));
    for (k, certificate) in certificates.iter().enumerate() {
        let cx = x + k as f64 * 50.0;
        let (class, fill, text, owner) = match certificate.owner {
            Owner::A | Owner::B => {
                let seat = certificate.owner.seat().unwrap_or(Seat::A);
                ("certificate", seat_colour(seat), "#fff", seat.to_string())
            }
            Owner::Bank => ("certificate bank", "#eee", FAINT, "bank".to_string()),
            Owner::Investor450 => ("certificate bank", "#eee", FAINT, "$450".to_string()),
        };
        svg.open_titled(class, &format!("{}%: {owner}", certificate.percent));
        let width = if Holding::is_director_certificate(certificate.percent) {
            2.5
        } else {
            1.0
        };
        svg.rounded(
            cx,
            y,
            46.0,
            38.0,
            4.0,
            Paint::outlined(fill, INK).width(width),
        );
        svg.text(
            cx + 23.0,
            y + 15.0,
            &format!("{}%", certificate.percent),
            Font::new(12.0).middle().bold().colour(text),
        );
        svg.text(
            cx + 23.0,
            y + 31.0,
            &owner,
            Font::new(11.0).middle().colour(text),
        );
        svg.close();
    }
}

/// The Holding card's Operator tokens: those invested in the route network filled.
fn operator_marks(svg: &mut Svg, card: &HoldingCard, holding: &Holding, x: f64, y: f64) {
    let (fill, _) = colours(holding.colour);
    for k in 0..card.operators {
        let invested = k < holding.operators_invested;
        let paint = if invested {
            Paint::outlined(fill, INK)
        } else {
            Paint::outlined("#fff", FAINT)
        };
        svg.circle(x + 7.0 + f64::from(k) * 17.0, y + 9.0, 6.5, paint);
    }
    svg.text(
        x,
        y + 34.0,
        &format!(
            "{} of {} invested",
            holding.operators_invested, card.operators
        ),
        Font::new(11.0).colour(FAINT),
    );
}

/// The Holding's Railroad cards (name, level, income) and Investors, three to a line.
fn railroad_cards(svg: &mut Svg, c: &Components, holding: &Holding, x: f64, y: f64) {
    let place = |k: usize| {
        (
            x + (k % CARDS_PER_LINE) as f64 * 96.0,
            y + (k / CARDS_PER_LINE) as f64 * CARD_LINE,
        )
    };
    for (k, owned) in holding.railroads.iter().enumerate() {
        let (cx, cy) = place(k);
        let card = c.railroads.get(usize::from(owned.card));
        let face = card.and_then(|r| r.faces.get(usize::from(owned.face)));
        let name = card.map_or("?", |r| r.name.as_str());
        let label = face.map_or(String::from("?"), |f| {
            format!("{} L{} +${}", short(name), f.level, f.income)
        });
        svg.open_titled("railroad", &format!("{name}: {label}"));
        svg.rounded(cx, cy, 92.0, 20.0, 3.0, Paint::outlined("#f4efe2", INK));
        svg.text(cx + 46.0, cy + 14.0, &label, Font::new(10.0).middle());
        svg.close();
    }
    for (k, investor) in holding.investors.iter().enumerate() {
        let (cx, cy) = place(holding.railroads.len() + k);
        investor_mark(svg, c, *investor, cx, cy);
    }
}

/// An Investor card: its price, and the revenue it adds.
pub(super) fn investor_mark(svg: &mut Svg, c: &Components, investor: Investor, x: f64, y: f64) {
    let card = c.investors.iter().find(|i| i.investor == investor);
    let label = match card {
        Some(i) if i.bonus > 0 => format!("${} Inv. +${}", i.price, i.bonus),
        Some(i) => format!("${} Investor", i.price),
        None => investor.to_string(),
    };
    svg.open_titled("investor", &investor_name(investor));
    svg.rounded(x, y, 92.0, 20.0, 10.0, Paint::outlined("#e9f1e4", INK));
    svg.text(x + 46.0, y + 14.0, &label, Font::new(10.0).middle());
    svg.close();
}

/// A Railroad's name short enough for its card: the initials of a long one.
fn short(name: &str) -> String {
    if name.len() <= 10 {
        return name.to_string();
    }
    name.split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(|w| {
            if w == "&" {
                "&".to_string()
            } else {
                w.chars().take(1).collect()
            }
        })
        .collect()
}

pub(super) fn investor_name(investor: Investor) -> String {
    match investor {
        Investor::Investor30 => "$30 Investor",
        Investor::Investor40 => "$40 Investor",
        Investor::Investor50 => "$50 Investor",
        Investor::Investor60 => "$60 Investor",
        Investor::Investor450 => "$450 Investor",
    }
    .to_string()
}
