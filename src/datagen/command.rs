//! The `kaissa datagen` command: its arguments, the output's form (text lines or binary
//! training records) and [`run`], which plays or replays the games and writes what they give.

use super::{DatagenConfig, Sample, from_pgn, generate, rescore};
use crate::core::definition::VariantDef;
use crate::core::nnue::record::Record;
use crate::games::variants::{DEFAULT_VARIANT, Registry};

/// The arguments of `kaissa datagen`, as the command line gives them.
#[derive(clap::Args, Debug)]
pub struct DatagenArgs {
    /// The game.
    #[arg(long, default_value = DEFAULT_VARIANT)]
    pub variant: String,
    /// Games to play.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    /// Search nodes per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// A game that goes past this many plies (the random ones included) ends there, scored
    /// a draw: shorter games give more games, and more varied positions, for the
    /// same time (Jikaida's self-play games at a few thousand nodes often run past 600).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub max_plies: u64,
    /// End a game once four searches in a row (two of each side) score it at least this many
    /// centipawns (or a mate) for the same side, won by that side, as a GUI adjudicates a
    /// resignation: the lost end of a game teaches a net little, and games that stop there
    /// give more games for the same time (default: every game is played out).
    #[arg(long, value_name = "CP", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub resign: Option<u32>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
    /// Write the samples here (default: standard output), each game's as soon as it and
    /// the games before it are done, in game order.
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Do not play: take the games of this PGN file (another engine's, say) and record
    /// their quiet positions, each searched for --nodes for its score and labelled with
    /// the game's result; --random-plies opening plies of each game are skipped and
    /// --games and --seed are not used.
    #[arg(long, value_name = "PGN")]
    pub from_pgn: Option<String>,
    /// Do not play: search every position of this binary data file (of --variant, as
    /// datagen wrote it) again for --nodes, with an empty table each, and write it with the
    /// new score and its game's result, in the file's order (a position whose search finds a
    /// mate is left out): deeper scores for positions already made. --games, --seed and
    /// --random-plies are not used.
    #[arg(long, value_name = "FILE", conflicts_with = "from_pgn")]
    pub rescore: Option<String>,
    /// The output's form: `text` lines (`FEN | score | result`, for the Texel tuner and for
    /// reading) or `binary` training records (for `kaissa train`: 64 bytes for the Kaissa family
    /// up to 128 cells and Caïssa, 128 for Jikaida's 12 x 18 board; tuning/NNUE.md has the
    /// layouts).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Search with this net (as the engine's `EvalFile`), to make the next net's data with
    /// the best net so far.
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<String>,
    /// Search with the hand-written evaluation even where the rule set has a built-in net.
    #[arg(long, conflicts_with = "eval_file")]
    pub no_nnue: bool,
}

/// The form of `kaissa datagen`'s output.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One `FEN | score | result` line per position.
    Text,
    /// One training record per position, 64 or 128 bytes as the game's net inputs ask
    /// ([`crate::core::nnue::record`]).
    Binary,
}

/// What turns a game's samples into the bytes of the output file.
fn encoder(def: &VariantDef, format: Format) -> Result<Box<Encode>, String> {
    match format {
        Format::Text => Ok(Box::new(|samples: &[Sample]| {
            Ok(samples
                .iter()
                .map(|s| s.line() + "\n")
                .collect::<String>()
                .into_bytes())
        })),
        Format::Binary => {
            let inputs = crate::games::net_inputs(def).map_err(|e| {
                format!("{e} (binary records are for games with nets; use --format text)")
            })?;
            Ok(Box::new(move |samples: &[Sample]| {
                let mut out = Vec::with_capacity(samples.len() * inputs.record_bytes());
                for s in samples {
                    let result = (s.result * 2.0).round().clamp(0.0, 2.0) as u8;
                    let r = inputs
                        .record_of_fen(&s.fen, s.score, result)
                        .map_err(|e| format!("{}: {e}", s.fen))?;
                    let bytes = r
                        .to_bytes(inputs.record_bytes())
                        .map_err(|e| format!("{}: {e}", s.fen))?;
                    out.extend_from_slice(&bytes);
                }
                Ok(out)
            }))
        }
    }
}

