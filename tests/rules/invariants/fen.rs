//! FEN: the round trip on positions of random games (invariant 2) and malformed input
//! (invariant 5).

use super::{
    Rng, Snapshot, VARIANTS, game, legal, random_game, random_position, registry_with_mini,
    sorted_texts,
};
use kaissa::core::bitboard::Bitboard;
use kaissa::games::kaissa::game::Game;
use kaissa::games::kaissa::position::Position;
use kaissa::search::perft::perft;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

/// Reads `to_fen()` of `pos` back and checks it is the same position: same FEN, key,
/// repetition key, pieces, rights, clocks, legal moves and decided result.
pub fn assert_round_trip<B: Bitboard>(pos: &Position<B>, context: &str) {
    let fen = pos.to_fen();
    let back = Position::from_fen(pos.game(), &fen)
        .unwrap_or_else(|e| panic!("{context}: own FEN {fen} refused: {e}"));
    assert_eq!(back.to_fen(), fen, "{context}: FEN round trip");
    assert_eq!(
        back.key(),
        pos.key(),
        "{context}: key after round trip of {fen}"
    );
    assert_eq!(
        Snapshot::of(&back).without_history(),
        Snapshot::of(pos).without_history(),
        "{context}: position after round trip of {fen}"
    );
    assert_eq!(
        sorted_texts(&back),
        sorted_texts(pos),
        "{context}: legal moves after round trip of {fen}"
    );
    assert_eq!(
        back.decided(),
        pos.decided(),
        "{context}: decided() of {fen}"
    );
}

/// The number of whitespace-separated fields of a FEN.
fn fields(fen: &str) -> usize {
    fen.split_whitespace().count()
}

/// Invariant 2 on every position of random games of every rule set.
#[test]
fn fen_round_trip_on_random_games() {
    for (i, variant) in VARIANTS.into_iter().enumerate() {
        let game = game::<u128>(variant);
        let mut rng = Rng::new(100 + i as u64);
        let (mut positions, mut seventh) = (0, 0);
        for n in 0..12 {
            random_game(game.start_position(), &mut rng, 200, |pos| {
                assert_round_trip(pos, &format!("{variant} game {n}"));
                positions += 1;
                seventh += usize::from(fields(&pos.to_fen()) == 7);
            });
        }
        eprintln!("{variant}: {positions} FENs round-tripped, {seventh} with an unmoved field");
        if variant == "gorean" {
            assert!(seventh > 0, "no gorean game wrote the unmoved field");
        }
    }
}

/// A gorean Spearman that stepped sideways onto another Spearman's start cell has moved: the
/// FEN must say so in its seventh field, and reading it back must keep the Spearman from its
/// double and triple steps.
#[test]
fn gorean_sideways_spearman_writes_the_unmoved_field() {
    let game = game::<u128>("gorean");
    let mut pos = game.start_position();
    for text in ["d2d5", "d9d6", "c2d2", "e9e8"] {
        let mv = pos.parse_move(text).unwrap();
        pos.make(mv);
        assert_round_trip(&pos, &format!("gorean after {text}"));
    }
    let fen = pos.to_fen();
    assert_eq!(fields(&fen), 7, "{fen}");
    let unmoved = fen.split_whitespace().nth(6).unwrap();
    assert!(!unmoved.split(',').any(|c| c == "d2"), "{fen}");
    assert!(unmoved.split(',').any(|c| c == "e2"), "{fen}");
    let back = Position::from_fen(&game, &fen).unwrap();
    let moves = sorted_texts(&back);
    assert!(moves.contains(&"d2d3".to_string()), "{moves:?}");
    assert!(
        !moves.contains(&"d2d4".to_string()),
        "{fen}: d2 has moved: {moves:?}"
    );
    assert!(moves.contains(&"e2e4".to_string()), "{moves:?}");
    // Without the seventh field the Spearman on d2 would count as unmoved.
    let six: Vec<&str> = fen.split_whitespace().take(6).collect();
    let default = Position::from_fen(&game, &six.join(" ")).unwrap();
    assert!(sorted_texts(&default).contains(&"d2d4".to_string()));
    assert_ne!(default.key(), back.key());
    // "-": nothing is unmoved, and that is written back.
    let none = Position::from_fen(&game, &format!("{} -", six.join(" "))).unwrap();
    assert_eq!(none.to_fen(), format!("{} -", six.join(" ")));
    assert!(!sorted_texts(&none).contains(&"e2e4".to_string()));
    assert_round_trip(&none, "gorean, unmoved field '-'");
}

