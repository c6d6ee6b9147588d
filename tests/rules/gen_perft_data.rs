//! (Re)generates the perft data files `tests/perft/<variant>.epd` with the reference generator in
//! `tests/reference/`. Ignored by default; run with
//! `cargo test --test rules gen_perft_data -- --ignored`.
//!
//! Positions are reached from the start by seeded pseudo-random playouts (a tiny xorshift
//! generator, so the files are reproducible), each steered by a simple move policy and stopped
//! by a predicate describing what the position should exercise.

use crate::reference;
use crate::xorshift;

use reference::{VARIANTS, board, is_game_over, legal_moves, perft, play, start_fen};
use std::fmt::Write as _;
use std::time::Instant;
use xorshift::Rng;

/// What a playout does with Home Stone placements.
#[derive(Clone, Copy, PartialEq)]
enum Drops {
    /// Treat them like any other move.
    Random,
    /// Place the stone as soon as the window allows.
    Eager,
    /// Never place it unless forced (deadline).
    Avoid,
}

/// How a playout chooses its moves.
#[derive(Clone, Copy)]
struct Policy {
    /// Placement behaviour.
    drops: Drops,
    /// Percent chance of taking a capture when one exists.
    capture: u64,
    /// Percent chance of playing the most advancing Spearman move.
    advance: u64,
    /// Yellow never moves a piece off its first rank (if it has another move).
    keep_first_rank: bool,
    /// Always capture an enemy Ubar when possible.
    hunt_ubars: bool,
    /// Prefer moving pieces off one's own first rank (to make room for the Home Stone).
    vacate_first_rank: bool,
}

/// Uniformly random play, stones placed whenever chosen.
const RANDOM: Policy = Policy {
    drops: Drops::Random,
    capture: 0,
    advance: 0,
    keep_first_rank: false,
    hunt_ubars: false,
    vacate_first_rank: false,
};

/// A position in a playout, as seen by the policy and the stop predicate.
struct Node<'a> {
    /// The FEN.
    fen: &'a str,
    /// Its legal moves.
    moves: &'a [String],
    /// Its board, `file + 10 * rank`.
    board: [Option<char>; 100],
    /// Plies played from the start.
    ply: usize,
}

impl Node<'_> {
    /// Whether Yellow is to move.
    fn yellow_to_move(&self) -> bool {
        self.fen.split_whitespace().nth(1) == Some("w")
    }

    /// The fullmove number.
    fn fullmove(&self) -> u32 {
        self.fen.split_whitespace().nth(5).unwrap().parse().unwrap()
    }

    /// The holdings text between the brackets.
    fn holdings(&self) -> &str {
        let start = self.fen.find('[').unwrap() + 1;
        let end = self.fen.find(']').unwrap();
        &self.fen[start..end]
    }

    /// The piece letter a move captures, if any.
    fn captured(&self, mv: &str) -> Option<char> {
        let (from, to) = squares(mv);
        from?;
        self.board[to]
    }

    /// Whether a move is made by a Spearman.
    fn is_spearman(&self, mv: &str) -> bool {
        matches!(squares(mv).0.and_then(|f| self.board[f]), Some('P' | 'p'))
    }
}

/// Parses a square name (`e2`, `a10`) at the start of `text`; returns it and the rest.
fn parse_square(text: &str) -> (usize, &str) {
    let file = (text.as_bytes()[0] - b'a') as usize;
    let digits = text[1..].chars().take_while(|c| c.is_ascii_digit()).count();
    let rank: usize = text[1..1 + digits].parse().unwrap();
    (file + 10 * (rank - 1), &text[1 + digits..])
}

/// (origin, destination) of a move string; origin `None` for a drop.
fn squares(mv: &str) -> (Option<usize>, usize) {
    if let Some(rest) = mv.strip_prefix("H@") {
        return (None, parse_square(rest).0);
    }
    let (from, rest) = parse_square(mv);
    (Some(from), parse_square(rest).0)
}

/// 0-based rank of a square.
fn rank(sq: usize) -> usize {
    sq / 10
}

/// Whether a move ends with a promotion suffix.
fn is_promotion(mv: &str) -> bool {
    mv.ends_with('t') || mv.ends_with('r')
}

