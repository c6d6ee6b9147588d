//! Static evaluation of Jikaida, from the side to move's view: the hand-written terms, or the
//! learned net ([`super::nnue`]) when one is chosen and the board is the one nets are for
//! ([`JikaidaEval`]).
//!
//! Terms: material (the Pallan and Kapt above the Chuktar; fronts make the Jiktar and Hikdar
//! short-range pieces), and for the side ahead a bonus that grows as the enemy's pieces go
//! (a bare King loses, and games between equal engines otherwise shuffle on) and for bringing
//! its pieces to the enemy King; the freedom of the sliders, which is what fronts take away
//! (a Jiktar or Hikdar shut in behind a front counts few squares); Swods by how far they have
//! come, whether a Deldar propts them and whether they stand at a front they may cross; pieces
//! an enemy Swod attacks; and King safety: enemy pieces near the King, friends beside it, the
//! Fluttember still in hand, and vault lines (a run of three or more pieces leading away from
//! the King, over which an enemy piece at the far end could vault onto it). Symmetric: a
//! position and its colour-flipped mirror evaluate the same.

use super::board::Board;
use super::position::JikaidaPosition;
use super::{DELDAR, KINDS, KING, SWOD};
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use crate::core::nnue::feature::NetFeatures;
use crate::core::nnue::network::Network;
use crate::core::tunable::{Tunable, Weight, array_fields, read_fields, write_fields};
use std::sync::Arc;

/// The weights of the Jikaida evaluation, in centipawns (the one place they live).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JikaidaParams {
    /// Value per kind (King, Pallan, Kapt, Chuktar, Jiktar, Hikdar, Paktun, Deldar, Swod).
    pub value: [i32; KINDS],
    /// For the side ahead in material, per centipawn of its lead, divided by the number of
    /// enemy pieces other than the King plus 4: trades bring a bare King (a win) nearer.
    pub simplify: i32,
    /// For the side ahead in material, per step its pieces (King included) stand closer than
    /// 12 to the enemy King, scaled by the lead up to 1000 cp (in thousandths): the winning
    /// side brings its army to the King it must mate.
    pub mop_up: i32,
    /// Per cell a Chuktar, Kapt, Jiktar or Hikdar can slide to.
    pub mobility: i32,
    /// Per rank a Swod has advanced beyond its third.
    pub swod_advance: i32,
    /// Extra per rank within six of promotion.
    pub swod_near_promotion: i32,
    /// A Swod propt by a friendly Deldar.
    pub propt: i32,
    /// Per Swod whose step straight ahead crosses a front (it may cross now; a Swod further
    /// back is stopped at the front).
    pub swod_at_front: i32,
    /// Per piece other than a Swod or the King that an enemy Swod attacks (one step
    /// diagonally forward).
    pub swod_threat: i32,
    /// Per enemy piece within four steps of the King (Swods and Deldars count half).
    pub king_attackers: i32,
    /// Per friendly piece next to the King.
    pub king_shelter: i32,
    /// Per line of three or more pieces running from the King whose far end holds an enemy.
    pub vault_line: i32,
    /// While the side still has its King's Fluttember.
    pub fluttember: i32,
    /// For the side to move.
    pub tempo: i32,
}

/// The weights: Texel-tuned on 1,500 self-play games (tuning/RESULTS.md, "Jikaida").
pub const DEFAULT: JikaidaParams = JikaidaParams {
    value: [0, 1254, 1074, 760, 374, 240, 232, 186, 100],
    simplify: 4,
    mop_up: 3,
    mobility: 2,
    swod_advance: -1,
    swod_near_promotion: 68,
    propt: 1,
    swod_at_front: -13,
    swod_threat: 28,
    king_attackers: 39,
    king_shelter: 3,
    vault_line: 61,
    fluttember: 57,
    tempo: -2,
};

