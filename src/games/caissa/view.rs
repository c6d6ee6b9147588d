//! Caïssa's positions as a front end draws them ([`BoardView`]): the 7 x 7 board with its
//! tiles and holes, and notes for a check and the banned (no-undo) exchange.

use super::board::{SIZE, name};
use super::{Caissa, CaissaPosition, piece_letter};
use crate::core::board_view::BoardView;
use crate::core::ruleset::Ruleset;

impl CaissaPosition {
    /// The position as a front end draws it: pieces by FEN letter, every square without a
    /// tile marked `hole`, the Queen in check marked `danger`; notes say when the side to
    /// move's Queen is in check and which
    /// exchange may not be undone this turn.
    pub fn view(&self) -> BoardView {
        let mut v = BoardView::rect(SIZE, SIZE, |cell| {
            self.piece_at(cell).map(|(c, t)| piece_letter(c, t))
        });
        for cell in 0..SIZE * SIZE {
            if !self.tiled(cell)
                && let Some(c) = v.cell_mut(cell)
            {
                c.marks.push("hole");
            }
        }
        if self.in_check() {
            if let Some(c) = v.cell_mut(self.s.queen_cell(self.side_to_move())) {
                c.marks.push("danger");
            }
            v.notes.push(format!(
                "{}'s Queen is in check",
                Caissa::color_name(self.side_to_move())
            ));
        }
        if let Some(b) = self.banned() {
            v.notes.push(format!(
                "no undo: {}{} is banned this turn",
                name(b.from()),
                name(b.to())
            ));
        }
        v
    }
}
