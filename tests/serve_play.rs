//! `kaissa serve`'s games on a clock, at a level, and analysed whole, through the JSON API
//! without a socket: no clock before the first move, the flag and its result, the increment,
//! resignation and abort, no moves taken back or made
//! before the line's end on a clock, the engine thinking on its own time, a level-0 search one
//! ply deep, "analyse game" with one point per position, cancelled, and dropped when the line
//! changes; bad values refused with the game unchanged.

mod serve_direct;

use kaissa::games::variants::Registry;
use kaissa::serve::api::Api;
use serde_json::{Value, json};
use serve_direct::{call, ok};
use std::time::{Duration, Instant};

fn refused(api: &Api, url: &str, body: Value, words: &str) {
    let (status, v) = call(api, "POST", url, body);
    assert_eq!(status, 400, "{url}: {v}");
    let e = v["error"].as_str().unwrap();
    assert!(e.contains(words), "{url}: '{e}' lacks '{words}'");
}

fn new_game(api: &Api, body: Value) -> (String, Value) {
    let s = ok(api, "POST", "/api/new", body);
    (s["game"].as_str().unwrap().to_string(), s)
}

fn state(api: &Api, id: &str) -> Value {
    ok(api, "GET", &format!("/api/state?game={id}"), Value::Null)
}

fn analysis(api: &Api, id: &str) -> Value {
    ok(api, "GET", &format!("/api/analysis?game={id}"), Value::Null)
}

/// Polls the analysis until `done` holds (at most a minute).
fn until(api: &Api, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let a = analysis(api, id);
        if done(&a) {
            return a;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{what}: {a}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// No clock runs before the first move; after it, the second player's does, and its flag
/// loses the game.
#[test]
fn the_clock_starts_with_the_first_move_and_a_flag_loses() {
    let api = Api::new(Registry::builtin());
    let (id, s) = new_game(
        &api,
        json!({"variant": "merchants", "clock": {"base_ms": 300}}),
    );
    assert_eq!(s["clock"]["running"], Value::Null, "{s}");
    std::thread::sleep(Duration::from_millis(400));
    let s = state(&api, &id);
    assert!(s["result"].is_null(), "no flag before the first move: {s}");
    assert_eq!(s["clock"]["left_ms"], json!([300, 300]));
    assert_eq!(s["clock"]["running"], Value::Null);
    let s = ok(
        &api,
        "POST",
        "/api/move",
        json!({"game": id, "move": "e2e5", "ply": 0}),
    );
    assert_eq!(s["clock"]["running"], 1, "{s}");
    assert_eq!(s["clock"]["left_ms"][0], 300);
    std::thread::sleep(Duration::from_millis(400));
    let s = state(&api, &id);
    assert_eq!(s["result"], "1-0 {Red's time ran out}", "{s}");
    assert_eq!(s["clock"]["flag"], 1);
    assert_eq!(s["clock"]["running"], Value::Null);
    assert_eq!(s["clock"]["left_ms"], json!([300, 0]));
    assert_eq!(s["legal"], json!([]), "no targets once the game is over");
    refused(
        &api,
        "/api/move",
        json!({"game": id, "move": "e9e6", "ply": 1}),
        "over",
    );
    refused(
        &api,
        "/api/go",
        json!({"game": id, "depth": 2, "play": true}),
        "over",
    );
    let pgn = ok(&api, "GET", &format!("/api/pgn?game={id}"), Value::Null);
    assert!(
        pgn["pgn"]
            .as_str()
            .unwrap()
            .contains("{Red's time ran out} 1-0"),
        "{pgn}"
    );
}

/// A resignation ends the game with the result in words, stops the clock and is in the PGN;
/// an abort ends a game without a move, and no other.
#[test]
fn resign_and_abort_end_the_game_in_words() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(
        &api,
        json!({"variant": "kaissa", "clock": {"base_ms": 60_000, "inc_ms": 0}}),
    );
    ok(
        &api,
        "POST",
        "/api/move",
        json!({"game": id, "move": "e2e5", "ply": 0}),
    );
    refused(&api, "/api/abort", json!({"game": id}), "resign instead");
    refused(
        &api,
        "/api/resign",
        json!({"game": id, "side": 2}),
        "side must be 0 or 1",
    );
    let s = ok(&api, "POST", "/api/resign", json!({"game": id, "side": 1}));
    assert_eq!(s["result"], "1-0 {Red resigns}", "{s}");
    assert_eq!(s["clock"]["running"], Value::Null);
    assert_eq!(s["legal"], json!([]));
    refused(&api, "/api/resign", json!({"game": id, "side": 0}), "over");
    refused(
        &api,
        "/api/move",
        json!({"game": id, "move": "e9e6", "ply": 1}),
        "over",
    );
    let pgn = ok(&api, "GET", &format!("/api/pgn?game={id}"), Value::Null);
    assert!(
        pgn["pgn"].as_str().unwrap().contains("{Red resigns} 1-0"),
        "{pgn}"
    );

    let (id, fresh) = new_game(&api, json!({"variant": "caissa"}));
    let s = ok(&api, "POST", "/api/abort", json!({"game": id}));
    assert_eq!(s["result"], "* {aborted before the first move}", "{s}");
    refused(&api, "/api/undo", json!({"game": id}), "ended");
    // A FEN loaded starts a new line, which goes on.
    let s = ok(
        &api,
        "POST",
        "/api/fen",
        json!({"game": id, "fen": fresh["fen"]}),
    );
    assert!(s["result"].is_null(), "{s}");
    assert!(!s["legal"].as_array().unwrap().is_empty());
}

#[test]
fn a_move_adds_the_increment_and_no_move_is_taken_back() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(
        &api,
        json!({"variant": "kaissa", "clock": {"base_ms": 60000, "inc_ms": 2000}}),
    );
    let s = ok(
        &api,
        "POST",
        "/api/move",
        json!({"game": id, "move": "e2e5", "ply": 0}),
    );
    let left = s["clock"]["left_ms"][0].as_u64().unwrap();
    assert!((61_000..=62_000).contains(&left), "{s}");
    assert_eq!(s["clock"]["running"], 1);
    refused(&api, "/api/undo", json!({"game": id}), "clock");
    ok(&api, "POST", "/api/goto", json!({"game": id, "ply": 0}));
    refused(
        &api,
        "/api/move",
        json!({"game": id, "move": "e2e4", "ply": 0}),
        "at its end",
    );
    let back = state(&api, &id);
    assert_eq!(
        back["legal"],
        json!([]),
        "no targets a step back on a clock"
    );
    let s = ok(&api, "POST", "/api/goto", json!({"game": id, "ply": 1}));
    assert_eq!(s["line"], json!(["e2e5"]));
    assert!(s["result"].is_null());
    assert!(!s["legal"].as_array().unwrap().is_empty());
}

