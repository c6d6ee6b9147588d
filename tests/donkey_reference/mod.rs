//! An independent, deliberately simple move generator for Donkey Kaissa, written from
//! `docs/DONKEY.md` alone: the cell graph is read from Appendix A's text, the flight built from
//! it as §6 says, the Spearmen's fields, promotion cells and Home Stone cells copied from the
//! tables of §7-§8; positions are a mailbox of 96 cells, moves are walked cell by cell. It shares
//! no code with the engine. Integration tests use it as `mod donkey_reference;`.
//!
//! FEN and move notation are the engine's (protocol.md, "Donkey Kaissa"); see [`position`].

pub mod board;
pub mod movegen;
pub mod position;

pub use movegen::{Move, Options, Rules};
#[allow(unused_imports)]
pub use position::{Position, START};

impl Rules {
    /// The legal moves of `fen`, in the engine's notation, sorted.
    pub fn legal_moves(&self, fen: &str) -> Vec<String> {
        let pos = Position::from_fen(fen);
        let mut v: Vec<String> = self.generate(&pos).into_iter().map(Move::text).collect();
        v.sort();
        v
    }

    /// The FEN after the move written `mv`; panics when it is not legal (test code).
    pub fn play(&self, fen: &str, mv: &str) -> String {
        let pos = Position::from_fen(fen);
        let m = self
            .generate(&pos)
            .into_iter()
            .find(|m| m.text() == mv)
            .unwrap_or_else(|| panic!("{mv} is not legal in {fen}"));
        self.make(&pos, m).to_fen()
    }

    /// Leaf count `depth` plies below `fen`.
    pub fn perft(&self, fen: &str, depth: u32) -> u64 {
        self.perft_pos(&Position::from_fen(fen), depth)
    }

    fn perft_pos(&self, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.generate(pos);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.perft_pos(&self.make(pos, m), depth - 1))
            .sum()
    }

    /// Perft split by first move, sorted by move text.
    pub fn divide(&self, fen: &str, depth: u32) -> Vec<(String, u64)> {
        let pos = Position::from_fen(fen);
        let mut v: Vec<(String, u64)> = self
            .generate(&pos)
            .into_iter()
            .map(|m| (m.text(), self.perft_pos(&self.make(&pos, m), depth - 1)))
            .collect();
        v.sort();
        v
    }

    /// True when the game is over in `fen` by its position (no move follows).
    pub fn is_decided(&self, fen: &str) -> bool {
        self.decided(&Position::from_fen(fen))
    }
}

impl Options {
    /// The options named in a list of engine option names.
    pub fn from_names(names: &[&str]) -> Options {
        let mut o = Options::default();
        for n in names {
            match *n {
                "centre_straight" => o.centre_straight = true,
                "promotion_end" => o.promotion_end = true,
                "seven_turn_window" => o.seven_turn_window = true,
                "flight_captures_only" => o.flight_captures_only = true,
                other => panic!("unknown option {other}"),
            }
        }
        o
    }
}
