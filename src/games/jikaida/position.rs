//! A Jikaida position: pieces as bitboards and a mailbox, first-move rights, Fluttember rights,
//! the side to move, and a history for unmake and repetition, with an incremental Zobrist key
//! and the learned evaluation's sums while a net is attached.
//!
//! Every move is a piece going from one cell to another (whatever the path: slide, vault,
//! double first move) and removing what stood there, possibly promoting; the only other move is
//! the Fluttember, a King moving onto a friendly Kapt or Chuktar, which swaps the two.

use super::board::Board;
use super::flags::{KEEP_MOBILITY, SKIP_MOBILITY};
use super::kept::Kept;
use super::{DELDAR, KINDS, KING, SWOD, has_first_move};
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::feature::{NetFeatures, NetState};
use std::sync::Arc;

/// The mailbox value of an empty cell.
pub const EMPTY: u8 = 0xFF;

/// Mailbox code of a piece.
#[inline(always)]
pub fn code(color: Color, kind: u8) -> u8 {
    color.index() as u8 * KINDS as u8 + kind
}

/// The colour and kind of a mailbox code.
#[inline(always)]
pub fn decode(code: u8) -> (Color, u8) {
    if code < KINDS as u8 {
        (Color::First, code)
    } else {
        (Color::Second, code - KINDS as u8)
    }
}

/// What unmake needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    /// The mailbox code on the target before the move.
    captured: u8,
    /// First-move rights before the move, of the mover and of the target.
    from_unmoved: bool,
    to_unmoved: bool,
    flutter: [bool; 2],
    key: u64,
    fullmove: u32,
    /// The slider mobility before the move.
    mobility: [i32; 2],
}

/// A position on a board of width `B`.
#[derive(Clone, Debug)]
pub struct JikaidaPosition<B: Bitboard> {
    pub(super) board: Arc<Board<B>>,
    pub(super) mailbox: Vec<u8>,
    /// `pieces[color][kind]`.
    pub(super) pieces: [[B; KINDS]; 2],
    pub(super) occ: [B; 2],
    /// `count[color][kind]`: the number of such pieces.
    pub(super) count: [[u8; KINDS]; 2],
    /// `deldars_near[cell][color]`: the Deldars of `color` a King step from the cell.
    deldars_near: Vec<[u8; 2]>,
    /// Each side's propt Swods (next to a friendly Deldar), kept as pieces come and go.
    propt: [B; 2],
    /// Each side's sums of [`Board::swod_steps`] over its Swods, kept as pieces come and go.
    swod_steps: [[i32; 2]; 2],
    /// Occupancy of each line of the board (see [`Board::line`]).
    pub(super) lines: Vec<u64>,
    /// Each side's slider mobility, kept move by move while no net is attached (see
    /// [`super::mobility`]; the net does not read it, so its upkeep is skipped then).
    pub(super) mobility: [i32; 2],
    /// Cells holding a piece that still has its first-move powers.
    pub(super) unmoved: B,
    /// Each side's Fluttember, while unused.
    pub(super) flutter: [bool; 2],
    pub(super) side: Color,
    pub(super) fullmove: u32,
    pub(super) key: u64,
    history: Vec<Undo>,
    /// The learned evaluation's sums while a net is attached.
    pub(in crate::games::jikaida) nnue: NetState,
    /// What the position keeps only to answer faster (see [`Kept`]).
    pub(super) kept: Kept<B>,
}

impl<B: Bitboard> JikaidaPosition<B> {
    /// An empty board, Yellow to move, no rights.
    pub fn empty(board: Arc<Board<B>>) -> Self {
        let cells = board.cells;
        let lines = board.line_len.len();
        JikaidaPosition {
            board,
            mailbox: vec![EMPTY; cells],
            pieces: [[B::EMPTY; KINDS]; 2],
            occ: [B::EMPTY; 2],
            count: [[0; KINDS]; 2],
            deldars_near: vec![[0; 2]; cells],
            propt: [B::EMPTY; 2],
            swod_steps: [[0; 2]; 2],
            lines: vec![0; lines],
            mobility: [0; 2],
            unmoved: B::EMPTY,
            flutter: [false; 2],
            side: Color::First,
            fullmove: 1,
            key: 0,
            history: Vec::new(),
            nnue: NetState::default(),
            kept: Kept::default(),
        }
    }

    /// The board's tables.
    pub fn board(&self) -> &Board<B> {
        &self.board
    }

    /// The shared tables, for a new position on the same board.
    pub fn board_arc(&self) -> Arc<Board<B>> {
        self.board.clone()
    }