/// A draw offered to the engine: declined before move 20 whatever the score; from then on
/// answered by its own last score, and an accepted draw ends the game drawn.
#[test]
fn the_engine_answers_a_draw_offer_by_its_score_and_the_stage() {
    let api = Api::new(Registry::builtin());
    let (id, mut s) = new_game(&api, json!({"variant": "caissa"}));
    let (status, v) = call(&api, "POST", "/api/draw", json!({"game": id, "side": 0}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["draw"]["accepted"], false);
    assert!(
        v["draw"]["reason"]
            .as_str()
            .unwrap()
            .starts_with("the engine declines: it takes no draw before move 20"),
        "{v}"
    );
    assert!(v["result"].is_null());
    // Forty plies, each the first legal move that does not end the game (one that does is
    // taken back).
    for ply in 0..40 {
        let moves: Vec<String> = s["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["text"].as_str().unwrap().to_string())
            .collect();
        let mut next = None;
        for mv in moves {
            let after = ok(
                &api,
                "POST",
                "/api/move",
                json!({"game": id, "move": mv, "ply": ply}),
            );
            if after["result"].is_null() {
                next = Some(after);
                break;
            }
            ok(&api, "POST", "/api/undo", json!({"game": id}));
        }
        s = next.expect("a move that does not end the game");
    }
    let early = ok(&api, "POST", "/api/draw", json!({"game": id, "side": 0}));
    assert_eq!(
        early["draw"]["reason"],
        "the engine declines: it has no score of its own for this position yet"
    );
    // The first side plays, the engine answers with a search of its own, the first side
    // offers again: the engine answers by that search's score.
    let mv = early["legal"][0]["text"].as_str().unwrap().to_string();
    ok(
        &api,
        "POST",
        "/api/move",
        json!({"game": id, "move": mv, "ply": 40}),
    );
    ok(
        &api,
        "POST",
        "/api/go",
        json!({"game": id, "depth": 3, "play": true}),
    );
    let a = until(&api, &id, "the engine's move", |a| a["ply"] == 42);
    if a["over"] == true {
        // The engine's move ended the game: there is nothing left to offer.
        refused(&api, "/api/draw", json!({"game": id, "side": 0}), "over");
        return;
    }
    let score = a["report"]["lines"][0]["score"]
        .as_str()
        .unwrap()
        .to_string();
    let offer = ok(&api, "POST", "/api/draw", json!({"game": id, "side": 0}));
    let accepted = offer["draw"]["accepted"].as_bool().unwrap();
    let cp: Option<i64> = score.strip_prefix("cp ").and_then(|n| n.parse().ok());
    let mated = score.starts_with("mate -");
    assert_eq!(
        accepted,
        cp.is_some_and(|c| c <= 25) || mated,
        "score {score}: {}",
        offer["draw"]
    );
    if accepted {
        assert_eq!(offer["result"], "1/2-1/2 {draw agreed}");
        refused(&api, "/api/draw", json!({"game": id, "side": 0}), "over");
    } else {
        assert!(offer["result"].is_null());
    }
}

#[test]
fn the_engine_thinks_on_its_clock() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(
        &api,
        json!({"variant": "caissa", "clock": {"base_ms": 4000, "inc_ms": 100}}),
    );
    ok(
        &api,
        "POST",
        "/api/go",
        json!({"game": id, "clock": true, "play": true}),
    );
    // Its first move costs nothing: no clock runs before it.
    let a = until(&api, &id, "the engine's first move", |a| a["ply"] == 1);
    assert_eq!(a["clock"]["left_ms"][0], 4100, "{a}");
    assert_eq!(a["clock"]["running"], 1, "{a}");
    ok(
        &api,
        "POST",
        "/api/go",
        json!({"game": id, "clock": true, "play": true}),
    );
    let a = until(&api, &id, "the engine's second move", |a| a["ply"] == 2);
    let left = a["clock"]["left_ms"][1].as_u64().unwrap();
    // It spends a share of its four seconds, not all, and gains the increment.
    assert!((1_000..4_100).contains(&left), "{a}");
    assert_eq!(a["clock"]["running"], 0, "{a}");
}

#[test]
fn level_zero_searches_one_ply() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(&api, json!({"variant": "jikaida"}));
    ok(
        &api,
        "POST",
        "/api/go",
        json!({"game": id, "depth": 6, "level": 0}),
    );
    let a = until(&api, &id, "the search's end", |a| {
        a["report"]["searching"] == false
    });
    let lines = a["report"]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 1, "only the line asked for is shown: {a}");
    assert_eq!(lines[0]["depth"], 1, "{a}");
    // Full strength again for the next search.
    ok(&api, "POST", "/api/go", json!({"game": id, "depth": 3}));
    let a = until(&api, &id, "the search's end", |a| {
        a["report"]["searching"] == false
    });
    assert_eq!(a["report"]["lines"][0]["depth"], 3, "{a}");
    refused(
        &api,
        "/api/go",
        json!({"game": id, "depth": 3, "level": 21}),
        "level",
    );
}

