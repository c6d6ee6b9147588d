//! Jikaida FEN: `<placement> <side> <fluttember> <fullmove>`, documented in protocol.md.
//!
//! The placement runs from the top rank down, files from `a`; a number (one or two digits)
//! counts empty cells; `KPACJHNDS` are Yellow's pieces, lower case Blue's. A Paktun, Deldar or
//! Swod that has moved (or was promoted) carries a trailing `'`; without it the piece still has
//! its first-move powers. The side is `y` or `b`; the Fluttember field is `-` or `K`, `k`,
//! `Kk` (who still has it); the move number starts at 1. The board's size is the placement's:
//! files and ranks multiples of 6, up to 24 files and 36 ranks.

use super::board::{Board, DRIN};
use super::movegen::side_letter;
use super::position::JikaidaPosition;
use super::{KING, has_first_move, piece_letter, piece_of_letter};
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use std::sync::Arc;

/// The start position of Poron Jikaida.
pub const START_FEN: &str = "cjhapkannhjc/dddddddddddd/ssssssssssss/12/12/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1";

/// Most files a board may have (lettered `a`..`x`).
pub const MAX_FILES: usize = 24;
/// Most ranks a board may have.
pub const MAX_RANKS: usize = 36;

/// A piece read from the placement: colour, kind, first-move powers kept.
type Placed = (Color, u8, bool);

/// The board size and pieces of a placement, rank 1 first.
pub fn read_placement(text: &str) -> Result<(usize, usize, Vec<Option<Placed>>), String> {
    let rows: Vec<&str> = text.split('/').collect();
    let ranks = rows.len();
    let mut files = None;
    let mut cells: Vec<Option<Placed>> = Vec::new();
    for (i, row) in rows.iter().rev().enumerate() {
        let mut line: Vec<Option<Placed>> = Vec::new();
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0) as usize;
                if let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    chars.next();
                    n = n * 10 + d as usize;
                }
                if n == 0 || n > MAX_FILES {
                    return Err(format!("bad count of empty cells in rank {}", ranks - i));
                }
                line.extend(std::iter::repeat_n(None, n));
            } else if c == '\'' {
                match line.last_mut() {
                    Some(Some((_, k, fresh))) if has_first_move(*k) && *fresh => *fresh = false,
                    _ => {
                        return Err(format!(
                            "a ' may follow only a Paktun, Deldar or Swod letter (rank {})",
                            ranks - i
                        ));
                    }
                }
            } else {
                let (color, kind) =
                    piece_of_letter(c).ok_or_else(|| format!("unknown piece letter '{c}'"))?;
                line.push(Some((color, kind, has_first_move(kind))));
            }
            if line.len() > MAX_FILES {
                return Err(format!("rank {} is too long", ranks - i));
            }
        }
        match files {
            None => files = Some(line.len()),
            Some(f) if f != line.len() => {
                return Err(format!(
                    "rank {} has {} cells, rank 1 has {f}",
                    ranks - i,
                    line.len()
                ));
            }
            _ => {}
        }
        cells.extend(line);
    }
    let files = files.unwrap_or(0);
    if files == 0 || !files.is_multiple_of(DRIN) || files > MAX_FILES {
        return Err(format!(
            "the board needs a multiple of 6 files up to {MAX_FILES}, not {files}"
        ));
    }
    if !ranks.is_multiple_of(DRIN) || ranks > MAX_RANKS {
        return Err(format!(
            "the board needs a multiple of 6 ranks up to {MAX_RANKS}, not {ranks}"
        ));
    }
    Ok((files, ranks, cells))
}

impl<B: Bitboard> JikaidaPosition<B> {
    /// Reads a FEN onto `board` (whose size must match the placement's).
    pub fn from_fen(board: Arc<Board<B>>, fen: &str) -> Result<Self, String> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or("empty FEN")?;
        let (files, ranks, cells) = read_placement(placement)?;
        if files != board.rect.files || ranks != board.rect.ranks {
            return Err(format!(
                "the placement is {files} x {ranks}, the board {} x {}",
                board.rect.files, board.rect.ranks
            ));
        }
        let mut pos = JikaidaPosition::empty(board);
        for (cell, p) in cells.into_iter().enumerate() {
            if let Some((color, kind, fresh)) = p {
                pos.put(color, kind, cell, fresh);
            }
        }
        match fields.next().unwrap_or("y") {
            "y" => {}
            "b" => pos.set_side(Color::Second),
            s => return Err(format!("side to move must be y or b, not {s}")),
        }
        match fields.next().unwrap_or("-") {
            "-" => {}
            s => {
                let (mut y, mut b) = (false, false);
                for c in s.chars() {
                    match c {
                        'K' if !y => y = true,
                        'k' if !b => b = true,
                        _ => return Err(format!("bad Fluttember field: {s}")),
                    }
                }
                if pos.flutter_squares().is_none() {
                    return Err(
                        "the Fluttember exists only on the 12 x 18 board: write -".to_string()
                    );
                }
                pos.set_flutter(Color::First, y);
                pos.set_flutter(Color::Second, b);
            }
        }
        if let Some(n) = fields.next() {
            let n: u32 = n
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| format!("bad move number: {n}"))?;
            pos.set_fullmove(n);
        }
        if let Some(extra) = fields.next() {
            return Err(format!("unexpected text after the move number: {extra}"));
        }
        for c in Color::BOTH {
            if pos.pieces(c, KING).count() != 1 {
                return Err(format!(
                    "{} must have exactly one King",
                    super::color_name(c)
                ));
            }
        }
        let them = pos.side_to_move().flip();
        if pos.attacked(pos.king(them), pos.side_to_move()) {
            return Err(format!(
                "{} (not to move) is in check",
                super::color_name(them)
            ));
        }
        Ok(pos)
    }

    /// The position as FEN.
    pub fn to_fen(&self) -> String {
        let r = self.board.rect;
        let mut s = String::new();
        for rank in (0..r.ranks).rev() {
            let mut empty = 0;
            for file in 0..r.files {
                let cell = r.cell(file, rank);
                match self.piece_at(cell) {
                    None => empty += 1,
                    Some((c, k)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(piece_letter(c, k));
                        if has_first_move(k) && !self.is_unmoved(cell) {
                            s.push('\'');
                        }
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let mut flutter = String::new();
        if self.has_flutter(Color::First) {
            flutter.push('K');
        }
        if self.has_flutter(Color::Second) {
            flutter.push('k');
        }
        if flutter.is_empty() {
            flutter.push('-');
        }
        format!(
            "{s} {} {flutter} {}",
            side_letter(self.side_to_move()),
            self.fullmove()
        )
    }
}