/// Picks the index of the next move according to `policy`.
fn choose(policy: Policy, node: &Node, rng: &mut Rng) -> usize {
    let all: Vec<usize> = (0..node.moves.len()).collect();
    let is_drop = |&i: &usize| node.moves[i].starts_with("H@");
    let mut cand: Vec<usize> = match policy.drops {
        Drops::Random => all.clone(),
        Drops::Eager => all.iter().copied().filter(is_drop).collect(),
        Drops::Avoid => all.iter().copied().filter(|i| !is_drop(i)).collect(),
    };
    if cand.is_empty() {
        cand = all;
    }
    if policy.keep_first_rank && node.yellow_to_move() {
        let off: Vec<usize> = cand
            .iter()
            .copied()
            .filter(|&i| squares(&node.moves[i]).0.is_none_or(|f| rank(f) != 0))
            .collect();
        if !off.is_empty() {
            cand = off;
        }
    }
    let pick = |list: &[usize], rng: &mut Rng| list[rng.below(list.len())];
    if policy.vacate_first_rank {
        let home = if node.yellow_to_move() { 0 } else { 9 };
        let off: Vec<usize> = cand
            .iter()
            .copied()
            .filter(|&i| squares(&node.moves[i]).0.is_some_and(|f| rank(f) == home))
            .collect();
        if !off.is_empty() {
            return pick(&off, rng);
        }
    }
    if policy.hunt_ubars {
        let hunts: Vec<usize> = cand
            .iter()
            .copied()
            .filter(|&i| matches!(node.captured(&node.moves[i]), Some('U' | 'u')))
            .collect();
        if !hunts.is_empty() {
            return pick(&hunts, rng);
        }
    }
    if rng.chance(policy.capture) {
        let caps: Vec<usize> = cand
            .iter()
            .copied()
            .filter(|&i| node.captured(&node.moves[i]).is_some())
            .collect();
        if !caps.is_empty() {
            return pick(&caps, rng);
        }
    }
    if rng.chance(policy.advance) {
        let progress = |i: usize| {
            let to = rank(squares(&node.moves[i]).1);
            if node.yellow_to_move() { to } else { 9 - to }
        };
        let spear: Vec<usize> = cand
            .iter()
            .copied()
            .filter(|&i| node.is_spearman(&node.moves[i]))
            .collect();
        if let Some(best) = spear.iter().map(|&i| progress(i)).max() {
            let top: Vec<usize> = spear.into_iter().filter(|&i| progress(i) == best).collect();
            return pick(&top, rng);
        }
    }
    pick(&cand, rng)
}

/// A position found by a playout: the move line from the start and the FEN after each ply.
struct Found {
    /// The seed that found it.
    seed: u64,
    /// Moves from the start.
    line: Vec<String>,
    /// FENs, `fens[0]` the start, `fens[i]` after `line[..i]`.
    fens: Vec<String>,
}

impl Found {
    /// The FEN where the playout stopped.
    fn fen(&self) -> &str {
        self.fens.last().unwrap()
    }
}

/// Runs seeded playouts of `variant` with `policy` until `stop` holds at some ply; panics if no
/// seed in 1..=3000 gets there within `max_plies`.
fn search(variant: &str, policy: Policy, max_plies: usize, stop: impl Fn(&Node) -> bool) -> Found {
    for seed in 1..=3000u64 {
        let mut rng = Rng::new(seed);
        let mut line = Vec::new();
        let mut fens = vec![start_fen(variant)];
        for ply in 0..=max_plies {
            let fen = fens.last().unwrap().clone();
            let moves = legal_moves(variant, &fen);
            let node = Node {
                fen: &fen,
                moves: &moves,
                board: board(variant, &fen),
                ply,
            };
            if stop(&node) {
                return Found { seed, line, fens };
            }
            if moves.is_empty() || ply == max_plies {
                break;
            }
            let mv = moves[choose(policy, &node, &mut rng)].clone();
            fens.push(play(variant, &fen, &mv));
            line.push(mv);
        }
    }
    panic!("{variant}: no playout reached the wanted position");
}

/// One line of a data file: the comment above it and the position.
struct Entry {
    /// What the position exercises and how it was reached.
    comment: String,
    /// The position.
    fen: String,
}

/// Describes a playout for the comment line.
fn reached(found: &Found, plies: usize, policy: &str) -> String {
    let line = &found.line[..plies];
    if line.is_empty() {
        return "the start position".to_string();
    }
    format!(
        "seed {} playout ({policy}), {} plies: {}",
        found.seed,
        line.len(),
        line.join(" ")
    )
}

