//! Make/unmake, move lists and perft: invariants 1, 3 and 4.

use super::{
    Rng, Snapshot, VARIANTS, assert_consistent, game, legal, random_game, random_position,
};
use kaissa::core::bitboard::Bitboard;
use kaissa::core::outcome::{Outcome, WinReason};
use kaissa::games::kaissa::game::{Game, MoveText};
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use kaissa::search::perft::{divide, perft};
use std::collections::HashSet;
use std::sync::Arc;

/// Random games per rule set for the make/unmake check.
const GAMES: usize = 12;
/// Longest random game, in plies.
const MAX_PLIES: usize = 200;

/// A seed per rule set, so each plays its own games.
fn seed(variant: &str, salt: u64) -> u64 {
    variant
        .bytes()
        .fold(salt, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
}

/// Runs `$check(variant)` as one test per built-in rule set, in a module named after the check.
macro_rules! per_variant {
    ($module:ident => $check:ident) => {
        mod $module {
            #[test]
            fn merchants() {
                super::$check("merchants");
            }
            #[test]
            fn northern() {
                super::$check("northern");
            }
            #[test]
            fn gc() {
                super::$check("gc");
            }
            #[test]
            fn gorean() {
                super::$check("gorean");
            }
            #[test]
            fn kaissa() {
                super::$check("kaissa");
            }
            #[test]
            fn donkey() {
                super::$check("donkey");
            }
        }
    };
}

per_variant!(make_unmake_restores_everything => check_make_unmake);
per_variant!(moves_are_unique_and_parse_back => check_move_texts);
per_variant!(perft_matches_divide_and_naive_count => check_perft);

/// Invariant 1. At every position of many random games, every legal move is made and taken
/// back: the incremental key after make equals the key from scratch and the bitboards agree
/// with the board; unmake restores everything. At the end of each game the whole game is taken
/// back move by move, retracing the positions seen on the way.
fn check_make_unmake(variant: &str) {
    make_unmake_games(variant, &[], GAMES);
}

/// Invariant 1 for every rule option of every rule set (gorean: the 7-turn window, capture-only
/// flights), on fewer games.
#[test]
fn make_unmake_restores_everything_with_options() {
    let registry = Registry::builtin();
    let mut tried = 0;
    for variant in VARIANTS {
        for option in registry.get(variant, &[]).unwrap().options.keys() {
            make_unmake_games(variant, std::slice::from_ref(option), 3);
            tried += 1;
        }
    }
    assert!(tried >= 2, "the rule options went missing");
}

/// Invariant 1 on `games` random games of a rule set with the given options.
fn make_unmake_games(variant: &str, options: &[String], games: usize) {
    let def = Registry::builtin().get(variant, options).unwrap();
    let game = Arc::new(Game::<u128>::new(&def).unwrap());
    let variant = &[variant.to_string()]
        .into_iter()
        .chain(options.iter().map(|o| format!("+{o}")))
        .collect::<Vec<_>>()
        .join(" ");
    let mut rng = Rng::new(seed(variant, 1));
    let (mut positions, mut moves, mut captures, mut promotions, mut drops) = (0, 0, 0, 0, 0);
    let (mut ended, mut winning) = (0, 0);
    for n in 0..games {
        let mut trail = Vec::new();
        let mut end = random_game(game.start_position(), &mut rng, MAX_PLIES, |pos| {
            let context = format!(
                "{variant} game {n} ply {}: {}",
                pos.ply_count(),
                pos.to_fen()
            );
            assert_consistent(pos, &context);
            let before = Snapshot::of(pos);
            let side = pos.side_to_move();
            positions += 1;
            // Whether some move captures the opponent's Home Stone and wins, which the search
            // reads from `can_take_royal` without generating moves.
            let mut takes_stone = false;
            for mv in legal(pos) {
                let text = mv.to_text(&game);
                moves += 1;
                captures += usize::from(!mv.is_drop() && pos.piece_at(mv.to()).is_some());
                promotions += usize::from(mv.promotes_to().is_some());
                drops += usize::from(mv.is_drop());
                pos.make(mv);
                takes_stone |= matches!(
                    pos.decided(),
                    Some(Outcome::Win(c, WinReason::Capture)) if c == side
                );
                assert_consistent(pos, &format!("{context}, after {text}"));
                assert_eq!(
                    pos.last_move(),
                    Some(mv),
                    "{context}: last_move after {text}"
                );
                assert_ne!(
                    pos.side_to_move(),
                    side,
                    "{context}: side to move after {text}"
                );
                pos.unmake();
                assert_eq!(Snapshot::of(pos), before, "{context}: make {text} + unmake");
            }
            assert_eq!(
                pos.decided().is_none() && pos.can_take_royal(),
                takes_stone,
                "{context}: can_take_royal against the moves"
            );
            winning += usize::from(takes_stone);
            trail.push(before);
        });
        ended += usize::from(end.ply_count() < MAX_PLIES);
        while let Some(expected) = trail.pop() {
            assert_eq!(
                Snapshot::of(&end),
                expected,
                "{variant} game {n}: taking the game back"
            );
            if end.ply_count() > 0 {
                end.unmake();
            }
        }
        assert_eq!(end.ply_count(), 0);
    }
    eprintln!(
        "{variant}: {games} games ({ended} ended early), {positions} positions, {moves} moves \
         made and unmade ({captures} captures, {promotions} promotions, {drops} drops), \
         {winning} positions where the Home Stone could be taken"
    );
    assert!(
        captures > 0 && drops > 0,
        "{variant}: the games missed captures or drops"
    );
    if games >= GAMES {
        assert!(
            winning > 0,
            "{variant}: no position let a side take the Home Stone"
        );
    }
    if games >= GAMES && def.pieces.iter().any(|p| p.promotion.is_some()) {
        assert!(
            promotions > 0,
            "{variant}: the games never reached a promotion"
        );
    }
}

/// Garbage that is never a move in any position.
const GARBAGE: &[&str] = &[
    "",
    " ",
    "e2",
    "e2e",
    "e2e4 ",
    " e2e4",
    "E2E4",
    "e2-e4",
    "e2xe4",
    "a0a1",
    "k1k2",
    "a11a10",
    "a01a02",
    "e2e2",
    "H@",
    "@e1",
    "h@e1",
    "H@e11",
    "Q@e1",
    "e9e10q",
    "e9e10T",
    "e9e10tt",
    "0000",
    "é2é4",
    "e2😀4",
    "\u{0}",
    "e2e4\n",
    "99999999999999999999",
];

/// Invariant 3. At every position of a few random games, move texts are unique and each parses
/// back to its move; at every third one, garbage and a random sample of from-to, promotion and
/// drop texts parse exactly when they are legal.
fn check_move_texts(variant: &str) {
    let game = game::<u128>(variant);
    let board = &game.board;
    let cells = board.cell_count();
    let names: Vec<String> = (0..cells).map(|c| board.name(c)).collect();
    let mut rng = Rng::new(seed(variant, 3));
    let mut probe = Rng::new(seed(variant, 4));
    let (mut positions, mut parsed, mut refused) = (0, 0, 0);
    for n in 0..3 {
        random_game(game.start_position(), &mut rng, MAX_PLIES, |pos| {
            let context = format!("{variant} game {n}: {}", pos.to_fen());
            positions += 1;
            let list = legal(pos);
            assert_eq!(
                list.len() as u64,
                pos.count_moves(),
                "{context}: count_moves"
            );
            let mut seen = HashSet::new();
            for &mv in &list {
                let text = mv.to_text(&game);
                assert!(
                    seen.insert(text.clone()),
                    "{context}: {text} generated twice"
                );
                assert_eq!(
                    pos.parse_move(&text),
                    Ok(mv),
                    "{context}: parse_move({text})"
                );
                parsed += 1;
            }
            if positions % 3 != 0 {
                return;
            }
            let mut candidates: Vec<String> = GARBAGE.iter().map(|s| s.to_string()).collect();
            for _ in 0..20 {
                let (a, b) = (probe.pick(&names), probe.pick(&names));
                let piece = game.pieces[probe.below(game.types())].letter;
                candidates.push(format!("{a}{b}"));
                candidates.push(format!("{a}{b}{}", piece.to_ascii_lowercase()));
                candidates.push(format!("{piece}@{b}"));
            }
            for text in candidates {
                match pos.parse_move(&text) {
                    Ok(mv) => assert!(seen.contains(&text), "{context}: {text} parsed as {mv:?}"),
                    Err(e) => {
                        assert!(
                            !seen.contains(&text),
                            "{context}: legal {text} refused: {e}"
                        );
                        assert!(!e.is_empty(), "{context}: empty error for {text:?}");
                        refused += 1;
                    }
                }
            }
        });
    }
    eprintln!(
        "{variant}: {positions} positions, {parsed} moves parsed back, {refused} texts refused"
    );
}

/// Counts the leaves of the move tree by playing every move, down to the leaves: no bulk
/// counting, unlike [`perft`].
fn naive<B: Bitboard>(pos: &mut Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for mv in legal(pos) {
        pos.make(mv);
        n += naive(pos, depth - 1);
        pos.unmake();
    }
    n
}

/// Invariant 4. From the start and from random positions early, in the middle and late in a
/// game: perft(d) equals the sum of divide(d), whose moves are the legal moves, and the naive
/// count, for d = 1, 2, 3.
fn check_perft(variant: &str) {
    let game = game::<u128>(variant);
    let mut leaves = 0;
    for (i, plies) in [0, 9, 24, 47, 80, 150].into_iter().enumerate() {
        let fen = random_position(&game, seed(variant, 10 + i as u64), plies);
        let mut pos = Position::from_fen(&game, &fen).unwrap();
        for depth in 1..=3 {
            let p = perft(&mut pos, depth);
            let split = divide(&mut pos, depth);
            let moves: Vec<_> = split.iter().map(|(m, _)| *m).collect();
            assert_eq!(moves, legal(&pos), "{variant} {fen}: divide's moves");
            let sum: u64 = split.iter().map(|(_, n)| n).sum();
            assert_eq!(p, sum, "{variant} {fen}: perft {depth} vs divide");
            assert_eq!(
                p,
                naive(&mut pos, depth),
                "{variant} {fen}: perft {depth} vs naive"
            );
            leaves += p;
        }
        assert_eq!(pos.to_fen(), fen, "{variant}: perft changed the position");
    }
    eprintln!("{variant}: perft = divide = naive on 6 positions, {leaves} leaves in all");
}

/// All built-in Kaissa rule sets are covered by the per-variant tests above (Caïssa, with a
/// rules module of its own, has its own tests: tests/caissa_*.rs).
#[test]
fn every_builtin_rule_set_is_covered() {
    let registry = Registry::builtin();
    let mut names: Vec<String> = (registry.names().into_iter())
        .filter(|n| registry.get(n, &[]).unwrap().rules.is_none())
        .collect();
    names.sort();
    let mut ours: Vec<String> = VARIANTS.iter().map(|s| s.to_string()).collect();
    ours.sort();
    assert_eq!(names, ours);
}
