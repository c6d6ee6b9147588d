//! `kaissa serve`'s games database (`--db`): a game outlives its server and the cap on games in
//! memory, the list of recent games, and a server killed (SIGKILL) while clients write leaves
//! a whole database that holds every move it had acknowledged.

mod serve_common;
mod serve_direct;

use kaissa::games::variants::Registry;
use kaissa::serve::api::Api;
use kaissa::serve::store::Store;
use serde_json::{Value, json};
use serve_common::{Served, TempDir, http};
use serve_direct::{call, ok, strings};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

fn api_on(db: &std::path::Path) -> Api {
    Api::with_store(
        Registry::builtin(),
        Store::open(db).expect("the database opens"),
    )
}

/// The first legal move of a state.
fn first_legal(s: &Value) -> String {
    s["legal"][0]["text"]
        .as_str()
        .expect("a legal move")
        .to_string()
}

fn line(s: &Value) -> Vec<String> {
    strings(&s["line"])
}

#[test]
fn a_game_outlives_its_server_and_the_cap_on_games_in_memory() {
    let dir = TempDir::new("kaissa-store");
    let (id, played, branched) = {
        let api = api_on(&dir.db());
        // A game with a side line: e9e6 was the line, d9d8 played instead at ply 1.
        let b = ok(&api, "POST", "/api/new", json!({"variant": "merchants"}));
        let branched = b["game"].as_str().unwrap().to_string();
        for (ply, mv) in [(0, "e2e5"), (1, "e9e6")] {
            ok(
                &api,
                "POST",
                "/api/move",
                json!({"game": branched, "move": mv, "ply": ply}),
            );
        }
        ok(
            &api,
            "POST",
            "/api/goto",
            json!({"game": branched, "ply": 1}),
        );
        ok(
            &api,
            "POST",
            "/api/move",
            json!({"game": branched, "move": "d9d8", "ply": 1}),
        );
        let mut s = ok(
            &api,
            "POST",
            "/api/new",
            json!({"variant": "merchants", "clock": {"base_ms": 60_000, "inc_ms": 1000}}),
        );
        let id = s["game"].as_str().unwrap().to_string();
        for ply in 0..3 {
            let mv = first_legal(&s);
            s = ok(
                &api,
                "POST",
                "/api/move",
                json!({"game": id, "move": mv, "ply": ply}),
            );
        }
        ok(&api, "POST", "/api/goto", json!({"game": id, "ply": 2}));
        (id, line(&s), branched)
    };
    // A new server on the same file has the game as it was: its line, the shown move, its
    // clock with the increments earned.
    let api = api_on(&dir.db());
    let s = ok(&api, "GET", &format!("/api/state?game={id}"), Value::Null);
    assert_eq!(line(&s), played);
    assert_eq!(s["ply"], 2);
    assert_eq!(s["variant"], "merchants");
    let left = s["clock"]["left_ms"][0].as_u64().unwrap();
    assert!((50_000..=62_000).contains(&left), "{s}");
    // The side line is back beside its line.
    let b = ok(
        &api,
        "GET",
        &format!("/api/state?game={branched}"),
        Value::Null,
    );
    assert_eq!(line(&b), ["e2e5", "d9d8"]);
    assert_eq!(
        b["branches"],
        json!([{"ply": 2, "moves": ["e9e6"], "main": true}])
    );
    // More games than memory holds: the first is still kept, and comes back when asked for.
    let mut last = String::new();
    for _ in 0..40 {
        let n = ok(&api, "POST", "/api/new", json!({"variant": "caissa"}));
        last = n["game"].as_str().unwrap().to_string();
    }
    let s = ok(&api, "GET", &format!("/api/state?game={id}"), Value::Null);
    assert_eq!(line(&s), played);
    // The list of recent games: the latest first, each with its variant and moves.
    let list = ok(&api, "GET", "/api/games?limit=100", Value::Null);
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 42, "{list}");
    assert_eq!(games[0]["game"], last.as_str());
    let ours = games.iter().find(|g| g["game"] == id.as_str()).unwrap();
    assert_eq!(ours["variant"], "merchants");
    assert_eq!(ours["moves"], 3);
    assert_eq!(
        ok(&api, "GET", "/api/games", Value::Null)["games"]
            .as_array()
            .unwrap()
            .len(),
        20
    );
    for bad in ["0", "101", "x", "-1"] {
        let (status, v) = call(&api, "GET", &format!("/api/games?limit={bad}"), Value::Null);
        assert_eq!(status, 400, "{bad}: {v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains("limit must be 1 to 100")
        );
    }
}

