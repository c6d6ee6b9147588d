//! The reference's position: a 96-cell mailbox of pieces, hands, side to move and clocks, with
//! the FEN of protocol.md ("Donkey Kaissa FEN"): six wedges a..f separated by `/`, each its 16
//! cells in index order (x1y1, x1y2, .. x4y4) with digits for runs of empty cells, then
//! `[hand] side - - halfmove fullmove [unmoved]`.
//!
//! Letters: U Ubar, A Ubara, T Tarnsman, S Scribe, B Builder, I Initiate, R Rider,
//! M Physician, P Spearman of its owner's right wing, L Spearman of its owner's left wing,
//! H Home Stone; upper case Yellow, lower case Red.

use super::board::{Sq, name, parse_sq};

/// The start position.
pub const START: &str =
    "1ATSU1LLTP2SP2/2IB1MRP8/5m2ir2bl2/1atsu1lltp2sp2/2ib1mrp8/5M2IR2BL2[Hh] w - - 0 1";

/// A piece: side (0 Yellow, 1 Red), its upper-case letter, whether it has not moved yet.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    /// 0 Yellow, 1 Red.
    pub side: usize,
    /// Upper-case letter.
    pub kind: char,
    /// A Spearman that has not moved yet.
    pub unmoved: bool,
}

impl Piece {
    /// The FEN letter.
    pub fn letter(self) -> char {
        if self.side == 0 {
            self.kind
        } else {
            self.kind.to_ascii_lowercase()
        }
    }

    /// True for a Spearman of either wing.
    pub fn is_spearman(self) -> bool {
        self.kind == 'P' || self.kind == 'L'
    }
}

/// A position.
#[derive(Clone, Debug)]
pub struct Position {
    /// The cells.
    pub board: [Option<Piece>; 96],
    /// Home Stones in hand, per side.
    pub hand: [u32; 2],
    /// Side to move.
    pub stm: usize,
    /// Plies since the last capture, Spearman move or placement.
    pub halfmove: u32,
    /// Move number, +1 after Red moves.
    pub fullmove: u32,
}

fn start_board() -> [Option<Piece>; 96] {
    parse_board(START.split('[').next().unwrap())
}

fn parse_board(text: &str) -> [Option<Piece>; 96] {
    let wedges: Vec<&str> = text.split('/').collect();
    assert_eq!(wedges.len(), 6, "six wedges in {text}");
    let mut board = [None; 96];
    for (w, part) in wedges.iter().enumerate() {
        let mut i = 0;
        let mut digits = 0;
        for ch in part.chars() {
            if let Some(d) = ch.to_digit(10) {
                digits = digits * 10 + d as usize;
                continue;
            }
            i += digits;
            digits = 0;
            assert!("UATSBIRMPLHuatsbirmplh".contains(ch), "letter {ch}");
            board[16 * w + i] = Some(Piece {
                side: usize::from(ch.is_ascii_lowercase()),
                kind: ch.to_ascii_uppercase(),
                unmoved: false,
            });
            i += 1;
        }
        i += digits;
        assert_eq!(i, 16, "wedge {w} of {text}");
    }
    board
}

impl Position {
    /// Reads a FEN (test data: panics on a bad one).
    pub fn from_fen(fen: &str) -> Position {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let (placement, hand) = f[0].split_once('[').expect("a hand");
        let mut board = parse_board(placement);
        let mut hands = [0, 0];
        for ch in hand.trim_end_matches(']').chars() {
            hands[usize::from(ch == 'h')] += 1;
        }
        let start = start_board();
        match f.get(6) {
            None => {
                for s in 0..96 {
                    if let Some(p) = &mut board[s] {
                        p.unmoved =
                            p.is_spearman() && start[s].is_some_and(|q| q.letter() == p.letter());
                    }
                }
            }
            Some(&"-") => {}
            Some(list) => {
                for n in list.split(',') {
                    let s = parse_sq(n).expect("unmoved cell");
                    board[s].as_mut().expect("unmoved piece").unmoved = true;
                }
            }
        }
        Position {
            board,
            hand: hands,
            stm: usize::from(f[1] == "b"),
            halfmove: f[4].parse().unwrap(),
            fullmove: f[5].parse().unwrap(),
        }
    }

    /// Writes the FEN.
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        for w in 0..6 {
            if w > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for i in 0..16 {
                match self.board[16 * w + i] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(p.letter());
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        out.push('[');
        out.push_str(&"H".repeat(self.hand[0] as usize));
        out.push_str(&"h".repeat(self.hand[1] as usize));
        out.push(']');
        out.push_str(if self.stm == 0 { " w - - " } else { " b - - " });
        out.push_str(&format!("{} {}", self.halfmove, self.fullmove));
        let start = start_board();
        let default =
            |s: Sq, p: Piece| p.is_spearman() && start[s].is_some_and(|q| q.letter() == p.letter());
        let differs = (0..96).any(|s| self.board[s].is_some_and(|p| p.unmoved != default(s, p)));
        if differs {
            let list: Vec<String> = (0..96)
                .filter(|&s| self.board[s].is_some_and(|p| p.unmoved))
                .map(name)
                .collect();
            out.push(' ');
            out.push_str(&if list.is_empty() {
                "-".to_string()
            } else {
                list.join(",")
            });
        }
        out
    }
}
