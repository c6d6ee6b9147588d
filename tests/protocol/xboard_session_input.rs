//! Integration tests of the XBoard (CECP v2) mode: each test starts the built `kaissa` binary
//! with piped stdin/stdout and scripts a whole session the way XBoard does, reading the replies
//! line by line with timeouts, so a hung engine fails the test instead of hanging CI.
//!
//! Covered here: malformed input, each line answered by one `Error (...)` or
//! `Illegal move (...)` line while the position stays (illegal and malformed moves, malformed
//! commands, invalid UTF-8, `undo`/`remove` with nothing to take back); and a seeded stream of
//! random commands, arguments and raw bytes after which the engine still plays.

use crate::xboard_session_common;
use crate::xorshift;

use xboard_session_common::{Session, is_gui_move};
use xorshift::Rng;

#[test]
fn illegal_and_malformed_moves_keep_the_position() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    let start = s.fen();
    for (mv, why) in [
        ("e1e5", "not legal in this position"),
        ("e0e1", "not legal in this position"),
        ("H@e0", "not legal in this position"),
        ("e1e2q", "this move does not promote"),
        ("e1e", "not a move in coordinate notation"),
        ("k1k2", "square off the board"),
        ("e1e10", "square off the board"),
        ("@@@@", "not a move in coordinate notation"),
        ("e1e2,e2e3", "not a move in coordinate notation"),
    ] {
        let out = s.ask(&format!("usermove {mv}"));
        assert_eq!(out, [format!("Illegal move ({why}): {mv}")]);
    }
    assert_eq!(s.fen(), start);
    // A promotion without its piece names the choices.
    s.ask("setboard 4h5/2P7/10/10/10/10/10/10/10/4H5[] w - - 0 20");
    let out = s.ask("usermove c8c9");
    assert_eq!(out, ["Illegal move (promotion needs one of: t r): c8c9"]);
    assert!(s.ask("usermove c8c9r").is_empty());
    assert!(s.fen().starts_with("2R1h5/"), "{}", s.fen());
}

#[test]
fn malformed_commands_get_one_error_each_and_change_nothing() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.new_game("gc");
    s.ask("usermove e1e3");
    let before = s.fen();
    let long = "x".repeat(5000);
    for line in [
        "frobnicate",
        "level",
        "level 40 5",
        "level a 5 0",
        "level 0 5:xx 0",
        "level 0 -1 0",
        "st",
        "st -3",
        "st 0",
        "sd",
        "sd zero",
        "sd 0",
        "time",
        "time soon",
        "otim 1.5",
        "usermove",
        "usermove e1e3 e8e6",
        "setboard",
        "setboard not a fen",
        "setboard 10/10/10 w - - 0 1",
        "setboard ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] x - - 0 1",
        "setboard ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBQ[Hh] w - - 0 1",
        "variant",
        "variant chess",
        "variant kaissa extra",
        "lift",
        "lift q",
        "lift e99",
        "lift HH@",
        "memory lots",
        "cores -1",
        "protover two",
        "option Nonsense=1",
        "option RuleOptions=no_such_rule",
        "undo now",
        "new game",
        "go fast",
        "ünïcödé ☃",
        long.as_str(),
    ] {
        let out = s.ask(line);
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(
            out[0].starts_with("Error (") && out[0].contains("): "),
            "{line}: {out:?}"
        );
        assert!(
            out[0].ends_with(line),
            "the error names the command: {out:?}"
        );
    }
    assert_eq!(s.fen(), before);
    // Empty lines are skipped; invalid UTF-8 is reported.
    s.send("");
    s.send("   ");
    s.send_bytes(b"\xff\xfe usermove\n");
    let out = s.sync();
    assert_eq!(out, ["Error (input line is not valid UTF-8): input"]);
    // Nothing to take back after a new game.
    s.new_game("gc");
    assert_eq!(
        s.ask("undo"),
        ["Error (command not legal now: no move to take back): undo"]
    );
    s.ask("usermove e1e3");
    assert_eq!(
        s.ask("remove"),
        ["Error (command not legal now: no move to take back): remove"]
    );
    assert_eq!(s.fen(), before);
}

#[test]
fn random_input_never_kills_the_engine() {
    let _g = crate::serial::shared();
    let commands = [
        "new",
        "variant",
        "force",
        "go",
        "playother",
        "usermove",
        "level",
        "st",
        "sd",
        "time",
        "otim",
        "setboard",
        "undo",
        "remove",
        "result",
        "ping",
        "post",
        "nopost",
        "hard",
        "easy",
        "memory",
        "cores",
        "lift",
        "put",
        "hover",
        "analyze",
        "exit",
        "option",
        "?",
        "d",
        "e1e3",
        "H@e0",
        "protover",
        "accepted",
        "rejected",
        "computer",
        "random",
        "name",
        "xboard",
        "",
    ];
    let args = [
        "",
        "0",
        "1",
        "-1",
        "99999999999999999999999",
        "0:30",
        "1.5",
        "e0",
        "j9",
        "l6",
        "_3",
        "H@",
        "e1e3",
        "e0e9",
        "c8c9t",
        "H@e0",
        "kaissa",
        "gorean",
        "nosuch",
        "10x10+10_gc",
        "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh]",
        "w",
        "b",
        "-",
        "KQkq",
        "1-0",
        "{x}",
        "RuleOptions=seven_turn_window",
        "@",
        "[",
        "]",
        "/",
        "é",
        "\t",
    ];
    let (mut s, _) = Session::start();
    s.send("sd 1");
    let mut rng = Rng::from_state(0x2545_f491_4f6c_dd1d);
    for _ in 0..1500 {
        let mut line = commands[rng.below(commands.len())].to_string();
        for _ in 0..rng.next() % 4 {
            line.push(' ');
            line.push_str(args[rng.below(args.len())]);
        }
        if line.trim() == "quit" {
            continue;
        }
        s.send(&line);
        if rng.next().is_multiple_of(50) {
            s.sync();
        }
    }
    // Raw bytes, including invalid UTF-8 and control characters.
    for _ in 0..200 {
        let n = rng.next() % 40;
        let mut bytes: Vec<u8> = (0..n).map(|_| (rng.next() % 256) as u8).collect();
        bytes.retain(|b| *b != b'\n' && *b != b'\r');
        bytes.push(b'\n');
        s.send_bytes(&bytes);
    }
    s.send("force");
    s.sync();
    // Still alive and still playing.
    s.new_game("kaissa");
    s.send("sd 2");
    s.send("go");
    let (mv, _) = s.engine_move();
    assert!(is_gui_move(&mv), "{mv}");
}
