//! Jikaida behind the engine's width-free [`GameState`] interface, so the protocols, `perft`,
//! `bench`, `analyse` and the match arbiter drive it as they drive the other games.
//!
//! The bitboard width follows the board: `Wide<4>` for the 12 x 18 Poron board, `Wide<7>` up
//! to 448 cells (Hyrshiv's 18 x 24), `Wide<14>` up to 896 (Jikshiv's 24 x 36). A FEN of another
//! size than the current board's builds a new board of that size; `position startpos` returns
//! to the definition's own board.

use super::board::{Board, DRIN};
use super::drins::{self, DrinMap};
use super::eval::{DEFAULT, JikaidaParams};
use super::fen::read_placement;
use super::position::JikaidaPosition;
use super::{LETTERS, piece_letter};
use crate::core::bitboard::{Bitboard, Wide};
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::outcome::Outcome;
use crate::core::playable::Playable;
use crate::engine::PlayState;
use crate::engine::{GameState, SearchOutcome};
use crate::search::{Info, Signals};
use crate::time::Limits;
use crate::tt::Table;
use std::sync::Arc;
use std::time::Duration;

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

    fn eval_terms(&self, eval: &JikaidaParams) -> Vec<(String, i32, i32)> {
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

/// A game state on a board of `files` x `ranks` with the bitboard width it needs, at the
/// position of `fen`.
fn state_for(
    def: &VariantDef,
    files: usize,
    ranks: usize,
    fen: &str,
) -> Result<Box<dyn GameState>, String> {
    fn make<B: Bitboard>(
        def: &VariantDef,
        files: usize,
        ranks: usize,
        fen: &str,
    ) -> Result<Box<dyn GameState>, String> {
        let board = Arc::new(Board::<B>::new(files, ranks));
        let pos = JikaidaPosition::from_fen(board, fen)?;
        Ok(Box::new(PlayState::new(
            def.clone(),
            Arc::new(DEFAULT),
            pos,
        )))
    }
    match files * ranks {
        n if n <= 256 => make::<Wide<4>>(def, files, ranks, fen),
        n if n <= 448 => make::<Wide<7>>(def, files, ranks, fen),
        _ => make::<Wide<14>>(def, files, ranks, fen),
    }
}

/// A Jikaida game whose board may change size with the FEN it is given.
pub struct JikaidaGame {
    def: VariantDef,
    size: (usize, usize),
    inner: Box<dyn GameState>,
}

/// The engine's game state for a Jikaida definition, at its start position.
pub fn new_state(def: &VariantDef) -> Result<Box<dyn GameState>, String> {
    let (files, ranks, _) = read_placement(
        def.start_fen
            .split_whitespace()
            .next()
            .ok_or("start_fen: empty")?,
    )
    .map_err(|e| format!("start_fen: {e}"))?;
    let inner =
        state_for(def, files, ranks, &def.start_fen).map_err(|e| format!("start_fen: {e}"))?;
    Ok(Box::new(JikaidaGame {
        def: def.clone(),
        size: (files, ranks),
        inner,
    }))
}

/// Checks a Jikaida definition: its start position reads, on the board it names, and every
/// piece letter is one of Jikaida's.
pub fn validate(def: &VariantDef) -> Result<(), String> {
    for p in &def.pieces {
        if !LETTERS.iter().any(|l| p.letter == l.to_string()) {
            return Err(format!("jikaida has no piece '{}'", p.letter));
        }
    }
    let (files, ranks, _) = read_placement(
        def.start_fen
            .split_whitespace()
            .next()
            .ok_or("start_fen: empty")?,
    )
    .map_err(|e| format!("start_fen: {e}"))?;
    if (files, ranks) != (def.files, def.ranks) {
        return Err(format!(
            "start_fen is {files} x {ranks}, the definition says {} x {}",
            def.files, def.ranks
        ));
    }
    new_state(def).map(|_| ())
}

impl Clone for JikaidaGame {
    fn clone(&self) -> Self {
        JikaidaGame {
            def: self.def.clone(),
            size: self.size,
            inner: self.inner.boxed_clone(),
        }
    }
}

impl GameState for JikaidaGame {
    fn def(&self) -> &VariantDef {
        &self.def
    }
    fn boxed_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }
    /// A FEN of another size than the current board builds a board of that size (kept only
    /// if the FEN and moves are good).
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let text = fen.unwrap_or(&self.def.start_fen);
        let placement = text.split_whitespace().next().unwrap_or("");
        let (files, ranks, _) = read_placement(placement).map_err(|e| format!("bad FEN: {e}"))?;
        if (files, ranks) == self.size {
            return self.inner.set_position(fen, moves);
        }
        let mut inner =
            state_for(&self.def, files, ranks, text).map_err(|e| format!("bad FEN: {e}"))?;
        inner.set_position(fen, moves)?;
        self.inner = inner;
        self.size = (files, ranks);
        Ok(())
    }
    fn play(&mut self, mv: &str) -> Result<(), String> {
        self.inner.play(mv)
    }
    fn undo(&mut self) -> bool {
        self.inner.undo()
    }
    fn fen(&self) -> String {
        self.inner.fen()
    }
    fn key(&self) -> u64 {
        self.inner.key()
    }
    fn side_to_move(&self) -> Color {
        self.inner.side_to_move()
    }
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }
    fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        self.inner.divide(depth)
    }
    fn perft(&mut self, depth: u32) -> u64 {
        self.inner.perft(depth)
    }
    fn board_text(&self) -> String {
        self.inner.board_text()
    }
    /// The board with drin names (or, on a board without published names, the plain board
    /// and a line saying so).
    fn named_board_text(&self) -> Option<String> {
        Some(named_board_text(&self.inner.fen()).unwrap_or_else(|e| {
            format!(
                "{}Drins: cannot read the position: {e}\n",
                self.inner.board_text()
            )
        }))
    }
    fn eval(&self) -> (Vec<(String, i32, i32)>, i32) {
        self.inner.eval()
    }
    fn search(
        &self,
        tt: Arc<Table>,
        limits: Limits,
        overhead: Duration,
        threads: usize,
        signals: Signals,
        report: &mut (dyn FnMut(&Info) + Send),
    ) -> SearchOutcome {
        self.inner
            .search(tt, limits, overhead, threads, signals, report)
    }
}
