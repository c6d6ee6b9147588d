//! `kaissa serve`'s JSON API, request by request, without a socket: every game's board as the
//! page draws it (cells, hands, tiles, drins), moves, undo, stepping, FEN and PGN, the engine's
//! move, analysis, and clear errors that leave the game as it was.

mod serve_direct;

use kaissa::games::variants::Registry;
use kaissa::serve::api::Api;
use serde_json::{Value, json};
use serve_direct::{call, ok, strings};
use std::time::{Duration, Instant};

fn new_game(api: &Api, variant: &str) -> (String, Value) {
    let s = ok(api, "POST", "/api/new", json!({ "variant": variant }));
    (s["game"].as_str().unwrap().to_string(), s)
}

fn cell<'a>(state: &'a Value, name: &str) -> &'a Value {
    state["view"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

fn marks(state: &Value, name: &str) -> Vec<String> {
    strings(&cell(state, name)["marks"])
}

#[test]
fn kaissa_board_has_both_hands_and_the_home_stone_window() {
    let api = Api::new(Registry::builtin());
    let (id, s) = new_game(&api, "kaissa");
    assert_eq!(s["view"]["cells"].as_array().unwrap().len(), 100);
    assert_eq!(cell(&s, "e1")["piece"], "U");
    assert_eq!(cell(&s, "a10")["piece"], "i");
    assert_eq!(s["view"]["hands"][0]["pieces"], json!([["H", 1]]));
    assert_eq!(s["view"]["hands"][1]["pieces"], json!([["h", 1]]));
    assert_eq!(s["colors"], json!(["Yellow", "Red"]));
    let notes = s["view"]["notes"].to_string();
    assert!(notes.contains("Yellow holds the Home Stone"), "{notes}");
    // Yellow's first turn: the window (turns 2 to 10) is not open yet; the second is.
    assert!(!marks(&s, "e1").contains(&"zone-first".to_string()));
    let s = ok(
        &api,
        "POST",
        "/api/move",
        json!({"game": id, "move": "e2e5", "ply": 0}),
    );
    let s2 = ok(
        &api,
        "POST",
        "/api/move",
        json!({"game": id, "move": "e9e6", "ply": 1}),
    );
    assert_eq!((s["ply"].as_u64(), s2["ply"].as_u64()), (Some(1), Some(2)));
    assert!(
        marks(&s2, "a1").contains(&"zone-first".to_string()),
        "{:?}",
        marks(&s2, "a1")
    );
    assert!(!marks(&s2, "a2").contains(&"zone-first".to_string()));
    assert_eq!(s2["last"]["from"], "e9");
    // With a free cell on the first rank, placements are legal moves without a from cell.
    let fen = "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUAT1BI[Hh] w - - 0 2";
    let s3 = ok(&api, "POST", "/api/fen", json!({"game": id, "fen": fen}));
    let drops: Vec<&Value> = s3["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["drop"] == "H")
        .collect();
    assert_eq!(drops.len(), 1, "{drops:?}");
    assert_eq!(
        (drops[0]["to"].as_str(), &drops[0]["from"]),
        (Some("h1"), &Value::Null)
    );
}

#[test]
fn caissa_board_shows_holes_and_jikaida_its_drins_and_fronts() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(&api, "caissa");
    let s = ok(
        &api,
        "POST",
        "/api/fen",
        json!({"game": id, "fen": "3q3/3b*2/2R1r2/5N1/7/2QB1n1/7 w - 6"}),
    );
    assert!(marks(&s, "e6").contains(&"hole".to_string()));
    assert!(!marks(&s, "d6").contains(&"hole".to_string()));
    assert_eq!(cell(&s, "d6")["piece"], "b");
    assert_eq!(s["colors"], json!(["White", "Black"]));

    let (_, j) = new_game(&api, "jikaida");
    assert_eq!(j["view"]["cells"].as_array().unwrap().len(), 12 * 18);
    assert!(marks(&j, "g1").contains(&"front-w".to_string()));
    assert!(marks(&j, "a7").contains(&"front-s".to_string()));
    assert!(!marks(&j, "b2").iter().any(|m| m.starts_with("front")));
    assert_ne!(
        marks(&j, "a1")[1],
        marks(&j, "g1")[1],
        "neighbouring drins differ"
    );
    assert_eq!(cell(&j, "a1")["label"], "Mortil A1");
    assert_eq!(cell(&j, "h1")["label"], "Zhantil B1");
    let areas = j["view"]["areas"].as_array().unwrap();
    assert_eq!(areas.len(), 6);
    let mortil = areas.iter().find(|a| a["name"] == "Mortil").unwrap();
    assert_eq!(
        [
            &mortil["x"],
            &mortil["y"],
            &mortil["width"],
            &mortil["height"]
        ],
        [&json!(0.0), &json!(12.0), &json!(6.0), &json!(6.0)]
    );
    let wersting = areas.iter().find(|a| a["name"] == "Wersting").unwrap();
    assert_eq!((&wersting["x"], &wersting["y"]), (&json!(0.0), &json!(0.0)));
    assert_eq!(j["pieces"]["S"], "Swod");
}

#[test]
fn larger_jikaida_boards_are_drawn_from_their_fens() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(&api, "jikaida");
    // A King and a Swordsman a side: bare Kings alone would be a game already drawn.
    let fen = format!("ks16/{}SK16 y - 1", "18/".repeat(22));
    let s = ok(&api, "POST", "/api/fen", json!({"game": id, "fen": fen}));
    assert_eq!(s["view"]["width"], 18.0);
    assert_eq!(s["view"]["height"], 24.0);
    assert_eq!(cell(&s, "a24")["piece"], "k");
    assert_eq!(cell(&s, "r1")["label"], "Krulch F1");
    assert_eq!(s["view"]["areas"].as_array().unwrap().len(), 12);
    // A size without published names has neither labels nor named areas.
    let fen = format!("ks22/{}SK22 y - 1", "24/".repeat(34));
    let s = ok(&api, "POST", "/api/fen", json!({"game": id, "fen": fen}));
    assert_eq!(s["view"]["cells"].as_array().unwrap().len(), 24 * 36);
    assert!(s["view"]["areas"].as_array().unwrap().is_empty());
    assert!(cell(&s, "a1")["label"].is_null());
}

