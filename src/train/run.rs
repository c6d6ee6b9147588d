//! `kaissa train` as the command line runs it: its arguments, reading the data files, a
//! progress bar per epoch, a line of losses per epoch, and the net written after every epoch
//! (so a run cut short keeps its last finished epoch's net).

use crate::core::nnue::inputs::NetInputs;
use crate::core::nnue::network::Network;
use crate::core::nnue::record::Record;
use crate::games::variants::Registry;
use crate::train::family::{Member, train_family};
use crate::train::{TrainConfig, data, train_with_held_out};

/// The arguments of `kaissa train`.
#[derive(clap::Args, Debug, Clone)]
pub struct TrainArgs {
    /// The game the net is for: a Kaissa-family rule set of up to 128 cells, or Caïssa.
    #[arg(long, default_value = "merchants")]
    pub variant: String,
    /// A data file of `kaissa datagen` (binary records or text lines); repeat for more.
    /// `RULESET:FILE` gives data of another rule set on the same board: a family net, one
    /// model for all the rule sets named, each with its own inputs and inputs shared by
    /// piece letter, written as one net per rule set (each needs its `--out RULESET:FILE`).
    #[arg(long = "data", value_name = "[RULESET:]FILE", required = true)]
    pub data: Vec<String>,
    /// Write the net here (after every epoch, and at the end); `RULESET:FILE` for another
    /// rule set of a family.
    #[arg(long, value_name = "[RULESET:]FILE", required = true)]
    pub out: Vec<String>,
    /// The net's name, as `eval` reports it (default: the rule set and the seed);
    /// `RULESET:NAME` for another rule set of a family.
    #[arg(long, value_name = "[RULESET:]NAME")]
    pub name: Vec<String>,
    /// Hidden units per perspective (a multiple of 16, at most 128 with the output weights'
    /// range).
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u64).range(16..=1024))]
    pub hidden: u64,
    /// Passes over the data. 0 trains nothing: it measures the held-out loss of the start
    /// (--init's net, or the random weights) and writes the start as the net.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(0..=10_000))]
    pub epochs: u64,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub batch: u64,
    /// AdamW's learning rate.
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// The epoch from which the learning rate is a tenth (default: after 75% of them).
    #[arg(long)]
    pub lr_drop: Option<u64>,
    /// AdamW's weight decay.
    #[arg(long, default_value_t = 0.01)]
    pub decay: f32,
    /// Weight of the search score in the target, the game result's being 1 - lambda.
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Share of the positions held out to measure the loss on unseen positions.
    #[arg(long, default_value_t = 0.02)]
    pub validation: f64,
    /// Measure the held-out loss on this data file instead (games of another seed, so no
    /// held-out position shares a game with a training one); all of --data then trains and
    /// --validation is not used. Repeat for more; `RULESET:FILE` for another rule set of a
    /// family (each rule set's held-out loss is shown apart).
    #[arg(long = "held-out", value_name = "[RULESET:]FILE")]
    pub held_out: Vec<String>,
    /// Seed of the initial weights and the shuffles: the same data and seed give the same net.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Train without the shared inputs per piece type and side (by default each board
    /// feature also feeds one input shared by every cell of its piece type, folded into the
    /// net when it is written: the pieces' values are then learned from every position).
    #[arg(long)]
    pub no_factoriser: bool,
    /// Train on each position's left-right mirror too (twice the positions an epoch; every
    /// Kaissa rule and Caïssa's treat both wings alike; not on the donkey board).
    #[arg(long)]
    pub mirror: bool,
    /// Start from this net's weights instead of random ones: a net of this rule set (to train
    /// it further on new data) or of another Kaissa rule set on the same board, its weights
    /// matched by piece letter (a piece it does not know starts at 0). Its width must be
    /// `--hidden`'s.
    #[arg(long, value_name = "FILE")]
    pub init: Option<String>,
    /// Threads (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// No progress bar (the lines per epoch stay).
    #[arg(long)]
    pub quiet: bool,
}

