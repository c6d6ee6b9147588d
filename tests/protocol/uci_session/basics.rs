//! The handshake, options, positions, display, perft, variants files and the end of a session.

use super::harness::{KAISSA_START, REPLY, Reference, Rng, Uci};
use crate::serial::shared;
use std::collections::BTreeMap;
use std::time::Duration;

const VARIANTS: [&str; 5] = ["merchants", "northern", "gc", "gorean", "kaissa"];

/// An `option` line split into its name and the `key value` words after `type`.
struct OptionLine {
    kind: String,
    default: Option<String>,
    min: Option<i64>,
    max: Option<i64>,
    vars: Vec<String>,
}

fn parse_option(line: &str) -> (String, OptionLine) {
    let rest = line
        .strip_prefix("option name ")
        .unwrap_or_else(|| panic!("not an option line: {line:?}"));
    let (name, tail) = rest
        .split_once(" type ")
        .unwrap_or_else(|| panic!("option line without type: {line:?}"));
    let words: Vec<&str> = tail.split_whitespace().collect();
    let mut o = OptionLine {
        kind: words[0].to_string(),
        default: None,
        min: None,
        max: None,
        vars: Vec::new(),
    };
    let mut i = 1;
    while i < words.len() {
        let v = words.get(i + 1).map(|s| s.to_string());
        match words[i] {
            "default" => o.default = v,
            "min" => o.min = v.and_then(|s| s.parse().ok()),
            "max" => o.max = v.and_then(|s| s.parse().ok()),
            "var" => o.vars.extend(v),
            other => panic!("unexpected word {other:?} in {line:?}"),
        }
        i += 2;
    }
    (name.to_string(), o)
}

#[test]
fn handshake_lists_id_and_options_then_uciok() {
    let _g = shared();
    let (mut e, lines) = Uci::start("handshake");
    assert!(
        lines[0].starts_with("id name kaissa"),
        "first line {:?}",
        lines[0]
    );
    assert!(lines[1].starts_with("id author "), "{:?}", lines[1]);
    assert_eq!(lines.last().unwrap(), "uciok");
    let mut opts = BTreeMap::new();
    for l in &lines[2..lines.len() - 1] {
        let (name, o) = parse_option(l);
        assert!(
            opts.insert(name.clone(), o).is_none(),
            "{name} listed twice"
        );
    }
    let want = [
        ("UCI_Variant", "combo"),
        ("VariantPath", "string"),
        ("RuleOptions", "string"),
        ("Hash", "spin"),
        ("Clear Hash", "button"),
        ("Threads", "spin"),
        ("MultiPV", "spin"),
        ("Move Overhead", "spin"),
        ("Ponder", "check"),
        ("Skill Level", "spin"),
        ("UCI_LimitStrength", "check"),
        ("UCI_Elo", "spin"),
    ];
    for (name, kind) in want {
        let o = opts
            .get(name)
            .unwrap_or_else(|| panic!("option {name} missing from {lines:?}"));
        assert_eq!(o.kind, kind, "type of {name}");
        if kind == "spin" {
            let d: i64 = o.default.as_deref().unwrap().parse().unwrap();
            let (min, max) = (o.min.unwrap(), o.max.unwrap());
            assert!(min <= d && d <= max, "{name}: {min} <= {d} <= {max}");
        }
    }
    let v = &opts["UCI_Variant"];
    assert_eq!(v.default.as_deref(), Some("kaissa"));
    for name in VARIANTS {
        assert!(
            v.vars.iter().any(|x| x == name),
            "var {name} in {:?}",
            v.vars
        );
    }
    assert_eq!(opts["Ponder"].default.as_deref(), Some("false"));
    assert_eq!(opts["MultiPV"].default.as_deref(), Some("1"));
    assert_eq!(opts["Threads"].default.as_deref(), Some("1"));
    // isready answers readyok and nothing else; so does it twice in a row.
    assert_eq!(e.sync(), Vec::<String>::new());
    e.send("isready");
    e.send("isready");
    assert_eq!(e.until(|l| l == "readyok", REPLY), vec!["readyok"]);
    assert_eq!(e.until(|l| l == "readyok", REPLY), vec!["readyok"]);
    // A second `uci` repeats the handshake.
    e.send("uci");
    assert_eq!(e.until(|l| l == "uciok", REPLY), lines);
    e.quit();
}

