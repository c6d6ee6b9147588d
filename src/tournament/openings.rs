//! Where the games of a match start: openings read from a file, random ones from a seed, and
//! random ones redrawn until a short search finds them balanced (`kaissa match --balance`).
//! Random plies alone can decide a game before the engines move: four of them leave
//! Jikaida's side to move a mate in one in about a quarter of the openings, and a piece
//! ahead in a fifth more, so half of such a match's games measure the opening, not the
//! engines.

use crate::engine::Engine;
use crate::engine::SearchRequest;
use crate::search::Score;
use crate::search::time::Limits;
use crate::search::tt::Table;
use std::sync::Arc;

/// Where a game starts: a FEN (or the start position) and moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// Start FEN; `None` for the variant's start position.
    pub fen: Option<String>,
    /// Moves played from there before the engines take over.
    pub moves: Vec<String>,
}

/// Reads openings: one per line, a FEN (optionally followed by `moves ...`) or a list of
/// moves from the start position; blank lines and `#` comments are skipped.
pub fn parse_openings(text: &str) -> Vec<Opening> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (head, moves) = match l.split_once(" moves ") {
                Some((h, m)) => (h.trim(), m.split_whitespace().map(String::from).collect()),
                None => (l, Vec::new()),
            };
            if head.contains('/') {
                Opening {
                    fen: Some(head.to_string()),
                    moves,
                }
            } else {
                let mut all: Vec<String> = head.split_whitespace().map(String::from).collect();
                all.extend(moves);
                Opening {
                    fen: None,
                    moves: all,
                }
            }
        })
        .collect()
}

/// A random opening of `plies` moves from the start, from a seeded generator; `rules` is
/// left in the position it reaches.
pub fn random_opening(rules: &mut Engine, plies: usize, seed: &mut u64) -> Opening {
    let _ = rules.state_mut().set_position(None, &[]);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = rules.state().legal_moves();
        if legal.is_empty() || rules.state().outcome().is_some() {
            break;
        }
        let m = legal[(crate::core::rng::xorshift64(seed) % legal.len() as u64) as usize].clone();
        let _ = rules.state_mut().play(&m);
        moves.push(m);
    }
    Opening { fen: None, moves }
}

/// The seed of balanced opening `k` of a match seeded `seed`: each opening has its own, so
/// any of them can be made first, by any of the match's threads, and still be the same.
pub fn opening_seed(seed: u64, k: usize) -> u64 {
    let mut s = (seed ^ 0x9E37_79B9_7F4A_7C15).wrapping_mul(0xBF58_476D_1CE4_E5B9)
        ^ (k as u64 + 1).wrapping_mul(0x94D0_49BB_1331_11EB);
    s |= 1;
    for _ in 0..4 {
        crate::core::rng::xorshift64(&mut s);
    }
    s
}

/// Nodes of the one-thread search that judges an opening: enough to see a piece left to be
/// taken or a mate in two even on Jikaida's board (which 20,000 nodes, some 3 plies there,
/// missed), about half a second there and less in every other game.
pub const BALANCE_NODES: u64 = 200_000;

/// Random openings drawn for one balanced opening before the most balanced of them is taken.
pub const BALANCE_TRIES: usize = 100;

/// How far from level the position of `rules` is, in centipawns for either side, by a
/// search of [`BALANCE_NODES`] nodes with a fresh table (so the same position always gets
/// the same answer); a mate found or a game already over is `i32::MAX`.
pub fn imbalance(rules: &Engine) -> i32 {
    if rules.state().outcome().is_some() {
        return i32::MAX;
    }
    let limits = Limits {
        nodes: Some(BALANCE_NODES),
        multipv: 1,
        ..Limits::default()
    };
    let out = rules
        .state()
        .search(SearchRequest::quiet(Arc::new(Table::new(1)), limits));
    match out.score {
        Score::Cp(cp) => cp.saturating_abs(),
        Score::Mate(_) => i32::MAX,
    }
}

/// A random opening of `plies` moves whose position [`imbalance`] scores within `max_cp`:
/// openings are drawn from `seed` until one is, at most [`BALANCE_TRIES`] of them, and
/// then the most balanced drawn is taken. The same seed gives the same openings.
pub fn balanced_opening(rules: &mut Engine, plies: usize, max_cp: i32, seed: &mut u64) -> Opening {
    let mut best: Option<(i32, Opening)> = None;
    for _ in 0..BALANCE_TRIES {
        let opening = random_opening(rules, plies, seed);
        let off = imbalance(rules);
        if off <= max_cp {
            return opening;
        }
        if best.as_ref().is_none_or(|(b, _)| off < *b) {
            best = Some((off, opening));
        }
    }
    best.map(|(_, o)| o).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(variant: &str) -> Engine {
        let mut e = Engine::new();
        e.set_variant(variant, &[]).unwrap();
        e
    }

    fn imbalance_of(e: &mut Engine, o: &Opening) -> i32 {
        let moves: Vec<&str> = o.moves.iter().map(String::as_str).collect();
        e.state_mut().set_position(None, &moves).unwrap();
        imbalance(e)
    }

    #[test]
    fn openings_are_read_as_fens_or_move_lists() {
        let text = "# a comment\n\nd3f5 e18g16\n8/8 w - moves a1a2 b1b2\n8/8 w\n";
        let o = parse_openings(text);
        assert_eq!(o.len(), 3);
        assert_eq!(o[0].fen, None);
        assert_eq!(o[0].moves, ["d3f5", "e18g16"]);
        assert_eq!(o[1].fen.as_deref(), Some("8/8 w -"));
        assert_eq!(o[1].moves, ["a1a2", "b1b2"]);
        assert_eq!(o[2].fen.as_deref(), Some("8/8 w"));
        assert!(o[2].moves.is_empty());
    }

    /// Jikaida's four random plies often decide the game (a mate in one, a piece hanging);
    /// balanced openings are the ones a search finds within the bound, the same for the same
    /// seed, and differ from the plain draws where those are out of balance.
    #[test]
    fn balanced_openings_are_within_the_bound_and_repeatable() {
        const MAX: i32 = 150;
        let mut e = engine("jikaida");
        let mut seed = 7u64;
        let plain: Vec<Opening> = (0..8)
            .map(|_| random_opening(&mut e, 4, &mut seed))
            .collect();
        let unbalanced = plain
            .iter()
            .filter(|o| imbalance_of(&mut e, o) > MAX)
            .count();
        assert!(
            unbalanced > 0,
            "some plain random openings are out of balance"
        );
        let draw = |e: &mut Engine| {
            (0..3)
                .map(|k| balanced_opening(e, 4, MAX, &mut opening_seed(7, k)))
                .collect::<Vec<_>>()
        };
        let balanced = draw(&mut e);
        assert_eq!(balanced, draw(&mut e), "the same seed, the same openings");
        for o in &balanced {
            assert_eq!(o.moves.len(), 4);
            assert!(
                imbalance_of(&mut e, o) <= MAX,
                "{:?} is out of balance",
                o.moves
            );
        }
    }
}
