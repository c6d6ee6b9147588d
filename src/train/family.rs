//! A family net: one model trained at once for several rule sets of one board (the Kaissa
//! armies), written out as one net per rule set of the usual shape.
//!
//! Each rule set ("member") keeps its own inputs (and, with the factoriser, its own shared
//! inputs per piece type and side), so the army a position belongs to is among the model's
//! inputs: a Jarl's Woman moving as `Q5` and a Ubara moving as `Q3` are told apart. Beside
//! them the model has one block of inputs shared by the whole family, keyed by piece letter,
//! side and cell or hand slot (the members' inputs matched through
//! [`NetInputs::rows_from`] against [`NetInputs::family_description`]): what a letter on a
//! cell is worth in every army is learned from the positions of all of them. The hidden layer
//! and the output are shared. When written, member k's net has k's inputs, each row the sum of
//! its own row, its factor's and its shared row's; the engine reads it as any other net of
//! that rule set, at the same speed.

use crate::core::nnue::WEIGHT_CLIP;
use crate::core::nnue::inputs::NetInputs;
use crate::core::nnue::network::Network;
use crate::core::nnue::record::Record;
use crate::train::model::{Example, Params};
use crate::train::{
    Fit, OnEpoch, TrainConfig, check_records, check_width, data, run_epochs, shuffle, start_params,
};

/// One rule set of a family: its inputs, its training and held-out records, its net's name.
pub struct Member<'a> {
    /// The rule set's inputs.
    pub map: &'a dyn NetInputs,
    /// Its training records.
    pub records: Vec<Record>,
    /// Its held-out records (games of other seeds); may be empty.
    pub held: Vec<Record>,
    /// The name its net gets.
    pub name: String,
}

/// Where each member's inputs sit among the model's.
struct Layout {
    /// First input of each member's own block (its inputs, then its factors).
    offset: Vec<usize>,
    /// First input of the family's shared block.
    shared: usize,
    /// Each member's inputs' rows in the shared block (counted from its start).
    rows: Vec<Vec<usize>>,
    /// All inputs of the model.
    total: usize,
}

impl Layout {
    fn new(members: &[Member], factorise: bool) -> Result<Layout, String> {
        let first = members[0].map;
        let others: Vec<&str> = members[1..].iter().map(|m| m.map.description()).collect();
        let family = first.family_description(&others)?;
        let mut offset = Vec::new();
        let mut at = 0;
        for m in members {
            offset.push(at);
            at += m.map.inputs() + if factorise { m.map.factors() } else { 0 };
        }
        let rows = members
            .iter()
            .map(|m| {
                m.map
                    .rows_from(&family)?
                    .into_iter()
                    .enumerate()
                    .map(|(f, r)| {
                        r.ok_or_else(|| format!("input {f} of {} has no family row", m.name))
                    })
                    .collect::<Result<Vec<usize>, String>>()
            })
            .collect::<Result<Vec<_>, String>>()?;
        let width = rows.iter().flatten().max().map_or(0, |&r| r + 1);
        Ok(Layout {
            offset,
            shared: at,
            rows,
            total: at + width,
        })
    }

    /// Member `k`'s example `ex` (its own numbering: inputs, then factors) in the model's
    /// numbering, with the shared rows of its inputs added.
    fn place(&self, k: usize, inputs: usize, ex: Example) -> Example {
        let place = |v: Vec<u32>| {
            let shared: Vec<u32> = v
                .iter()
                .filter(|&&f| (f as usize) < inputs)
                .map(|&f| (self.shared + self.rows[k][f as usize]) as u32)
                .collect();
            v.into_iter()
                .map(|f| (self.offset[k] + f as usize) as u32)
                .chain(shared)
                .collect()
        };
        Example {
            us: place(ex.us),
            them: place(ex.them),
            target: ex.target,
        }
    }
}

/// Member `k` and record `i` of the flat numbering whose members start at `starts`.
fn locate(starts: &[usize], g: usize) -> (usize, usize) {
    let k = starts.partition_point(|&s| s <= g) - 1;
    (k, g - starts[k])
}