    /// A copy without the move history, for trying moves (make, test, unmake) from a
    /// position held by reference: cloning the history would cost more the longer the game.
    pub fn scratch(&self) -> Self {
        JikaidaPosition {
            board: self.board.clone(),
            mailbox: self.mailbox.clone(),
            pieces: self.pieces,
            occ: self.occ,
            count: self.count,
            deldars_near: self.deldars_near.clone(),
            propt: self.propt,
            swod_steps: self.swod_steps,
            lines: self.lines.clone(),
            mobility: self.mobility,
            unmoved: self.unmoved,
            flutter: self.flutter,
            side: self.side,
            fullmove: self.fullmove,
            key: self.key,
            history: Vec::with_capacity(2),
            nnue: NetState::default(),
            kept: Kept::default(),
        }
    }

    /// Puts a piece on an empty cell (setting up a position).
    pub fn put(&mut self, color: Color, kind: u8, cell: usize, unmoved: bool) {
        self.clear_guards();
        debug_assert_eq!(self.mailbox[cell], EMPTY);
        self.mailbox[cell] = code(color, kind);
        self.pieces[color.index()][kind as usize].set(cell);
        self.occ[color.index()].set(cell);
        self.count[color.index()][kind as usize] += 1;
        self.flip_lines(cell);
        self.tally_added(color, kind, cell);
        self.mobility_cell(cell, color, kind, 1, true);
        self.key ^= self.board.piece_key(color, kind, cell);
        if unmoved && has_first_move(kind) {
            self.unmoved.set(cell);
            self.key ^= self.board.unmoved_keys[cell];
        }
    }

    /// Sets the side to move (setting up a position).
    pub fn set_side(&mut self, side: Color) {
        self.clear_guards();
        if side != self.side {
            self.key ^= self.board.side_key;
            self.side = side;
        }
    }

    /// Sets a side's Fluttember right (setting up a position).
    pub fn set_flutter(&mut self, color: Color, on: bool) {
        self.clear_guards();
        if self.flutter[color.index()] != on {
            self.key ^= self.board.flutter_keys[color.index()];
            self.flutter[color.index()] = on;
        }
    }

    /// Sets the move number (setting up a position).
    pub fn set_fullmove(&mut self, n: u32) {
        self.fullmove = n;
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist key.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub fn recompute_key(&self) -> u64 {
        let mut k = 0;
        for cell in 0..self.board.cells {
            if let Some((c, t)) = self.piece_at(cell) {
                k ^= self.board.piece_key(c, t, cell);
            }
            if self.unmoved.has(cell) {
                k ^= self.board.unmoved_keys[cell];
            }
        }
        if self.side == Color::Second {
            k ^= self.board.side_key;
        }
        for c in Color::BOTH {
            if self.flutter[c.index()] {
                k ^= self.board.flutter_keys[c.index()];
            }
        }
        k
    }

    /// The piece on a cell.
    #[inline(always)]
    pub fn piece_at(&self, cell: usize) -> Option<(Color, u8)> {
        match self.mailbox[cell] {
            EMPTY => None,
            c => Some(decode(c)),
        }
    }

    /// True when the piece on `cell` still has its first-move powers.
    #[inline(always)]
    pub fn is_unmoved(&self, cell: usize) -> bool {
        self.unmoved.has(cell)
    }

    /// True while `color` may still make its Fluttember.
    pub fn has_flutter(&self, color: Color) -> bool {
        self.flutter[color.index()]
    }

    /// The move number.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Pieces of one colour and kind.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: u8) -> B {
        self.pieces[color.index()][kind as usize]
    }

    /// Pieces of one colour.
    #[inline(always)]
    pub fn occupied_by(&self, color: Color) -> B {
        self.occ[color.index()]
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.occ[0] | self.occ[1]
    }

    /// The King of `color` (every legal position has one).
    #[inline(always)]
    pub fn king(&self, color: Color) -> usize {
        self.pieces(color, KING).lowest()
    }

    /// True when `color` has nothing but its King.
    #[inline(always)]
    pub fn bare(&self, color: Color) -> bool {
        self.occ[color.index()] == self.pieces(color, KING)
    }

    /// Moves played since the position was set up.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// The move that led from the position after `n` moves of the history to the next one
    /// ([`Move::NULL`] for a pass).
    #[inline(always)]
    pub(super) fn history_move(&self, n: usize) -> Move {
        self.history[n].mv
    }

    /// How many earlier positions since set-up had this position's key (same side to move).
    pub fn repetitions(&self) -> usize {
        let n = self.history.len();
        (2..=n)
            .step_by(2)
            .filter(|&back| self.history[n - back].key == self.key)
            .count()
    }

    /// Toggles `cell` in the occupancy of its four lines.
    #[inline(always)]
    fn flip_lines(&mut self, cell: usize) {
        for (l, i) in self.board.line[cell] {
            self.lines[l as usize] ^= 1 << i;
        }
    }

    /// The number of pieces of one colour and kind.
    #[inline(always)]
    pub fn count(&self, color: Color, kind: u8) -> u32 {
        self.count[color.index()][kind as usize] as u32
    }

