//! FEN in and out, compatible with Fairy-Stockfish's for these boards:
//! `placement[hand] side - - halfmove fullmove [unmoved]`.
//!
//! Empty runs may take two digits (`10`), the hand follows the placement in brackets (`[Hh]`,
//! `[]`), `w`/`b` name the first and second player. The optional seventh field, which FSF does
//! not have, lists the cells of pieces that have not moved yet (`c2,d2` or `-`); without it a
//! piece with first-move powers counts as unmoved when it stands where the same piece stands
//! in the start position. It is written only when it differs from that default.

use super::{NO_PIECE, Position, code, color_index, piece_type};
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use crate::core::zobrist::MAX_HAND;
use crate::games::kaissa::game::Game;
use std::sync::Arc;

/// Reads a placement field ('/'-separated rows: ranks from the last to the first, or the
/// donkey board's wedges a..f) into board bytes.
fn parse_placement<B: Bitboard>(game: &Game<B>, text: &str) -> Result<Vec<u8>, String> {
    let (rows_cells, row_word) = game.board.fen_rows();
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != rows_cells.len() {
        return Err(format!(
            "placement has {} {row_word}s, the board has {}",
            rows.len(),
            rows_cells.len()
        ));
    }
    let mut board = vec![NO_PIECE; game.board.cell_count()];
    for (i, (row, cells)) in rows.iter().zip(&rows_cells).enumerate() {
        let width = cells.len();
        let mut at = 0usize;
        let mut digits = 0usize;
        let too_many = || format!("{} has too many cells", game.board.fen_row_name(i));
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                digits = digits * 10 + d as usize;
                if digits > width {
                    return Err(too_many());
                }
                continue;
            }
            at += digits;
            digits = 0;
            let (color, t) = game
                .piece_of_letter(ch)
                .ok_or_else(|| format!("unknown piece letter '{ch}' in placement"))?;
            if at >= width {
                return Err(too_many());
            }
            board[cells[at]] = code(color, t);
            at += 1;
        }
        at += digits;
        if at != width {
            return Err(format!(
                "{} has {at} cells, the board has {width} in each",
                game.board.fen_row_name(i)
            ));
        }
    }
    Ok(board)
}

/// The default unmoved set of a board: pieces with first-move powers standing where the same
/// piece stands in the start position, except the game's exempt cells.
fn default_unmoved<B: Bitboard>(game: &Game<B>, board: &[u8], start: &[u8]) -> B {
    let mut out = B::EMPTY;
    for (c, &p) in board.iter().enumerate() {
        if p != NO_PIECE
            && game.has_initial[piece_type(p) as usize]
            && start[c] == p
            && !game.no_initial.has(c)
        {
            out.set(c);
        }
    }
    out
}