/// Adds the position where `found` stopped (or `back` plies earlier) as an entry.
fn add(entries: &mut Vec<Entry>, what: &str, found: &Found, back: usize, policy: &str) {
    let plies = found.line.len() - back;
    entries.push(Entry {
        comment: format!("{what}; {}", reached(found, plies, policy)),
        fen: found.fens[plies].clone(),
    });
}

/// Whether `who` ('H' or 'h') has its stone in hand.
fn in_hand(node: &Node, who: char) -> bool {
    node.holdings().contains(who)
}

/// Whether Yellow's first rank is full.
fn yellow_rank1_full(node: &Node) -> bool {
    node.board[..10].iter().all(Option::is_some)
}

/// Whether Red's first rank (rank 10) is full.
fn red_rank10_full(node: &Node) -> bool {
    node.board[90..].iter().all(Option::is_some)
}

/// The positions for one variant, start first.
fn positions(v: &str) -> Vec<Entry> {
    let window_first = match v {
        "merchants" => 8,
        "northern" | "gc" => 3,
        "gorean" => 1,
        _ => 2,
    };
    let mut out = vec![Entry {
        comment: "start position".to_string(),
        fen: start_fen(v),
    }];
    let eager = Policy {
        drops: Drops::Eager,
        ..RANDOM
    };
    let avoid = Policy {
        drops: Drops::Avoid,
        ..RANDOM
    };

    let f = search(v, RANDOM, 30, |n| n.ply == 30 && !n.moves.is_empty());
    add(&mut out, "random middlegame", &f, 0, "uniform");

    if window_first > 1 {
        // The last turn before placements open, with room on the first ranks so that the
        // placements appear within three plies: Yellow to move (in kaissa Red, on its turn 1,
        // after which Yellow's turn 2 opens the window).
        let red = window_first == 2;
        let vacate = Policy {
            vacate_first_rank: true,
            ..avoid
        };
        let f = search(v, vacate, 40, |n| {
            n.ply > 0
                && n.fullmove() == window_first - 1
                && n.yellow_to_move() != red
                && !yellow_rank1_full(n)
                && (red || !red_rank10_full(n))
        });
        add(
            &mut out,
            "turn before the Home Stone window opens (first ranks not full)",
            &f,
            0,
            "no drops, first-rank pieces moved first",
        );
    }

    let f = search(v, eager, 40, |n| n.holdings() == "h");
    add(
        &mut out,
        "Yellow's Home Stone placed, Red to move with its stone in hand",
        &f,
        0,
        "stones placed as soon as allowed",
    );

    let f = search(v, eager, 60, |n| {
        n.holdings().is_empty() && n.fullmove() >= window_first + 3 && !n.moves.is_empty()
    });
    add(
        &mut out,
        "both Home Stones placed",
        &f,
        0,
        "stones placed as soon as allowed",
    );

    let f = search(v, avoid, 40, |n| {
        n.fullmove() == 10 && n.yellow_to_move() && in_hand(n, 'H') && in_hand(n, 'h')
    });
    add(
        &mut out,
        "deadline turn 10 with both stones in hand: only placements",
        &f,
        0,
        "no drops",
    );

    let keep = Policy {
        keep_first_rank: true,
        ..avoid
    };
    let f = search(v, keep, 40, |n| {
        n.fullmove() == 10 && n.yellow_to_move() && in_hand(n, 'H') && yellow_rank1_full(n)
    });
    add(
        &mut out,
        "Red to move on turn 9; Yellow's first rank is full and its stone in hand, so Yellow's \
         deadline turn follows",
        &f,
        1,
        "no drops, Yellow keeps its first rank",
    );
    add(
        &mut out,
        "game over: deadline turn 10, stone in hand, first rank full (Yellow has lost)",
        &f,
        0,
        "no drops, Yellow keeps its first rank",
    );

    let hunt = Policy {
        capture: 50,
        ..eager
    };
    let f = search(v, hunt, 400, |n| {
        n.moves
            .iter()
            .any(|m| matches!(n.captured(m), Some('H' | 'h')))
    });
    add(
        &mut out,
        "the enemy Home Stone can be captured (a subtree of 0)",
        &f,
        0,
        "stones placed early, captures preferred",
    );
    let node_fen = f.fen().to_string();
    let b = board(v, &node_fen);
    let moves = legal_moves(v, &node_fen);
    let capture = moves
        .iter()
        .find(|m| {
            let (from, to) = squares(m);
            from.is_some() && matches!(b[to], Some('H' | 'h'))
        })
        .unwrap();
    out.push(Entry {
        comment: format!(
            "game over: Home Stone just captured by {capture} from the position above"
        ),
        fen: play(v, &node_fen, capture),
    });

    let promote = Policy {
        drops: Drops::Eager,
        capture: 20,
        advance: 60,
        ..RANDOM
    };
    let f = match v {
        "merchants" | "northern" => search(v, promote, 300, |n| {
            (n.board[90..].contains(&Some('P')) || n.board[..10].contains(&Some('p')))
                && !n.moves.is_empty()
        }),
        "gc" => search(v, promote, 300, |n| n.moves.iter().any(|m| is_promotion(m))),
        _ => search(v, promote, 300, |n| {
            // a promotion by a non-capturing diagonal step (gorean, and kaissa's 9th rank)
            n.moves.iter().any(|m| {
                let (from, to) = squares(m);
                is_promotion(m) && n.captured(m).is_none() && from.unwrap() % 10 != to % 10
            })
        }),
    };
    let what = match v {
        "merchants" | "northern" => "a Spearman stuck on the last rank (no promotion)",
        "gc" => "a promotion is available",
        _ => "a promotion by a non-capturing diagonal step is available",
    };
    add(
        &mut out,
        what,
        &f,
        0,
        "Spearmen advanced, captures sometimes",
    );

    let f = search(v, RANDOM, 80, |n| n.ply == 80 && !n.moves.is_empty());
    add(&mut out, "random late middlegame", &f, 0, "uniform");

    if v == "gorean" {
        let f = search(v, avoid, 60, |n| {
            let fields: Vec<&str> = n.fen.split_whitespace().collect();
            fields.len() == 7 && fields[6] != "-"
        });
        add(
            &mut out,
            "non-default unmoved field: a moved Spearman stands on a start square",
            &f,
            0,
            "no drops",
        );
        let ubars = Policy {
            capture: 60,
            hunt_ubars: true,
            ..eager
        };
        let f = search(v, ubars, 400, |n| {
            let count = n
                .board
                .iter()
                .filter(|c| matches!(c, Some('U' | 'u')))
                .count();
            count == 0
        });
        assert!(
            is_game_over(v, f.fen()),
            "both Ubars gone must end the game"
        );
        add(
            &mut out,
            "the last Ubar can be captured (that capture ends the game in a draw)",
            &f,
            1,
            "Ubars hunted, captures preferred",
        );
        add(
            &mut out,
            "game over: both Ubars gone (draw)",
            &f,
            0,
            "Ubars hunted, captures preferred",
        );
    }
    out
}

