//! A learned evaluation (NNUE): a small network whose first layer is updated incrementally as
//! moves are made, the game-neutral parts. A game maps its pieces to input features (the Kaissa
//! family's map is `games::kaissa::nnue`); this module holds what every game's net shares.
//!
//! The shape is (F -> H) x 2 -> 1: F sparse inputs (a piece of a type and colour on a cell,
//! seen from one side; pieces in hand), one hidden layer of H per perspective, both sides'
//! halves concatenated with the side to move's first, squared clipped ReLU (SCReLU), one output.
//! Weights are integers ([`network`]): the first layer and the accumulator `i16` in units of
//! 1/[`QA`], the output weights `i16` in units of 1/[`QB`]; the output is scaled by [`SCALE`]
//! into centipawns. [`accumulator`] keeps the first layer's sums per ply, [`simd`] computes
//! them with AVX2 where the processor has it and a scalar path that gives the same bits
//! elsewhere, [`feature`] what a game's position gives the net (its features and a move's
//! change of them) and the one net state every position keeps, [`record`] is the training
//! data's binary record, and [`inputs`] what the data generator and the trainer ask of a
//! game's inputs.

pub mod accumulator;
pub mod feature;
pub mod inputs;
pub mod network;
pub mod record;
pub mod simd;

/// The first layer's quantisation: a float weight w is stored as round(w * QA), and an
/// activation of 1.0 is QA.
pub const QA: i32 = 255;
/// The output layer's quantisation: a float weight w is stored as round(w * QB).
pub const QB: i32 = 64;
/// Centipawns per unit of the network's float output (the output is a win-probability logit
/// in units of SCALE centipawns: sigmoid(cp / SCALE) is the expected result).
pub const SCALE: i32 = 400;
/// Largest absolute float weight the trainer allows (so quantised first-layer sums fit `i16`
/// and the output sum fits `i32`).
pub const WEIGHT_CLIP: f32 = 1.98;
