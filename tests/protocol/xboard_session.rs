//! Integration tests of the XBoard (CECP v2) mode: each test starts the built `kaissa` binary
//! with piped stdin/stdout and scripts a whole session the way XBoard does, reading the replies
//! line by line with timeouts, so a hung engine fails the test instead of hanging CI.
//!
//! Covered here: the `xboard`/`protover 2` handshake and its features; `variant` for each of
//! the five rule sets with the `setup` and `piece` replies; `usermove` and the engine's `move`
//! (XBoard numbers the ranks of a ten-rank board from 0); `setboard`; `undo` and `remove`;
//! `lift` → `highlight`.
//!
//! Malformed input is tested in `xboard_session_input.rs`, thinking, time controls, results and
//! whole games in `xboard_session_play.rs`; the helpers they share are in
//! `xboard_session_common/`.

use crate::xboard_session_common;

use kaissa::engine::Engine;
use xboard_session_common::{Session, is_gui_move, to_engine};

#[test]
fn handshake_announces_the_features_and_every_variant() {
    let _g = crate::serial::shared();
    let (mut s, features) = Session::start();
    let all = features.join(" ");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "playother=1",
        "memory=1",
        "smp=1",
        "highlight=1",
        "sigint=0",
        "sigterm=0",
        "san=0",
        "colors=0",
        "myname=\"kaissa ",
    ] {
        assert!(all.contains(f), "feature {f} missing in {all}");
    }
    let variants = all
        .split("variants=\"")
        .nth(1)
        .and_then(|v| v.split('"').next())
        .expect("a variants feature");
    let mut listed: Vec<&str> = variants.split(',').collect();
    listed.sort();
    assert_eq!(listed, ["gc", "gorean", "kaissa", "merchants", "northern"]);
    // The GUI acknowledges features; the engine stays silent.
    s.send("accepted ping");
    s.send("rejected setscore");
    assert!(s.sync().is_empty());
}

#[test]
fn each_variant_is_described_with_setup_and_piece_lines() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    let registry = kaissa::games::variants::Registry::builtin();
    for name in ["merchants", "northern", "gc", "gorean", "kaissa"] {
        let def = registry.get(name, &[]).unwrap();
        let out = s.ask(&format!("variant {name}"));
        let setup = &out[0];
        assert!(setup.starts_with("setup ("), "{setup}");
        let (table, rest) = setup["setup (".len()..].split_once(") ").unwrap();
        assert_eq!(table.len() % 2, 0, "{table}");
        let (white, black) = table.split_at(table.len() / 2);
        assert_eq!(black, white.to_ascii_lowercase());
        assert!(white.ends_with('.'), "no King in these games: {table}");
        assert_eq!(
            rest,
            format!("10x10+{}_fairy {}", def.pieces.len(), def.start_fen)
        );
        let pieces: Vec<&String> = out[1..].iter().collect();
        assert_eq!(pieces.len(), def.pieces.len(), "{out:?}");
        for p in &def.pieces {
            assert!(white.contains(p.letter.as_str()), "{name}: {}", p.letter);
            let line = format!("piece {}& {}", p.letter, p.betza);
            assert!(
                pieces.iter().any(|l| l.starts_with(&line)),
                "{name}: no '{line}' in {pieces:?}"
            );
        }
        // The variant's start position is set up.
        assert_eq!(s.fen(), def.start_fen);
    }
    assert!(s.ask("variant gorean").iter().any(|l| l == "piece T& NmK"));
    // A size prefix as XBoard may send it is understood.
    assert!(s.ask("variant 10x10+10_gc")[0].starts_with("setup ("));
    // RuleOptions switches a reading on and describes the game again.
    s.ask("variant gorean");
    let out = s.ask("option RuleOptions=flight_captures_only");
    assert!(out.iter().any(|l| l == "piece T& cNmK"), "{out:?}");
}