/// Trains one family model on every member's records and returns each member's net, in the
/// members' order. `on_epoch` gets the losses (`validation_parts`: one held-out loss per
/// member) and the nets after each epoch. The start is random, or `cfg.init`'s weights for
/// every member's own inputs (matched by letter) with the shared block at 0. An error, before
/// any training, when the members are not of one board and hand or a record is not of its
/// member.
pub fn train_family(
    members: &[Member],
    cfg: &TrainConfig,
    on_batch: &(dyn Fn(usize, usize) + Sync),
    on_epoch: &mut OnEpoch,
) -> Result<Vec<Network>, String> {
    if members.is_empty() {
        return Err("a family needs at least one rule set".into());
    }
    for m in members {
        check_records(m.map, &m.records, &m.held).map_err(|e| format!("{}: {e}", m.name))?;
        if m.records.is_empty() {
            return Err(format!("{}: no training positions", m.name));
        }
        if cfg.mirror && m.map.mirrored(0).is_none() {
            return Err(format!(
                "--mirror: {}'s board has no left-right mirror",
                m.name
            ));
        }
    }
    check_width(cfg.hidden)?;
    let layout = Layout::new(members, cfg.factorise)?;
    let starts: Vec<usize> = members
        .iter()
        .scan(0, |at, m| {
            let s = *at;
            *at += m.records.len();
            Some(s)
        })
        .collect();
    let n: usize = members.iter().map(|m| m.records.len()).sum();
    let mut training: Vec<usize> = (0..n).collect();
    if cfg.mirror {
        training.extend(n..2 * n);
    }
    let mut seed = cfg.seed;
    shuffle(&mut training, &mut seed);
    // From a starting net, every member's own rows are the net's rows of its letters.
    let mut params = start_params(cfg, layout.total, &|net| {
        let mut rows = vec![None; layout.total];
        for (k, m) in members.iter().enumerate() {
            for (f, r) in m.map.rows_from(&net.features)?.into_iter().enumerate() {
                rows[layout.offset[k] + f] = r;
            }
        }
        Ok(rows)
    })?;
    // Every member's factors and the shared block start at 0: each member's net is at first
    // its own rows alone.
    let h = cfg.hidden;
    for (k, m) in members.iter().enumerate() {
        let from = layout.offset[k] + m.map.inputs();
        let to = layout.offset.get(k + 1).copied().unwrap_or(layout.shared);
        params.w1[from * h..to * h].fill(0.0);
    }
    params.w1[layout.shared * h..].fill(0.0);
    let example = |k: usize, rec: &Record, mirror: bool| {
        let m = &members[k];
        let ex =
            data::example_with(m.map, rec, cfg.lambda, cfg.factorise, mirror).unwrap_or_default();
        layout.place(k, m.map.inputs(), ex)
    };
    let train_of = |g: usize| {
        let (k, i) = locate(&starts, g % n);
        example(k, &members[k].records[i], g >= n)
    };
    let held_of: Vec<_> = (0..members.len())
        .map(|k| {
            let example = &example;
            move |i: usize| example(k, &members[k].held[i], false)
        })
        .collect();
    let held = held_of
        .iter()
        .zip(members)
        .map(|(of, m)| ((0..m.held.len()).collect(), of as super::ExampleOf))
        .collect();
    let export = |params: &Params| -> Result<Vec<Network>, String> {
        members
            .iter()
            .enumerate()
            .map(|(k, m)| {
                let inputs = m.map.inputs();
                let mut own = Params::zeros(inputs, h);
                own.b1.copy_from_slice(&params.b1);
                own.w2.copy_from_slice(&params.w2);
                own.b2 = params.b2;
                for f in 0..inputs {
                    let mut from = vec![layout.offset[k] + f, layout.shared + layout.rows[k][f]];
                    if cfg.factorise
                        && let Some(q) = m.map.factor(f)
                    {
                        from.push(layout.offset[k] + inputs + q);
                    }
                    let row = &mut own.w1[f * h..][..h];
                    for r in from {
                        let add = &params.w1[r * h..][..h];
                        row.iter_mut().zip(add).for_each(|(w, a)| *w += a);
                    }
                    row.iter_mut()
                        .for_each(|w| *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP));
                }
                own.quantise(&m.name, m.map.description())
            })
            .collect()
    };
    let fit = Fit {
        training,
        example: &train_of,
        held,
        export: &export,
    };
    run_epochs(params, cfg, fit, &mut seed, on_batch, on_epoch)
}
