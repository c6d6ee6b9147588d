//! What a tuner needs of a game's evaluation: its weights as a flat vector of named integers,
//! and the evaluation built from such a vector. `datagen` and the Texel tuner
//! (`tuning/texel.rs`) work through it (with [`Rules`] for the quiescence search and the
//! evaluation of a quiet leaf), so every game can be tuned the same way.

use super::rules::Rules;

/// One weight of an evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Weight {
    /// What the weight is; weights of the same name in several games' (or rule sets')
    /// vectors are one weight to the tuner (the Kaissa family's shared `Params`).
    pub name: String,
    /// Its value, in centipawns or the unit its name says.
    pub value: i32,
    /// The tuner's step for it, as a multiple of the current step size; 0 holds it fixed (the
    /// Kaissa family's pawn, which anchors the scale).
    pub step: i32,
}

/// A position whose game's evaluation can be tuned.
pub trait Tunable: Rules {
    /// The weights of `eval`, in a fixed order.
    fn weights(&self, eval: &Self::Eval) -> Vec<Weight>;
    /// The evaluation of this position's game with `values` (in the order of
    /// [`Tunable::weights`]) in place of its weights.
    fn with_weights(&self, values: &[i32]) -> Self::Eval;
    /// The weights `values` written as the game's source declares them, to paste there.
    fn weights_text(&self, values: &[i32]) -> String;
}

/// The weights of a parameter table given as its fields by name (a `fields_mut` list), each
/// with the step `step` gives for its name.
pub fn read_fields(fields: Vec<(String, &mut i32)>, step: impl Fn(&str) -> i32) -> Vec<Weight> {
    fields
        .into_iter()
        .map(|(name, v)| Weight {
            step: step(&name),
            value: *v,
            name,
        })
        .collect()
}

/// Sets the fields of a parameter table (a `fields_mut` list) from the first values of
/// `values`; returns how many it set.
pub fn write_fields(fields: Vec<(String, &mut i32)>, values: &[i32]) -> usize {
    let mut n = 0;
    for ((_, field), &v) in fields.into_iter().zip(values) {
        *field = v;
        n += 1;
    }
    n
}

/// The fields of an array weight for a `fields_mut` list: `name[0]`, `name[1]`, ...
pub fn array_fields<'a>(name: &str, values: &'a mut [i32]) -> Vec<(String, &'a mut i32)> {
    values
        .iter_mut()
        .enumerate()
        .map(|(i, x)| (format!("{name}[{i}]"), x))
        .collect()
}
