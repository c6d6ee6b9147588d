//! An independent, deliberately simple reference move generator for the five Kaissa rule sets
//! (`merchants`, `northern`, `gc`, `gorean`, `kaissa`), written straight from docs/RULES.md
//! section 1 so that the engine's bitboard generator can be checked against a second reading of
//! the rules. Integration tests use it as `mod reference;`.
//!
//! FEN (Fairy-Stockfish style):
//! `<placement>[<holdings>] <w|b> - - <halfmove> <fullmove> [<unmoved>]`, where the optional
//! 7th field lists the squares of Spearmen that have not moved yet (`-` for none), and is
//! written only when it differs from the default (a Spearman is unmoved iff it stands where a
//! Spearman of its colour starts, except kaissa's a3/j3/a8/j8 Spearmen).
//!
//! Moves: `e2e4`, `a9a10`, drops `H@e1` (upper-case `H` for both sides), promotions `c9c10t`.
//!
//! Readings where the rules leave room (only FEN-constructed positions can tell them apart):
//! the game is over when either Home Stone is gone (not only the side to move's), and when the
//! side to move still holds its stone after the last turn of its window (a missed deadline).
//! An unmoved Spearman on kaissa's a3/j3 (a8/j8) never gets the long move, even if the FEN
//! lists it as unmoved.

mod movegen;
mod position;

use movegen::{Move, generate, make};
use position::{Position, Variant, parse_square};

/// The engine names of the five rule sets.
pub const VARIANTS: [&str; 5] = ["merchants", "northern", "gc", "gorean", "kaissa"];

/// The start position of `variant` in FEN.
pub fn start_fen(variant: &str) -> String {
    Variant::from_name(variant).start_fen().to_string()
}

/// Parses `fen` for `variant`.
fn parse(variant: &str, fen: &str) -> Position {
    Position::from_fen(Variant::from_name(variant), fen)
}

/// The legal moves of the side to move, sorted by move string; empty when the game is over.
pub fn legal_moves(variant: &str, fen: &str) -> Vec<String> {
    let pos = parse(variant, fen);
    let mut moves = Vec::new();
    generate(&pos, &mut moves);
    let mut names: Vec<String> = moves.into_iter().map(Move::name).collect();
    names.sort();
    names
}

/// The FEN after playing `mv`; panics if `mv` is not legal (test code).
pub fn play(variant: &str, fen: &str, mv: &str) -> String {
    let pos = parse(variant, fen);
    let mut moves = Vec::new();
    generate(&pos, &mut moves);
    let found = moves
        .into_iter()
        .find(|m| m.name() == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal in {variant} position {fen}"));
    make(&pos, found).to_fen()
}

/// Whether the game is over in `fen` by the rules of the position itself (no legal moves
/// follows; this tells a decided game apart from, say, a Spearman-only stalemate).
pub fn is_game_over(variant: &str, fen: &str) -> bool {
    movegen::game_over(&parse(variant, fen))
}

/// Counts the leaf positions `depth` plies below `pos`. `buffers` holds one move list per
/// remaining ply so that the recursion allocates nothing. At depth 1 the moves are counted
/// without being made (every generated move is legal: there is no check).
fn perft_position(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    generate(pos, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| perft_position(&make(pos, mv), depth - 1, rest))
        .sum()
}

/// One move list per ply, with room for a busy position.
fn buffers(depth: u32) -> Vec<Vec<Move>> {
    (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect()
}

/// The number of leaf positions `depth` plies below `fen` (perft; 0 below a finished game).
pub fn perft(variant: &str, fen: &str, depth: u32) -> u64 {
    let pos = parse(variant, fen);
    perft_position(&pos, depth, &mut buffers(depth))
}

/// Perft split by first move: (move, leaf count below it), sorted by move string. `depth` is
/// the total depth, so each count is the perft of depth - 1 after the move.
pub fn divide(variant: &str, fen: &str, depth: u32) -> Vec<(String, u64)> {
    assert!(depth >= 1, "divide needs depth >= 1");
    let pos = parse(variant, fen);
    let mut moves = Vec::new();
    generate(&pos, &mut moves);
    let mut bufs = buffers(depth);
    let mut out: Vec<(String, u64)> = moves
        .into_iter()
        .map(|mv| {
            let count = perft_position(&make(&pos, mv), depth - 1, &mut bufs);
            (mv.name(), count)
        })
        .collect();
    out.sort();
    out
}

/// The board of `fen` as FEN letters, indexed `file + 10 * rank` (0-based: a1 = 0, j10 = 99).
pub fn board(variant: &str, fen: &str) -> [Option<char>; 100] {
    parse(variant, fen)
        .board
        .map(|cell| cell.map(|p| p.fen_char()))
}

/// The FEN letter of the piece on `square` (e.g. `"e2"`), or `None` if it is empty.
pub fn piece_on(variant: &str, fen: &str, square: &str) -> Option<char> {
    board(variant, fen)[parse_square(square)]
}
