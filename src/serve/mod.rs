//! `kaissa serve`: a local web server with a page that draws and plays every game (against the
//! engine or between two people) and analyses positions and games. The page draws each board
//! from the cell list its game supplies ([`crate::core::board_view::BoardView`]) and picks
//! moves from the engine's legal moves: it holds no rule of any game.
//!
//! [`api`] answers the page's requests (JSON, socket-free), [`session`] is one game with its
//! engine, its one search (or [`scan`] of the whole line) and its [`clock`], [`draw`] the
//! engine's answer to a draw offer, [`moves`] splits legal moves for clicking, [`store`] keeps every game in a SQLite file, [`assets`] is the
//! page itself, built into the binary. This module owns the sockets and threads.

pub mod api;
pub mod assets;
pub mod clock;
pub mod draw;
pub mod moves;
pub mod scan;
pub mod session;
pub mod store;
pub mod tree;

use crate::games::variants::Registry;
use api::{Api, MAX_BODY, Reply};
use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Threads answering requests.
const WORKERS: usize = 8;
/// Bodies up to this length tiny_http reads itself before handing the request over; a longer
/// one is read from the socket by whoever answers, which waits as long as its client does.
const EAGER_BODY: usize = 1024;
/// Longer bodies being read at once, each on a thread of its own (so a client that stalls
/// inside one holds no worker); beyond this, a request with a long body is refused (503).
const MAX_READERS: usize = 32;

/// Where to listen.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Address to bind (default 127.0.0.1: this machine only).
    pub host: String,
    /// Port (0: any free port).
    pub port: u16,
    /// The games database (`--db`); `None`: [`store::default_path`].
    pub db: Option<PathBuf>,
}

/// Opens the games database, starts the server, calls `ready` with the page's URL once it
/// listens, and answers requests until the process ends. Errors only if it cannot open the
/// database or listen.
pub fn run(
    config: &ServeConfig,
    registry: Registry,
    ready: impl FnOnce(&str),
) -> Result<(), String> {
    let db = match &config.db {
        Some(p) => p.clone(),
        None => store::default_path().ok_or(
            "no place for the games database: give --db PATH (neither XDG_DATA_HOME nor HOME is set)",
        )?,
    };
    let store = store::Store::open(&db)?;
    let server = tiny_http::Server::http((config.host.as_str(), config.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", config.host, config.port))?;
    let addr = server
        .server_addr()
        .to_ip()
        .ok_or("the server has no IP address")?;
    let host = if addr.is_ipv6() {
        format!("[{}]", addr.ip())
    } else {
        addr.ip().to_string()
    };
    let server = Arc::new(server);
    let api = Arc::new(Api::with_store(registry, store));
    ready(&format!("http://{host}:{}/", addr.port()));
    let reaper = api.clone();
    std::thread::Builder::new()
        .name("reaper".into())
        .spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(500));
                reaper.reap();
            }
        })
        .map_err(|e| format!("cannot start a thread: {e}"))?;
    let readers = Arc::new(AtomicUsize::new(0));
    let mut workers = Vec::new();
    for i in 0..WORKERS {
        let (server, api, readers) = (server.clone(), api.clone(), readers.clone());
        let w = std::thread::Builder::new()
            .name(format!("http-{i}"))
            .spawn(move || {
                while let Ok(request) = server.recv() {
                    dispatch(&api, &readers, request);
                }
            })
            .map_err(|e| format!("cannot start a thread: {e}"))?;
        workers.push(w);
    }
    for w in workers {
        let _ = w.join();
    }
    Ok(())
}

/// Answers a request on the worker when its body is already read (or absent); refuses one
/// whose declared body is over [`MAX_BODY`] without reading it; hands one with a longer body
/// still to read to a thread of its own.
fn dispatch(api: &Arc<Api>, readers: &Arc<AtomicUsize>, request: tiny_http::Request) {
    let quick = matches!(
        request.method(),
        tiny_http::Method::Get | tiny_http::Method::Head
    );
    match request.body_length() {
        Some(n) if n > MAX_BODY => {
            let reply = Reply::error(413, &format!("the body exceeds {MAX_BODY} bytes"));
            send(request, reply);
        }
        Some(n) if n <= EAGER_BODY => answer(api, request),
        None if quick => answer(api, request),
        _ => {
            if readers.fetch_add(1, Ordering::SeqCst) >= MAX_READERS {
                readers.fetch_sub(1, Ordering::SeqCst);
                send(
                    request,
                    Reply::error(503, "too many requests are sending bodies"),
                );
                return;
            }
            let (api, done) = (api.clone(), readers.clone());
            let spawned = std::thread::Builder::new()
                .name("http-body".into())
                .spawn(move || {
                    answer(&api, request);
                    done.fetch_sub(1, Ordering::SeqCst);
                });
            if spawned.is_err() {
                // The request went with the closure; its client sees the connection close.
                readers.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }
}

/// Reads one request's body (at most [`MAX_BODY`] bytes), answers it and sends the answer.
fn answer(api: &Api, mut request: tiny_http::Request) {
    let method = request.method().as_str().to_ascii_uppercase();
    let url = request.url().to_string();
    let mut body = Vec::new();
    let reply = match request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body)
    {
        Err(e) => Reply::error(400, &format!("cannot read the request body: {e}")),
        Ok(n) if n > MAX_BODY => Reply::error(413, &format!("the body exceeds {MAX_BODY} bytes")),
        // A bug in one request must not take a worker thread with it.
        Ok(_) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            api.handle(&method, &url, &body)
        }))
        .unwrap_or_else(|_| Reply::error(500, "internal error (a bug: please report it)")),
    };
    log::debug!("{method} {url} -> {}", reply.status);
    send(request, reply);
}

/// Sends a reply.
fn send(request: tiny_http::Request, reply: Reply) {
    let mut response = tiny_http::Response::from_string(reply.body).with_status_code(reply.status);
    for (k, v) in [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
    ] {
        if let Ok(h) = tiny_http::Header::from_bytes(k, v) {
            response.add_header(h);
        }
    }
    // A client that went away is no error of ours.
    let _ = request.respond(response);
}
