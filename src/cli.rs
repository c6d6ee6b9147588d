//! Command-line parsing (clap) and dispatch: each subcommand goes to the library's tool that
//! does its work and prints (`analyse::run`, `tournament::run`, `datagen::run`, `serve::run`,
//! `train::run`, which also own their arguments: `AnalyseArgs`, `MatchArgs`, `DatagenArgs`,
//! `TrainArgs`); the process exit code is 1 after an error, which goes to stderr.

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
    /// Load more variant definitions from this TOML file (format: docs/variants.md), for a subcommand
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
        #[arg(long, default_value_t = kaissa::engine::bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=30))]
        depth: i32,
        /// Hash table size in MiB.
        #[arg(long, default_value_t = kaissa::engine::bench::DEFAULT_HASH_MIB, value_parser = clap::value_parser!(u64).range(1..=65536))]
        hash: u64,
        /// Search with the hand-written evaluation everywhere (as `Use NNUE` false).
        #[arg(long)]
        no_nnue: bool,
        /// Search the positions of this net's rule set with it (as `EvalFile`).
        #[arg(long, value_name = "FILE")]
        eval_file: Option<String>,
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
    Match(kaissa::tournament::MatchArgs),
    /// Play self-play games and write quiet positions with the search score and the game
    /// result, one per line as `FEN | score | result`, for tuning the evaluation (tuning/).
    ///
    /// Example: kaissa datagen --variant kaissa --games 200 --nodes 5000 --out kaissa.data
    Datagen(kaissa::datagen::DatagenArgs),
    /// Train a learned evaluation (NNUE) on `kaissa datagen` data; write the net, loadable
    /// with the engine's EvalFile option.
    ///
    /// Prints the positions read per file, a line of losses per epoch (the held-out loss is
    /// the one to watch) and writes the net after every epoch. tuning/NNUE.md has the recipe
    /// of every built-in net.
    ///
    /// Example: kaissa datagen --variant merchants --games 2000 --nodes 5000 --format binary
    /// --out m.bin; kaissa train --variant merchants --data m.bin --out merchants.knue
    Train(kaissa::train::TrainArgs),
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
        /// The SQLite file that keeps every game (made if missing); default
        /// $XDG_DATA_HOME/kaissa/games.sqlite, else ~/.local/share/kaissa/games.sqlite.
        #[arg(long, value_name = "PATH")]
        db: Option<std::path::PathBuf>,
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
        Command::Bench {
            depth,
            hash,
            no_nnue,
            eval_file,
        } => {
            let total = kaissa::engine::bench::POSITIONS.len();
            let file = match &eval_file {
                Some(p) => Some(std::fs::read(p).map_err(|e| format!("cannot read {p}: {e}"))?),
                None => None,
            };
            let eval = kaissa::engine::bench::BenchEval {
                use_nnue: !no_nnue,
                file,
            };
            let r = kaissa::engine::bench::run_with(depth, hash, &eval, |i, s| {
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
        Command::Match(args) => kaissa::tournament::run(&args, cli.variants.as_deref()),
        Command::Datagen(args) => kaissa::datagen::run(&args, &registry),
        Command::Train(args) => kaissa::train::run(&args, &registry),
        Command::Serve { port, host, db } => {
            let config = kaissa::serve::ServeConfig { host, port, db };
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
