//! What the engine needs of a game beyond the search's [`Rules`]: FEN, notation, the ends of
//! the game, a board picture, the evaluation's terms. Every game's position implements
//! [`Playable`]; the engine turns any playable position into its one width-free game state.

use super::board_view::BoardView;
use super::definition::VariantDef;
use super::moves::Move;
use super::nnue::feature::NetFeatures;
use super::outcome::Outcome;
use super::rules::Rules;

/// A position the engine can set up, show and play from text, and evaluate with a learned net
/// ([`NetFeatures`]).
pub trait Playable: Rules + NetFeatures + 'static {
    /// Reads a FEN for the same game (and board) as `self`.
    fn read_fen(&self, fen: &str) -> Result<Self, String>;
    /// The position as FEN.
    fn write_fen(&self) -> String;
    /// Reads a move in notation, checking that it is legal.
    fn parse_move(&self, text: &str) -> Result<Move, String>;
    /// The result if the game has ended, with the definition's end rules (repetition, ply
    /// limits).
    fn outcome(&self, def: &VariantDef) -> Option<Outcome>;
    /// Moves played since the position was set up (how far `undo` may go).
    fn moves_played(&self) -> usize;
    /// The board as text, first rank at the bottom.
    fn board_text(&self) -> String;
    /// The position as a front end draws it: every cell with its name, place, piece and look,
    /// the hands, and notes on what the board does not show (see [`BoardView`]).
    fn board_view(&self) -> BoardView;
    /// Evaluation terms: (name, first player, second player).
    fn eval_terms(&self, eval: &Self::Eval) -> Vec<(String, i32, i32)>;
    /// `eval` with its learned net chosen: none when `use_net` is false, else the game's
    /// built-in net (`file` None) or the net a file's bytes hold. `None` when `eval` stays as
    /// it is; an error, and nothing changed, for bytes that are not a net for this game. The
    /// default, for games without nets: nothing to choose, and a file is an error.
    fn choose_net(
        &self,
        eval: &Self::Eval,
        use_net: bool,
        file: Option<&[u8]>,
    ) -> Result<Option<Self::Eval>, String> {
        let _ = (eval, use_net);
        match file {
            Some(_) => Err("this game has no learned evaluation".into()),
            None => Ok(None),
        }
    }
    /// The name of the learned net `eval` evaluates with; `None` for a hand-written
    /// evaluation.
    fn net_name(&self, eval: &Self::Eval) -> Option<String> {
        let _ = eval;
        None
    }
    /// The board as text with the game's own square names drawn on it (Jikaida's drins, the
    /// book's `Mortil A1`), for `d` with the `DrinNames` option. `None` for games that have no
    /// such names: [`Playable::board_text`] is all they show.
    fn named_board_text(&self) -> Option<String> {
        None
    }
    /// Whether `fen` is for this position's board. A game whose FEN carries its board size
    /// (Jikaida) answers false for another size, and the engine builds the game anew for that
    /// FEN; an error when the FEN's board cannot be read.
    fn same_board(&self, fen: &str) -> Result<bool, String> {
        let _ = fen;
        Ok(true)
    }
}
