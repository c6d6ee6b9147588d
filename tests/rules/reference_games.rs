//! The engine's move generators against the independent readings of the rules, move by move:
//! seeded random games played with the engine and a game's reference generator side by side
//! (`tests/reference/` for the five Kaissa rule sets, `tests/donkey_reference/`,
//! `tests/caissa_reference/`, `tests/jikaida_reference/`; none shares code with the engine).
//! At every position the two move lists (or divide(2) counts) must be equal and both must reach
//! the same FEN after the chosen move; along the way, make then unmake must restore the
//! position and the incremental Zobrist key must equal the one computed from scratch. The
//! perft data files those generators computed are checked by `tests/rules/perft.rs`.

/// The five Kaissa rule sets: both generators' divide(2) at every ply.
mod kaissa_family {
    use crate::reference;
    use crate::xorshift::Rng;
    use kaissa::games::kaissa::game::{Game, MoveText};
    use kaissa::games::variants::Registry;
    use std::sync::Arc;

    fn game(variant: &str) -> Arc<Game<u128>> {
        let def = Registry::builtin().get(variant, &[]).unwrap();
        Arc::new(Game::new(&def).unwrap())
    }

    /// Plays seeded random games and compares both generators' move lists and depth-2 divides
    /// at every ply.
    #[test]
    fn engine_agrees_with_reference_move_by_move() {
        let mut rng = Rng::from_state(0x2545_F491_4F6C_DD1D);
        let mut positions = 0;
        for variant in reference::VARIANTS {
            let g = game(variant);
            for _ in 0..12 {
                let mut pos = g.start_position();
                for _ply in 0..120 {
                    let fen = pos.to_fen();
                    let mut mine: Vec<(String, u64)> = kaissa::search::perft::divide(&mut pos, 2)
                        .into_iter()
                        .map(|(m, n)| (m.to_text(&g), n))
                        .collect();
                    mine.sort();
                    let theirs = reference::divide(variant, &fen, 2);
                    assert_eq!(mine, theirs, "{variant}: divide(2) of {fen}");
                    positions += 1;
                    let mut list = Vec::new();
                    pos.generate(&mut list);
                    if list.is_empty() {
                        break;
                    }
                    let mv = list[rng.below(list.len())];
                    let text = mv.to_text(&g);
                    pos.make(mv);
                    assert_eq!(
                        pos.to_fen(),
                        reference::play(variant, &fen, &text),
                        "{variant}: {fen} after {text}"
                    );
                }
            }
        }
        assert!(positions > 1000);
    }
}

/// Caïssa: divide(2), make/unmake and the incremental key at every ply.
mod caissa {
    use crate::caissa_reference as reference;
    use crate::xorshift::Rng;
    use kaissa::core::moves::Move;
    use kaissa::games::caissa::CaissaPosition;
    use kaissa::search::perft::divide;

    /// Random games from the start: at every ply both generators' divide(2) and the FEN after
    /// the chosen move agree; make then unmake restores the position; the incremental key equals
    /// the recomputed one.
    #[test]
    fn engine_agrees_with_reference_move_by_move() {
        let mut rng = Rng::from_state(0x9E37_79B9_7F4A_7C15);
        let mut positions = 0;
        for _game in 0..40 {
            let mut p = CaissaPosition::start();
            for _ply in 0..160 {
                let fen = p.to_fen();
                let mut mine: Vec<(String, u64)> = divide(&mut p, 2)
                    .into_iter()
                    .map(|(m, n)| (CaissaPosition::move_text(m), n))
                    .collect();
                mine.sort();
                assert_eq!(mine, reference::divide(&fen, 2), "divide(2) of {fen}");
                assert_eq!(p.key(), p.compute_key(), "incremental key of {fen}");
                positions += 1;
                let mut list = Vec::new();
                p.generate(&mut list);
                if list.is_empty() {
                    break;
                }
                for &mv in &list {
                    let key = p.key();
                    p.make(mv);
                    assert_eq!(p.key(), p.compute_key(), "key after {mv:?} from {fen}");
                    p.unmake();
                    assert_eq!(p.to_fen(), fen, "unmake of {mv:?}");
                    assert_eq!(p.key(), key);
                }
                let mv: Move = list[rng.below(list.len())];
                let text = CaissaPosition::move_text(mv);
                p.make(mv);
                assert_eq!(p.to_fen(), reference::play(&fen, &text), "{fen} + {text}");
                assert_eq!(
                    CaissaPosition::from_fen(&p.to_fen()).unwrap().key(),
                    p.key()
                );
            }
        }
        assert!(positions > 2_000, "only {positions} positions compared");
    }
}

