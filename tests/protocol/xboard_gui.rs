//! The real XBoard GUI (Debian package `xboard`) plays two instances of the engine against each
//! other on the `kaissa` variant, under a virtual X server (`xvfb-run`), and the games it saves
//! must have ended with a result.
//!
//! XBoard learns the game only from the engine's `setup` and `piece` lines and checks every
//! engine move against them (legality testing is on), so this also proves the GUI accepts the
//! board, the pieces, the Home Stone drops, the promotions and the result claims (claim
//! verification is on too). The debug log must show no illegal move, forfeit or refused claim.
//!
//! Without `xboard` or `xvfb-run` the test is skipped with a message, unless the environment
//! variable `CI` is set (CI installs them: see `.ci/run`), where it fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The whole match may take this long (two games of 10 s + 0.1 s per move and side).
const LIMIT: Duration = Duration::from_secs(170);

/// Finds a program on PATH or in /usr/games (where Debian puts xboard).
fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// The games of a PGN file: (result tag, the game's text).
fn games(pgn: &str) -> Vec<(String, String)> {
    pgn.split("[Event ")
        .skip(1)
        .map(|g| {
            let result = g
                .lines()
                .find_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]"))
                .unwrap_or("(none)")
                .to_string();
            (result, g.to_string())
        })
        .collect()
}

/// The last lines of a file, for failure messages.
fn tail(path: &Path, n: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

#[test]
fn xboard_plays_a_kaissa_match_to_results() {
    let _g = crate::serial::shared();
    let (Some(xboard), Some(xvfb)) = (find("xboard"), find("xvfb-run")) else {
        if std::env::var_os("CI").is_some() {
            panic!("xboard and xvfb-run must be installed in CI (apt-get install xboard xvfb)");
        }
        eprintln!("skipped: xboard or xvfb-run is not installed (apt-get install xboard xvfb)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("kaissa-xboard-gui-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let pgn = dir.join("games.pgn");
    let debug = dir.join("xboard.debug");
    let engine = env!("CARGO_BIN_EXE_kaissa");

    let mut cmd = Command::new(xvfb);
    cmd.args(["-a", "-s", "-screen 0 1024x768x24"])
        .arg(xboard)
        .args(["-fcp", engine, "-scp", engine])
        .args(["-fd", ".", "-sd", "."])
        .args([
            "-variant",
            "kaissa",
            "-mm",
            "-mg",
            "2",
            "-matchPause",
            "1000",
        ])
        .args(["-tc", "0:10", "-inc", "0.1", "-autoCallFlag", "true"])
        .args(["-testLegality", "true", "-testClaims", "true"])
        // XBoard's own adjudications assume chess (stalemate after a Home Stone capture,
        // material draws, a 50-move rule blind to placements): the engine's claims decide.
        .args(["-checkMates", "false", "-materialDraws", "false"])
        .args(["-trivialDraws", "false", "-ruleMoves", "0"])
        .args(["-ponderNextMove", "false", "-animateMoving", "false"])
        .args(["-popupExitMessage", "false", "-popupMoveErrors", "false"])
        .args(["-saveSettingsOnExit", "false", "-defaultHashSize", "16"])
        .arg("-sgf")
        .arg(&pgn)
        .args(["-debug", "-nameOfDebugFile"])
        .arg(&debug)
        .current_dir(&dir)
        .env("HOME", &dir)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let mut child = cmd.spawn().expect("xvfb-run starts");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("waiting for xboard") {
            break s;
        }
        if start.elapsed() > LIMIT {
            // xvfb-run, Xvfb, xboard and the engines share one process group.
            let _ = Command::new("kill")
                .args(["-KILL", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            panic!(
                "the XBoard match did not finish in {LIMIT:?}\n--- xboard.debug ---\n{}",
                tail(&debug, 40)
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    println!("xboard finished in {:?} with {status}", start.elapsed());

    let text = std::fs::read_to_string(&pgn).unwrap_or_else(|e| {
        panic!(
            "no PGN from XBoard ({e})\n--- xboard.debug ---\n{}",
            tail(&debug, 40)
        )
    });
    let played = games(&text);
    assert_eq!(played.len(), 2, "two games expected in:\n{text}");
    for (result, game) in &played {
        assert!(
            ["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()),
            "a game without a result ({result}):\n{game}"
        );
        assert!(
            game.trim_end().ends_with(result.as_str()),
            "the move text does not end with {result}:\n{game}"
        );
        assert!(game.contains("[Variant \"kaissa\"]"), "{game}");
        let reason = game
            .rfind('{')
            .map(|i| game[i..].lines().next().unwrap_or(""))
            .unwrap_or("");
        println!("{result} {reason}");
    }
    let log = std::fs::read_to_string(&debug).unwrap_or_default();
    for bad in [
        "Illegal move",
        "Forfeit",
        "False win claim",
        "False draw claim",
        "Bad FEN",
        "Error (",
    ] {
        let hit = log.lines().find(|l| l.contains(bad));
        assert!(hit.is_none(), "XBoard's log has '{bad}': {hit:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