#[test]
fn analyse_game_scores_every_position() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(&api, json!({"variant": "merchants"}));
    for (ply, mv) in ["e2e5", "e9e6", "g1e4", "f9f8"].into_iter().enumerate() {
        let body = json!({"game": id, "move": mv, "ply": ply});
        ok(&api, "POST", "/api/move", body);
    }
    ok(
        &api,
        "POST",
        "/api/analyse-game",
        json!({"game": id, "nodes": 2000}),
    );
    // Stepping through the line while it runs does not stop it.
    ok(&api, "POST", "/api/goto", json!({"game": id, "ply": 2}));
    let a = until(&api, &id, "the scan's end", |a| {
        a["scan"]["running"] == false
    });
    let points = a["scan"]["points"].as_array().unwrap();
    assert_eq!(a["scan"]["total"], 5);
    let plies: Vec<u64> = points.iter().map(|p| p["ply"].as_u64().unwrap()).collect();
    assert_eq!(plies, [0, 1, 2, 3, 4], "{a}");
    assert!(
        points
            .iter()
            .all(|p| p["cp"].as_i64().unwrap().abs() < 10_000 && p["end"] == false)
    );

    // A long scan is cancelled by stop, its points so far kept.
    ok(&api, "POST", "/api/goto", json!({"game": id, "ply": 4}));
    ok(
        &api,
        "POST",
        "/api/analyse-game",
        json!({"game": id, "nodes": 2_000_000}),
    );
    let a = ok(&api, "POST", "/api/stop", json!({"game": id}));
    assert_eq!(a["scan"]["running"], false, "{a}");
    assert!(a["scan"]["points"].as_array().unwrap().len() < 5, "{a}");
    // A move changes the line: the scan is gone.
    ok(
        &api,
        "POST",
        "/api/move",
        json!({"game": id, "move": "e1e2", "ply": 4}),
    );
    assert!(analysis(&api, &id)["scan"].is_null());
}