#[test]
fn uci_variant_announces_each_game_and_sets_its_start_position() {
    let _g = shared();
    let mut e = Uci::ready("variants");
    assert_eq!(e.fen(), KAISSA_START);
    for name in VARIANTS {
        let start = Reference::new(name, &[]).fen();
        let reply = e.ask(&format!("setoption name UCI_Variant value {name}"));
        assert_eq!(
            reply,
            vec![format!(
                "info string variant {name} files 10 ranks 10 pocket 1 template {name} startpos {start}"
            )]
        );
        assert_eq!(e.fen(), start, "{name}");
    }
    // The brief's example, spelled out.
    let reply = e.ask("setoption name UCI_Variant value gorean");
    assert!(
        reply[0].starts_with("info string variant gorean files 10 ranks 10 "),
        "{reply:?}"
    );
    // An unknown game is refused and changes nothing.
    e.send("position startpos moves e2e4");
    let before = e.fen();
    let err = e.expect_error("setoption name UCI_Variant value chess");
    assert!(err.contains("chess"), "{err}");
    assert_eq!(e.fen(), before);
    e.send("d");
    let d = e.until(|l| l.starts_with("Variant: "), REPLY);
    assert_eq!(d.last().unwrap(), "Variant: gorean");
    // Option names are not case-sensitive.
    let reply = e.ask("setoption name uci_variant value merchants");
    assert!(
        reply[0].starts_with("info string variant merchants "),
        "{reply:?}"
    );
    e.quit();
}

#[test]
fn rule_options_switch_readings_on_and_off() {
    let _g = shared();
    let mut e = Uci::ready("rule options");
    e.ask("setoption name UCI_Variant value gorean");
    // Yellow's 7th turn, Home Stone in hand, f1 free: with the 7-turn window only H@f1 is legal.
    let fen = "ibstuatsbi/mrpppppprm/10/10/10/10/10/5U4/MRPPPPPPRM/IBSTA1TSBI[Hh] w - - 0 7";
    let count = |e: &mut Uci| -> u64 {
        e.send("perft 1");
        let lines = e.until(|l| l.starts_with("Nodes/second"), REPLY);
        let n = lines
            .iter()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .unwrap();
        n.parse().unwrap()
    };
    let reply = e.ask("setoption name RuleOptions value seven_turn_window");
    assert_eq!(reply.len(), 1, "{reply:?}");
    assert!(
        reply[0].starts_with("info string variant gorean "),
        "{reply:?}"
    );
    e.send(&format!("position fen {fen}"));
    assert_eq!(count(&mut e), 1);
    let mut r = Reference::new("gorean", &["seven_turn_window"]);
    r.set(Some(fen), &[]);
    assert_eq!(r.legal(), vec!["H@f1".to_string()]);
    // Back to the default reading (window 1-10): many moves.
    e.ask("setoption name RuleOptions value <empty>");
    e.send(&format!("position fen {fen}"));
    let mut r = Reference::new("gorean", &[]);
    r.set(Some(fen), &[]);
    assert_eq!(count(&mut e), r.legal().len() as u64);
    assert!(r.legal().len() > 1);
    // Both options at once, comma- or space-separated.
    let reply = e.ask("setoption name RuleOptions value seven_turn_window,flight_captures_only");
    assert!(
        reply[0].starts_with("info string variant gorean "),
        "{reply:?}"
    );
    // An unknown option is refused; the position stays.
    e.send(&format!("position fen {fen}"));
    e.expect_error("setoption name RuleOptions value no_such_rule");
    assert_eq!(e.fen(), r.fen());
    e.quit();
}