/// Writes `net` to `path` whole: to a temporary file beside it, then renamed over it.
fn write_net(net: &Network, path: &str) -> Result<(), String> {
    let tmp = format!("{path}.part");
    std::fs::write(&tmp, net.to_bytes()).map_err(|e| format!("cannot write {tmp}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot write {path}: {e}"))
}

/// Checks the settings before any work: an error in one line.
fn check(args: &TrainArgs) -> Result<(), String> {
    if !args.hidden.is_multiple_of(16) {
        return Err(format!("--hidden {} is not a multiple of 16", args.hidden));
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(format!("--lambda {} is not from 0 to 1", args.lambda));
    }
    if !(0.0..0.5).contains(&args.validation) {
        return Err(format!(
            "--validation {} is not from 0 to 0.5",
            args.validation
        ));
    }
    if !(args.lr > 0.0 && args.lr.is_finite() && args.decay >= 0.0 && args.decay.is_finite()) {
        return Err("--lr must be above 0 and --decay 0 or more".into());
    }
    Ok(())
}

/// Splits `[RULESET:]VALUE` into the rule set it names (`default` when the part before the
/// first ':' is no rule set of `registry`) and the value.
fn member_of(v: &str, registry: &Registry, default: &str) -> (String, String) {
    match v.split_once(':') {
        Some((r, rest)) if !r.is_empty() && registry.get(r, &[]).is_ok() => {
            (r.to_string(), rest.to_string())
        }
        _ => (default.to_string(), v.to_string()),
    }
}

/// The values of `list` (`[RULESET:]VALUE` each) that belong to `set`.
fn values_of(list: &[String], set: &str, registry: &Registry, default: &str) -> Vec<String> {
    list.iter()
        .map(|v| member_of(v, registry, default))
        .filter(|(r, _)| r == set)
        .map(|(_, v)| v)
        .collect()
}

/// Reads every record of the data files `paths` for the game of `inputs`.
fn read_files(inputs: &dyn NetInputs, paths: &[String], what: &str) -> Result<Vec<Record>, String> {
    let mut records: Vec<Record> = Vec::new();
    for path in paths {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let r = data::read_records(inputs, path, &bytes)?;
        eprintln!("train: {} {what} positions from {path}", r.len());
        records.extend(r);
    }
    Ok(records)
}

