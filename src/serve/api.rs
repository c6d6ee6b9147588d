//! The page's JSON API: each request (method, path with query, body) becomes one [`Reply`];
//! nothing here touches a socket, so every route is tested without one. Bad input of any kind
//! gets a status 4xx and `{"error": "one line"}`; no input stops the server or changes a game
//! it was refused for.
//!
//! The page may only pick variants the server knows, set positions, play moves and run
//! searches: there is no route that reads a file or sets an engine option (no `load`, no
//! `VariantPath`, no hash size or thread count).

use super::assets;
use super::moves::{MoveView, move_views};
use super::scan;
use super::session::{GoRequest, Session};
use super::store::{MAX_RECENT, Store};
use crate::engine::skill;
use crate::games::color_name;
use crate::games::variants::Registry;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Longest error message, in characters.
const MAX_ERROR: usize = 300;
/// Largest request body accepted (a long PGN fits).
pub const MAX_BODY: usize = 1 << 20;
/// Most games kept in memory at once, each with its engine; one more pushes out the least
/// recently used, which stays in the database and comes back when a page asks for it.
const MAX_GAMES: usize = 32;
/// Games in the list of recent games when the request does not say.
const DEFAULT_RECENT: usize = 20;
/// A game whose page has asked nothing for this long has its search stopped.
pub const ABANDONED: Duration = Duration::from_secs(5);
/// A game whose page has asked nothing for this long leaves memory (the database keeps it).
const FORGOTTEN: Duration = Duration::from_secs(3600);
/// Longest search time a page may ask for.
const MAX_MOVETIME_MS: u64 = 600_000;
/// Deepest search a page may ask for.
const MAX_DEPTH: i32 = 64;
/// Most principal variations a page may ask for.
const MAX_MULTIPV: usize = 16;

/// An answer to one request.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// Content type of `body`.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Reply {
    /// A JSON answer with status 200.
    fn json(v: Value) -> Reply {
        Reply {
            status: 200,
            content_type: "application/json",
            body: v.to_string(),
        }
    }

    /// An error: `{"error": msg}` with the status, on one line of at most 300 (`MAX_ERROR`)
    /// characters (a message may quote the request).
    pub fn error(status: u16, msg: &str) -> Reply {
        let mut one_line: String = msg.lines().collect::<Vec<_>>().join(" ");
        if let Some((cut, _)) = one_line.char_indices().nth(MAX_ERROR) {
            one_line.truncate(cut);
            one_line.push_str("...");
        }
        Reply {
            status,
            content_type: "application/json",
            body: json!({ "error": one_line }).to_string(),
        }
    }
}

/// A refused request: status and message.
type Refusal = (u16, String);

/// Bad input: status 400.
fn bad(msg: impl Into<String>) -> Refusal {
    (400, msg.into())
}

/// The games of one server and the variants it offers.
pub struct Api {
    registry: Registry,
    /// The games in memory, by id: those pages use now.
    games: Mutex<HashMap<String, Arc<Mutex<Session>>>>,
    /// Every game, kept.
    store: Store,
    ids: RandomState,
    next: Mutex<u64>,
}

/// Locks a mutex, also after a panic in another request (the data stays usable: every
/// change to a game is made whole or refused).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Reads a JSON body into `T`, refusing unknown fields.
fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Refusal> {
    let text = std::str::from_utf8(bytes).map_err(|_| bad("the body is not UTF-8"))?;
    serde_json::from_str(text).map_err(|e| bad(format!("bad request body: {e}")))
}

/// The value of `name` in a query string (`game=ID&x=y`).
fn query<'a>(q: &'a str, name: &str) -> Option<&'a str> {
    q.split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// A body naming a game only.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameOnly {
    game: String,
}

/// `POST /api/new`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewBody {
    variant: Option<String>,
    fen: Option<String>,
    clock: Option<ClockBody>,
}

/// A clock of `POST /api/new`: base time and increment per move, in milliseconds.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockBody {
    base_ms: u64,
    #[serde(default)]
    inc_ms: u64,
}

/// `POST /api/move`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    game: String,
    #[serde(rename = "move")]
    mv: String,
    /// How many moves of the line the client's board showed when the move was made (the
    /// state's `ply`): a move made on a board the game has since left is refused. Read as any
    /// JSON value so that a missing or malformed one gets an error of its own.
    ply: Option<Value>,
}