#[test]
fn undo_steps_and_pgn_round_trip() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(&api, "merchants");
    for (ply, m) in ["e2e5", "e9e6", "d2d4"].into_iter().enumerate() {
        ok(
            &api,
            "POST",
            "/api/move",
            json!({"game": id, "move": m, "ply": ply}),
        );
    }
    let s = ok(&api, "POST", "/api/goto", json!({"game": id, "ply": 1}));
    assert_eq!(
        (s["ply"].as_u64(), s["line"].as_array().unwrap().len()),
        (Some(1), 3)
    );
    let s = ok(&api, "POST", "/api/goto", json!({"game": id, "ply": 3}));
    let fen = s["fen"].clone();
    let pgn = ok(&api, "GET", &format!("/api/pgn?game={id}"), Value::Null)["pgn"].clone();
    assert!(
        pgn.as_str().unwrap().contains("1. e2e5 e9e6 2. d2d4"),
        "{pgn}"
    );
    let s = ok(&api, "POST", "/api/undo", json!({"game": id}));
    assert_eq!(s["line"], json!(["e2e5", "e9e6"]));
    let (other, _) = new_game(&api, "kaissa");
    let s = ok(&api, "POST", "/api/pgn", json!({"game": other, "pgn": pgn}));
    assert_eq!(
        (s["variant"].as_str(), &s["fen"]),
        (Some("merchants"), &fen)
    );
    assert_eq!(s["line"].as_array().unwrap().len(), 3);
}

