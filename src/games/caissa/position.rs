//! A Caïssa position: pieces, tiles, the side to move, the no-undo ban and the ply count, with
//! copy-make moves (the whole state is under 150 bytes), an incremental Zobrist key, and the
//! learned evaluation's sums while a net is attached.

use super::board::{CELLS, TABLES, bishop, queen, rook};
use super::{BISHOP, KNIGHT, QUEEN, ROOK};
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::feature::{NetFeatures, NetState};
use crate::core::rng::splitmix64;

/// The encoding of "no piece" in [`State::board`].
pub(super) const EMPTY: u8 = 0xFF;
/// "No banned move".
pub(super) const NO_BAN: u16 = 0xFFFF;

/// The random numbers that make up position keys, drawn at compile time from a fixed seed.
pub(super) struct Keys {
    /// `piece[color * 4 + type][cell]`.
    pub piece: [[u64; CELLS]; 8],
    /// XORed in for each untiled cell.
    pub hole: [u64; CELLS],
    /// XORed in when Black is to move.
    pub side: u64,
    /// The banned move's origin and target.
    pub ban_from: [u64; CELLS],
    pub ban_to: [u64; CELLS],
}

const fn build_keys() -> Keys {
    let mut k = Keys {
        piece: [[0; CELLS]; 8],
        hole: [0; CELLS],
        side: 0,
        ban_from: [0; CELLS],
        ban_to: [0; CELLS],
    };
    let mut s = 0xCA15_5A00_0000_0001u64;
    let mut c = 0;
    while c < CELLS {
        let mut p = 0;
        while p < 8 {
            k.piece[p][c] = splitmix64(&mut s);
            p += 1;
        }
        k.hole[c] = splitmix64(&mut s);
        k.ban_from[c] = splitmix64(&mut s);
        k.ban_to[c] = splitmix64(&mut s);
        c += 1;
    }
    k.side = splitmix64(&mut s);
    k
}

/// The key tables.
pub(super) static KEYS: Keys = build_keys();

/// Everything that makes up a position (copied whole on each move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// `pieces[color][type]`.
    pub pieces: [[u64; 4]; 2],
    /// Cells holding a piece of each colour.
    pub occ: [u64; 2],
    /// `color * 4 + type` on each cell, or [`EMPTY`].
    pub board: [u8; CELLS],
    /// Tiled cells.
    pub tiles: u64,
    /// Side to move.
    pub side: Color,
    /// The move the side to move may not play (`from * 64 + to`), or [`NO_BAN`].
    pub ban: u16,
    /// Plies played since the start.
    pub ply: u32,
    /// Plies since the last Queen move (the only irreversible kind: it removes a tile).
    pub reversible: u32,
    /// Zobrist key.
    pub key: u64,
}

/// A Caïssa position with its history (for unmaking and repetition).
#[derive(Clone, Debug)]
pub struct CaissaPosition {
    pub(super) s: State,
    history: Vec<(State, Move)>,
    /// The repetition count and ply limit in force.
    pub end: super::EndRules,
    /// The learned evaluation's sums while a net is attached.
    pub(in crate::games::caissa) nnue: NetState,
}

impl State {
    /// An empty board, every cell tiled, White to move.
    pub(super) fn empty() -> State {
        State {
            pieces: [[0; 4]; 2],
            occ: [0; 2],
            board: [EMPTY; CELLS],
            tiles: super::board::ALL,
            side: Color::First,
            ban: NO_BAN,
            ply: 0,
            reversible: 0,
            key: 0,
        }
    }

    /// Puts a piece on an empty cell (the key is not updated).
    pub(super) fn put(&mut self, color: Color, t: u8, cell: usize) {
        self.pieces[color.index()][t as usize] |= 1 << cell;
        self.occ[color.index()] |= 1 << cell;
        self.board[cell] = color.index() as u8 * 4 + t;
    }

