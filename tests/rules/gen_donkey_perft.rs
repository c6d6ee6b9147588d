//! (Re)generates the Donkey Kaissa perft data files `tests/perft/donkey*.epd` with the
//! reference generator in `tests/donkey_reference/`. Ignored by default; run with
//! `cargo test --release --test rules gen_donkey_perft -- --ignored --nocapture`.
//!
//! Positions come from seeded pseudo-random playouts (xorshift, so the files are
//! reproducible), each stopped by a predicate saying what the position should exercise.

use crate::donkey_reference;
use crate::xorshift;

use donkey_reference::{Options, Rules, START};
use std::fmt::Write as _;
use xorshift::Rng;

/// How a playout picks its moves.
#[derive(Clone, Copy)]
enum Policy {
    /// Any legal move.
    Uniform,
    /// Captures, promotions and Spearman advances first; placements never unless forced.
    Sharp,
    /// Placements as soon as they are legal, otherwise uniform.
    Eager,
    /// Never a placement unless forced, otherwise uniform.
    Hold,
}

/// Picks a move of `fen` by `policy`.
fn pick(rules: &Rules, fen: &str, policy: Policy, rng: &mut Rng) -> Option<String> {
    let moves = rules.legal_moves(fen);
    if moves.is_empty() {
        return None;
    }
    let places: Vec<&String> = moves.iter().filter(|m| m.starts_with("H@")).collect();
    let others: Vec<&String> = moves.iter().filter(|m| !m.starts_with("H@")).collect();
    let any = |v: &[&String], rng: &mut Rng| v[rng.below(v.len())].clone();
    Some(match policy {
        Policy::Uniform => moves[rng.below(moves.len())].clone(),
        Policy::Eager if !places.is_empty() => any(&places, rng),
        Policy::Eager | Policy::Hold if others.is_empty() => any(&places, rng),
        Policy::Eager | Policy::Hold => any(&others, rng),
        Policy::Sharp => {
            let board = donkey_reference::Position::from_fen(fen).board;
            let cell = |m: &str| donkey_reference::board::parse_sq(&m[3..6]);
            let noisy: Vec<&String> = others
                .iter()
                .copied()
                .filter(|m| m.len() == 7 || cell(m).is_some_and(|c| board[c].is_some()))
                .collect();
            if others.is_empty() {
                any(&places, rng)
            } else if !noisy.is_empty() && rng.below(3) > 0 {
                any(&noisy, rng)
            } else {
                any(&others, rng)
            }
        }
    })
}

/// The first position of a seeded playout (at most `max_plies`) where `want` holds, with the
/// moves that reach it.
fn find(
    rules: &Rules,
    policy: Policy,
    max_plies: usize,
    want: &dyn Fn(&Rules, &str, usize) -> bool,
) -> (String, Vec<String>, u64) {
    for seed in 1..2000 {
        let mut rng = Rng::new(seed);
        let mut fen = START.to_string();
        let mut line = Vec::new();
        for ply in 0..max_plies {
            if want(rules, &fen, ply) {
                return (fen, line, seed);
            }
            let Some(m) = pick(rules, &fen, policy, &mut rng) else {
                break;
            };
            fen = rules.play(&fen, &m);
            line.push(m);
        }
    }
    panic!("no playout reached the wanted position");
}

/// True when some legal move goes between main-diagonal cells of wedges two apart: through
/// the centre point.
fn crosses_centre(rules: &Rules, fen: &str) -> bool {
    rules.legal_moves(fen).iter().any(|m| {
        let b = m.as_bytes();
        if b.len() < 6 || b[1] == b'@' {
            return false;
        }
        let diff = (b[0] as i32 - b[3] as i32).rem_euclid(6);
        b[1] == b[2] && b[4] == b[5] && (diff == 2 || diff == 4)
    })
}

/// One data line: a comment, then the FEN with its counts.
fn entry(out: &mut String, rules: &Rules, comment: &str, fen: &str, depth: u32) {
    let mut line = fen.to_string();
    for d in 1..=depth {
        write!(line, " ;D{d} {}", rules.perft(fen, d)).unwrap();
    }
    writeln!(out, "# {comment}\n{line}\n").unwrap();
    eprintln!("{comment}: done");
}

