//! The network in floating point as the trainer fits it: the forward pass and its gradient on
//! a chunk of positions, AdamW, and quantisation into the engine's integer [`Network`].
//!
//! The float net computes what the integer one does ([`crate::core::nnue`]): per perspective
//! `acc = b1 + sum of the active inputs' rows of w1`, `a = clamp(acc, 0, 1)^2`, then
//! `out = a_us . w2[..H] + a_them . w2[H..] + b2`, the evaluation `out * SCALE` centipawns.
//! The loss is `(sigmoid(out) - target)^2`, the target a blend of the search score's win
//! probability and the game's result.

use crate::core::nnue::network::Network;
use crate::core::nnue::{QA, QB, SCALE, WEIGHT_CLIP};
use crate::core::rng::splitmix64;

/// One training position: its active inputs from each side's view (the side to move's
/// first) and its target in [0, 1] for the side to move.
#[derive(Clone, Debug, Default)]
pub struct Example {
    /// Active inputs seen by the side to move.
    pub us: Vec<u32>,
    /// Active inputs seen by the other side.
    pub them: Vec<u32>,
    /// The expected result for the side to move.
    pub target: f32,
}

/// The float network's parameters (or their gradients, or an optimiser's moments: the same
/// shape).
#[derive(Clone, Debug)]
pub struct Params {
    /// Inputs F.
    pub inputs: usize,
    /// Hidden width H.
    pub hidden: usize,
    /// `w1[f * H + i]`.
    pub w1: Vec<f32>,
    /// First-layer biases.
    pub b1: Vec<f32>,
    /// Output weights, the side to move's H first.
    pub w2: Vec<f32>,
    /// Output bias.
    pub b2: f32,
}

impl Params {
    /// All zeros.
    pub fn zeros(inputs: usize, hidden: usize) -> Params {
        Params {
            inputs,
            hidden,
            w1: vec![0.0; inputs * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; 2 * hidden],
            b2: 0.0,
        }
    }

    /// A seeded random start: small first-layer weights, output weights of the size that
    /// keeps the first outputs near 0.
    pub fn random(inputs: usize, hidden: usize, seed: u64) -> Params {
        let mut s = seed;
        let mut uniform = |scale: f32| {
            let u = (splitmix64(&mut s) >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * u - 1.0) * scale
        };
        let mut p = Params::zeros(inputs, hidden);
        p.w1.iter_mut().for_each(|w| *w = uniform(0.1));
        p.b1.iter_mut().for_each(|b| *b = 0.1 + uniform(0.05));
        let out = 1.0 / (2.0 * hidden as f32).sqrt();
        p.w2.iter_mut().for_each(|w| *w = uniform(out));
        p
    }

    /// A start from a quantised net: `inputs` inputs, input f's row that of the net's input
    /// `row(f)` (0 where it is None: a piece the net does not know), the biases and output
    /// weights the net's.
    pub fn from_network(
        net: &Network,
        inputs: usize,
        row: &dyn Fn(usize) -> Option<usize>,
    ) -> Params {
        let (w1, b1, w2, b2) = net.weights();
        let h = net.hidden;
        let (qa, qb) = (QA as f32, QB as f32);
        let mut p = Params::zeros(inputs, h);
        for f in 0..inputs {
            if let Some(src) = row(f).filter(|&r| r < net.inputs) {
                let from = &w1[src * h..][..h];
                p.w1[f * h..][..h]
                    .iter_mut()
                    .zip(from)
                    .for_each(|(w, &q)| *w = q as f32 / qa);
            }
        }
        p.b1.iter_mut()
            .zip(b1)
            .for_each(|(b, &q)| *b = q as f32 / qa);
        p.w2.iter_mut()
            .zip(w2)
            .for_each(|(w, &q)| *w = q as f32 / qb);
        p.b2 = b2 as f32 / (qa * qb);
        p
    }

    /// Adds `other` into `self`.
    pub fn add(&mut self, other: &Params) {
        let pairs = [
            (&mut self.w1, &other.w1),
            (&mut self.b1, &other.b1),
            (&mut self.w2, &other.w2),
        ];
        for (a, b) in pairs {
            a.iter_mut().zip(b.iter()).for_each(|(x, y)| *x += y);
        }
        self.b2 += other.b2;
    }

    /// Sets every value to 0.
    pub fn clear(&mut self) {
        for v in [&mut self.w1, &mut self.b1, &mut self.w2] {
            v.iter_mut().for_each(|x| *x = 0.0);
        }
        self.b2 = 0.0;
    }