#[test]
fn engine_options_accept_good_values_and_refuse_bad_ones() {
    let _g = shared();
    let mut e = Uci::ready("options");
    for good in [
        "setoption name Hash value 16",
        "setoption name Hash value 1",
        "setoption name Clear Hash",
        "setoption name Threads value 2",
        "setoption name Threads value 1",
        "setoption name MultiPV value 3",
        "setoption name MultiPV value 1",
        "setoption name Move Overhead value 100",
        "setoption name Move Overhead value 0",
        "setoption name Ponder value true",
        "setoption name Ponder value false",
        "setoption name VariantPath value <empty>",
        "setoption name VariantPath value",
    ] {
        assert_eq!(e.ask(good), Vec::<String>::new(), "{good}");
    }
    // RuleOptions rebuilds the game and announces it again.
    let reply = e.ask("setoption name RuleOptions value");
    assert_eq!(reply.len(), 1, "{reply:?}");
    assert!(
        reply[0].starts_with("info string variant kaissa "),
        "{reply:?}"
    );
    for bad in [
        "setoption name Hash value 0",
        "setoption name Hash value 65537",
        "setoption name Hash value -1",
        "setoption name Hash value big",
        "setoption name Threads value 0",
        "setoption name Threads value 257",
        "setoption name MultiPV value 0",
        "setoption name Move Overhead value 5001",
        "setoption name Ponder value yes",
        "setoption name Hash",
        "setoption name NoSuchOption value 1",
        "setoption Hash value 16",
        "setoption",
    ] {
        e.expect_error(bad);
    }
    // Still works after all that.
    e.send("go depth 2");
    let (_, best) = e.bestmove(REPLY);
    let r = Reference::new("kaissa", &[]);
    let (mv, _) = super::harness::parse_bestmove(&best);
    assert!(r.is_legal(&mv), "{best}");
    e.quit();
}

/// Plays a seeded random game with the library and returns its moves.
fn random_game(variant: &str, rng: &mut Rng, plies: usize) -> Vec<String> {
    let mut r = Reference::new(variant, &[]);
    let mut moves = Vec::new();
    for _ in 0..plies {
        if r.outcome().is_some() {
            break;
        }
        let legal = r.legal();
        if legal.is_empty() {
            break;
        }
        let mv = rng.pick(&legal).clone();
        r.play(&mv);
        moves.push(mv);
    }
    moves
}

#[test]
fn position_startpos_and_fen_with_moves_match_the_library() {
    let _g = shared();
    let mut e = Uci::ready("positions");
    let mut rng = Rng::new(0x5EED_0001);
    for variant in VARIANTS {
        e.ask(&format!("setoption name UCI_Variant value {variant}"));
        for game in 0..3 {
            let moves = random_game(variant, &mut rng, 40 + 30 * game);
            let all: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
            // The whole game from the start position.
            e.send(&format!("position startpos moves {}", all.join(" ")));
            let mut r = Reference::new(variant, &[]);
            r.set(None, &all);
            let end_fen = r.fen();
            assert_eq!(e.fen(), end_fen, "{variant} game {game}");
            // The same game split: a FEN from the middle plus the rest of the moves.
            let cut = all.len() / 2;
            r.set(None, &all[..cut]);
            let mid = r.fen();
            e.send(&format!(
                "position fen {mid} moves {}",
                all[cut..].join(" ")
            ));
            assert_eq!(e.fen(), end_fen, "{variant} game {game} from {mid}");
            // `position fen` alone, and `moves` with nothing after it.
            e.send(&format!("position fen {mid}"));
            assert_eq!(e.fen(), mid);
            e.send(&format!("position fen {mid} moves"));
            assert_eq!(e.fen(), mid);
        }
        e.send("position startpos");
        assert_eq!(e.fen(), Reference::new(variant, &[]).fen());
    }
    // A bad move anywhere in the list rejects the whole command and keeps the old position.
    e.ask("setoption name UCI_Variant value kaissa");
    e.send("position startpos moves e2e5 e9e6");
    let before = e.fen();
    let err = e.expect_error("position startpos moves e2e5 e9e6 e5e6");
    assert!(err.contains("e5e6"), "{err}");
    assert_eq!(e.fen(), before);
    e.expect_error("position fen not/a/fen w - - 0 1");
    e.expect_error("position");
    e.expect_error("position nowhere");
    assert_eq!(e.fen(), before);
    e.quit();
}

