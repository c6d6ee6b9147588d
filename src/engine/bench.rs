//! The bench (`kaissa bench`, and UCI's `bench` command): a fixed list of positions searched
//! to a fixed depth on one thread with a freshly cleared table. The total node count is the
//! engine's signature: it must be the same on every run and changes only when the search or
//! evaluation changes. It lives in the engine so that every front end can run it; the
//! command line's `kaissa bench` (src/cli.rs) and UCI's `bench` call it.

use super::new_state;
use crate::engine::SearchRequest;
use crate::games::variants::Registry;
use crate::search::time::Limits;
use crate::search::tt::Table;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Default search depth of the bench.
pub const DEFAULT_DEPTH: i32 = 8;
/// Default table size of the bench, in MiB.
pub const DEFAULT_HASH_MIB: u64 = 16;

/// The bench positions: (variant, FEN), from the opening to the endgame of each rule set.
pub const POSITIONS: &[(&str, &str)] = &[
    (
        "merchants",
        "ibstuatsbi/xrpppppprx/10/10/10/10/10/10/XRPPPPPPRX/IBSTUATSBI[Hh] w - - 0 1",
    ),
    (
        "merchants",
        "ibs3h1bi/1rpp1p1prx/t4sp3/2a1p1X3/10/6xu2/4PTtXT1/1R5P2/2PP1PP1R1/IBS1UAHSBI[] w - - 10 16",
    ),
    (
        "merchants",
        "1bs1U1h2i/2rp1prpb1/5sp3/4p2ux1/2p4X2/5i4/2T1PTP3/R1IP1SP3/t1P1AP1HR1/1BS4B1I[] w - - 1 41",
    ),
    (
        "northern",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    ),
    (
        "northern",
        "1bhtu2sbi/mip1pa1prm/3p6/r4s4/5pp3/5t3M/2P1P1P1T1/3AU1TP2/MR1P1PS1BR/IBS5HI[] w - - 3 16",
    ),
    (
        "northern",
        "6h3/ms4pr2/1p8/3p6/5b4/10/10/2M2H1M2/10/10[] b - - 1 46",
    ),
    (
        "gc",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    ),
    (
        "gc",
        "ibsh1uasbi/1rppp1ppr1/6t3/5p4/10/3P2P1m1/3mPP4/3TU2PM1/1RP3H1R1/IBST1A1SBI[] w - - 2 16",
    ),
    (
        "gc",
        "i1stuahsbi/m1pP2p1rm/1br7/5p2t1/4p5/10/3P3p2/2P2P1P2/M4UP1RM/IBSTHATSBI[] w - - 0 12",
    ),
    (
        "gorean",
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTAUTSBI[Hh] w - - 0 1",
    ),
    (
        "gorean",
        "ibshuatsbi/mrtppp1p1m/7r2/2p7/6p2M/10/10/1BR7/MIPPPPPPR1/1HSTAUTSBI[] w - - 0 6",
    ),
    (
        "gorean",
        "1b4hs2/rtps2p1im/3a2pr2/1B3b4/4i5/4upT1A1/3P3P1M/1PR2H1R2/1T1P2P3/I1S4SBI[] w - - 3 41 d2,g2",
    ),
    (
        "kaissa",
        "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1",
    ),
    (
        "kaissa",
        "i1stua1sbi/mr1p1pp1rm/p1p2h1b1p/3p4p1/10/2P3P3/1P3P2P1/PR2P1PS1P/M4P2RM/IBST1AT1HI[] w - - 0 9",
    ),
    (
        "kaissa",
        "4h4i/1r3p4/p2s4p1/3P4u1/2T7/10/1P6P1/5B4/M3R4M/4H4I[] w - - 0 40",
    ),
    (
        "donkey",
        "1ATSU1LLTP2SP2/2IB1MRP8/5m2ir2bl2/1atsu1lltp2sp2/2ib1mrp8/5M2IR2BL2[Hh] w - - 0 1",
    ),
    (
        "donkey",
        "1AT1UTS1HP2SP2/5MR9/1m6ir2bPB1/1ats2llh3s3/2ib5M6/7tIR6[] w - - 1 14",
    ),
    (
        "donkey",
        "1HTSUA1LTPLR2P1/2I2SM9/7mirP1bB2/u1ts1a3plts3/1h1bmi1pr7/10RpBI1L[] w - - 1 26",
    ),
    ("caissa", "7/3bqn1/4r2/7/2R4/1NQB3/7 w - 0"),
    ("caissa", "7/4q2/3N3/2Bbr2/1*2RQ1/*n*2**/7 w - 20"),
    ("caissa", "2B2*1/2q*N1*/4*nQ/3rR2/1*1b**1/***2**/7 w - 36"),
    (
        "jikaida",
        "cjhapkannhjc/dddddddddddd/ssssssssssss/12/12/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1",
    ),
    (
        "jikaida",
        "cjha1ka2pjc/1dd2ddd3d/s1ss1s1s2ss/6d'5/12/9s'2/12/12/12/12/12/12/8S'3/9S'2/2S'5D'3/S2SSSS1SSS1/DDDD1P2DD1D/C3NA1KA2C y Kk 16",
    ),
    (
        "jikaida",
        "cjha1kannhjc/dddddd2dddd/s3sp1s1sss/1s'6s'1d'1/3s's's'6/1s'4d'5/12/12/12/12/12/12/3S'8/S'11/P6S'2D'1/SS1SSS1ASSSS/DDD1DD1DDDDD/CJD'NNA2KHJC b Kk 11",
    ),
];