/// Perft figures for one position: depth 4 (5 for the merchants start) for start positions,
/// otherwise 1–3, and 4 when the depth-3 tree is small.
fn figures(v: &str, fen: &str, is_start: bool) -> Vec<u64> {
    let max_depth = if is_start { 4 } else { 3 };
    let mut counts: Vec<u64> = (1..=max_depth).map(|d| perft(v, fen, d)).collect();
    if is_start && v == "merchants" {
        counts.push(perft(v, fen, 5));
    }
    if !is_start && counts[2] <= 200_000 {
        counts.push(perft(v, fen, 4));
    }
    counts
}

#[test]
#[ignore = "regenerates tests/perft/*.epd; run explicitly"]
fn generate_perft_data() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft");
    std::fs::create_dir_all(dir).unwrap();
    for v in VARIANTS {
        let begin = Instant::now();
        let mut text = String::new();
        writeln!(
            text,
            "# Perft figures for the `{v}` rule set (docs/RULES.md §1), computed by the \
             independent reference generator in tests/reference/ (tests/gen_perft_data.rs)."
        )
        .unwrap();
        writeln!(text, "# Format: <fen> ;D1 <n> ;D2 <n> ...").unwrap();
        for (i, entry) in positions(v).iter().enumerate() {
            let counts = figures(v, &entry.fen, i == 0);
            if i == 0 && v == "merchants" {
                assert_eq!(counts[4], 150_999_258, "merchants start perft 5");
            }
            writeln!(text, "\n# {}", entry.comment).unwrap();
            write!(text, "{}", entry.fen).unwrap();
            for (d, n) in counts.iter().enumerate() {
                write!(text, " ;D{} {n}", d + 1).unwrap();
            }
            text.push('\n');
        }
        std::fs::write(format!("{dir}/{v}.epd"), text).unwrap();
        eprintln!("{v}: {:.1?}", begin.elapsed());
    }
}
