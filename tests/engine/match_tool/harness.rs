//! Helpers: engine specs for the real engine and the fake ones in `tests/fixtures/`, running
//! `kaissa match` with a time limit, temporary files, FENs from piece lists, and one game
//! under the library's arbiter.

use kaissa::engine::Engine;
use kaissa::pgn::{PgnGame, read_all};
use kaissa::tournament::arbiter::{GameRecord, GameSetup, TimeControl, play_game};
use kaissa::tournament::player::{EngineSpec, Player};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The built engine.
pub const KAISSA: &str = env!("CARGO_BIN_EXE_kaissa");

/// The longest any one `kaissa match` run of these tests may take before it counts as hung.
pub const RUN_LIMIT: Duration = Duration::from_secs(120);

/// The path of a fixture script (`tests/fixtures/NAME.py`).
pub fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}.py", env!("CARGO_MANIFEST_DIR"))
}

/// An `--engine` spec for a fake engine: `cmd='python3 PATH ARGS' name=NAME`.
pub fn fake(script: &str, args: &[&str], name: &str) -> String {
    let mut cmd = format!("python3 {}", fixture(script));
    for a in args {
        cmd.push(' ');
        cmd.push_str(a);
    }
    format!("cmd='{cmd}' name={name}")
}

/// An `--engine` spec for the real engine with a name and extra settings.
pub fn real(name: &str, extra: &str) -> String {
    format!("cmd={KAISSA} name={name} {extra}")
}

/// A fixture as an [`EngineSpec`] for the library.
pub fn fake_spec(script: &str, args: &[&str], name: &str) -> EngineSpec {
    let mut cmd = vec!["python3".to_string(), fixture(script)];
    cmd.extend(args.iter().map(|a| a.to_string()));
    EngineSpec {
        cmd,
        name: name.to_string(),
        options: Vec::new(),
    }
}

/// The real engine as an [`EngineSpec`].
pub fn real_spec(name: &str) -> EngineSpec {
    EngineSpec {
        cmd: vec![KAISSA.to_string()],
        name: name.to_string(),
        options: Vec::new(),
    }
}

/// A scripted fake that plays `moves` (the whole game from its start position).
pub fn scripted(moves: &str, name: &str) -> EngineSpec {
    let args: Vec<&str> = moves.split_whitespace().collect();
    fake_spec("scripted", &args, name)
}

/// A temporary directory, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let p = std::env::temp_dir().join(format!(
            "kaissa-match-tool-{}-{tag}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("temporary directory");
        TempDir(p)
    }

    /// A path inside, as a string.
    pub fn file(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }

    /// Writes a file inside and returns its path.
    pub fn write(&self, name: &str, text: &str) -> String {
        let p = self.file(name);
        std::fs::write(&p, text).expect("write a temporary file");
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What a `kaissa` run did.
pub struct Run {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
    pub args: Vec<String>,
}

impl Run {
    /// Panics with the whole run unless it succeeded.
    pub fn ok(self) -> Run {
        assert!(self.status.success(), "{self}");
        self
    }

    /// Panics unless it failed cleanly: exit status 1 (not a panic's 101 or a signal), no
    /// panic message, and one `error: ...` line on stderr; returns that line.
    pub fn error_line(&self) -> String {
        assert_eq!(self.status.code(), Some(1), "{self}");
        assert!(!self.stderr.contains("panicked"), "{self}");
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "one line on stderr: {self}");
        assert!(lines[0].starts_with("error: "), "{self}");
        lines[0].to_string()
    }

    /// The table row of engine `name`: games, points, wins, draws, losses.
    pub fn row(&self, name: &str) -> (u32, f64, u32, u32, u32) {
        let line = self
            .stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no table row for {name}: {self}"));
        let w: Vec<&str> = line.split_whitespace().collect();
        let n = |i: usize| -> u32 { w[i].parse().unwrap_or_else(|_| panic!("{line}")) };
        (n(1), w[2].parse().expect("points"), n(3), n(4), n(5))
    }
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "kaissa {:?}\nstatus {:?} after {:.1?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.args,
            self.status,
            self.elapsed,
            self.stdout,
            self.stderr.chars().take(6000).collect::<String>()
        )
    }
}

/// Runs `kaissa ARGS` to its end (killed after [`RUN_LIMIT`], which fails the test).
pub fn kaissa(args: &[&str]) -> Run {
    let start = Instant::now();
    let mut child = Command::new(KAISSA)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("RUST_LOG")
        .spawn()
        .expect("the kaissa binary starts");
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = r.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout")));
    let err = drain(Box::new(child.stderr.take().expect("stderr")));
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for kaissa") {
            break s;
        }
        if start.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("kaissa {args:?} still running after {RUN_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Run {
        status,
        stdout: out.join().expect("stdout reader"),
        stderr: err.join().expect("stderr reader"),
        elapsed: start.elapsed(),
        args: args.iter().map(|a| a.to_string()).collect(),
    }
}