/// Donkey Kaissa, under each rule option: move lists, make/unmake and keys.
mod donkey {
    use crate::donkey_reference::{Options, Rules};
    use crate::xorshift::Rng;
    use kaissa::core::moves::Move;
    use kaissa::games::kaissa::game::{Game, MoveText};
    use kaissa::games::kaissa::position::Position;
    use kaissa::games::variants::Registry;
    use std::sync::Arc;

    /// The engine's donkey game with the given rule options.
    fn game(options: &[&str]) -> Arc<Game<u128>> {
        let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
        let def = Registry::builtin().get("donkey", &opts).unwrap();
        Arc::new(Game::new(&def).unwrap())
    }

    /// The engine's legal moves of `pos`, as text, sorted.
    fn engine_moves(pos: &Position<u128>) -> (Vec<Move>, Vec<String>) {
        let mut list = Vec::new();
        pos.generate(&mut list);
        let mut text: Vec<String> = list.iter().map(|m| m.to_text(pos.game())).collect();
        text.sort();
        (list, text)
    }

    /// Plays `games` seeded random games with both generators and compares them at every ply.
    fn compare_games(options: &[&str], games: u64, plies: usize) {
        let g = game(options);
        let rules = Rules::new(Options::from_names(options));
        let mut positions = 0;
        for seed in 1..=games {
            let mut rng = Rng::new(seed);
            let mut pos = g.start_position();
            for _ in 0..plies {
                let fen = pos.to_fen();
                let (list, text) = engine_moves(&pos);
                assert_eq!(text, rules.legal_moves(&fen), "{options:?} moves of {fen}");
                assert_eq!(pos.count_moves() as usize, list.len(), "count of {fen}");
                assert_eq!(pos.key(), pos.compute_key(), "key of {fen}");
                let back = Position::from_fen(&g, &fen).unwrap();
                assert_eq!((back.to_fen(), back.key()), (fen.clone(), pos.key()));
                positions += 1;
                for &m in &list {
                    pos.make(m);
                    assert_eq!(pos.key(), pos.compute_key(), "key after {}", m.to_text(&g));
                    pos.unmake();
                    assert_eq!(pos.to_fen(), fen, "unmake of {}", m.to_text(&g));
                    assert_eq!(pos.key(), back.key());
                }
                if list.is_empty() {
                    break;
                }
                let m = list[rng.below(list.len())];
                let mt = m.to_text(&g);
                pos.make(m);
                assert_eq!(pos.to_fen(), rules.play(&fen, &mt), "after {mt} from {fen}");
            }
        }
        assert!(positions > games as usize * 10);
    }

    #[test]
    fn random_games_agree_with_the_reference() {
        compare_games(&[], 100, 200);
    }

    #[test]
    fn random_games_agree_with_the_reference_under_every_option() {
        for opt in [
            "centre_straight",
            "promotion_end",
            "seven_turn_window",
            "flight_captures_only",
        ] {
            compare_games(&[opt], 10, 200);
        }
    }
}

/// Jikaida: move lists, the FEN after every move, unmake, the key and the check test.
mod jikaida {
    use crate::jikaida_reference as reference;
    use crate::perft_data::read_cases;
    use crate::xorshift::Rng;
    use kaissa::core::bitboard::{Bitboard, Wide};
    use kaissa::core::geometry::Color;
    use kaissa::core::moves::Move;
    use kaissa::games::jikaida::JikaidaPosition;
    use kaissa::games::jikaida::board::Board;
    use std::sync::Arc;

    /// The board size of a FEN's placement.
    fn size(fen: &str) -> (usize, usize) {
        let placement = fen.split_whitespace().next().unwrap();
        let (files, ranks, _) = kaissa::games::jikaida::fen::read_placement(placement).unwrap();
        (files, ranks)
    }

    /// Runs `f` on the engine's position for `fen`, with the bitboard width the board needs.
    fn with_position<R>(fen: &str, f: impl FnOnce(&mut dyn Probe) -> R) -> R {
        let (files, ranks) = size(fen);
        if files * ranks <= 256 {
            let mut p =
                JikaidaPosition::from_fen(Arc::new(Board::<Wide<4>>::new(files, ranks)), fen)
                    .unwrap_or_else(|e| panic!("engine refused {fen}: {e}"));
            f(&mut p)
        } else if files * ranks <= 448 {
            let mut p =
                JikaidaPosition::from_fen(Arc::new(Board::<Wide<7>>::new(files, ranks)), fen)
                    .unwrap_or_else(|e| panic!("engine refused {fen}: {e}"));
            f(&mut p)
        } else {
            let mut p =
                JikaidaPosition::from_fen(Arc::new(Board::<Wide<14>>::new(files, ranks)), fen)
                    .unwrap_or_else(|e| panic!("engine refused {fen}: {e}"));
            f(&mut p)
        }
    }

