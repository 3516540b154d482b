//! The site's names of holders, certificates, tiles, cities and market spaces, read and written.

use super::{
    CERTIFICATES, CompanyOf, Family, Holder, Ledger, company_named, error, field, text,
    written_number,
};
use crate::games::kit18xx::invariants::CheckedTitle;
use crate::import::export_18xx::{ImportError, SiteJson, member};

pub fn describe(holder: Holder) -> String {
    match holder {
        Holder::Treasury => "the treasury".to_string(),
        Holder::Market => "the market".to_string(),
        Holder::Player(seat) => seat.to_string(),
        Holder::Nobody => "no one (the company has closed)".to_string(),
    }
}

/// A certificate `CORP_3` as its company and index.
pub fn certificate<G: Family>(
    name: &str,
    pointer: String,
) -> Result<(CompanyOf<G>, usize), ImportError> {
    let parsed = name
        .rsplit_once('_')
        .and_then(|(c, i)| Some((c, i.parse::<usize>().ok()?)))
        .filter(|(_, i)| *i < CERTIFICATES);
    let Some((company, index)) = parsed else {
        return Err(error(
            pointer,
            format!("`{name}` is not a certificate (`CORP_index`, index 0 to 8)"),
        ));
    };
    Ok((company_named::<G>(company, pointer)?, index))
}

/// The company of the certificates an action names, and each one's index and holder.
pub type Named<G> = (CompanyOf<G>, Vec<(usize, Holder)>);

/// The certificates an action names, of one company, each held by `allowed` (checked).
pub fn certificates<G: Family>(
    ledger: &Ledger,
    action: &SiteJson,
    at: &str,
    allowed: &dyn Fn(Holder) -> bool,
    held_by: &str,
) -> Result<Named<G>, ImportError> {
    let list = field(action, at, "shares")?
        .as_array()
        .filter(|l| !l.is_empty())
        .ok_or_else(|| {
            error(
                format!("{at}/shares"),
                "`shares` is not a list of certificates",
            )
        })?;
    let mut company = None;
    let mut named = Vec::new();
    for (i, share) in list.iter().enumerate() {
        // Written only for an error.
        let pointer = || format!("{at}/shares/{i}");
        let name = share
            .as_str()
            .ok_or_else(|| error(pointer(), "a certificate is named by a string"))?;
        let (c, index) = certificate::<G>(name, String::new()).map_err(|e| ImportError {
            pointer: pointer(),
            ..e
        })?;
        if company.is_some_and(|first| first != c) {
            return Err(error(pointer(), "the certificates are of two companies"));
        }
        company = Some(c);
        let holder = ledger.holder(c, index);
        if !allowed(holder) {
            return Err(error(
                pointer(),
                format!("{name} is held by {}, not {held_by}", describe(holder)),
            ));
        }
        named.push((index, holder));
    }
    let company = company.ok_or_else(|| error(format!("{at}/shares"), "no certificate named"))?;
    Ok((company, named))
}

/// The percent an action moves: its `percent`, else 10 per certificate... the president's 20.
pub fn percent_of(
    action: &SiteJson,
    at: &str,
    named: &[(usize, Holder)],
) -> Result<u8, ImportError> {
    match member(action, "percent") {
        Some(p) => p
            .as_u64()
            .and_then(|p| u8::try_from(p).ok())
            .ok_or_else(|| error(format!("{at}/percent"), "`percent` is not a whole number")),
        None => Ok(named
            .iter()
            .map(|(i, _)| if *i == 0 { 20 } else { 10 })
            .sum()),
    }
}

/// The tile kind of a site tile id (`57-0` is a copy of `57`).
pub fn tile_kind(id: &str, pointer: impl FnOnce() -> String) -> Result<&str, ImportError> {
    match id.rsplit_once('-') {
        Some((kind, copy)) if !kind.is_empty() && copy.parse::<u32>().is_ok() => Ok(kind),
        _ => Err(error(
            pointer(),
            format!("`{id}` is not a tile id (`name-copy`, as `57-0`)"),
        )),
    }
}

/// The hex and city of a site city id: `TILE-COPY-CITY`, the tile one laid (by the ledger) or
/// a printed hex's (`HEX-n`).
pub fn city_of(
    ledger: &Ledger,
    id: &str,
    pointer: impl Fn() -> String,
) -> Result<(String, u8), ImportError> {
    let bad = || {
        error(
            pointer(),
            format!("`{id}` names no city on the map (`tile-copy-city`)"),
        )
    };
    let (tile, city) = id.rsplit_once('-').ok_or_else(bad)?;
    let city: u8 = city.parse().map_err(|_| bad())?;
    if let Some((hex, _)) = ledger.tiles.iter().find(|(_, t)| *t == tile) {
        return Ok((hex.clone(), city));
    }
    let (hex, _) = tile.rsplit_once('-').ok_or_else(bad)?;
    if ledger.tiles.contains_key(hex) {
        return Err(error(
            pointer(),
            format!(
                "`{id}`: {hex}'s printed tile has been replaced by {}",
                ledger.tiles[hex]
            ),
        ));
    }
    Ok((hex.to_string(), city))
}

/// A `place_token`'s `slot`, which the engine does not read (it fills the city's next free
/// slot) and the site's page writes as a slot of the city: one past the city's slots cannot be
/// true of a game the site played, so it is refused at its pointer. Missing, it is not asked.
pub fn slot_as_written<S: CheckedTitle>(
    state: &S,
    a: &SiteJson,
    at: &str,
    hex: &str,
    city: u8,
) -> Result<(), ImportError> {
    let Some(slot) = written_number(a, at, "slot")? else {
        return Ok(());
    };
    let map = state.map();
    let slots = map.hex_index(hex).and_then(|i| {
        let face = state.board().face(map, i);
        let stop = face.stops.get(usize::from(city))?;
        u32::try_from(stop.station_slots()).ok()
    });
    match slots {
        Some(slots) if slot >= slots => Err(error(
            format!("{at}/slot"),
            format!("city {city} of {hex} has {slots} slot(s): there is no slot {slot}"),
        )),
        _ => Ok(()),
    }
}

/// The site's city id of `city` on `hex`: the laid tile's, else the printed hex's.
pub fn city_id(ledger: &Ledger, hex: &str, city: u8) -> String {
    let tile = ledger
        .tiles
        .get(hex)
        .cloned()
        .unwrap_or_else(|| format!("{hex}-0"));
    format!("{tile}-{city}")
}

/// `share_price: "80,0,8"`: the price, the market's row (0, it is one row) and column.
pub fn market_space<G: Family>(action: &SiteJson, at: &str) -> Result<(u32, u32, u8), ImportError> {
    let pointer = format!("{at}/share_price");
    let space = text(action, at, "share_price")?;
    let parts: Vec<&str> = space.split(',').collect();
    let parsed = match parts.as_slice() {
        [p, r, c] => p
            .parse()
            .ok()
            .zip(r.parse().ok())
            .zip(c.parse().ok())
            .map(|((p, r), c)| (p, r, c)),
        _ => None,
    };
    match parsed {
        Some((price, 0, column)) => Ok((price, 0, column)),
        Some(_) => Err(error(
            pointer,
            format!("{}'s market has one row (row 0)", <G as Family>::NAME),
        )),
        None => Err(error(
            pointer,
            format!("`{space}` is not a market space (`price,row,column`)"),
        )),
    }
}
