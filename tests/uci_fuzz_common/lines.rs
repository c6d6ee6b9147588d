//! Hand-written lines the engine must each refuse with one `info string error:` line: unknown
//! commands, `position` garbage, bad FENs, truncated or out-of-range `go` parameters,
//! `setoption` with bad names and values, bad variants files, bytes that are not UTF-8, and
//! very long lines.

use super::TempDir;

/// Hand-written lines that must each be refused.
pub fn bad_lines(dir: &TempDir) -> Vec<Vec<u8>> {
    let mut v: Vec<String> = Vec::new();
    // Unknown commands.
    for s in [
        "foo",
        "xboard",
        "usermove e2e5",
        "new",
        "UCI",
        "Isready",
        "ISREADY",
        "go!",
        "positionstartpos",
        "set option name Hash value 1",
        "setoptions name Hash value 1",
        "\u{0}",
        "\u{7f}",
        "\u{1b}[2J",
        "ü",
        "日本語",
        "-",
        "1",
        "moves e2e5",
        "startpos",
        "fen ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    ] {
        v.push(s.to_string());
    }
    // `position` garbage.
    for s in [
        "position",
        "position startpos x",
        "position start",
        "position moves e2e5",
        "position startpos startpos",
        "position fen",
        "position fen moves e2e5",
        "position startpos fen",
        "position STARTPOS",
        "position startpos moves e2e5 e9e6 d1f4 e2e5",
        "position startpos moves e2e9",
        "position startpos moves H@e1",
        "position startpos moves H@e10",
        "position startpos moves e2e5 e2e5",
        "position startpos moves a1a1",
        "position startpos moves e2e5q",
        "position startpos moves e2e5t",
        "position startpos moves @",
        "position startpos moves H@",
        "position startpos moves H@z1",
        "position startpos moves Z@e3",
        "position startpos moves e2",
        "position startpos moves e2e",
        "position startpos moves e22e5",
        "position startpos moves e0e1",
        "position startpos moves e11e12",
        "position startpos moves k1k2",
        "position startpos moves 0000",
        "position startpos moves (none)",
        "position startpos moves e2e5 e9e6 d1f4 f4f4",
        "position startpos moves E2E5",
        "position startpos moves e2-e5",
        "position startpos moves e2e5,e9e6",
    ] {
        v.push(s.to_string());
    }
    // Bad FENs.
    let fens = [
        "x",
        "10/10 w - - 0 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM[Hh] w - - 0 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
        "ibstuatsbi/mrpppppprm/11/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
        "ibstuatsbi/mrpppppprm/9/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
        "ibstuatsbi/mrpppppprm/0/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
        "ibstuatsbi/mrpppppprm/99/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
        "ibstuatsbi/mrpppppprm/5k4/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
        "ibstuatsbi/mrpppppprm/5Q4/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Z] w - - 0 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh w - - 0 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] x - - 0 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] W - - 0 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - -1 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 0",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 -1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - x 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 99999999999999999999",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 99999999999999999999 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 z99",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 e5",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 - extra",
        "ibstuatsbi//10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
        "/////////[] w - - 0 1",
        "[] w - - 0 1",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 moves e2e9",
    ];
    for f in fens {
        v.push(format!("position fen {f}"));
    }
    // Truncated or out-of-range `go`.
    for s in [
        "go wtime",
        "go btime",
        "go winc",
        "go binc",
        "go movestogo",
        "go depth",
        "go nodes",
        "go movetime",
        "go mate",
        "go perft",
        "go depth -1",
        "go depth 99999999999999999999",
        "go depth 4294967296",
        "go depth 3.5",
        "go depth 1e3",
        "go depth +",
        "go depth three",
        "go nodes -5",
        "go nodes 18446744073709551616",
        "go nodes 1e5",
        "go movetime 1.5",
        "go movetime 99999999999999999999",
        "go wtime abc btime 100",
        "go wtime 100 btime",
        "go wtime 9223372036854775808",
        "go movestogo -1",
        "go movestogo 4294967296",
        "go mate -1",
        "go mate x",
        "go perft 0",
        "go perft 13",
        "go perft -1",
        "go perft 99999999999999999999",
        "go depth 3 foo",
        "go foo",
        "go infinite infinite2",
        "go DEPTH 3",
        "go searchmoves zz",
        "go searchmoves e2e5 e2e5x",
        "go searchmoves H@e1",
        "go depth 2 searchmoves e9e8",
        "go searchmoves depth 2",
        "perft",
        "perft 0",
        "perft 13",
        "perft -1",
        "perft x",
        "perft 99999999999999999999",
    ] {
        v.push(s.to_string());
    }
    // `setoption` with bad names and values.
    for s in [
        "setoption",
        "setoption name",
        "setoption value 3",
        "setoption Hash value 16",
        "setoption name NoSuch value 1",
        "setoption name NoSuch",
        "setoption name UCI_Variant",
        "setoption name UCI_Variant value",
        "setoption name UCI_Variant value chess",
        "setoption name UCI_Variant value GC",
        "setoption name UCI_Variant value gc gc",
        "setoption name UCI Variant value gc",
        "setoption name Hash value 0",
        "setoption name Hash value 65537",
        "setoption name Hash value -1",
        "setoption name Hash value 99999999999999999999",
        "setoption name Hash value 1.5",
        "setoption name Hash value",
        "setoption name Threads value 0",
        "setoption name Threads value 257",
        "setoption name Threads value x",
        "setoption name MultiPV value 0",
        "setoption name MultiPV value 257",
        "setoption name MultiPV value -2",
        "setoption name MultiPV",
        "setoption name Move Overhead value 5001",
        "setoption name Move Overhead value -1",
        "setoption name MoveOverhead value 10",
        "setoption name Ponder value 1",
        "setoption name Ponder value TRUE",
        "setoption name Ponder",
        "setoption name RuleOptions value no_such_rule",
        "setoption name RuleOptions value seven_turn_window",
        "setoption name name value 1",
        "setoption name value value value",
    ] {
        v.push(s.to_string());
    }
    // Bad variants files.
    let garbage = dir.file("garbage.toml", "this is = not [ toml");
    let bad_betza = dir.file(
        "betza.toml",
        "[[variant]]\nname = \"b\"\nparent = \"kaissa\"\n[[variant.pieces]]\nletter = \"Q\"\nname = \"Q\"\nbetza = \"Yz9\"\n",
    );
    let orphan = dir.file(
        "orphan.toml",
        "[[variant]]\nname = \"o\"\nparent = \"nothing\"\n",
    );
    let empty = dir.file("empty.toml", "");
    let binary = dir.file_bytes("binary.toml", &[0xff, 0xfe, 0x00, 0x80, b'\n', 0xc0]);
    for p in [&garbage, &bad_betza, &orphan, &empty, &binary] {
        v.push(format!("load {p}"));
        v.push(format!("setoption name VariantPath value {p}"));
    }
    for s in [
        "load",
        "load /nonexistent/dir/file.toml",
        "load /",
        "load /dev/null",
        "setoption name VariantPath value /nonexistent",
    ] {
        v.push(s.to_string());
    }
    let mut out: Vec<Vec<u8>> = v.into_iter().map(String::into_bytes).collect();
    // Not UTF-8.
    for b in [
        &b"\xff\xfe"[..],
        b"\x80",
        b"go \xc3\x28 depth 2",
        b"position startpos moves e2e5\xa0",
        b"\xc0\xaf",
        b"\xed\xa0\x80",
        b"isready\xff",
        b"d\xfe",
        b"setoption name UCI_Variant value \xe9",
        b"\xf8\x88\x80\x80\x80",
    ] {
        out.push(b.to_vec());
    }
    out
}

/// Very long lines: over the limit, and just under it with garbage or endless move lists.
pub fn long_lines() -> Vec<Vec<u8>> {
    let mut v = vec![
        vec![b'x'; 2 << 20],
        vec![b'x'; (1 << 20) + 1],
        vec![b'y'; 1 << 20],
        format!("go depth {}", "9".repeat(500_000)).into_bytes(),
        format!("setoption name {} value 1", "A".repeat(100_000)).into_bytes(),
        format!("position fen {}", "1/".repeat(200_000)).into_bytes(),
        format!("position startpos moves {}", "e2e5 ".repeat(50_000)).into_bytes(),
        format!("go searchmoves {}", "e2e5 ".repeat(50_000) + "zz").into_bytes(),
    ];
    // Over the limit but starting with a valid command.
    let mut over = b"position startpos moves e2e5 ".to_vec();
    over.resize((1 << 20) + 10, b' ');
    v.push(over);
    v
}
