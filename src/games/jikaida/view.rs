//! Jikaida's positions as a front end draws them ([`BoardView`]): any size of board in drins
//! of 6 x 6 with the fronts between them, the book's name of every square where the board has
//! published names (`Mortil A1`, as the UCI option `DrinNames` shows them), the pieces whose
//! first-move powers are spent, and notes for check and the Fluttember.

use super::board::DRIN;
use super::drins::DrinMap;
use super::position::JikaidaPosition;
use super::{color_name, has_first_move, piece_letter};
use crate::core::bitboard::Bitboard;
use crate::core::board_view::{AreaView, BoardView};
use crate::core::geometry::Color;

impl<B: Bitboard> JikaidaPosition<B> {
    /// The position as a front end draws it: pieces by FEN letter; each cell marked `drin-a`
    /// or `drin-b` (neighbouring drins alternate), `front-w` / `front-s` where a front runs
    /// along its west or south side, `moved` under a Paktun, Deldar or Swod that has moved;
    /// each cell's book name (`Mortil A1`) as its label and each drin as a named area, where
    /// the board size has published names; notes on check and who may still make the
    /// Fluttember.
    pub fn view(&self) -> BoardView {
        let r = self.board().rect;
        let mut v = BoardView::rect(r.files, r.ranks, |cell| {
            self.piece_at(cell).map(|(c, k)| piece_letter(c, k))
        });
        let names = DrinMap::for_board(r.files, r.ranks).ok();
        for cell in 0..r.files * r.ranks {
            let (file, rank) = (r.file(cell), r.rank(cell));
            let moved = self
                .piece_at(cell)
                .is_some_and(|(_, k)| has_first_move(k) && !self.is_unmoved(cell));
            let Some(c) = v.cell_mut(cell) else { continue };
            c.marks
                .push(if (file / DRIN + rank / DRIN).is_multiple_of(2) {
                    "drin-a"
                } else {
                    "drin-b"
                });
            if file > 0 && file.is_multiple_of(DRIN) {
                c.marks.push("front-w");
            }
            if rank > 0 && rank.is_multiple_of(DRIN) {
                c.marks.push("front-s");
            }
            if moved {
                c.marks.push("moved");
            }
            c.label = names
                .as_ref()
                .and_then(|m| m.square(file, rank))
                .map(|sq| sq.to_string());
        }
        if let Some(m) = &names {
            for col in 0..r.files / DRIN {
                for row in 0..r.ranks / DRIN {
                    if let Some(name) = m.drin_name(col, row) {
                        v.areas.push(AreaView {
                            name: name.to_string(),
                            x: (col * DRIN) as f32,
                            y: (r.ranks - (row + 1) * DRIN) as f32,
                            width: DRIN as f32,
                            height: DRIN as f32,
                        });
                    }
                }
            }
        }
        if self.in_check() {
            if let Some(c) = v.cell_mut(self.king(self.side_to_move())) {
                c.marks.push("danger");
            }
            v.notes.push(format!(
                "{}'s King is in check",
                color_name(self.side_to_move())
            ));
        }
        let open: Vec<&str> = Color::BOTH
            .into_iter()
            .filter(|&c| self.has_flutter(c))
            .map(color_name)
            .collect();
        if !open.is_empty() {
            v.notes
                .push(format!("Fluttember still open: {}", open.join(", ")));
        }
        v
    }
}
