//! The rules of Kaissa, docs/RULES.md §1.1-§1.5, one by one, for all five rule sets
//! (`merchants`, `northern`, `gc`, `gorean`, `kaissa`) and the gorean options.
//!
//! Every test builds a small position, asks the engine for its legal moves or its result, and
//! compares them with the exact set or outcome the rule demands, so that breaking any rule fails
//! at least one test:
//! - `arrays`: the initial arrays, hands and who moves first (1.1);
//! - `pieces`: every piece's pattern in every rule set, in the middle, in a corner, on an edge,
//!   hemmed in and in the enemy half, for both colours: ranges, blocking, captures, leaps over
//!   pieces, positioning moves, the Home Stone's step, no check (1.2, 1.4);
//! - `spearmen`: the Spearman of each rule set: steps, first moves and their paths, the gorean
//!   first-move record, kaissa's a3/j3 and 9th-rank rules, promotion or being stuck, no en
//!   passant (1.2);
//! - `home_stone`: the placement windows, deadlines and the gorean options (1.3, 1.5);
//! - `endings`: Home Stone capture, Ubars, no legal move, repetition, the 100-ply rule (1.4);
//! - `notation`: two-digit ranks, drops and promotion suffixes.
//!
//! Expected move sets are written out by hand, or, for the plain sliders and leapers, derived
//! from docs/RULES.md's table by the small board model in `pieces` (a ray of at most k squares
//! stopped by the first piece; a leap to the eight images of (a, b)), which knows nothing of
//! the engine's Betza tables.
//!
//! Test positions keep both Home Stones on the board (or in hand), since a side without one
//! has lost, and at least one Ubar, since in gorean a position with neither Ubar is a draw;
//! they use turn 20 and empty hands unless a test is about placements. Ignored tests are
//! engine bugs: they state the rule and fail until the engine is fixed.

use kaissa::core::geometry::Color;
use kaissa::core::moves::Move;
use kaissa::core::outcome::{DrawReason, Outcome, WinReason};
use kaissa::games::kaissa::game::{Game, MoveText};
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

mod arrays;
mod endings;
mod home_stone;
mod notation;
mod pieces;
mod spearmen;

type Pos = Position<u128>;

/// The five rule sets of section 1, in the rulebook's order.
const SETS: [&str; 5] = ["merchants", "northern", "gc", "gorean", "kaissa"];

/// The built-in registry, read once.
fn registry() -> &'static Registry {
    static REG: OnceLock<Registry> = OnceLock::new();
    REG.get_or_init(Registry::builtin)
}

/// The compiled game of a rule set with the named options.
fn game(variant: &str, options: &[&str]) -> Arc<Game<u128>> {
    let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    let def = registry()
        .get(variant, &opts)
        .unwrap_or_else(|e| panic!("{variant} {options:?}: {e}"));
    Arc::new(Game::new(&def).unwrap_or_else(|e| panic!("{variant}: {e}")))
}

/// A position of a rule set (with options) from FEN; panics on a bad FEN.
fn load_with(variant: &str, options: &[&str], fen: &str) -> Pos {
    Position::from_fen(&game(variant, options), fen)
        .unwrap_or_else(|e| panic!("{variant}: bad FEN {fen}: {e}"))
}

/// A position of a rule set from FEN.
fn load(variant: &str, fen: &str) -> Pos {
    load_with(variant, &[], fen)
}

/// (file, rank) from 0 of a square name such as `a10`.
fn coords(sq: &str) -> (i32, i32) {
    let file = i32::from(sq.as_bytes()[0] - b'a');
    let rank: i32 = sq[1..]
        .parse()
        .unwrap_or_else(|_| panic!("bad square {sq}"));
    (file, rank - 1)
}

