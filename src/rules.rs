//! What search and perft need of a game: the one interface that both the Kaissa family's
//! [`Position`] and Caïssa's [`crate::caissa::CaissaPosition`] implement. Search, perft and
//! move ordering are generic over it, so each game gets its own monomorphised search and the
//! rules stay in the game's own module.

use crate::bitboard::Bitboard;
use crate::eval::EvalTables;
use crate::geometry::Color;
use crate::movegen::Outcome;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::NoMoveResult;

/// A position the search can explore.
pub trait Rules: Clone + Send + Sync {
    /// The evaluation tables the game's static evaluation reads.
    type Eval: Send + Sync;
    /// True for games whose move lists run long (a hundred moves and more): the search then
    /// picks moves through [`crate::search::ordering::Picker`] (same order, fewer compares).
    const LONG_MOVE_LISTS: bool = false;

    /// Cells of the board (bounds move origins and targets, for history tables).
    fn cells(&self) -> usize;
    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// The Zobrist key for the transposition table.
    fn key(&self) -> u64;
    /// A cheap test for a game already decided by the position (searched at every node);
    /// games whose ends need a move list report them through [`Rules::no_move_result`].
    fn decided(&self) -> Option<Outcome>;
    /// True when the position is drawn by its history (repetition, move limits).
    fn history_draw(&self) -> bool;
    /// True when the side to move is in danger of losing at once (its royal piece attacked,
    /// in check): search extends and quiescence answers with every move.
    fn in_danger(&self) -> bool;
    /// [`Rules::in_danger`] for a position whose moves are about to be tried: a game may
    /// remember what it worked out for [`Rules::try_make`]. The default is `in_danger`.
    #[inline(always)]
    fn in_danger_here(&mut self) -> bool {
        self.in_danger()
    }
    /// The result for the side to move when [`Rules::generate`] lists no move: 1 win, 0 draw,
    /// -1 loss.
    fn no_move_result(&self) -> i32;
    /// Every legal move.
    fn generate(&self, list: &mut Vec<Move>);
    /// Legal captures and promotions, for quiescence search.
    fn generate_noisy(&self, list: &mut Vec<Move>);
    /// Every legal move and perhaps some illegal ones, which [`Rules::try_make`] refuses: for
    /// games whose legality test is dear, the search tests only the moves it plays. The
    /// default is [`Rules::generate`].
    #[inline(always)]
    fn generate_pseudo(&self, list: &mut Vec<Move>) {
        self.generate(list)
    }
    /// [`Rules::generate_noisy`] with perhaps some illegal moves, as
    /// [`Rules::generate_pseudo`].
    #[inline(always)]
    fn generate_noisy_pseudo(&self, list: &mut Vec<Move>) {
        self.generate_noisy(list)
    }
    /// Plays a move of [`Rules::generate_pseudo`] or [`Rules::generate_noisy_pseudo`] if it
    /// is legal and returns true; returns false, the position unchanged, if it is not. The
    /// default plays it ([`Rules::make`]): the lists hold legal moves only.
    #[inline(always)]
    fn try_make(&mut self, mv: Move) -> bool {
        self.make(mv);
        true
    }
    /// The number of legal moves (perft's last ply).
    fn count_moves(&self) -> u64 {
        let mut v = Vec::with_capacity(128);
        self.generate(&mut v);
        v.len() as u64
    }
    /// Plays a legal move.
    fn make(&mut self, mv: Move);
    /// Takes back the last move.
    fn unmake(&mut self);
    /// True when null-move pruning is sound here.
    fn null_move_allowed(&self) -> bool;
    /// Passes the turn (only when [`Rules::null_move_allowed`]).
    fn make_null(&mut self);
    /// Takes back [`Rules::make_null`].
    fn unmake_null(&mut self);
    /// The static evaluation from the side to move's view, in centipawns.
    fn evaluate(&self, eval: &Self::Eval) -> i32;
    /// True when `mv` captures or promotes.
    fn is_noisy(&self, mv: Move) -> bool;
    /// The ordering value of a noisy move (higher first; winning the game highest).
    fn noisy_value(&self, eval: &Self::Eval, mv: Move) -> i32;
    /// The move in the engine's notation.
    fn move_text(&self, mv: Move) -> String;
}

impl<B: Bitboard> Rules for Position<B> {
    type Eval = EvalTables<B>;

    fn cells(&self) -> usize {
        self.game().board.files * self.game().board.ranks
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
    fn move_text(&self, mv: Move) -> String {
        mv.to_text(self.game())
    }
}