#[test]
fn a_file_that_is_no_database_is_refused_in_one_line() {
    let dir = TempDir::new("kaissa-store");
    let path = dir.0.join("not-a-db.sqlite");
    std::fs::write(
        &path,
        "this is not a database, it is a text file long enough",
    )
    .unwrap();
    let Err(e) = Store::open(&path) else {
        panic!("a text file opened as a database");
    };
    assert!(e.starts_with("cannot open the games database"), "{e}");
    assert!(!e.contains('\n'), "{e}");
}

/// What one writing client had acknowledged when the server died.
struct Written {
    game: String,
    line: Vec<String>,
}

/// The JSON of a whole 200 answer; `None` for no answer or one the kill cut short.
fn answer(got: Result<(u16, String), String>) -> Option<Value> {
    match got {
        Ok((200, body)) => serde_json::from_str(&body).ok(),
        _ => None,
    }
}

/// Plays the first legal move again and again on games of its own, starting another when one
/// ends, until the server stops answering; the game and line last acknowledged. Counts each
/// acknowledged move in `acked`.
fn write_until_killed(addr: &str, variant: &str, acked: &AtomicUsize) -> Option<Written> {
    let mut written: Option<Written> = None;
    loop {
        let read = match &written {
            Some(w) => http(addr, "GET", &format!("/api/state?game={}", w.game), ""),
            None => http(
                addr,
                "POST",
                "/api/new",
                &json!({ "variant": variant }).to_string(),
            ),
        };
        // No answer, or one cut short by the kill: the server is gone.
        let Some(s) = answer(read) else {
            return written;
        };
        let game = match (&written, s["game"].as_str()) {
            (Some(w), _) => w.game.clone(),
            (None, Some(id)) => id.to_string(),
            (None, None) => panic!("a new game without an id: {s}"),
        };
        if !s["result"].is_null() || s["legal"].as_array().is_none_or(|l| l.is_empty()) {
            written = None;
            continue;
        }
        let mv = first_legal(&s);
        let ply = s["ply"].as_u64().unwrap();
        let sent = http(
            addr,
            "POST",
            "/api/move",
            &json!({"game": game, "move": mv, "ply": ply}).to_string(),
        );
        if let Ok((status, body)) = &sent
            && *status != 200
            && !body.is_empty()
        {
            panic!("the move {mv} was refused: {status} {body}");
        }
        match answer(sent) {
            Some(after) => {
                acked.fetch_add(1, Ordering::Relaxed);
                written = Some(Written {
                    game,
                    line: line(&after),
                })
            }
            // The move was in flight: what was acknowledged before it stands.
            None => {
                return written.or(Some(Written {
                    game,
                    line: line(&s),
                }));
            }
        }
    }
}

#[test]
fn the_database_is_whole_after_a_kill_in_the_middle_of_writes() {
    let dir = TempDir::new("kaissa-store");
    let db = dir.db();
    for round in 0..3 {
        let mut server = Served::start_with(&db, 0);
        let addr = server.addr.clone();
        let acked = Arc::new(AtomicUsize::new(0));
        let writers: Vec<_> = ["merchants", "caissa", "donkey", "kaissa"]
            .into_iter()
            .map(|variant| {
                let addr = addr.clone();
                let acked = acked.clone();
                std::thread::spawn(move || write_until_killed(&addr, variant, &acked))
            })
            .collect();
        // Let them write until some moves are acknowledged (however slow a loaded machine
        // is), then kill the server wherever it is.
        let start = Instant::now();
        let wanted = 200 + 100 * round;
        while acked.load(Ordering::Relaxed) < wanted && start.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(Duration::from_millis(37 * (round as u64 + 1)));
        server.kill();
        let written: Vec<Written> = writers
            .into_iter()
            .filter_map(|w| w.join().expect("a writer"))
            .collect();
        assert!(
            !written.is_empty(),
            "round {round}: nothing was written in {:?}",
            start.elapsed()
        );
        // The file is a whole database.
        let conn = rusqlite::Connection::open(&db).unwrap();
        let check: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(check, "ok", "round {round}");
        drop(conn);
        // A new server has every move it had acknowledged, and at most the one in flight more.
        let server = Served::start_with(&db, 0);
        for w in &written {
            let (status, body) = http(
                &server.addr,
                "GET",
                &format!("/api/state?game={}", w.game),
                "",
            )
            .unwrap();
            assert_eq!(status, 200, "round {round}: {body}");
            let s: Value = serde_json::from_str(&body).unwrap();
            let kept = line(&s);
            assert!(
                kept.starts_with(&w.line) && kept.len() <= w.line.len() + 1,
                "round {round}: acknowledged {:?}, kept {kept:?}",
                w.line
            );
        }
    }
}