/// The start FEN of a rule set, with its default unmoved set written out in full, means the
/// same position, and writes back without the seventh field.
#[test]
fn explicit_default_unmoved_field_is_not_written() {
    for variant in VARIANTS {
        let game = game::<u128>(variant);
        let start = game.start_position();
        let cells: Vec<String> = start
            .unmoved()
            .cells()
            .map(|c| game.board.name(c))
            .collect();
        let fen = format!("{} {}", start.to_fen(), cells.join(","));
        let pos = Position::from_fen(&game, &fen).unwrap();
        assert_eq!(pos.to_fen(), start.to_fen(), "{variant}");
        assert_eq!(pos.key(), start.key(), "{variant}");
    }
}

/// Kaissa's Spearmen on a3 and j3 (a8, j8) have no multi-square first move. A FEN whose
/// unmoved field lists a3 anyway must not give it one: it is refused, or the step is not
/// generated.
#[test]
fn kaissa_a3_spearman_never_gets_a_first_move() {
    let game = game::<u128>("kaissa");
    let start = game.start_position();
    let mut cells: Vec<String> = start
        .unmoved()
        .cells()
        .map(|c| game.board.name(c))
        .collect();
    assert!(
        !cells.contains(&"a3".to_string()),
        "a3 counts as unmoved at the start"
    );
    cells.push("a3".into());
    let fen = format!("{} {}", start.to_fen(), cells.join(","));
    if let Ok(pos) = Position::from_fen(&game, &fen) {
        let moves = sorted_texts(&pos);
        assert!(moves.contains(&"a3a4".to_string()), "{moves:?}");
        assert!(!moves.contains(&"a3a5".to_string()), "{fen}: {moves:?}");
        assert_round_trip(&pos, "a3 listed as unmoved");
    }
}

/// Hand-written malformed FEN for the kaissa board, each with what is wrong with it.
const BAD_FEN: &[&str] = &[
    "",
    " ",
    "\t\n",
    // wrong rank count
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI/[Hh] w - - 0 1",
    "/[Hh] w - - 0 1",
    "w",
    // too many or too few files in a rank
    "ibstuatsbiu/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/11/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p9p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/55/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/5/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/99999999999999999999999/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "ibstuatsb/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    // unknown letters, on the board and in hand
    "ibstuatsbz/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBX[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hz] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[H1] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/1.8/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    // holdings
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh]] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh]x w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[HHHHHHHHHHHHHHHHHHHHh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hé] w - - 0 1",
    // side to move
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] x - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] W - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] wb - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] ｗ - - 0 1",
    // castling and en passant fields
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w KQkq - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - e3 0 1",
    // clocks
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - -1 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - x 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 1.5 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 4294967296 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 99999999999999999999999999 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 4000000 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 0",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 -3",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 x",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 4294967296",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 18446744073709551617",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 2000000",
    // the unmoved field
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 z9",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 c2,,d2",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 c2,",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 ,",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 c2;d2",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 c02",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 C2",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 e5",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 a1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 c2,a11",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 é2",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 --",
    // too many fields
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 - -",
    // unicode junk
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBé[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSB😀[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - ٣ 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 ¹",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 ａ2",
    "ibstuatsbi/mrpppppprm/p8p/١٠/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "😀",
    "\u{0}",
    "\u{feff}ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI\u{301}[Hh] w - - 0 1",
];

/// Invariant 5, hand-written cases: each is refused with a message, without panicking.
#[test]
fn malformed_fen_is_refused() {
    let game = game::<u128>("kaissa");
    for &fen in BAD_FEN {
        let result = catch_unwind(AssertUnwindSafe(|| Position::from_fen(&game, fen)));
        match result {
            Err(_) => panic!("from_fen panicked on {fen:?}"),
            Ok(Ok(pos)) => panic!("from_fen accepted {fen:?} as {}", pos.to_fen()),
            Ok(Err(e)) => {
                assert!(!e.trim().is_empty(), "empty error for {fen:?}");
                assert!(!e.contains('\n'), "multi-line error for {fen:?}: {e}");
            }
        }
    }
}

/// Characters mutations insert: FEN syntax, piece letters, digits, and multi-byte UTF-8.
const FEN_CHARS: &[char] = &[
    'P', 'p', 'U', 'u', 'A', 'a', 'T', 't', 'S', 's', 'B', 'b', 'I', 'i', 'R', 'r', 'M', 'm', 'H',
    'h', 'X', 'x', 'Q', 'k', 'z', '0', '1', '2', '3', '5', '9', '/', '[', ']', ' ', '-', ',', 'w',
    'b', '\t', '+', '.', 'é', 'ß', '€', '😀', '\u{0}', '\u{301}', '٣', '¹', 'ａ', '\u{feff}',
];

/// Applies one to three random edits to `text`: insert, delete, replace, duplicate a slice,
/// swap two characters, or cut the end. Works on characters, so the result is valid UTF-8.
pub fn mutate(text: &str, rng: &mut Rng, alphabet: &[char]) -> String {
    let mut c: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let any_char = |rng: &mut Rng| {
            if rng.below(8) == 0 {
                char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{fffd}')
            } else {
                *rng.pick(alphabet)
            }
        };
        let at = rng.below(c.len() + 1);
        match rng.below(6) {
            0 => c.insert(at, any_char(rng)),
            1 if at < c.len() => {
                c.remove(at);
            }
            2 if at < c.len() => c[at] = any_char(rng),
            3 if at < c.len() => {
                let end = (at + 1 + rng.below(6)).min(c.len());
                let slice: Vec<char> = c[at..end].to_vec();
                let to = rng.below(c.len() + 1);
                c.splice(to..to, slice);
            }
            4 if c.len() >= 2 => {
                let other = rng.below(c.len());
                let at = at.min(c.len() - 1);
                c.swap(at, other);
            }
            5 => c.truncate(at),
            _ => c.insert(at, any_char(rng)),
        }
    }
    c.into_iter().collect()
}