#[test]
fn user_moves_are_answered_in_ten_rank_coordinates() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.send("new");
    s.send("variant kaissa");
    s.send("sd 3");
    s.send("usermove e1e3");
    let (mv, _) = s.engine_move();
    assert!(is_gui_move(&mv), "{mv}");
    let mut engine = Engine::new();
    engine.state_mut().play("e2e4").unwrap();
    let reply = to_engine(&mv);
    assert!(
        engine.state().legal_moves().contains(&reply),
        "{mv} (engine {reply}) is not a legal reply"
    );
    engine.state_mut().play(&reply).unwrap();
    assert_eq!(s.fen(), engine.state().fen());
    // Bare moves (GUIs without usermove) work too.
    s.send("force");
    let out = s.ask("a2a3");
    assert!(out.is_empty(), "{out:?}");
}

#[test]
fn setboard_undo_and_remove() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    let start = s.fen();
    let fen = "ibstuatsbi/mrpppppprm/p8p/10/10/10/4P5/P8P/MRPP1PPPRM/IBSTUATSBI[Hh] b - - 0 1";
    assert!(s.ask(&format!("setboard {fen}")).is_empty());
    assert_eq!(s.fen(), fen);
    // XBoard's own FEN flavour: castling and en passant fields, promoted-piece marks.
    let gui = "ibstuatsbi/mrpppppprm/p8p/10/10/10/4P5/P8P/MRPP1PPPRM/IBSTUATSBI[Hh] b KQkq e3 0 1";
    assert!(s.ask(&format!("setboard {gui}")).is_empty());
    assert_eq!(s.fen(), fen);
    // Captured pieces XBoard keeps in the holdings cannot be placed: they are left out.
    let gui = "ibstuatsbi/mrpppppprm/p8p/10/10/10/4P5/P8P/MRPP1PPPRM/IBSTUATSBI[HPRhb] b - - 0 1";
    assert!(s.ask(&format!("setboard {gui}")).is_empty());
    assert_eq!(s.fen(), fen);
    s.ask("usermove e8e6");
    s.ask("usermove d0f3");
    let two = s.fen();
    s.ask("usermove d9f6");
    assert!(s.ask("undo").is_empty());
    assert_eq!(s.fen(), two);
    assert!(s.ask("remove").is_empty());
    assert_eq!(s.fen(), fen);
    assert_eq!(
        s.ask("undo"),
        ["Error (command not legal now: no move to take back): undo"],
        "setboard starts a new history"
    );
    s.ask("new");
    assert_eq!(s.fen(), start);
}

#[test]
fn lift_marks_the_targets() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    // Spearman e2 (XBoard e1): one to three steps forward.
    assert_eq!(
        s.ask("lift e1"),
        ["highlight 10/10/10/10/10/4Y5/4Y5/4Y5/10/10"]
    );
    // Tarnsman d1 (XBoard d0): (3,2) leaps to b4, f4, g3 (a3 holds a Spearman).
    assert_eq!(
        s.ask("lift d0"),
        ["highlight 10/10/10/10/10/10/1Y3Y4/6Y3/10/10"]
    );
    // An empty square, and the opponent's piece, have no targets.
    let none = "highlight 10/10/10/10/10/10/10/10/10/10";
    assert_eq!(s.ask("lift e5"), [none]);
    assert_eq!(s.ask("lift e8"), [none]);
    // The Home Stone in hand: first turn is outside the window (turns 2-10).
    assert_eq!(s.ask("lift H@"), [none]);
    s.ask("usermove d0f3");
    s.ask("usermove d9f6");
    // Now d1 is free and it is Yellow's second turn: the holdings slot (XBoard's l6) and H@.
    assert_eq!(
        s.ask("lift l6"),
        ["highlight 10/10/10/10/10/10/10/10/10/3Y6"]
    );
    assert_eq!(
        s.ask("lift H@"),
        ["highlight 10/10/10/10/10/10/10/10/10/3Y6"]
    );
    // Red's holdings slot while Yellow is to move: nothing.
    assert_eq!(s.ask("lift _3"), [none]);
    // Captures are red, promotions magenta.
    s.ask("setboard 1r2h5/2P7/10/10/10/10/10/10/10/4H5[] w - - 0 20");
    assert_eq!(
        s.ask("lift c8"),
        ["highlight 1MMM6/10/10/10/10/10/10/10/10/10"]
    );
}
