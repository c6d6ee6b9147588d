//! Jikaida seen through the search's interface, [`Rules`].
//!
//! A bare King is decided by the position ([`JikaidaPosition::decided`]); checkmate and
//! stalemate both lose for the side with no move. Null-move pruning is allowed while the side
//! to move has a piece other than its King, Swods and Deldars (zugzwang is rare: being
//! stalemated loses anyway).

use super::eval::JikaidaEval;
use super::position::JikaidaPosition;
use super::{DELDAR, KING, SWOD};
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::feature::NetFeatures;
use crate::core::outcome::Outcome;
use crate::core::rules::Rules;

impl<B: Bitboard> Rules for JikaidaPosition<B> {
    type Eval = JikaidaEval;
    const LONG_MOVE_LISTS: bool = true;

    fn cells(&self) -> usize {
        self.board.cells
    }
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        JikaidaPosition::side_to_move(self)
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        JikaidaPosition::key(self)
    }
    #[inline(always)]
    fn decided(&self) -> Option<Outcome> {
        JikaidaPosition::decided(self)
    }
    fn history_draw(&self) -> bool {
        self.repetitions() >= 2
    }
    fn in_danger(&self) -> bool {
        self.in_check()
    }
    fn in_danger_here(&mut self) -> bool {
        self.guard().check
    }
    #[inline(always)]
    fn gives_no_danger(&mut self, mv: Move) -> bool {
        self.gives_no_check(mv)
    }
    fn no_move_result(&self) -> i32 {
        -1
    }
    fn generate(&self, list: &mut Vec<Move>) {
        JikaidaPosition::generate(self, list)
    }
    fn generate_noisy(&self, list: &mut Vec<Move>) {
        self.generate_captures(list)
    }
    fn generate_pseudo(&mut self, list: &mut Vec<Move>) {
        self.generate_pseudo_kept(false, list)
    }
    fn generate_noisy_pseudo(&mut self, list: &mut Vec<Move>) {
        self.generate_pseudo_kept(true, list)
    }
    fn try_make(&mut self, mv: Move) -> bool {
        JikaidaPosition::try_make(self, mv)
    }
    fn make(&mut self, mv: Move) {
        JikaidaPosition::make(self, mv)
    }
    fn unmake(&mut self) {
        JikaidaPosition::unmake(self)
    }
    fn null_move_allowed(&self) -> bool {
        let us = JikaidaPosition::side_to_move(self);
        let minor = self.pieces(us, KING) | self.pieces(us, SWOD) | self.pieces(us, DELDAR);
        (self.occupied_by(us) & !minor).any()
    }
    fn make_null(&mut self) {
        self.make_pass()
    }
    fn unmake_null(&mut self) {
        self.unmake_pass()
    }
    fn prepare_eval(&mut self, eval: &JikaidaEval) {
        self.attach_net(eval.net.as_ref());
    }
    #[inline(always)]
    fn settle_eval(&mut self) {
        self.settle_net();
    }
    fn evaluate(&self, eval: &JikaidaEval) -> i32 {
        eval.evaluate(self)
    }
    fn is_noisy(&self, mv: Move) -> bool {
        self.is_capture(mv)
    }
    fn noisy_value(&self, eval: &JikaidaEval, mv: Move) -> i32 {
        let eval = &eval.params;
        let mut s = 0;
        if !self.is_flutter(mv) {
            if let Some((_, v)) = self.piece_at(mv.to()) {
                s += eval.value[v as usize] * 16;
            }
            if let Some((_, a)) = self.piece_at(mv.from()) {
                s -= eval.value[a as usize] / 16;
            }
        }
        if let Some(p) = mv.promotes_to() {
            s += eval.value[p as usize] * 8;
        }
        s
    }
    fn move_text(&self, mv: Move) -> String {
        JikaidaPosition::move_text(self, mv)
    }
}
