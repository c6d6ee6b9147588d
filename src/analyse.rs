//! Batch analysis: positions from a file (one FEN per line, or EPD with `id "..."`),
//! each searched with the same limits, results in input order as text or JSON lines.

use crate::engine::{Engine, Info, Options, SearchOutcome, score_text};
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
