//! Command-line dispatch (clap). Each subcommand parses its arguments, does its work through
//! the library, prints, and returns the process exit code.

use clap::{Parser, Subcommand};
use kaissa::games::variants::{DEFAULT_VARIANT, Registry};
use std::time::Instant;

/// kaissa: an engine for the chess-like games of fiction (Kaissa of Gor and its rule sets).
///
/// Games are data: `kaissa variants` lists the built-in ones, `kaissa variants --show NAME`
/// prints a definition you can copy, edit and load with `--variants FILE`.
/// With no subcommand, kaissa speaks a protocol on stdin/stdout for GUIs and tournament
/// managers: send `uci` (UCI with variants, as Fairy-Stockfish) or `xboard` (CECP) first.
/// See protocol.md. Set RUST_LOG=debug for diagnostics on stderr.
#[derive(Parser, Debug)]
#[command(
    name = "kaissa",
    version,
    after_help = "Examples:\n  kaissa                                   protocol mode (then type `uci` or `xboard`)\n  kaissa perft --variant merchants 5       count the move tree of Merchants Kaissa\n  kaissa bench                             the search's node signature and speed\n  kaissa analyse --depth 8 positions.fen   analyse a file of positions\n  kaissa variants --show gorean            print a definition to copy and edit"
)]
struct Cli {
    /// Load more variant definitions from this TOML file (format: README.md), for a subcommand
    /// or, with none, for protocol mode (UCI_Variant and XBoard's variants then offer them).
    #[arg(long, global = true, value_name = "FILE")]
    variants: Option<String>,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal-move tree (a move-generator check and speed test).
    ///
    /// With --divide, prints one `move: count` line per legal move first. Always ends with
    /// `Nodes searched: N` and `Nodes/second: R`.
    ///
    /// Example: kaissa perft --variant merchants 5
    Perft {
        /// The game (kaissa, merchants, northern, gc, gorean, or one loaded with --variants).
        #[arg(long, default_value = DEFAULT_VARIANT)]
        variant: String,
        /// Start from this FEN instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Play these moves (space-separated, engine notation) first, e.g. "e2e4 H@e10".
        #[arg(long, value_name = "MOVES")]
        moves: Option<String>,
        /// Print the count below each legal move.
        #[arg(long)]
        divide: bool,
        /// Switch on a named rule option of the variant (repeatable), e.g. seven_turn_window.
        #[arg(long = "option", value_name = "NAME")]
        options: Vec<String>,
        /// Depth in plies (1 or more).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=20))]
        depth: u32,
    },
    /// Search a fixed list of positions to a fixed depth on one thread; print the total nodes
    /// (the engine's signature, identical on every run) and the speed.
    ///
    /// Each position's nodes and search time, then nodes per second of search time for each
    /// variant, go to stderr: the figures to compare the cost of a node between rule sets.
    Bench {
        /// Search depth.
        #[arg(long, default_value_t = kaissa::bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=30))]
        depth: i32,
        /// Hash table size in MiB.
        #[arg(long, default_value_t = kaissa::bench::DEFAULT_HASH_MIB, value_parser = clap::value_parser!(u64).range(1..=65536))]
        hash: u64,
    },
    /// Analyse every position of a file (one FEN per line, or EPD with `id "..."`), printing
    /// one result per position in input order: best move, score, depth, nodes and PV.
    ///
    /// A progress bar with an ETA goes to stderr; results go to stdout. Positions that cannot
    /// be read are reported in place and make the exit status 1.
    ///
    /// Example: kaissa analyse --variant kaissa --depth 8 --jobs 2 positions.epd
    Analyse(kaissa::analyse::AnalyseArgs),
    /// Play engines against each other under the engine's own arbiter: every move checked,
    /// every end of game decided by the rules, illegal moves, crashes and flags forfeit.
    ///
    /// Two engines play a match, more play a round robin (or, with --gauntlet, the first plays
    /// each of the others). Each opening is played twice with
    /// colours swapped. A progress line per game goes to stderr; the table with Elo, its 95%
    /// error and LOS to stdout. With --sprt the match stops as soon as the test decides.
    ///
    /// Example: kaissa match --engine "cmd=./kaissa name=new" --engine "cmd=./old name=old"
    /// --games 200 --tc 5+0.05 --sprt "elo0=0 elo1=10" --pgn games.pgn
    Match {
        /// An engine: `cmd=PROGRAM name=NAME option.Hash=64 option.Use NNUE=false ...` (quote cmd
        /// to give arguments; option.VariantPath=FILE replaces --variants for this engine).
        #[arg(long = "engine", value_name = "SPEC")]
        engines: Vec<String>,
        /// The game.
        #[arg(long, default_value = DEFAULT_VARIANT)]
        variant: String,
        /// Games per pairing.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        games: u64,
        /// Clock per player: seconds+increment, e.g. 10+0.1.
        #[arg(long, conflicts_with_all = ["movetime", "depth"])]
        tc: Option<String>,
        /// Fixed time per move in milliseconds.
        #[arg(long, value_name = "MS", conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        movetime: Option<u64>,
        /// Fixed depth per move.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
        depth: Option<u32>,
        /// Games played at the same time (default: the machine's cores).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
        concurrency: Option<u64>,
        /// Openings: one FEN (optionally `FEN moves m1 m2`) or move list per line.
        #[arg(long, value_name = "FILE")]
        openings: Option<String>,
        /// Without --openings: random plies played from the start for each opening pair.
        #[arg(long, default_value_t = 4)]
        random_plies: usize,
        /// Seed of the random openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Append the games to this PGN file.
        #[arg(long, value_name = "FILE")]
        pgn: Option<String>,
        /// Go on with a match cut short: the games already in the --pgn file (played with the
        /// same engines, game, clock, openings and seed) count, in the table and the SPRT, and
        /// only the rest are played. A missing file starts the match afresh.
        #[arg(long, requires = "pgn")]
        resume: bool,
        /// Sequential test, e.g. "elo0=0 elo1=5 alpha=0.05 beta=0.05" (two engines only).
        #[arg(long)]
        sprt: Option<String>,
        /// The first engine plays each of the others, which do not meet (to measure several
        /// builds against one opponent); without it more than two engines play a round robin.
        #[arg(long)]
        gauntlet: bool,
        /// Do not play: replay the games of this PGN with the rules and check their results.
        #[arg(long, value_name = "FILE")]
        check_pgn: Option<String>,
    },
    /// Play self-play games and write quiet positions with the search score and the game
    /// result, one per line as `FEN | score | result`, for tuning the evaluation (tuning/).
    ///
    /// Example: kaissa datagen --variant kaissa --games 200 --nodes 5000 --out kaissa.data
    Datagen(kaissa::datagen::DatagenArgs),
    /// List the known variants, or print one definition in full.
    Variants {
        /// Print this variant's whole definition as a variants file.
        #[arg(long, value_name = "NAME")]
        show: Option<String>,
    },
    /// Serve a page that draws, plays and analyses every game in the browser; prints the URL.
    ///
    /// The page plays against the engine or between two people, analyses (MultiPV), loads a
    /// FEN or a PGN of `kaissa match`; `/?variant=NAME` opens a new game of that variant.
    /// Runs until interrupted. Example: kaissa serve --port 8765
    Serve {
        /// Port to listen on (0: any free port).
        #[arg(long, default_value_t = 8765)]
        port: u16,
        /// Address to listen on; the default serves this machine only.
        #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
        host: String,
    },
}

