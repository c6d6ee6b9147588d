//! A game as the registry sees it: the [`Ruleset`] each folder under `games/` implements, so
//! the engine and the tools reach every game through one interface. A ruleset checks the
//! definitions it is asked to play, builds their positions (the concrete position type goes to
//! a [`PositionVisitor`], so hot loops stay monomorphised) and says its results in words: the
//! PGN/CECP result code with its reason, e.g. `1-0 {Yellow captures the Home Stone}` or
//! `0-1 {Black checkmates}`.

use super::definition::VariantDef;
use super::geometry::Color;
use super::nnue::inputs::NetInputs;
use super::outcome::{DrawReason, Outcome, WinReason};
use super::playable::Playable;
use super::tunable::Tunable;

/// What to do with a game's position once its concrete type is known: the engine builds its
/// game state from it, the tools their searches.
pub trait PositionVisitor {
    /// What the visit gives.
    type Output;
    /// Called with the position and the game's default evaluation weights (every game's
    /// position is both [`Playable`] and [`Tunable`]).
    fn visit<P: Playable + Tunable>(self, pos: P, eval: P::Eval) -> Self::Output;
}

/// One game (or family of games) as the registry sees it.
pub trait Ruleset {
    /// The `rules` value of the definitions this ruleset plays; `None` for the data-defined
    /// Kaissa family, which plays every definition that names no rules module.
    const RULES: Option<&'static str>;
    /// The built-in definitions, as a variants file: (its name in error messages, its text).
    const BUILTIN: (&'static str, &'static str);

    /// Checks a definition this ruleset is asked to play (board, pieces, start position).
    fn validate(def: &VariantDef) -> Result<(), String>;

    /// Builds the position of `fen` (the definition's start position when `None`; errors then
    /// start with `start_fen: `) with the game's default evaluation weights, and hands both to
    /// `visit`.
    fn build<V: PositionVisitor>(
        def: &VariantDef,
        fen: Option<&str>,
        visit: V,
    ) -> Result<V::Output, String>;

    /// Why XBoard cannot play the definition (`None`: it can), e.g. `its board of six wedges
    /// is not a rectangle and XBoard draws only rectangles`. XBoard draws rectangular boards
    /// of at most 16 ranks and moves as shogi-like variants move; a game it would draw wrong
    /// says so here, and the XBoard front end neither offers nor plays it.
    fn xboard_refusal(def: &VariantDef) -> Option<String>;

    /// The inputs of the definition's learned evaluation, for `kaissa datagen --format
    /// binary` and `kaissa train`; an error for a game or board without nets.
    fn net_inputs(def: &VariantDef) -> Result<Box<dyn NetInputs>, String> {
        Err(format!("{} has no learned evaluation", def.name))
    }

    /// The player's name: Yellow and Red in Kaissa, White and Black in Caïssa, Yellow and Blue
    /// in Jikaida.
    fn color_name(c: Color) -> &'static str;

    /// The reason of a draw by the definition's ply limit.
    fn ply_limit_words(limit: u32) -> String {
        format!("draw by the {limit}-ply limit")
    }

    /// The result line for a finished game, e.g. `1-0 {Yellow captures the Home Stone}`;
    /// `to_move` is the side to move in the final position.
    fn result_line(def: &VariantDef, outcome: Outcome, to_move: Color) -> String {
        let code = match outcome {
            Outcome::Win(Color::First, _) => "1-0",
            Outcome::Win(Color::Second, _) => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        };
        let name = Self::color_name;
        let why = match outcome {
            Outcome::Win(w, WinReason::Capture) => format!(
                "{} captures the {}",
                name(w),
                piece_name(def, def.end.capture_wins.first())
            ),
            Outcome::Win(w, WinReason::MissedDeadline) => {
                let piece = def.drops.first().map(|d| &d.piece);
                format!(
                    "{} did not place the {} in time",
                    name(w.flip()),
                    piece_name(def, piece)
                )
            }
            Outcome::Win(w, WinReason::NoMoves) if w == to_move => {
                format!("{} has no legal move and wins", name(w))
            }
            Outcome::Win(w, WinReason::NoMoves) => {
                format!("{} has no legal move", name(w.flip()))
            }
            Outcome::Draw(DrawReason::BothLost) => format!(
                "both players lost every {}",
                piece_name(def, def.end.both_lost_draw.first())
            ),
            Outcome::Win(w, WinReason::Checkmate) => format!("{} checkmates", name(w)),
            Outcome::Win(w, WinReason::Stalemate) => format!("{} stalemates and wins", name(w)),
            Outcome::Win(w, WinReason::BareKing) => {
                format!("{} bares the {} King", name(w), name(w.flip()))
            }
            Outcome::Draw(DrawReason::BothBlocked) => "neither player can move".to_string(),
            Outcome::Draw(DrawReason::BothBare) => "both Kings are bare".to_string(),
            Outcome::Draw(DrawReason::NoMoves) => format!("{} has no legal move", name(to_move)),
            Outcome::Draw(DrawReason::Repetition) => "draw by repetition".to_string(),
            Outcome::Draw(DrawReason::PlyLimit) => Self::ply_limit_words(def.end.ply_limit),
        };
        format!("{code} {{{why}}}")
    }
}

/// The name of the piece with `letter` in the definition, or "royal piece".
pub fn piece_name(def: &VariantDef, letter: Option<&String>) -> String {
    letter
        .and_then(|l| def.pieces.iter().find(|p| &p.letter == l))
        .map_or_else(|| "royal piece".to_string(), |p| p.name.clone())
}

/// The visit that keeps nothing: building a position only to check that it builds.
impl PositionVisitor for () {
    type Output = ();
    fn visit<P: Playable + Tunable>(self, _pos: P, _eval: P::Eval) {}
}
