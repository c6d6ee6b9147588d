//! An engine under test: a child process speaking UCI (protocol.md), driven with timeouts so
//! that a crashed or stalled engine is detected instead of hanging the match.

use super::thought::Thought;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How to start one engine: `cmd=PROGRAM [ARGS] name=NAME option.NAME=VALUE ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Program and arguments.
    pub cmd: Vec<String>,
    /// Name in tables and PGN.
    pub name: String,
    /// UCI options set after the handshake.
    pub options: Vec<(String, String)>,
}

/// Splits a string into words, keeping quoted parts ('...' or "...") together.
fn words(s: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in s.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if quote.is_some() {
        return Err(format!("unbalanced quote in \"{s}\""));
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    Ok(out)
}

/// Joins an option name that has spaces, written without quotes (`option.Use NNUE=false`), back
/// into one setting: a word `option.NAME` without `=` runs on to the next word that has one.
/// Values with spaces still need quotes (`'option.SyzygyPath=/a b'`).
fn option_names_joined(words: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for w in words {
        match out.last_mut() {
            Some(last) if open => {
                last.push(' ');
                last.push_str(&w);
            }
            _ => out.push(w),
        }
        let last = out.last().map_or("", String::as_str);
        open = last.starts_with("option.") && !last.contains('=');
    }
    out
}

impl EngineSpec {
    /// Parses `cmd=... name=... option.Hash=64`; `cmd` may be quoted to hold arguments.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec {
            cmd: Vec::new(),
            name: String::new(),
            options: Vec::new(),
        };
        for w in option_names_joined(words(text)?) {
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| format!("engine setting '{w}' is not KEY=VALUE"))?;
            match k {
                "cmd" => spec.cmd = words(v)?,
                "name" => spec.name = v.to_string(),
                _ => match k.strip_prefix("option.") {
                    Some(o) if !o.is_empty() => spec.options.push((o.to_string(), v.to_string())),
                    _ => {
                        return Err(format!(
                            "unknown engine setting '{k}' (cmd, name, option.NAME)"
                        ));
                    }
                },
            }
        }
        if spec.cmd.is_empty() {
            return Err(format!("engine \"{text}\" has no cmd="));
        }
        if spec.name.is_empty() {
            spec.name = spec.cmd[0]
                .rsplit('/')
                .next()
                .unwrap_or("engine")
                .to_string();
        }
        Ok(spec)
    }
}

/// The games of a `uci` answer's line `option name UCI_Variant type combo default X var X
/// var Y ...`; `None` for any other line. A UCI_Variant option of another type offers none.
fn variant_list(line: &str) -> Option<Vec<String>> {
    let w: Vec<&str> = line.split_whitespace().collect();
    if w.len() < 2 || w[0] != "option" || w[1] != "name" {
        return None;
    }
    let t = w.iter().position(|x| *x == "type")?;
    if !w[2..t].join(" ").eq_ignore_ascii_case("UCI_Variant") {
        return None;
    }
    if w.get(t + 1) != Some(&"combo") {
        return Some(Vec::new());
    }
    Some(
        w.windows(2)
            .filter(|p| p[0] == "var")
            .map(|p| p[1].to_string())
            .collect(),
    )
}

/// Whether an engine's UCI_Variant list holds `variant`.
fn offers(list: &Option<Vec<String>>, variant: &str) -> bool {
    list.as_ref()
        .is_some_and(|l| l.iter().any(|v| v.eq_ignore_ascii_case(variant)))
}

/// The one line that refuses an engine whose UCI_Variant list lacks the game.
fn refusal(name: &str, variant: &str, list: &[String], path: Option<&str>) -> String {
    let shown: Vec<&str> = list.iter().take(6).map(String::as_str).collect();
    let more = match list.len().saturating_sub(shown.len()) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    let loaded = match path {
        Some(f) => format!(" after loading VariantPath {f}"),
        None => String::new(),
    };
    format!(
        "engine {name} cannot play {variant}: its UCI_Variant option offers {}{more}{loaded}; \
         give it the game with option.VariantPath=FILE in its --engine spec",
        if shown.is_empty() {
            "no game".to_string()
        } else {
            shown.join(", ")
        }
    )
}

