//! What a game's position gives its learned evaluation, and the one net state every game's
//! position keeps: a game implements [`NetFeatures`] (the features its pieces turn on, seen
//! from each side, and the change a move makes) and holds a [`NetState`]; attaching a net,
//! keeping its sums through make and unmake, settling and evaluating are written once, here.
//! The nets built into the binary are found by [`embedded_net`], for every game alike.

use super::accumulator::{Accumulators, Delta};
use super::network::{Network, net_for};
use crate::core::geometry::Color;
use crate::core::moves::Move;
use std::sync::Arc;

/// A net built into the binary: the rule set or form it serves, and its file's bytes.
pub type Embedded = (&'static str, &'static [u8]);

/// The net of `nets` that serves `key`, if there is one and it reads `description` with
/// `inputs` inputs (a net that reads anything else is not used).
pub fn embedded_net(
    nets: &[Embedded],
    key: &str,
    description: &str,
    inputs: usize,
) -> Option<Arc<Network>> {
    let (_, bytes) = nets.iter().find(|(n, _)| *n == key)?;
    net_for(bytes, key, description, inputs).ok()
}

/// A position's learned-evaluation state: the net attached, if any, with its sums per ply.
/// Empty (no net) by default.
#[derive(Clone, Debug, Default)]
pub struct NetState(Option<Box<Accumulators>>);

impl NetState {
    /// True while a net is attached.
    #[inline(always)]
    pub fn is_attached(&self) -> bool {
        self.0.is_some()
    }

    /// The attached net's sums (tests compare them with a fresh position's).
    pub fn accumulators(&self) -> Option<&Accumulators> {
        self.0.as_deref()
    }

    /// The attached net.
    pub fn net(&self) -> Option<&Arc<Network>> {
        self.0.as_ref().map(|a| a.net())
    }

    /// Records a move's change of the sums (a no-op without a net).
    #[inline(always)]
    fn push(&mut self, delta: &Delta) {
        if let Some(a) = &mut self.0 {
            a.push(delta);
        }
    }
}

/// What a game's position gives the net layer. Implemented by every game's position; the
/// provided methods keep the position's [`NetState`] in step with its moves.
pub trait NetFeatures {
    /// What a net for this position's game reads (its `features` line) and how many inputs
    /// it has: a net is attached only where both match.
    fn net_reads(&self) -> (&str, usize);

    /// Every active feature of the position: (first player's view, second player's).
    fn active_features(&self) -> [Vec<usize>; 2];

    /// The features `mv` turns on and off, asked in the position where it is about to be
    /// made.
    fn move_delta(&self, mv: Move) -> Delta;

    /// The side whose view the evaluation takes (the side to move).
    fn net_side(&self) -> Color;

    /// The position's net state.
    fn net_state(&self) -> &NetState;

    /// The position's net state, to change.
    fn net_state_mut(&mut self) -> &mut NetState;

    /// False where no net of this game can evaluate the position (Jikaida's boards of other
    /// sizes): a net is then not attached. True by default.
    fn fits_net(&self) -> bool {
        true
    }

    /// Called when a net is detached (a game may then restore what it does not keep while a
    /// net is attached). Nothing by default.
    fn net_detached(&mut self) {}

    /// Reads a net for this game from a file's bytes: an error when it is not a net or is one
    /// for another game or shape.
    fn net_from_bytes(&self, game: &str, bytes: &[u8]) -> Result<Arc<Network>, String> {
        let (description, inputs) = self.net_reads();
        net_for(bytes, game, description, inputs)
    }

    /// The sums of `net` for this position, computed from every active feature.
    fn fresh_sums(&self, net: Arc<Network>) -> Accumulators {
        let [first, second] = self.active_features();
        Accumulators::new(net, [&first, &second])
    }

    /// Attaches a net (its sums computed once here, then kept by every make and unmake), or
    /// detaches it with `None`. Attaching the net already attached keeps the sums as they
    /// are; a net is attached only where the position [fits](NetFeatures::fits_net).
    fn attach_net(&mut self, net: Option<&Arc<Network>>) {
        match net {
            Some(net) if self.fits_net() => {
                let same = matches!(self.net_state().net(), Some(n) if Arc::ptr_eq(n, net));
                if !same {
                    let sums = self.fresh_sums(net.clone());
                    *self.net_state_mut() = NetState(Some(Box::new(sums)));
                }
            }
            _ => {
                if self.net_state_mut().0.take().is_some() {
                    self.net_detached();
                }
            }
        }
    }

    /// Records `mv`'s change of the sums; call it in the position before `mv` is made.
    #[inline(always)]
    fn net_make(&mut self, mv: Move) {
        if self.net_state().is_attached() {
            let d = self.move_delta(mv);
            self.net_state_mut().push(&d);
        }
    }

    /// Takes the last move's change of the sums back; call it once the move is unmade. A
    /// move made before the net was attached has no change kept: the sums are then computed
    /// afresh.
    #[inline(always)]
    fn net_unmake(&mut self) {
        let Some(a) = &mut self.net_state_mut().0 else {
            return;
        };
        if !a.pop() {
            let net = a.net().clone();
            let sums = self.fresh_sums(net);
            *self.net_state_mut() = NetState(Some(Box::new(sums)));
        }
    }

    /// Works out the sums the moves made since they were last asked for left pending (the
    /// evaluation reads them; see [`Accumulators::settle`]).
    #[inline(always)]
    fn settle_net(&mut self) {
        if let Some(a) = &mut self.net_state_mut().0 {
            a.settle();
        }
    }

    /// The attached net's evaluation for the side to move, in centipawns; None without one.
    #[inline(always)]
    fn net_eval(&self) -> Option<i32> {
        let side = self.net_side().index();
        self.net_state().0.as_ref().map(|a| a.evaluate(side))
    }
}
