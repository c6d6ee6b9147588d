//! Results in words: the PGN/CECP result code with its reason, e.g.
//! `1-0 {Yellow captures the Home Stone}` or `0-1 {Black checkmates}`, shared by the XBoard mode and the match arbiter.

use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::outcome::{DrawReason, Outcome, WinReason};

/// The player's name in a game: White and Black in Caïssa, Yellow and Blue in Jikaida, Yellow
/// and Red in Kaissa.
pub fn color_name(def: &VariantDef, c: Color) -> &'static str {
    if def.rules.as_deref() == Some(crate::games::variants::JIKAIDA_RULES) {
        return crate::jikaida::color_name(c);
    }
    let caissa = def.rules.as_deref() == Some(crate::games::variants::CAISSA_RULES);
    match (c, caissa) {
        (Color::First, false) => "Yellow",
        (Color::Second, false) => "Red",
        (Color::First, true) => "White",
        (Color::Second, true) => "Black",
    }
}

/// The name of the piece with `letter`, or the letter itself.
fn piece_name(def: &VariantDef, letter: Option<&String>) -> String {
    letter
        .and_then(|l| def.pieces.iter().find(|p| &p.letter == l))
        .map_or_else(|| "royal piece".to_string(), |p| p.name.clone())
}

/// The result line for a finished game, e.g. `1-0 {Yellow captures the Home Stone}`;
/// `to_move` is the side to move in the final position.
pub fn result_line(def: &VariantDef, outcome: Outcome, to_move: Color) -> String {
    let code = match outcome {
        Outcome::Win(Color::First, _) => "1-0",
        Outcome::Win(Color::Second, _) => "0-1",
        Outcome::Draw(_) => "1/2-1/2",
    };
    let why = match outcome {
        Outcome::Win(w, WinReason::Capture) => format!(
            "{} captures the {}",
            color_name(def, w),
            piece_name(def, def.end.capture_wins.first())
        ),
        Outcome::Win(w, WinReason::MissedDeadline) => {
            let piece = def.drops.first().map(|d| &d.piece);
            format!(
                "{} did not place the {} in time",
                color_name(def, w.flip()),
                piece_name(def, piece)
            )
        }
        Outcome::Win(w, WinReason::NoMoves) if w == to_move => {
            format!("{} has no legal move and wins", color_name(def, w))
        }
        Outcome::Win(w, WinReason::NoMoves) => {
            format!("{} has no legal move", color_name(def, w.flip()))
        }
        Outcome::Draw(DrawReason::BothLost) => format!(
            "both players lost every {}",
            piece_name(def, def.end.both_lost_draw.first())
        ),
        Outcome::Win(w, WinReason::Checkmate) => {
            format!("{} checkmates", color_name(def, w))
        }
        Outcome::Win(w, WinReason::Stalemate) => {
            format!("{} stalemates and wins", color_name(def, w))
        }
        Outcome::Win(w, WinReason::BareKing) => {
            format!(
                "{} bares the {} King",
                color_name(def, w),
                color_name(def, w.flip())
            )
        }
        Outcome::Draw(DrawReason::BothBlocked) => "neither player can move".to_string(),
        Outcome::Draw(DrawReason::BothBare) => "both Kings are bare".to_string(),
        Outcome::Draw(DrawReason::NoMoves) => {
            format!("{} has no legal move", color_name(def, to_move))
        }
        Outcome::Draw(DrawReason::Repetition) => "draw by repetition".to_string(),
        Outcome::Draw(DrawReason::PlyLimit) if def.rules.is_some() => {
            format!("draw by the {}-ply limit", def.end.ply_limit)
        }
        Outcome::Draw(DrawReason::PlyLimit) => format!(
            "draw by the {}-ply rule: no capture, Spearman move or placement",
            def.end.ply_limit
        ),
    };
    format!("{code} {{{why}}}")
}
