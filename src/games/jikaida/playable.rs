//! Jikaida as the engine plays it: FEN, notation, the ends of the game, the board as text (with
//! the drins' names on request) and the evaluation's terms ([`Playable`]), so the protocols,
//! `perft`, `bench`, `analyse` and the match arbiter drive it as they drive the other games.
//! A FEN of another size than the current board's is for another board
//! ([`Playable::same_board`]): the engine then builds the game anew.

use super::board::DRIN;
use super::drins::{self, DrinMap};
use super::eval::JikaidaEval;
use super::fen::read_placement;
use super::piece_letter;
use super::position::JikaidaPosition;
use crate::core::bitboard::Bitboard;
use crate::core::board_view::BoardView;
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::feature::NetFeatures;
use crate::core::outcome::Outcome;
use crate::core::playable::Playable;

impl<B: Bitboard> Playable for JikaidaPosition<B> {
    fn read_fen(&self, fen: &str) -> Result<Self, String> {
        JikaidaPosition::from_fen(self.board_arc(), fen)
    }

    fn write_fen(&self) -> String {
        self.to_fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        JikaidaPosition::parse_move(self, text)
    }

    fn outcome(&self, def: &VariantDef) -> Option<Outcome> {
        JikaidaPosition::outcome(self, def.end.repetition)
    }

    fn moves_played(&self) -> usize {
        self.history_len()
    }

    /// Pieces by letter (`'` after a Paktun, Deldar or Swod that has moved), `.` for an
    /// empty cell; fronts drawn as `|` and `-`.
    fn board_text(&self) -> String {
        let r = self.board().rect;
        let cells: Vec<Option<Placed>> = (0..r.files * r.ranks)
            .map(|cell| {
                self.piece_at(cell)
                    .map(|(c, k)| (c, k, super::has_first_move(k) && self.is_unmoved(cell)))
            })
            .collect();
        let mut s = draw_board(r.files, r.ranks, &cells, None);
        let flutter: Vec<Color> = Color::BOTH
            .into_iter()
            .filter(|&c| self.has_flutter(c))
            .collect();
        s.push_str(&flutter_line(&flutter));
        s
    }

    fn board_view(&self) -> BoardView {
        self.view()
    }

    fn eval_terms(&self, eval: &JikaidaEval) -> Vec<(String, i32, i32)> {
        let eval = &eval.params;
        let y = eval.terms(self, Color::First);
        let b = eval.terms(self, Color::Second);
        let mut rows: Vec<(String, i32, i32)> = y
            .iter()
            .zip(b.iter())
            .map(|(x, z)| (x.0.to_string(), x.1, z.1))
            .collect();
        rows.push(("tempo".to_string(), eval.tempo, 0));
        rows
    }

    /// A net only on the 12 x 18 board: on another, a net file is still read (and refused if
    /// it is not a Jikaida net) but the hand-written evaluation plays. Without a file, the
    /// form's built-in net, if it has one.
    fn choose_net(
        &self,
        eval: &JikaidaEval,
        use_net: bool,
        file: Option<&[u8]>,
    ) -> Result<Option<JikaidaEval>, String> {
        let net = match (use_net, file) {
            (false, _) => None,
            (true, None) => eval.built_in.clone(),
            (true, Some(bytes)) => Some(self.net_from_bytes("Jikaida", bytes)?),
        };
        Ok(Some(JikaidaEval {
            params: eval.params,
            net: net.filter(|_| super::nnue::fits(self)),
            built_in: eval.built_in.clone(),
        }))
    }

    fn net_name(&self, eval: &JikaidaEval) -> Option<String> {
        eval.net.as_ref().map(|n| n.name.clone())
    }

    /// The board with drin names (or, on a board without published names, the plain board
    /// and a line saying so).
    fn named_board_text(&self) -> Option<String> {
        Some(named_board_text(&self.write_fen()).unwrap_or_else(|e| {
            format!(
                "{}Drins: cannot read the position: {e}\n",
                self.board_text()
            )
        }))
    }

    /// A FEN of another size than this position's board is for another board.
    fn same_board(&self, fen: &str) -> Result<bool, String> {
        let placement = fen.split_whitespace().next().unwrap_or("");
        let (files, ranks, _) = read_placement(placement)?;
        let r = self.board().rect;
        Ok((files, ranks) == (r.files, r.ranks))
    }
}

/// A piece as the FEN reader gives it: colour, kind, first-move powers kept.
type Placed = (Color, u8, bool);

/// Width of a drin in characters on the text board (three per cell).
const DRIN_WIDTH: usize = 3 * DRIN;