/// The depth a bench position of `variant` is searched to: Jikaida's board has more than
/// twice the cells and several times the moves, so it goes three plies less.
pub fn depth_for(variant: &str, depth: i32) -> i32 {
    if variant.starts_with("jikaida") {
        (depth - 3).max(1)
    } else {
        depth
    }
}

/// The nodes and search time of one bench position, or of all positions of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Speed {
    /// The variant searched.
    pub variant: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent searching, without setting up the position or clearing the table.
    pub searching: Duration,
}

impl Speed {
    /// Nodes per second of search time.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.searching.as_secs_f64().max(1e-9)) as u64
    }
}

/// The outcome of a bench run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched in total: the signature.
    pub nodes: u64,
    /// Time taken in all, set-up included.
    pub elapsed: Duration,
    /// Nodes and search time per variant, in the order the variants first appear: the
    /// figures to compare the cost of a node between rule sets.
    pub by_variant: Vec<Speed>,
}

/// Which evaluation the bench positions are searched with.
#[derive(Clone, Debug)]
pub struct BenchEval {
    /// Use the learned nets where a rule set has one (false: the hand-written evaluation
    /// everywhere).
    pub use_nnue: bool,
    /// A net file's bytes, used for the positions of the rule set it was made for (the
    /// others keep their own evaluation).
    pub file: Option<Vec<u8>>,
}

impl Default for BenchEval {
    fn default() -> Self {
        BenchEval {
            use_nnue: true,
            file: None,
        }
    }
}

/// Runs the bench with every rule set's own evaluation. `progress(i, speed)` is called after
/// each position (`i` from 0).
pub fn run(
    depth: i32,
    hash_mib: u64,
    progress: impl FnMut(usize, &Speed),
) -> Result<BenchResult, String> {
    run_with(depth, hash_mib, &BenchEval::default(), progress)
}

/// Runs the bench with the evaluation `eval` chooses (to compare a net's speed with the
/// hand-written evaluation's on the same positions).
pub fn run_with(
    depth: i32,
    hash_mib: u64,
    eval: &BenchEval,
    mut progress: impl FnMut(usize, &Speed),
) -> Result<BenchResult, String> {
    let registry = Registry::builtin();
    let tt = Arc::new(Table::new(hash_mib as usize));
    let mut nodes = 0;
    let mut by_variant: Vec<Speed> = Vec::new();
    let start = Instant::now();
    for (i, (variant, fen)) in POSITIONS.iter().enumerate() {
        let mut state = new_state(&registry.get(variant, &[])?)?;
        state
            .set_position(Some(fen), &[])
            .map_err(|e| format!("bench position {}: {e}", i + 1))?;
        if state.set_net(eval.use_nnue, eval.file.as_deref()).is_err() {
            // The file's net is for another rule set: this one keeps its own.
            state.set_net(eval.use_nnue, None)?;
        }
        tt.clear();
        let limits = Limits {
            depth: Some(depth_for(variant, depth)),
            multipv: 1,
            ..Default::default()
        };
        let searching = Instant::now();
        let n = state.search(SearchRequest::quiet(tt.clone(), limits)).nodes;
        let this = Speed {
            variant,
            nodes: n,
            searching: searching.elapsed(),
        };
        nodes += n;
        progress(i, &this);
        match by_variant.iter_mut().find(|s| s.variant == this.variant) {
            Some(s) => {
                s.nodes += this.nodes;
                s.searching += this.searching;
            }
            None => by_variant.push(this),
        }
    }
    Ok(BenchResult {
        nodes,
        elapsed: start.elapsed(),
        by_variant,
    })
}
