//! Legal moves of Caïssa and the ends of the game.
//!
//! Pseudo-legal targets come from the board tables; each move is then applied to a copy of the
//! bitboards and checked: the mover's Queen not in check, the Queens not facing on an open
//! line, the tiles still one group (only when the move changes the tiles), and the no-undo ban.

use super::board::{ALL, TABLES, bishop, connected, queen, rook};
use super::position::{CaissaPosition, EMPTY, NO_BAN, State};
use super::{QUEEN, ROOK};
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::outcome::{DrawReason, Outcome, WinReason};

/// The end rules a game may switch (docs/RULES.md §2): the repetition count and the ply limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRules {
    /// A position occurring this many times draws (0: never).
    pub repetition: u32,
    /// The game is drawn once this many plies are played (0: no limit).
    pub ply_limit: u32,
}

impl Default for EndRules {
    fn default() -> Self {
        EndRules {
            repetition: 3,
            ply_limit: 200,
        }
    }
}

/// The squares a Rook, Bishop or Knight on `cell` reaches (first piece included).
#[inline(always)]
pub(super) fn piece_reach(t: u8, cell: usize, occ: u64) -> u64 {
    match t {
        ROOK => rook(cell, occ),
        super::BISHOP => bishop(cell, occ),
        _ => TABLES.knight[cell],
    }
}

impl State {
    /// True when the position after a move by `us` with these bitboards is legal for `us`:
    /// own Queen not in check and the Queens not facing.
    #[inline(always)]
    fn safe_after(&self, us: Color) -> bool {
        !self.in_check(us) && !self.queens_facing()
    }

    /// Applies a non-Queen move to the bitboards only (enough for the legality test).
    #[inline(always)]
    fn apply_piece_move(&self, from: usize, to: usize) -> State {
        let mut n = *self;
        let (fb, tb) = (1u64 << from, 1u64 << to);
        let mover = self.board[from];
        let us = (mover / 4) as usize;
        let t = (mover % 4) as usize;
        n.pieces[us][t] ^= fb | tb;
        n.occ[us] ^= fb | tb;
        let target = self.board[to];
        if target != EMPTY {
            let o = (target / 4) as usize;
            n.pieces[o][(target % 4) as usize] ^= fb | tb;
            n.occ[o] ^= fb | tb;
        }
        n
    }

    /// Pushes every legal move of the side to move (no pass) onto `list`; with `first_only`
    /// stops after the first one. Returns how many were found.
    fn legal(&self, list: &mut Vec<Move>, first_only: bool, captures_only: bool) -> usize {
        let us = self.side;
        let ui = us.index();
        let own = self.occ[ui];
        let enemy = self.occ[1 - ui];
        let all = own | enemy;
        let mut found = 0;
        let qcell = self.queen_cell(us);
        let checked = self.in_check(us);
        // The Queen: only if removing its tile keeps the rest together.
        if qcell < 64 && connected(self.tiles & !(1 << qcell)) {
            let reach = if checked {
                TABLES.king[qcell]
            } else {
                queen(qcell, all)
            };
            let enemy_queen = self.pieces[1 - ui][QUEEN as usize];
            let mut targets = reach & self.tiles & !own & !enemy_queen;
            if captures_only {
                targets &= enemy;
            }
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let (fb, tb) = (1u64 << qcell, 1u64 << to);
                let mut n = *self;
                n.pieces[ui][QUEEN as usize] ^= fb | tb;
                n.occ[ui] ^= fb | tb;
                if enemy & tb != 0 {
                    let victim = self.board[to];
                    n.pieces[1 - ui][(victim % 4) as usize] ^= tb;
                    n.occ[1 - ui] ^= tb;
                }
                if n.safe_after(us) {
                    list.push(Move::normal(qcell, to));
                    found += 1;
                    if first_only {
                        return found;
                    }
                }
            }
        }
        if captures_only {
            return found;
        }
        let own_queen = self.pieces[ui][QUEEN as usize];
        let mut movers = own & !own_queen;
        while movers != 0 {
            let from = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            let t = self.board[from] % 4;
            let mut targets = piece_reach(t, from, all) & !own_queen & ALL;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                if self.ban != NO_BAN && self.ban == ((from as u16) << 6 | to as u16) {
                    continue;
                }
                let tb = 1u64 << to;
                if self.tiles & tb == 0 && !connected(self.tiles ^ (1 << from) ^ tb) {
                    continue;
                }
                if self.apply_piece_move(from, to).safe_after(us) {
                    list.push(Move::normal(from, to));
                    found += 1;
                    if first_only {
                        return found;
                    }
                }
            }
        }
        found
    }

    /// True when the side to move has a legal move (the pass aside).
    fn can_move(&self) -> bool {
        self.legal(&mut Vec::new(), true, false) > 0
    }

    /// True when the opponent, to move on this board (with no ban), would have a move.
    fn opponent_can_move(&self) -> bool {
        let mut other = *self;
        other.side = self.side.flip();
        other.ban = NO_BAN;
        other.can_move()
    }
}