#[test]
fn d_shows_board_fen_key_and_variant_and_eval_matches_the_library() {
    let _g = shared();
    let mut e = Uci::ready("display");
    e.send("position startpos moves e2e5 e9e6");
    e.send("d");
    let lines = e.until(|l| l.starts_with("Variant: "), REPLY);
    assert_eq!(lines.len(), 14, "{lines:?}");
    for (i, row) in lines[..10].iter().enumerate() {
        let words: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(words[0], (10 - i).to_string(), "{row}");
        assert_eq!(words.len(), 11, "{row}");
    }
    assert_eq!(lines[10].trim(), "a b c d e f g h i j");
    let mut r = Reference::new("kaissa", &[]);
    r.set(None, &["e2e5", "e9e6"]);
    assert_eq!(lines[11], format!("Fen: {}", r.fen()));
    let key = lines[12].strip_prefix("Key: ").unwrap();
    assert_eq!(key, format!("{:016X}", r.engine.state().key()));
    assert_eq!(lines[13], "Variant: kaissa");
    // Row 4 from the top is rank 7... e6 holds Red's Spearman: rank 6 is lines[4].
    assert_eq!(lines[4].split_whitespace().nth(5), Some("p"));

    e.send("eval");
    let lines = e.until(|l| l.starts_with("Evaluation: "), REPLY);
    assert!(lines.len() >= 3, "{lines:?}");
    let total: i32 = lines
        .last()
        .unwrap()
        .strip_prefix("Evaluation: ")
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(total, r.engine.state().eval().1);
    e.quit();
}

/// Runs a perft command and returns its `move: count` rows and the total.
fn perft(e: &mut Uci, cmd: &str) -> (Vec<(String, u64)>, u64) {
    e.send(cmd);
    let lines = e.until(|l| l.starts_with("Nodes/second: "), Duration::from_secs(30));
    let n = lines.len();
    assert!(n >= 3, "{lines:?}");
    assert_eq!(lines[n - 3], "", "blank line before the totals: {lines:?}");
    let total: u64 = lines[n - 2]
        .strip_prefix("Nodes searched: ")
        .unwrap_or_else(|| panic!("{lines:?}"))
        .parse()
        .unwrap();
    let _: u64 = lines[n - 1]
        .strip_prefix("Nodes/second: ")
        .unwrap()
        .parse()
        .unwrap();
    let rows = lines[..n - 3]
        .iter()
        .map(|l| {
            let (m, c) = l.split_once(": ").unwrap_or_else(|| panic!("row {l:?}"));
            (m.to_string(), c.parse().unwrap())
        })
        .collect();
    (rows, total)
}

#[test]
fn perft_and_go_perft_divide_and_count() {
    let _g = shared();
    let mut e = Uci::ready("perft");
    e.ask("setoption name UCI_Variant value merchants");
    for cmd in ["go perft 2", "perft 2"] {
        let (rows, total) = perft(&mut e, cmd);
        assert_eq!(total, 1600, "{cmd}");
        assert_eq!(rows.len(), 40, "{cmd}");
        assert!(rows.iter().all(|(_, n)| *n == 40), "{rows:?}");
        assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), total);
    }
    // Other games and positions, against the library's divide.
    let mut rng = Rng::new(0x5EED_0002);
    for variant in ["kaissa", "gorean", "gc"] {
        e.ask(&format!("setoption name UCI_Variant value {variant}"));
        let moves = random_game(variant, &mut rng, 12);
        let all: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
        e.send(&format!("position startpos moves {}", all.join(" ")));
        let mut r = Reference::new(variant, &[]);
        r.set(None, &all);
        let want = r.engine.state_mut().divide(2);
        let (rows, total) = perft(&mut e, "go perft 2");
        assert_eq!(rows, want, "{variant} after {all:?}");
        assert_eq!(total, want.iter().map(|r| r.1).sum::<u64>());
        // perft does not change the position.
        assert_eq!(e.fen(), r.fen());
    }
    e.expect_error("perft 0");
    e.expect_error("perft");
    e.expect_error("go perft 13");
    e.expect_error("go perft x");
    e.quit();
}

/// A temporary directory removed on drop.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("kaissa-uci-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    fn file(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const TINY: &str = r#"
[[variant]]
name = "tinykaissa"
parent = "kaissa"
description = "Kaissa with only the Ubars and the Home Stones (a test game)"
start_fen = "4u5/10/10/10/10/10/10/10/10/4U5[Hh] w - - 0 1"
"#;

const SHORT: &str = r#"
[[variant]]
name = "shortmerchants"
parent = "merchants"
description = "Merchants Kaissa with a 10-ply no-progress rule (a test game)"

[variant.end]
capture_wins = ["H"]
no_moves = "draw"
ply_limit = 10
repetition = 3
"#;

