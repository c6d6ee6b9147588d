//! `kaissa train`: fits a learned evaluation ([`crate::core::nnue`]) to training records made
//! by `kaissa datagen`, for any game whose ruleset has net inputs
//! ([`crate::core::nnue::inputs::NetInputs`]).
//!
//! Shuffled with a seed, a held-out share set aside, then epochs of mini-batches: each batch's
//! gradient is the sum of fixed chunks computed in parallel (rayon) and added in chunk order,
//! so the same seed gives the same net whatever the number of threads; AdamW steps with
//! weights clipped for quantisation; the learning rate drops tenfold at a chosen epoch. After
//! every epoch the caller gets the losses and the quantised net (to write a checkpoint).
//! [`model`] is the float network, [`data`] reads the records, [`run`] is the command.

pub mod data;
pub mod family;
pub mod model;
mod run;

pub use run::{TrainArgs, run};

use crate::core::nnue::inputs::NetInputs;
use crate::core::nnue::network::Network;
use crate::core::nnue::record::Record;
use crate::core::rng::splitmix64;
use model::{AdamW, Example, Params};
use rayon::prelude::*;
use std::time::Instant;

/// Positions per parallel chunk of a batch (fixed, so results do not depend on threads).
const CHUNK: usize = 2048;

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Hidden width per perspective (a multiple of 16).
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per optimiser step.
    pub batch: usize,
    /// AdamW's learning rate.
    pub lr: f32,
    /// The epoch (counted from 1) from which the learning rate is a tenth.
    pub lr_drop: usize,
    /// AdamW's decoupled weight decay.
    pub decay: f32,
    /// Weight of the search score in the target (1 - lambda is the game result's).
    pub lambda: f32,
    /// Share of the positions held out to measure the loss on unseen data.
    pub validation: f64,
    /// Seed of the initial weights and of every shuffle.
    pub seed: u64,
    /// The net's name, as `eval` will report it.
    pub name: String,
    /// Train with shared inputs per piece type and side ([`NetInputs::factors`]), folded
    /// into the board features when the net is written.
    pub factorise: bool,
    /// Train on every position and on its left-right mirror too (rectangular boards).
    pub mirror: bool,
    /// Start from this net's weights (this game's or another Kaissa rule set's on the same
    /// board, its rows matched by piece letter; [`NetInputs::rows_from`]) instead of random
    /// ones; its hidden width must be `hidden`.
    pub init: Option<Network>,
}

/// The figures of one finished epoch.
#[derive(Clone, Debug)]
pub struct EpochReport {
    /// The epoch, from 1; 0 for the start of a run of no epochs (nothing trained).
    pub epoch: usize,
    /// Mean loss over the training positions during the epoch.
    pub train_loss: f64,
    /// Mean loss over the held-out positions after it (0 without any).
    pub validation_loss: f64,
    /// The mean held-out loss of each held-out set (one per rule set of a family; 0 for an
    /// empty set).
    pub validation_parts: Vec<f64>,
    /// Training positions per second.
    pub speed: f64,
}