impl<B: Bitboard> Position<B> {
    /// Reads a position of `game` from FEN.
    pub fn from_fen(game: &Arc<Game<B>>, fen: &str) -> Result<Self, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err("empty FEN".into());
        }
        if fields.len() > 7 {
            return Err(format!("FEN has {} fields, at most 7", fields.len()));
        }
        let (placement, hand_text) = match fields[0].split_once('[') {
            Some((p, rest)) => {
                let h = rest.strip_suffix(']').ok_or("holdings must end with ']'")?;
                (p, h)
            }
            None => (fields[0], ""),
        };
        let board = parse_placement(game, placement)?;
        let start_field = game.def.start_fen.split_whitespace().next().unwrap_or("");
        let start_board = parse_placement(game, start_field.split('[').next().unwrap_or(""))
            .map_err(|e| format!("the game's start FEN: {e}"))?;
        let mut pos = Position::empty(game);
        for (cell, &p) in board.iter().enumerate() {
            if p != NO_PIECE {
                let color = if color_index(p) == 0 {
                    Color::First
                } else {
                    Color::Second
                };
                pos.put(color, piece_type(p), cell);
            }
        }
        for ch in hand_text.chars() {
            let (color, t) = game
                .piece_of_letter(ch)
                .ok_or_else(|| format!("unknown piece letter '{ch}' in holdings"))?;
            let n = pos.in_hand(color, t);
            if n as usize + 1 >= MAX_HAND {
                return Err(format!("too many '{ch}' in holdings"));
            }
            pos.set_hand(color, t, n + 1);
        }
        pos.stm = match fields.get(1).copied().unwrap_or("w") {
            "w" => Color::First,
            "b" => Color::Second,
            s => return Err(format!("side to move must be 'w' or 'b', not '{s}'")),
        };
        for (i, f) in fields.iter().enumerate().skip(2).take(2) {
            if *f != "-" {
                return Err(format!(
                    "field {} must be '-' (no castling or en passant in this game), not '{f}'",
                    i + 1
                ));
            }
        }
        pos.halfmove = match fields.get(4) {
            Some(s) => s
                .parse()
                .map_err(|_| format!("halfmove clock '{s}' is not a number"))?,
            None => 0,
        };
        pos.fullmove = match fields.get(5) {
            Some(s) => match s.parse::<u32>() {
                Ok(n) if (1..=1_000_000).contains(&n) => n,
                _ => return Err(format!("move number '{s}' is not a number from 1")),
            },
            None => 1,
        };
        if pos.halfmove > 1_000_000 {
            return Err(format!("halfmove clock {} is out of range", pos.halfmove));
        }
        pos.unmoved = match fields.get(6) {
            None => default_unmoved(game, &board, &start_board),
            Some(&"-") => B::EMPTY,
            Some(list) => {
                let mut set = B::EMPTY;
                for name in list.split(',') {
                    let cell = game
                        .board
                        .parse(name)
                        .ok_or_else(|| format!("unmoved field: '{name}' is not a cell"))?;
                    let p = board[cell];
                    if p == NO_PIECE
                        || !game.has_initial[piece_type(p) as usize]
                        || game.no_initial.has(cell)
                    {
                        return Err(format!(
                            "unmoved field: {name} holds no piece with first-move powers"
                        ));
                    }
                    set.set(cell);
                }
                set
            }
        };
        pos.key = pos.compute_key();
        pos.structure_key = pos.compute_structure_key();
        Ok(pos)
    }

    /// The position of a training record's parts (`core::nnue::record`): `pieces` as (cell,
    /// colour 0 or 1, type), each player's hand as (type, count), the side to move and the
    /// move number. What a record does not keep is as a FEN without it says: the halfmove
    /// clock 0, a piece with first-move powers unmoved where it stands as in the start
    /// position, no history. An error for a cell, type or hand the game does not have, or two
    /// pieces on one cell.
    pub fn from_parts(
        game: &Arc<Game<B>>,
        pieces: &[(usize, u8, u8)],
        hands: [&[(u8, u8)]; 2],
        stm: Color,
        fullmove: u32,
    ) -> Result<Self, String> {
        let color = |c: u8| if c == 0 { Color::First } else { Color::Second };
        let mut pos = Position::empty(game);
        for &(cell, c, t) in pieces {
            if cell >= game.board.cell_count() || t as usize >= game.types() {
                return Err(format!("piece type {t} on cell {cell} is not of this game"));
            }
            if pos.board[cell] != NO_PIECE {
                return Err(format!("two pieces on cell {cell}"));
            }
            pos.put(color(c), t, cell);
        }
        for (c, hand) in hands.iter().enumerate() {
            for &(t, n) in hand.iter() {
                if t as usize >= game.types() || n as usize + 1 >= MAX_HAND {
                    return Err(format!("a hand of {n} of type {t} is not of this game"));
                }
                pos.set_hand(color(c as u8), t, n);
            }
        }
        pos.stm = stm;
        pos.fullmove = fullmove.clamp(1, 1_000_000);
        let start_field = game.def.start_fen.split_whitespace().next().unwrap_or("");
        let start = parse_placement(game, start_field.split('[').next().unwrap_or(""))
            .map_err(|e| format!("the game's start FEN: {e}"))?;
        pos.unmoved = default_unmoved(game, &pos.board, &start);
        pos.key = pos.compute_key();
        pos.structure_key = pos.compute_structure_key();
        Ok(pos)
    }

    /// Writes the position as FEN.
    pub fn to_fen(&self) -> String {
        let g = &self.game;
        let (rows, _) = g.board.fen_rows();
        let mut s = String::new();
        for (i, row) in rows.iter().enumerate() {
            let mut empty = 0;
            for &cell in row {
                match self.piece_at(cell) {
                    None => empty += 1,
                    Some((c, t)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(g.letter(c, t));
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if i + 1 < rows.len() {
                s.push('/');
            }
        }
        let holds_any = Color::BOTH.iter().any(|&c| self.hand_nonempty(c));
        if !g.drops.is_empty() || holds_any {
            s.push('[');
            for c in Color::BOTH {
                for t in 0..g.types() {
                    for _ in 0..self.in_hand(c, t as u8) {
                        s.push(g.letter(c, t as u8));
                    }
                }
            }
            s.push(']');
        }
        s.push_str(match self.stm {
            Color::First => " w - - ",
            Color::Second => " b - - ",
        });
        s.push_str(&format!("{} {}", self.halfmove, self.fullmove));
        let start_field = g.def.start_fen.split_whitespace().next().unwrap_or("");
        let start = parse_placement(g, start_field.split('[').next().unwrap_or(""))
            .expect("start FEN was checked");
        if self.unmoved != default_unmoved(g, &self.board, &start) {
            let names: Vec<String> = self.unmoved.cells().map(|c| g.board.name(c)).collect();
            s.push(' ');
            s.push_str(
                if names.is_empty() {
                    "-".to_string()
                } else {
                    names.join(",")
                }
                .as_str(),
            );
        }
        s
    }
}
