//! The arbiter's side of the UCI conversation (protocol.md), seen from a scripted fake that
//! logs every line it receives; and a variant loaded from a file, for the engines and the
//! arbiter alike.

use super::endings::{REPETITION, riders_fen};
use super::harness::*;

/// The `wtime` and `btime` of a `go` line.
fn clocks(go: &str) -> (u64, u64) {
    let w: Vec<&str> = go.split_whitespace().collect();
    let get = |k: &str| -> u64 {
        let i = w
            .iter()
            .position(|x| *x == k)
            .unwrap_or_else(|| panic!("{go}"));
        w[i + 1].parse().unwrap_or_else(|_| panic!("{go}"))
    };
    (get("wtime"), get("btime"))
}

#[test]
fn the_arbiter_speaks_uci() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("protocol");
    let fen = riders_fen(0);
    let openings = dir.write("openings.txt", &format!("{fen}\n"));
    let (ylog, rlog) = (dir.file("yellow.log"), dir.file("red.log"));
    let spec = |log: &str, name: &str| {
        format!(
            "cmd='python3 {} --log {log} {REPETITION}' name={name} option.Hash=16 \
             'option.Move Overhead=0'",
            fixture("scripted")
        )
    };
    let (y, r) = (spec(&ylog, "y"), spec(&rlog, "r"));
    let pgn = dir.file("games.pgn");
    let run = kaissa_match(&[
        "--engine",
        &y,
        "--engine",
        &r,
        "--games",
        "1",
        "--tc",
        "1+0.1",
        "--openings",
        &openings,
        "--pgn",
        &pgn,
    ])
    .ok();
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0].reason.as_deref(),
        Some("draw by repetition"),
        "{run}"
    );
    let log = |p: &str| -> Vec<String> {
        std::fs::read_to_string(p)
            .expect("the fake wrote its log")
            .lines()
            .map(String::from)
            .collect()
    };
    let moves: Vec<&str> = REPETITION.split_whitespace().collect();
    for (path, first) in [(&ylog, 0), (&rlog, 1)] {
        let l = log(path);
        // Handshake, variant, options, ready, new game, ready.
        assert_eq!(
            l[..7],
            [
                "uci",
                "setoption name UCI_Variant value kaissa",
                "setoption name Hash value 16",
                "setoption name Move Overhead value 0",
                "isready",
                "ucinewgame",
                "isready",
            ],
            "{path}: {l:?}"
        );
        assert_eq!(l.last().map(String::as_str), Some("quit"), "{path}");
        // Then `position` + `go` for each of its moves, with the whole history.
        let body = &l[7..l.len() - 1];
        let turns: Vec<usize> = (first..moves.len()).step_by(2).collect();
        assert_eq!(body.len(), 2 * turns.len(), "{path}: {l:?}");
        for (k, &n) in turns.iter().enumerate() {
            let want = if n == 0 {
                format!("position fen {fen}")
            } else {
                format!("position fen {fen} moves {}", moves[..n].join(" "))
            };
            assert_eq!(body[2 * k], want, "{path}");
            let go = &body[2 * k + 1];
            assert!(
                go.starts_with("go wtime ") && go.ends_with(" winc 100 binc 100"),
                "{go}"
            );
            let (w, b) = clocks(go);
            // Each side's clock: 1000 ms, less the time taken, plus 100 ms a move.
            let made = [n.div_ceil(2), n / 2];
            for (t, m) in [(w, made[0]), (b, made[1])] {
                assert!(t <= 1000 + 100 * m as u64, "{go} after {n} plies");
                assert!(
                    t + 300 >= 1000 + 100 * m as u64,
                    "{go}: too much time charged"
                );
            }
        }
        if first == 0 {
            assert_eq!(body[1], "go wtime 1000 btime 1000 winc 100 binc 100");
        }
    }
}

/// `kaissa --variants FILE match --variant NAME`: a game defined in a file, here kaissa with
/// a 10-ply rule. The engines load it (VariantPath), the arbiter applies its rules, and
/// `--check-pgn` needs the file as well.
#[test]
fn a_variant_from_a_file() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("variants");
    let show = kaissa(&["variants", "--show", "kaissa"]).ok().stdout;
    assert!(show.contains("name = \"kaissa\"") && show.contains("ply_limit = 100"));
    let def = show
        .replace("name = \"kaissa\"", "name = \"kaissa10\"")
        .replace("ply_limit = 100", "ply_limit = 10");
    let file = dir.write("kaissa10.toml", &def);
    // One line ends by the 10-ply rule in the opening, one is played by the real engines.
    let openings = dir.write(
        "openings.txt",
        &format!(
            "{} moves c4c5 h7h6 c5d5 h6h5\n{}\n",
            riders_fen(6),
            riders_fen(6)
        ),
    );
    let pgn = dir.file("games.pgn");
    let (a, b) = (real("a", ""), real("b", ""));
    let run = kaissa(&[
        "--variants",
        &file,
        "match",
        "--variant",
        "kaissa10",
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "4",
        "--depth",
        "2",
        "--concurrency",
        "2",
        "--openings",
        &openings,
        "--pgn",
        &pgn,
    ])
    .ok();
    let mut games = read_pgn(&pgn);
    check_tags(&games);
    assert_eq!(games.len(), 4, "{run}");
    games.sort_by_key(|g| g.tag("Round").and_then(|r| r.parse::<usize>().ok()));
    for g in &games {
        assert_eq!(g.tag("Variant"), Some("kaissa10"));
        let reason = g.reason.as_deref().unwrap_or("");
        for forfeit in ["illegal", "crashed", "time", "failed"] {
            assert!(!reason.contains(forfeit), "{g:?}\n{run}");
        }
    }
    for g in &games[..2] {
        assert_eq!(
            (g.result.as_str(), g.reason.as_deref()),
            (
                "1/2-1/2",
                Some("draw by the 10-ply rule: no capture, Spearman move or placement")
            ),
            "{g:?}"
        );
    }
    // Checked with the file; without it the variant is unknown.
    let check = kaissa(&["--variants", &file, "match", "--check-pgn", &pgn]).ok();
    assert!(check.stdout.contains("4 games"), "{check}");
    let e = kaissa_match(&["--check-pgn", &pgn]).error_line();
    assert!(e.contains("unknown variant \"kaissa10\""), "{e}");
}