#[test]
fn load_and_variant_path_add_games_that_can_be_selected() {
    let _g = shared();
    let dir = TempDir::new("load");
    let tiny = dir.file("tiny.toml", TINY);
    let short = dir.file("short.toml", SHORT);
    let broken = dir.file(
        "broken.toml",
        "[[variant]]\nname = \"x\"\nparent = \"nothing\"\n",
    );
    let mut e = Uci::ready("load");

    assert_eq!(
        e.ask(&format!("load {tiny}")),
        vec!["info string loaded variants tinykaissa".to_string()]
    );
    let mut r = Reference::new("kaissa", &[]);
    r.engine.load_variants(&tiny).unwrap();
    r.engine.set_variant("tinykaissa", &[]).unwrap();
    let reply = e.ask("setoption name UCI_Variant value tinykaissa");
    assert_eq!(
        reply,
        vec![format!(
            "info string variant tinykaissa files 10 ranks 10 pocket 1 template tinykaissa startpos {}",
            r.fen()
        )]
    );
    assert_eq!(r.fen(), "4u5/10/10/10/10/10/10/10/10/4U5[Hh] w - - 0 1");
    assert_eq!(e.fen(), r.fen());
    let (rows, total) = perft(&mut e, "perft 1");
    assert_eq!(total, 27, "the Ubar's queen moves from e1: {rows:?}");
    assert_eq!(total, r.legal().len() as u64);
    e.send("go depth 3");
    let (_, best) = e.bestmove(REPLY);
    let (mv, _) = super::harness::parse_bestmove(&best);
    assert!(r.is_legal(&mv), "{best}");

    // The same through the VariantPath option; the new game shows in the next handshake.
    assert_eq!(
        e.ask(&format!("setoption name VariantPath value {short}")),
        vec!["info string loaded variants shortmerchants".to_string()]
    );
    e.send("uci");
    let hs = e.until(|l| l == "uciok", REPLY);
    let combo = hs
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .unwrap();
    for v in ["tinykaissa", "shortmerchants", "merchants", "kaissa"] {
        assert!(combo.contains(&format!(" var {v}")), "{combo}");
    }
    let reply = e.ask("setoption name UCI_Variant value shortmerchants");
    assert!(
        reply[0].starts_with("info string variant shortmerchants files 10 ranks 10 "),
        "{reply:?}"
    );
    assert_eq!(e.fen(), Reference::new("merchants", &[]).fen());
    // Ten Rider moves without progress end the game by the file's 10-ply rule (merchants
    // places its Home Stone on turns 8-10 only, so no placement is due yet).
    let shuffle = [
        "b2b3", "i9i8", "b3b4", "i8i7", "b4b5", "i7i6", "b5b6", "i6i5", "b6b7", "i5i4",
    ];
    let mut r = Reference::new("kaissa", &[]);
    r.engine.load_variants(&short).unwrap();
    r.engine.set_variant("shortmerchants", &[]).unwrap();
    r.set(None, &shuffle[..9]);
    assert_eq!(r.outcome(), None);
    e.send(&format!(
        "position startpos moves {}",
        shuffle[..9].join(" ")
    ));
    e.send("go depth 2");
    let (_, best) = e.bestmove(REPLY);
    let (mv, _) = super::harness::parse_bestmove(&best);
    assert!(r.is_legal(&mv), "{best}");
    r.set(None, &shuffle);
    assert_eq!(
        r.outcome(),
        Some(kaissa::core::outcome::Outcome::Draw(
            kaissa::core::outcome::DrawReason::PlyLimit
        ))
    );
    e.send(&format!("position startpos moves {}", shuffle.join(" ")));
    e.send("go depth 2");
    let (before, best) = e.bestmove(REPLY);
    assert_eq!(best, "bestmove (none)");
    assert_eq!(before, vec!["info depth 0 score cp 0".to_string()]);

    // Bad files are refused with one line and change nothing.
    let fen = e.fen();
    e.expect_error(&format!("load {broken}"));
    e.expect_error(&format!("load {}", dir.0.join("missing.toml").display()));
    e.expect_error("load");
    e.expect_error(&format!("setoption name VariantPath value {broken}"));
    e.expect_error("setoption name UCI_Variant value x");
    assert_eq!(e.fen(), fen);
    e.quit();
}