impl MoveBody {
    /// The ply the move was made at, checked: required, a whole number from 0.
    fn ply(&self) -> Result<usize, Refusal> {
        let Some(v) = &self.ply else {
            return Err(bad(
                "a move needs ply: how many moves of the line the board showed (the state's ply), \
                 so that a move made on an old board is refused",
            ));
        };
        v.as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| {
                bad(format!(
                    "ply must be a whole number from 0 (the state's ply), not {v}"
                ))
            })
    }
}

/// Refuses a move made at `ply` when the game shows another ply (another tab, or the engine,
/// moved since the client's board was drawn): status 409, and nothing changes.
fn check_ply(s: &Session, ply: usize) -> Result<(), Refusal> {
    let (shown, _) = s.line();
    if ply == shown.len() {
        return Ok(());
    }
    let last = shown
        .last()
        .map_or(String::new(), |m| format!(", last move {m}"));
    Err((
        409,
        format!(
            "the game has moved on: the move was made at ply {ply}, the game is at ply {}{last}; \
             reload its state and play again",
            shown.len()
        ),
    ))
}

/// `POST /api/resign` and `POST /api/draw`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideBody {
    game: String,
    /// The side that resigns or offers a draw: 0 the first player, 1 the second.
    side: usize,
}

/// `POST /api/goto`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GotoBody {
    game: String,
    ply: usize,
    /// A line of the game's tree to show (a side line), from the start; absent: the shown
    /// line.
    line: Option<Vec<String>>,
}

/// `POST /api/delete`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeleteBody {
    game: String,
    /// The first move deleted: the shown line's `ply`-th (1 the first).
    ply: usize,
}

/// `POST /api/fen`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FenBody {
    game: String,
    fen: String,
}

/// `POST /api/pgn`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PgnBody {
    game: String,
    pgn: String,
}

/// `POST /api/analyse-game`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScanBody {
    game: String,
    nodes: Option<u64>,
}

/// `POST /api/go`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GoBody {
    game: String,
    movetime: Option<u64>,
    depth: Option<i32>,
    multipv: Option<usize>,
    #[serde(default)]
    infinite: bool,
    #[serde(default)]
    play: bool,
    #[serde(default)]
    clock: bool,
    level: Option<u32>,
}

impl GoBody {
    /// The search asked for, checked.
    fn request(&self) -> Result<GoRequest, Refusal> {
        if let Some(t) = self.movetime
            && !(1..=MAX_MOVETIME_MS).contains(&t)
        {
            return Err(bad(format!("movetime must be 1 to {MAX_MOVETIME_MS} ms")));
        }
        if let Some(d) = self.depth
            && !(1..=MAX_DEPTH).contains(&d)
        {
            return Err(bad(format!("depth must be 1 to {MAX_DEPTH}")));
        }
        let multipv = self.multipv.unwrap_or(1);
        if !(1..=MAX_MULTIPV).contains(&multipv) {
            return Err(bad(format!("multipv must be 1 to {MAX_MULTIPV}")));
        }
        if self.movetime.is_none() && self.depth.is_none() && !self.infinite && !self.clock {
            return Err(bad("go needs movetime, depth, clock or infinite"));
        }
        let level = self.level.unwrap_or(skill::FULL);
        if level > skill::FULL {
            return Err(bad(format!("level must be 0 to {}", skill::FULL)));
        }
        if self.play && self.infinite {
            return Err(bad("an infinite search cannot play a move"));
        }
        Ok(GoRequest {
            movetime_ms: self.movetime,
            depth: self.depth,
            multipv,
            infinite: self.infinite,
            play: self.play,
            clock: self.clock,
            level,
        })
    }
}

impl Api {
    /// An API offering the games of `registry`, keeping them in a database in memory (gone
    /// with the API).
    pub fn new(registry: Registry) -> Api {
        Api::with_store(registry, Store::memory())
    }

    /// An API offering the games of `registry`, keeping them in `store`.
    pub fn with_store(registry: Registry, store: Store) -> Api {
        Api {
            registry,
            games: Mutex::default(),
            store,
            ids: RandomState::new(),
            next: Mutex::new(0),
        }
    }