    /// The number of empty cells a slide from `from` in direction `d` passes before it is
    /// blocked, at most `max` (the length of its ray).
    #[inline(always)]
    pub fn free_run(&self, from: usize, d: usize, max: u8) -> usize {
        let (l, i) = self.board.line_of(from, d);
        self.board
            .line_free(self.lines[l], l, i, d)
            .min(max as usize)
    }

    /// The empty cells a slider on `from` passes, counted from the line occupancy: along
    /// [`Board::jray`] if `short` (the Jiktar and Hikdar), else [`Board::cray`], in the
    /// orientations of `orientations` (bit `o` for directions `o` and `o + 4`).
    #[inline(always)]
    pub fn slider_mobility(&self, from: usize, orientations: u8, short: bool) -> usize {
        let b = &*self.board;
        let len = &b.ray_len[from][if short { 0 } else { 1 }];
        let line = &b.line[from];
        let mut n = 0;
        for o in 0..4 {
            if orientations & (1 << o) == 0 {
                continue;
            }
            let (l, i) = line[o];
            let (l, i) = (l as usize, i as usize);
            let bits = self.lines[l];
            // Upwards the shift leaves zeros beyond the line, so the count runs past its end
            // and the ray's length bounds it.
            let up = (bits >> (i + 1)).trailing_zeros() as usize;
            let down = Board::<B>::line_free_down(bits, i);
            n += up.min(len[o] as usize) + down.min(len[o + 4] as usize);
        }
        n
    }

    /// The occupancy of line `l` (bit `i` for its place `i`).
    #[inline(always)]
    pub fn line_bits(&self, l: usize) -> u64 {
        self.lines[l]
    }

    #[inline(always)]
    fn remove(&mut self, color: Color, kind: u8, cell: usize) {
        self.mailbox[cell] = EMPTY;
        self.pieces[color.index()][kind as usize].clear(cell);
        self.occ[color.index()].clear(cell);
        self.count[color.index()][kind as usize] -= 1;
        self.flip_lines(cell);
        self.tally_removed(color, kind, cell);
        self.key ^= self.board.piece_key(color, kind, cell);
    }

    /// Keeps [`Self::propt`] and [`Self::swod_steps`] when a piece arrives on `cell`.
    #[inline(always)]
    fn tally_added(&mut self, color: Color, kind: u8, cell: usize) {
        let c = color.index();
        if kind == SWOD {
            if self.deldars_near[cell][c] > 0 {
                self.propt[c].set(cell);
            }
            let [a, n] = self.board.swod_steps[c][cell];
            self.swod_steps[c][0] += a as i32;
            self.swod_steps[c][1] += n as i32;
        } else if kind == DELDAR {
            let swods = self.pieces[c][SWOD as usize];
            for &n in &self.board.step[cell] {
                if n != super::board::NONE {
                    let n = n as usize;
                    self.deldars_near[n][c] += 1;
                    if swods.has(n) {
                        self.propt[c].set(n);
                    }
                }
            }
        }
    }

    /// Keeps [`Self::propt`] and [`Self::swod_steps`] when a piece leaves `cell`.
    #[inline(always)]
    fn tally_removed(&mut self, color: Color, kind: u8, cell: usize) {
        let c = color.index();
        if kind == SWOD {
            self.propt[c].clear(cell);
            let [a, n] = self.board.swod_steps[c][cell];
            self.swod_steps[c][0] -= a as i32;
            self.swod_steps[c][1] -= n as i32;
        } else if kind == DELDAR {
            for &n in &self.board.step[cell] {
                if n != super::board::NONE {
                    let n = n as usize;
                    self.deldars_near[n][c] -= 1;
                    if self.deldars_near[n][c] == 0 {
                        self.propt[c].clear(n);
                    }
                }
            }
        }
    }

    /// Swods of `color` next to a friendly Deldar: enemy Swods cannot take them.
    #[inline(always)]
    pub fn propt(&self, color: Color) -> B {
        self.propt[color.index()]
    }

    /// The sums of [`Board::swod_steps`] over the Swods of `color`: ranks advanced beyond
    /// the third, and ranks within six of the last.
    #[inline(always)]
    pub fn swod_steps(&self, color: Color) -> [i32; 2] {
        self.swod_steps[color.index()]
    }

    #[inline(always)]
    fn add(&mut self, color: Color, kind: u8, cell: usize) {
        self.mailbox[cell] = code(color, kind);
        self.pieces[color.index()][kind as usize].set(cell);
        self.occ[color.index()].set(cell);
        self.count[color.index()][kind as usize] += 1;
        self.flip_lines(cell);
        self.tally_added(color, kind, cell);
        self.key ^= self.board.piece_key(color, kind, cell);
    }

