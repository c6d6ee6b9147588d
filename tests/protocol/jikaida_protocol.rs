//! Jikaida through the binary: UCI play, errors and board sizes, `perft`, `analyse`, a `match`
//! the arbiter adjudicates, and the refusal in XBoard mode.

use crate::session;

use session::session;
use std::process::Command;

#[test]
fn uci_plays_jikaida_and_reports_errors() {
    let _g = crate::serial::shared();
    let out = session(
        "uci\nsetoption name UCI_Variant value jikaida\nisready\n\
         position startpos moves c3c6 c16c14 h1f1\nd\n\
         position startpos moves a2a4\n\
         position fen 12/12 y - 1\n\
         position fen 11k/12/12/12/12/12/12/12/12/12/12/12/12/cc10/12/11S'/12/K11 y - 1\nd\n\
         position fen k11/12/12/12/12/12/12/12/12/2C9/3C8/12/12/12/12/11s'/12/11K y - 1\n\
         go depth 5\nisready\nquit\n",
    );
    assert!(out.contains(" var jikaida"), "{out}");
    assert!(out.contains(" var porondwa"), "{out}");
    // The Fluttember h1f1 swapped King and Kapt; the Swods that moved carry a '.
    assert!(
        out.contains(
            "Fen: cjhapkannhjc/dddddddddddd/ss1sssssssss/12/2s'9/12/12/12/12/12/12/12/2S'9/12/12/SS1SSSSSSSSS/DDDDDDDDDDDD/CJHNNKPAAHJC b k 2"
        ),
        "{out}"
    );
    assert!(
        out.contains("info string error: illegal or malformed move: a2a4"),
        "{out}"
    );
    assert!(out.contains("info string error: bad FEN:"), "{out}");
    assert!(out.contains("score mate 2"), "{out}");
}

#[test]
fn uci_sets_up_a_larger_board_from_a_fen() {
    let _g = crate::serial::shared();
    let out = session(
        "uci\nsetoption name UCI_Variant value jikaida\n\
         position fen 1n3a2kp7c/4d'13/6s5s5/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/6S5S5/4D'13/CN3A2KP8 y - 1\n\
         d\ngo depth 2\nisready\nposition startpos\nd\nquit\n",
    );
    assert!(out.contains(" 24 "), "the 24th rank is shown: {out}");
    assert!(out.contains("bestmove "), "{out}");
    assert!(!out.contains("error"), "{out}");
    assert!(
        out.contains("Fen: cjhapkannhjc/dddddddddddd/ssssssssssss/12/"),
        "back on 12 x 18: {out}"
    );
}

#[test]
fn perft_command_counts_jikaida() {
    let _g = crate::serial::shared();
    let out = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args(["perft", "--variant", "jikaida", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Nodes searched: 19044"), "{text}");
    for variant in ["jikaida-swods", "porondwa"] {
        let out = Command::new(env!("CARGO_BIN_EXE_kaissa"))
            .args(["perft", "--variant", variant, "2"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("Nodes searched: 22801"), "{variant}: {text}");
    }
    // Jikshiv's 24 x 36 (864 cells, the widest bitboard). By hand: the moved Deldar l18 at a
    // drin corner has 2 squares in each of 8 directions (crossing on the first step), the King
    // x1 has 3: 19; Blue answers each with 3 King moves and 2 Swod steps: 95.
    let jikshiv = format!(
        "k23/{}s'23/{}11D'12/{}23K y - 1",
        "24/".repeat(5),
        "24/".repeat(11),
        "24/".repeat(16)
    );
    let out = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args(["perft", "--variant", "jikaida", "--fen", &jikshiv, "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Nodes searched: 95"), "{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args(["perft", "--variant", "jikaida", "--fen", "7/7 y", "2"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("bad FEN"));
}

#[test]
fn analyse_reads_jikaida_positions() {
    let _g = crate::serial::shared();
    let dir = std::env::temp_dir().join(format!("kaissa-jikaida-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("positions.fen");
    std::fs::write(
        &path,
        "cjhapkannhjc/dddddddddddd/1sss2sssss1/3s'8/2s'4s'4/8s'3/12/12/12/12/12/12/12/12/3S'6P1/SS1SSSSSSSSS/DDDDDDDDDDDD/CJHNNACKAH2 y Kk 5\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args(["analyse", "--variant", "jikaida", "--depth", "3", "--quiet"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("mate 1"), "{text}");
}

#[test]
fn match_arbitrates_jikaida_games() {
    let _g = crate::serial::shared();
    let dir = std::env::temp_dir().join(format!("kaissa-jikaida-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let exe = env!("CARGO_BIN_EXE_kaissa");
    let out = Command::new(exe)
        .args([
            "match",
            "--variant",
            "jikaida",
            "--games",
            "2",
            "--depth",
            "1",
        ])
        .args(["--concurrency", "2", "--random-plies", "4"])
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
    assert_eq!(text.matches("[Variant \"jikaida\"]").count(), 2, "{text}");
    assert!(!text.contains("illegal"), "{text}");
    assert!(!text.contains("Red"), "players are Yellow and Blue: {text}");
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
fn xboard_mode_refuses_jikaida_and_keeps_its_game() {
    let _g = crate::serial::shared();
    let out = session("xboard\nprotover 2\nvariant jikaida\nnew\nping 1\nquit\n");
    let features = out.lines().find(|l| l.contains("variants=")).unwrap();
    assert!(!features.contains("jikaida"), "{features}");
    assert!(
        out.contains("Error (jikaida cannot be played through XBoard: its board has 18 ranks"),
        "{out}"
    );
    assert!(out.contains("pong 1"), "{out}");
}