/// The evaluation a Jikaida search uses: the hand-written weights, and the learned net that
/// evaluates in their place when one is chosen (`Use NNUE`, `EvalFile`) and the board is
/// 12 x 18.
#[derive(Clone, Debug)]
pub struct JikaidaEval {
    /// The hand-written evaluation's weights.
    pub params: JikaidaParams,
    /// The learned net, if one is chosen.
    pub net: Option<Arc<Network>>,
    /// The built-in net of the form played, which `Use NNUE` without an `EvalFile` chooses:
    /// none for a form without one ([`super::nnue::builtin_net`]) or another board size.
    pub built_in: Option<Arc<Network>>,
}

impl JikaidaEval {
    /// The hand-written weights `params` with the built-in net when the form `form` (a
    /// variant's name) has one and `pos` is on the board nets are for.
    pub fn new<B: Bitboard>(
        params: JikaidaParams,
        pos: &JikaidaPosition<B>,
        form: &str,
    ) -> JikaidaEval {
        let built_in = super::nnue::fits(pos)
            .then(|| super::nnue::builtin_net(form))
            .flatten();
        JikaidaEval {
            params,
            net: built_in.clone(),
            built_in,
        }
    }

    /// The evaluation of `pos` from the side to move's view: the attached net's when the
    /// position has one (see [`JikaidaPosition::attach_net`]), else the hand-written one.
    #[inline]
    pub fn evaluate<B: Bitboard>(&self, pos: &JikaidaPosition<B>) -> i32 {
        match pos.net_eval() {
            Some(v) => v,
            None => self.params.evaluate(pos),
        }
    }
}

impl From<JikaidaParams> for JikaidaEval {
    /// The hand-written weights alone.
    fn from(params: JikaidaParams) -> JikaidaEval {
        JikaidaEval {
            params,
            net: None,
            built_in: None,
        }
    }
}

impl JikaidaParams {
    /// The evaluation from the side to move's view.
    pub fn evaluate<B: Bitboard>(&self, pos: &JikaidaPosition<B>) -> i32 {
        let y: i32 = self.terms(pos, Color::First).iter().map(|t| t.1).sum();
        let b: i32 = self.terms(pos, Color::Second).iter().map(|t| t.1).sum();
        let score = if pos.side_to_move() == Color::First {
            y - b
        } else {
            b - y
        };
        score + self.tempo
    }

    /// [`Self::vault_line`] if the run of pieces from place `i` of line `l` in direction `d`
    /// (four or more long) holds a piece of `them` at least four cells out, else 0. Rarely
    /// reached (four pieces in a row next to the King), so kept out of the evaluation's loop.
    #[inline(never)]
    fn vault_threat<B: Bitboard>(
        &self,
        pos: &JikaidaPosition<B>,
        l: usize,
        i: usize,
        d: usize,
        them: Color,
    ) -> i32 {
        let b = pos.board();
        let (run, _) = b.line_run(pos.line_bits(l), l, i, d);
        let threat = (4..=run).any(|j| {
            let c = b.line_cell(l, Board::<B>::line_step(i, d, j));
            pos.occupied_by(them).has(c)
        });
        if threat { self.vault_line } else { 0 }
    }