/// The positions of a binary data file of `def`'s game, as FEN with their game's result for
/// the first player; an error names the file and the record that cannot be read.
fn positions_of(def: &VariantDef, path: &str) -> Result<Vec<(String, f64)>, String> {
    let inputs = crate::games::net_inputs(def)?;
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let records =
        Record::read_all(&bytes, inputs.record_bytes()).map_err(|e| format!("{path}: {e}"))?;
    records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let fen = inputs
                .fen_of_record(r)
                .map_err(|e| format!("{path}: record {}: {e}", i + 1))?;
            Ok((fen, r.result as f64 / 2.0))
        })
        .collect()
}

/// Turns samples into output bytes.
type Encode = dyn Fn(&[Sample]) -> Result<Vec<u8>, String> + Send + Sync;

/// `kaissa datagen`: plays the self-play games of `args` (or replays those of its PGN file)
/// in the variant `args.variant` of `registry`, writing each game's samples to `args.out` (or
/// standard output) as soon as it and the games before it are done, with progress every 5%
/// and the number of positions written on stderr.
pub fn run(args: &DatagenArgs, registry: &Registry) -> Result<(), String> {
    let def = registry.get(&args.variant, &[])?;
    let encode = encoder(&def, args.format)?;
    let cfg = DatagenConfig {
        games: args.games as usize,
        nodes: args.nodes,
        random_plies: args.random_plies,
        max_plies: args.max_plies as usize,
        resign: args.resign.map(|cp| cp as i32),
        seed: args.seed,
        jobs: args
            .jobs
            .map(|j| j as usize)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        use_nnue: !args.no_nnue,
        net_file: match &args.eval_file {
            Some(path) => Some(crate::engine::read_net_file(path)?),
            None => None,
        },
    };
    // The games to replay are read before the output is opened, so a wrong path leaves an
    // existing output file as it was.
    let again = match &args.rescore {
        Some(path) => Some((path, positions_of(&def, path)?)),
        None => None,
    };
    let pgn = match &args.from_pgn {
        Some(path) => Some((
            path,
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?,
        )),
        None => None,
    };
    // Each game's lines are written (and flushed) as soon as it and the games before it are
    // done: a long run can be watched, and cut short, without losing them.
    let mut writer: Box<dyn std::io::Write + Send> = match &args.out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?,
        )),
        None => Box::new(std::io::stdout()),
    };
    let target = args.out.clone().unwrap_or_else(|| "standard output".into());
    let mut sink = |samples: &[Sample]| {
        let bytes = encode(samples)?;
        writer
            .write_all(&bytes)
            .and_then(|()| writer.flush())
            .map_err(|e| format!("cannot write {target}: {e}"))
    };
    let written = match (pgn, again) {
        (_, Some((path, positions))) => {
            let progress = |done: usize, total: usize| {
                if crate::progress::at_step(done, total) {
                    eprintln!(
                        "datagen: {}/{} positions of {path}",
                        (done * super::rescore::UNIT).min(positions.len()),
                        positions.len()
                    );
                }
            };
            rescore(&def, &positions, &cfg, &progress, &mut sink)?
        }
        (Some((path, text)), None) => {
            let progress = |done: usize, total: usize| {
                if crate::progress::at_step(done, total) {
                    eprintln!("datagen: {done}/{total} games of {path}");
                }
            };
            from_pgn(&def, &text, &cfg, &progress, &mut sink)?
        }
        (None, None) => {
            let total = cfg.games;
            let progress = |done: usize| {
                if crate::progress::at_step(done, total) {
                    eprintln!("datagen: {done}/{total} games");
                }
            };
            generate(&def, &cfg, &progress, &mut sink)?
        }
    };
    eprintln!("datagen: {written} positions");
    Ok(())
}
