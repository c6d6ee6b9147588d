//! `kaissa serve` against malformed input over a real socket: broken HTTP, bodies too large or
//! cut short, every route with mutated JSON bodies and query strings, and binary noise. The
//! server must answer each request that is HTTP with a status and, for the API, a one-line JSON
//! error; it must never die or hang, and a game's position must be what it was.

/// The UCI tests' harness, for its seeded generator (so a failure repeats).
#[path = "session/driver.rs"]
mod harness;
mod serve_common;

use harness::Rng;
use serde_json::{Value, json};
use serve_common::{Served, http, parse_answer, raw};
use std::time::{Duration, Instant};

/// The longest any one request may take to be answered.
const ANSWER: Duration = Duration::from_secs(20);

/// Mutates a text: drops, duplicates, flips or inserts bytes, or cuts it.
fn mutate(rng: &mut Rng, text: &str) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = if b.is_empty() { 0 } else { rng.below(b.len()) };
        match rng.below(6) {
            0 if !b.is_empty() => {
                b.remove(at);
            }
            1 if !b.is_empty() => b.insert(at, b[at]),
            2 if !b.is_empty() => b[at] ^= 1 << rng.below(8),
            3 => {
                let noise = b"{}[]\":,\\0\xff\x00e9-";
                b.insert(at, noise[rng.below(noise.len())])
            }
            4 => b.truncate(at),
            _ => b.extend_from_slice(&b.clone()[..at]),
        }
    }
    b
}

/// Sends one request with a body of raw bytes; the status and body if the answer is HTTP.
fn send(addr: &str, method: &str, path: &str, body: &[u8]) -> Option<(u16, String)> {
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(body);
    let start = Instant::now();
    let answer = raw(addr, &req, ANSWER).unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    assert!(start.elapsed() < ANSWER, "{method} {path}: too slow");
    parse_answer(&answer).ok()
}

/// Checks an API answer: a status, JSON, and an error on one line for a 4xx.
fn check(what: &str, status: u16, body: &str) {
    assert!(
        status == 200 || (400..500).contains(&status),
        "{what}: status {status}: {body}"
    );
    if status >= 400 {
        let v: Value =
            serde_json::from_str(body).unwrap_or_else(|_| panic!("{what}: not JSON: {body}"));
        let e = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{what}: {body}"));
        assert!(!e.is_empty() && !e.contains('\n'), "{what}: {e:?}");
    }
}

