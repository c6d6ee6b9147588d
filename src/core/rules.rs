//! What search and perft need of a game: the one interface every game's position implements
//! (the Kaissa family's, Caïssa's, Jikaida's). Search, perft and move ordering are generic over
//! it, so each game gets its own monomorphised search and the rules stay in the game's own
//! module.
//!
//! Every method with a default is a question the search asks at a fixed point, answered
//! for free by games that need nothing special: reviewed 2026-12-06, each still has a caller
//! in the search and its default costs the other games nothing (an inlined call to the
//! required method, or a constant). Jikaida alone overrides the pseudo-legal lists and their
//! legality test (`generate_pseudo`, `generate_noisy_pseudo`, `try_make`), the kept check
//! answers (`in_danger_here`, `gives_no_danger`) and `LONG_MOVE_LISTS`: its check test is
//! dear, so the search tests only the moves it plays. The Kaissa family alone overrides
//! `wins_at_once`, `losing_capture`, `quiet_loss` and `structure_key`. None can move into a
//! game's own module, since the search must ask them; what each game keeps to answer them
//! stays in the game (Jikaida's in `games::jikaida::kept`).

use super::geometry::Color;
use super::moves::Move;
use super::outcome::Outcome;

/// A position the search can explore.
pub trait Rules: Clone + Send + Sync {
    /// The evaluation tables the game's static evaluation reads.
    type Eval: Send + Sync;
    /// True for games whose move lists run long (a hundred moves and more): the search then
    /// picks moves through a partial selection sort (same order, fewer compares).
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
    /// [`Rules::in_danger`] for a position the search has reached by [`Rules::try_make`] or
    /// whose moves it is about to try: a game may derive the answer from what it worked out
    /// for the move's legality and remember it for the position. The default is `in_danger`.
    #[inline(always)]
    fn in_danger_here(&mut self) -> bool {
        self.in_danger()
    }
    /// True when playing `mv` (a move of [`Rules::generate_pseudo`]) certainly leaves the
    /// opponent out of danger ([`Rules::in_danger`] false after it), told without making it;
    /// false when the game cannot tell cheaply. The search then prunes a late quiet move
    /// without making it, where it would have made it only to ask. A game may keep what it
    /// works out for the answer (as for [`Rules::in_danger_here`]). The default is false.
    #[inline(always)]
    fn gives_no_danger(&mut self, _mv: Move) -> bool {
        false
    }
    /// True when the side to move can win with its next move, whatever the opponent did (a
    /// Kaissa Home Stone it attacks, with no placement owed): the search scores the position
    /// as a win in one ply without generating moves. Asked only of a position that is not
    /// [decided](Rules::decided); there it must agree with the move list: true only when
    /// some legal move ends the game in the mover's favour. The default is false.
    #[inline(always)]
    fn wins_at_once(&self) -> bool {
        false
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
    /// default is [`Rules::generate`]. It takes the position mutably so that a game may keep
    /// lists it made before.
    #[inline(always)]
    fn generate_pseudo(&mut self, list: &mut Vec<Move>) {
        self.generate(list)
    }
    /// [`Rules::generate_noisy`] with perhaps some illegal moves, as
    /// [`Rules::generate_pseudo`].
    #[inline(always)]
    fn generate_noisy_pseudo(&mut self, list: &mut Vec<Move>) {
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
    /// Gets the position ready to be evaluated with `eval`: a learned evaluation attaches
    /// its net and sums the position once, to be kept up to date through every make and
    /// unmake (see [`Self::settle_eval`]).
    /// The search calls it on the root of each of its threads. The default does nothing.
    fn prepare_eval(&mut self, _eval: &Self::Eval) {}
    /// Brings the evaluation's incremental state up to the current position, for
    /// [`Self::evaluate`] to read: a learned evaluation works out the sums its moves left
    /// pending (without this, `evaluate` works them out into a copy each time). The search
    /// calls it before each evaluation. The default does nothing.
    fn settle_eval(&mut self) {}
    /// The static evaluation from the side to move's view, in centipawns.
    fn evaluate(&self, eval: &Self::Eval) -> i32;
    /// True when `mv` captures or promotes.
    fn is_noisy(&self, mv: Move) -> bool;
    /// The ordering value of a noisy move (higher first; winning the game highest).
    fn noisy_value(&self, eval: &Self::Eval, mv: Move) -> i32;
    /// True when the noisy move `mv` is likely to lose material: a capture by a piece worth
    /// more than its victim onto a cell the opponent guards (a one-exchange estimate). The
    /// search tries such captures after the quiet moves and leaves them out of quiescence.
    /// A game without the estimate answers false: every capture is searched as before.
    fn losing_capture(&self, _eval: &Self::Eval, _mv: Move) -> bool {
        false
    }
    /// The material the quiet move `mv`, just made, likely loses (a one-exchange estimate
    /// on the position after it): the moved piece's value when the side to move now attacks
    /// its cell and nothing defends it, the difference when a piece worth less attacks it,
    /// else 0. The search prunes quiet moves that lose much at shallow depth. A game without
    /// the estimate answers 0 (nothing pruned for it).
    fn quiet_loss(&self, _eval: &Self::Eval, _mv: Move) -> i32 {
        0
    }
    /// A key of the position's slow-changing structure (its pawns and Home Stones), by which
    /// the search averages how far the static evaluation errs. 0, the default, for a game
    /// without one: the search then leaves the evaluation as it is.
    fn structure_key(&self) -> u64 {
        0
    }
    /// The move in the engine's notation.
    fn move_text(&self, mv: Move) -> String;
}
