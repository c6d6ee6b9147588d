//! Every search and time-management constant, in one place, each with the reason for it (as
//! `games/kaissa/eval/params.rs` is for the evaluation). Changing any of them changes the
//! `kaissa bench` signature (the time shares excepted: the bench searches to a fixed depth).
//!
//! What is not here is layout, not tuning: the ordering bands (`ordering.rs`), the table
//! and cache sizes and the packing of a table entry (`tt.rs`, `correction.rs`, `worker.rs`),
//! and the score scale ([`MATE`](super::MATE), [`MAX_PLY`](super::MAX_PLY)).

use std::time::Duration;

// Draws.

/// How much worse than even a draw looks to the side to move at the root, in centipawns: the
/// engine plays on rather than settle for a draw in an even position.
pub const CONTEMPT: i32 = 20;

// Iterative deepening and aspiration windows (`mod.rs`).

/// First depth searched with an aspiration window: shallower scores swing too much to guess.
pub const ASPIRATION_DEPTH: i32 = 5;
/// Half-width of the first aspiration window around the last score, in centipawns: most
/// iterations' scores land within a quarter pawn of the last.
pub const ASPIRATION_WINDOW: i32 = 25;
/// After a failed window, the window grows by its width over this: half again, so that few
/// re-searches reach a score far away.
pub const ASPIRATION_GROWTH_DIVISOR: i32 = 2;

// Stopping (`worker.rs`).

/// Nodes between two looks at the clock and the node limit (a power of two): often enough to
/// stop within a millisecond, rarely enough to cost nothing.
pub const NODES_BETWEEN_CHECKS: u64 = 1024;

// Extensions.

/// A node in danger (the royal piece attacked) is searched a ply deeper while it is within this
/// many times the iteration's depth from the root: a bound on the tree the extensions grow.
pub const DANGER_EXTENSION_REACH: i32 = 2;

// Pruning before the moves (`worker.rs`).

/// Reverse futility pruning: deepest remaining depth at which a node far above beta returns
/// its evaluation (deeper, the margin would be too wide to trust).
pub const RFP_DEPTH: i32 = 6;
/// Reverse futility margin per ply of depth (one ply less while improving), in centipawns.
pub const RFP_MARGIN: i32 = 85;
/// Null-move pruning: shallowest depth at which a null move is tried (below, the reduced
/// search would be a quiescence search, which proves little).
pub const NULL_MOVE_DEPTH: i32 = 3;
/// Null-move reduction at any depth, in plies.
pub const NULL_MOVE_REDUCTION: i32 = 3;
/// Null-move reduction: one ply more per this many plies of depth (deep nodes can afford it).
pub const NULL_MOVE_DEPTH_PER_PLY: i32 = 3;
/// Null-move reduction: one ply more per this many centipawns that the evaluation stands
/// above beta (a node far above beta needs less proof) ...
pub const NULL_MOVE_MARGIN_PER_PLY: i32 = 200;
/// ... up to this many plies.
pub const NULL_MOVE_MARGIN_PLIES: i32 = 3;

// Pruning of quiet moves (`worker.rs`).

/// Deepest remaining depth at which quiet moves are pruned (late-move and futility pruning,
/// and pruning of quiet moves likely to lose material): deeper, a pruned move costs too much.
pub const PRUNE_DEPTH: i32 = 6;
/// Late-move pruning: quiet moves after the first `(LMP_BASE + depth²) / LMP_DIVISOR` legal
/// moves are pruned; the constant part keeps a few moves at depth 1.
pub const LMP_BASE: i32 = 3;
/// Late-move pruning: the divisor of the move count (one less while improving, which doubles
/// the moves kept where the position gets better).
pub const LMP_DIVISOR: i32 = 2;
/// Futility pruning of quiet moves: skipped when the evaluation plus this base and
/// [`FUTILITY_PER_PLY`] per ply of the move's reduced depth cannot reach alpha: a quiet move
/// seldom gains more.
pub const FUTILITY_BASE: i32 = 150;
/// Futility pruning: the margin per ply of the move's reduced depth.
pub const FUTILITY_PER_PLY: i32 = 120;
/// Quiet moves likely to lose more than this times the square of their reduced depth are
/// pruned at shallow depth: the loss is unlikely to be won back in so few plies.
pub const QUIET_LOSS: i32 = 30;

