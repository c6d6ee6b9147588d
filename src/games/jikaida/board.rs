//! The Jikaida board: a rectangle of 6 x 6 drins with fronts between them, and every table the
//! move generator reads, built once per board size through the generic [`Geometry`] layer.
//!
//! Front rules are baked into per-direction rays, so they cost nothing when moves are made:
//! [`Board::jray`] (cross a front only on the first step, then stop at the next front; the
//! Jiktar, Hikdar, Deldar and Swod), [`Board::cray`] (at most one crossing; the Chuktar and
//! Kapt), and their length-limited forms for the Deldar and the Swod.

use crate::core::bitboard::Bitboard;
use crate::core::geometry::{Color, Dir, Geometry, Rect};
use crate::core::rng::splitmix64;

/// Side of a drin, in squares: fronts run every six files and every six ranks.
pub const DRIN: usize = 6;
/// No neighbour in that direction.
pub const NONE: u16 = u16::MAX;

/// The opposite of direction index `d`.
#[inline(always)]
pub fn opposite(d: usize) -> usize {
    (d + 4) & 7
}

/// A board size with its tables, shared by every position on it.
#[derive(Debug)]
pub struct Board<B> {
    /// The rectangle, for names and coordinates.
    pub rect: Rect,
    /// Number of cells.
    pub cells: usize,
    /// `step[cell][dir]`: the neighbour, or [`NONE`].
    pub step: Vec<[u16; 8]>,
    /// `crosses[cell]`: bit `dir` set when the step from `cell` in `dir` crosses a front.
    pub crosses: Vec<u8>,
    /// True when rays in that direction visit cells in increasing order.
    pub increasing: [bool; 8],
    /// The full ray to the edge, per direction and cell.
    pub full: [Vec<B>; 8],
    /// The ray that may cross a front only on its first step, and ends at the next front.
    pub jray: [Vec<B>; 8],
    /// The ray with at most one front crossing.
    pub cray: [Vec<B>; 8],
    /// `short[n - 1]`: the first `n` cells of [`Self::jray`] (n = 1..4: the Swod's step and
    /// first move, the Deldar's move and first move).
    pub short: [[Vec<B>; 8]; 4],
    /// The ray that never crosses a front.
    pub inray: [Vec<B>; 8],
    /// The first two cells of [`Self::inray`] (the second leg of a Deldar's turning move).
    pub inshort: [Vec<B>; 8],
    /// `deldar_turns_empty[cell]`: where an unmoved Deldar's turning double move from `cell`
    /// may end on an empty board (a superset of its turning moves on any board).
    pub deldar_turns_empty: Vec<B>,
    /// `deldar_corner[cell][d]`: the cell two straight steps from `cell` in direction `d`
    /// (the corner of an unmoved Deldar's turning move; the first step may cross a front), or
    /// [`NONE`] if the board ends before it.
    pub deldar_corner: Vec<[u16; 8]>,
    /// `inshort_cells[cell][d]`: the cells of [`Self::inshort`] in order, [`NONE`] where it
    /// is shorter than two.
    pub inshort_cells: Vec<[[u16; 2]; 8]>,
    /// The full ray without its first three cells (vault captures need three pieces passed).
    pub beyond3: [Vec<B>; 8],
    /// King steps.
    pub king: Vec<B>,
    /// Knight leaps (Paktun, and the leaps of Kapt and Pallan).
    pub knight: Vec<B>,
    /// Cells within four king steps (where an unmoved Deldar's double move can reach).
    pub near4: Vec<B>,
    /// `reach_any[cell]`: every cell a piece other than the Pallan could reach from the cell
    /// on some board: its eight lines (slides, steps, straight vaults) and the cells within
    /// four King steps (leaps, first moves, the Deldar's turning move).
    pub reach_any: Vec<B>,
    /// Each side's last rank, where its Swods promote.
    pub last_rank: [B; 2],
    /// `line[cell][o]`: the line of orientation `o` through the cell (0 a file, 1 a NE–SW
    /// diagonal, 2 a rank, 3 a SE–NW diagonal) and the cell's place on it, counted from 0 in
    /// direction `o` (so direction `o + 4` counts down). A position keeps each line's
    /// occupancy as one word, bit `i` for place `i`: runs and first blockers are then a
    /// count of trailing or leading bits.
    pub line: Vec<[(u8, u8); 4]>,
    /// `line_cells[l * 64 + i]`: the cell at place `i` of line `l`.
    pub line_cells: Vec<u16>,
    /// `line_len[l]`: the number of cells of line `l`.
    pub line_len: Vec<u8>,
    /// `ray_len[cell][0][d]` and `ray_len[cell][1][d]`: the number of cells of
    /// [`Self::jray`] and [`Self::cray`] (a slide's length when nothing blocks it).
    pub ray_len: Vec<[[u8; 8]; 2]>,
    /// `line_reach[l][i]`: [`Self::ray_len`] along line `l` from its place `i`, as
    /// `[short up, short down, long up, long down]` (for the mobility upkeep,
    /// [`super::mobility`]).
    pub line_reach: Vec<[[u8; 4]; 64]>,
    /// `rank_of[cell]`: the cell's rank, from 0.
    pub rank_of: Vec<u8>,
    /// `swod_steps[color][cell]`: how far a Swod of `color` on the cell has come, as the
    /// evaluation weighs it: ranks beyond its third, and ranks within six of its last rank.
    /// Positions keep the sums over their Swods as pieces come and go.
    pub swod_steps: [Vec<[u8; 2]>; 2],
    /// `pallan_on_lines[cell * lines + l]`: the places of line `l` in `pallan_empty[cell]`
    /// or equal to `cell`, as a line word.
    pub pallan_on_lines: Vec<u64>,
    /// `pallan_empty[cell]`: every cell a Pallan's refracting slide from `cell` reaches on an
    /// empty board (a superset of its slides on any board).
    pub pallan_empty: Vec<B>,
    /// Zobrist keys: `piece[(color * 9 + kind) * cells + cell]`.
    pub piece_keys: Vec<u64>,
    /// XORed in for each cell holding a piece with its first-move powers.
    pub unmoved_keys: Vec<u64>,
    /// XORed in when Blue is to move.
    pub side_key: u64,
    /// XORed in for each side still holding its Fluttember.
    pub flutter_keys: [u64; 2],
}

