//! Legal moves as the page picks them: each move's text split, by the board's own cell names,
//! into where it comes from, where it goes, the piece placed from the hand and the promotion
//! chosen. The page then only matches clicks against this list; it knows no rule.

use crate::core::board_view::BoardView;
use serde::Serialize;
use std::collections::HashSet;

/// One legal move, in parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The move in engine notation, as the page sends it back.
    pub text: String,
    /// The cell it leaves (`None` for a placement from the hand or a pass).
    pub from: Option<String>,
    /// The cell it goes to (`None` for a pass).
    pub to: Option<String>,
    /// The letter of the piece placed from the hand, for a placement.
    pub drop: Option<String>,
    /// What follows the two cells: the promotion's letter, if any.
    pub promotion: Option<String>,
}

/// The longest cell name `text` starts with.
fn cell_prefix<'a>(text: &'a str, names: &HashSet<&str>) -> Option<(&'a str, &'a str)> {
    (1..=text.len())
        .rev()
        .filter(|&n| text.is_char_boundary(n))
        .map(|n| text.split_at(n))
        .find(|(head, _)| names.contains(head))
}

/// Splits each move of `moves` by the cell names of `view`: `X@c` is a placement, a text
/// that starts with two cell names is a move (the rest, if any, its promotion), anything else
/// (the pass `0000`) has neither cell.
pub fn move_views(moves: &[String], view: &BoardView) -> Vec<MoveView> {
    let names: HashSet<&str> = view.cells.iter().map(|c| c.name.as_str()).collect();
    moves
        .iter()
        .map(|text| {
            let mut mv = MoveView {
                text: text.clone(),
                from: None,
                to: None,
                drop: None,
                promotion: None,
            };
            if let Some((piece, cell)) = text.split_once('@') {
                if names.contains(cell) {
                    mv.drop = Some(piece.to_string());
                    mv.to = Some(cell.to_string());
                }
            } else if let Some((from, rest)) = cell_prefix(text, &names)
                && let Some((to, promo)) = cell_prefix(rest, &names)
            {
                mv.from = Some(from.to_string());
                mv.to = Some(to.to_string());
                mv.promotion = (!promo.is_empty()).then(|| promo.to_string());
            }
            mv
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> MoveView {
        let view = BoardView::rect(10, 10, |_| None);
        move_views(&[text.to_string()], &view).remove(0)
    }

    #[test]
    fn moves_split_into_cells_placements_and_promotions() {
        let m = split("a1a10");
        assert_eq!(
            (m.from.as_deref(), m.to.as_deref()),
            (Some("a1"), Some("a10"))
        );
        let m = split("c9c10t");
        assert_eq!(
            (m.from.as_deref(), m.to.as_deref(), m.promotion.as_deref()),
            (Some("c9"), Some("c10"), Some("t"))
        );
        let m = split("H@e1");
        assert_eq!(
            (m.drop.as_deref(), m.to.as_deref(), m.from),
            (Some("H"), Some("e1"), None)
        );
        let m = split("0000");
        assert_eq!((m.from, m.to), (None, None));
    }
}
