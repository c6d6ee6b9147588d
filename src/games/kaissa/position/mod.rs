//! A position: pieces on cells, hands, first-move rights, side to move, clocks and the Zobrist
//! key, with make/unmake of moves that keeps the key up to date incrementally.

mod fen;
mod playable;
mod rules;
mod view;

use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::feature::{NetFeatures, NetState};
use crate::games::kaissa::game::{Game, MAX_TYPES};
use std::sync::Arc;

/// A cell with no piece in [`Position::piece_at`] terms.
pub const NO_PIECE: u8 = 0xFF;

/// What make needs to take a move back.
#[derive(Clone, Debug)]
struct Undo<B> {
    mv: Move,
    captured: u8,
    moved: u8,
    halfmove: u32,
    reversible: u32,
    unmoved: B,
    key: u64,
    /// The key without the drop-window part, for repetition.
    rep: u64,
}

/// A game position for bitboard width `B`.
#[derive(Clone, Debug)]
pub struct Position<B: Bitboard> {
    game: Arc<Game<B>>,
    by_type: [[B; MAX_TYPES]; 2],
    by_color: [B; 2],
    /// `board[cell]`: `color << 4 | type`, or [`NO_PIECE`].
    board: Vec<u8>,
    hand: [[u8; MAX_TYPES]; 2],
    unmoved: B,
    stm: Color,
    halfmove: u32,
    /// Plies since the last move that no sequence of moves can undo (a capture, a drop, a
    /// promotion, a first move): how far back repetition must look.
    reversible: u32,
    fullmove: u32,
    key: u64,
    /// The Zobrist key of the structural pieces alone ([`Game::structural`]).
    structure_key: u64,
    undo: Vec<Undo<B>>,
    /// The learned evaluation's sums, while a net is attached ([`NetFeatures::attach_net`]).
    pub(in crate::games::kaissa) nnue: NetState,
}

/// Packs a colour and type into a board byte.
#[inline(always)]
fn code(color: Color, ptype: u8) -> u8 {
    (color as u8) << 4 | ptype
}

/// The colour index (0: the first player) of a board byte that holds a piece.
#[inline(always)]
pub(crate) fn color_index(p: u8) -> usize {
    (p >> 4) as usize
}

/// The piece type of a board byte that holds a piece.
#[inline(always)]
pub(crate) fn piece_type(p: u8) -> u8 {
    p & 0xF
}

impl<B: Bitboard> Position<B> {
    /// An empty board of `game`, first player to move, turn 1.
    fn empty(game: &Arc<Game<B>>) -> Self {
        Position {
            game: game.clone(),
            by_type: [[B::EMPTY; MAX_TYPES]; 2],
            by_color: [B::EMPTY; 2],
            board: vec![NO_PIECE; game.board.cell_count()],
            hand: [[0; MAX_TYPES]; 2],
            unmoved: B::EMPTY,
            stm: Color::First,
            halfmove: 0,
            reversible: 0,
            fullmove: 1,
            key: 0,
            structure_key: 0,
            undo: Vec::new(),
            nnue: NetState::default(),
        }
    }

    /// The game this position belongs to.
    #[inline(always)]
    pub fn game(&self) -> &Arc<Game<B>> {
        &self.game
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.stm
    }

    /// The piece on a cell, as (colour, type).
    #[inline(always)]
    pub fn piece_at(&self, cell: usize) -> Option<(Color, u8)> {
        match self.board[cell] {
            NO_PIECE => None,
            p => Some((
                if color_index(p) == 0 {
                    Color::First
                } else {
                    Color::Second
                },
                piece_type(p),
            )),
        }
    }

