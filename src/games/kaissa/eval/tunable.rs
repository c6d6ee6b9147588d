//! The Kaissa family's evaluation as a tuner sees it ([`Tunable`]): every weight of
//! [`Params`] (shared by the rule sets: same names) followed by the rule set's own piece values
//! (named `VARIANT LETTER`), the pieces whose value is not derived (pawns) nor zero (royal),
//! then the same pieces' [`PieceShape`] fields (named `VARIANT LETTER FIELD`).

use super::EvalTables;
use super::params::{Params, PieceShape};
use crate::core::bitboard::Bitboard;
use crate::core::tunable::{Tunable, Weight, read_fields, write_fields};
use crate::games::kaissa::position::Position;

/// The piece types whose value is tuned per rule set: not pawns, not royal (value 0).
fn valued<B: Bitboard>(pos: &Position<B>, eval: &EvalTables<B>) -> Vec<usize> {
    let g = pos.game();
    (0..g.types())
        .filter(|&t| !g.pieces[t].pawn && eval.value[t] != 0)
        .collect()
}

/// `base` with its fields set from the first values of `values` (in the order of
/// [`Params::fields_mut`]), and how many values that took.
fn params_from(base: &Params, values: &[i32]) -> (Params, usize) {
    let mut p = base.clone();
    let n = write_fields(p.fields_mut(), values);
    (p, n)
}

/// `count` [`PieceShape`]s from `values` (four each, in the order of
/// [`PieceShape::fields_mut`]).
fn shapes_from(count: usize, values: &[i32]) -> Vec<PieceShape> {
    values
        .chunks(4)
        .take(count)
        .map(|chunk| {
            let mut shape = PieceShape::default();
            for ((_, field), &v) in shape.fields_mut().into_iter().zip(chunk) {
                *field = v;
            }
            shape
        })
        .collect()
}

impl<B: Bitboard> Tunable for Position<B> {
    /// The pawn's value anchors the scale (the search's margins are in centipawns) and is
    /// held; piece values move in double steps.
    fn weights(&self, eval: &EvalTables<B>) -> Vec<Weight> {
        let g = self.game();
        let mut p = eval.params().clone();
        let mut w = read_fields(p.fields_mut(), |name| if name == "pawn" { 0 } else { 1 });
        for t in valued(self, eval) {
            w.push(Weight {
                name: format!("{} {}", g.def.name, g.pieces[t].letter),
                value: eval.value[t],
                step: 2,
            });
        }
        for t in valued(self, eval) {
            let mut shape = eval.shape[t];
            for (field, v) in shape.fields_mut() {
                w.push(Weight {
                    name: format!("{} {} {field}", g.def.name, g.pieces[t].letter),
                    value: *v,
                    step: 1,
                });
            }
        }
        w
    }

    fn with_weights(&self, values: &[i32]) -> EvalTables<B> {
        let g = self.game();
        let base = EvalTables::for_game(g);
        let (p, n) = params_from(base.params(), values);
        let types = valued(self, &base);
        let overrides: Vec<(&str, char, i32)> = types
            .iter()
            .zip(&values[n..])
            .map(|(&t, &v)| (g.def.name.as_str(), g.pieces[t].letter, v))
            .collect();
        let shapes = shapes_from(types.len(), &values[n + types.len()..]);
        let shapes: Vec<(&str, char, PieceShape)> = types
            .iter()
            .zip(shapes)
            .map(|(&t, s)| (g.def.name.as_str(), g.pieces[t].letter, s))
            .collect();
        EvalTables::with_overrides(g, &p, &overrides, &shapes)
    }

    /// A `TUNED` entry and the `OVERRIDES` lines for `src/games/kaissa/eval/params.rs`.
    fn weights_text(&self, values: &[i32]) -> String {
        let g = self.game();
        let base = EvalTables::for_game(g);
        let (p, n) = params_from(base.params(), values);
        let mut s = format!(
            "// TUNED entry:\n    (\"{}\", {p:#?}),\n// OVERRIDES entries:\n",
            g.def.name
        );
        let types = valued(self, &base);
        for (t, v) in types.iter().zip(&values[n..]) {
            s.push_str(&format!(
                "    (\"{}\", '{}', {v}),\n",
                g.def.name, g.pieces[*t].letter
            ));
        }
        s.push_str("// SHAPES entries:\n");
        let shapes = shapes_from(types.len(), &values[n + types.len()..]);
        for (t, shape) in types.iter().zip(shapes) {
            if shape != PieceShape::default() {
                s.push_str(&format!(
                    "    (\"{}\", '{}', {shape:?}),\n",
                    g.def.name, g.pieces[*t].letter
                ));
            }
        }
        s
    }
}
