//! The 7 x 7 board of Caïssa as 49 bits of a `u64` (cell = rank * 7 + file): leap and ray
//! tables built at compile time, sliding attacks stopped by pieces only (untiled squares never
//! block), and the tile-connection test as a bitboard flood fill.

/// Board width and height.
pub const SIZE: usize = 7;
/// Number of cells.
pub const CELLS: usize = SIZE * SIZE;
/// Every cell of the board.
pub const ALL: u64 = (1u64 << CELLS) - 1;

const FILE_A: u64 = {
    let mut m = 0u64;
    let mut r = 0;
    while r < SIZE {
        m |= 1 << (r * SIZE);
        r += 1;
    }
    m
};
const FILE_G: u64 = FILE_A << (SIZE - 1);

/// The eight directions as (file step, rank step): N, E, NE, NW have increasing cell
/// indices, S, W, SW, SE decreasing ones.
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];

/// Precomputed tables of the board.
pub struct Tables {
    /// `ray[dir][cell]`: the cells from `cell` towards `dir` (the cell itself excluded).
    pub ray: [[u64; CELLS]; 8],
    /// Knight leaps from each cell.
    pub knight: [u64; CELLS],
    /// The up to eight neighbours of each cell.
    pub king: [u64; CELLS],
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && r >= 0 && f < SIZE as i32 && r < SIZE as i32
}

const fn build() -> Tables {
    let mut t = Tables {
        ray: [[0; CELLS]; 8],
        knight: [0; CELLS],
        king: [0; CELLS],
    };
    let leaps: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut c = 0;
    while c < CELLS {
        let f = (c % SIZE) as i32;
        let r = (c / SIZE) as i32;
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let (mut x, mut y) = (f + df, r + dr);
            if on_board(x, y) {
                t.king[c] |= 1 << (y as usize * SIZE + x as usize);
            }
            while on_board(x, y) {
                t.ray[d][c] |= 1 << (y as usize * SIZE + x as usize);
                x += df;
                y += dr;
            }
            let (lf, lr) = leaps[d];
            if on_board(f + lf, r + lr) {
                t.knight[c] |= 1 << ((r + lr) as usize * SIZE + (f + lf) as usize);
            }
            d += 1;
        }
        c += 1;
    }
    t
}

/// The board's tables, computed by the compiler.
pub static TABLES: Tables = build();

/// The squares a slider on `cell` reaches along direction `d`, up to and including the first
/// piece of `occ`.
#[inline(always)]
fn ray_attacks(cell: usize, occ: u64, d: usize) -> u64 {
    let ray = TABLES.ray[d][cell];
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    let first = if d < 4 {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    } as usize;
    ray ^ TABLES.ray[d][first]
}

/// Rook attacks from `cell` with pieces `occ`.
#[inline(always)]
pub fn rook(cell: usize, occ: u64) -> u64 {
    ray_attacks(cell, occ, 0)
        | ray_attacks(cell, occ, 1)
        | ray_attacks(cell, occ, 4)
        | ray_attacks(cell, occ, 5)
}

/// Bishop attacks from `cell` with pieces `occ`.
#[inline(always)]
pub fn bishop(cell: usize, occ: u64) -> u64 {
    ray_attacks(cell, occ, 2)
        | ray_attacks(cell, occ, 3)
        | ray_attacks(cell, occ, 6)
        | ray_attacks(cell, occ, 7)
}

/// Queen attacks from `cell` with pieces `occ`.
#[inline(always)]
pub fn queen(cell: usize, occ: u64) -> u64 {
    rook(cell, occ) | bishop(cell, occ)
}

/// The cells next to any cell of `s` (diagonals included), on the board.
#[inline(always)]
pub fn grow(s: u64) -> u64 {
    let east = (s & !FILE_G) << 1 | (s & !FILE_G) << 8 | (s & !FILE_G) >> 6;
    let west = (s & !FILE_A) >> 1 | (s & !FILE_A) << 6 | (s & !FILE_A) >> 8;
    (s | east | west | s << 7 | s >> 7) & ALL
}

/// True when the tiles form one group, counting diagonal contact.
#[inline]
pub fn connected(tiles: u64) -> bool {
    if tiles == 0 {
        return true;
    }
    let mut group = tiles & tiles.wrapping_neg();
    loop {
        let next = grow(group) & tiles;
        if next == group {
            return group == tiles;
        }
        group = next;
    }
}

/// The name of a cell, `a1` to `g7`.
pub fn name(cell: usize) -> String {
    format!(
        "{}{}",
        (b'a' + (cell % SIZE) as u8) as char,
        (cell / SIZE) + 1
    )
}

/// The cell of a name such as `c4`.
pub fn parse_cell(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0].wrapping_sub(b'a') as usize;
    let r = b[1].wrapping_sub(b'1') as usize;
    (f < SIZE && r < SIZE).then_some(r * SIZE + f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_the_right_sizes() {
        // a1 (cell 0): knight b3, c2; king a2, b1, b2.
        assert_eq!(TABLES.knight[0], 1 << 15 | 1 << 9);
        assert_eq!(TABLES.king[0].count_ones(), 3);
        assert_eq!(TABLES.king[24].count_ones(), 8);
        let centre: u32 = (0..8).map(|d| TABLES.ray[d][24].count_ones()).sum();
        assert_eq!(centre, 24);
    }

    #[test]
    fn sliders_stop_at_the_first_piece_only() {
        let d4 = parse_cell("d4").unwrap();
        let d6 = parse_cell("d6").unwrap();
        let r = rook(d4, 1 << d6);
        assert!(r & (1 << d6) != 0);
        assert!(r & (1 << parse_cell("d7").unwrap()) == 0);
        assert_eq!(rook(d4, 0).count_ones(), 12);
        assert_eq!(bishop(d4, 0).count_ones(), 12);
    }

    #[test]
    fn connection_counts_diagonals() {
        let a1 = 1u64 << parse_cell("a1").unwrap();
        let b2 = 1u64 << parse_cell("b2").unwrap();
        let c1 = 1u64 << parse_cell("c1").unwrap();
        let g7 = 1u64 << parse_cell("g7").unwrap();
        assert!(connected(a1 | b2 | c1));
        assert!(!connected(a1 | c1));
        assert!(!connected(a1 | g7));
        assert!(connected(ALL));
        // No wrap-around from the g-file to the a-file.
        let g1 = 1u64 << parse_cell("g1").unwrap();
        let a2 = 1u64 << parse_cell("a2").unwrap();
        assert!(!connected(g1 | a2));
    }
}