/// The first `n` cells of a ray from `cell` in `dir`.
fn limit<B: Bitboard>(b: &Board<B>, cell: usize, dir: usize, ray: B, n: usize) -> B {
    let mut out = B::EMPTY;
    let mut c = cell;
    for _ in 0..n {
        let s = b.step[c][dir];
        if s == NONE || !ray.has(s as usize) {
            break;
        }
        out.set(s as usize);
        c = s as usize;
    }
    out
}

impl<B: Bitboard> Board<B> {
    /// The tables of a `files` x `ranks` board. Both must be multiples of [`DRIN`] and the
    /// cells must fit in `B`.
    pub fn new(files: usize, ranks: usize) -> Board<B> {
        let rect = Rect { files, ranks };
        let cells = rect.cell_count();
        assert!(cells <= B::CAPACITY, "board too large for the bitboard");
        let step: Vec<[u16; 8]> = (0..cells)
            .map(|c| std::array::from_fn(|d| rect.step(c, Dir::ALL[d]).map_or(NONE, |n| n as u16)))
            .collect();
        let drin = |c: usize| (rect.file(c) / DRIN, rect.rank(c) / DRIN);
        let crosses: Vec<u8> = (0..cells)
            .map(|c| {
                (0..8).fold(0u8, |acc, d| {
                    let n = step[c][d];
                    if n != NONE && drin(n as usize) != drin(c) {
                        acc | 1 << d
                    } else {
                        acc
                    }
                })
            })
            .collect();
        let increasing = std::array::from_fn(|d| rect.ray_increases(Dir::ALL[d]));
        // A ray walked step by step, stopping before a step with too many crossings.
        let walk = |c: usize, d: usize, rule: fn(usize, bool) -> bool| -> B {
            let mut out = B::EMPTY;
            let mut cur = c;
            let mut i = 0;
            let mut crossings = 0;
            while step[cur][d] != NONE {
                let cr = crosses[cur] & (1 << d) != 0;
                if cr {
                    crossings += 1;
                }
                if !rule(i, cr) || crossings > 1 {
                    break;
                }
                cur = step[cur][d] as usize;
                out.set(cur);
                i += 1;
            }
            out
        };
        let table = |rule: fn(usize, bool) -> bool| -> [Vec<B>; 8] {
            std::array::from_fn(|d| (0..cells).map(|c| walk(c, d, rule)).collect())
        };
        let full: [Vec<B>; 8] = std::array::from_fn(|d| {
            (0..cells)
                .map(|c| {
                    let mut out = B::EMPTY;
                    let mut cur = c;
                    while step[cur][d] != NONE {
                        cur = step[cur][d] as usize;
                        out.set(cur);
                    }
                    out
                })
                .collect()
        });
        // Crossing allowed on step 0 only.
        let jray = table(|i, cr| !cr || i == 0);
        // One crossing anywhere (the walk stops at the second).
        let cray = table(|_, _| true);
        let inray = table(|_, cr| !cr);
        let mut board = Board {
            rect,
            cells,
            step,
            crosses,
            increasing,
            full,
            jray,
            cray,
            inray,
            inshort: std::array::from_fn(|_| Vec::new()),
            deldar_turns_empty: Vec::new(),
            deldar_corner: Vec::new(),
            inshort_cells: Vec::new(),
            short: std::array::from_fn(|_| std::array::from_fn(|_| Vec::new())),
            beyond3: std::array::from_fn(|_| Vec::new()),
            king: Vec::new(),
            knight: Vec::new(),
            near4: Vec::new(),
            reach_any: Vec::new(),
            last_rank: [B::EMPTY; 2],
            line: Vec::new(),
            line_cells: Vec::new(),
            line_len: Vec::new(),
            pallan_empty: Vec::new(),
            pallan_on_lines: Vec::new(),
            ray_len: Vec::new(),
            line_reach: Vec::new(),
            rank_of: (0..cells).map(|c| rect.rank(c) as u8).collect(),
            swod_steps: [Color::First, Color::Second].map(|c| {
                (0..cells)
                    .map(|cell| {
                        let rank = rect.rank(cell) as i32;
                        let ranks = rect.ranks as i32;
                        let rel = if c == Color::First {
                            rank
                        } else {
                            ranks - 1 - rank
                        };
                        [(rel - 2).max(0) as u8, (rel - (ranks - 7)).max(0) as u8]
                    })
                    .collect()
            }),
            piece_keys: Vec::new(),
            unmoved_keys: Vec::new(),
            side_key: 0,
            flutter_keys: [0; 2],
        };
        board.beyond3 = std::array::from_fn(|d| {
            (0..cells)
                .map(|c| board.full[d][c] & !limit(&board, c, d, board.full[d][c], 3))
                .collect()
        });
        board.short = std::array::from_fn(|n| {
            std::array::from_fn(|d| {
                (0..cells)
                    .map(|c| limit(&board, c, d, board.jray[d][c], n + 1))
                    .collect()
            })
        });
        board.inshort = std::array::from_fn(|d| {
            (0..cells)
                .map(|c| limit(&board, c, d, board.inray[d][c], 2))
                .collect()
        });
        board.deldar_corner = (0..cells)
            .map(|c| {
                std::array::from_fn(|d| {
                    let two = board.short[1][d][c];
                    if two.count() == 2 {
                        board.first(opposite(d), two) as u16
                    } else {
                        NONE
                    }
                })
            })
            .collect();
        board.inshort_cells = (0..cells)
            .map(|c| {
                std::array::from_fn(|d| {
                    let ray = board.inshort[d][c];
                    let mut out = [NONE; 2];
                    let mut cur = c;
                    for slot in out.iter_mut() {
                        let n = board.step[cur][d];
                        if n == NONE || !ray.has(n as usize) {
                            break;
                        }
                        *slot = n;
                        cur = n as usize;
                    }
                    out
                })
            })
            .collect();
        board.deldar_turns_empty = (0..cells)
            .map(|c| board.deldar_turns(c, B::EMPTY, B::EMPTY))
            .collect();
        board.king = (0..cells)
            .map(|c| {
                (0..8)
                    .filter(|&d| board.step[c][d] != NONE)
                    .fold(B::EMPTY, |acc, d| {
                        acc | B::single(board.step[c][d] as usize)
                    })
            })
            .collect();
        const KNIGHT: [(i32, i32); 8] = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        board.knight = (0..cells)
            .map(|c| {
                KNIGHT
                    .iter()
                    .filter_map(|&(dx, dy)| rect.leap(c, dx, dy))
                    .fold(B::EMPTY, |acc, n| acc | B::single(n))
            })
            .collect();
        board.near4 = (0..cells)
            .map(|c| {
                let (f, r) = (rect.file(c) as i32, rect.rank(c) as i32);
                (0..cells)
                    .filter(|&n| {
                        let (nf, nr) = (rect.file(n) as i32, rect.rank(n) as i32);
                        (nf - f).abs().max((nr - r).abs()) <= 4
                    })
                    .fold(B::EMPTY, |acc, n| acc | B::single(n))
            })
            .collect();
        board.reach_any = (0..cells)
            .map(|c| (0..8).fold(board.near4[c], |acc, d| acc | board.full[d][c]))
            .collect();
        board.line = vec![[(0, 0); 4]; cells];
        for o in 0..4 {
            for c in 0..cells {
                if board.step[c][opposite(o)] != NONE {
                    continue;
                }
                // `c` starts a line of orientation `o`.
                let l = board.line_len.len();
                board.line_cells.resize((l + 1) * 64, NONE);
                let mut cur = c;
                let mut i = 0;
                loop {
                    board.line[cur][o] = (l as u8, i as u8);
                    board.line_cells[l * 64 + i] = cur as u16;
                    i += 1;
                    match board.next(cur, o) {
                        Some(n) => cur = n,
                        None => break,
                    }
                }
                board.line_len.push(i as u8);
            }
        }
        assert!(board.line_len.len() <= 256, "too many lines for a u8 index");
        board.ray_len = (0..cells)
            .map(|c| {
                [
                    std::array::from_fn(|d| board.jray[d][c].count() as u8),
                    std::array::from_fn(|d| board.cray[d][c].count() as u8),
                ]
            })
            .collect();
        board.line_reach = super::mobility::line_reach(&board);
        board.pallan_empty = (0..cells)
            .map(|c| board.pallan_slides(c, B::EMPTY).0)
            .collect();
        let lines = board.line_len.len();
        board.pallan_on_lines = vec![0; cells * lines];
        for from in 0..cells {
            for c in (board.pallan_empty[from] | B::single(from)).cells() {
                for (l, i) in board.line[c] {
                    board.pallan_on_lines[from * lines + l as usize] |= 1 << i;
                }
            }
        }
        for f in 0..files {
            board.last_rank[0].set(rect.cell(f, ranks - 1));
            board.last_rank[1].set(rect.cell(f, 0));
        }
        let mut seed = 0x11CA_1DA0_0000_0000 ^ ((files as u64) << 16) ^ ranks as u64;
        board.piece_keys = (0..18 * cells).map(|_| splitmix64(&mut seed)).collect();
        board.unmoved_keys = (0..cells).map(|_| splitmix64(&mut seed)).collect();
        board.side_key = splitmix64(&mut seed);
        board.flutter_keys = [splitmix64(&mut seed), splitmix64(&mut seed)];
        board
    }

