//! Where `kaissa serve` keeps its games: one SQLite file (`kaissa serve --db PATH`), so that a
//! restarted server loses none. Each game is one row, written whole in one transaction each
//! time it changes (in SQLite's write-ahead log), so a server killed in the middle of a write
//! leaves the file with the game as it was before that write or after it, never between.
//!
//! The server keeps at most a few games in memory (with their engines); every other game is
//! read back from here when a page asks for it.

use super::clock::SavedClock;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

/// The table's layout; `PRAGMA user_version` records it.
const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS games (
        id        TEXT PRIMARY KEY,
        variant   TEXT NOT NULL,
        start_fen TEXT,
        moves     TEXT NOT NULL,
        cursor    INTEGER NOT NULL,
        clock     TEXT,
        result    TEXT,
        ending    TEXT,
        tree      TEXT,
        created   INTEGER NOT NULL,
        updated   INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS games_updated ON games (updated);
";

/// Sets up the table in `conn`: made if missing; a table of the first layout (no `tree`
/// column, user_version 1) gains the column, its games read as they were.
fn set_up(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(SCHEMA)?;
    if conn.prepare("SELECT tree FROM games LIMIT 0").is_err() {
        conn.execute_batch("ALTER TABLE games ADD COLUMN tree TEXT")?;
    }
    conn.pragma_update(None, "user_version", 2)
}

/// Most games one list of recent games may hold.
pub const MAX_RECENT: usize = 100;

/// A game as the database keeps it: enough to set it up again, engine and all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game's variant.
    pub variant: String,
    /// The FEN its line starts from (`None`: the variant's start position).
    pub start_fen: Option<String>,
    /// Every move of the shown line, in engine notation.
    pub line: Vec<String>,
    /// Every line played, side lines included, as [`super::tree::MoveTree::to_text`] writes
    /// them; `None` when the shown line is the only one.
    pub tree: Option<String>,
    /// How many of them are on the board.
    pub cursor: usize,
    /// Its clock, if it is played on one.
    pub clock: Option<SavedClock>,
    /// The result in words, once the game has ended.
    pub result: Option<String>,
    /// The result in words of a game ended off the board (a resignation, an abort).
    pub ending: Option<String>,
}

/// One game of the list of recent games (`GET /api/games`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The game's id (`/?game=ID`).
    pub game: String,
    /// Its variant.
    pub variant: String,
    /// Moves in its line.
    pub moves: usize,
    /// Its result in words, if it has ended.
    pub result: Option<String>,
    /// When it was started and last changed, in milliseconds since 1970 (UTC).
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
}

/// The games database: one connection, used by one request at a time.
pub struct Store {
    conn: Mutex<Connection>,
    /// The file, or `None` for a database in memory.
    path: Option<PathBuf>,
}

/// Locks the connection, also after a panic in another request (every write is a whole
/// transaction, so the database is always whole).
fn lock(m: &Mutex<Connection>) -> MutexGuard<'_, Connection> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Now, in milliseconds since 1970.
fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Where the games are kept when `--db` is not given: `$XDG_DATA_HOME/kaissa/games.sqlite`,
/// else `~/.local/share/kaissa/games.sqlite`; `None` when neither variable is set.
pub fn default_path() -> Option<PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        })?;
    Some(data.join("kaissa").join("games.sqlite"))
}