#[test]
fn the_engine_plays_its_move_and_analysis_reports_lines() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(&api, "caissa");
    ok(
        &api,
        "POST",
        "/api/go",
        json!({"game": id, "depth": 3, "play": true}),
    );
    let start = Instant::now();
    loop {
        let a = ok(
            &api,
            "GET",
            &format!("/api/analysis?game={id}"),
            Value::Null,
        );
        if a["ply"] == 1 {
            // The lines that chose the move stay, with the move played as the best.
            let s = ok(&api, "GET", &format!("/api/state?game={id}"), Value::Null);
            assert_eq!(a["report"]["best"], s["line"][0], "{a}");
            assert!(!a["report"]["lines"].as_array().unwrap().is_empty(), "{a}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no engine move: {a}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    ok(
        &api,
        "POST",
        "/api/go",
        json!({"game": id, "infinite": true, "multipv": 2}),
    );
    std::thread::sleep(Duration::from_millis(300));
    let a = ok(&api, "POST", "/api/stop", json!({"game": id}));
    let lines = a["report"]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{a}");
    assert!(
        lines[0]["score"].as_str().unwrap().starts_with("cp")
            || lines[0]["score"].as_str().unwrap().starts_with("mate")
    );
    assert_eq!(a["report"]["searching"], false);
    assert_eq!(a["ply"], 1, "analysis never plays a move");
}

#[test]
fn bad_requests_get_one_line_errors_and_change_nothing() {
    let api = Api::new(Registry::builtin());
    let (id, s) = new_game(&api, "kaissa");
    let fen = s["fen"].clone();
    let cases: Vec<(&str, &str, Value, u16, &str)> = vec![
        (
            "POST",
            "/api/move",
            json!({"game": id, "move": "z9z9", "ply": 0}),
            400,
            "",
        ),
        (
            "POST",
            "/api/move",
            json!({"game": id, "ply": 0}),
            400,
            "missing field",
        ),
        (
            "POST",
            "/api/move",
            json!({"game": "nope", "move": "e2e5", "ply": 0}),
            404,
            "unknown game",
        ),
        (
            "POST",
            "/api/fen",
            json!({"game": id, "fen": "x"}),
            400,
            "bad FEN",
        ),
        (
            "POST",
            "/api/fen",
            json!({"game": id, "fen": "10/10/10/10/10/10/10/10/10/10[] w - - 0 1"}),
            400,
            "cannot start from this position: Yellow has no Home Stone on the board or in hand",
        ),
        (
            "POST",
            "/api/fen",
            json!({"game": id, "fen": "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[h] w - - 0 1"}),
            400,
            "Yellow has no Home Stone",
        ),
        (
            "POST",
            "/api/new",
            json!({"variant": "kaissa", "fen": "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[H] w - - 0 1"}),
            400,
            "Red has no Home Stone",
        ),
        (
            "POST",
            "/api/new",
            json!({"variant": "chess"}),
            400,
            "unknown variant",
        ),
        ("POST", "/api/go", json!({"game": id}), 400, "go needs"),
        (
            "POST",
            "/api/go",
            json!({"game": id, "depth": 0}),
            400,
            "depth",
        ),
        (
            "POST",
            "/api/go",
            json!({"game": id, "movetime": 1, "multipv": 99}),
            400,
            "multipv",
        ),
        (
            "POST",
            "/api/go",
            json!({"game": id, "infinite": true, "play": true}),
            400,
            "infinite",
        ),
        (
            "POST",
            "/api/goto",
            json!({"game": id, "ply": 5}),
            400,
            "only 0 moves",
        ),
        (
            "POST",
            "/api/pgn",
            json!({"game": id, "pgn": "1. z1z2 *"}),
            400,
            "",
        ),
        (
            "POST",
            "/api/setoption",
            json!({"name": "VariantPath", "value": "/etc/passwd"}),
            404,
            "no route",
        ),
        (
            "POST",
            "/api/load",
            json!({"file": "/etc/passwd"}),
            404,
            "no route",
        ),
        ("GET", "/api/state", Value::Null, 400, "missing ?game"),
        ("GET", "/api/move", Value::Null, 404, "no route"),
        ("POST", "/", Value::Null, 405, "GET"),
        ("GET", "/../../etc/passwd", Value::Null, 404, "no page"),
    ];
    for (method, url, body, status, words) in cases {
        let (got, v) = call(&api, method, url, body.clone());
        let msg = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{url} {body}: {v}"));
        assert_eq!(got, status, "{method} {url} {body}: {msg}");
        assert!(msg.contains(words), "{method} {url}: {msg}");
        assert!(!msg.contains('\n'));
    }
    let long = format!(
        "{{\"game\": \"{id}\", \"ply\": 0, \"move\": \"{}\"}}",
        "e".repeat(100_000)
    );
    let (status, v) = call(
        &api,
        "POST",
        "/api/move",
        serde_json::from_str(&long).unwrap(),
    );
    assert_eq!(status, 400);
    assert!(v["error"].as_str().unwrap().chars().count() <= 303, "{v}");
    let r = api.handle("POST", "/api/move", b"{not json");
    assert_eq!(r.status, 400);
    let r = api.handle("POST", "/api/move", &[0xff, 0xfe]);
    assert_eq!(r.status, 400);
    let s = ok(&api, "GET", &format!("/api/state?game={id}"), Value::Null);
    assert_eq!((s["fen"].clone(), s["ply"].clone()), (fen, json!(0)));
}

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let api = Api::new(Registry::builtin());
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "javascript"),
        ("/style.css", "text/css"),
    ] {
        let r = api.handle("GET", path, b"");
        assert_eq!(r.status, 200);
        assert!(r.content_type.contains(kind));
        assert!(!r.body.is_empty());
    }
    assert!(
        api.handle("GET", "/?variant=caissa", b"")
            .body
            .contains("app.js")
    );
}