/// Shuffles `v` in place with the seeded generator `s` (Fisher-Yates).
fn shuffle<T>(v: &mut [T], s: &mut u64) {
    for i in (1..v.len()).rev() {
        let j = (splitmix64(s) % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
}

/// Called after each epoch with its figures and the nets of that epoch (one per rule set
/// trained); an error stops the run.
pub type OnEpoch<'a> = dyn FnMut(&EpochReport, &[Network]) -> Result<(), String> + 'a;

/// Builds the training example of an index (a record, its mirror, a family member's record:
/// the caller's numbering).
pub(crate) type ExampleOf<'a> = &'a (dyn Fn(usize) -> Example + Sync);

/// The summed loss and gradient of the positions `idx`, over fixed chunks in parallel.
fn chunked_gradient(
    params: &Params,
    example: ExampleOf,
    idx: &[usize],
    want_gradient: bool,
) -> (f64, Option<Params>) {
    let parts: Vec<(f64, Option<Params>)> = idx
        .par_chunks(CHUNK)
        .map(|chunk| {
            let ex: Vec<Example> = chunk.iter().map(|&i| example(i)).collect();
            if want_gradient {
                let mut g = Params::zeros(params.inputs, params.hidden);
                let loss = params.backward(&ex, &mut g);
                (loss, Some(g))
            } else {
                let loss = ex
                    .iter()
                    .map(|e| {
                        let p = 1.0 / (1.0 + (-params.forward(e)).exp());
                        ((p - e.target) * (p - e.target)) as f64
                    })
                    .sum();
                (loss, None)
            }
        })
        .collect();
    let mut loss = 0.0;
    let mut total: Option<Params> = None;
    for (l, g) in parts {
        loss += l;
        match (&mut total, g) {
            (Some(t), Some(g)) => t.add(&g),
            (None, Some(g)) => total = Some(g),
            _ => {}
        }
    }
    (loss, total)
}

/// One training run's work, whatever it trains: the positions of an epoch, how an index
/// becomes an example, the held-out sets (each its indices and examples) and how the float
/// parameters become the nets to write.
pub(crate) struct Fit<'a> {
    /// The indices an epoch passes over (shuffled anew each epoch).
    pub training: Vec<usize>,
    /// The example of a training index.
    pub example: ExampleOf<'a>,
    /// The held-out sets: their indices and examples.
    pub held: Vec<(Vec<usize>, ExampleOf<'a>)>,
    /// The nets the parameters stand for.
    pub export: &'a dyn Fn(&Params) -> Result<Vec<Network>, String>,
}

/// Runs the epochs of `fit` from `params`: AdamW steps over shuffled batches, the losses
/// after each epoch, `on_epoch` with the nets of each. Returns the final nets. With no
/// epochs, `on_epoch` gets the start's held-out losses once, as epoch 0 (the training loss
/// and speed 0), and the start's nets.
pub(crate) fn run_epochs(
    mut params: Params,
    cfg: &TrainConfig,
    mut fit: Fit,
    seed: &mut u64,
    on_batch: &(dyn Fn(usize, usize) + Sync),
    on_epoch: &mut OnEpoch,
) -> Result<Vec<Network>, String> {
    let mut opt = AdamW::new(&params, cfg.lr, cfg.decay);
    let batch = cfg.batch.max(1);
    let mut nets = (fit.export)(&params)?;
    // The mean held-out loss of each set, then of all together (0 without any).
    let held_losses = |params: &Params, fit: &Fit| {
        let parts: Vec<(f64, usize)> = fit
            .held
            .iter()
            .map(|(idx, example)| (chunked_gradient(params, *example, idx, false).0, idx.len()))
            .collect();
        let total: usize = parts.iter().map(|p| p.1).sum();
        let all = if total == 0 {
            0.0
        } else {
            parts.iter().map(|p| p.0).sum::<f64>() / total as f64
        };
        let each = parts
            .iter()
            .map(|&(l, n)| if n == 0 { 0.0 } else { l / n as f64 })
            .collect();
        (all, each)
    };
    if cfg.epochs == 0 {
        // No training: the start measured, as an epoch 0.
        let (validation_loss, validation_parts) = held_losses(&params, &fit);
        let report = EpochReport {
            epoch: 0,
            train_loss: 0.0,
            validation_loss,
            validation_parts,
            speed: 0.0,
        };
        on_epoch(&report, &nets)?;
    }
    for epoch in 1..=cfg.epochs {
        opt.lr = if epoch >= cfg.lr_drop {
            cfg.lr / 10.0
        } else {
            cfg.lr
        };
        shuffle(&mut fit.training, seed);
        let start = Instant::now();
        let batches = fit.training.len().div_ceil(batch);
        let mut loss = 0.0;
        for (b, idx) in fit.training.chunks(batch).enumerate() {
            let (l, g) = chunked_gradient(&params, fit.example, idx, true);
            loss += l;
            if let Some(mut g) = g {
                let scale = 1.0 / idx.len() as f32;
                for v in [&mut g.w1, &mut g.b1, &mut g.w2] {
                    v.iter_mut().for_each(|x| *x *= scale);
                }
                g.b2 *= scale;
                opt.step(&mut params, &g);
            }
            on_batch(b + 1, batches);
        }
        let (validation_loss, validation_parts) = held_losses(&params, &fit);
        nets = (fit.export)(&params)?;
        let report = EpochReport {
            epoch,
            train_loss: loss / fit.training.len().max(1) as f64,
            validation_loss,
            validation_parts,
            speed: fit.training.len() as f64 / start.elapsed().as_secs_f64().max(1e-9),
        };
        on_epoch(&report, &nets)?;
    }
    Ok(nets)
}

/// An error naming the first record of `records` (then of `held`) that is not of `map`'s
/// game, by its number from 1.
fn check_records(map: &dyn NetInputs, records: &[Record], held: &[Record]) -> Result<(), String> {
    for (what, set) in [("record", records), ("held-out record", held)] {
        if let Some((i, e)) = set
            .par_iter()
            .enumerate()
            .find_map_first(|(i, r)| map.active_of_record(r).err().map(|e| (i, e)))
        {
            return Err(format!("{what} {}: {e}", i + 1));
        }
    }
    Ok(())
}

/// An error unless `hidden` is a width the trainer makes: a multiple of 16 from 16.
fn check_width(hidden: usize) -> Result<(), String> {
    if hidden == 0 || !hidden.is_multiple_of(16) {
        return Err(format!("hidden width {hidden} is not a multiple of 16"));
    }
    Ok(())
}

/// For each input of a model, the input of a starting net that means the same (None: none).
type RowsOf<'a> = dyn Fn(&Network) -> Result<Vec<Option<usize>>, String> + 'a;

/// The start of a model of `inputs` inputs: seeded random weights, or `cfg.init`'s, input
/// f's row that of the net's input `rows(net)[f]` (0 where None or beyond the list); an error
/// for a starting net of another width than `cfg.hidden`.
fn start_params(cfg: &TrainConfig, inputs: usize, rows: &RowsOf) -> Result<Params, String> {
    let Some(net) = &cfg.init else {
        return Ok(Params::random(inputs, cfg.hidden, cfg.seed ^ 0x5EED));
    };
    if net.hidden != cfg.hidden {
        return Err(format!(
            "the starting net {} is {} wide, not {}",
            net.name, net.hidden, cfg.hidden
        ));
    }
    let rows = rows(net)?;
    Ok(Params::from_network(net, inputs, &|f| {
        rows.get(f).copied().flatten()
    }))
}

/// Trains a net for the game of `map` on `records`: `on_batch(done, total)` after each batch of an epoch,
/// `on_epoch(report, net)` after each epoch (an error from it stops the run). Returns the
/// final net. An error, before any training, names the first record not of this game. The
/// held-out loss is measured on `cfg.validation` of the records, drawn at random.
pub fn train(
    map: &dyn NetInputs,
    records: &[Record],
    cfg: &TrainConfig,
    on_batch: &(dyn Fn(usize, usize) + Sync),
    on_epoch: &mut dyn FnMut(&EpochReport, &Network) -> Result<(), String>,
) -> Result<Network, String> {
    train_with_held_out(map, records, &[], cfg, on_batch, on_epoch)
}

/// [`train`], measuring the held-out loss on `held` (positions of other games, so that none
/// shares a game with a training position) when it is not empty; then every record trains
/// and `cfg.validation` is not used.
pub fn train_with_held_out(
    map: &dyn NetInputs,
    records: &[Record],
    held: &[Record],
    cfg: &TrainConfig,
    on_batch: &(dyn Fn(usize, usize) + Sync),
    on_epoch: &mut dyn FnMut(&EpochReport, &Network) -> Result<(), String>,
) -> Result<Network, String> {
    check_records(map, records, held)?;
    if records.is_empty() {
        return Err("no training positions".into());
    }
    check_width(cfg.hidden)?;
    let mut seed = cfg.seed;
    let mut order: Vec<usize> = (0..records.len()).collect();
    shuffle(&mut order, &mut seed);
    let share = if held.is_empty() { cfg.validation } else { 0.0 };
    let drawn = ((records.len() as f64 * share) as usize).min(records.len() - 1);
    let (drawn_out, mut training) = {
        let (h, t) = order.split_at(drawn);
        (h.to_vec(), t.to_vec())
    };
    if cfg.mirror {
        if map.mirrored(0).is_none() {
            return Err("--mirror: this board has no left-right mirror".into());
        }
        let n = records.len();
        let mirrored: Vec<usize> = training.iter().map(|&i| i + n).collect();
        training.extend(mirrored);
    }
    let (held_records, held_out): (&[Record], Vec<usize>) = if held.is_empty() {
        (records, drawn_out)
    } else {
        (held, (0..held.len()).collect())
    };
    let shared = if cfg.factorise { map.factors() } else { 0 };
    let mut params = start_params(cfg, map.inputs() + shared, &|net| {
        map.rows_from(&net.features)
    })?;
    // The shared inputs start at 0: the board features' first weights are as without them.
    params.w1[map.inputs() * cfg.hidden..].fill(0.0);
    let factor = |f: usize| map.factor(f).map(|k| map.inputs() + k);
    let export = |params: &Params| {
        params
            .quantise_folded(&cfg.name, map.description(), map.inputs(), &factor)
            .map(|net| vec![net])
    };
    let of = |set: &[Record], i: usize| {
        let n = set.len();
        data::example_with(map, &set[i % n], cfg.lambda, cfg.factorise, i >= n).unwrap_or_default()
    };
    let train_of = |i: usize| of(records, i);
    let held_of = |i: usize| of(held_records, i);
    let fit = Fit {
        training,
        example: &train_of,
        held: vec![(held_out, &held_of)],
        export: &export,
    };
    let mut nets = run_epochs(params, cfg, fit, &mut seed, on_batch, &mut |r, nets| {
        on_epoch(r, &nets[0])
    })?;
    Ok(nets.remove(0))
}