/// Why an engine could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process ended or closed its output.
    Crashed,
    /// No answer before the deadline.
    Timeout,
    /// Writing to it failed.
    Broken(String),
}

/// A running engine process.
pub struct Player {
    /// Its name.
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Player {
    /// Starts the engine, completes the UCI handshake, selects `variant` and sets the options.
    pub fn start(
        spec: &EngineSpec,
        variant: &str,
        variants_file: Option<&str>,
    ) -> Result<Player, String> {
        let mut child = Command::new(&spec.cmd[0])
            .args(&spec.cmd[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.cmd.join(" ")))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name(format!("{} output", spec.name))
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| e.to_string())?;
        let mut p = Player {
            name: spec.name.clone(),
            child,
            stdin,
            lines: rx,
        };
        let setup = Duration::from_secs(10);
        let mut offered = p
            .handshake(setup)
            .map_err(|e| format!("{} did not finish the UCI handshake: {e:?}", p.name))?;
        // The games first: the engine's own VariantPath, which replaces the arbiter's file
        // for it, or else the arbiter's; then the game; then the other options (kaissa's
        // RuleOptions apply to the game chosen, which UCI_Variant resets).
        let is_path = |k: &str| k.eq_ignore_ascii_case("VariantPath");
        let path = spec
            .options
            .iter()
            .find(|(k, _)| is_path(k))
            .map(|(_, v)| v.as_str())
            .or(variants_file);
        if let Some(f) = path {
            p.send(&format!("setoption name VariantPath value {f}"))
                .map_err(|e| format!("{e:?}"))?;
            // The `uci` answer listed the games before the file was loaded, and engines load
            // it without announcing the new list (Fairy-Stockfish says nothing, kaissa an
            // info string): ask for the list again.
            if !offers(&offered, variant) {
                offered = p
                    .handshake(setup)
                    .map_err(|e| format!("{} did not answer uci again: {e:?}", p.name))?;
            }
        }
        match &offered {
            list if offers(list, variant) => p
                .send(&format!("setoption name UCI_Variant value {variant}"))
                .map_err(|e| format!("{e:?}"))?,
            // A plain UCI engine plays chess without being told.
            None if variant == "chess" => {}
            None => {
                return Err(format!(
                    "engine {} cannot play {variant}: it has no UCI_Variant option, so it \
                     plays chess only",
                    p.name
                ));
            }
            Some(list) => return Err(refusal(&p.name, variant, list, path)),
        }
        for (k, v) in spec.options.iter().filter(|(k, _)| !is_path(k)) {
            p.send(&format!("setoption name {k} value {v}"))
                .map_err(|e| format!("{e:?}"))?;
        }
        p.ready(setup)
            .map_err(|e| format!("{} is not ready: {e:?}", p.name))?;
        Ok(p)
    }