/// Parses the command line, runs it, and returns the exit code.
pub fn run() -> i32 {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match execute(cli) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

fn execute(cli: Cli) -> Result<(), String> {
    let mut registry = Registry::builtin();
    if let Some(path) = &cli.variants {
        let names = registry.load_file(path)?;
        log::info!("loaded variants {names:?} from {path}");
    }
    let Some(command) = cli.command else {
        // Protocol mode: the games of --variants are loaded (and checked) above, before the
        // first command, as a GUI's engine command line gives them.
        let stdin = std::io::BufReader::new(std::io::stdin());
        kaissa::protocol::run_with(Box::new(stdin), kaissa::protocol::Out::stdout(), registry);
        return Ok(());
    };
    match command {
        Command::Perft {
            variant,
            fen,
            moves,
            divide,
            options,
            depth,
        } => {
            let def = registry.get(&variant, &options)?;
            run_perft(&def, fen.as_deref(), moves.as_deref(), divide, depth)
        }
        Command::Bench { depth, hash } => {
            let total = kaissa::bench::POSITIONS.len();
            let r = kaissa::bench::run(depth, hash, |i, s| {
                eprintln!(
                    "position {}/{total} ({}): {} nodes, {} ms",
                    i + 1,
                    s.variant,
                    s.nodes,
                    s.searching.as_millis()
                );
            })?;
            for s in &r.by_variant {
                eprintln!(
                    "{:<10} {:>9} nodes {:>7} ms {:>9} nodes/s",
                    s.variant,
                    s.nodes,
                    s.searching.as_millis(),
                    s.nps()
                );
            }
            let secs = r.elapsed.as_secs_f64().max(1e-9);
            println!("Nodes searched: {}", r.nodes);
            println!("Nodes/second: {}", (r.nodes as f64 / secs) as u64);
            Ok(())
        }
        Command::Analyse(args) => kaissa::analyse::run(&args, cli.variants.as_deref()),
        Command::Match {
            engines,
            variant,
            games,
            tc,
            movetime,
            depth,
            concurrency,
            openings,
            random_plies,
            seed,
            pgn,
            resume,
            sprt,
            gauntlet,
            check_pgn,
        } => {
            if let Some(path) = check_pgn {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read {path}: {e}"))?;
                let n = kaissa::tournament::verify_pgn(&text, cli.variants.as_deref())?;
                println!("{path}: {n} games, every move legal and every result right");
                return Ok(());
            }
            use kaissa::tournament::arbiter::TimeControl;
            let tc = match (tc, movetime, depth) {
                (Some(t), _, _) => TimeControl::parse_clock(&t)?,
                (None, Some(ms), _) => TimeControl::MoveTime(std::time::Duration::from_millis(ms)),
                (None, None, Some(d)) => TimeControl::Depth(d),
                (None, None, None) => TimeControl::parse_clock("10+0.1")?,
            };
            let specs = engines
                .iter()
                .map(|e| kaissa::tournament::player::EngineSpec::parse(e))
                .collect::<Result<Vec<_>, _>>()?;
            let openings = match openings {
                Some(path) => kaissa::tournament::parse_openings(
                    &std::fs::read_to_string(&path)
                        .map_err(|e| format!("cannot read {path}: {e}"))?,
                ),
                None => Vec::new(),
            };
            let config = kaissa::tournament::MatchConfig {
                engines: specs,
                gauntlet,
                variant,
                variants_file: cli.variants.clone(),
                games: games as usize,
                tc,
                concurrency: concurrency
                    .map(|c| c as usize)
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                openings,
                random_plies,
                seed,
                sprt: sprt
                    .as_deref()
                    .map(kaissa::tournament::stats::Sprt::parse)
                    .transpose()?,
                played: match (&pgn, resume) {
                    (Some(path), true) => match std::fs::read_to_string(path) {
                        Ok(text) => kaissa::pgn::read_all(&text)
                            .map_err(|e| format!("cannot resume from {path}: {e}"))?,
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                        Err(e) => return Err(format!("cannot read {path}: {e}")),
                    },
                    _ => Vec::new(),
                },
            };
            run_match(&config, pgn.as_deref())
        }
        Command::Datagen(args) => kaissa::datagen::run(&args, &registry),
        Command::Serve { port, host } => {
            let config = kaissa::serve::ServeConfig { host, port };
            kaissa::serve::run(&config, registry, |url| {
                println!("kaissa serve: open {url} in a browser (Ctrl-C stops)");
            })
        }
        Command::Variants { show } => {
            match show {
                Some(name) => print!("{}", registry.show(&name)?),
                None => {
                    for name in registry.names() {
                        let def = registry.get(&name, &[])?;
                        println!("{name:<12} {:<6} {}", def.board_words(), def.description);
                        for (opt, o) in &def.options {
                            println!("{:<12}   option {opt}: {}", "", o.doc);
                        }
                    }
                }
            }
            Ok(())
        }
    }
}

/// Runs perft (or divide) on a position of any game.
fn run_perft(
    def: &kaissa::core::definition::VariantDef,
    fen: Option<&str>,
    moves: Option<&str>,
    divide: bool,
    depth: u32,
) -> Result<(), String> {
    let mut state = kaissa::engine::new_state(def)?;
    let moves: Vec<&str> = moves.unwrap_or("").split_whitespace().collect();
    state.set_position(fen, &moves)?;
    let start = Instant::now();
    let nodes = if divide {
        let rows = state.divide(depth);
        for (m, n) in &rows {
            println!("{m}: {n}");
        }
        println!();
        rows.iter().map(|r| r.1).sum()
    } else {
        state.perft(depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    println!("Nodes/second: {}", (nodes as f64 / secs.max(1e-9)) as u64);
    Ok(())
}

fn run_match(config: &kaissa::tournament::MatchConfig, pgn: Option<&str>) -> Result<(), String> {
    use std::io::Write;
    // Opened at the first game, so a refused match leaves no file behind.
    let mut pgn_file: Option<std::fs::File> = None;
    let date = kaissa::pgn::today();
    let n = config.engines.len();
    let pairs = if config.gauntlet {
        n.saturating_sub(1)
    } else {
        n * n.saturating_sub(1) / 2
    };
    let total = config.games * pairs;
    let mut played = config.played.len();
    let mut write_error = None;
    let standings = kaissa::tournament::run(config, |f, st| {
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
                let text = kaissa::tournament::to_pgn(config, f, &date).write();
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