/// `kaissa train`: reads every data file (an error names the file and record, and no net is
/// written), trains, and writes the net after every epoch. Data of more than one rule set
/// (`--data RULESET:FILE`) trains a family ([`crate::train::family`]) and writes a net per
/// rule set.
pub fn run(args: &TrainArgs, registry: &Registry) -> Result<(), String> {
    check(args)?;
    let mut sets = vec![args.variant.clone()];
    for d in &args.data {
        let (r, _) = member_of(d, registry, &args.variant);
        if !sets.contains(&r) {
            sets.push(r);
        }
    }
    for v in args.held_out.iter().chain(&args.out).chain(&args.name) {
        let (r, _) = member_of(v, registry, &args.variant);
        if !sets.contains(&r) {
            return Err(format!("\"{v}\": the rule set {r} has no --data"));
        }
    }
    let mut maps: Vec<Box<dyn NetInputs>> = Vec::new();
    let mut members = Vec::new();
    for set in &sets {
        let def = registry.get(set, &[])?;
        let inputs = crate::games::net_inputs(&def)?;
        let one = |list: &[String], what: &str| -> Result<Option<String>, String> {
            let mut v = values_of(list, set, registry, &args.variant);
            if v.len() > 1 {
                return Err(format!("more than one {what} for {set}"));
            }
            Ok(v.pop())
        };
        let out = one(&args.out, "--out")?
            .ok_or_else(|| format!("no --out {set}:FILE for the data of {set}"))?;
        let name = one(&args.name, "--name")?.unwrap_or_else(|| format!("{set}-{}", args.seed));
        let records = read_files(
            &*inputs,
            &values_of(&args.data, set, registry, &args.variant),
            "training",
        )?;
        let held = read_files(
            &*inputs,
            &values_of(&args.held_out, set, registry, &args.variant),
            "held-out",
        )?;
        maps.push(inputs);
        members.push((records, held, name, out));
    }
    if members[0].0.is_empty() {
        return Err(format!("no --data for {}", args.variant));
    }
    let init = match &args.init {
        None => None,
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let net = Network::from_bytes(&bytes).map_err(|e| format!("--init {path}: {e}"))?;
            eprintln!("train: starting from {} ({path})", net.name);
            Some(net)
        }
    };
    let epochs = args.epochs as usize;
    let cfg = TrainConfig {
        hidden: args.hidden as usize,
        epochs,
        batch: args.batch as usize,
        lr: args.lr,
        lr_drop: args.lr_drop.map_or(epochs * 3 / 4 + 1, |e| e as usize),
        decay: args.decay,
        lambda: args.lambda,
        validation: args.validation,
        seed: args.seed,
        name: members[0].2.clone(),
        factorise: !args.no_factoriser,
        mirror: args.mirror,
        init,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0) as usize)
        .build()
        .map_err(|e| format!("cannot start the threads: {e}"))?;
    let bar = if args.quiet {
        indicatif::ProgressBar::hidden()
    } else {
        let b = indicatif::ProgressBar::new(0);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "epoch {prefix} {bar:40} {pos}/{len} batches, ETA {eta}",
            )
            .map_err(|e| e.to_string())?,
        );
        b
    };
    let mut epoch = 1;
    bar.set_prefix(format!("1/{epochs}"));
    let on_batch = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let outs: Vec<String> = members.iter().map(|m| m.3.clone()).collect();
    let held_counts: Vec<usize> = members.iter().map(|m| m.1.len()).collect();
    let mut on_epoch = |r: &crate::train::EpochReport, nets: &[Network]| {
        let parts = if nets.len() > 1 {
            let each: Vec<String> = nets
                .iter()
                .zip(&r.validation_parts)
                .zip(&held_counts)
                .filter(|(_, n)| **n > 0)
                .map(|((net, l), _)| format!("{} {l:.6}", net.name))
                .collect();
            format!(" ({})", each.join(", "))
        } else {
            String::new()
        };
        bar.suspend(|| {
            if r.epoch == 0 {
                eprintln!(
                    "train: the start, no epochs: held-out {:.6}{parts}",
                    r.validation_loss
                )
            } else {
                eprintln!(
                    "train: epoch {}/{epochs}: loss {:.6}, held-out {:.6}{parts}, {:.0} positions/s",
                    r.epoch, r.train_loss, r.validation_loss, r.speed
                )
            }
        });
        epoch = r.epoch + 1;
        bar.set_prefix(format!("{epoch}/{epochs}"));
        nets.iter()
            .zip(&outs)
            .try_for_each(|(net, out)| write_net(net, out))
    };
    let nets = if members.len() == 1 {
        let (records, held, _, _) = &members[0];
        let mut on_one =
            |r: &crate::train::EpochReport, net: &Network| on_epoch(r, std::slice::from_ref(net));
        vec![pool.install(|| {
            train_with_held_out(&*maps[0], records, held, &cfg, &on_batch, &mut on_one)
        })?]
    } else {
        let family: Vec<Member> = members
            .into_iter()
            .zip(&maps)
            .map(|((records, held, name, _), map)| Member {
                map: &**map,
                records,
                held,
                name,
            })
            .collect();
        pool.install(|| train_family(&family, &cfg, &on_batch, &mut on_epoch))?
    };
    bar.finish_and_clear();
    for (net, out) in nets.iter().zip(&outs) {
        write_net(net, out)?;
        eprintln!(
            "train: wrote {out} ({}, {} x {} inputs, {} bytes)",
            net.name,
            net.hidden,
            net.inputs,
            net.to_bytes().len()
        );
    }
    Ok(())
}