    #[inline(always)]
    fn set_unmoved(&mut self, cell: usize, on: bool) {
        if self.unmoved.has(cell) != on {
            self.unmoved ^= B::single(cell);
            self.key ^= self.board.unmoved_keys[cell];
        }
    }

    /// Plays a legal move.
    pub fn make(&mut self, mv: Move) {
        self.make_with::<KEEP_MOBILITY>(mv);
    }

    /// Plays a move to test it and take it back: [`Self::make`] without the upkeep of the
    /// slider mobility (see [`super::mobility`]), which [`Self::unmake`] restores anyway; the
    /// position's [`Self::mobility`] is stale until then.
    #[inline(always)]
    pub(super) fn make_probe(&mut self, mv: Move) {
        self.make_with::<SKIP_MOBILITY>(mv);
    }

    /// [`Self::make`], keeping the slider mobility if `SCORE` and no net is attached (the
    /// hand-written evaluation's term; with a net, [`Self::mobility`] counts it afresh).
    #[inline(always)]
    fn make_with<const SCORE: bool>(&mut self, mv: Move) {
        let score = SCORE && !self.nnue.is_attached();
        self.net_make(mv);
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let (_, kind) = decode(self.mailbox[from]);
        let captured = self.mailbox[to];
        self.history.push(Undo {
            mv,
            captured,
            from_unmoved: self.unmoved.has(from),
            to_unmoved: self.unmoved.has(to),
            flutter: self.flutter,
            key: self.key,
            fullmove: self.fullmove,
            mobility: self.mobility,
        });
        self.set_unmoved(from, false);
        self.set_unmoved(to, false);
        if score {
            self.mobility_cell(from, us, kind, -1, true);
        }
        self.remove(us, kind, from);
        let mut partner = None;
        if captured != EMPTY {
            let (cc, ck) = decode(captured);
            // The target stays occupied: only the two pieces' own mobility changes there.
            if score {
                self.mobility_cell(to, cc, ck, -1, false);
            }
            self.remove(cc, ck, to);
            if kind == KING && cc == us {
                // The Fluttember: the partner takes the King's place.
                self.add(us, ck, from);
                partner = Some(ck);
                if self.flutter[us.index()] {
                    self.flutter[us.index()] = false;
                    self.key ^= self.board.flutter_keys[us.index()];
                }
            }
        }
        let arrives = mv.promotes_to().unwrap_or(kind);
        self.add(us, arrives, to);
        if score {
            self.mobility_cell(to, us, arrives, 1, captured == EMPTY);
        }
        if score && let Some(ck) = partner {
            // Counted once the King stands on the target, which bounds the partner's runs.
            self.mobility_cell(from, us, ck, 1, true);
        }
        if us == Color::Second {
            self.fullmove += 1;
        }
        self.side = us.flip();
        self.key ^= self.board.side_key;
        self.invalidate_guards();
    }

    /// Passes the turn (the search's null move).
    pub fn make_pass(&mut self) {
        self.history.push(Undo {
            mv: Move::NULL,
            captured: EMPTY,
            from_unmoved: false,
            to_unmoved: false,
            flutter: self.flutter,
            key: self.key,
            fullmove: self.fullmove,
            mobility: self.mobility,
        });
        self.side = self.side.flip();
        self.key ^= self.board.side_key;
        self.invalidate_guards();
    }

    /// Takes back [`Self::make_pass`].
    pub fn unmake_pass(&mut self) {
        let u = self.history.pop().expect("a pass to take back");
        self.side = self.side.flip();
        self.key = u.key;
    }

    /// Takes back the last move.
    pub fn unmake(&mut self) {
        let u = self.history.pop().expect("a move to take back");
        let (from, to) = (u.mv.from(), u.mv.to());
        let us = self.side.flip();
        let (_, now) = decode(self.mailbox[to]);
        self.remove(us, now, to);
        let kind = if u.mv.promotes_to().is_some() {
            super::SWOD
        } else {
            now
        };
        if u.captured != EMPTY {
            let (cc, ck) = decode(u.captured);
            if kind == super::KING && cc == us {
                self.remove(us, ck, from);
            }
            self.add(cc, ck, to);
        }
        self.add(us, kind, from);
        self.mobility = u.mobility;
        if u.from_unmoved {
            self.unmoved.set(from);
        }
        if u.to_unmoved {
            self.unmoved.set(to);
        }
        self.flutter = u.flutter;
        self.fullmove = u.fullmove;
        self.side = us;
        self.key = u.key;
        self.net_unmake();
    }

    /// What a net does not keep while attached, made again when it is detached: the slider
    /// mobility (see [`NetFeatures::net_detached`]).
    pub(crate) fn restore_mobility(&mut self) {
        self.mobility = Color::BOTH.map(|c| self.mobility_slow(c));
    }
}
