//! UCI with variants, as Fairy-Stockfish speaks it. Every command and reply is listed in
//! `protocol.md`.

use super::{Flow, Mode, Out};
use crate::core::geometry::Color;
use crate::core::outcome::Outcome;
use crate::engine::{Engine, Info, Options, SearchOutcome, bench, score_text, skill};
use crate::search::time::Limits;
use std::time::Duration;

/// Largest hash table a user may ask for, in MiB (the machines this runs on have 24 GiB).
pub const MAX_HASH_MIB: u64 = 16384;

/// The UCI dialect's state.
pub struct Uci {
    engine: Engine,
    out: Out,
    /// The running search waits for `stop` (go infinite / go ponder).
    open_ended: bool,
    /// `DrinNames`: `d` draws Jikaida's drin names (a display preference of this front end;
    /// other games ignore it).
    drin_names: bool,
}

/// Formats one search report as an `info` line.
pub fn info_line(i: &Info) -> String {
    let ms = i.time.as_millis().max(1) as u64;
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        i.depth,
        i.seldepth,
        i.multipv,
        score_text(i.score),
        i.nodes,
        i.nodes * 1000 / ms,
        i.hashfull,
        i.time.as_millis(),
        i.pv.join(" ")
    )
}

/// The `bestmove` line for a finished search.
pub fn bestmove_line(o: &SearchOutcome) -> String {
    let mut line = format!("bestmove {}", o.best.as_deref().unwrap_or("(none)"));
    if let Some(p) = &o.ponder {
        line.push_str(&format!(" ponder {p}"));
    }
    line
}

/// Parses a number argument, naming it in the error.
fn number<T: std::str::FromStr>(name: &str, v: Option<&&str>) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("'{name}' needs a number"))?;
    v.parse()
        .map_err(|_| format!("'{name}' needs a number, not '{v}'"))
}

/// Parses a time in milliseconds; negative values (some GUIs send them) count as zero.
fn millis(name: &str, v: Option<&&str>) -> Result<Duration, String> {
    let n: i64 = number(name, v)?;
    Ok(Duration::from_millis(n.max(0) as u64))
}

impl Uci {
    /// A UCI session of `engine` writing to `out` (a search writes its own `bestmove`).
    pub fn new(out: Out, engine: Engine) -> Uci {
        Uci {
            engine,
            out,
            open_ended: false,
            drin_names: false,
        }
    }

    fn err(&self, msg: &str) {
        self.out.line(&format!("info string error: {msg}"));
    }

    fn announce_variant(&self) {
        let d = self.engine.def();
        let pocket = d.drops.len();
        let size = match &d.board {
            Some(board) => format!("board {board} cells {}", d.cell_count()),
            None => format!("files {} ranks {}", d.files, d.ranks),
        };
        self.out.line(&format!(
            "info string variant {} {size} pocket {} template {} startpos {}",
            self.engine.variant(),
            pocket,
            self.engine.variant(),
            d.start_fen
        ));
    }