    /// Answers one request. `url` is the path with its query string.
    pub fn handle(&self, method: &str, url: &str, body: &[u8]) -> Reply {
        let (path, q) = url.split_once('?').unwrap_or((url, ""));
        if let Some(asset) = assets::get(path) {
            return if method == "GET" || method == "HEAD" {
                Reply {
                    status: 200,
                    content_type: asset.0,
                    body: asset.1.to_string(),
                }
            } else {
                Reply::error(405, &format!("{path} takes GET"))
            };
        }
        let answer = match (method, path) {
            ("GET", "/api/variants") => Ok(self.variants()),
            ("POST", "/api/new") => self.new_game(body),
            ("GET", "/api/games") => self.recent(q),
            ("GET", "/api/state") => self.with_game_query(q, |s| Ok(self.state(s))),
            ("GET", "/api/analysis") => self.with_game_query(q, |s| Ok(analysis(s))),
            ("GET", "/api/pgn") => self.with_game_query(q, |s| Ok(json!({ "pgn": s.pgn() }))),
            ("POST", "/api/move") => self.post(body, |b: MoveBody| {
                let ply = b.ply()?;
                self.with_game(&b.game, |s| {
                    check_ply(s, ply)?;
                    if s.over() {
                        return Err(bad("the game is over"));
                    }
                    s.play(b.mv.trim()).map_err(bad)?;
                    Ok(self.state(s))
                })
            }),
            ("POST", "/api/undo") => self.post(body, |b: GameOnly| {
                self.with_game(&b.game, |s| {
                    s.undo().map_err(bad)?;
                    Ok(self.state(s))
                })
            }),
            ("POST", "/api/draw") => self.post(body, |b: SideBody| {
                self.with_game(&b.game, |s| {
                    let (accepted, why) = s.offer_draw(b.side).map_err(bad)?;
                    let mut state = self.state(s);
                    state["draw"] = json!({ "accepted": accepted, "reason": why });
                    Ok(state)
                })
            }),
            ("POST", "/api/resign") => self.post(body, |b: SideBody| {
                self.with_game(&b.game, |s| {
                    s.resign(b.side).map_err(bad)?;
                    Ok(self.state(s))
                })
            }),
            ("POST", "/api/abort") => self.post(body, |b: GameOnly| {
                self.with_game(&b.game, |s| {
                    s.abort().map_err(bad)?;
                    Ok(self.state(s))
                })
            }),
            ("POST", "/api/goto") => self.post(body, |b: GotoBody| {
                self.with_game(&b.game, |s| {
                    match &b.line {
                        Some(line) => s.select(line, b.ply).map_err(bad)?,
                        None => s.goto(b.ply).map_err(bad)?,
                    }
                    Ok(self.state(s))
                })
            }),
            ("POST", "/api/promote") => self.post(body, |b: GameOnly| {
                self.with_game(&b.game, |s| {
                    s.promote().map_err(bad)?;
                    Ok(self.state(s))
                })
            }),
            ("POST", "/api/delete") => self.post(body, |b: DeleteBody| {
                self.with_game(&b.game, |s| {
                    s.delete_from(b.ply).map_err(bad)?;
                    Ok(self.state(s))
                })
            }),
            ("POST", "/api/fen") => self.post(body, |b: FenBody| {
                self.with_game(&b.game, |s| {
                    s.set_fen(b.fen.trim()).map_err(bad)?;
                    Ok(self.state(s))
                })
            }),
            ("POST", "/api/pgn") => self.post(body, |b: PgnBody| {
                self.with_game(&b.game, |s| {
                    s.load_pgn(&self.registry, &b.pgn).map_err(bad)?;
                    Ok(self.state(s))
                })
            }),
            ("POST", "/api/go") => self.post(body, |b: GoBody| {
                let req = b.request()?;
                self.with_game(&b.game, |s| {
                    if s.over() {
                        return Err(bad("the game is over"));
                    }
                    s.go(&req);
                    Ok(analysis(s))
                })
            }),
            ("POST", "/api/analyse-game") => self.post(body, |b: ScanBody| {
                let nodes = b.nodes.unwrap_or(scan::DEFAULT_NODES);
                if !(1..=scan::MAX_NODES).contains(&nodes) {
                    return Err(bad(format!("nodes must be 1 to {}", scan::MAX_NODES)));
                }
                self.with_game(&b.game, |s| {
                    s.analyse_game(nodes).map_err(bad)?;
                    Ok(analysis(s))
                })
            }),
            ("POST", "/api/stop") => self.post(body, |b: GameOnly| {
                self.with_game(&b.game, |s| {
                    s.stop();
                    Ok(analysis(s))
                })
            }),
            (_, p) if p.starts_with("/api/") => Err((
                404,
                format!("no route {method} {p}; see protocol.md, \"kaissa serve\""),
            )),
            _ => Err((404, format!("no page {path}"))),
        };
        match answer {
            Ok(v) => Reply::json(v),
            Err((status, msg)) => Reply::error(status, &msg),
        }
    }