    /// The neighbour of `cell` in direction `d`, if any.
    #[inline(always)]
    pub fn next(&self, cell: usize, d: usize) -> Option<usize> {
        let s = self.step[cell][d];
        (s != NONE).then_some(s as usize)
    }

    /// True when the step from `cell` in direction `d` crosses a front.
    #[inline(always)]
    pub fn crosses(&self, cell: usize, d: usize) -> bool {
        self.crosses[cell] & (1 << d) != 0
    }

    /// The first cell of `set` along direction `d` (`set` lies on one ray in that direction).
    #[inline(always)]
    pub fn first(&self, d: usize, set: B) -> usize {
        if self.increasing[d] {
            set.lowest()
        } else {
            set.highest()
        }
    }

    /// The cells of `ray` (from some cell in direction `d`) up to and including the first
    /// occupied one.
    #[inline(always)]
    pub fn slide(&self, d: usize, ray: B, occ: B) -> B {
        let blockers = ray & occ;
        if blockers.is_empty() {
            ray
        } else {
            ray & !self.full[d][self.first(d, blockers)]
        }
    }

    /// The unbroken run of occupied cells next to `cell` in direction `d`, and the first empty
    /// cell after it (if the run does not reach the edge).
    #[inline(always)]
    pub fn run(&self, cell: usize, d: usize, occ: B) -> (B, Option<usize>) {
        let ray = self.full[d][cell];
        let gaps = ray & !occ;
        if gaps.is_empty() {
            (ray, None)
        } else {
            let g = self.first(d, gaps);
            (ray & !self.full[d][g] & !B::single(g), Some(g))
        }
    }

