//! The names a state of the kit's titles holds: hexes ("H12"), tiles ("298"), companies
//! ("PRR") and trains ("4-1"). They are short, so they are kept inline: a state is copied on
//! every action it is judged for (the core's copy-on-apply), and a name that needs no
//! allocation makes that copy a plain copy of bytes. On the wire it is a JSON string.

/// A short name kept inline (up to 24 bytes; a longer one is allocated, as a `String` is).
pub type Name = compact_str::CompactString;

/// Whether two names are the same, compared byte by byte in place: the names are a few bytes
/// long, and a search asks this of every station at every stop it passes, where a call to the
/// C library's `memcmp` for each cost more than the comparison.
#[inline]
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

#[cfg(test)]
mod tests {
    use super::same;

    #[test]
    fn names_are_the_same_only_byte_for_byte() {
        assert!(same("H12", "H12"));
        assert!(same("", ""));
        assert!(!same("H12", "H13"));
        assert!(!same("H12", "H1"));
        assert!(!same("PRR", "prr"));
    }
}
