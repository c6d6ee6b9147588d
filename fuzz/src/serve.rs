//! Requests to `kaissa serve`'s API, answered in process (no socket) by one `Api`.

use super::registry;
use kaissa::serve::api::Api;
use serde_json::Value;

/// Requests of one execution sent at most.
const MAX_REQUESTS: usize = 32;
/// Games one execution starts at most (each has an 8 MiB table).
const MAX_GAMES: usize = 3;

/// A request body made cheap to run: searches to depth 2 at most (depth 2 when none is
/// given, never infinite) and game scans of 2,000 nodes at most.
fn tame_body(path: &str, body: &str) -> String {
    let Ok(Value::Object(mut o)) = serde_json::from_str::<Value>(body) else {
        return body.to_string();
    };
    let small = |o: &mut serde_json::Map<String, Value>, key: &str, max: u64, default: bool| match o
        .get(key)
        .and_then(Value::as_u64)
    {
        Some(n) if n > max => drop(o.insert(key.into(), max.into())),
        None if default => drop(o.insert(key.into(), max.into())),
        _ => {}
    };
    if path.starts_with("/api/go") {
        small(&mut o, "depth", 2, true);
        small(&mut o, "movetime", 20, false);
        o.remove("infinite");
    } else if path.starts_with("/api/analyse-game") {
        small(&mut o, "nodes", 2000, true);
    }
    Value::Object(o).to_string()
}

/// The API: each line of the input is a request `METHOD URL BODY` (32 at most), where `$ID`
/// stands for the game the last `POST /api/new` started. Every answer has a status of the
/// API's (200, 400, 404, 405, 409), and an error's body is `{"error": one line}`.
pub fn serve_api(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let api = Api::new(registry().clone());
    let mut ids: Vec<String> = Vec::new();
    for line in text.lines().take(MAX_REQUESTS) {
        let mut parts = line.splitn(3, ' ');
        let (Some(method), Some(url)) = (parts.next(), parts.next()) else {
            continue;
        };
        let id = ids.last().map_or("none", String::as_str);
        let url = url.replace("$ID", id);
        let path = url.split('?').next().unwrap_or_default();
        let body = tame_body(path, &parts.next().unwrap_or_default().replace("$ID", id));
        if path == "/api/new" && ids.len() >= MAX_GAMES {
            continue;
        }
        let reply = api.handle(method, &url, body.as_bytes());
        let answer: Option<Value> = serde_json::from_str(&reply.body).ok();
        match reply.status {
            200 if path == "/api/new" => {
                if let Some(Value::String(game)) = answer.as_ref().and_then(|a| a.get("game")) {
                    ids.push(game.clone());
                }
            }
            200 => {}
            400 | 404 | 405 | 409 => {
                let error = answer.as_ref().and_then(|a| a.get("error"));
                let Some(Value::String(msg)) = error else {
                    panic!(
                        "{line:?}: status {} without an error: {}",
                        reply.status, reply.body
                    );
                };
                assert!(!msg.contains('\n'), "{line:?}: error of more than one line");
            }
            s => panic!("{line:?}: status {s}: {}", reply.body),
        }
    }
    for id in &ids {
        let stop = serde_json::json!({ "game": id }).to_string();
        api.handle("POST", "/api/stop", stop.as_bytes());
    }
}
