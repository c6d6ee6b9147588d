//! Batch analysis: positions from a file (one FEN per line, or EPD with `id "..."`),
//! each searched with the same limits, results in input order as text or JSON lines;
//! [`run`] is `kaissa analyse`.

use crate::engine::{Engine, Info, Options, SearchOutcome, score_text};
use crate::games::variants::DEFAULT_VARIANT;
use crate::search::Score;
use crate::search::time::Limits;
use serde_json::json;
use std::sync::mpsc::channel;
use std::time::Duration;

/// One position to analyse.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// Its name: the EPD `id`, or `line N`.
    pub id: String,
    /// The FEN.
    pub fen: String,
}

/// The analysis of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The job's name.
    pub id: String,
    /// The FEN analysed.
    pub fen: String,
    /// The result, or why there is none.
    pub result: Result<Lines, String>,
}

/// The lines found for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Lines {
    /// The search's answer.
    pub outcome: SearchOutcome,
    /// The last report of each MultiPV line, best first.
    pub pvs: Vec<Info>,
}

/// Reads jobs from text: blank lines and `#` comments are skipped; on a line, an EPD
/// operation `id "NAME";` names the position, other `;`-separated operations are ignored.
pub fn parse_jobs(text: &str) -> Vec<Job> {
    let mut jobs = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let mut fen = parts.next().unwrap_or("").trim().to_string();
        let mut id = format!("line {}", n + 1);
        // EPD puts operations after the fourth field without a `;` before the first one.
        if let Some(pos) = fen.find(" id ") {
            let (f, op) = fen.split_at(pos);
            id = op.trim()[3..].trim().trim_matches('"').to_string();
            fen = f.trim().to_string();
        }
        for op in parts {
            let op = op.trim();
            if let Some(name) = op.strip_prefix("id ") {
                id = name.trim().trim_matches('"').to_string();
            }
        }
        jobs.push(Job { id, fen });
    }
    jobs
}

/// Analyses one job on `engine` (already set to the variant) with `limits`.
pub fn analyse_one(engine: &mut Engine, job: &Job, limits: &Limits) -> Analysis {
    let mut result = Err(String::new());
    if let Err(e) = engine.state_mut().set_position(Some(&job.fen), &[]) {
        result = Err(e);
    } else if let Some(o) = engine.state().outcome() {
        result = Err(format!("the game is over ({o:?})"));
    } else {
        let (tx, rx) = channel();
        let (itx, irx) = channel::<Info>();
        engine.go(
            limits.clone(),
            false,
            Box::new(move |i| {
                let _ = itx.send(i.clone());
            }),
            Box::new(move |o| {
                let _ = tx.send(o);
            }),
        );
        if let Ok(outcome) = rx.recv() {
            let mut pvs: Vec<Info> = Vec::new();
            for i in irx.try_iter() {
                match pvs.iter_mut().find(|p| p.multipv == i.multipv) {
                    Some(p) => *p = i,
                    None => pvs.push(i),
                }
            }
            pvs.sort_by_key(|p| p.multipv);
            result = Ok(Lines { outcome, pvs });
        }
        engine.wait();
    }
    Analysis {
        id: job.id.clone(),
        fen: job.fen.clone(),
        result,
    }
}

/// A fresh engine for analysis of `variant`.
pub fn engine_for(
    variant: &str,
    variants_file: Option<&str>,
    options: Options,
) -> Result<Engine, String> {
    let mut e = Engine::new();
    if let Some(f) = variants_file {
        e.load_variants(f)?;
    }
    e.set_variant(variant, &[])?;
    e.set_options(options)?;
    Ok(e)
}

fn score_json(s: Score) -> serde_json::Value {
    match s {
        Score::Cp(c) => json!({ "cp": c }),
        Score::Mate(m) => json!({ "mate": m }),
    }
}

impl Analysis {
    /// The result as one JSON object on one line.
    pub fn to_json(&self) -> String {
        let v = match &self.result {
            Err(e) => json!({ "id": self.id, "fen": self.fen, "error": e }),
            Ok(l) => json!({
                "id": self.id,
                "fen": self.fen,
                "bestmove": l.outcome.best,
                "ponder": l.outcome.ponder,
                "score": score_json(l.outcome.score),
                "depth": l.outcome.depth,
                "nodes": l.outcome.nodes,
                "pv": l.pvs.first().map(|p| p.pv.clone()).unwrap_or_default(),
                "lines": l.pvs.iter().map(|p| json!({
                    "multipv": p.multipv,
                    "score": score_json(p.score),
                    "depth": p.depth,
                    "pv": p.pv,
                })).collect::<Vec<_>>(),
            }),
        };
        v.to_string()
    }

    /// The result as text: one line per position (more with MultiPV).
    pub fn to_text(&self) -> String {
        match &self.result {
            Err(e) => format!("{}: error: {e}", self.id),
            Ok(l) => {
                let mut s = format!(
                    "{}: bestmove {} score {} depth {} nodes {} pv {}",
                    self.id,
                    l.outcome.best.as_deref().unwrap_or("(none)"),
                    score_text(l.outcome.score),
                    l.outcome.depth,
                    l.outcome.nodes,
                    l.pvs.first().map(|p| p.pv.join(" ")).unwrap_or_default()
                );
                for p in l.pvs.iter().skip(1) {
                    s.push_str(&format!(
                        "\n{}: multipv {} score {} depth {} pv {}",
                        self.id,
                        p.multipv,
                        score_text(p.score),
                        p.depth,
                        p.pv.join(" ")
                    ));
                }
                s
            }
        }
    }
}

