//! What the tests of `kaissa serve`'s API without a socket share: one request to an [`Api`]
//! and its JSON answer.

#![allow(dead_code)]

use kaissa::serve::api::Api;
use serde_json::Value;

/// Sends one request (`body` Null: none); the status and the answer, which is always JSON.
pub fn call(api: &Api, method: &str, url: &str, body: Value) -> (u16, Value) {
    let text = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let r = api.handle(method, url, text.as_bytes());
    let v: Value = serde_json::from_str(&r.body).expect("every API answer is JSON");
    (r.status, v)
}

/// Sends one request that must succeed; its answer.
pub fn ok(api: &Api, method: &str, url: &str, body: Value) -> Value {
    let (status, v) = call(api, method, url, body);
    assert_eq!(status, 200, "{method} {url}: {v}");
    v
}

/// The strings of a JSON array (a line of moves, a cell's marks).
pub fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|m| m.as_str().expect("a string").to_string())
        .collect()
}
