//! Caïssa through the binary: UCI play and errors, `perft`, `analyse`, `match` with the
//! arbiter adjudicating a Caïssa game, and the refusal in XBoard mode.

use crate::session;

use session::session;
use std::process::Command;

#[test]
fn uci_plays_caissa_and_reports_errors() {
    let _g = crate::serial::shared();
    let out = session(
        "uci\nsetoption name UCI_Variant value caissa\nisready\n\
         position startpos moves d2c3 e5e4\nd\n\
         position startpos moves c2c4\n\
         position fen 7/3bqn1/4r2/7/2R4/1NQB3 w - 0\n\
         position fen 3q3/3b*2/2R1r2/5N1/7/2QB1n1/7 w - 6\ngo depth 4\nisready\nquit\n",
    );
    assert!(out.contains("option name UCI_Variant type combo default kaissa"));
    assert!(out.contains(" var caissa"), "{out}");
    // d2c3 exchanged the Bishop with its own Rook.
    assert!(
        out.contains("Fen: 7/3bqn1/7/4r2/2B4/1NQR3/7 w - 2"),
        "{out}"
    );
    assert!(
        out.contains("info string error: illegal move \"c2c4\""),
        "{out}"
    );
    assert!(
        out.contains("info string error: bad FEN: expected 7 ranks"),
        "{out}"
    );
    assert!(out.contains("score mate 1"), "{out}");
    assert!(out.contains("bestmove c5c7"), "{out}");
}

#[test]
fn uci_passes_and_reports_the_end() {
    let _g = crate::serial::shared();
    let out = session(
        "uci\nsetoption name UCI_Variant value caissa\n\
         position fen **1****/**2***/*2****/**2qB1/*1*1***/*N*Q1**/*4** b - 47\ngo depth 3\n\
         isready\nposition fen 7/3b***/2nN*qR/2r1*2/7/2*B3/3Q3 b - 19\ngo depth 3\nisready\nquit\n",
    );
    assert!(out.contains("bestmove 0000"), "{out}");
    assert!(out.contains("bestmove (none)"), "{out}");
}

#[test]
fn perft_command_counts_caissa() {
    let _g = crate::serial::shared();
    let out = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args(["perft", "--variant", "caissa", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Nodes searched: 16251"), "{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args(["perft", "--variant", "caissa", "--fen", "7/7 w", "2"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("bad FEN"));
}

#[test]
fn analyse_reads_caissa_positions() {
    let _g = crate::serial::shared();
    let dir = std::env::temp_dir().join(format!("kaissa-caissa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("positions.fen");
    std::fs::write(
        &path,
        "7/3bqn1/4r2/7/2R4/1NQB3/7 w - 0\n3q3/3b*2/2R1r2/5N1/7/2QB1n1/7 w - 6\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args(["analyse", "--variant", "caissa", "--depth", "4", "--quiet"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[1].contains("bestmove c5c7"), "{text}");
    assert!(lines[1].contains("mate 1"), "{text}");
}

#[test]
fn match_arbitrates_caissa_games() {
    let _g = crate::serial::shared();
    let dir = std::env::temp_dir().join(format!("kaissa-caissa-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let exe = env!("CARGO_BIN_EXE_kaissa");
    let out = Command::new(exe)
        .args([
            "match",
            "--variant",
            "caissa",
            "--games",
            "2",
            "--depth",
            "3",
        ])
        .args(["--concurrency", "2", "--random-plies", "2"])
        .arg("--engine")
        .arg(format!("cmd={exe} name=a"))
        .arg("--engine")
        .arg(format!("cmd={exe} name=b"))
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Variant \"caissa\"]").count(), 2, "{text}");
    // Every game ends by a Caïssa rule (no forfeits), in White/Black words.
    for reason in text
        .lines()
        .filter(|l| l.starts_with("[Termination") || l.contains("{"))
    {
        assert!(
            !reason.contains("illegal") && !reason.contains("Yellow"),
            "{reason}"
        );
    }
    let check = Command::new(exe)
        .args(["match", "--check-pgn"])
        .arg(&pgn)
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
}

#[test]
fn xboard_mode_refuses_caissa_and_keeps_its_game() {
    let _g = crate::serial::shared();
    let out =
        session("xboard\nprotover 2\nvariant caissa\nnew\nforce\nusermove e1e2\nping 1\nquit\n");
    let features = out.lines().find(|l| l.contains("variants=")).unwrap();
    assert!(!features.contains("caissa"), "{features}");
    assert!(
        out.contains("Error (caissa cannot be played through XBoard"),
        "{out}"
    );
    // Still the default kaissa game: XBoard's e1e2 (ranks from 0) is the Spearman step e2e3.
    assert!(out.contains("pong 1"), "{out}");
    assert!(!out.contains("Illegal move"), "{out}");
}