    fn uci(&self) {
        self.out
            .line(&format!("id name kaissa {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the kaissa developers");
        let names = self.engine.registry().names();
        let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
        let o = self.engine.options();
        self.out.line(&format!(
            "option name UCI_Variant type combo default {}{vars}",
            self.engine.variant()
        ));
        self.out
            .line("option name VariantPath type string default <empty>");
        self.out
            .line("option name RuleOptions type string default <empty>");
        self.out.line(&format!(
            "option name Hash type spin default {} min 1 max {MAX_HASH_MIB}",
            o.hash_mib
        ));
        self.out.line("option name Clear Hash type button");
        self.out.line(&format!(
            "option name Threads type spin default {} min 1 max 256",
            o.threads
        ));
        self.out.line(&format!(
            "option name MultiPV type spin default {} min 1 max 256",
            o.multipv
        ));
        self.out.line(&format!(
            "option name Move Overhead type spin default {} min 0 max 5000",
            o.move_overhead.as_millis()
        ));
        self.out.line("option name Ponder type check default false");
        self.out
            .line("option name DrinNames type check default false");
        self.out.line(&format!(
            "option name Use NNUE type check default {}",
            o.use_nnue
        ));
        self.out.line(&format!(
            "option name EvalFile type string default {}",
            o.eval_file.as_deref().unwrap_or("<default>")
        ));
        self.out.line(&format!(
            "option name Skill Level type spin default {} min 0 max {}",
            o.skill_level,
            skill::FULL
        ));
        self.out.line(&format!(
            "option name UCI_LimitStrength type check default {}",
            o.limit_strength
        ));
        self.out.line(&format!(
            "option name UCI_Elo type spin default {} min {} max {}",
            o.elo,
            skill::ELO_MIN,
            skill::ELO_MAX
        ));
        self.out.line("uciok");
    }

    fn setoption(&mut self, args: &[&str]) -> Result<(), String> {
        if args.first() != Some(&"name") {
            return Err("setoption needs 'name'".into());
        }
        let vpos = args.iter().position(|a| *a == "value");
        let name = args[1..vpos.unwrap_or(args.len())].join(" ");
        let value = vpos.map(|p| args[p + 1..].join(" ")).unwrap_or_default();
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            match value.parse::<u64>() {
                Ok(v) if (min..=max).contains(&v) => Ok(v),
                _ => Err(format!(
                    "option {name} needs a number from {min} to {max}, not '{value}'"
                )),
            }
        };
        let check = |option: &str| -> Result<bool, String> {
            match value.as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!(
                    "option {option} needs true or false, not '{value}'"
                )),
            }
        };
        let mut o: Options = self.engine.options().clone();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                self.engine.stop_and_wait();
                self.engine.set_variant(&value, &[])?;
                self.announce_variant();
                return Ok(());
            }
            "variantpath" => {
                if value.is_empty() || value == "<empty>" {
                    return Ok(());
                }
                self.engine.stop_and_wait();
                let names = self.engine.load_variants(&value)?;
                self.out
                    .line(&format!("info string loaded variants {}", names.join(" ")));
                return Ok(());
            }
            "ruleoptions" => {
                self.engine.stop_and_wait();
                let opts: Vec<String> = value
                    .split([',', ' '])
                    .filter(|s| !s.is_empty() && *s != "<empty>")
                    .map(String::from)
                    .collect();
                let v = self.engine.variant().to_string();
                self.engine.set_variant(&v, &opts)?;
                self.announce_variant();
                return Ok(());
            }
            "hash" => o.hash_mib = spin(1, MAX_HASH_MIB)? as usize,
            "clear hash" => {
                self.engine.stop_and_wait();
                self.engine.clear_hash();
                return Ok(());
            }
            "threads" => o.threads = spin(1, 256)? as usize,
            "multipv" => o.multipv = spin(1, 256)? as usize,
            "move overhead" => o.move_overhead = Duration::from_millis(spin(0, 5000)?),
            "ponder" => {
                check("Ponder")?;
                return Ok(());
            }
            "drinnames" => {
                self.drin_names = check("DrinNames")?;
                return Ok(());
            }
            "use nnue" => o.use_nnue = check("Use NNUE")?,
            "skill level" => o.skill_level = spin(0, skill::FULL as u64)? as u32,
            "uci_limitstrength" => o.limit_strength = check("UCI_LimitStrength")?,
            "uci_elo" => o.elo = spin(skill::ELO_MIN as u64, skill::ELO_MAX as u64)? as u32,
            "evalfile" => {
                o.eval_file = match value.as_str() {
                    "" | "<default>" | "<empty>" => None,
                    path => Some(path.to_string()),
                }
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
        self.engine.set_options(o)
    }

    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let mpos = args.iter().position(|a| *a == "moves");
        let head = &args[..mpos.unwrap_or(args.len())];
        let moves: Vec<&str> = mpos.map(|p| args[p + 1..].to_vec()).unwrap_or_default();
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            _ => return Err("position needs 'startpos' or 'fen FEN'".into()),
        };
        self.engine.stop_and_wait();
        self.engine.state_mut().set_position(fen.as_deref(), &moves)
    }

    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        let mut limits = Limits::default();
        let mut ponder = false;
        let (mut wtime, mut btime, mut winc, mut binc) =
            (None, None, Duration::ZERO, Duration::ZERO);
        let mut i = 0;
        while i < args.len() {
            let v = args.get(i + 1);
            match args[i] {
                "wtime" => wtime = Some(millis("wtime", v)?),
                "btime" => btime = Some(millis("btime", v)?),
                "winc" => winc = millis("winc", v)?,
                "binc" => binc = millis("binc", v)?,
                "movestogo" => limits.movestogo = Some(number("movestogo", v)?),
                "depth" => limits.depth = Some(number::<u32>("depth", v)?.clamp(1, 120) as i32),
                "nodes" => limits.nodes = Some(number("nodes", v)?),
                "movetime" => limits.movetime = Some(millis("movetime", v)?),
                "mate" => {
                    limits.depth =
                        Some(number::<u32>("mate", v)?.saturating_mul(2).clamp(1, 120) as i32)
                }
                "perft" => {
                    let d: u32 = number("perft", v)?;
                    return self.perft(d);
                }
                "infinite" => {
                    limits.infinite = true;
                    i += 1;
                    continue;
                }
                "ponder" => {
                    ponder = true;
                    i += 1;
                    continue;
                }
                "searchmoves" => {
                    let legal = self.engine.state().legal_moves_with_text();
                    for m in &args[i + 1..] {
                        let Some(&(mv, _)) = legal.iter().find(|(_, l)| l == m) else {
                            return Err(format!("searchmoves: {m} is not legal here"));
                        };
                        limits.searchmoves.push(mv);
                    }
                    break;
                }
                other => return Err(format!("unknown go parameter '{other}'")),
            }
            i += 2;
        }
        let us = self.engine.state().side_to_move();
        let (time, inc) = match us {
            Color::First => (wtime, winc),
            Color::Second => (btime, binc),
        };
        limits.time = time;
        limits.inc = inc;
        if let Some(o) = self.engine.state().outcome() {
            let us = self.engine.state().side_to_move();
            self.out.line(match o {
                Outcome::Draw(_) => "info depth 0 score cp 0",
                Outcome::Win(c, _) if c == us => "info depth 0 score mate 1",
                Outcome::Win(..) => "info depth 0 score mate 0",
            });
            self.out.line("bestmove (none)");
            return Ok(());
        }
        self.open_ended = limits.infinite || ponder;
        let out = self.out.clone();
        let done_out = self.out.clone();
        // `bestmove` is written by the search thread itself, so it always follows that
        // search's `info` lines and precedes the next search's: every `go` gets its answer.
        self.engine.go(
            limits,
            ponder,
            Box::new(move |i| out.line(&info_line(i))),
            Box::new(move |o| done_out.line(&bestmove_line(&o))),
        );
        Ok(())
    }

    fn perft(&mut self, depth: u32) -> Result<(), String> {
        if !(1..=12).contains(&depth) {
            return Err("perft depth must be 1 to 12".into());
        }
        let start = std::time::Instant::now();
        let rows = self.engine.state_mut().divide(depth);
        for (m, n) in &rows {
            self.out.line(&format!("{m}: {n}"));
        }
        let nodes: u64 = rows.iter().map(|r| r.1).sum();
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        self.out.line("");
        self.out.line(&format!("Nodes searched: {nodes}"));
        self.out
            .line(&format!("Nodes/second: {}", (nodes as f64 / secs) as u64));
        Ok(())
    }

    /// `d`: the board (with drin names when `DrinNames` is on and the game has them), FEN,
    /// key and variant.
    fn display(&self) {
        let s = self.engine.state();
        let named = if self.drin_names {
            s.named_board_text()
        } else {
            None
        };
        let board = named.unwrap_or_else(|| s.board_text());
        for l in board.lines() {
            self.out.line(l);
        }
        self.out.line(&format!("Fen: {}", s.fen()));
        self.out.line(&format!("Key: {:016X}", s.key()));
        self.out
            .line(&format!("Variant: {}", self.engine.variant()));
    }

    fn eval(&self) {
        let net = self.engine.state().net_name();
        self.out
            .line(&format!("net: {}", net.as_deref().unwrap_or("none")));
        let (rows, total) = self.engine.state().eval();
        self.out.line("      term         Yellow        Red");
        for (name, y, r) in rows {
            self.out.line(&format!("{name:>22} {y:>10} {r:>10}"));
        }
        self.out.line(&format!(
            "Evaluation: {total} cp for the side to move ({})",
            match &net {
                Some(n) => format!("the net {n}; the terms above are the hand-written ones"),
                None => "tempo included".to_string(),
            }
        ));
    }

    fn dispatch(&mut self, line: &str) -> Result<Flow, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (cmd, args) = (words[0], &words[1..]);
        match cmd {
            "uci" => self.uci(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.engine.stop_and_wait();
                self.engine.clear_hash();
                self.engine.state_mut().set_position(None, &[])?;
            }
            "setoption" => self.setoption(args)?,
            "position" => self.position(args)?,
            "go" => self.go(args)?,
            "stop" => self.engine.stop(),
            "ponderhit" => self.engine.ponderhit(),
            "quit" => {
                self.engine.stop_and_wait();
                return Ok(Flow::Quit);
            }
            "d" => self.display(),
            "eval" => self.eval(),
            "perft" => {
                let d: u32 = number("perft", args.first())?;
                self.engine.stop_and_wait();
                self.perft(d)?;
            }
            "bench" => {
                self.engine.stop_and_wait();
                let r = bench::run(bench::DEFAULT_DEPTH, bench::DEFAULT_HASH_MIB, |_, _| {})?;
                let secs = r.elapsed.as_secs_f64().max(1e-9);
                self.out.line(&format!("Nodes searched: {}", r.nodes));
                self.out
                    .line(&format!("Nodes/second: {}", (r.nodes as f64 / secs) as u64));
            }
            "load" => {
                let path = args.join(" ");
                if path.is_empty() {
                    return Err("load needs a file name".into());
                }
                self.engine.stop_and_wait();
                let names = self.engine.load_variants(&path)?;
                self.out
                    .line(&format!("info string loaded variants {}", names.join(" ")));
            }
            other => return Err(format!("unknown command '{other}'")),
        }
        Ok(Flow::Continue)
    }
}

impl Mode for Uci {
    fn command(&mut self, line: &str) -> Flow {
        match self.dispatch(line) {
            Ok(f) => f,
            Err(e) => {
                self.err(&e);
                Flow::Continue
            }
        }
    }

    fn search_done(&mut self, _generation: u64, _o: SearchOutcome) {
        // UCI searches answer from their own thread (see `go`).
    }

    fn shutdown(&mut self) {
        // A search with limits may finish; one that waits for `stop` is stopped.
        if self.open_ended {
            self.engine.stop();
        }
        self.engine.wait();
    }

    fn error(&self, msg: &str) {
        self.err(msg);
    }
}
