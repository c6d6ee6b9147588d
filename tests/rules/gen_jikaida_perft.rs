//! (Re)generates `tests/perft/jikaida.epd` with the Poron Jikaida reference generator in
//! `tests/jikaida_reference/`. Ignored by default; run with
//! `cargo test --test rules gen_jikaida_perft -- --ignored --nocapture`.
//!
//! Most positions are built by hand, each to exercise one rule (and the generator checks that
//! it does, through the ways the reference says each move can be made); the rest are reached
//! from the start by seeded pseudo-random playouts (a tiny xorshift generator, so the file is
//! reproducible), each steered by a simple move policy and stopped by a predicate.

use crate::jikaida_reference;
use crate::xorshift;

use jikaida_reference::{
    PORONDWA_START_FEN, START_FEN, SWODS_START_FEN, in_check, is_game_over, legal_moves,
    move_squares, move_ways, perft, piece_at, play, propt_refusals,
};
use std::fmt::Write as _;
use std::time::Instant;
use xorshift::Rng;

/// How a playout chooses its moves.
#[derive(Clone, Copy, PartialEq)]
enum Policy {
    /// Uniformly random.
    Random,
    /// Mostly vaults of any kind.
    Vaults,
    /// Mostly captures.
    Attack,
    /// Mostly Swod and Deldar moves (they meet in the middle).
    Infantry,
}

/// Whether `mv` takes a piece (what stands on its end square, the King's Fluttember aside).
fn is_capture(fen: &str, mv: &str, ways: &[String]) -> bool {
    !ways.iter().any(|w| w == "fluttember") && piece_at(fen, &move_squares(mv).1).is_some()
}

/// Whether `ways` contains a vault of any kind.
fn is_vault(ways: &[String]) -> bool {
    ways.iter()
        .any(|w| w == "vault" || w == "bent-vault" || w == "move-vault")
}

/// Whether the move is made only by `way`.
fn only(ways: &[String], way: &str) -> bool {
    ways.len() == 1 && ways[0] == way
}

/// The letter of the piece starting `mv`.
fn mover(fen: &str, mv: &str) -> char {
    piece_at(fen, &move_squares(mv).0)
        .and_then(|p| p.chars().next())
        .unwrap()
        .to_ascii_lowercase()
}

/// Picks the next move according to `policy`.
fn choose(policy: Policy, fen: &str, moves: &[(String, Vec<String>)], rng: &mut Rng) -> String {
    let preferred: Vec<&String> = moves
        .iter()
        .filter(|(m, w)| match policy {
            Policy::Random => false,
            Policy::Vaults => is_vault(w),
            Policy::Attack => is_capture(fen, m, w),
            Policy::Infantry => matches!(mover(fen, m), 's' | 'd'),
        })
        .map(|(m, _)| m)
        .collect();
    if !preferred.is_empty() && rng.chance(75) {
        return preferred[rng.below(preferred.len())].clone();
    }
    moves[rng.below(moves.len())].0.clone()
}

/// What the stop predicate sees: the position, its moves with their ways, the plies played.
struct Node<'a> {
    fen: &'a str,
    moves: &'a [(String, Vec<String>)],
    ply: usize,
}

/// Plays seeded playouts (seeds `1..=tries`, at most `max_plies` each) with `policy` until
/// `stop` accepts a position; returns it and its seed.
fn find(
    policy: Policy,
    tries: u64,
    max_plies: usize,
    stop: impl Fn(&Node) -> bool,
) -> Option<(String, u64)> {
    for seed in 1..=tries {
        let mut rng = Rng::new(seed);
        let mut fen = START_FEN.to_string();
        for ply in 0..=max_plies {
            let moves = move_ways(&fen).unwrap();
            let node = Node {
                fen: &fen,
                moves: &moves,
                ply,
            };
            if stop(&node) {
                return Some((fen, seed));
            }
            if moves.is_empty() {
                break;
            }
            let mv = choose(policy, &fen, &moves, &mut rng);
            fen = play(&fen, &mv).unwrap();
        }
    }
    None
}

