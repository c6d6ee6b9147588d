//! The `kaissa match` command: its arguments as the command line gives them, and [`run`],
//! which turns them into a [`MatchConfig`], plays the match through [`play_match`], reports
//! each game on stderr, appends the games to the PGN file and prints the table. The one part
//! of the tournament that prints.

use super::adjudication::{Adjudication, DrawRule, ResignRule};
use super::arbiter::TimeControl;
use super::player::EngineSpec;
use super::stats::Sprt;
use super::{MatchConfig, parse_openings, play_match, to_pgn, verify_games, verify_pgn};
use crate::games::variants::DEFAULT_VARIANT;

/// The arguments of `kaissa match`, as the command line gives them.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// An engine: `cmd=PROGRAM name=NAME option.Hash=64 option.Use NNUE=false ...` (quote cmd
    /// to give arguments; option.VariantPath=FILE replaces --variants for this engine).
    #[arg(long = "engine", value_name = "SPEC")]
    pub engines: Vec<String>,
    /// The game.
    #[arg(long, default_value = DEFAULT_VARIANT)]
    pub variant: String,
    /// Games per pairing.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// Clock per player: seconds+increment, e.g. 10+0.1.
    #[arg(long, conflicts_with_all = ["movetime", "depth"])]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long, value_name = "MS", conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Fixed depth per move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Games played at the same time (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub concurrency: Option<u64>,
    /// Openings: one FEN (optionally `FEN moves m1 m2`) or move list per line.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Without --openings: random plies played from the start for each opening pair.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Random openings only: draw each again until a short search (200,000 nodes, the
    /// hand-written evaluation or the game's built-in net) scores its position within CP
    /// centipawns for either side, no mate in sight, taking the most level of 100 draws
    /// otherwise. Random plies alone can decide a game (four leave Jikaida a mate in one
    /// about a quarter of the time); 100 to 200 keeps openings varied and fair. Default: off.
    #[arg(long, value_name = "CP", conflicts_with = "openings", value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub balance: Option<u32>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Append the games to this PGN file.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<String>,
    /// Go on with a match cut short: the games already in the --pgn file (played with the
    /// same engines, game, clock, openings, seed and adjudication) count, in the table and
    /// the SPRT, and only the rest are played. A missing file starts the match afresh.
    #[arg(long, requires = "pgn")]
    pub resume: bool,
    /// End a game as won once both engines have scored it at least CP centipawns for the same
    /// side (or a mate for it) for N moves each, as cutechess-cli's -resign:
    /// "movecount=N score=CP", e.g. "movecount=3 score=1000". Default: games are played out.
    #[arg(long, value_name = "RULE")]
    pub resign: Option<String>,
    /// End a game as drawn once, from full move N on, both engines have scored it within CP
    /// of level for M moves each, as cutechess-cli's -draw: "movenumber=N movecount=M
    /// score=CP", e.g. "movenumber=40 movecount=8 score=10". Default: played out (to the
    /// arbiter's 1,000-ply cap).
    #[arg(long, value_name = "RULE")]
    pub draw: Option<String>,
    /// Sequential test, e.g. "elo0=0 elo1=5 alpha=0.05 beta=0.05" (two engines only).
    #[arg(long)]
    pub sprt: Option<String>,
    /// The first engine plays each of the others, which do not meet (to measure several
    /// builds against one opponent); without it more than two engines play a round robin.
    #[arg(long)]
    pub gauntlet: bool,
    /// Do not play: replay the games of this PGN with the rules and check their results.
    #[arg(long, value_name = "FILE")]
    pub check_pgn: Option<String>,
    /// Do not play: check the games of these PGN files (the parts of one match played apart,
    /// on several machines or by seed) and print one table for them all, with --sprt the one
    /// test of the first engine (the first game's White) on every game.
    #[arg(long, value_name = "PGN", num_args = 1.., conflicts_with_all = ["engines", "check_pgn", "resume"])]
    pub tally: Vec<String>,
}

