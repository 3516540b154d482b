//! Directorship: the Director changes only when the other player holds strictly more; the
//! Holding card passes at once, the Director certificate as soon as the new Director holds
//! certificates summing to exactly 40% (possibly in a later turn or round).

use super::event::Event;
use super::ids::{Colour, Seat};
use super::rules::{CERTIFICATE_LIMIT, DIRECTOR_CERTIFICATE};
use super::state::{Owner, State};

/// Passes the Holding card to the other player if they now hold strictly more.
pub fn update_director(state: &mut State, colour: Colour, events: &mut Vec<Event>) {
    let holding = state.holding_mut(colour);
    let Some(director) = holding.director else {
        return;
    };
    let challenger = director.other();
    if holding.percent_of(challenger.into()) > holding.percent_of(director.into()) {
        holding.director = Some(challenger);
        events.push(Event::DirectorChanged {
            holding: colour,
            from: director,
            to: challenger,
        });
    }
}

/// Makes every Director certificate exchange that has become possible.
pub fn settle_director_certificates(state: &mut State, events: &mut Vec<Event>) {
    for colour in Colour::ALL {
        exchange_director_certificate(state, colour, events);
    }
}

fn exchange_director_certificate(state: &mut State, colour: Colour, events: &mut Vec<Event>) {
    let holding = state.holding_mut(colour);
    let Some(director) = holding.director else {
        return;
    };
    let Some(holder) = holding.owner_of(DIRECTOR_CERTIFICATE) else {
        return;
    };
    if holder == director.into() || holder == Owner::Investor450 {
        return;
    }
    let Some(handed_in) = subset_summing_to(
        &holding.certificates_of(director.into()),
        DIRECTOR_CERTIFICATE,
    ) else {
        return;
    };
    for &percent in &handed_in {
        holding.set_owner(percent, holder);
    }
    holding.set_owner(DIRECTOR_CERTIFICATE, director.into());
    events.push(Event::DirectorCertificateExchanged {
        holding: colour,
        director,
        handed_in,
        from: holder,
    });
}

/// The fewest of `certificates` (largest first) that sum to exactly `target`.
fn subset_summing_to(certificates: &[u8], target: u8) -> Option<Vec<u8>> {
    let n = certificates.len();
    (1u32..(1 << n))
        .map(|mask| {
            (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| certificates[i])
                .collect::<Vec<u8>>()
        })
        .filter(|s| s.iter().map(|&p| u32::from(p)).sum::<u32>() == u32::from(target))
        .min_by_key(|s| s.len())
}

/// Records who now owes a sell-down (over the limit) and who no longer does.
pub fn update_sell_down(state: &mut State, events: &mut Vec<Event>) {
    for seat in Seat::ALL {
        let count = state.certificate_count(seat);
        let owes = count > CERTIFICATE_LIMIT;
        let player = state.player_mut(seat);
        if owes && !player.owes_sell_down {
            events.push(Event::SellDownRequired {
                player: seat,
                certificates: count as u32,
                limit: CERTIFICATE_LIMIT as u32,
            });
        }
        player.owes_sell_down = owes;
    }
}

#[cfg(test)]
mod tests {
    use super::subset_summing_to;

    #[test]
    fn thirty_and_ten_make_forty() {
        assert_eq!(subset_summing_to(&[30, 20, 10], 40), Some(vec![30, 10]));
        assert_eq!(subset_summing_to(&[30, 20], 40), None);
        assert_eq!(subset_summing_to(&[20, 10], 40), None);
    }
}