/// Draws a board of `files` x `ranks` (`cells` rank 1 first, as [`read_placement`] gives
/// them): pieces by letter with a `'` after a first-move piece that has moved, `.` for an
/// empty cell, fronts as `|` and `-`, rank numbers at the left and file letters below. With
/// `names`, each band of drins is headed by a line carrying the drins' names, every rank ends
/// with its in-drin number (1-6) and a second row of letters gives the in-drin files (A-F),
/// so each cell reads as the book writes it (`Mortil A1`); without, the board is exactly what
/// `d` always showed.
fn draw_board(
    files: usize,
    ranks: usize,
    cells: &[Option<Placed>],
    names: Option<&DrinMap>,
) -> String {
    let mut s = String::new();
    // A front between two bands, or with `names` the heading of the band below it.
    let rule = |s: &mut String, band: usize| {
        s.push_str("    ");
        for col in 0..files / DRIN {
            if col > 0 {
                s.push_str("-+");
            }
            let mut seg = match names.and_then(|m| m.drin_name(col, band)) {
                Some(name) => format!("-- {name} "),
                None => String::new(),
            };
            while seg.len() < DRIN_WIDTH {
                seg.push('-');
            }
            s.push_str(&seg);
        }
        s.push('\n');
    };
    for rank in (0..ranks).rev() {
        if rank % DRIN == DRIN - 1 && (rank + 1 < ranks || names.is_some()) {
            rule(&mut s, rank / DRIN);
        }
        s.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..files {
            if file > 0 && file % DRIN == 0 {
                s.push_str(" |");
            }
            match cells.get(rank * files + file).copied().flatten() {
                Some((c, k, fresh)) => {
                    s.push(' ');
                    s.push(piece_letter(c, k));
                    s.push(if super::has_first_move(k) && !fresh {
                        '\''
                    } else {
                        ' '
                    });
                }
                None => s.push_str(" . "),
            }
        }
        if names.is_some() {
            s.push_str(&format!("  {}", drins::rank_number(rank)));
        }
        s.push('\n');
    }
    let letters = |s: &mut String, letter: &dyn Fn(usize) -> char| {
        s.push_str("    ");
        for file in 0..files {
            if file > 0 && file % DRIN == 0 {
                s.push_str("  ");
            }
            s.push(' ');
            s.push(letter(file));
            s.push(' ');
        }
        s.push('\n');
    };
    letters(&mut s, &|file| (b'a' + file as u8) as char);
    if names.is_some() {
        letters(&mut s, &drins::file_letter);
    }
    s
}

/// The line naming who may still make the Fluttember, or nothing when neither may.
fn flutter_line(open: &[Color]) -> String {
    if open.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = open.iter().map(|&c| super::color_name(c)).collect();
    format!("Fluttember still open: {}\n", names.join(", "))
}

/// `d` with drin names for a position given by its FEN: the board drawn with the names
/// (see [`draw_board`]), the Fluttember line, a line saying how to read the labels and the
/// Kings' squares in both notations. On a board without published names, the plain board
/// and a line saying there are none.
pub fn named_board_text(fen: &str) -> Result<String, String> {
    let mut fields = fen.split_whitespace();
    let (files, ranks, cells) = read_placement(fields.next().unwrap_or(""))?;
    let flutter_field = fields.nth(1).unwrap_or("-");
    let open: Vec<Color> = [(Color::First, 'K'), (Color::Second, 'k')]
        .into_iter()
        .filter(|&(_, l)| flutter_field.contains(l))
        .map(|(c, _)| c)
        .collect();
    let map = DrinMap::for_board(files, ranks);
    let mut s = draw_board(files, ranks, &cells, map.as_ref().ok());
    s.push_str(&flutter_line(&open));
    match map {
        Err(none) => s.push_str(&format!("Drins: {none}\n")),
        Ok(map) => {
            s.push_str(
                "Drins: each name heads its drin; in it, files A-F west to east (lower letter row), \
                 ranks 1-6 south to north (right margin)\n",
            );
            let kings: Vec<String> = Color::BOTH
                .into_iter()
                .filter_map(|color| {
                    let i = cells
                        .iter()
                        .position(|p| matches!(p, Some((c, super::KING, _)) if *c == color))?;
                    let (file, rank) = (i % files, i / files);
                    let cell = format!("{}{}", (b'a' + file as u8) as char, rank + 1);
                    let sq = map.square(file, rank)?;
                    Some(format!("{} {cell} = {sq}", super::color_name(color)))
                })
                .collect();
            if !kings.is_empty() {
                s.push_str(&format!("Kings: {}\n", kings.join(", ")));
            }
        }
    }
    Ok(s)
}
