//! The Kaissa family's positions as a front end draws them ([`BoardView`]): the board, both
//! hands, and the Home Stone windows: which cells a player holding a piece may place it on,
//! and on which of his turns.

use super::Position;
use crate::core::bitboard::Bitboard;
use crate::core::board_view::{BoardView, HandView};
use crate::core::geometry::Color;
use crate::core::ruleset::Ruleset;
use crate::games::kaissa::Kaissa;
use crate::games::kaissa::board::Board;

/// The donkey board as a front end draws it: every cell at its place in the hexagon (about one
/// unit between neighbours on the edges) with its kite's outline, light and dark, named
/// `a11`..`f44`, the hexagon's sides and the wedge borders as lines, no edge labels.
fn donkey_view(piece: impl Fn(usize) -> Option<char>) -> BoardView {
    use crate::core::board_view::{CellView, LineView};
    use crate::core::donkey::{Cell, layout};
    let (centres, width, height) = layout::unit_layout();
    let cells = centres
        .into_iter()
        .enumerate()
        .map(|(index, (x, y))| CellView {
            index,
            name: Cell(index as u8).name(),
            x: x as f32,
            y: y as f32,
            piece: piece(index),
            marks: vec![if Cell(index as u8).is_light() {
                "light"
            } else {
                "dark"
            }],
            label: None,
            shape: layout::corners(Cell(index as u8))
                .into_iter()
                .map(layout::to_unit)
                .map(|(x, y)| (x as f32, y as f32))
                .collect(),
        })
        .collect();
    let lines = layout::lines()
        .into_iter()
        .map(|(a, b, kind)| {
            let (a, b) = (layout::to_unit(a), layout::to_unit(b));
            LineView {
                x1: a.0 as f32,
                y1: a.1 as f32,
                x2: b.0 as f32,
                y2: b.1 as f32,
                kind,
            }
        })
        .collect();
    BoardView {
        width: width as f32,
        height: height as f32,
        cells,
        bottom: Vec::new(),
        left: Vec::new(),
        areas: Vec::new(),
        lines,
        hands: Vec::new(),
        notes: Vec::new(),
    }
}

impl<B: Bitboard> Position<B> {
    /// The position as a front end draws it: pieces by FEN letter, both hands, the placement
    /// zone of every piece a player holds marked `zone-first` / `zone-second` while its window
    /// is open, a note per piece in hand saying its window and the holder's next turn, and a
    /// Home Stone the opponent attacks marked `danger`.
    pub fn view(&self) -> BoardView {
        let g = self.game();
        let piece = |cell: usize| self.piece_at(cell).map(|(c, t)| g.letter(c, t));
        let mut v = match &g.board {
            Board::Rect(b) => BoardView::rect(b.files, b.ranks, piece),
            Board::Donkey(_) => donkey_view(piece),
        };
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
                for cell in 0..g.board.cell_count() {
                    if rule.zone[color.index()].has(cell)
                        && let Some(c) = v.cell_mut(cell)
                    {
                        c.marks.push(mark);
                    }
                }
            }
            // A piece whose capture loses the game (the Home Stone), attacked now.
            for &t in &g.end.capture_wins {
                let stones = self.pieces(color, t);
                if stones.count() == 1
                    && self.in_hand(color, t) == 0
                    && self.attacked_by(stones.lowest(), color.flip())
                    && let Some(c) = v.cell_mut(stones.lowest())
                {
                    c.marks.push("danger");
                }
            }
        }
        v
    }
}