impl CaissaPosition {
    /// All legal moves; when there are none and the side to move is not in check, the pass
    /// ([`Move::PASS`]), unless the opponent could not move either (the game is drawn).
    pub fn generate(&self, list: &mut Vec<Move>) {
        let before = list.len();
        if self.s.legal(list, false, false) == 0 && !self.in_check() && self.s.opponent_can_move() {
            list.truncate(before);
            list.push(Move::PASS);
        }
    }

    /// The Queen's captures only (for quiescence search).
    pub fn generate_captures(&self, list: &mut Vec<Move>) {
        self.s.legal(list, false, true);
    }

    /// The number of moves [`CaissaPosition::generate`] lists.
    pub fn count_moves(&self) -> u64 {
        let mut v = Vec::with_capacity(64);
        self.generate(&mut v);
        v.len() as u64
    }

    /// The result if the position itself ends the game: checkmate, or neither side able to
    /// move (the draw by both passing).
    pub fn decided(&self) -> Option<Outcome> {
        if self.s.can_move() {
            return None;
        }
        if self.in_check() {
            return Some(Outcome::Win(self.s.side.flip(), WinReason::Checkmate));
        }
        (!self.s.opponent_can_move()).then_some(Outcome::Draw(DrawReason::BothBlocked))
    }

    /// The result of the game, if it has ended, including repetition (counted over the
    /// moves made on this position) and the ply limit.
    pub fn outcome(&self, end: &EndRules) -> Option<Outcome> {
        if let Some(o) = self.decided() {
            return Some(o);
        }
        if end.repetition > 0 && self.repetitions() + 1 >= end.repetition {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if end.ply_limit > 0 && self.ply() >= end.ply_limit {
            return Some(Outcome::Draw(DrawReason::PlyLimit));
        }
        None
    }

    /// Reads a move in from-to notation (or `0000`) and checks that it is legal now.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let mut list = Vec::new();
        self.generate(&mut list);
        let mv = if text == "0000" {
            Move::PASS
        } else {
            let from = text.get(0..2).and_then(super::board::parse_cell);
            let to = text.get(2..).and_then(super::board::parse_cell);
            match (from, to) {
                (Some(f), Some(t)) => Move::normal(f, t),
                _ => return Err(format!("bad move \"{text}\" (expected like b2c4, or 0000)")),
            }
        };
        if list.contains(&mv) {
            Ok(mv)
        } else {
            Err(format!("illegal move \"{text}\""))
        }
    }

    /// Writes a move: from-to, or `0000` for the pass.
    pub fn move_text(mv: Move) -> String {
        if mv == Move::PASS {
            "0000".to_string()
        } else {
            format!(
                "{}{}",
                super::board::name(mv.from()),
                super::board::name(mv.to())
            )
        }
    }

    /// True when `mv` (legal here) is a Queen capture.
    pub fn is_capture(&self, mv: Move) -> bool {
        mv != Move::PASS && self.s.board[mv.from()] % 4 == QUEEN && self.s.board[mv.to()] != EMPTY
    }
}