    /// The terms for one side, as (name, value) pairs.
    pub fn terms<B: Bitboard>(
        &self,
        pos: &JikaidaPosition<B>,
        us: Color,
    ) -> [(&'static str, i32); 7] {
        let b = pos.board();
        let them = us.flip();
        let (mut material, mut theirs, mut their_pieces) = (0, 0, 0);
        for k in 1..KINDS as u8 {
            material += self.value[k as usize] * pos.count(us, k) as i32;
            theirs += self.value[k as usize] * pos.count(them, k) as i32;
            their_pieces += pos.count(them, k) as i32;
        }
        let simplify = self.simplify * (material - theirs).max(0) / (their_pieces + 4);
        let lead = (material - theirs).clamp(0, 1000);
        let mop_up = if lead > 0 {
            self.mop_up * closeness(pos, us) * lead / 1000
        } else {
            0
        };
        // The empty cells each slider's rays pass, kept by the position move by move.
        let mobility = pos.mobility(us);
        let mobility = mobility * self.mobility;
        let [advance, near] = pos.swod_steps(us);
        let mut swods = advance * self.swod_advance + near * self.swod_near_promotion;
        swods += pos.propt(us).count() as i32 * self.propt;
        let ahead = Board::<B>::forward(us)[0];
        let at_front = pos
            .pieces(us, SWOD)
            .cells()
            .filter(|&s| b.crosses(s, ahead))
            .count() as i32;
        swods += at_front * self.swod_at_front;
        let threats = -self.swod_threat * swod_targets(pos, us).count() as i32;
        let king = pos.king(us);
        let near = b.near4[king] & pos.occupied_by(them);
        let light = near & (pos.pieces(them, SWOD) | pos.pieces(them, DELDAR));
        let pressure = (2 * near.count() - light.count()) as i32;
        let mut safety = -pressure * self.king_attackers / 2;
        safety += (b.king[king] & pos.occupied_by(us)).count() as i32 * self.king_shelter;
        if pos.has_flutter(us) {
            safety += self.fluttember;
        }
        for (o, &(l, i)) in b.line[king].iter().enumerate() {
            // A run of pieces from the King outwards: an enemy at least four cells out, with
            // the run unbroken, could vault back onto the King. Only a run of four or more
            // needs reading, which the four cells next to the King tell at once.
            let (l, i) = (l as usize, i as usize);
            let bits = pos.line_bits(l);
            let up = (bits >> (i + 1)) & 15 == 15;
            let down = i >= 4 && (bits >> (i - 4)) & 15 == 15;
            if up {
                safety -= self.vault_threat(pos, l, i, o, them);
            }
            if down {
                safety -= self.vault_threat(pos, l, i, o + 4, them);
            }
        }
        [
            ("material", material),
            ("simplify", simplify),
            ("mop-up", mop_up),
            ("mobility", mobility),
            ("swods", swods),
            ("king safety", safety),
            ("threats", threats),
        ]
    }
}

/// The sum over the pieces of `us` (King included) of how many steps closer than 12 they
/// stand to the enemy King (king distance).
fn closeness<B: Bitboard>(pos: &JikaidaPosition<B>, us: Color) -> i32 {
    let r = pos.board().rect;
    let k = pos.king(us.flip());
    let (kf, kr) = (r.file(k) as i32, r.rank(k) as i32);
    pos.occupied_by(us)
        .cells()
        .map(|c| {
            let d = (r.file(c) as i32 - kf)
                .abs()
                .max((r.rank(c) as i32 - kr).abs());
            12 - d.min(12)
        })
        .sum()
}

/// The pieces of `us` other than Swods and the King that an enemy Swod attacks: one step
/// diagonally forward (a capture crossing a front is a first step, always allowed).
fn swod_targets<B: Bitboard>(pos: &JikaidaPosition<B>, us: Color) -> B {
    let b = pos.board();
    let them = us.flip();
    let [_, left, right] = Board::<B>::forward(them);
    let mut attacked = B::default();
    for s in pos.pieces(them, SWOD).cells() {
        for d in [left, right] {
            if let Some(c) = b.next(s, d) {
                attacked.set(c);
            }
        }
    }
    attacked & pos.occupied_by(us) & !pos.pieces(us, SWOD) & !pos.pieces(us, KING)
}

impl JikaidaParams {
    /// Every weight by name, mutable, for tuners (`value[i]` one by one, by kind).
    pub fn fields_mut(&mut self) -> Vec<(String, &mut i32)> {
        let JikaidaParams {
            value,
            simplify,
            mop_up,
            mobility,
            swod_advance,
            swod_near_promotion,
            propt,
            swod_at_front,
            swod_threat,
            king_attackers,
            king_shelter,
            vault_line,
            fluttember,
            tempo,
        } = self;
        let mut v = array_fields("value", value);
        v.extend([
            ("simplify".into(), simplify),
            ("mop_up".into(), mop_up),
            ("mobility".into(), mobility),
            ("swod_advance".into(), swod_advance),
            ("swod_near_promotion".into(), swod_near_promotion),
            ("propt".into(), propt),
            ("swod_at_front".into(), swod_at_front),
            ("swod_threat".into(), swod_threat),
            ("king_attackers".into(), king_attackers),
            ("king_shelter".into(), king_shelter),
            ("vault_line".into(), vault_line),
            ("fluttember".into(), fluttember),
            ("tempo".into(), tempo),
        ]);
        v
    }
}

/// Jikaida's weights to a tuner: every field of [`JikaidaParams`]; the King's value (0) and
/// the Swod's (which anchors the scale) are held, the other values move in double steps.
impl<B: Bitboard> Tunable for JikaidaPosition<B> {
    fn weights(&self, eval: &JikaidaEval) -> Vec<Weight> {
        let held = [format!("value[{KING}]"), format!("value[{SWOD}]")];
        let mut p = eval.params;
        read_fields(p.fields_mut(), |name| {
            if held.iter().any(|h| h == name) {
                0
            } else if name.starts_with("value") {
                2
            } else {
                1
            }
        })
    }