// Late-move reductions (`worker.rs`).

/// The reduction table's constant part, `LMR_BASE + ln(depth) ln(moves) / LMR_DIVISOR`
/// plies (rounded down): late moves at depth get at least a ply less.
pub const LMR_BASE: f64 = 0.75;
/// The reduction table's divisor: how fast reductions grow with depth and move number.
pub const LMR_DIVISOR: f64 = 2.25;
/// Shallowest depth at which late moves are reduced (below, there is nothing to save).
pub const LMR_DEPTH: i32 = 3;
/// Moves searched in full before reductions start (one more at a PV node): the first moves
/// are the likely best.
pub const LMR_FULL_MOVES: usize = 2;
/// One ply less reduction at a PV node, whose score the line reports.
pub const LMR_LESS_AT_PV_NODE: i32 = 1;
/// One ply less reduction for the hash move, a noisy move, a killer or the counter move
/// (their ordering score says they often refute).
pub const LMR_LESS_FOR_REFUTATION: i32 = 1;
/// History score worth one ply less (or more) of reduction ...
pub const HISTORY_PER_PLY: i32 = 5000;
/// ... up to this many plies either way.
pub const HISTORY_PLIES: i32 = 2;
/// One ply more reduction while the side to move is not improving: its late moves are less
/// likely to help.
pub const LMR_MORE_NOT_IMPROVING: i32 = 1;
/// Extra reduction at an expected cut node, where some move will likely fail high anyway.
pub const CUT_NODE_REDUCTION: i32 = 2;

// Quiescence search (`worker.rs`).

/// Captures quiescence tries at a node that stands pat: the best-ordered few only (the rest
/// rarely raise alpha, and each costs a dear evaluation).
pub const QUIESCENCE_MOVES: usize = 2;
/// Quiescence plies that answer a threat to the royal piece with every move: enough to see a
/// defence, few enough to bound the tree.
pub const QUIESCENCE_DANGER_PLIES: u32 = 2;

// History (`ordering.rs`).

/// Largest history bonus of one cut-off (depth², capped): a deep cut-off is worth more, but
/// not so much that one erases all else.
pub const HISTORY_BONUS_MAX: i32 = 400;
/// History scores stay within plus or minus this (each update pulls towards it in
/// proportion), below the ordering bands of killers and counter moves.
pub const HISTORY_LIMIT: i32 = 16_384;

// Correction history (`correction.rs`).

/// Largest correction of the static evaluation, in centipawns: the evaluation is mostly right.
pub const CORRECTION_LIMIT: i32 = 160;
/// Largest weight of one update, out of 256 (the weight is depth + 1): an average over many
/// searches, never one.
pub const CORRECTION_MAX_WEIGHT: i32 = 16;

// Time management (`time.rs`), shares as (numerator, denominator).

/// Moves assumed left in the game when the clock says nothing (sudden death).
pub const MOVES_TO_GO: u32 = 35;
/// Most moves to the next time control planned for: beyond, each move would get too little.
pub const MAX_MOVES_TO_GO: u32 = 60;
/// Share of the increment planned for each move: most of it, keeping some for the delays.
pub const INC_SHARE: (u32, u32) = (3, 4);
/// The soft limit (start no iteration after it) as a share of the ideal time: an iteration
/// started late seldom finishes.
pub const SOFT_SHARE: (u32, u32) = (6, 10);
/// The hard limit (abort at it) as a share of the ideal time: room to finish an iteration.
pub const HARD_SHARE: (u32, u32) = (3, 1);
/// Most of the remaining time one move may use: a third, leaving the rest of the moves
/// something ...
pub const MOVE_CAP_SHARE: (u32, u32) = (1, 3);
/// ... and before the time control, most of all the time left (the rest covers delays).
pub const LAST_MOVE_CAP_SHARE: (u32, u32) = (9, 10);
/// The least any limit is, so that a search always starts.
pub const MIN_TIME: Duration = Duration::from_millis(1);