    /// The key computed from scratch.
    pub(super) fn compute_key(&self) -> u64 {
        let mut k = 0;
        for c in 0..CELLS {
            if self.board[c] != EMPTY {
                k ^= KEYS.piece[self.board[c] as usize][c];
            }
            if self.tiles & (1 << c) == 0 {
                k ^= KEYS.hole[c];
            }
        }
        if self.side == Color::Second {
            k ^= KEYS.side;
        }
        k ^ ban_key(self.ban)
    }

    /// Cells holding pieces of either colour.
    #[inline(always)]
    pub(super) fn all(&self) -> u64 {
        self.occ[0] | self.occ[1]
    }

    /// The cell of `color`'s Queen.
    #[inline(always)]
    pub(super) fn queen_cell(&self, color: Color) -> usize {
        self.pieces[color.index()][QUEEN as usize].trailing_zeros() as usize
    }

    /// True when `color`'s Queen is attacked by an enemy Rook, Bishop or Knight.
    #[inline(always)]
    pub(super) fn in_check(&self, color: Color) -> bool {
        let q = self.pieces[color.index()][QUEEN as usize];
        if q == 0 {
            return false;
        }
        let sq = q.trailing_zeros() as usize;
        let them = &self.pieces[color.flip().index()];
        let occ = self.all();
        rook(sq, occ) & them[ROOK as usize] != 0
            || bishop(sq, occ) & them[BISHOP as usize] != 0
            || TABLES.knight[sq] & them[KNIGHT as usize] != 0
    }

    /// True when the Queens see each other along an open line.
    #[inline(always)]
    pub(super) fn queens_facing(&self) -> bool {
        let w = self.pieces[0][QUEEN as usize];
        let b = self.pieces[1][QUEEN as usize];
        w != 0 && b != 0 && queen(w.trailing_zeros() as usize, self.all()) & b != 0
    }
}

/// The key part of a banned move.
#[inline(always)]
fn ban_key(ban: u16) -> u64 {
    if ban == NO_BAN {
        0
    } else {
        KEYS.ban_from[(ban >> 6) as usize] ^ KEYS.ban_to[(ban & 63) as usize]
    }
}

impl CaissaPosition {
    pub(super) fn from_state(mut s: State) -> CaissaPosition {
        s.key = s.compute_key();
        CaissaPosition {
            s,
            history: Vec::with_capacity(256),
            end: super::EndRules::default(),
            nnue: NetState::default(),
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.s.side
    }

    /// The piece on a cell: colour and type (0 Queen, 1 Rook, 2 Bishop, 3 Knight).
    pub fn piece_at(&self, cell: usize) -> Option<(Color, u8)> {
        let p = *self.s.board.get(cell)?;
        (p != EMPTY).then(|| (Color::BOTH[(p / 4) as usize], p % 4))
    }

    /// True when the cell carries a tile.
    pub fn tiled(&self, cell: usize) -> bool {
        cell < CELLS && self.s.tiles & (1 << cell) != 0
    }

    /// The tiled cells as a bitboard (bit `rank * 7 + file`).
    pub fn tiles(&self) -> u64 {
        self.s.tiles
    }

    /// The cells of one colour's pieces of one type.
    pub fn pieces(&self, color: Color, t: u8) -> u64 {
        self.s.pieces[color.index()][t as usize]
    }

    /// The Zobrist key (pieces, tiles, side, banned move; not the ply count).
    pub fn key(&self) -> u64 {
        self.s.key
    }

    /// The key recomputed from scratch (for tests of the incremental one).
    pub fn compute_key(&self) -> u64 {
        self.s.compute_key()
    }

    /// Plies played since the start.
    pub fn ply(&self) -> u32 {
        self.s.ply
    }

    /// The banned (no-undo) move, if any.
    pub fn banned(&self) -> Option<Move> {
        (self.s.ban != NO_BAN)
            .then(|| Move::normal((self.s.ban >> 6) as usize, (self.s.ban & 63) as usize))
    }

    /// True when the side to move's Queen is in check.
    pub fn in_check(&self) -> bool {
        self.s.in_check(self.s.side)
    }

    /// Moves made on this position (that [`CaissaPosition::unmake`] can take back).
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// The last move made, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|h| h.1)
    }

