//! The rules of Poron Jikaida (docs/RULES.md §3), one test per rule, against the engine's own
//! implementation in `src/games/jikaida/`.
//!
//! Every test builds a small position by hand (placed piece by piece with [`fen`], which writes
//! the FEN `<placement> <side> <fluttember> <fullmove>`) and asserts the exact list of the
//! targets of the piece concerned, or named moves present and named moves absent, usually next to
//! a control position that differs in one square, so that breaking the rule makes the test fail.
//! A Paktun, Deldar or Swod written without `'` still has its first-move powers; `S'`, `D'`, `N'`
//! have moved. Fronts run between files f|g and between ranks 6|7 and 12|13.
//!
//! Readings the engine chose, tested as stated: vaults ignore fronts (landing square included);
//! the Fluttember right is consumed only by using it; a position whose side not to move is bare is
//! decided; the Deldar's turning double move is 2 squares straight (first step may cross a
//! front), then 1 or 2 in another direction that never crosses a front.
//!
//! The rules are tested in `jikaida_rules/`, one file per group of §3: `pieces` (moves and
//! first moves), `fronts` (and the Pallan's refraction), `vaults` (and the Pallan's bent vault
//! and move-then-vault), `propt_promotion`, `fluttember`, `check` (and the search's lazy
//! legality test), `results`, `notation` (FEN and moves) and `forms`; the helpers they share
//! are here.

use kaissa::core::bitboard::{Bitboard, Wide};
use kaissa::core::geometry::Color;
use kaissa::core::moves::Move;
use kaissa::core::outcome::{DrawReason, Outcome, WinReason};
use kaissa::games::jikaida::JikaidaPosition;
use kaissa::games::jikaida::board::Board;
use std::sync::{Arc, OnceLock};

mod check;
mod fluttember;
mod forms;
mod fronts;
mod notation;
mod pieces;
mod propt_promotion;
mod results;
mod vaults;

type B4 = Wide<4>;
type Pos = JikaidaPosition<B4>;

const START: &str = "cjhapkannhjc/dddddddddddd/ssssssssssss/12/12/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1";

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The 12 x 18 board, built once.
fn board() -> Arc<Board<B4>> {
    static BOARD: OnceLock<Arc<Board<B4>>> = OnceLock::new();
    BOARD.get_or_init(|| Arc::new(Board::new(12, 18))).clone()
}

/// File and rank (from 0) of a square name such as `c3` or `l18`.
fn square(s: &str) -> (usize, usize) {
    let file = (s.as_bytes()[0] - b'a') as usize;
    let rank: usize = s[1..].parse().expect("a rank number");
    (file, rank - 1)
}