type Want = Box<dyn Fn(&Rules, &str, usize) -> bool>;

/// The positions of a file: (what it shows, policy, longest playout, predicate, depth).
fn targets() -> Vec<(&'static str, Policy, usize, Want, u32)> {
    let decided = |r: &Rules, f: &str| r.is_decided(f);
    vec![
        (
            "random middlegame, ply 20",
            Policy::Uniform,
            40,
            Box::new(move |r, f, p| p == 20 && !decided(r, f)),
            3,
        ),
        (
            "Yellow's Home Stone placed, Red's still in hand",
            Policy::Eager,
            40,
            Box::new(|_, f, _| f.contains("[h]") && f.contains(" b ")),
            3,
        ),
        (
            "both Home Stones placed",
            Policy::Eager,
            60,
            Box::new(|_, f, p| f.contains("[]") && p >= 12),
            3,
        ),
        (
            "deadline: the side to move holds its stone on its last turn",
            Policy::Hold,
            40,
            Box::new(|r, f, _| {
                let m = r.legal_moves(f);
                !m.is_empty() && m.iter().all(|x| x.starts_with("H@"))
            }),
            3,
        ),
        (
            "a Spearman may promote",
            Policy::Sharp,
            160,
            Box::new(move |r, f, _| {
                !decided(r, f) && r.legal_moves(f).iter().any(|m| m.len() == 7)
            }),
            3,
        ),
        (
            "a slider or stepper may cross the centre point (split diagonal)",
            Policy::Uniform,
            80,
            Box::new(move |r, f, p| p >= 10 && crosses_centre(r, f)),
            3,
        ),
        (
            "sharp play, ply 40",
            Policy::Sharp,
            60,
            Box::new(move |r, f, p| p == 40 && !decided(r, f)),
            3,
        ),
        (
            "sharp play, ply 60",
            Policy::Sharp,
            80,
            Box::new(move |r, f, p| p == 60 && !decided(r, f)),
            3,
        ),
        (
            "uniform play, ply 50",
            Policy::Uniform,
            80,
            Box::new(move |r, f, p| p == 50 && !decided(r, f)),
            3,
        ),
        (
            "sharp play, ply 90",
            Policy::Sharp,
            120,
            Box::new(move |r, f, p| p == 90 && !decided(r, f)),
            3,
        ),
    ]
}

fn write_file(name: &str, options: &[&str], start_depth: u32, all: bool) {
    let rules = Rules::new(Options::from_names(options));
    let mut out = format!(
        "# Perft figures for Donkey Kaissa (docs/DONKEY.md){}, computed by the independent \
         reference generator in tests/donkey_reference/ (tests/gen_donkey_perft.rs).\n\
         # Format: <fen> ;D1 <n> ;D2 <n> ...\n\n",
        if options.is_empty() {
            String::new()
        } else {
            format!(" with option {}", options.join(", "))
        }
    );
    entry(&mut out, &rules, "start position", START, start_depth);
    for (i, (what, policy, plies, want, depth)) in targets().into_iter().enumerate() {
        if !all && ![1, 3, 4, 7].contains(&i) {
            continue;
        }
        let (fen, line, seed) = find(&rules, policy, plies, &*want);
        let comment = format!(
            "{what}; seed {seed} playout, {} plies: {}",
            line.len(),
            line.join(" ")
        );
        entry(&mut out, &rules, &comment, &fen, depth);
    }
    let path = format!("{}/tests/perft/{name}.epd", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(&path, out).unwrap();
}

#[test]
#[ignore]
fn generate_donkey_perft_files() {
    write_file("donkey", &[], 4, true);
    for opt in [
        "centre_straight",
        "promotion_end",
        "seven_turn_window",
        "flight_captures_only",
    ] {
        write_file(&format!("donkey-{opt}"), &[opt], 3, false);
    }
}
