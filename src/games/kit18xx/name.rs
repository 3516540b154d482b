//! The names a state of the kit's titles holds: hexes ("H12"), tiles ("298"), companies
//! ("PRR") and trains ("4-1"). They are short, so they are kept inline: a state is copied on
//! every action it is judged for (the core's copy-on-apply), and a name that needs no
//! allocation makes that copy a plain copy of bytes. On the wire it is a JSON string.

/// A short name kept inline (up to 24 bytes; a longer one is allocated, as a `String` is).
pub type Name = compact_str::CompactString;
