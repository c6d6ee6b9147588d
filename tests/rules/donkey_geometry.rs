//! Donkey Kaissa's board, DONKEY.md §1-§7, statement by statement, against the engine's
//! tables in `kaissa::core::donkey`:
//! - `appendix`: Appendix A, read from `tests/donkey/appendix_a.txt` (the appendix copied
//!   verbatim), cell by cell and direction by direction, with the continuing directions;
//! - `relations`: names and indices, adjacency and its counts, both orders of the diagonal
//!   step, the 24 lines of 8, colours, the centre split, rays, the (2,1) flight, and the
//!   invariance of all of them under the half turn and the mirror;
//! - `fields`: the Spearmen's forward fields, their cuts, the steps that carry them, the ends
//!   of the files and the enemy's near edges.

mod appendix;
mod fields;
mod relations;

use kaissa::core::donkey::{Cell, Centre, DonkeyBoard};
use std::sync::OnceLock;

/// The default board (split centre), built once for all tests.
pub fn board() -> &'static DonkeyBoard {
    static B: OnceLock<DonkeyBoard> = OnceLock::new();
    B.get_or_init(|| DonkeyBoard::new(Centre::Split))
}

/// The board with the option `centre_straight`.
pub fn straight() -> &'static DonkeyBoard {
    static B: OnceLock<DonkeyBoard> = OnceLock::new();
    B.get_or_init(|| DonkeyBoard::new(Centre::Straight))
}

/// A cell by name; the tests name only real cells.
pub fn c(name: &str) -> Cell {
    Cell::parse(name).unwrap_or_else(|| panic!("test names a cell that is not one: {name}"))
}

/// A mask of cells by names separated by spaces.
pub fn mask(names: &str) -> u128 {
    names
        .split_whitespace()
        .fold(0u128, |m, n| m | 1u128 << c(n).index())
}

/// The names of a mask's cells, sorted, space-separated.
pub fn names(m: u128) -> String {
    let mut v: Vec<String> = kaissa::core::donkey::mask_cells(m)
        .map(|c| c.name())
        .collect();
    v.sort();
    v.join(" ")
}