    /// Plays a legal move (or the pass, [`Move::PASS`]).
    pub fn make(&mut self, mv: Move) {
        self.net_make(mv);
        self.history.push((self.s, mv));
        let s = &mut self.s;
        let us = s.side.index();
        s.key ^= ban_key(s.ban) ^ KEYS.side;
        s.ban = NO_BAN;
        s.side = s.side.flip();
        s.ply += 1;
        s.reversible += 1;
        if mv == Move::PASS {
            return;
        }
        let (from, to) = (mv.from(), mv.to());
        let (fb, tb) = (1u64 << from, 1u64 << to);
        let mover = s.board[from];
        let t = (mover % 4) as usize;
        let target = s.board[to];
        if t == QUEEN as usize {
            // Captures an enemy piece (if any); the vacated tile goes.
            if target != EMPTY {
                let them = (target / 4) as usize;
                s.pieces[them][(target % 4) as usize] ^= tb;
                s.occ[them] ^= tb;
                s.key ^= KEYS.piece[target as usize][to];
            }
            s.tiles ^= fb;
            s.key ^= KEYS.hole[from];
            s.reversible = 0;
            s.pieces[us][t] ^= fb | tb;
            s.occ[us] ^= fb | tb;
            s.board[to] = mover;
            s.board[from] = EMPTY;
            s.key ^= KEYS.piece[mover as usize][from] ^ KEYS.piece[mover as usize][to];
        } else if target == EMPTY {
            if s.tiles & tb == 0 {
                // Carries its tile.
                s.tiles ^= fb | tb;
                s.key ^= KEYS.hole[from] ^ KEYS.hole[to];
            }
            s.pieces[us][t] ^= fb | tb;
            s.occ[us] ^= fb | tb;
            s.board[to] = mover;
            s.board[from] = EMPTY;
            s.key ^= KEYS.piece[mover as usize][from] ^ KEYS.piece[mover as usize][to];
        } else {
            // Swap.
            let other = (target / 4) as usize;
            let ot = (target % 4) as usize;
            s.pieces[us][t] ^= fb | tb;
            s.occ[us] ^= fb | tb;
            s.pieces[other][ot] ^= fb | tb;
            s.occ[other] ^= fb | tb;
            s.board[to] = mover;
            s.board[from] = target;
            s.key ^= KEYS.piece[mover as usize][from]
                ^ KEYS.piece[mover as usize][to]
                ^ KEYS.piece[target as usize][to]
                ^ KEYS.piece[target as usize][from];
            if ot == t {
                s.ban = (from as u16) << 6 | to as u16;
                s.key ^= ban_key(s.ban);
            }
        }
    }

    /// Takes back the last move.
    pub fn unmake(&mut self) {
        if let Some((s, _)) = self.history.pop() {
            self.s = s;
            self.net_unmake();
        }
    }

    /// How many times the current position occurred before in the history (placement,
    /// tiles, side to move and ban).
    pub fn repetitions(&self) -> u32 {
        let n = self.history.len();
        let back = (self.s.reversible as usize).min(n);
        let mut count = 0;
        let mut i = 2;
        while i <= back {
            if self.history[n - i].0.key == self.s.key {
                count += 1;
            }
            i += 2;
        }
        count
    }

    /// True when the current position occurred before, inside the reversible stretch.
    pub fn repeated(&self) -> bool {
        self.repetitions() > 0
    }

    /// Drops the history (keeps the position), e.g. after setting up a position.
    pub fn clear_history(&mut self) {
        self.history.clear();
    }
}
