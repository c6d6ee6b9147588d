//! `kaissa serve`'s games on a clock, at a level, and analysed whole, through the JSON API
//! without a socket: the flag and its result, the increment, no moves taken back or made
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

#[test]
fn a_flag_loses_and_ends_the_game() {
    let api = Api::new(Registry::builtin());
    let (id, s) = new_game(
        &api,
        json!({"variant": "merchants", "clock": {"base_ms": 300}}),
    );
    assert_eq!(s["clock"]["running"], 0, "{s}");
    assert_eq!(s["clock"]["left_ms"][1], 300);
    std::thread::sleep(Duration::from_millis(400));
    let s = state(&api, &id);
    assert_eq!(s["result"], "0-1 {Yellow's time ran out}", "{s}");
    assert_eq!(s["clock"]["flag"], 0);
    assert_eq!(s["clock"]["running"], Value::Null);
    assert_eq!(s["clock"]["left_ms"], json!([0, 300]));
    refused(
        &api,
        "/api/move",
        json!({"game": id, "move": "e2e5", "ply": 0}),
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
            .contains("{Yellow's time ran out} 0-1"),
        "{pgn}"
    );
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
    let s = ok(&api, "POST", "/api/goto", json!({"game": id, "ply": 1}));
    assert_eq!(s["line"], json!(["e2e5"]));
    assert!(s["result"].is_null());
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
    let a = until(&api, &id, "the engine's move", |a| a["ply"] == 1);
    let left = a["clock"]["left_ms"][0].as_u64().unwrap();
    // It spends a share of its four seconds, not all, and gains the increment.
    assert!((1_000..4_100).contains(&left), "{a}");
    assert_eq!(a["clock"]["running"], 1, "{a}");
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