    /// The line through `cell` along direction `d` (either way) and the cell's place on it.
    #[inline(always)]
    pub fn line_of(&self, cell: usize, d: usize) -> (usize, usize) {
        let (l, i) = self.line[cell][d & 3];
        (l as usize, i as usize)
    }

    /// The cell at place `i` of line `l`.
    #[inline(always)]
    pub fn line_cell(&self, l: usize, i: usize) -> usize {
        self.line_cells[l * 64 + i] as usize
    }

    /// The run of occupied cells next to place `i` of line `l` in direction `d`, given the
    /// line's occupancy `bits`: its length, and the place of the first empty cell after it
    /// (`None` when the run reaches the edge).
    #[inline(always)]
    pub fn line_run(&self, bits: u64, l: usize, i: usize, d: usize) -> (usize, Option<usize>) {
        if d < 4 {
            let n = (!(bits >> (i + 1))).trailing_zeros() as usize;
            let g = i + 1 + n;
            (n, (g < self.line_len[l] as usize).then_some(g))
        } else {
            let empty = !bits & ((1u64 << i) - 1);
            if empty == 0 {
                (i, None)
            } else {
                let g = 63 - empty.leading_zeros() as usize;
                (i - 1 - g, Some(g))
            }
        }
    }

    /// The place of the first occupied cell beyond place `i` of line `l` in direction `d`.
    #[inline(always)]
    pub fn line_first(&self, bits: u64, i: usize, d: usize) -> Option<usize> {
        if d < 4 {
            let x = bits >> (i + 1);
            (x != 0).then(|| i + 1 + x.trailing_zeros() as usize)
        } else {
            let x = bits & ((1u64 << i) - 1);
            (x != 0).then(|| 63 - x.leading_zeros() as usize)
        }
    }