/// A game in each engine's words: the arbiter's TOML and, for an engine that reads another
/// format (Fairy-Stockfish's .ini), its own file. Returns (toml, ini).
fn merchants_first(dir: &TempDir) -> (String, String) {
    let toml = dir.write(
        "merchants-first.toml",
        "[[variant]]\nname = \"merchants-first\"\nparent = \"merchants\"\n\
         description = \"Merchants; the Home Stone placed on the third rank on the first turn\"\n\
         drops = [{ piece = \"H\", ranks = \"3\", window = [1, 1], deadline = true }]\n",
    );
    let ini = dir.write(
        "merchants-first.ini",
        "# the same game in the fake's own format\n[merchants-first]\nmaxRank = 10\n",
    );
    (toml, ini)
}

/// The lines a fake engine logged.
fn logged(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .expect("the fake wrote its log")
        .lines()
        .map(String::from)
        .collect()
}

/// `kaissa --variants TOML match --variant merchants-first` at depth 1 between the real
/// engine (first) and `other`, `games` games, written to `pgn`.
fn merchants_first_match(toml: &str, other: &str, games: &str, pgn: &str) -> Run {
    let kaissa_engine = real("kaissa", "");
    kaissa(&[
        "--variants",
        toml,
        "match",
        "--variant",
        "merchants-first",
        "--engine",
        &kaissa_engine,
        "--engine",
        other,
        "--games",
        games,
        "--depth",
        "1",
        "--pgn",
        pgn,
    ])
}

/// An engine that needs its own variants file (like Fairy-Stockfish, which knows only chess
/// until it loads one) gets its `option.VariantPath` instead of the arbiter's file, before
/// `UCI_Variant`; since it loads the file without announcing the new games, the arbiter asks
/// for its list again with a second `uci`. Its other options follow the game.
#[test]
fn an_engine_with_its_own_variants_file() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("own-variants");
    let (toml, ini) = merchants_first(&dir);
    let log = dir.file("own.log");
    let pgn = dir.file("games.pgn");
    let own = format!(
        "{} option.Use NNUE=false option.VariantPath={ini} option.Hash=16",
        fake("own_variants", &["--log", &log], "own")
    );
    // kaissa plays first; the fake answers `bestmove (none)` and forfeits: the game is
    // played, so both engines started on the game.
    let run = merchants_first_match(&toml, &own, "1", &pgn).ok();
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 1, "{run}");
    assert_eq!(games[0].tag("Variant"), Some("merchants-first"));
    assert!(
        games[0]
            .reason
            .as_deref()
            .is_some_and(|r| r.ends_with(" played an illegal move: (none)")),
        "{run}"
    );
    let l = logged(&log);
    assert_eq!(
        l[..6],
        [
            "uci".to_string(),
            format!("setoption name VariantPath value {ini}"),
            "uci".to_string(),
            "setoption name UCI_Variant value merchants-first".to_string(),
            "setoption name Use NNUE value false".to_string(),
            "setoption name Hash value 16".to_string(),
        ],
        "{l:?}"
    );
    assert_eq!(l[6], "isready", "{l:?}");
    assert!(!l.iter().any(|x| x.contains(&toml)), "{l:?}");
}

/// An engine whose UCI_Variant list lacks the game, even after loading the arbiter's file
/// (which it cannot read), is refused with one line before any game; so is an engine with no
/// UCI_Variant option at all (a plain chess engine).
#[test]
fn an_engine_without_the_game_is_refused() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("refused-variant");
    let (toml, _) = merchants_first(&dir);
    let pgn = dir.file("games.pgn");
    let own = fake("own_variants", &[], "own");
    let run = merchants_first_match(&toml, &own, "2", &pgn);
    let line = run.error_line();
    assert_eq!(
        line,
        format!(
            "error: engine own cannot play merchants-first: its UCI_Variant option offers \
             chess after loading VariantPath {toml}; give it the game with \
             option.VariantPath=FILE in its --engine spec"
        ),
        "{run}"
    );
    assert!(std::fs::read_to_string(&pgn).unwrap_or_default().is_empty());

    let plain = fake("own_variants", &["--plain"], "plain");
    let kaissa_engine = real("kaissa", "");
    let run = kaissa_match(&[
        "--engine",
        &kaissa_engine,
        "--engine",
        &plain,
        "--games",
        "2",
        "--depth",
        "1",
    ]);
    let line = run.error_line();
    assert_eq!(
        line,
        "error: engine plain cannot play kaissa: it has no UCI_Variant option, so it plays \
         chess only",
        "{run}"
    );
}