/// The arguments of an SPRT match (`elo0=0 elo1=10`, 200 games at most, depth 1, two at
/// once) of `first` against `second`, writing `pgn`.
pub fn sprt_args<'a>(first: &'a str, second: &'a str, pgn: &'a str) -> Vec<&'a str> {
    vec![
        "--engine",
        first,
        "--engine",
        second,
        "--games",
        "200",
        "--depth",
        "1",
        "--concurrency",
        "2",
        "--sprt",
        "elo0=0 elo1=10 alpha=0.05 beta=0.05",
        "--pgn",
        pgn,
    ]
}

/// `kaissa match ARGS`.
pub fn kaissa_match(args: &[&str]) -> Run {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    kaissa(&all)
}

/// Reads a PGN file back with the match tool's reader.
pub fn read_pgn(path: impl AsRef<Path>) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path.as_ref()).expect("the PGN file was written");
    read_all(&text).unwrap_or_else(|e| panic!("the PGN does not read back: {e}\n{text}"))
}

/// Checks what every game of a PGN written by `kaissa match` must have: the `Result` tag
/// equals the movetext's result, the `Termination` tag the comment, and the standard tags
/// are there.
pub fn check_tags(games: &[PgnGame]) {
    for g in games {
        for t in [
            "Event", "Site", "Date", "Round", "White", "Black", "Variant",
        ] {
            assert!(g.tag(t).is_some(), "no {t} tag: {g:?}");
        }
        assert_eq!(g.tag("Result"), Some(g.result.as_str()), "{g:?}");
        assert_eq!(g.tag("Termination"), g.reason.as_deref(), "{g:?}");
    }
}

/// `kaissa match --check-pgn FILE`, which must succeed; returns the number of games it says
/// it checked.
pub fn check_pgn_ok(path: &str) -> usize {
    let r = kaissa_match(&["--check-pgn", path]).ok();
    let line = r.stdout.trim();
    let rest = line
        .strip_prefix(&format!("{path}: "))
        .unwrap_or_else(|| panic!("{r}"));
    assert!(
        rest.ends_with("games, every move legal and every result right"),
        "{r}"
    );
    rest.split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{r}"))
}

/// A FEN from pieces on squares (`("e5", 'R')`), the hand (e.g. `"H"`), the side to move
/// (`'w'` Yellow, `'b'` Red), the half-move clock and the move number.
pub fn fen(
    pieces: &[(&str, char)],
    hand: &str,
    side: char,
    halfmove: u32,
    fullmove: u32,
) -> String {
    let mut grid = [[None::<char>; 10]; 10];
    for &(sq, letter) in pieces {
        let file = (sq.as_bytes()[0] - b'a') as usize;
        let rank: usize = sq[1..].parse::<usize>().expect("rank") - 1;
        assert!(grid[rank][file].is_none(), "{sq} used twice");
        grid[rank][file] = Some(letter);
    }
    let rows: Vec<String> = (0..10)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for cell in grid[rank] {
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    format!(
        "{}[{hand}] {side} - - {halfmove} {fullmove}",
        rows.join("/")
    )
}

/// A clock long enough that a fake engine never runs out of it, short enough that a hung
/// one fails the test soon.
pub const SAFE_CLOCK: TimeControl = TimeControl::Clock {
    base: Duration::from_secs(20),
    inc: Duration::ZERO,
};

/// Plays one game under the library's arbiter: `yellow` has the first colour.
pub fn play(
    variant: &str,
    fen: Option<&str>,
    opening: &str,
    yellow: &EngineSpec,
    red: &EngineSpec,
    tc: TimeControl,
) -> GameRecord {
    let mut rules = Engine::new();
    rules.set_variant(variant, &[]).expect("a known variant");
    let start = |s: &EngineSpec| {
        Player::start(s, variant, None).unwrap_or_else(|e| panic!("{} starts: {e}", s.name))
    };
    let mut players = [start(yellow), start(red)];
    let record = play_game(
        GameSetup {
            rules: &mut rules,
            fen: fen.map(String::from),
            opening: opening.split_whitespace().map(String::from).collect(),
            tc,
            adjudication: Default::default(),
        },
        &mut players,
    );
    let [a, b] = players;
    a.quit();
    b.quit();
    record
}

/// Asserts a game record's result code, reason and moves.
#[track_caller]
pub fn assert_record(r: &GameRecord, result: &str, reason: &str, moves: &str) {
    assert_eq!(
        (r.result.as_str(), r.reason.as_str()),
        (result, reason),
        "{r:?}"
    );
    assert_eq!(r.moves.join(" "), moves, "{r:?}");
}