/// `kaissa --variants FILE` in protocol mode, as a GUI's engine command line gives it: the
/// file's games are loaded before the first command, so the handshake's UCI_Variant list has
/// them and they can be selected and played at once. A bad file stops the engine with one
/// `error:` line and status 1.
#[test]
fn variants_from_the_command_line() {
    let _g = shared();
    let dir = TempDir::new("cmdline");
    let short = dir.file("short.toml", SHORT);
    let mut e = Uci::spawn_with("cmdline", &["--variants", &short]);
    e.send("uci");
    let combo = e
        .until(|l| l == "uciok", REPLY)
        .into_iter()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .unwrap_or_default();
    let offered: Vec<&str> = combo.split(" var ").skip(1).collect();
    let mut want = Reference::new("kaissa", &[]).engine.registry().names();
    want.push("shortmerchants".to_string());
    assert_eq!(offered, want, "{combo}");
    assert!(combo.contains(" default kaissa var "), "{combo}");
    let announced = e
        .ask("setoption name UCI_Variant value shortmerchants")
        .join("\n");
    assert!(
        announced.starts_with("info string variant shortmerchants files 10 "),
        "{announced}"
    );
    // The file's 10-ply rule is the one played: ten Rider moves end the game.
    e.send("position startpos moves b2b3 i9i8 b3b4 i8i7 b4b5 i7i6 b5b6 i6i5 b6b7 i5i4");
    e.send("go depth 2");
    assert_eq!(e.bestmove(REPLY).1, "bestmove (none)");
    e.quit();

    let broken = dir.file(
        "broken.toml",
        "[[variant]]\nname = \"x\"\nparent = \"nothing\"\n",
    );
    let mut e = Uci::spawn_with("cmdline-broken", &["--variants", &broken]);
    let status = e.wait_exit(REPLY);
    assert_eq!(status.code(), Some(1), "{}", e.stderr());
    let err = e.stderr();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].starts_with("error: "), "{err}");
}

#[test]
fn ucinewgame_returns_to_the_start_of_the_current_game() {
    let _g = shared();
    let mut e = Uci::ready("ucinewgame");
    e.ask("setoption name UCI_Variant value gorean");
    e.send("position startpos moves e2e3 e9e8");
    e.send("go depth 3");
    e.bestmove(REPLY);
    assert_eq!(e.ask("ucinewgame"), Vec::<String>::new());
    assert_eq!(e.fen(), Reference::new("gorean", &[]).fen());
    e.send("d");
    let d = e.until(|l| l.starts_with("Variant: "), REPLY);
    assert_eq!(d.last().unwrap(), "Variant: gorean");
    e.send("go depth 3");
    let (_, best) = e.bestmove(REPLY);
    let (mv, _) = super::harness::parse_bestmove(&best);
    assert!(Reference::new("gorean", &[]).is_legal(&mv), "{best}");
    e.quit();
}

#[test]
fn quit_exits_with_status_zero_even_while_searching() {
    let _g = shared();
    let e = Uci::ready("quit idle");
    e.quit();
    // quit as the very first command.
    let mut e = Uci::spawn("quit first");
    e.send("quit");
    assert_eq!(e.wait_exit(REPLY).code(), Some(0));
    e.assert_no_panic();
    // quit during an infinite search: exits promptly.
    let mut e = Uci::ready("quit searching");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let t = e.send("quit");
    assert_eq!(e.wait_exit(REPLY).code(), Some(0));
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    e.assert_no_panic();
}

#[test]
fn end_of_input_still_answers_the_running_search_and_exits_zero() {
    let _g = shared();
    let mut e = Uci::ready("eof depth");
    e.send("go depth 4");
    e.close_stdin();
    let (_, best) = e.bestmove(REPLY);
    let (mv, _) = super::harness::parse_bestmove(&best);
    assert!(Reference::new("kaissa", &[]).is_legal(&mv), "{best}");
    assert_eq!(e.wait_exit(REPLY).code(), Some(0));
    e.assert_no_panic();

    let mut e = Uci::ready("eof infinite");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    e.close_stdin();
    let (_, best) = e.bestmove(REPLY);
    assert!(best.starts_with("bestmove "), "{best}");
    assert_eq!(e.wait_exit(REPLY).code(), Some(0));
    e.assert_no_panic();

    // No command at all.
    let mut e = Uci::spawn("eof empty");
    e.close_stdin();
    assert_eq!(e.wait_exit(REPLY).code(), Some(0));
}
