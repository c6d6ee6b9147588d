//! Caïssa FEN: `<placement> <side> <no-undo> <ply>`, e.g. the start
//! `7/3bqn1/4r2/7/2R4/1NQB3/7 w - 0`.
//!
//! Placement runs from rank 7 down to rank 1, files a to g; `Q R B N` are White's pieces and
//! `q r b n` Black's, standing on tiles; a digit counts empty tiles; `*` is one untiled square.
//! The no-undo field is `-` or the move the side to move may not play (`c3e5`); the ply field
//! counts plies played since the start (the ply limit counts them). The last two fields may be
//! left out (`-` and 0). A chess-style six-field FEN as GUIs write it
//! (`<placement> w - - 0 1`) is read too, its move number giving the ply count.

use super::board::{SIZE, connected, name, parse_cell};
use super::position::{CaissaPosition, NO_BAN, State};
use super::{QUEEN, piece_letter, piece_of_letter};
use crate::core::geometry::Color;

/// The start position.
pub const START_FEN: &str = "7/3bqn1/4r2/7/2R4/1NQB3/7 w - 0";

impl CaissaPosition {
    /// The start position.
    pub fn start() -> CaissaPosition {
        CaissaPosition::from_fen(START_FEN).expect("start FEN is valid")
    }

    /// Reads a FEN. Refuses positions that cannot arise: not exactly one Queen each, tiles
    /// in more than one group, the side not to move in check, or the Queens facing.
    pub fn from_fen(fen: &str) -> Result<CaissaPosition, String> {
        let mut fields: Vec<&str> = fen.split_whitespace().collect();
        let gui_ply;
        if fields.len() == 6 && fields[2] == "-" && fields[3] == "-" {
            // A chess-style FEN from a GUI (XBoard): no castling, no en passant, half-move
            // clock, move number. The move number gives the ply count.
            let n: u32 = fields[5]
                .parse()
                .map_err(|_| format!("bad move number \"{}\"", fields[5]))?;
            let ply = 2 * n.saturating_sub(1) + u32::from(fields[1] == "b");
            gui_ply = ply.to_string();
            fields = vec![fields[0], fields[1], "-", &gui_ply];
        }
        if fields.len() < 2 || fields.len() > 4 {
            return Err(format!(
                "expected 2 to 4 fields (placement, side, no-undo, ply), found {}",
                fields.len()
            ));
        }
        let mut s = State::empty();
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != SIZE {
            return Err(format!("expected {SIZE} ranks, found {}", rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = SIZE - 1 - i;
            let mut file = 0;
            for ch in row.chars() {
                if file >= SIZE {
                    return Err(format!("rank {} is longer than {SIZE} squares", rank + 1));
                }
                if let Some(d) = ch.to_digit(10) {
                    if d == 0 || file + d as usize > SIZE {
                        return Err(format!("bad count {d} in rank {}", rank + 1));
                    }
                    file += d as usize;
                } else if ch == '*' {
                    s.tiles &= !(1 << (rank * SIZE + file));
                    file += 1;
                } else if let Some((color, t)) = piece_of_letter(ch) {
                    s.put(color, t, rank * SIZE + file);
                    file += 1;
                } else {
                    return Err(format!("unknown piece letter '{ch}'"));
                }
            }
            if file != SIZE {
                return Err(format!("rank {} has {file} squares, not {SIZE}", rank + 1));
            }
        }
        s.side = match fields[1] {
            "w" => Color::First,
            "b" => Color::Second,
            x => return Err(format!("side to move must be w or b, not \"{x}\"")),
        };
        if let Some(&ban) = fields.get(2)
            && ban != "-"
        {
            let from = ban.get(0..2).and_then(parse_cell);
            let to = ban.get(2..).and_then(parse_cell);
            let (Some(f), Some(t)) = (from, to) else {
                return Err(format!("bad no-undo move \"{ban}\" (- or like c3e5)"));
            };
            s.ban = (f as u16) << 6 | t as u16;
        }
        if let Some(&ply) = fields.get(3) {
            s.ply = ply
                .parse()
                .map_err(|_| format!("bad ply count \"{ply}\""))?;
            if s.ply > 1_000_000 {
                return Err(format!("ply count {ply} is too large"));
            }
        }
        for c in Color::BOTH {
            if s.pieces[c.index()][QUEEN as usize].count_ones() != 1 {
                return Err("each side needs exactly one Queen".to_string());
            }
        }
        if !connected(s.tiles) {
            return Err("the tiles are not one group".to_string());
        }
        if s.in_check(s.side.flip()) {
            return Err("the side not to move is in check".to_string());
        }
        if s.queens_facing() {
            return Err("the Queens face each other on an open line".to_string());
        }
        Ok(CaissaPosition::from_state(s))
    }

    /// The position as FEN.
    pub fn to_fen(&self) -> String {
        let s = &self.s;
        let mut out = String::new();
        for rank in (0..SIZE).rev() {
            let mut empty = 0;
            for file in 0..SIZE {
                let cell = rank * SIZE + file;
                let piece = self.piece_at(cell);
                if piece.is_none() && s.tiles & (1 << cell) != 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push(char::from_digit(empty, 10).expect("digit"));
                    empty = 0;
                }
                match piece {
                    Some((c, t)) => out.push(piece_letter(c, t)),
                    None => out.push('*'),
                }
            }
            if empty > 0 {
                out.push(char::from_digit(empty, 10).expect("digit"));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = if s.side == Color::First { "w" } else { "b" };
        let ban = if s.ban == NO_BAN {
            "-".to_string()
        } else {
            format!(
                "{}{}",
                name((s.ban >> 6) as usize),
                name((s.ban & 63) as usize)
            )
        };
        format!("{out} {side} {ban} {}", s.ply)
    }
}