    /// The cells holding pieces of `color` and `ptype`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, ptype: u8) -> B {
        self.by_type[color.index()][ptype as usize]
    }

    /// The cells holding pieces of `color`.
    #[inline(always)]
    pub fn occupied_by(&self, color: Color) -> B {
        self.by_color[color.index()]
    }

    /// The cells holding any piece.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.by_color[0] | self.by_color[1]
    }

    /// How many pieces of `ptype` `color` holds in hand.
    #[inline(always)]
    pub fn in_hand(&self, color: Color, ptype: u8) -> u8 {
        self.hand[color.index()][ptype as usize]
    }

    /// The cells whose pieces have not moved yet (and have first-move powers).
    #[inline(always)]
    pub fn unmoved(&self) -> B {
        self.unmoved
    }

    /// Plies since the last capture, pawn move or drop.
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number: 1 at the start, +1 after each move of the second player. A player's
    /// n-th turn is the one where this is n and that player is to move.
    #[inline(always)]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist key.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key of the pawns and Home Stones alone, for the search's correction history.
    #[inline(always)]
    pub fn structure_key(&self) -> u64 {
        self.structure_key
    }

    /// [`Position::structure_key`] computed from scratch.
    pub fn compute_structure_key(&self) -> u64 {
        self.board_key(|t| self.game.structural[t])
    }

    /// The Zobrist key of the pieces on the board whose type passes `keep`.
    fn board_key(&self, keep: impl Fn(usize) -> bool) -> u64 {
        let z = &self.game.zobrist;
        let mut k = 0;
        for (cell, &p) in self.board.iter().enumerate() {
            if p != NO_PIECE && keep(piece_type(p) as usize) {
                k ^= z.piece(color_index(p), piece_type(p) as usize, cell);
            }
        }
        k
    }

    /// Number of moves made on this position object that can be taken back.
    pub fn ply_count(&self) -> usize {
        self.undo.len()
    }

    /// The last move made, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.undo.last().map(|u| u.mv)
    }

    /// The next own turn number of `color`.
    #[inline(always)]
    pub fn next_turn(&self, color: Color) -> u32 {
        if color == Color::First && self.stm == Color::Second {
            self.fullmove + 1
        } else {
            self.fullmove
        }
    }

    /// True when `color` holds anything in hand.
    #[inline(always)]
    fn hand_nonempty(&self, color: Color) -> bool {
        self.hand[color.index()].iter().any(|&n| n != 0)
    }

    /// The part of the key that says how far each player with pieces in hand is from the ends
    /// of its drop windows.
    #[inline(always)]
    fn turn_key(&self) -> u64 {
        let mut k = 0;
        for c in Color::BOTH {
            if self.hand_nonempty(c) {
                k ^= self.game.zobrist.turn(c.index(), self.next_turn(c));
            }
        }
        k
    }

    /// The key computed from scratch; equals [`Position::key`] in a consistent position.
    pub fn compute_key(&self) -> u64 {
        let z = &self.game.zobrist;
        let mut k = self.board_key(|_| true);
        for c in Color::BOTH {
            for t in 0..self.game.types() {
                k ^= z.hand(c.index(), t, self.hand[c.index()][t] as usize);
            }
        }
        for cell in self.unmoved.cells() {
            k ^= z.unmoved(cell);
        }
        if self.stm == Color::Second {
            k ^= z.side;
        }
        k ^ self.turn_key()
    }

    /// Puts a piece on an empty cell, updating the keys.
    #[inline(always)]
    fn put(&mut self, color: Color, ptype: u8, cell: usize) {
        self.board[cell] = code(color, ptype);
        self.by_type[color.index()][ptype as usize].set(cell);
        self.by_color[color.index()].set(cell);
        let z = self.game.zobrist.piece(color.index(), ptype as usize, cell);
        self.key ^= z;
        if self.game.structural[ptype as usize] {
            self.structure_key ^= z;
        }
    }

    /// Takes the piece off a cell, updating the keys; returns its board byte.
    #[inline(always)]
    fn remove(&mut self, cell: usize) -> u8 {
        let p = self.board[cell];
        let (c, t) = (color_index(p), piece_type(p) as usize);
        self.board[cell] = NO_PIECE;
        self.by_type[c][t].clear(cell);
        self.by_color[c].clear(cell);
        let z = self.game.zobrist.piece(c, t, cell);
        self.key ^= z;
        if self.game.structural[t] {
            self.structure_key ^= z;
        }
        p
    }

    /// Changes a hand count, updating the key.
    #[inline(always)]
    fn set_hand(&mut self, color: Color, ptype: u8, n: u8) {
        let z = &self.game.zobrist;
        let (c, t) = (color.index(), ptype as usize);
        self.key ^= z.hand(c, t, self.hand[c][t] as usize) ^ z.hand(c, t, n as usize);
        self.hand[c][t] = n;
    }

    /// What taking `mv` back will need, with the current drop-window part of the key.
    #[inline(always)]
    fn undo_record(&self, mv: Move, turn_key: u64) -> Undo<B> {
        Undo {
            mv,
            captured: NO_PIECE,
            moved: NO_PIECE,
            halfmove: self.halfmove,
            reversible: self.reversible,
            unmoved: self.unmoved,
            key: self.key,
            rep: self.key ^ turn_key,
        }
    }

    /// Plays a move, which must be legal in this position.
    pub fn make(&mut self, mv: Move) {
        self.net_make(mv);
        let us = self.stm;
        let turn_key = self.turn_key();
        let mut undo = self.undo_record(mv, turn_key);
        self.reversible += 1;
        let pending = self.any_in_hand();
        self.key ^= turn_key;
        if mv.is_drop() {
            let t = mv.drop_type();
            let n = self.in_hand(us, t);
            self.set_hand(us, t, n - 1);
            self.put(us, t, mv.to());
            self.halfmove = 0;
            self.reversible = 0;
        } else {
            let (from, to) = (mv.from(), mv.to());
            if self.board[to] != NO_PIECE {
                undo.captured = self.remove(to);
                self.halfmove = 0;
                self.reversible = 0;
            } else {
                self.halfmove += 1;
            }
            let p = self.remove(from);
            undo.moved = p;
            let t = piece_type(p);
            if self.game.pieces[t as usize].pawn {
                self.halfmove = 0;
            }
            if let Some(p) = mv.promotes_to() {
                self.reversible = 0;
                self.put(us, p, to);
            } else {
                self.put(us, t, to);
            }
            let touched = B::single(from) | B::single(to);
            let lost = self.unmoved & touched;
            if lost.any() {
                self.reversible = 0;
                for c in lost.cells() {
                    self.key ^= self.game.zobrist.unmoved(c);
                }
                self.unmoved &= !touched;
            }
        }
        if us == Color::Second {
            self.fullmove += 1;
        }
        self.stm = us.flip();
        self.key ^= self.game.zobrist.side;
        if pending {
            self.key ^= self.turn_key();
        }
        self.undo.push(undo);
    }

    /// Takes back the last move made with [`Position::make`].
    pub fn unmake(&mut self) {
        let u = self.undo.pop().expect("unmake without a move to take back");
        let us = self.stm.flip();
        self.stm = us;
        if us == Color::Second {
            self.fullmove -= 1;
        }
        let mv = u.mv;
        if mv.is_drop() {
            let t = mv.drop_type();
            self.remove(mv.to());
            let n = self.in_hand(us, t);
            self.set_hand(us, t, n + 1);
        } else {
            self.remove(mv.to());
            self.put(us, piece_type(u.moved), mv.from());
            if u.captured != NO_PIECE {
                self.put(us.flip(), piece_type(u.captured), mv.to());
            }
        }
        self.halfmove = u.halfmove;
        self.reversible = u.reversible;
        self.unmoved = u.unmoved;
        self.key = u.key;
        self.net_unmake();
    }

    /// The key of what repetition compares: placement, side to move, hands and first-move
    /// rights, but not the turn number that drop windows depend on.
    #[inline(always)]
    pub fn repetition_key(&self) -> u64 {
        self.key ^ self.turn_key()
    }

    /// Passes the turn without moving (search's null move). The caller must not use it while
    /// either player holds pieces in hand, where the turn count matters.
    pub fn make_null(&mut self) {
        debug_assert!(!self.hand_nonempty(Color::First) && !self.hand_nonempty(Color::Second));
        let record = self.undo_record(Move::NULL, self.turn_key());
        self.undo.push(record);
        if self.stm == Color::Second {
            self.fullmove += 1;
        }
        self.stm = self.stm.flip();
        self.key ^= self.game.zobrist.side;
        // Positions before a null move do not repeat into the tree after it.
        self.reversible = 0;
    }

    /// Takes back [`Position::make_null`].
    pub fn unmake_null(&mut self) {
        let u = self.undo.pop().expect("unmake_null without a null move");
        self.stm = self.stm.flip();
        if self.stm == Color::Second {
            self.fullmove -= 1;
        }
        self.halfmove = u.halfmove;
        self.reversible = u.reversible;
        self.key = u.key;
    }

    /// True when either player holds pieces in hand.
    pub fn any_in_hand(&self) -> bool {
        self.hand_nonempty(Color::First) || self.hand_nonempty(Color::Second)
    }

    /// How many times the current position occurred before, looking back through moves made
    /// on this object since the last irreversible move.
    pub fn repetitions(&self) -> u32 {
        let mut n = 0;
        let back = (self.reversible as usize).min(self.undo.len());
        let now = self.repetition_key();
        let mut i = 2;
        while i <= back {
            if self.undo[self.undo.len() - i].rep == now {
                n += 1;
            }
            i += 2;
        }
        n
    }
}
