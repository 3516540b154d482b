//! A corporation buying a player's private company (1846 6.x; 1833NE's privates): the owner's
//! acceptance and the price, judged once for the family. What may be bought, when, and what
//! the purchase brings are the title's.

use super::table::Seat;
use crate::core::Violation;

/// The president sells their own private to the corporation without acceptance; another
/// player's needs theirs (`accepted_by` naming the owner).
pub fn check_acceptance(
    section: &'static str,
    player: Seat,
    owner: Seat,
    accepted_by: Option<Seat>,
    what: &str,
) -> Result<(), Violation> {
    let refuse = |code: &str, m: String| Err(Violation::new(code, section, m));
    match (owner == player, accepted_by) {
        (true, None) => Ok(()),
        (false, Some(seat)) if seat == owner => Ok(()),
        (true, Some(_)) => refuse(
            "acceptance_not_needed",
            "the president sells to the company without acceptance".to_string(),
        ),
        (false, _) => refuse(
            "acceptance_required",
            format!("player {owner} owns {what}: the action needs accepted_by: \"{owner}\""),
        ),
    }
}

/// A private sells for $1 up to its face value, within what the buyer can spend on it.
pub fn judge_price(
    section: &'static str,
    what: &str,
    price: u32,
    face: u32,
    buyer: &str,
    spendable: u32,
    cash: u32,
) -> Result<(), Violation> {
    if price < 1 || price > face {
        return Err(Violation::new(
            "bad_price",
            section,
            format!("{what} sells for $1 to ${face}, not ${price}"),
        ));
    }
    if price > spendable {
        return Err(Violation::new(
            "insufficient_cash",
            section,
            format!("{buyer} has ${cash}"),
        ));
    }
    Ok(())
}