#[test]
fn games_of_a_variants_file_are_offered_too() {
    let mut registry = Registry::builtin();
    registry
        .load_str(
            "[[variant]]\nname = \"merchants-first\"\nparent = \"merchants\"\ndescription = \"test\"\n",
            "test",
        )
        .expect("a variants file");
    let api = Api::new(registry);
    let v = ok(&api, "GET", "/api/variants", Value::Null);
    assert!(v["variants"].to_string().contains("merchants-first"), "{v}");
    let (_, s) = new_game(&api, "merchants-first");
    assert_eq!(s["variant"], "merchants-first");
    assert_eq!(s["view"]["cells"].as_array().unwrap().len(), 100);
}

/// The state's `ply` and `line` of game `id`, and its FEN.
fn position(api: &Api, id: &str) -> (Value, Value, Value) {
    let s = ok(api, "GET", &format!("/api/state?game={id}"), Value::Null);
    (s["ply"].clone(), s["line"].clone(), s["fen"].clone())
}

/// Two tabs on one game: a move made on a board the game has left (another tab moved, or took
/// back, or stepped) is refused with 409 and changes nothing; the same move at the game's ply
/// is played.
#[test]
fn a_move_made_on_an_old_board_is_refused() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(&api, "kaissa");
    let play = |mv: &str, ply: u64| {
        call(
            &api,
            "POST",
            "/api/move",
            json!({"game": id, "move": mv, "ply": ply}),
        )
    };
    assert_eq!(play("e2e5", 0).0, 200);
    assert_eq!(play("e9e6", 1).0, 200);
    let before = position(&api, &id);
    // A tab still showing the start plays d2d5, which is legal now too: refused.
    for ply in [0, 1, 3, 40] {
        let (status, v) = play("d2d5", ply);
        assert_eq!(status, 409, "ply {ply}: {v}");
        let msg = v["error"].as_str().unwrap();
        assert!(
            msg.starts_with("the game has moved on:")
                && msg.contains(&format!("ply {ply}, the game is at ply 2, last move e9e6")),
            "{msg}"
        );
        assert!(!msg.contains('\n'));
        assert_eq!(
            position(&api, &id),
            before,
            "a refused move changes nothing"
        );
    }
    // At the game's ply it is played.
    let (status, s) = play("d2d5", 2);
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["line"], json!(["e2e5", "e9e6", "d2d5"]));
    // Another tab stepped back to the first move: the end of the line is now stale, and a
    // move at the shown ply starts a new line there.
    ok(&api, "POST", "/api/goto", json!({"game": id, "ply": 1}));
    assert_eq!(play("d9d6", 3).0, 409);
    let (status, s) = play("d9d6", 1);
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["line"], json!(["e2e5", "d9d6"]));
}

/// The engine's move, once made, makes a board drawn before it stale too.
#[test]
fn a_move_at_the_ply_before_the_engines_move_is_refused() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(&api, "caissa");
    ok(
        &api,
        "POST",
        "/api/go",
        json!({"game": id, "depth": 1, "play": true}),
    );
    let start = Instant::now();
    while ok(
        &api,
        "GET",
        &format!("/api/analysis?game={id}"),
        Value::Null,
    )["ply"]
        != 1
    {
        assert!(start.elapsed() < Duration::from_secs(30), "no engine move");
        std::thread::sleep(Duration::from_millis(20));
    }
    let (status, v) = call(
        &api,
        "POST",
        "/api/move",
        json!({"game": id, "move": "c2b1", "ply": 0}),
    );
    assert_eq!(status, 409, "{v}");
    assert_eq!(position(&api, &id).0, json!(1));
}

