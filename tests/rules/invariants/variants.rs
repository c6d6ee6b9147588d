//! Malformed variants files (invariant 6): refused with a one-line message, never a panic,
//! and the registry is left as it was.

use super::fen::mutate;
use super::{MINI, Rng, VARIANTS, legal};
use kaissa::core::bitboard::Bitboard;
use kaissa::games::kaissa::any::AnyGame;
use kaissa::games::kaissa::game::Game;
use kaissa::games::variants::Registry;
use kaissa::search::perft::perft;
use kaissa::with_game;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

/// [`MINI`] with `from` replaced by `to` (`from` must occur in it).
fn tweak(from: &str, to: &str) -> String {
    assert!(MINI.contains(from), "MINI has no {from:?}");
    MINI.replacen(from, to, 1)
}

/// A variant inheriting from kaissa with the given extra lines.
fn child(lines: &str) -> String {
    format!("[[variant]]\nname = \"child\"\nparent = \"kaissa\"\n{lines}\n")
}

/// A 7 x 7 variant with an empty start position and the given pieces.
fn empty_board(pieces: &str) -> String {
    format!(
        "[[variant]]\nname = \"e\"\nfiles = 7\nranks = 7\nstart_fen = \"7/7/7/7/7/7/7 w - - 0 1\"\n\
         pieces = [{pieces}]\nend = {{ no_moves = \"draw\" }}\n"
    )
}

