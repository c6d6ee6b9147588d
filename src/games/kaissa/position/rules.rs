//! The Kaissa family's positions as the search sees them: the [`Rules`] implementation.

use super::Position;
use crate::core::bitboard::Bitboard;
use crate::core::definition::NoMoveResult;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::feature::NetFeatures;
use crate::core::outcome::Outcome;
use crate::core::rules::Rules;
use crate::games::kaissa::eval::EvalTables;
use crate::games::kaissa::game::MoveText;

impl<B: Bitboard> Rules for Position<B> {
    type Eval = EvalTables<B>;

    fn cells(&self) -> usize {
        self.game().board.cell_count()
    }
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        Position::key(self)
    }
    #[inline(always)]
    fn decided(&self) -> Option<Outcome> {
        Position::decided(self)
    }
    #[inline(always)]
    fn history_draw(&self) -> bool {
        let end = &self.game().end;
        (end.repetition > 0 && self.repetitions() > 0)
            || (end.ply_limit > 0 && self.halfmove_clock() >= end.ply_limit)
    }
    #[inline(always)]
    fn in_danger(&self) -> bool {
        self.royal_attacked()
    }
    #[inline(always)]
    fn gives_no_danger(&mut self, mv: Move) -> bool {
        self.quiet_move_attacks_no_royal(mv)
    }
    #[inline(always)]
    fn wins_at_once(&self) -> bool {
        self.can_take_royal()
    }
    fn no_move_result(&self) -> i32 {
        match self.game().end.no_moves {
            NoMoveResult::Draw => 0,
            NoMoveResult::Loss => -1,
            NoMoveResult::Win => 1,
        }
    }
    #[inline(always)]
    fn generate(&self, list: &mut Vec<Move>) {
        Position::generate(self, list)
    }
    #[inline(always)]
    fn generate_noisy(&self, list: &mut Vec<Move>) {
        Position::generate_noisy(self, list)
    }
    #[inline(always)]
    fn count_moves(&self) -> u64 {
        Position::count_moves(self)
    }
    #[inline(always)]
    fn make(&mut self, mv: Move) {
        Position::make(self, mv)
    }
    #[inline(always)]
    fn unmake(&mut self) {
        Position::unmake(self)
    }
    /// Not while stones are in hand (the turn count would shift), and not with only pawns
    /// and the Home Stone left (zugzwang).
    fn null_move_allowed(&self) -> bool {
        if self.any_in_hand() {
            return false;
        }
        let g = self.game();
        let us = Position::side_to_move(self);
        (0..g.types()).any(|t| {
            !g.pieces[t].pawn
                && !g.end.capture_wins.contains(&(t as u8))
                && self.pieces(us, t as u8).any()
        })
    }
    fn make_null(&mut self) {
        Position::make_null(self)
    }
    fn unmake_null(&mut self) {
        Position::unmake_null(self)
    }
    #[inline(always)]
    fn prepare_eval(&mut self, eval: &EvalTables<B>) {
        self.attach_net(eval.net());
    }
    #[inline(always)]
    fn settle_eval(&mut self) {
        self.settle_net();
    }
    fn evaluate(&self, eval: &EvalTables<B>) -> i32 {
        eval.evaluate(self)
    }
    #[inline(always)]
    fn is_noisy(&self, mv: Move) -> bool {
        !mv.is_drop() && (self.piece_at(mv.to()).is_some() || mv.promotes_to().is_some())
    }
    /// Victim value first (capturing the Home Stone above all), then the least valuable
    /// attacker, then the promotion's value.
    fn noisy_value(&self, eval: &EvalTables<B>, mv: Move) -> i32 {
        let royal = &self.game().end.capture_wins;
        let attacker = self.piece_at(mv.from()).map_or(0, |(_, t)| t);
        let mut s = -eval.value[attacker as usize] / 16;
        if let Some((_, v)) = self.piece_at(mv.to()) {
            s += if royal.contains(&v) {
                5_000_000
            } else {
                eval.value[v as usize] * 16
            };
        }
        if let Some(p) = mv.promotes_to() {
            s += eval.value[p as usize] * 8;
        }
        s
    }
    /// A capture that is not a promotion, by a piece worth more than its victim (never the
    /// Home Stone's capture), onto a cell an enemy piece could capture on.
    fn losing_capture(&self, eval: &EvalTables<B>, mv: Move) -> bool {
        if mv.is_drop() || mv.promotes_to().is_some() {
            return false;
        }
        let (Some((_, victim)), Some((us, attacker))) =
            (self.piece_at(mv.to()), self.piece_at(mv.from()))
        else {
            return false;
        };
        !self.game().end.capture_wins.contains(&victim)
            && eval.value[attacker as usize] > eval.value[victim as usize]
            && self.attacked_by(mv.to(), us.flip())
    }
    fn quiet_loss(&self, eval: &EvalTables<B>, mv: Move) -> i32 {
        let Some((owner, mover)) = self.piece_at(mv.to()) else {
            return 0;
        };
        let value = eval.value[mover as usize];
        if mv.is_drop() || value == 0 {
            return 0;
        }
        match self.cheapest_attacker(mv.to(), owner.flip(), &eval.value) {
            None => 0,
            Some(by) if by < value => value - by,
            Some(_) if self.attacked_by(mv.to(), owner) => 0,
            Some(_) => value,
        }
    }
    #[inline(always)]
    fn structure_key(&self) -> u64 {
        Position::structure_key(self)
    }
    fn move_text(&self, mv: Move) -> String {
        mv.to_text(self.game())
    }
}