/// What reading one FEN did.
enum Read {
    Refused,
    Accepted,
}

/// Reads `fen`; if it is accepted, checks the round trip and plays the position two plies deep.
fn read_checked<B: Bitboard>(game: &Arc<Game<B>>, fen: &str) -> Read {
    match Position::from_fen(game, fen) {
        Err(e) => {
            assert!(!e.trim().is_empty(), "empty error for {fen:?}");
            Read::Refused
        }
        Ok(mut pos) => {
            assert_round_trip(&pos, &format!("accepted mutant {fen:?}"));
            let leaves = perft(&mut pos, 2);
            let mut naive = 0;
            for mv in legal(&pos) {
                pos.make(mv);
                naive += pos.count_moves();
                assert_eq!(pos.key(), pos.compute_key(), "{fen:?}");
                pos.unmake();
            }
            assert_eq!(leaves, naive, "{fen:?}");
            Read::Accepted
        }
    }
}

/// Invariant 5, seeded mutations of valid FEN of every rule set and of the 7 x 7 custom game
/// (start positions, and random positions with and without the unmoved field): never a panic;
/// an accepted mutant is a position whose FEN round-trips and whose moves can be played.
#[test]
fn mutated_fen_never_panics() {
    let mut rng = Rng::new(5);
    let (mut refused, mut accepted) = (0, 0);
    let mut panics = Vec::new();
    for (i, variant) in VARIANTS.into_iter().enumerate() {
        let game = game::<u128>(variant);
        let mut sources = vec![game.start_position().to_fen()];
        for (j, plies) in [7, 30, 90].into_iter().enumerate() {
            sources.push(random_position(
                &game,
                1000 + 10 * i as u64 + j as u64,
                plies,
            ));
        }
        if variant == "gorean" {
            let mut pos = game.start_position();
            for text in ["d2d5", "d9d6", "c2d2"] {
                pos.make(pos.parse_move(text).unwrap());
            }
            sources.push(pos.to_fen());
        }
        for source in &sources {
            for _ in 0..200 {
                let fen = mutate(source, &mut rng, FEN_CHARS);
                match catch_unwind(AssertUnwindSafe(|| read_checked(&game, &fen))) {
                    Ok(Read::Refused) => refused += 1,
                    Ok(Read::Accepted) => accepted += 1,
                    Err(_) => panics.push(format!("{variant}: {fen:?}")),
                }
            }
        }
    }
    let mini = registry_with_mini().get("mini", &[]).unwrap();
    let game = Arc::new(Game::<u64>::new(&mini).unwrap());
    let sources = [
        game.start_position().to_fen(),
        random_position(&game, 9, 12),
    ];
    for source in &sources {
        for _ in 0..200 {
            let fen = mutate(source, &mut rng, FEN_CHARS);
            match catch_unwind(AssertUnwindSafe(|| read_checked(&game, &fen))) {
                Ok(Read::Refused) => refused += 1,
                Ok(Read::Accepted) => accepted += 1,
                Err(_) => panics.push(format!("mini: {fen:?}")),
            }
        }
    }
    eprintln!("mutated FEN: {refused} refused, {accepted} accepted and played");
    assert!(
        panics.is_empty(),
        "{} mutants panicked or broke an invariant, e.g. {:?}",
        panics.len(),
        &panics[..panics.len().min(10)]
    );
    assert!(refused > 1000 && accepted > 100);
}