/// `ply` is required: a move without it, or with one that is no whole number from 0, is
/// refused with 400 and a line saying what to send.
#[test]
fn a_move_without_a_good_ply_is_refused() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(&api, "kaissa");
    let before = position(&api, &id);
    let (status, v) = call(
        &api,
        "POST",
        "/api/move",
        json!({"game": id, "move": "e2e5"}),
    );
    assert_eq!(status, 400, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("a move needs ply: how many moves"),
        "{v}"
    );
    for ply in [json!(-1), json!(1.5), json!("0"), json!([0]), json!(true)] {
        let (status, v) = call(
            &api,
            "POST",
            "/api/move",
            json!({"game": id, "move": "e2e5", "ply": ply}),
        );
        assert_eq!(status, 400, "{ply}: {v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .starts_with("ply must be a whole number"),
            "{v}"
        );
    }
    assert_eq!(position(&api, &id), before);
}

/// A game the server does not have (in memory nor in its database) is a 404 naming it, on
/// every route that takes a game; no game is started in its place.
#[test]
fn an_unknown_game_is_named_in_a_404() {
    let api = Api::new(Registry::builtin());
    let gone = "00000000deadbeef";
    let requests = [
        ("GET", format!("/api/state?game={gone}"), Value::Null),
        ("GET", format!("/api/analysis?game={gone}"), Value::Null),
        (
            "POST",
            "/api/move".to_string(),
            json!({"game": gone, "move": "e2e5", "ply": 0}),
        ),
        ("POST", "/api/undo".to_string(), json!({"game": gone})),
    ];
    for (method, url, body) in requests {
        let (status, v) = call(&api, method, &url, body);
        assert_eq!(status, 404, "{url}: {v}");
        let msg = v["error"].as_str().unwrap();
        assert!(
            msg.starts_with(&format!(
                "unknown game '{gone}': the server has no game of that id"
            )),
            "{msg}"
        );
        assert!(!msg.contains('\n') && msg.chars().count() <= 300, "{msg}");
    }
    assert_eq!(
        call(&api, "GET", &format!("/api/state?game={gone}"), Value::Null).0,
        404
    );
}