/// Hand-written bad variants files, each with what is wrong with it.
fn bad_files() -> Vec<(&'static str, String)> {
    let seventeen: String = (b'A'..=b'Q')
        .map(|l| {
            format!(
                r#"{{ letter = "{}", name = "p", betza = "K" }},"#,
                l as char
            )
        })
        .collect();
    let promotion = r#"to = ["R", "N", "L"]"#;
    let drop = r#"deadline = true }]"#;
    let wins = r#"capture_wins = ["K", "H"]"#;
    vec![
        ("empty text", String::new()),
        ("not TOML", "not toml [".into()),
        ("unterminated string", "[[variant]]\nname = \"x".into()),
        ("variant is not an array", "variant = 5".into()),
        ("no name", MINI.replace(r#"name = "mini""#, "")),
        ("empty name", tweak(r#"name = "mini""#, r#"name = """#)),
        ("duplicate key", tweak("files = 7", "files = 7\nfiles = 7")),
        (
            "unknown field",
            tweak("files = 7", "files = 7\ncolour = \"red\""),
        ),
        ("files is text", tweak("files = 7", r#"files = "seven""#)),
        ("negative files", tweak("files = 7", "files = -7")),
        ("no start_fen", tweak("start_fen = ", "start_fenn = ")),
        ("no end", tweak("end = ", "ending = ")),
        (
            "unknown Betza atom",
            tweak(r#"betza = "R4""#, r#"betza = "Y""#),
        ),
        (
            "unknown Betza modifier",
            tweak(r#"betza = "R4""#, r#"betza = "xR""#),
        ),
        ("empty Betza", tweak(r#"betza = "R4""#, r#"betza = """#)),
        (
            "Betza modifiers, no atom",
            tweak(r#"betza = "R4""#, r#"betza = "fm""#),
        ),
        (
            "Betza rider of a leaper",
            tweak(r#"betza = "R4""#, r#"betza = "NN""#),
        ),
        (
            "Betza range too large",
            tweak(r#""R4""#, r#""R99999999999""#),
        ),
        ("lame slider", tweak(r#"betza = "R4""#, r#"betza = "nQ""#)),
        (
            "directions leave nothing",
            tweak(r#"betza = "R4""#, r#"betza = "fsW""#),
        ),
        (
            "letter used twice",
            tweak(r#"letter = "N""#, r#"letter = "R""#),
        ),
        (
            "lower-case letter",
            tweak(r#"letter = "N""#, r#"letter = "n""#),
        ),
        (
            "two-letter piece",
            tweak(r#"letter = "N""#, r#"letter = "NN""#),
        ),
        ("empty letter", tweak(r#"letter = "N""#, r#"letter = """#)),
        ("digit letter", tweak(r#"letter = "N""#, r#"letter = "1""#)),
        ("no pieces", empty_board("")),
        ("seventeen piece types", empty_board(&seventeen)),
        (
            "promotion rank beyond the board",
            tweak(r#"ranks = "7""#, r#"ranks = "8""#),
        ),
        (
            "promotion rank 0",
            tweak(r#"ranks = "7""#, r#"ranks = "0""#),
        ),
        (
            "reversed rank range",
            tweak(r#"ranks = "1-3""#, r#"ranks = "3-1""#),
        ),
        ("rank range past the board", tweak(r#""1-3""#, r#""1-30""#)),
        (
            "rank not a number",
            tweak(r#"ranks = "1-3""#, r#"ranks = "one""#),
        ),
        (
            "empty rank list",
            tweak(r#"ranks = "1-3""#, r#"ranks = """#),
        ),
        (
            "huge rank",
            tweak(r#""1-3""#, r#""1-99999999999999999999999""#),
        ),
        (
            "promotion to an unknown letter",
            tweak(promotion, r#"to = ["Z"]"#),
        ),
        ("promotion to nothing", tweak(promotion, "to = []")),
        (
            "drop of an unknown piece",
            tweak(r#"piece = "H""#, r#"piece = "Z""#),
        ),
        (
            "two drop rules for one piece",
            tweak(
                drop,
                r#"deadline = true }, { piece = "H", ranks = "1", window = [1, 2] }]"#,
            ),
        ),
        ("drop ranks beyond the board", tweak(r#""1-2""#, r#""1-9""#)),
        ("window [0, 0]", tweak("window = [2, 8]", "window = [0, 0]")),
        ("window [0, 5]", tweak("window = [2, 8]", "window = [0, 5]")),
        (
            "window backwards",
            tweak("window = [2, 8]", "window = [8, 2]"),
        ),
        (
            "window of one number",
            tweak("window = [2, 8]", "window = [2]"),
        ),
        (
            "negative window",
            tweak("window = [2, 8]", "window = [-1, 8]"),
        ),
        (
            "window past u32",
            tweak("window = [2, 8]", "window = [2, 4294967296]"),
        ),
        (
            "capture_wins unknown letter",
            tweak(wins, r#"capture_wins = ["Z"]"#),
        ),
        (
            "both_lost_draw unknown letter",
            tweak(wins, r#"both_lost_draw = ["Q"]"#),
        ),
        ("unknown no_moves result", tweak(r#""loss""#, r#""maybe""#)),
        (
            "bad no_initial_moves cell",
            tweak("files = 7", "files = 7\nno_initial_moves = [\"z99\"]"),
        ),
        (
            "no_initial_moves off the board",
            tweak("files = 7", "files = 7\nno_initial_moves = [\"a8\"]"),
        ),
        (
            "start FEN with too few ranks",
            tweak("rnlklnr/ppppppp/7/", "rnlklnr/ppppppp/"),
        ),
        (
            "start FEN with an unknown letter",
            tweak("rnlklnr/", "rnlqlnr/"),
        ),
        ("start FEN with a bad side", tweak("[Hh] w", "[Hh] y")),
        (
            "board too large",
            tweak("files = 7\nranks = 7", "files = 26\nranks = 60"),
        ),
        ("board too wide", tweak("files = 7", "files = 27")),
        ("board too tall", tweak("ranks = 7", "ranks = 100")),
        ("board of no files", tweak("files = 7", "files = 0")),
        ("board of no ranks", tweak("ranks = 7", "ranks = 0")),
        (
            "unknown parent",
            "[[variant]]\nname = \"a\"\nparent = \"zzz\"\n".into(),
        ),
        (
            "parent is not a name",
            "[[variant]]\nname = \"a\"\nparent = 5\n".into(),
        ),
        (
            "child with a bad Betza",
            child(r#"pieces = [{ letter = "U", betza = "Y" }]"#),
        ),
        (
            "child with window [0, 0]",
            child(r#"drops = [{ piece = "H", ranks = "1", window = [0, 0] }]"#),
        ),
        (
            "child with a bad promotion rank",
            child(r#"pieces = [{ letter = "P", promotion = { ranks = "11", to = ["T"] } }]"#),
        ),
        ("child with an unknown field", child(r#"colour = "red""#)),
        (
            "child losing a piece of its FEN",
            child(r#"pieces = [{ letter = "R", remove = true }]"#),
        ),
        (
            "option with a bad Betza",
            child(
                "[variant.options.bad]\ndoc = \"x\"\nset = { pieces = [{ letter = \"U\", betza = \"Y\" }] }",
            ),
        ),
        (
            "option without set",
            child("[variant.options.bad]\ndoc = \"x\""),
        ),
        (
            "good variant followed by a bad one",
            format!("{MINI}\n[[variant]]\nname = \"b\"\nparent = \"zzz\"\n"),
        ),
    ]
}

/// Loads `text` into a copy of `registry`. Ok: the names it defined, after playing each a
/// little. Err: the message, after checking that it is one non-empty line and that the
/// registry's names (and, if `deep`, its definitions) did not change.
fn load_checked(registry: &Registry, text: &str, deep: bool) -> Result<Vec<String>, String> {
    let mut r = registry.clone();
    match r.load_str(text, "test.toml") {
        Err(e) => {
            assert!(!e.trim().is_empty(), "empty error for {text:?}");
            assert!(!e.contains('\n'), "multi-line error: {e:?}");
            assert_eq!(
                r.names(),
                registry.names(),
                "names changed by a refused file"
            );
            for name in registry.names().into_iter().filter(|_| deep) {
                assert_eq!(
                    r.get(&name, &[]),
                    registry.get(&name, &[]),
                    "{name} changed"
                );
            }
            Err(e)
        }
        Ok(names) => {
            let before = registry.names();
            assert_eq!(&r.names()[..before.len()], &before[..], "names reordered");
            for name in &names {
                let def = r.get(name, &[]).expect("a loaded variant must be gettable");
                let game = AnyGame::new(&def).expect("a loaded variant must build");
                with_game!(&game, g => play_a_little(g));
                for opt in def.options.keys() {
                    let def = r.get(name, std::slice::from_ref(opt)).unwrap();
                    let game = AnyGame::new(&def).expect("a loaded option must build");
                    with_game!(&game, g => play_a_little(g));
                }
            }
            Ok(names)
        }
    }
}

/// Perft 2 from the start and a few random moves: a variant that loads must play.
fn play_a_little<B: Bitboard>(game: &Arc<Game<B>>) {
    let mut pos = game.start_position();
    perft(&mut pos, 2);
    let mut rng = Rng::new(7);
    for _ in 0..20 {
        let list = legal(&pos);
        if list.is_empty() {
            break;
        }
        pos.make(*rng.pick(&list));
        assert_eq!(pos.key(), pos.compute_key());
    }
}

/// Invariant 6, hand-written cases.
#[test]
fn malformed_variants_are_refused() {
    let registry = Registry::builtin();
    let mut wrong = Vec::new();
    for (what, text) in bad_files() {
        match catch_unwind(AssertUnwindSafe(|| load_checked(&registry, &text, true))) {
            Err(_) => wrong.push(format!("{what}: panicked (or broke an invariant)")),
            Ok(Ok(names)) => wrong.push(format!("{what}: accepted as {names:?}")),
            Ok(Err(e)) => eprintln!("{what}: {e}"),
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert_eq!(registry.names(), Registry::builtin().names());
    assert_eq!(&registry.names()[..VARIANTS.len()], VARIANTS);
}

/// The custom game used by the width tests and mutated below loads, and so do the built-in
/// definitions as `show` writes them.
#[test]
fn good_variants_load() {
    let registry = Registry::builtin();
    assert_eq!(
        load_checked(&registry, MINI, true),
        Ok(vec!["mini".to_string()])
    );
    for name in VARIANTS {
        let text = registry.show(name).unwrap();
        assert_eq!(
            load_checked(&registry, &text, true),
            Ok(vec![name.to_string()])
        );
    }
}

/// Characters mutations insert: TOML syntax, Betza letters, digits, multi-byte UTF-8.
const TOML_CHARS: &[char] = &[
    '[', ']', '{', '}', '=', ',', '"', '\'', '.', '#', '\n', ' ', '0', '1', '2', '3', '7', '9',
    '-', '_', '\\', 'a', 'b', 'c', 'f', 'i', 'm', 'n', 's', 'v', 'B', 'F', 'H', 'K', 'N', 'Q', 'R',
    'W', 'Y', 'Z', '@', 'é', '😀', '\u{0}',
];

/// True when `text` holds a run of 7 or more digits.
fn has_long_number(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .any(|run| run.len() >= 7)
}

/// Invariant 6, seeded mutations of every built-in definition (as `show` writes it) and of
/// [`MINI`]: never a panic; refused files leave the registry alone; accepted ones play.
#[test]
fn mutated_variants_never_panic() {
    let registry = Registry::builtin();
    let mut sources: Vec<String> = VARIANTS.iter().map(|n| registry.show(n).unwrap()).collect();
    sources.push(MINI.to_string());
    let mut rng = Rng::new(6);
    let (mut refused, mut accepted) = (0, 0);
    let mut failures = Vec::new();
    for source in &sources {
        for _ in 0..300 {
            let text = mutate(source, &mut rng, TOML_CHARS);
            if has_long_number(&text) {
                continue; // a drop window of 10^7+ turns allocates gigabytes: see bugs.rs
            }
            match catch_unwind(AssertUnwindSafe(|| load_checked(&registry, &text, false))) {
                Ok(Ok(_)) => accepted += 1,
                Ok(Err(_)) => refused += 1,
                Err(_) => failures.push(text),
            }
        }
    }
    eprintln!("mutated variants files: {refused} refused, {accepted} accepted and played");
    assert!(
        failures.is_empty(),
        "{} mutants panicked or broke an invariant, e.g. {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    assert!(refused > 300 && accepted > 30);
}