#[test]
fn malformed_requests_never_stop_or_hang_the_server() {
    let mut server = Served::start();
    let addr = server.addr.clone();
    let (status, body) = http(&addr, "POST", "/api/new", r#"{"variant":"kaissa"}"#).unwrap();
    assert_eq!(status, 200, "{body}");
    let state: Value = serde_json::from_str(&body).unwrap();
    let game = state["game"].as_str().unwrap().to_string();
    let fen = state["fen"].clone();

    // Broken HTTP: each gets an HTTP error or a closed connection, never a hang.
    let junk: Vec<Vec<u8>> = vec![
        b"\r\n\r\n".to_vec(),
        b"GARBAGE\r\n\r\n".to_vec(),
        b"GET\r\n\r\n".to_vec(),
        b"GET / HTTP/9.9\r\n\r\n".to_vec(),
        b"GET /api/state?game=\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
        format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(100_000)).into_bytes(),
        format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "b".repeat(100_000)).into_bytes(),
        b"POST /api/move HTTP/1.1\r\nContent-Length: 500\r\n\r\n{\"game\":".to_vec(),
        b"POST /api/move HTTP/1.1\r\nContent-Length: -5\r\n\r\n".to_vec(),
        b"POST /api/move HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n".to_vec(),
        (0..4000u32).map(|i| (i * 7919 % 251) as u8).collect(),
    ];
    for (i, bytes) in junk.iter().enumerate() {
        let start = Instant::now();
        let answer = raw(&addr, bytes, ANSWER);
        assert!(start.elapsed() < ANSWER, "junk {i}: no answer in time");
        if let Ok(a) = answer
            && let Ok((status, _)) = parse_answer(&a)
        {
            // A long header line is still a request for the page.
            assert!(
                (400..600).contains(&status) || (i == 6 && status == 200),
                "junk {i}: status {status}"
            );
        }
        assert!(server.alive(), "junk {i} stopped the server");
    }

    // A body over the limit.
    let big = vec![b' '; (1 << 20) + 10];
    let (status, body) = send(&addr, "POST", "/api/pgn", &big).expect("an answer");
    assert_eq!(status, 413, "{body}");
    check("big body", status, &body);

    // A move's ply malformed (negative, fractional, huge, a string, another type) or stale:
    // a one-line error each, and the game as it was.
    for (ply, want) in [
        ("-1", 400),
        ("1.5", 400),
        ("1e30", 400),
        ("18446744073709551616", 400),
        ("99999999999999999999999999", 400),
        ("\"0\"", 400),
        ("\"zero\"", 400),
        ("null", 400),
        ("true", 400),
        ("[0]", 400),
        ("{}", 400),
        ("7", 409),
        ("18446744073709551615", 409),
    ] {
        let body = format!(r#"{{"game":"{game}","move":"e2e5","ply":{ply}}}"#);
        let (status, reply) = send(&addr, "POST", "/api/move", body.as_bytes()).expect("an answer");
        assert_eq!(status, want, "ply {ply}: {reply}");
        check(&format!("ply {ply}"), status, &reply);
        let (_, now) = http(&addr, "GET", &format!("/api/state?game={game}"), "").unwrap();
        let now: Value = serde_json::from_str(&now).unwrap();
        assert_eq!((&now["fen"], &now["ply"]), (&fen, &json!(0)), "ply {ply}");
    }
    assert!(server.alive(), "a malformed ply stopped the server");

    // Every route with mutated bodies and queries.
    let bodies = [
        (
            "/api/new",
            json!({"variant": "caissa", "fen": "7/3bqn1/4r2/7/2R4/1NQB3/7 w - 0"}),
        ),
        ("/api/move", json!({"game": game, "move": "e2e5", "ply": 0})),
        ("/api/move", json!({"game": game, "move": "e2e5", "ply": 3})),
        ("/api/undo", json!({"game": game})),
        ("/api/goto", json!({"game": game, "ply": 0})),
        (
            "/api/goto",
            json!({"game": game, "ply": 1, "line": ["e2e5", "e9e6"]}),
        ),
        ("/api/promote", json!({"game": game})),
        ("/api/delete", json!({"game": game, "ply": 1})),
        (
            "/api/pgn",
            json!({"game": game, "pgn": "[Variant \"kaissa\"]\n\n1. e2e5 (1. d2d4 e9e6) e9e6 *"}),
        ),
        ("/api/fen", json!({"game": game, "fen": fen})),
        (
            "/api/pgn",
            json!({"game": game, "pgn": "[Variant \"kaissa\"]\n\n1. e2e5 e9e6 *"}),
        ),
        ("/api/go", json!({"game": game, "depth": 2, "multipv": 2})),
        (
            "/api/go",
            json!({"game": game, "depth": 2, "level": 0, "play": true}),
        ),
        (
            "/api/go",
            json!({"game": game, "clock": true, "play": true}),
        ),
        ("/api/analyse-game", json!({"game": game, "nodes": 500})),
        (
            "/api/new",
            json!({"variant": "donkey", "clock": {"base_ms": 60000, "inc_ms": 1000}}),
        ),
        ("/api/stop", json!({"game": game})),
        ("/api/draw", json!({"game": game, "side": 0})),
        ("/api/resign", json!({"game": game, "side": 1})),
        ("/api/abort", json!({"game": game})),
    ];
    let queries = [
        format!("/api/state?game={game}"),
        format!("/api/analysis?game={game}"),
        format!("/api/pgn?game={game}"),
        "/api/variants".to_string(),
        "/api/games?limit=5".to_string(),
    ];
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let start = Instant::now();
    for round in 0..300 {
        let (path, body) = &bodies[rng.below(bodies.len())];
        let bytes = mutate(&mut rng, &body.to_string());
        let Some((status, reply)) = send(&addr, "POST", path, &bytes) else {
            panic!("round {round}: {path} gave no HTTP answer");
        };
        check(
            &format!(
                "round {round} POST {path} {}",
                String::from_utf8_lossy(&bytes)
            ),
            status,
            &reply,
        );
        let q = &queries[rng.below(queries.len())];
        let mutated = String::from_utf8_lossy(&mutate(&mut rng, q)).replace([' ', '\r', '\n'], "");
        let path = if mutated.starts_with('/') {
            mutated
        } else {
            format!("/{mutated}")
        };
        if let Some((status, reply)) = send(&addr, "GET", &path, b"") {
            check(&format!("round {round} GET {path}"), status, &reply);
        }
        let method = ["PUT", "DELETE", "PATCH", "OPTIONS", "GET"][rng.below(5)];
        if let Some((status, reply)) = send(&addr, method, "/api/move", &bytes) {
            check(&format!("round {round} {method} /api/move"), status, &reply);
        }
        assert!(server.alive(), "round {round} stopped the server");
    }
    assert!(
        start.elapsed() < Duration::from_secs(240),
        "the fuzzing took too long"
    );

    // Still answering, and the game is still a game: back to its start, it shows the FEN.
    let _ = http(
        &addr,
        "POST",
        "/api/stop",
        &json!({"game": game}).to_string(),
    )
    .unwrap();
    let (status, body) = http(
        &addr,
        "POST",
        "/api/fen",
        &json!({"game": game, "fen": fen}).to_string(),
    )
    .unwrap();
    assert_eq!(status, 200, "{body}");
    let (status, body) = http(&addr, "GET", &format!("/api/state?game={game}"), "").unwrap();
    assert_eq!(status, 200);
    let now: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(now["fen"], fen);
    let (status, body) = http(&addr, "GET", "/", "").unwrap();
    assert_eq!(status, 200);
    assert!(body.contains("<script"));
}