    /// Sends `uci` and reads the answer up to `uciok`; returns the games of its
    /// `option name UCI_Variant type combo ... var X var Y` line (`None` without one).
    fn handshake(&mut self, within: Duration) -> Result<Option<Vec<String>>, Failure> {
        self.send("uci")?;
        let deadline = Instant::now() + within;
        let mut variants = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.wait_for(|_| true, left)?;
            if line.trim() == "uciok" {
                return Ok(variants);
            }
            if let Some(list) = variant_list(&line) {
                variants = Some(list);
            }
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        log::debug!("{} << {line}", self.name);
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| Failure::Broken(e.to_string()))
    }

    /// Reads lines until one satisfies `done`, or the time runs out.
    pub fn wait_for(
        &mut self,
        done: impl Fn(&str) -> bool,
        within: Duration,
    ) -> Result<String, Failure> {
        self.wait_seeing(done, within, |_| {})
    }

    /// [`Player::wait_for`], showing each line before the last to `seen`.
    fn wait_seeing(
        &mut self,
        done: impl Fn(&str) -> bool,
        within: Duration,
        mut seen: impl FnMut(&str),
    ) -> Result<String, Failure> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    log::debug!("{} >> {line}", self.name);
                    if done(&line) {
                        return Ok(line);
                    }
                    seen(&line);
                }
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crashed),
            }
        }
    }

    /// `isready` / `readyok`.
    pub fn ready(&mut self, within: Duration) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for(|l| l == "readyok", within).map(|_| ())
    }

    /// Sends a position and a `go`, and returns the move of its `bestmove` line with what the
    /// engine's last `info` line said of it.
    pub fn best_move(
        &mut self,
        position: &str,
        go: &str,
        within: Duration,
    ) -> Result<(String, Thought), Failure> {
        self.send(position)?;
        self.send(go)?;
        let mut thought = Thought::default();
        let line = self.wait_seeing(
            |l| l.starts_with("bestmove"),
            within,
            |l| thought.read_info(l),
        )?;
        let mv = line.split_whitespace().nth(1).unwrap_or("").to_string();
        Ok((mv, thought))
    }

    /// Asks the engine to quit and makes sure the process is gone.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        let s = EngineSpec::parse("cmd='./kaissa --flag' name=dev option.Hash=64 option.Threads=2")
            .unwrap();
        assert_eq!(s.cmd, vec!["./kaissa", "--flag"]);
        assert_eq!(s.name, "dev");
        assert_eq!(s.options.len(), 2);
        assert_eq!(EngineSpec::parse("cmd=/usr/bin/x").unwrap().name, "x");
        assert!(EngineSpec::parse("name=x").is_err());
        assert!(EngineSpec::parse("cmd=x bogus").is_err());
        assert!(EngineSpec::parse("cmd='x").is_err());
        assert!(EngineSpec::parse("cmd=x weird=1").is_err());
    }

    /// Option names with spaces, as Fairy-Stockfish's `Use NNUE` or `Move Overhead`: quoted
    /// or not; a value with spaces needs quotes.
    #[test]
    fn option_names_with_spaces() {
        let want = |s: &EngineSpec| {
            assert_eq!(
                s.options,
                [
                    ("Use NNUE".to_string(), "false".to_string()),
                    ("Move Overhead".to_string(), "0".to_string()),
                    ("Threads".to_string(), "1".to_string()),
                    ("VariantPath".to_string(), "/a b/c.ini".to_string()),
                ]
            );
            assert_eq!(s.name, "fsf");
        };
        want(
            &EngineSpec::parse(
                "cmd=./fsf option.Use NNUE=false option.Move Overhead=0 name=fsf \
                 option.Threads=1 'option.VariantPath=/a b/c.ini'",
            )
            .unwrap(),
        );
        want(
            &EngineSpec::parse(
                "cmd=./fsf 'option.Use NNUE=false' \"option.Move Overhead=0\" name=fsf \
                 option.Threads=1 option.VariantPath='/a b/c.ini'",
            )
            .unwrap(),
        );
        let e = EngineSpec::parse("cmd=./fsf option.Use NNUE").unwrap_err();
        assert!(e.contains("'option.Use NNUE' is not KEY=VALUE"), "{e}");
    }

    /// The games of a `uci` answer's UCI_Variant line, as Fairy-Stockfish and kaissa write it.
    #[test]
    fn variant_lists() {
        assert_eq!(
            variant_list("option name UCI_Variant type combo default chess var chess var 3check"),
            Some(vec!["chess".to_string(), "3check".to_string()])
        );
        assert_eq!(
            variant_list("option name UCI_Variant type string default chess"),
            Some(vec![])
        );
        assert_eq!(
            variant_list("option name Use NNUE type check default true"),
            None
        );
        assert_eq!(variant_list("id name var x"), None);
        assert!(offers(&Some(vec!["Kaissa".into()]), "kaissa"));
        assert!(!offers(&None, "chess"));
    }
}