#[test]
fn a_finished_game_scores_its_result() {
    let api = Api::new(Registry::builtin());
    let (id, _) = new_game(
        &api,
        json!({"variant": "kaissa", "fen": "4h5/4R5/10/10/10/10/10/10/10/4H5[] w - - 0 20"}),
    );
    ok(
        &api,
        "POST",
        "/api/move",
        json!({"game": id, "move": "e9e10", "ply": 0}),
    );
    ok(&api, "POST", "/api/analyse-game", json!({"game": id}));
    let a = until(&api, &id, "the scan's end", |a| {
        a["scan"]["running"] == false
    });
    let last = &a["scan"]["points"][1];
    assert_eq!(
        (last["cp"].as_i64(), last["end"].as_bool()),
        (Some(10_000), Some(true)),
        "{a}"
    );
}

#[test]
fn bad_clocks_levels_and_scans_are_refused() {
    let api = Api::new(Registry::builtin());
    refused(&api, "/api/new", json!({"clock": {"base_ms": 0}}), "base");
    refused(
        &api,
        "/api/new",
        json!({"clock": {"base_ms": 1000, "inc_ms": 700_000}}),
        "increment",
    );
    refused(
        &api,
        "/api/new",
        json!({"clock": {"base_ms": 1000, "hurry": true}}),
        "unknown field",
    );
    refused(
        &api,
        "/api/new",
        json!({"clock": "5+3"}),
        "bad request body",
    );
    let (id, before) = new_game(&api, json!({"variant": "gc"}));
    refused(
        &api,
        "/api/analyse-game",
        json!({"game": id, "nodes": 0}),
        "nodes",
    );
    refused(
        &api,
        "/api/analyse-game",
        json!({"game": id, "nodes": 3_000_000}),
        "nodes",
    );
    refused(&api, "/api/go", json!({"game": id, "level": 5}), "needs");
    refused(
        &api,
        "/api/go",
        json!({"game": id, "depth": 2, "level": -1}),
        "bad request body",
    );
    let after = state(&api, &id);
    assert_eq!(after["fen"], before["fen"]);
    assert!(after["clock"].is_null() && analysis(&api, &id)["scan"].is_null());
}

/// The cells marked `danger` in a state's view.
fn danger(s: &Value) -> Vec<String> {
    let cells = s["view"]["cells"].as_array().unwrap();
    cells
        .iter()
        .filter(|c| c["marks"].as_array().unwrap().iter().any(|m| m == "danger"))
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_piece_whose_loss_ends_the_game_is_marked_while_attacked() {
    let api = Api::new(Registry::builtin());
    let (_, s) = new_game(
        &api,
        json!({"variant": "kaissa", "fen": "4h5/4R5/10/10/10/10/10/10/10/4H5[] w - - 0 20"}),
    );
    assert_eq!(danger(&s), ["e10"], "Red's Home Stone under the Rider");
    let (_, s) = new_game(
        &api,
        json!({"variant": "kaissa", "fen": "4h5/10/4R5/10/10/10/10/10/10/4H5[] w - - 0 20"}),
    );
    assert!(danger(&s).is_empty(), "the Rider moves one step in kaissa");
    let (_, s) = new_game(
        &api,
        json!({"variant": "caissa", "fen": "q6/7/7/3r3/7/7/3Q3 w - 0"}),
    );
    assert_eq!(
        danger(&s),
        ["d1"],
        "White's Queen in check: {}",
        s["view"]["notes"]
    );
    let (_, s) = new_game(&api, json!({"variant": "jikaida"}));
    assert!(danger(&s).is_empty());
}
