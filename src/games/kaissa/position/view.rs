//! The Kaissa family's positions as a front end draws them ([`BoardView`]): the board, both
//! hands, and the Home Stone windows: which cells a player holding a piece may place it on,
//! and on which of his turns.

use super::Position;
use crate::core::bitboard::Bitboard;
use crate::core::board_view::{BoardView, HandView};
use crate::core::geometry::Color;
use crate::core::ruleset::Ruleset;
use crate::games::kaissa::Kaissa;

impl<B: Bitboard> Position<B> {
    /// The position as a front end draws it: pieces by FEN letter, both hands, the placement
    /// zone of every piece a player holds marked `zone-first` / `zone-second` while its window
    /// is open, and a note per piece in hand saying its window and the holder's next turn.
    pub fn view(&self) -> BoardView {
        let g = self.game();
        let b = &g.board;
        let mut v = BoardView::rect(b.files, b.ranks, |cell| {
            self.piece_at(cell).map(|(c, t)| g.letter(c, t))
        });
        for color in Color::BOTH {
            let pieces: Vec<(char, u32)> = (0..g.types())
                .filter(|&t| self.in_hand(color, t as u8) > 0)
                .map(|t| {
                    (
                        g.letter(color, t as u8),
                        u32::from(self.in_hand(color, t as u8)),
                    )
                })
                .collect();
            v.hands.push(HandView {
                color: color.index(),
                pieces,
            });
            let turn = self.next_turn(color);
            for rule in &g.drops {
                if self.in_hand(color, rule.ptype) == 0 {
                    continue;
                }
                let open = (rule.first..=rule.last).contains(&turn);
                let name = &g.pieces[rule.ptype as usize].name;
                v.notes.push(format!(
                    "{} holds the {name}: to place on turns {} to {}{}; next turn {turn}{}",
                    Kaissa::color_name(color),
                    rule.first,
                    rule.last,
                    if rule.deadline { " (deadline)" } else { "" },
                    if open { ", window open" } else { "" },
                ));
                if !open {
                    continue;
                }
                let mark = match color {
                    Color::First => "zone-first",
                    Color::Second => "zone-second",
                };
                for cell in 0..b.files * b.ranks {
                    if rule.zone[color.index()].has(cell)
                        && let Some(c) = v.cell_mut(cell)
                    {
                        c.marks.push(mark);
                    }
                }
            }
        }
        v
    }
}