    /// The hidden layer's sums for one side's active inputs.
    fn accumulate(&self, active: &[u32], acc: &mut [f32]) {
        acc.copy_from_slice(&self.b1);
        let h = self.hidden;
        for &f in active {
            let row = &self.w1[f as usize * h..][..h];
            acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        }
    }

    /// The output (in units of SCALE centipawns) of one position.
    pub fn forward(&self, ex: &Example) -> f32 {
        let mut acc = [vec![0.0; self.hidden], vec![0.0; self.hidden]];
        self.output(ex, &mut acc)
    }

    /// The output of one position, leaving each side's hidden sums in `acc` (the side to
    /// move's first) for the gradient.
    fn output(&self, ex: &Example, acc: &mut [Vec<f32>; 2]) -> f32 {
        let h = self.hidden;
        let mut out = self.b2;
        for (side, active) in [&ex.us, &ex.them].into_iter().enumerate() {
            self.accumulate(active, &mut acc[side]);
            let w = &self.w2[side * h..][..h];
            out += acc[side]
                .iter()
                .zip(w)
                .map(|(a, w)| {
                    let c = a.clamp(0.0, 1.0);
                    c * c * w
                })
                .sum::<f32>();
        }
        out
    }

    /// Adds the loss's gradient over `examples` into `grad` and returns their summed loss.
    pub fn backward(&self, examples: &[Example], grad: &mut Params) -> f64 {
        let h = self.hidden;
        let mut acc = [vec![0.0f32; h], vec![0.0f32; h]];
        let mut total = 0.0;
        for ex in examples {
            let sides = [&ex.us, &ex.them];
            let out = self.output(ex, &mut acc);
            let p = 1.0 / (1.0 + (-out).exp());
            let err = p - ex.target;
            total += (err * err) as f64;
            let g = 2.0 * err * p * (1.0 - p);
            grad.b2 += g;
            for s in 0..2 {
                let w = &self.w2[s * h..][..h];
                let gw2 = &mut grad.w2[s * h..][..h];
                for i in 0..h {
                    let a = acc[s][i];
                    let c = a.clamp(0.0, 1.0);
                    gw2[i] += g * c * c;
                    // d(c^2)/da = 2c inside (0, 1), 0 outside; reuse acc as dL/dacc.
                    acc[s][i] = if a > 0.0 && a < 1.0 {
                        g * w[i] * 2.0 * c
                    } else {
                        0.0
                    };
                }
                grad.b1.iter_mut().zip(&acc[s]).for_each(|(b, d)| *b += d);
                for &f in sides[s].iter() {
                    let row = &mut grad.w1[f as usize * h..][..h];
                    row.iter_mut().zip(&acc[s]).for_each(|(r, d)| *r += d);
                }
            }
        }
        total
    }

    /// The network quantised for the engine, named `name`, for the feature set `features`.
    pub fn quantise(&self, name: &str, features: &str) -> Result<Network, String> {
        self.quantise_folded(name, features, self.inputs, &|_| None)
    }

    /// [`Params::quantise`] for a net trained with shared inputs: the engine's net has the
    /// first `inputs` inputs, each the sum of its own row and that of its shared input
    /// `shared(f)` (an input from `inputs` on), clipped as every weight is.
    pub fn quantise_folded(
        &self,
        name: &str,
        features: &str,
        inputs: usize,
        shared: &dyn Fn(usize) -> Option<usize>,
    ) -> Result<Network, String> {
        let q = |v: &[f32], scale: f32| -> Vec<i16> {
            v.iter()
                .map(|x| (x * scale).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16)
                .collect()
        };
        let (h, inputs) = (self.hidden, inputs.min(self.inputs));
        let mut w1 = self.w1[..inputs * h].to_vec();
        for f in 0..inputs {
            if let Some(s) = shared(f).filter(|&s| s < self.inputs) {
                let row = &mut w1[f * h..][..h];
                let add = &self.w1[s * h..][..h];
                row.iter_mut()
                    .zip(add)
                    .for_each(|(w, a)| *w = (*w + a).clamp(-WEIGHT_CLIP, WEIGHT_CLIP));
            }
        }
        Network::from_parts(
            name,
            features,
            (inputs, self.hidden),
            q(&w1, QA as f32),
            q(&self.b1, QA as f32),
            q(&self.w2, QB as f32),
            (self.b2 * (QA * QB) as f32).round() as i32,
        )
    }
}