/// The search limits of an analysis.
pub fn limits(depth: Option<i32>, movetime_ms: Option<u64>, multipv: usize) -> Limits {
    Limits {
        depth,
        movetime: movetime_ms.map(Duration::from_millis),
        multipv: multipv.max(1),
        ..Default::default()
    }
}

/// The arguments of `kaissa analyse`, as the command line gives them.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    /// The game the positions belong to.
    #[arg(long, default_value = DEFAULT_VARIANT)]
    pub variant: String,
    /// Search each position to this depth.
    #[arg(long, conflicts_with = "movetime", required_unless_present = "movetime", value_parser = clap::value_parser!(i32).range(1..=100))]
    pub depth: Option<i32>,
    /// Search each position for this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pub movetime: Option<u64>,
    /// Search threads per position.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Positions analysed at the same time.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: u64,
    /// Principal variations per position.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub multipv: u64,
    /// Hash table per position being analysed, in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=16384))]
    pub hash: u64,
    /// Write JSON lines instead of text.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// The positions; `-` reads standard input.
    pub file: String,
}

/// `kaissa analyse`: reads the positions of `args.file` (`-`: standard input), analyses them
/// on `args.jobs` threads with engines of `args.variant` (after loading `variants_file`), and
/// prints one result per position on stdout in input order, as text or JSON lines. Progress
/// goes to stderr: a bar on a terminal, plain lines every 5% otherwise, nothing with `quiet`.
/// A position that cannot be analysed is reported in place and makes the result an error.
pub fn run(args: &AnalyseArgs, variants_file: Option<&str>) -> Result<(), String> {
    use indicatif::{ProgressBar, ProgressStyle};
    use rayon::prelude::*;
    use std::io::Read;
    let limits = limits(args.depth, args.movetime, args.multipv as usize);
    let mut text = String::new();
    if args.file == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
    } else {
        text = std::fs::read_to_string(&args.file)
            .map_err(|e| format!("cannot read {}: {e}", args.file))?;
    }
    let jobs = parse_jobs(&text);
    let options = Options {
        hash_mib: args.hash as usize,
        threads: args.threads as usize,
        multipv: limits.multipv,
        move_overhead: Duration::ZERO,
        ..Options::default()
    };
    // Check the variant and options once, before any work.
    engine_for(&args.variant, variants_file, options.clone())?;
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        let b = ProgressBar::new(jobs.len() as u64);
        b.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} positions, {elapsed} elapsed, ETA {eta}",
            )
            .map_err(|e| e.to_string())?,
        );
        b
    };
    let (tx, rx) = channel::<(usize, Analysis)>();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs as usize)
        .build()
        .map_err(|e| e.to_string())?;
    let mut failed = false;
    std::thread::scope(|scope| {
        let work = scope.spawn(|| {
            pool.install(|| {
                jobs.par_iter().enumerate().for_each_init(
                    || engine_for(&args.variant, variants_file, options.clone()),
                    |engine, (i, job)| {
                        let result = match engine {
                            Ok(e) => analyse_one(e, job, &limits),
                            Err(err) => Analysis {
                                id: job.id.clone(),
                                fen: job.fen.clone(),
                                result: Err(err.clone()),
                            },
                        };
                        let _ = tx.send((i, result));
                    },
                )
            });
            drop(tx);
        });
        let mut pending = std::collections::BTreeMap::new();
        let mut next = 0;
        let mut closed = false;
        let plain_progress = !args.quiet && !std::io::IsTerminal::is_terminal(&std::io::stderr());
        let started = std::time::Instant::now();
        let total = jobs.len();
        let mut done = 0usize;
        for (i, r) in rx.iter() {
            bar.inc(1);
            done += 1;
            // Without a terminal the bar is hidden: report progress as plain lines instead.
            if plain_progress && crate::progress::at_step(done, total) {
                let secs = started.elapsed().as_secs_f64();
                let eta = secs / done as f64 * (total - done) as f64;
                eprintln!("progress: {done}/{total} positions, {secs:.1}s elapsed, ETA {eta:.1}s");
            }
            pending.insert(i, r);
            while let Some(r) = pending.remove(&next) {
                failed |= r.result.is_err();
                let line = if args.json { r.to_json() } else { r.to_text() };
                if !closed {
                    // A closed stdout (`| head`) ends the output quietly.
                    closed = bar.suspend(|| {
                        use std::io::Write;
                        writeln!(std::io::stdout(), "{line}").is_err()
                    });
                }
                next += 1;
            }
        }
        let _ = work.join();
    });
    bar.finish_and_clear();
    if failed {
        Err("some positions could not be analysed (see the output)".into())
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_and_epd_lines() {
        let jobs = parse_jobs(
            "# comment\n\nibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1\nX[] w - - id \"two\";\nY[] b - - 0 3; id \"three\"; c0 \"x\"\n",
        );
        assert_eq!(jobs.len(), 3);
        assert_eq!(jobs[0].id, "line 3");
        assert_eq!(jobs[1].id, "two");
        assert_eq!(jobs[1].fen, "X[] w - -");
        assert_eq!(jobs[2].id, "three");
        assert_eq!(jobs[2].fen, "Y[] b - - 0 3");
    }
}