/// The perft figures of `fen` to `max_depth`; depths beyond 2 only while the estimated leaf
/// count (the last count times the branching factor) stays within `budget`.
fn figures(fen: &str, max_depth: u32, budget: u64) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for depth in 1..=max_depth {
        if depth > 2 {
            let last = out[out.len() - 1];
            let before = out[out.len() - 2].max(1);
            let estimate = last.saturating_mul(last) / before;
            if last == 0 || estimate > budget {
                break;
            }
        }
        out.push(perft(fen, depth));
    }
    out
}

/// The FEN of a `files` x `ranks` board holding `pieces` (square, FEN text), the rest empty;
/// `tail` is the side, fluttember and fullmove fields.
fn board(files: usize, ranks: usize, pieces: &[(&str, &str)], tail: &str) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; files]; ranks];
    for (square, text) in pieces {
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..].parse().unwrap();
        assert!(grid[rank - 1][file].is_none(), "{square} twice");
        grid[rank - 1][file] = Some(text.to_string());
    }
    let mut rows = Vec::new();
    for rank in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(t);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {tail}", rows.join("/"))
}

/// The ways of the legal move `mv` in `fen` (panics if it is not legal).
fn ways(fen: &str, mv: &str) -> Vec<String> {
    move_ways(fen)
        .unwrap()
        .into_iter()
        .find(|(m, _)| m == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal in {fen}"))
        .1
}

fn has(fen: &str, mv: &str) -> bool {
    legal_moves(fen).unwrap().iter().any(|m| m == mv)
}

#[test]
#[ignore]
fn generate_jikaida_perft_file() {
    // (comment, FEN, deepest depth, leaf budget for depths beyond 2)
    let mut entries: Vec<(String, String, u32, u64)> = vec![
        (
            "start position (jikaida)".to_string(),
            START_FEN.to_string(),
            3,
            u64::MAX,
        ),
        (
            "start position of jikaida-swods (two ranks of Swods)".to_string(),
            SWODS_START_FEN.to_string(),
            2,
            0,
        ),
        (
            "start position of porondwa (two ranks of Deldars)".to_string(),
            PORONDWA_START_FEN.to_string(),
            2,
            0,
        ),
    ];
    let budget = 1_500_000;
    let mut hand = |what: &str, fen: &str| {
        eprintln!("{what}: {fen}");
        entries.push((
            format!("{what} (built by hand)"),
            fen.to_string(),
            3,
            budget,
        ));
    };

    // Long vault: the Kapt a3 under a column a4..a14 of 11 pieces crossing two fronts; it may
    // take each Blue Deldar from the 4th piece on, or land on a15.
    let mut pieces = vec![("a3", "A"), ("l1", "K"), ("l18", "k"), ("h12", "s'")];
    let column = [
        "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "a12", "a13", "a14",
    ];
    for (i, sq) in column.iter().enumerate() {
        pieces.push((sq, if i % 2 == 1 { "D'" } else { "d'" }));
    }
    let fen = board(12, 18, &pieces, "y - 1");
    assert_eq!(ways(&fen, "a3a15"), ["vault"]);
    assert_eq!(ways(&fen, "a3a14"), ["vault"]);
    hand(
        "long vault: Kapt a3 over 11 pieces across two fronts, captures a10 a12 a14, lands a15",
        &fen,
    );

    // Pallan refraction through an interior drin corner: Pallan d4 going NE reaches f6 and
    // turns at the corner to E (g6..l6) or N (f7..f12).
    let fen = board(
        12,
        18,
        &[
            ("d4", "P"),
            ("l1", "K"),
            ("b2", "S'"),
            ("l18", "k"),
            ("h9", "d'"),
            ("c10", "s'"),
        ],
        "y - 1",
    );
    assert_eq!(ways(&fen, "d4l6"), ["refraction"]);
    assert_eq!(ways(&fen, "d4f12"), ["refraction"]);
    hand(
        "Pallan refraction through the interior drin corner f6/g7 (d4l6, d4f12)",
        &fen,
    );

    // Pallan bent vault: over b1 c1 turning at c1 to c2 c3 (c4) or b2 (a3); over b2 c3
    // turning at c3 down c2 to take its own Jiktar c1.
    let fen = board(
        12,
        18,
        &[
            ("a1", "P"),
            ("a2", "K"),
            ("b1", "H"),
            ("c1", "J"),
            ("b2", "S'"),
            ("c2", "s'"),
            ("c3", "s'"),
            ("l18", "k"),
            ("l17", "d'"),
        ],
        "y - 1",
    );
    for mv in ["a1a3", "a1c4", "a1c3", "a1c1"] {
        assert_eq!(ways(&fen, mv), ["bent-vault"]);
    }
    hand(
        "Pallan bent vault (a1a3 a1c4 a1c3 a1c1, the last taking its own Jiktar)",
        &fen,
    );

    // Move-then-vault: Pallan a4 slides to d4 and vaults over d5 d6 d7 (across the 6|7 front)
    // to d8; from c6 the line d7 e8 f9 would begin across the front (not allowed).
    let fen = board(
        12,
        18,
        &[
            ("a4", "P"),
            ("d5", "s'"),
            ("d6", "s'"),
            ("d7", "s'"),
            ("e8", "s'"),
            ("f9", "s'"),
            ("l1", "K"),
            ("l18", "k"),
            ("l17", "d'"),
        ],
        "y - 1",
    );
    assert_eq!(ways(&fen, "a4d8"), ["move-vault"]);
    // g10 is still reached: from d4 over d5 d6 d7, turning at d7 onto e8 f9 (a bent vault).
    assert_eq!(ways(&fen, "a4g10"), ["move-vault"]);
    hand(
        "Pallan move-then-vault (a4d8 and, bent, a4g10 via d4; none from c6 across the front)",
        &fen,
    );

    // Propt: the Yellow Swod d5 may take c6 but not e6 (propt by the Blue Deldar f7).
    let fen = board(
        12,
        18,
        &[
            ("d5", "S'"),
            ("c6", "s'"),
            ("e6", "s'"),
            ("f7", "d'"),
            ("l1", "K"),
            ("d2", "D'"),
            ("l18", "k"),
        ],
        "y - 1",
    );
    assert!(has(&fen, "d5c6") && !has(&fen, "d5e6"));
    assert_eq!(propt_refusals(&fen), [("d5".to_string(), "e6".to_string())]);
    hand(
        "propt: Swod d5 takes c6, not e6 (propt by the Deldar f7)",
        &fen,
    );

    // Fluttembers available on both sides (the start position without the small pieces).
    let fen = board(
        12,
        18,
        &[
            ("a1", "C"),
            ("f1", "A"),
            ("h1", "K"),
            ("i1", "A"),
            ("l1", "C"),
            ("a18", "c"),
            ("d18", "a"),
            ("f18", "k"),
            ("g18", "a"),
            ("l18", "c"),
        ],
        "y Kk 1",
    );
    for mv in ["h1a1", "h1f1", "h1i1", "h1l1"] {
        assert_eq!(ways(&fen, mv), ["fluttember"]);
    }
    hand(
        "Fluttember available to both sides (Kings, Kapts and Chuktars on their squares)",
        &fen,
    );

    // Fluttember refused because the landing square is attacked by a vault: the Blue Jiktar
    // l5 vaults over l4 l3 l2 onto l1; h1f1 is allowed.
    let fen = board(
        12,
        18,
        &[
            ("h1", "K"),
            ("f1", "A"),
            ("l1", "C"),
            ("l2", "S'"),
            ("l3", "S'"),
            ("l4", "S'"),
            ("l5", "j"),
            ("f18", "k"),
            ("d18", "a"),
            ("a17", "d'"),
        ],
        "y Kk 1",
    );
    assert!(has(&fen, "h1f1") && !has(&fen, "h1l1"));
    hand(
        "Fluttember h1l1 refused (l1 attacked by the vault l5-l1), h1f1 allowed",
        &fen,
    );

    // Fluttember refused because the landing square is attacked by a slide across a front.
    let fen = board(
        12,
        18,
        &[
            ("h1", "K"),
            ("f1", "A"),
            ("l1", "C"),
            ("f10", "c"),
            ("f18", "k"),
            ("a17", "d'"),
        ],
        "y K 1",
    );
    assert!(!has(&fen, "h1f1") && has(&fen, "h1l1"));
    hand(
        "Fluttember h1f1 refused (f1 attacked by the Chuktar f10 across a front), h1l1 allowed",
        &fen,
    );

    // Promotion: moved Swod c17 (3 squares x 7 pieces), unmoved Swod e16 (runs to rank 18),
    // a Blue Swod b2 that promotes on rank 1 in Blue's reply.
    let fen = board(
        12,
        18,
        &[
            ("l3", "K"),
            ("c17", "S'"),
            ("e16", "S"),
            ("g4", "D'"),
            ("l18", "k"),
            ("d18", "d'"),
            ("b2", "s'"),
            ("j10", "s'"),
        ],
        "y - 1",
    );
    assert!(has(&fen, "c17d18n") && has(&fen, "e16e18p") && has(&fen, "c17c18d"));
    hand(
        "promotion (7 choices; c17xd18, e16 first move to e18)",
        &fen,
    );

    // Bare King: Blue (to move) has only its King; its reply ends the game: l18k17, or
    // l18l17 taking Yellow's last piece (both bare: a draw). k18 is covered by the Swod.
    let fen = board(
        12,
        18,
        &[("a1", "K"), ("l17", "S'"), ("l18", "k")],
        "b - 30",
    );
    assert_eq!(legal_moves(&fen).unwrap(), ["l18k17", "l18l17"]);
    hand(
        "bare Blue King to move: its one reply ends the game (perft 2 is 0)",
        &fen,
    );

    // Check by a vault: the Blue Hikdar e5 vaults over e4 e3 e2 onto the King e1.
    let fen = board(
        12,
        18,
        &[
            ("e1", "K"),
            ("e2", "D'"),
            ("e3", "D'"),
            ("e4", "D'"),
            ("e5", "h"),
            ("a10", "J"),
            ("l18", "k"),
            ("l17", "d'"),
        ],
        "y - 1",
    );
    assert!(in_check(&fen));
    hand(
        "check by a vault (Hikdar e5 over e4 e3 e2 onto the King e1)",
        &fen,
    );

    // Checkmate and stalemate.
    let fen = board(
        12,
        18,
        &[
            ("a1", "K"),
            ("l3", "S'"),
            ("a5", "c"),
            ("b5", "c"),
            ("l18", "k"),
        ],
        "y - 1",
    );
    assert!(in_check(&fen) && is_game_over(&fen));
    hand("checkmate (Chuktars a5 and b5 against the King a1)", &fen);
    let fen = board(
        12,
        18,
        &[
            ("a1", "K"),
            ("h5", "S'"),
            ("h6", "s'"),
            ("g6", "s'"),
            ("i6", "s'"),
            ("h7", "d'"),
            ("c4", "c"),
            ("b5", "c"),
            ("l18", "k"),
        ],
        "y - 1",
    );
    assert!(!in_check(&fen) && is_game_over(&fen));
    hand(
        "stalemate (the King a1 boxed in, the Swod h5 blocked by propt Swods)",
        &fen,
    );

    // First moves next to fronts: Yellow Deldar c6, Paktun e6, Swods f6 and b5 (unmoved);
    // Blue Deldar c13, Paktun e13, Swods f13 and b14 (unmoved).
    let fen = board(
        12,
        18,
        &[
            ("h1", "K"),
            ("c6", "D"),
            ("e6", "N"),
            ("f6", "S"),
            ("b5", "S"),
            ("f18", "k"),
            ("c13", "d"),
            ("e13", "n"),
            ("f13", "s"),
            ("b14", "s"),
        ],
        "y - 1",
    );
    assert!(has(&fen, "c6c10") && has(&fen, "f6i9") && !has(&fen, "b5b8"));
    hand(
        "Deldar, Paktun and Swod first moves next to fronts (both sides)",
        &fen,
    );

    // An 18 x 24 (Hyrshiv) board: fronts after files f and l and every 6 ranks.
    let fen = board(
        18,
        24,
        &[
            ("i1", "K"),
            ("j1", "P"),
            ("a1", "C"),
            ("f1", "A"),
            ("b1", "N"),
            ("e2", "D'"),
            ("g3", "S"),
            ("m3", "S"),
            ("i24", "k"),
            ("j24", "p"),
            ("r24", "c"),
            ("f24", "a"),
            ("b24", "n"),
            ("e23", "d'"),
            ("g22", "s"),
            ("m22", "s"),
        ],
        "y - 1",
    );
    assert!(has(&fen, "a1a12") && !has(&fen, "a1a13"));
    hand("18 x 24 board (Hyrshiv size), all piece kinds", &fen);

    // Positions from random play.
    let mut add = |what: &str, found: Option<(String, u64)>| match found {
        Some((fen, _)) if entries.iter().any(|e| e.1 == fen) => {
            eprintln!("skipped, already in the file: {what}: {fen}");
        }
        Some((fen, seed)) => {
            let comment = format!("{what} (random playout, seed {seed})");
            eprintln!("{comment}: {fen}");
            entries.push((comment, fen, 3, budget));
        }
        None => eprintln!("skipped, nothing found: {what}"),
    };
    add(
        "early middlegame, ply 12, Swods and Deldars moved",
        find(Policy::Infantry, 50, 12, |n| {
            n.ply == 12 && !n.moves.is_empty()
        }),
    );
    add(
        "middlegame, ply 30, captures made",
        find(Policy::Attack, 50, 30, |n| {
            n.ply == 30 && !n.moves.is_empty()
        }),
    );
    add(
        "vault capture available (made only by a vault)",
        find(Policy::Vaults, 200, 40, |n| {
            n.ply >= 6
                && n.moves.iter().any(|(m, w)| {
                    only(w, "vault") && is_capture(n.fen, m, w) && mover(n.fen, m) != 'p'
                })
        }),
    );
    add(
        "Pallan bent vault in play (a move made only by a bent vault)",
        find(Policy::Vaults, 200, 40, |n| {
            n.ply >= 8 && n.moves.iter().any(|(_, w)| only(w, "bent-vault"))
        }),
    );
    add(
        "Pallan move-then-vault in play (a move made only that way)",
        find(Policy::Vaults, 300, 60, |n| {
            n.ply >= 6 && n.moves.iter().any(|(_, w)| only(w, "move-vault"))
        }),
    );
    add(
        "Pallan refraction in play (a move made only by a refracted slide)",
        find(Policy::Random, 200, 40, |n| {
            n.ply >= 10 && n.moves.iter().any(|(_, w)| only(w, "refraction"))
        }),
    );
    add(
        "side to move in check",
        find(Policy::Attack, 300, 60, |n| n.ply >= 6 && in_check(n.fen)),
    );
    add(
        "checkmate reached by random play (no legal move, in check)",
        find(Policy::Random, 100, 60, |n| {
            n.moves.is_empty() && in_check(n.fen)
        }),
    );
    add(
        "Fluttember available in the middlegame",
        find(Policy::Random, 300, 40, |n| {
            n.ply >= 20
                && n.moves
                    .iter()
                    .any(|(_, w)| w.iter().any(|x| x == "fluttember"))
        }),
    );

    let mut text = String::new();
    text.push_str(
        "# Perft figures for Poron Jikaida (docs/RULES.md §3), computed by the independent \
         reference generator in tests/jikaida_reference/ (tests/gen_jikaida_perft.rs).\n",
    );
    text.push_str("# Format: <fen> ;D1 <n> ;D2 <n> ...\n");
    for (comment, fen, max_depth, budget) in &entries {
        let start = Instant::now();
        let counts = figures(fen, *max_depth, *budget);
        eprintln!("{fen}: {counts:?} in {:.2}s", start.elapsed().as_secs_f64());
        write!(text, "\n# {comment}\n{fen}").unwrap();
        for (i, n) in counts.iter().enumerate() {
            write!(text, " ;D{} {n}", i + 1).unwrap();
        }
        text.push('\n');
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/jikaida.epd");
    std::fs::write(path, text).unwrap();
}