impl Store {
    /// Opens (or creates) the database at `path`, making its folder if needed.
    pub fn open(path: &Path) -> Result<Store, String> {
        let fail = |e: &dyn std::fmt::Display| {
            format!("cannot open the games database {}: {e}", path.display())
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
        }
        let conn = Connection::open(path).map_err(|e| fail(&e))?;
        // The write-ahead log: a write is one transaction, whole or absent after a crash;
        // NORMAL syncs at checkpoints, which loses nothing when only the process dies.
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| fail(&e))?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| fail(&e))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(|e| fail(&e))?;
        set_up(&conn).map_err(|e| fail(&e))?;
        Ok(Store {
            conn: Mutex::new(conn),
            path: Some(path.to_path_buf()),
        })
    }

    /// A database in memory, gone with the server (for tests and scripts that keep nothing).
    pub fn memory() -> Store {
        let conn = Connection::open_in_memory()
            .and_then(|c| set_up(&c).map(|()| c))
            .unwrap_or_else(|e| panic!("SQLite cannot make a database in memory: {e}"));
        Store {
            conn: Mutex::new(conn),
            path: None,
        }
    }

    /// The database's file, if it has one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Writes a game whole, in one transaction.
    pub fn save(&self, id: &str, r: &Record) -> Result<(), String> {
        let clock = match &r.clock {
            Some(c) => Some(serde_json::to_string(c).map_err(|e| e.to_string())?),
            None => None,
        };
        let now = now_ms();
        lock(&self.conn)
            .execute(
                "INSERT INTO games (id, variant, start_fen, moves, cursor, clock, result, ending,
                                    tree, created, updated)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?9, ?10, ?8, ?8)
                 ON CONFLICT (id) DO UPDATE SET variant = ?2, start_fen = ?3, moves = ?4,
                    cursor = ?5, clock = ?6, result = ?7, ending = ?9, tree = ?10, updated = ?8",
                params![
                    id,
                    r.variant,
                    r.start_fen,
                    r.line.join(" "),
                    r.cursor as i64,
                    clock,
                    r.result,
                    now,
                    r.ending,
                    r.tree
                ],
            )
            .map(|_| ())
            .map_err(|e| format!("cannot save game {id}: {e}"))
    }

    /// True if the database has a game of this id.
    pub fn has(&self, id: &str) -> Result<bool, String> {
        lock(&self.conn)
            .query_row("SELECT 1 FROM games WHERE id = ?1", [id], |_| Ok(()))
            .optional()
            .map(|found| found.is_some())
            .map_err(|e| format!("cannot read the games database: {e}"))
    }

    /// The game of this id, if the database has it.
    pub fn load(&self, id: &str) -> Result<Option<Record>, String> {
        let row = lock(&self.conn)
            .query_row(
                "SELECT variant, start_fen, moves, cursor, clock, result, ending, tree FROM games
                 WHERE id = ?1",
                [id],
                |row| {
                    Ok((
                        row.get::<_, String>(0)?,
                        row.get::<_, Option<String>>(1)?,
                        row.get::<_, String>(2)?,
                        row.get::<_, i64>(3)?,
                        row.get::<_, Option<String>>(4)?,
                        row.get::<_, Option<String>>(5)?,
                        row.get::<_, Option<String>>(6)?,
                        row.get::<_, Option<String>>(7)?,
                    ))
                },
            )
            .optional()
            .map_err(|e| format!("cannot read game {id}: {e}"))?;
        let Some((variant, start_fen, moves, cursor, clock, result, ending, tree)) = row else {
            return Ok(None);
        };
        let clock = match clock {
            Some(text) => Some(
                serde_json::from_str(&text)
                    .map_err(|e| format!("game {id} has a clock that cannot be read: {e}"))?,
            ),
            None => None,
        };
        Ok(Some(Record {
            variant,
            start_fen,
            line: moves.split_whitespace().map(str::to_string).collect(),
            tree,
            cursor: usize::try_from(cursor).map_err(|_| format!("game {id} has a bad cursor"))?,
            clock,
            result,
            ending,
        }))
    }

    /// The `limit` games changed last, the latest first.
    pub fn recent(&self, limit: usize) -> Result<Vec<Summary>, String> {
        let conn = lock(&self.conn);
        let read = |e: rusqlite::Error| format!("cannot read the games database: {e}");
        let mut stmt = conn
            .prepare(
                "SELECT id, variant, moves, result, created, updated FROM games
                 ORDER BY updated DESC, rowid DESC LIMIT ?1",
            )
            .map_err(read)?;
        let rows = stmt
            .query_map([limit.min(MAX_RECENT) as i64], |row| {
                Ok(Summary {
                    game: row.get(0)?,
                    variant: row.get(1)?,
                    moves: row.get::<_, String>(2)?.split_whitespace().count(),
                    result: row.get(3)?,
                    created_ms: row.get(4)?,
                    updated_ms: row.get(5)?,
                })
            })
            .map_err(read)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(moves: &[&str]) -> Record {
        Record {
            variant: "merchants".into(),
            start_fen: None,
            line: moves.iter().map(|m| m.to_string()).collect(),
            tree: None,
            cursor: moves.len(),
            clock: None,
            result: None,
            ending: None,
        }
    }

    #[test]
    fn a_saved_game_reads_back_as_it_was_and_the_latest_comes_first() {
        let store = Store::memory();
        let tick = || std::thread::sleep(std::time::Duration::from_millis(3));
        store.save("a", &record(&["e2e3"])).unwrap();
        tick();
        store.save("b", &record(&[])).unwrap();
        tick();
        let mut a = record(&["e2e3", "e9e8"]);
        a.cursor = 1;
        a.clock = Some(SavedClock {
            base_ms: 60_000,
            inc_ms: 0,
            left_ms: [59_000, 60_000],
            running: Some(1),
            flag: None,
            waiting: None,
        });
        a.ending = Some("0-1 {Yellow resigns}".into());
        a.tree = Some("e2e3 (e2e4) e9e8".into());
        store.save("a", &a).unwrap();
        assert_eq!(store.load("a").unwrap(), Some(a));
        assert_eq!(store.load("c").unwrap(), None);
        assert!(store.has("b").unwrap() && !store.has("c").unwrap());
        let recent = store.recent(10).unwrap();
        let ids: Vec<&str> = recent.iter().map(|s| s.game.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
        assert_eq!(recent[0].moves, 2);
        assert_eq!(store.recent(1).unwrap().len(), 1);
    }

    /// A database of the first layout (no side lines) opens, its games as they were.
    #[test]
    fn a_database_of_the_first_layout_gains_side_lines() {
        let dir = std::env::temp_dir().join(format!("kaissa-store-{}", std::process::id()));
        let path = dir.join("old.sqlite");
        let _ = std::fs::remove_file(&path);
        std::fs::create_dir_all(&dir).unwrap();
        let old = Connection::open(&path).unwrap();
        old.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_fen TEXT,
                 moves TEXT NOT NULL, cursor INTEGER NOT NULL, clock TEXT, result TEXT,
                 ending TEXT, created INTEGER NOT NULL, updated INTEGER NOT NULL);
             INSERT INTO games VALUES ('g', 'merchants', NULL, 'e2e3 e9e8', 1, NULL, NULL,
                 NULL, 1, 1);
             PRAGMA user_version = 1;",
        )
        .unwrap();
        drop(old);
        let store = Store::open(&path).unwrap();
        let mut g = record(&["e2e3", "e9e8"]);
        g.cursor = 1;
        assert_eq!(store.load("g").unwrap(), Some(g.clone()));
        g.tree = Some("e2e3 (e2e4) e9e8".into());
        store.save("g", &g).unwrap();
        assert_eq!(store.load("g").unwrap(), Some(g));
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