    /// Reads a POST body and runs `f` on it.
    fn post<T: DeserializeOwned>(
        &self,
        bytes: &[u8],
        f: impl FnOnce(T) -> Result<Value, Refusal>,
    ) -> Result<Value, Refusal> {
        f(body(bytes)?)
    }

    /// Runs `f` on the game a query string names.
    fn with_game_query(
        &self,
        q: &str,
        f: impl FnOnce(&mut Session) -> Result<Value, Refusal>,
    ) -> Result<Value, Refusal> {
        let id = query(q, "game").ok_or_else(|| bad("missing ?game=ID"))?;
        self.with_game(id, f)
    }

    /// Runs `f` on a game (read back from the database if it is not in memory), after making
    /// any move its engine has found since; then writes it to the database if it changed.
    fn with_game(
        &self,
        id: &str,
        f: impl FnOnce(&mut Session) -> Result<Value, Refusal>,
    ) -> Result<Value, Refusal> {
        let found = lock(&self.games).get(id).cloned();
        let game = match found {
            Some(g) => g,
            None => self.recall(id)?,
        };
        let mut s = lock(&game);
        s.last_seen = Instant::now();
        s.settle();
        let answer = f(&mut s);
        self.keep(id, &mut s);
        answer
    }

    /// Reads a game the memory no longer has back from the database, and keeps it in memory.
    fn recall(&self, id: &str) -> Result<Arc<Mutex<Session>>, Refusal> {
        let unknown = || {
            (
                404,
                format!(
                    "unknown game '{id}': the server has no game of that id (not in its \
                     database{}); start one with /api/new",
                    self.store
                        .path()
                        .map_or(String::new(), |p| format!(" {}", p.display()))
                ),
            )
        };
        // An id is 16 hexadecimal digits; anything else is not looked up.
        if id.len() != 16 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(unknown());
        }
        let record = self.store.load(id).map_err(|e| (500, e))?;
        let record = record.ok_or_else(unknown)?;
        let session = Session::restore(&self.registry, &record)
            .map_err(|e| (500, format!("game {id} cannot be set up again: {e}")))?;
        Ok(self.admit(id, session))
    }

    /// Puts a game in memory, pushing out the least recently used one beyond [`MAX_GAMES`]
    /// (whose search stops; the database keeps it). A game another request put there first
    /// is kept and returned.
    fn admit(&self, id: &str, session: Session) -> Arc<Mutex<Session>> {
        let mut games = lock(&self.games);
        if let Some(g) = games.get(id) {
            return g.clone();
        }
        if games.len() >= MAX_GAMES
            && let Some(oldest) = games
                .iter()
                .min_by_key(|(_, g)| lock(g).last_seen)
                .map(|(k, _)| k.clone())
            && let Some(old) = games.remove(&oldest)
        {
            lock(&old).abandon();
        }
        let game = Arc::new(Mutex::new(session));
        games.insert(id.to_string(), game.clone());
        game
    }

    /// Writes a game to the database if it changed since it was last written; a failed write
    /// is logged, and tried again on the game's next request.
    fn keep(&self, id: &str, s: &mut Session) {
        if let Some(r) = s.unsaved() {
            match self.store.save(id, &r) {
                Ok(()) => s.mark_saved(r),
                Err(e) => log::error!("{e}"),
            }
        }
    }

    /// `GET /api/games?limit=N`: the games changed last, the latest first.
    fn recent(&self, q: &str) -> Result<Value, Refusal> {
        let limit = match query(q, "limit") {
            None => DEFAULT_RECENT,
            Some(v) => v
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_RECENT).contains(n))
                .ok_or_else(|| bad(format!("limit must be 1 to {MAX_RECENT}")))?,
        };
        let games = self.store.recent(limit).map_err(|e| (500, e))?;
        Ok(json!({ "games": games }))
    }

    /// `GET /api/variants`: every game the server offers.
    fn variants(&self) -> Value {
        let list: Vec<Value> = self
            .registry
            .names()
            .into_iter()
            .filter_map(|name| {
                let def = self.registry.get(&name, &[]).ok()?;
                Some(json!({
                    "name": name,
                    "description": def.description,
                    "files": def.files,
                    "ranks": def.ranks,
                    "board": def.board_words(),
                    "cells": def.cell_count(),
                }))
            })
            .collect();
        json!({ "variants": list, "default": crate::games::variants::DEFAULT_VARIANT })
    }

    /// `POST /api/new`: a new game; answers its state (with its id).
    fn new_game(&self, bytes: &[u8]) -> Result<Value, Refusal> {
        let b: NewBody = body(bytes)?;
        let variant = b
            .variant
            .unwrap_or_else(|| crate::games::variants::DEFAULT_VARIANT.to_string());
        if !self.registry.names().contains(&variant) {
            return Err(bad(format!(
                "unknown variant '{variant}' (known: {})",
                self.registry.names().join(", ")
            )));
        }
        let mut session =
            Session::new(&self.registry, &variant, b.fen.as_deref().map(str::trim)).map_err(bad)?;
        if let Some(c) = b.clock {
            let ms = Duration::from_millis;
            session
                .set_clock(ms(c.base_ms), ms(c.inc_ms))
                .map_err(bad)?;
        }
        let id = self.fresh_id()?;
        let mut state = self.state(&session);
        let game = self.admit(&id, session);
        self.keep(&id, &mut lock(&game));
        state["game"] = json!(id);
        Ok(state)
    }

    /// An id no game in the database has: 16 hexadecimal digits.
    fn fresh_id(&self) -> Result<String, Refusal> {
        for _ in 0..16 {
            let id = {
                let mut n = lock(&self.next);
                *n += 1;
                format!("{:016x}", self.ids.hash_one(*n))
            };
            if !self.store.has(&id).map_err(|e| (500, e))? {
                return Ok(id);
            }
        }
        Err((500, "no free game id was found".into()))
    }

    /// Stops the searches of games whose pages went away, and forgets long-idle games.
    pub fn reap(&self) {
        let mut games = lock(&self.games);
        games.retain(|_, g| {
            let Ok(s) = g.try_lock() else { return true };
            let idle = s.last_seen.elapsed();
            if idle > ABANDONED {
                s.abandon();
            }
            idle < FORGOTTEN
        });
    }

    /// A game's state: everything the page draws and offers.
    fn state(&self, s: &Session) -> Value {
        let st = s.engine().state();
        let def = s.engine().def();
        let view = s.view();
        // No targets where no move may be made: a game over, or a step back on a clock.
        let legal: Vec<MoveView> = if s.movable() {
            move_views(&st.legal_moves(), &view)
        } else {
            Vec::new()
        };
        let side = st.side_to_move();
        let result = s.result();
        let (shown, line) = s.line();
        let (branches, departs) = s.branches();
        let pieces: HashMap<String, String> = def
            .pieces
            .iter()
            .map(|p| (p.letter.clone(), p.name.clone()))
            .collect();
        let colors = crate::core::geometry::Color::BOTH.map(|c| color_name(def, c));
        let last = shown
            .last()
            .and_then(|m| move_views(std::slice::from_ref(m), &view).pop());
        json!({
            "variant": s.variant(),
            "fen": st.fen(),
            "start_fen": s.start_fen(),
            "side": side.index(),
            "colors": colors,
            "ply": shown.len(),
            "line": line,
            "branches": branches,
            "departs": departs,
            "view": view,
            "legal": legal,
            "last": last,
            "result": result,
            "pieces": pieces,
            "searching": s.report().searching,
            "clock": s.clock(),
        })
    }
}

/// A game's analysis so far, with how far its line has come (so the page sees the engine's
/// move).
fn analysis(s: &Session) -> Value {
    let (shown, line) = s.line();
    json!({
        "report": s.report(),
        "ply": shown.len(),
        "line_len": line.len(),
        "clock": s.clock(),
        "over": s.over(),
        "scan": s.scan(),
    })
}