/// Donkey Kaissa's cells come with their kites' outlines and the board with its hexagon sides
/// and wedge borders; a grid's cells have no outline and its board no lines.
#[test]
fn donkey_cells_are_kites_and_the_board_has_its_lines() {
    let api = Api::new(Registry::builtin());
    let (_, s) = new_game(&api, "donkey");
    let cells = s["view"]["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 96);
    for c in cells {
        let shape = c["shape"].as_array().unwrap();
        assert_eq!(shape.len(), 4, "{c}");
        // The centre lies within the outline's box.
        let xs: Vec<f64> = shape.iter().map(|p| p[0].as_f64().unwrap()).collect();
        let ys: Vec<f64> = shape.iter().map(|p| p[1].as_f64().unwrap()).collect();
        let (x, y) = (c["x"].as_f64().unwrap(), c["y"].as_f64().unwrap());
        let within = |v: f64, vs: &[f64]| {
            vs.iter().cloned().fold(f64::MAX, f64::min) < v
                && v < vs.iter().cloned().fold(f64::MIN, f64::max)
        };
        assert!(within(x, &xs) && within(y, &ys), "{c}");
    }
    let lines = s["view"]["lines"].as_array().unwrap();
    let kinds = |k: &str| lines.iter().filter(|l| l["kind"] == k).count();
    assert_eq!((kinds("edge"), kinds("wedge")), (6, 6));
    let (_, k) = new_game(&api, "kaissa");
    assert!(k["view"]["cells"][0].get("shape").is_none());
    assert!(k["view"].get("lines").is_none());
}

/// Text that is not a PGN is refused with words that say so, and the game is unchanged.
#[test]
fn text_that_is_not_a_pgn_is_named_so() {
    let api = Api::new(Registry::builtin());
    let (id, before) = new_game(&api, "kaissa");
    for (text, words) in [
        (
            "hello world, this is a letter",
            "the text is not a PGN game",
        ),
        ("", "no game in the text"),
        (
            "[Variant \"kaissa\"]\n\n1. e2e5 z9z9 *",
            "bad move in the PGN",
        ),
    ] {
        let (status, v) = call(&api, "POST", "/api/pgn", json!({"game": id, "pgn": text}));
        assert_eq!(status, 400, "{text}: {v}");
        let e = v["error"].as_str().unwrap();
        assert!(e.starts_with(words), "{text}: {e}");
        let now = ok(&api, "GET", &format!("/api/state?game={id}"), Value::Null);
        assert_eq!(now["fen"], before["fen"]);
    }
}

/// A move played from an earlier point starts a side line and keeps the line: both show in
/// the state and in the PGN, which reads back with them; a side line is shown, promoted and
/// deleted; a side line with an illegal move is refused.
#[test]
fn side_lines_are_kept_promoted_deleted_and_written() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(&api, "merchants");
    let play = |m: &str, ply: usize| {
        ok(
            &api,
            "POST",
            "/api/move",
            json!({"game": id, "move": m, "ply": ply}),
        )
    };
    for (ply, m) in ["e2e5", "e9e6", "d2d4"].into_iter().enumerate() {
        play(m, ply);
    }
    ok(&api, "POST", "/api/goto", json!({"game": id, "ply": 1}));
    let s = play("d9d8", 1);
    assert_eq!(strings(&s["line"]), ["e2e5", "d9d8"]);
    assert_eq!(s["departs"], json!(2));
    assert_eq!(
        s["branches"],
        json!([{"ply": 2, "moves": ["e9e6", "d2d4"], "main": true}])
    );
    let pgn = ok(&api, "GET", &format!("/api/pgn?game={id}"), Value::Null)["pgn"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(pgn.contains("1. e2e5 e9e6 (1... d9d8) 2. d2d4"), "{pgn}");
    // The main line shown again by its moves; then the side line promoted.
    let s = ok(
        &api,
        "POST",
        "/api/goto",
        json!({"game": id, "ply": 3, "line": ["e2e5", "e9e6"]}),
    );
    assert_eq!(
        (strings(&s["line"]).len(), &s["departs"]),
        (3, &Value::Null)
    );
    let (status, e) = call(&api, "POST", "/api/promote", json!({"game": id}));
    assert_eq!(
        (status, e["error"].as_str()),
        (400, Some("the shown line is the main line"))
    );
    let (status, _) = call(
        &api,
        "POST",
        "/api/goto",
        json!({"game": id, "ply": 1, "line": ["e2e5", "a1a1"]}),
    );
    assert_eq!(status, 400);
    ok(
        &api,
        "POST",
        "/api/goto",
        json!({"game": id, "ply": 2, "line": ["e2e5", "d9d8"]}),
    );
    let s = ok(&api, "POST", "/api/promote", json!({"game": id}));
    assert_eq!(s["departs"], Value::Null);
    let pgn = ok(&api, "GET", &format!("/api/pgn?game={id}"), Value::Null)["pgn"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(pgn.contains("1. e2e5 d9d8 (1... e9e6 2. d2d4) *"), "{pgn}");
    // The PGN with its side line read into another game.
    let (other, _) = new_game(&api, "kaissa");
    let s = ok(&api, "POST", "/api/pgn", json!({"game": other, "pgn": pgn}));
    assert_eq!(strings(&s["line"]), ["e2e5", "d9d8"]);
    assert_eq!(s["branches"][0]["moves"], json!(["e9e6", "d2d4"]));
    // Deleting the side line from its first move leaves one line.
    let s = ok(
        &api,
        "POST",
        "/api/goto",
        json!({"game": other, "ply": 3, "line": ["e2e5", "e9e6", "d2d4"]}),
    );
    assert_eq!(s["departs"], json!(2));
    let s = ok(
        &api,
        "POST",
        "/api/delete",
        json!({"game": other, "ply": 2}),
    );
    assert_eq!(
        (strings(&s["line"]), s["ply"].as_u64()),
        (vec!["e2e5".to_string(), "d9d8".into()], Some(1))
    );
    assert_eq!(s["branches"], json!([]));
    let (status, _) = call(
        &api,
        "POST",
        "/api/delete",
        json!({"game": other, "ply": 9}),
    );
    assert_eq!(status, 400);
    // A side line with a move the rules refuse.
    let bad = "[Variant \"merchants\"]\n\n1. e2e5 e9e6 (1... a1a9) *\n";
    let (status, e) = call(&api, "POST", "/api/pgn", json!({"game": other, "pgn": bad}));
    assert_eq!(status, 400);
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("bad move in a side line of the PGN"),
        "{e}"
    );
    assert_eq!(
        ok(
            &api,
            "GET",
            &format!("/api/state?game={other}"),
            Value::Null
        )["line"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}