/// The placement of a `files` x `ranks` board holding `pieces` (FEN letter with an optional
/// `'`, square).
fn placement_of(files: usize, ranks: usize, pieces: &[(&str, &str)]) -> String {
    let mut grid: Vec<Vec<Option<&str>>> = vec![vec![None; files]; ranks];
    for &(p, sq) in pieces {
        let (f, r) = square(sq);
        assert!(grid[r][f].is_none(), "two pieces on {sq}");
        grid[r][f] = Some(p);
    }
    let mut rows = Vec::new();
    for r in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &grid[r] {
            match cell {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(p);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A 12 x 18 FEN: `pieces`, `side` to move (`y`/`b`), no Fluttember right, move 1.
fn fen(pieces: &[(&str, &str)], side: &str) -> String {
    fen_flutter(pieces, side, "-")
}

/// A 12 x 18 FEN with a Fluttember field.
fn fen_flutter(pieces: &[(&str, &str)], side: &str, flutter: &str) -> String {
    format!("{} {side} {flutter} 1", placement_of(12, 18, pieces))
}

/// Reads a FEN the test expects to be legal.
fn pos(fen: &str) -> Pos {
    Pos::from_fen(board(), fen).unwrap_or_else(|e| panic!("FEN {fen} refused: {e}"))
}

/// The cell of a square name.
fn cell(s: &str) -> usize {
    let (f, r) = square(s);
    r * 12 + f
}

/// The legal moves of a position as sorted text.
fn list(p: &Pos) -> Vec<String> {
    let mut v = Vec::new();
    p.generate(&mut v);
    let mut out: Vec<String> = v.into_iter().map(|m| p.move_text(m)).collect();
    out.sort();
    out
}

/// The legal moves of a FEN as sorted text, which must also be the moves the search plays
/// (those of the pseudo-legal generator that `try_make` accepts: the Fluttember's attack tests,
/// for one, are left to `try_make`).
#[track_caller]
fn moves(fen: &str) -> Vec<String> {
    let mut p = pos(fen);
    let legal = list(&p);
    assert_eq!(
        accepted(&mut p, false),
        legal,
        "the search's moves in {fen}"
    );
    legal
}

/// A move's start square and the rest (target and promotion letter).
fn split(mv: &str) -> (&str, &str) {
    let digits = mv[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
    mv.split_at(1 + digits)
}

/// The targets (with promotion letters) of the legal moves from `from`, sorted.
fn targets(fen: &str, from: &str) -> Vec<String> {
    let mut out: Vec<String> = moves(fen)
        .iter()
        .filter(|m| split(m).0 == from)
        .map(|m| split(m).1.to_string())
        .collect();
    out.sort();
    out
}

/// A sorted list of texts.
fn set(ms: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = ms.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Asserts the exact targets of the piece on `from`.
#[track_caller]
fn assert_targets(fen: &str, from: &str, expected: &[&str]) {
    assert_eq!(
        targets(fen, from),
        set(expected),
        "targets of {from} in {fen}"
    );
}

/// Asserts that the moves `present` are legal and the moves `absent` are not.
#[track_caller]
fn assert_moves(fen: &str, present: &[&str], absent: &[&str]) {
    let all = moves(fen);
    for m in present {
        assert!(
            all.iter().any(|x| x == m),
            "{m} should be legal in {fen}; moves: {all:?}"
        );
    }
    for m in absent {
        assert!(
            !all.iter().any(|x| x == m),
            "{m} should not be legal in {fen}"
        );
    }
}

/// Asserts named moves present in and absent from a move list.
#[track_caller]
fn assert_moves_in(all: &[String], present: &[&str], absent: &[&str]) {
    for m in present {
        assert!(all.iter().any(|x| x == m), "{m} missing from {all:?}");
    }
    for m in absent {
        assert!(!all.iter().any(|x| x == m), "{m} should not be in {all:?}");
    }
}

/// Plays moves (each must be legal) from a FEN; checks the incremental key on the way.
fn play(fen: &str, ms: &[&str]) -> Pos {
    let mut p = pos(fen);
    for m in ms {
        let mv = p
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{m} refused in {}: {e}", p.to_fen()));
        p.make(mv);
        assert_eq!(p.key(), p.recompute_key(), "key after {m}");
    }
    p
}

/// True when the side to move's King is capturable.
fn in_check(fen: &str) -> bool {
    pos(fen).in_check()
}

/// The King squares and a spare Blue piece most positions use: Yellow King on l1, Blue King on
/// l18 with a Deldar beside it (so that Blue is never bare).
const KINGS: [(&str, &str); 3] = [("K", "l1"), ("k", "l18"), ("d'", "k18")];

/// `KINGS` plus `extra`.
fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v: Vec<(&str, &str)> = KINGS.to_vec();
    v.extend_from_slice(extra);
    v
}

/// A FEN with `KINGS`, `extra`, Yellow to move.
fn yfen(extra: &[(&str, &str)]) -> String {
    fen(&with_kings(extra), "y")
}

/// The Pallan boxed in on a1 by friends on a2, a3, b1, b2 (a3 makes a2-a3 a two-piece leg).
const BOX: [(&str, &str); 5] = [
    ("P", "a1"),
    ("D'", "a2"),
    ("D'", "a3"),
    ("D'", "b1"),
    ("D'", "b2"),
];

fn boxed(extra: &[(&str, &str)]) -> String {
    let mut v = BOX.to_vec();
    v.extend_from_slice(extra);
    yfen(&v)
}

/// The moves the search plays from a position: those of `generate_pseudo` (or its captures)
/// that `try_make` accepts, each taken back; a refused move must leave the position as it was.
/// Read twice: before the check answer is known, and after `in_danger_here` has found it (as
/// in the search, where a known check narrows the list to the moves that can answer it).
fn accepted(p: &mut Pos, noisy: bool) -> Vec<String> {
    use kaissa::core::rules::Rules;
    let unknown = accepted_once(p, noisy);
    p.in_danger_here();
    let known = accepted_once(p, noisy);
    assert_eq!(
        unknown,
        known,
        "with the check answer known, {}",
        p.to_fen()
    );
    known
}

/// [`accepted`] once, as the position stands.
fn accepted_once(p: &mut Pos, noisy: bool) -> Vec<String> {
    let mut l = Vec::new();
    if noisy {
        p.generate_captures_pseudo_fresh(&mut l);
    } else {
        p.generate_pseudo_fresh(&mut l);
    }
    let before = (p.key(), p.to_fen());
    let mut out = Vec::new();
    for mv in l {
        if p.try_make(mv) {
            out.push(p.move_text(mv));
            p.unmake();
        }
        assert_eq!((p.key(), p.to_fen()), before, "after {}", p.move_text(mv));
    }
    out.sort();
    out
}

/// The legal moves (or legal captures) as sorted text.
fn legal_texts(p: &Pos, noisy: bool) -> Vec<String> {
    let mut l = Vec::new();
    if noisy {
        p.generate_captures(&mut l);
    } else {
        p.generate(&mut l);
    }
    let mut out: Vec<String> = l.into_iter().map(|m| p.move_text(m)).collect();
    out.sort();
    out
}
