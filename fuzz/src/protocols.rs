//! Command streams of the two protocol dialects, each fed line by line to one engine in
//! process, as `kaissa::protocol::run` does, without its input thread. Limits are made tiny so
//! an execution takes milliseconds: searches to depth 2 (or 2,000 nodes, 20 ms), perft to depth
//! 2, a 1 MiB table, two threads; commands that name files (`load`, `VariantPath`, `EvalFile`)
//! name none, and `bench` is not run.

use super::registry;
use kaissa::engine::{Engine, Options};
use kaissa::protocol::uci::Uci;
use kaissa::protocol::xboard::Xboard;
use kaissa::protocol::{Event, Flow, MAX_LINE, Mode, Out};
use std::sync::mpsc::{Receiver, channel};

/// Lines of one execution read at most.
const MAX_LINES: usize = 64;

/// `value` with its number (if it is one) capped at `max`.
fn cap(value: &str, max: i64) -> String {
    match value.parse::<i64>() {
        Ok(n) if n > max => max.to_string(),
        _ => value.to_string(),
    }
}

/// The words of `line` with each number after one of `names` capped.
fn capped(words: &[&str], names: &[(&str, i64)]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| words[j]);
        match names.iter().find(|(n, _)| Some(*n) == before) {
            Some(&(_, max)) => out.push(cap(w, max)),
            None => out.push(w.to_string()),
        }
    }
    out
}

/// A UCI line made cheap to run (see the module's comment); `None` when it is not run.
fn tame_uci(line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let lower = line.to_ascii_lowercase();
    Some(match words.first().copied()? {
        "go" => {
            let limits = [
                ("depth", 2),
                ("mate", 1),
                ("nodes", 2000),
                ("movetime", 20),
                ("wtime", 20),
                ("btime", 20),
                ("winc", 5),
                ("binc", 5),
                ("perft", 2),
            ];
            let rest = capped(&words[1..], &limits).join(" ");
            format!("go depth 2 {rest}")
        }
        "perft" => capped(&words, &[("perft", 2)]).join(" "),
        "bench" | "quit" => return None,
        "load" => "load /nonexistent/kaissa-fuzz".into(),
        "setoption" if lower.contains("variantpath") || lower.contains("evalfile") => {
            let name = line.split(" value").next().unwrap_or(line);
            format!("{name} value <empty>")
        }
        "setoption" if lower.contains("name hash") || lower.contains("name threads") => {
            capped(&words, &[("value", 2)]).join(" ")
        }
        _ => line.to_string(),
    })
}

/// An XBoard line made cheap to run (see the module's comment), with the depth limit set
/// again after `new`; `None` when it is not run.
fn tame_xboard(line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    Some(match words.first().copied()? {
        "sd" => capped(&words, &[("sd", 2)]).join(" "),
        "memory" => capped(&words, &[("memory", 4)]).join(" "),
        "cores" => capped(&words, &[("cores", 2)]).join(" "),
        "st" => capped(&words, &[("st", 1)]).join(" "),
        "new" if words.len() == 1 => "new\nsd 2".into(),
        "quit" => return None,
        "option" if line.contains("EvalFile") => "option EvalFile=".into(),
        _ => line.to_string(),
    })
}

/// Runs the lines of `data` through `mode` as the protocol loop does: lines not UTF-8 or
/// too long are reported, blank ones skipped, `tame` rewrites the others; search results are
/// handed back after each line and at the end.
fn drive(
    mode: &mut dyn Mode,
    events: &Receiver<Event>,
    data: &[u8],
    tame: fn(&str) -> Option<String>,
) {
    let settle = |mode: &mut dyn Mode| {
        while let Ok(event) = events.try_recv() {
            if let Event::SearchDone(g, o) = event {
                mode.search_done(g, o);
            }
        }
    };
    for bytes in data.split(|&b| b == b'\n').take(MAX_LINES) {
        let Ok(line) = std::str::from_utf8(bytes) else {
            mode.error("input line is not valid UTF-8");
            continue;
        };
        if bytes.len() > MAX_LINE {
            mode.error("input line too long");
            continue;
        }
        let Some(tamed) = tame(line.trim()) else {
            continue;
        };
        for l in tamed.lines() {
            if mode.command(l.trim()) == Flow::Quit {
                mode.shutdown();
                return;
            }
            settle(mode);
        }
    }
    mode.shutdown();
    settle(mode);
}

/// An engine of the built-in games with a 1 MiB table, and output nowhere.
fn engine() -> Engine {
    let options = Options {
        hash_mib: 1,
        ..Options::default()
    };
    Engine::with_options(registry().clone(), options)
}

/// UCI: the lines of the input (64 at most) sent to one engine. No line may panic it.
pub fn uci_stream(data: &[u8]) {
    // A UCI search writes its own answer: no events come.
    let (_tx, rx) = channel::<Event>();
    let mut uci = Uci::new(Out::new(Box::new(std::io::sink())), engine());
    drive(&mut uci, &rx, data, tame_uci);
}

/// XBoard (CECP): the lines of the input (64 at most) sent to one engine after `xboard` and
/// `sd 2`. No line may panic it.
pub fn xboard_stream(data: &[u8]) {
    let (tx, rx) = channel();
    let mut xb = Xboard::new(Out::new(Box::new(std::io::sink())), tx, engine());
    let mut input = b"xboard\nsd 2\n".to_vec();
    input.extend_from_slice(data);
    drive(&mut xb, &rx, &input, tame_xboard);
}