    /// The number of empty cells next to place `i` of line `l` in direction `d` before the
    /// first occupied one (or the edge), given the line's occupancy `bits`.
    #[inline(always)]
    pub fn line_free(&self, bits: u64, l: usize, i: usize, d: usize) -> usize {
        if d < 4 {
            ((bits >> (i + 1)).trailing_zeros() as usize).min(self.line_len[l] as usize - i - 1)
        } else {
            Self::line_free_down(bits, i)
        }
    }

    /// [`Self::line_free`] towards place 0 (no bound needed: the count stops there).
    #[inline(always)]
    pub fn line_free_down(bits: u64, i: usize) -> usize {
        (bits & ((1u64 << i) - 1)).leading_zeros() as usize + i - 64
    }

    /// [`Self::pallan_on_lines`] for a Pallan on `from`, indexed by line.
    #[inline(always)]
    pub fn pallan_lines(&self, from: usize) -> &[u64] {
        let lines = self.line_len.len();
        &self.pallan_on_lines[from * lines..(from + 1) * lines]
    }

    /// The place `k` steps from place `i` in direction `d`.
    #[inline(always)]
    pub fn line_step(i: usize, d: usize, k: usize) -> usize {
        if d < 4 { i + k } else { i - k }
    }

    /// The first `n` cells of `ray` from `cell` in direction `d`.
    pub fn limited(&self, cell: usize, d: usize, ray: B, n: usize) -> B {
        limit(self, cell, d, ray, n)
    }

    /// The forward direction indices of `color`'s Swods: straight ahead first.
    #[inline(always)]
    pub fn forward(color: Color) -> [usize; 3] {
        match color {
            Color::First => [0, 1, 7],
            Color::Second => [4, 3, 5],
        }
    }

    /// The key of a piece on a cell.
    #[inline(always)]
    pub fn piece_key(&self, color: Color, kind: u8, cell: usize) -> u64 {
        self.piece_keys[(color.index() * 9 + kind as usize) * self.cells + cell]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bitboard::Wide;

    #[test]
    fn fronts_cut_rays() {
        let b: Board<Wide<4>> = Board::new(12, 18);
        let c = |s: &str| b.rect.parse(s).unwrap();
        // A Jiktar on c3 going north stops at rank 6; from c6 it crosses and stops at rank 12.
        assert_eq!(b.jray[0][c("c3")].count(), 3);
        assert_eq!(b.jray[0][c("c6")].count(), 6);
        // A Chuktar on c3 crosses once: ranks 4..12.
        assert_eq!(b.cray[0][c("c3")].count(), 9);
        // A diagonal through the interior corner f6/g7 is one crossing.
        assert!(b.crosses(c("f6"), 1));
        assert_eq!(b.cray[1][c("d4")].count(), 2 + 6);
        assert_eq!(b.knight[c("a1")].count(), 2);
        assert_eq!(b.beyond3[0][c("a1")].count(), 14);
        assert_eq!(b.near4[c("a1")].count(), 25);
    }
}