#[test]
fn a_search_stops_when_its_page_goes_away() {
    let server = Served::start();
    let addr = server.addr.clone();
    let (_, body) = http(&addr, "POST", "/api/new", r#"{"variant":"kaissa"}"#).unwrap();
    let game = serde_json::from_str::<Value>(&body).unwrap()["game"]
        .as_str()
        .unwrap()
        .to_string();
    let go = json!({"game": game, "infinite": true}).to_string();
    let (status, body) = http(&addr, "POST", "/api/go", &go).unwrap();
    assert_eq!(status, 200, "{body}");
    // Nobody asks for 5 s: the search is stopped; the next question finds it stopped.
    std::thread::sleep(Duration::from_secs(7));
    let (_, body) = http(&addr, "GET", &format!("/api/analysis?game={game}"), "").unwrap();
    let a: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(a["report"]["searching"], false, "{a}");
}

#[test]
fn clients_that_stall_inside_their_bodies_do_not_stop_the_others() {
    use std::io::Write;
    let server = Served::start();
    let addr = server.addr.clone();
    let stalled: Vec<std::net::TcpStream> = (0..16)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&addr).expect("a connection");
            s.write_all(
                b"POST /api/new HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{\"vari",
            )
            .expect("a partial request");
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    let (status, body) = http(&addr, "GET", "/api/variants", "").expect("an answer");
    assert_eq!(status, 200, "{body}");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "answered only after {:?}",
        start.elapsed()
    );
    drop(stalled);
}