    /// What the harness asks of a position, whatever its width.
    trait Probe {
        fn moves(&self) -> Vec<(Move, String)>;
        fn make(&mut self, mv: Move);
        fn unmake(&mut self);
        fn fen(&self) -> String;
        fn key(&self) -> u64;
        fn recomputed_key(&self) -> u64;
        /// Cells holding a piece, with the other side: (cell, attacked fast, attacked slow).
        fn attack_pairs(&self) -> Vec<(usize, bool, bool)>;
    }

    impl<B: Bitboard> Probe for JikaidaPosition<B> {
        fn moves(&self) -> Vec<(Move, String)> {
            let mut v = Vec::new();
            self.generate(&mut v);
            v.into_iter().map(|m| (m, self.move_text(m))).collect()
        }
        fn make(&mut self, mv: Move) {
            JikaidaPosition::make(self, mv)
        }
        fn unmake(&mut self) {
            JikaidaPosition::unmake(self)
        }
        fn fen(&self) -> String {
            self.to_fen()
        }
        fn key(&self) -> u64 {
            JikaidaPosition::key(self)
        }
        fn recomputed_key(&self) -> u64 {
            self.recompute_key()
        }
        fn attack_pairs(&self) -> Vec<(usize, bool, bool)> {
            let mut out = Vec::new();
            for c in Color::BOTH {
                for cell in self.occupied_by(c).cells() {
                    out.push((
                        cell,
                        self.attacked(cell, c.flip()),
                        self.attacked_slow(cell, c.flip()),
                    ));
                }
            }
            out
        }
    }

    /// Plays seeded random games from `fen`, comparing the engine with the reference at every
    /// position: the sorted move lists, the FEN after each move, unmake, the key and the check
    /// test. Returns the number of positions compared.
    fn compare_games(fen: &str, games: u64, plies: usize, seed: u64) -> usize {
        let mut rng = Rng::from_state(seed);
        let mut compared = 0;
        for _ in 0..games {
            let mut fen = fen.to_string();
            for _ in 0..plies {
                let (moves, next) = with_position(&fen, |p| {
                    let before = p.fen();
                    assert_eq!(p.key(), p.recomputed_key(), "key of {before}");
                    for (cell, fast, slow) in p.attack_pairs() {
                        assert_eq!(fast, slow, "attacked({cell}) in {before}");
                    }
                    let moves = p.moves();
                    let mut texts: Vec<String> = moves.iter().map(|m| m.1.clone()).collect();
                    texts.sort();
                    let mut after = Vec::new();
                    for (mv, text) in &moves {
                        p.make(*mv);
                        assert_eq!(p.key(), p.recomputed_key(), "key after {text} in {before}");
                        after.push((text.clone(), p.fen()));
                        p.unmake();
                        assert_eq!(p.fen(), before, "unmake of {text}");
                    }
                    (texts, after)
                });
                let expected = reference::legal_moves(&fen).expect("reference reads the FEN");
                assert_eq!(moves, expected, "move lists differ in {fen}");
                compared += 1;
                if next.is_empty() {
                    break;
                }
                for (text, engine_fen) in &next {
                    let reference_fen = reference::play(&fen, text).expect("reference plays it");
                    assert_eq!(engine_fen, &reference_fen, "FEN after {text} in {fen}");
                }
                // Prefer captures now and then, so games reach sparse, tactical positions.
                let captures: Vec<&(String, String)> = next
                    .iter()
                    .filter(|(_, f)| pieces(f) < pieces(&fen))
                    .collect();
                let pick = if !captures.is_empty() && rng.next().is_multiple_of(3) {
                    captures[(rng.next() % captures.len() as u64) as usize]
                } else {
                    &next[(rng.next() % next.len() as u64) as usize]
                };
                fen = pick.1.clone();
            }
        }
        compared
    }

    /// Pieces in a FEN's placement.
    fn pieces(fen: &str) -> usize {
        fen.split_whitespace()
            .next()
            .unwrap()
            .chars()
            .filter(char::is_ascii_alphabetic)
            .count()
    }

    #[test]
    fn random_games_agree_with_the_reference() {
        let n = compare_games(kaissa::games::jikaida::fen::START_FEN, 5, 80, 0x5EED_0001);
        assert!(n > 250, "only {n} positions compared");
    }

    #[test]
    fn random_games_from_the_data_file_agree_with_the_reference() {
        let mut n = 0;
        for (i, case) in read_cases("jikaida").iter().enumerate() {
            n += compare_games(&case.fen, 1, 16, 0xDA7A_0000 + i as u64);
        }
        assert!(n > 150, "only {n} positions compared");
    }
}
