//! Caïssa seen through the search's interface, [`Rules`].
//!
//! The game's ends need a move list (checkmate, both sides blocked), so `decided` is never
//! set inside the search: [`CaissaPosition::generate`] returns no move there, and
//! `no_move_result` scores it (a loss in check, otherwise the draw). Null-move pruning is off:
//! passing is not allowed while a move exists, and zugzwang is common as the board shrinks.

use super::eval::CaissaEval;
use super::position::CaissaPosition;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::feature::NetFeatures;
use crate::core::outcome::Outcome;
use crate::core::rules::Rules;

impl Rules for CaissaPosition {
    type Eval = CaissaEval;

    fn cells(&self) -> usize {
        super::board::CELLS
    }
    fn side_to_move(&self) -> Color {
        CaissaPosition::side_to_move(self)
    }
    fn key(&self) -> u64 {
        CaissaPosition::key(self)
    }
    fn decided(&self) -> Option<Outcome> {
        None
    }
    fn history_draw(&self) -> bool {
        (self.end.repetition > 0 && self.repeated())
            || (self.end.ply_limit > 0 && self.ply() >= self.end.ply_limit)
    }
    fn in_danger(&self) -> bool {
        self.in_check()
    }
    fn no_move_result(&self) -> i32 {
        if self.in_check() { -1 } else { 0 }
    }
    fn generate(&self, list: &mut Vec<Move>) {
        CaissaPosition::generate(self, list)
    }
    fn generate_noisy(&self, list: &mut Vec<Move>) {
        self.generate_captures(list)
    }
    fn make(&mut self, mv: Move) {
        CaissaPosition::make(self, mv)
    }
    fn unmake(&mut self) {
        CaissaPosition::unmake(self)
    }
    fn null_move_allowed(&self) -> bool {
        false
    }
    fn make_null(&mut self) {
        CaissaPosition::make(self, Move::PASS)
    }
    fn unmake_null(&mut self) {
        CaissaPosition::unmake(self)
    }
    fn prepare_eval(&mut self, eval: &CaissaEval) {
        self.attach_net(eval.net.as_ref());
    }
    #[inline(always)]
    fn settle_eval(&mut self) {
        self.settle_net();
    }
    fn evaluate(&self, eval: &CaissaEval) -> i32 {
        eval.evaluate(self)
    }
    fn is_noisy(&self, mv: Move) -> bool {
        self.is_capture(mv)
    }
    fn noisy_value(&self, eval: &CaissaEval, mv: Move) -> i32 {
        match self.piece_at(mv.to()) {
            Some((_, t)) if t > 0 => eval.params.value[t as usize - 1] * 16,
            _ => 0,
        }
    }
    fn move_text(&self, mv: Move) -> String {
        CaissaPosition::move_text(mv)
    }
}