/// `kaissa match`: with `check_pgn`, checks the games of that file and says so; otherwise
/// plays the match the arguments describe (engines and the arbiter loading `variants_file`
/// first), resuming from its PGN file if asked, and prints the table.
pub fn run(args: &MatchArgs, variants_file: Option<&str>) -> Result<(), String> {
    if let Some(path) = &args.check_pgn {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let n = verify_pgn(&text, variants_file)?;
        println!("{path}: {n} games, every move legal and every result right");
        return Ok(());
    }
    if !args.tally.is_empty() {
        return tally_files(args, variants_file);
    }
    let tc = match (&args.tc, args.movetime, args.depth) {
        (Some(t), _, _) => TimeControl::parse_clock(t)?,
        (None, Some(ms), _) => TimeControl::MoveTime(std::time::Duration::from_millis(ms)),
        (None, None, Some(d)) => TimeControl::Depth(d),
        (None, None, None) => TimeControl::parse_clock("10+0.1")?,
    };
    let specs = args
        .engines
        .iter()
        .map(|e| EngineSpec::parse(e))
        .collect::<Result<Vec<_>, _>>()?;
    let openings = match &args.openings {
        Some(path) => parse_openings(
            &std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?,
        ),
        None => Vec::new(),
    };
    let config = MatchConfig {
        engines: specs,
        gauntlet: args.gauntlet,
        variant: args.variant.clone(),
        variants_file: variants_file.map(String::from),
        games: args.games as usize,
        tc,
        concurrency: args
            .concurrency
            .map(|c| c as usize)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        openings,
        random_plies: args.random_plies,
        balance: args.balance.map(|cp| cp as i32),
        seed: args.seed,
        sprt: args.sprt.as_deref().map(Sprt::parse).transpose()?,
        adjudication: Adjudication {
            resign: args.resign.as_deref().map(ResignRule::parse).transpose()?,
            draw: args.draw.as_deref().map(DrawRule::parse).transpose()?,
        },
        played: match (&args.pgn, args.resume) {
            (Some(path), true) => match std::fs::read_to_string(path) {
                Ok(text) => crate::pgn::read_all(&text)
                    .map_err(|e| format!("cannot resume from {path}: {e}"))?,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(format!("cannot read {path}: {e}")),
            },
            _ => Vec::new(),
        },
    };
    play_and_report(&config, args.pgn.as_deref())
}

/// `kaissa match --tally`: every game of the files checked with the rules, then one table
/// (and with `--sprt` one test) for them all.
fn tally_files(args: &MatchArgs, variants_file: Option<&str>) -> Result<(), String> {
    let mut games = Vec::new();
    for path in &args.tally {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let part = crate::pgn::read_all(&text).map_err(|e| format!("{path}: {e}"))?;
        verify_games(&part, variants_file).map_err(|e| format!("{path}: {e}"))?;
        games.extend(part);
    }
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let standings = super::tally::tally(&games, sprt.as_ref())?;
    eprintln!(
        "{} games from {} files, every move legal and every result right",
        games.len(),
        args.tally.len()
    );
    print!("{}", standings.table(sprt.as_ref()));
    Ok(())
}

/// Plays the match of `config`: a progress line per game on stderr, each game appended to
/// the PGN file `pgn` (opened at the first game, so a refused match leaves no file behind),
/// the table on stdout at the end.
fn play_and_report(config: &MatchConfig, pgn: Option<&str>) -> Result<(), String> {
    use std::io::Write;
    // Opened at the first game, so a refused match leaves no file behind.
    let mut pgn_file: Option<std::fs::File> = None;
    let date = crate::pgn::today();
    let n = config.engines.len();
    let pairs = if config.gauntlet {
        n.saturating_sub(1)
    } else {
        n * n.saturating_sub(1) / 2
    };
    let total = config.games * pairs;
    let mut played = config.played.len();
    if played > 0 && config.balance.is_some() {
        // Checking them makes each of their balanced openings again, a search each: say so
        // before the wait.
        eprintln!("resuming: {played} games already played, their balanced openings made again");
    }
    let mut write_error = None;
    let standings = play_match(config, |f, st| {
        played += 1;
        let t = st.total(0);
        // With an SPRT, the running LLR of the first engine's results and its bounds.
        let llr = config.sprt.as_ref().map_or(String::new(), |sp| {
            let (lo, hi) = sp.bounds();
            format!(" | LLR {:.2} ({lo:.2} .. {hi:.2})", sp.llr(&t))
        });
        eprintln!(
            "game {played}/{total}: {} - {} {} {{{}}} | {}: +{} ={} -{}{llr}",
            config.engines[f.players[0]].name,
            config.engines[f.players[1]].name,
            f.record.result,
            f.record.reason,
            st.names[0],
            t.wins,
            t.draws,
            t.losses
        );
        if let Some(path) = pgn
            && write_error.is_none()
        {
            if pgn_file.is_none() {
                match std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                {
                    Ok(f) => pgn_file = Some(f),
                    Err(e) => write_error = Some(format!("cannot open {path}: {e}")),
                }
            }
            if let Some(file) = pgn_file.as_mut() {
                let text = to_pgn(config, f, &date).write();
                if let Err(e) = file.write_all(text.as_bytes()) {
                    write_error = Some(e.to_string());
                }
            }
        }
    })?;
    if let Some(e) = write_error {
        return Err(format!("writing the PGN failed: {e}"));
    }
    print!("{}", standings.table(config.sprt.as_ref()));
    Ok(())
}