/// The name of (file, rank) from 0.
fn square((file, rank): (i32, i32)) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// A FEN placement (with hand) from (square, letter) pairs, written independently of the
/// engine's FEN writer.
fn placement(pieces: &[(&str, char)], hand: &str) -> String {
    let mut grid = [[None::<char>; 10]; 10];
    for &(sq, letter) in pieces {
        let (f, r) = coords(sq);
        assert!(grid[r as usize][f as usize].is_none(), "{sq} used twice");
        grid[r as usize][f as usize] = Some(letter);
    }
    let mut rows = Vec::new();
    for rank in (0..10).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in grid[rank] {
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{}[{hand}]", rows.join("/"))
}

/// A FEN: pieces, hand (e.g. `"Hh"`, `""`), side (`'w'` Yellow, `'b'` Red), fullmove number;
/// halfmove clock 0, default first-move rights.
fn fen(pieces: &[(&str, char)], hand: &str, side: char, fullmove: u32) -> String {
    format!("{} {side} - - 0 {fullmove}", placement(pieces, hand))
}

/// The text of every legal move.
fn legal(pos: &Pos) -> BTreeSet<String> {
    let mut list = Vec::new();
    pos.generate(&mut list);
    let g = pos.game();
    let set: BTreeSet<String> = list.iter().map(|m| m.to_text(g)).collect();
    assert_eq!(set.len(), list.len(), "duplicate moves in {}", pos.to_fen());
    assert_eq!(
        pos.count_moves(),
        list.len() as u64,
        "count_moves disagrees with generate in {}",
        pos.to_fen()
    );
    set
}

/// The legal moves leaving square `sq` (`a1` does not match moves from `a10`).
fn moves_from(pos: &Pos, sq: &str) -> BTreeSet<String> {
    legal(pos)
        .into_iter()
        .filter(|m| {
            m.strip_prefix(sq)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
        })
        .collect()
}

/// The legal placements (drops).
fn drops(pos: &Pos) -> BTreeSet<String> {
    legal(pos).into_iter().filter(|m| m.contains('@')).collect()
}

/// A set of move texts from a space-separated list.
fn set(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// `from` followed by each target square: `fromto("e2", "e3 e4")` = {e2e3, e2e4}.
fn fromto(from: &str, targets: &str) -> BTreeSet<String> {
    targets
        .split_whitespace()
        .map(|t| format!("{from}{t}"))
        .collect()
}

/// Every placement `H@<sq>` for the listed squares.
fn placements(squares: &str) -> BTreeSet<String> {
    squares
        .split_whitespace()
        .map(|s| format!("H@{s}"))
        .collect()
}

/// Plays a move given in the engine's notation; panics if it is not legal.
fn play(pos: &mut Pos, text: &str) -> Move {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{e} (position {})", pos.to_fen()));
    pos.make(mv);
    mv
}

/// Plays a space-separated list of moves.
fn play_all(pos: &mut Pos, moves: &str) {
    for m in moves.split_whitespace() {
        play(pos, m);
    }
}

/// The cell index of a square name.
fn cell(pos: &Pos, sq: &str) -> usize {
    pos.game()
        .board
        .parse(sq)
        .unwrap_or_else(|| panic!("bad square {sq}"))
}

/// The FEN letter of the piece on a square, if any.
fn letter_at(pos: &Pos, sq: &str) -> Option<char> {
    pos.piece_at(cell(pos, sq))
        .map(|(c, t)| pos.game().letter(c, t))
}

/// A square seen from the other side (rank r becomes 11 - r).
fn mirror_sq(sq: &str) -> String {
    let (f, r) = coords(sq);
    square((f, 9 - r))
}

/// A FEN letter of the other colour.
fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// A move text seen from the other side: `e9e10t` becomes `e2e1t`, `H@e1` becomes `H@e10`.
fn mirror_move(m: &str) -> String {
    if let Some((piece, to)) = m.split_once('@') {
        return format!("{piece}@{}", mirror_sq(to));
    }
    // from = letter digits, to = letter digits, then an optional promotion letter.
    let second = 1 + m[1..].find(|c: char| c.is_ascii_lowercase()).unwrap();
    let (from, rest) = m.split_at(second);
    let digits = 1 + rest[1..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len() - 1);
    let (to, suffix) = rest.split_at(digits);
    format!("{}{}{suffix}", mirror_sq(from), mirror_sq(to))
}

/// The pieces seen from the other side: ranks reversed, colours swapped.
fn mirror_pieces(pieces: &[(&str, char)]) -> Vec<(String, char)> {
    pieces
        .iter()
        .map(|&(sq, c)| (mirror_sq(sq), swap_case(c)))
        .collect()
}

/// Checks that the moves from `at` are exactly `want`, with Yellow to move in `pieces`, and
/// with Red to move in the mirrored position (expecting the mirrored moves). No hands; `what`
/// names the case in failure messages.
fn check_from(
    what: &str,
    variant: &str,
    pieces: &[(&str, char)],
    at: &str,
    want: &BTreeSet<String>,
) {
    let fullmove = 20;
    let f = fen(pieces, "", 'w', fullmove);
    let pos = load(variant, &f);
    assert_eq!(
        moves_from(&pos, at),
        *want,
        "{variant}: {what}: Yellow, FEN {f}"
    );
    let mirrored = mirror_pieces(pieces);
    let pairs: Vec<(&str, char)> = mirrored.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    let f = fen(&pairs, "", 'b', fullmove);
    let pos = load(variant, &f);
    let want: BTreeSet<String> = want.iter().map(|m| mirror_move(m)).collect();
    assert_eq!(
        moves_from(&pos, &mirror_sq(at)),
        want,
        "{variant}: {what}: Red, FEN {f}"
    );
}

#[test]
fn mirror_helpers() {
    assert_eq!(mirror_move("e9e10t"), "e2e1t");
    assert_eq!(mirror_move("a10a9"), "a1a2");
    assert_eq!(mirror_move("H@e1"), "H@e10");
    assert_eq!(mirror_move("c4d5"), "c7d6");
}
