//! An engine under test: a child process speaking UCI (protocol.md), driven with timeouts so
//! that a crashed or stalled engine is detected instead of hanging the match.

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

impl EngineSpec {
    /// Parses `cmd=... name=... option.Hash=64`; `cmd` may be quoted to hold arguments.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec {
            cmd: Vec::new(),
            name: String::new(),
            options: Vec::new(),
        };
        for w in words(text)? {
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
        p.send("uci").map_err(|e| format!("{}: {e:?}", p.name))?;
        p.wait_for(|l| l == "uciok", setup)
            .map_err(|e| format!("{} did not finish the UCI handshake: {e:?}", p.name))?;
        if let Some(f) = variants_file {
            p.send(&format!("setoption name VariantPath value {f}"))
                .map_err(|e| format!("{e:?}"))?;
        }
        p.send(&format!("setoption name UCI_Variant value {variant}"))
            .map_err(|e| format!("{e:?}"))?;
        for (k, v) in &spec.options {
            p.send(&format!("setoption name {k} value {v}"))
                .map_err(|e| format!("{e:?}"))?;
        }
        p.ready(setup)
            .map_err(|e| format!("{} is not ready: {e:?}", p.name))?;
        Ok(p)
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
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    log::debug!("{} >> {line}", self.name);
                    if done(&line) {
                        return Ok(line);
                    }
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

    /// Sends a position and a `go`, and returns the move of its `bestmove` line.
    pub fn best_move(
        &mut self,
        position: &str,
        go: &str,
        within: Duration,
    ) -> Result<String, Failure> {
        self.send(position)?;
        self.send(go)?;
        let line = self.wait_for(|l| l.starts_with("bestmove"), within)?;
        Ok(line.split_whitespace().nth(1).unwrap_or("").to_string())
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
}