    /// The hand-written evaluation with these weights (no net: tuners fit the weights).
    fn with_weights(&self, values: &[i32]) -> JikaidaEval {
        let mut p = DEFAULT;
        write_fields(p.fields_mut(), values);
        p.into()
    }

    /// The weights as the `DEFAULT` of `src/games/jikaida/eval.rs`.
    fn weights_text(&self, values: &[i32]) -> String {
        format!("{:#?}\n", self.with_weights(values).params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bitboard::Wide;
    use crate::games::jikaida::{CHUKTAR, HIKDAR, JIKTAR, KAPT, KING, PALLAN};

    /// The terms as first written, on bitboards alone: the reference for the faster
    /// [`JikaidaParams::terms`].
    fn reference_terms<B: Bitboard>(
        e: &JikaidaParams,
        pos: &JikaidaPosition<B>,
        us: Color,
    ) -> [i32; 7] {
        let b = pos.board();
        let them = us.flip();
        let occ = pos.occupied();
        let mut material = 0;
        let mut theirs = 0;
        for k in 1..KINDS as u8 {
            material += e.value[k as usize] * pos.pieces(us, k).count() as i32;
            theirs += e.value[k as usize] * pos.pieces(them, k).count() as i32;
        }
        let their_pieces = (pos.occupied_by(them) & !pos.pieces(them, KING)).count() as i32;
        let simplify = if material > theirs {
            e.simplify * (material - theirs) / (their_pieces + 4)
        } else {
            0
        };
        let enemy_king = pos.king(them);
        let mut near = 0;
        for c in 0..b.cells {
            if pos.occupied_by(us).has(c) {
                let (f, r) = (b.rect.file(c) as i32, b.rect.rank(c) as i32);
                let (kf, kr) = (
                    b.rect.file(enemy_king) as i32,
                    b.rect.rank(enemy_king) as i32,
                );
                near += (12 - (f - kf).abs()).min(12 - (r - kr).abs()).max(0);
            }
        }
        let mop_up = e.mop_up * near * (material - theirs).clamp(0, 1000) / 1000;
        let mut mobility = 0;
        for k in [KAPT, CHUKTAR, JIKTAR, HIKDAR, PALLAN] {
            for from in pos.pieces(us, k).cells() {
                let (dirs, table) = match k {
                    JIKTAR => ((0..8).step_by(2), &b.jray),
                    HIKDAR => ((1..8).step_by(2), &b.jray),
                    _ => ((0..8).step_by(1), &b.cray),
                };
                for d in dirs {
                    mobility += (b.slide(d, table[d][from], occ) & !occ).count() as i32;
                }
            }
        }
        let mut swods = 0;
        let ranks = b.rect.ranks as i32;
        for s in pos.pieces(us, SWOD).cells() {
            let rel = b.rect.relative_rank(s, us) as i32;
            swods += (rel - 2).max(0) * e.swod_advance;
            swods += (rel - (ranks - 7)).max(0) * e.swod_near_promotion;
        }
        let deldars = pos.pieces(us, DELDAR);
        let propt = pos
            .pieces(us, SWOD)
            .cells()
            .filter(|&s| (b.king[s] & deldars).any())
            .count();
        swods += propt as i32 * e.propt;
        let ahead = if us == Color::First { 0 } else { 4 };
        for s in pos.pieces(us, SWOD).cells() {
            if b.crosses(s, ahead) {
                swods += e.swod_at_front;
            }
        }
        // Enemy Swods' diagonal steps, counted cell by cell from the board's coordinates.
        let r = b.rect;
        let forward = if us == Color::First { -1 } else { 1 };
        let mut targets = std::collections::BTreeSet::new();
        for s in pos.pieces(them, SWOD).cells() {
            let (f, k) = (r.file(s) as i32, r.rank(s) as i32 + forward);
            for df in [-1, 1] {
                let f = f + df;
                if f < 0 || f >= r.files as i32 || k < 0 || k >= r.ranks as i32 {
                    continue;
                }
                let cell = r.cell(f as usize, k as usize);
                if let Some((c, kind)) = pos.piece_at(cell)
                    && c == us
                    && kind != SWOD
                    && kind != KING
                {
                    targets.insert(cell);
                }
            }
        }
        let threats = -(targets.len() as i32) * e.swod_threat;
        let king = pos.king(us);
        let near = b.near4[king] & pos.occupied_by(them);
        let light = near & (pos.pieces(them, SWOD) | pos.pieces(them, DELDAR));
        let pressure = (2 * near.count() - light.count()) as i32;
        let mut safety = -pressure * e.king_attackers / 2;
        safety += (b.king[king] & pos.occupied_by(us)).count() as i32 * e.king_shelter;
        if pos.has_flutter(us) {
            safety += e.fluttember;
        }
        for d in 0..8 {
            let ray = b.full[d][king];
            let gaps = ray & !occ;
            let run = if gaps.is_empty() {
                ray
            } else {
                ray & !b.full[d][b.first(d, gaps)] & !gaps
            };
            if (run & b.beyond3[d][king] & pos.occupied_by(them)).any() {
                safety -= e.vault_line;
            }
        }
        [
            material,
            simplify,
            mop_up,
            mobility * e.mobility,
            swods,
            safety,
            threats,
        ]
    }

    /// The evaluation terms equal the reference on random positions of every density and
    /// board width.
    #[test]
    fn terms_match_the_reference() {
        fn check<B: Bitboard>(files: usize, ranks: usize) {
            let mut x = 0xE7A1_0A7E_0000_0001u64 ^ files as u64;
            let board =
                std::sync::Arc::new(crate::games::jikaida::board::Board::<B>::new(files, ranks));
            for round in 0..600 {
                let mut p = crate::games::jikaida::reach::tests::random_position(
                    &board,
                    1 + round % 5,
                    &mut x,
                );
                // One King each, wherever there is room.
                for c in Color::BOTH {
                    if p.pieces(c, KING).is_empty() {
                        let cell = (!p.occupied()).lowest();
                        p.put(c, KING, cell, false);
                    }
                }
                for us in Color::BOTH {
                    let fast: Vec<i32> = DEFAULT.terms(&p, us).iter().map(|t| t.1).collect();
                    assert_eq!(fast, reference_terms(&DEFAULT, &p, us), "{}", p.to_fen());
                }
            }
        }
        check::<Wide<4>>(12, 18);
        check::<Wide<7>>(18, 24);
        check::<Wide<14>>(24, 36);
    }
}
