//! The tiles laid, as the rules read them: by hex of the title's map, the tile's index in the
//! map's tiles and its rotation. A state names hexes and tiles by id on the wire; they are
//! looked up once, when the state is read ([`read`]), and written back by id when it is
//! written ([`write`]), so that no rule looks a hex or a tile up by its id again.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use utoipa::ToSchema;

use super::{Board, LaidTile, MAX_HEXES, Station};
use crate::games::kit18xx::map::names::TitleMap;
use crate::games::kit18xx::map::{Map, TileData};
use crate::games::kit18xx::name::Name;

/// A tile as it lies on a hex: its index in the map's tiles and its rotation (0-5 on a state
/// the rules reach; `check` names any other).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Laid {
    pub tile: u16,
    pub rotation: u8,
}

impl Laid {
    /// The tile's data in `map`'s tiles.
    pub fn tile_in<'m>(&self, map: &'m Map) -> Option<&'m TileData> {
        map.tiles.get(usize::from(self.tile))
    }
}

/// The tiles laid on a board.
#[derive(Debug, Clone, Default)]
pub struct Tiles {
    /// By hex, in the order of the map's hexes (shorter than the map when the hexes beyond
    /// it have nothing laid: an empty board knows no map).
    by_hex: Vec<Option<Laid>>,
    /// What a state names on a hex that is not of the map, or with a tile that is not in the
    /// manifest, by the hex's id: no rule reads it (the hex shows its printed face); `check`
    /// refuses it, naming each, and the state is written back as it came.
    strays: BTreeMap<Name, LaidTile>,
}

impl Tiles {
    /// The tile laid on hex `hex` (an index in the map's hexes), if any.
    #[inline]
    pub fn at(&self, hex: usize) -> Option<Laid> {
        self.by_hex.get(hex).copied().flatten()
    }

    /// Lays `laid` on hex `hex` (an index in the map's hexes; a tile laid there before is
    /// replaced); whether it was laid. No map has [`MAX_HEXES`] hexes (a test holds the
    /// titles' maps to it): an index beyond is never laid on. The rules lay only on a board
    /// `check` found without strays, so no stray is left on the hex.
    pub fn lay(&mut self, hex: usize, laid: Laid) -> bool {
        if hex >= MAX_HEXES {
            return false;
        }
        if self.by_hex.len() <= hex {
            self.by_hex.resize(hex + 1, None);
        }
        self.by_hex[hex] = Some(laid);
        true
    }

    /// Lays the tile named `tile.tile` on the hex named `hex` of `map`, as a state names them
    /// (a name not of the map is kept as a stray, for `check` to refuse).
    pub fn insert(&mut self, map: &Map, hex: &str, tile: LaidTile) {
        self.remove(map, hex);
        let laid = match (map.hex_index(hex), map.tile_index(&tile.tile)) {
            (Some(at), Some(index)) => self.lay(
                at,
                Laid {
                    tile: index as u16,
                    rotation: tile.rotation,
                },
            ),
            _ => false,
        };
        if !laid {
            self.strays.insert(hex.into(), tile);
        }
    }

    /// Takes the tile off the hex named `hex`, if one is laid there.
    pub fn remove(&mut self, map: &Map, hex: &str) {
        self.strays.remove(hex);
        if let Some(cell) = map.hex_index(hex).and_then(|at| self.by_hex.get_mut(at)) {
            *cell = None;
        }
    }

    /// Whether a tile lies on the hex named `hex` (one the manifest has, on a hex of the map).
    pub fn is_laid(&self, map: &Map, hex: &str) -> bool {
        map.hex_index(hex).is_some_and(|at| self.at(at).is_some())
    }

    /// The tile on the hex named `hex`, by its ids.
    pub fn get(&self, map: &Map, hex: &str) -> Option<LaidTile> {
        match self.strays.get(hex) {
            Some(stray) => Some(stray.clone()),
            None => named(map, self.at(map.hex_index(hex)?)?),
        }
    }

    /// How many copies of tile `tile` (an index in the map's tiles) are laid.
    pub fn copies_of(&self, tile: usize) -> usize {
        self.by_hex
            .iter()
            .filter(|laid| laid.is_some_and(|l| usize::from(l.tile) == tile))
            .count()
    }

    /// How many tiles lie on the board, strays among them.
    pub fn len(&self) -> usize {
        self.by_hex.iter().flatten().count() + self.strays.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every tile laid, by its ids, in the order of the hexes' ids (the wire's order): the
    /// strays among them.
    pub fn by_id(&self, map: &Map) -> BTreeMap<Name, LaidTile> {
        let mut tiles = self.strays.clone();
        for (at, laid) in self.by_hex.iter().enumerate() {
            let named = laid.and_then(|laid| named(map, laid));
            if let (Some(hex), Some(laid)) = (map.hexes.get(at), named) {
                tiles.insert(hex.id.as_str().into(), laid);
            }
        }
        tiles
    }

    /// The tiles a state names by id, on `map`.
    fn of_ids(map: &Map, tiles: BTreeMap<Name, LaidTile>) -> Tiles {
        let mut laid = Tiles::default();
        for (hex, tile) in tiles {
            laid.insert(map, &hex, tile);
        }
        laid
    }
}

/// A tile laid, by its id.
fn named(map: &Map, laid: Laid) -> Option<LaidTile> {
    Some(LaidTile {
        tile: laid.tile_in(map)?.id.as_str().into(),
        rotation: laid.rotation,
    })
}

/// Two boards' tiles are the same when the same tiles lie on the same hexes (a board that has
/// never had a tile laid knows no map, and is the same as any other with none).
impl PartialEq for Tiles {
    fn eq(&self, other: &Self) -> bool {
        let len = self.by_hex.len().max(other.by_hex.len());
        self.strays == other.strays && (0..len).all(|hex| self.at(hex) == other.at(hex))
    }
}

impl Eq for Tiles {}

// A board as a state names it, read with the title's map by [`read`] and written by [`write`].
/// The map's changing part.
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxBoard)]
pub struct BoardIds {
    /// Tiles laid, by hex id: at most one per hex of the map (100).
    #[serde(deserialize_with = "crate::core::unique_keys::map_at_most::<_, _, _, 100>")]
    #[schema(value_type = BTreeMap<String, LaidTile>)]
    tiles: BTreeMap<Name, LaidTile>,
    /// At most [`MAX_STATIONS`]: each title's `check` holds its companies to their tokens.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 32>")]
    #[schema(max_items = 32)]
    stations: Vec<Station>,
}

impl BoardIds {
    /// The board these ids name on `map`.
    pub fn on(self, map: &Map) -> Board {
        Board {
            tiles: Tiles::of_ids(map, self.tiles),
            stations: self.stations,
        }
    }

    /// `board`'s ids on `map`.
    pub fn of(board: &Board, map: &Map) -> BoardIds {
        BoardIds {
            tiles: board.tiles.by_id(map),
            stations: board.stations.clone(),
        }
    }
}

/// Reads a state's board on the title's map (`deserialize_with`).
pub fn read<'de, M: TitleMap, D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
    Ok(BoardIds::deserialize(deserializer)?.on(M::map()))
}

/// Writes a state's board by the ids of the title's map (`serialize_with`).
pub fn write<M: TitleMap, S: Serializer>(board: &Board, serializer: S) -> Result<S::Ok, S::Error> {
    BoardIds::of(board, M::map()).serialize(serializer)
}