/// The centipawns a float output stands for.
pub fn output_cp(out: f32) -> f32 {
    out * SCALE as f32
}

/// AdamW's state and settings.
#[derive(Clone, Debug)]
pub struct AdamW {
    m: Params,
    v: Params,
    steps: i32,
    /// Learning rate.
    pub lr: f32,
    /// Decoupled weight decay per step, as a share of the learning rate.
    pub decay: f32,
}

impl AdamW {
    /// An optimiser for parameters of `shape`'s sizes.
    pub fn new(shape: &Params, lr: f32, decay: f32) -> AdamW {
        AdamW {
            m: Params::zeros(shape.inputs, shape.hidden),
            v: Params::zeros(shape.inputs, shape.hidden),
            steps: 0,
            lr,
            decay,
        }
    }

    /// One step on `params` with the gradient `grad` (a mean over the batch); weights are
    /// clipped to +-[`WEIGHT_CLIP`] so the quantised net's sums cannot overflow.
    pub fn step(&mut self, params: &mut Params, grad: &Params) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.steps += 1;
        let c1 = 1.0 - B1.powi(self.steps);
        let c2 = 1.0 - B2.powi(self.steps);
        let (lr, decay) = (self.lr, self.decay);
        let update = |p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32], clip: bool| {
            for i in 0..p.len() {
                m[i] = B1 * m[i] + (1.0 - B1) * g[i];
                v[i] = B2 * v[i] + (1.0 - B2) * g[i] * g[i];
                let step = (m[i] / c1) / ((v[i] / c2).sqrt() + EPS);
                p[i] -= lr * (step + decay * p[i]);
                if clip {
                    p[i] = p[i].clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
                }
            }
        };
        let layers = [
            (&mut params.w1, &grad.w1, &mut self.m.w1, &mut self.v.w1),
            (&mut params.b1, &grad.b1, &mut self.m.b1, &mut self.v.b1),
            (&mut params.w2, &grad.w2, &mut self.m.w2, &mut self.v.w2),
        ];
        for (p, g, m, v) in layers {
            update(p, g, m, v, true);
        }
        let (mut b2, mut m2, mut v2) = ([params.b2], [self.m.b2], [self.v.b2]);
        update(&mut b2, &[grad.b2], &mut m2, &mut v2, false);
        (params.b2, self.m.b2, self.v.b2) = (b2[0], m2[0], v2[0]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn examples() -> Vec<Example> {
        let mut s = 3u64;
        (0..64)
            .map(|_| {
                let mut pick = || (splitmix64(&mut s) % 40) as u32;
                Example {
                    us: (0..6).map(|_| pick()).collect(),
                    them: (0..6).map(|_| pick()).collect(),
                    target: (splitmix64(&mut s) % 3) as f32 / 2.0,
                }
            })
            .collect()
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let p = Params::random(40, 16, 1);
        let ex = examples();
        let mut grad = Params::zeros(40, 16);
        p.backward(&ex, &mut grad);
        let loss = |q: &Params| {
            let mut g = Params::zeros(40, 16);
            q.backward(&ex, &mut g)
        };
        let eps = 1e-3;
        for (which, i) in [(0, 5), (0, 300), (1, 3), (2, 7), (2, 20)] {
            let mut plus = p.clone();
            let mut minus = p.clone();
            let (a, b, g) = match which {
                0 => (&mut plus.w1[i], &mut minus.w1[i], grad.w1[i]),
                1 => (&mut plus.b1[i], &mut minus.b1[i], grad.b1[i]),
                _ => (&mut plus.w2[i], &mut minus.w2[i], grad.w2[i]),
            };
            *a += eps;
            *b -= eps;
            let numeric = ((loss(&plus) - loss(&minus)) / (2.0 * eps as f64)) as f32;
            assert!(
                (numeric - g).abs() < 1e-3 + 0.05 * g.abs(),
                "{which}/{i}: {numeric} vs {g}"
            );
        }
    }

    #[test]
    fn training_lowers_the_loss() {
        let mut p = Params::random(40, 16, 2);
        let ex = examples();
        let mut opt = AdamW::new(&p, 0.01, 0.0);
        let mut grad = Params::zeros(40, 16);
        let first = p.backward(&ex, &mut Params::zeros(40, 16));
        for _ in 0..200 {
            grad.clear();
            p.backward(&ex, &mut grad);
            opt.step(&mut p, &grad);
        }
        let last = p.backward(&ex, &mut Params::zeros(40, 16));
        assert!(last < first * 0.7, "{first} -> {last}");
    }
}
