//! One search thread: principal variation search with a transposition table (whose bound also
//! sharpens the evaluation the pruning reads), a correction history (the static evaluation plus
//! how far it has erred in the position's pawn-and-Home-Stone structure), null-move pruning,
//! reverse futility pruning, late-move pruning and futility pruning of quiet moves and pruning
//! of quiet moves likely to lose material, late-move reductions (by history, deeper while the
//! position is not improving and at expected cut nodes), killer, counter-move and history
//! ordering (captures likely to lose material last), and a quiescence search over captures and
//! promotions (its best few, never one likely to lose material; over every move while one's
//! Home Stone is attacked, since standing pat then would lose it).

use super::ordering::{COUNTER, LOSING_CAPTURE, Ordering, Picker, WIN_ORDER, pick};
use super::params::{
    CONTEMPT, CUT_NODE_REDUCTION, DANGER_EXTENSION_REACH, FUTILITY_BASE, FUTILITY_PER_PLY,
    HISTORY_PER_PLY, HISTORY_PLIES, LMP_BASE, LMP_DIVISOR, LMR_BASE, LMR_DEPTH, LMR_DIVISOR,
    LMR_FULL_MOVES, LMR_LESS_AT_PV_NODE, LMR_LESS_FOR_REFUTATION, LMR_MORE_NOT_IMPROVING,
    NODES_BETWEEN_CHECKS, NULL_MOVE_DEPTH, NULL_MOVE_DEPTH_PER_PLY, NULL_MOVE_MARGIN_PER_PLY,
    NULL_MOVE_MARGIN_PLIES, NULL_MOVE_REDUCTION, PRUNE_DEPTH, QUIESCENCE_DANGER_PLIES,
    QUIESCENCE_MOVES, QUIET_LOSS, RFP_DEPTH, RFP_MARGIN,
};
use super::{Control, MATE, MAX_PLY, Score, from_tt, is_decisive, to_tt};
use crate::core::moves::Move;
use crate::core::outcome::Outcome;
use crate::core::rules::Rules;
use crate::search::tt::{Bound, Entry};

/// Search state private to one thread.
pub struct Worker<'a, P: Rules> {
    /// The position being searched (moves are made and unmade on it).
    pub pos: P,
    pub(super) eval: &'a P::Eval,
    pub(super) control: &'a Control,
    /// Thread index: 0 is the main thread, which watches the clock.
    pub(super) id: usize,
    /// Nodes searched by this thread.
    pub nodes: u64,
    /// Deepest ply reached in the current iteration.
    pub seldepth: usize,
    /// Nominal depth of the current iteration (bounds extensions).
    pub root_depth: i32,
    /// The score of the last root move that raised alpha (the head of the line).
    pub root_score: i32,
    pub(super) order: Ordering,
    /// Triangular principal-variation table.
    pv: Vec<Vec<Move>>,
    /// Late-move reductions by depth and move number, each capped at [`LMR_SIZE`] - 1.
    lmr: Vec<[u8; LMR_SIZE]>,
    move_lists: Vec<Vec<Move>>,
    score_lists: Vec<Vec<i32>>,
    /// Per ply, the quiet moves tried at a node (penalised in history when another cuts).
    quiet_lists: Vec<Vec<Move>>,
    pickers: Vec<Picker>,
    /// Static evaluations by position key (`EVAL_CACHE` slots): quiescence leaves come back
    /// in every iteration, and an evaluation that reads attacks is dear.
    eval_cache: Vec<(u64, i32)>,
    /// The static evaluation at each ply of the current line (`NO_EVAL` in danger), to tell
    /// whether the side to move is improving on its position two plies before.
    evals: Vec<i32>,
    /// The move played at each ply of the current line (`Move::NULL` for a null move), for
    /// the counter-move table.
    line: Vec<Move>,
}

/// `evals` of a ply whose side was in danger (its static evaluation means little).
const NO_EVAL: i32 = i32::MIN / 2;
/// Slots of a worker's evaluation cache (a power of two; 16 bytes each).
const EVAL_CACHE: usize = 1 << 16;

/// Rows and columns of the late-move reduction table: depths and move numbers beyond it read
/// its last row or column.
const LMR_SIZE: usize = 64;

impl<'a, P: Rules> Worker<'a, P> {
    /// A worker searching `pos`.
    pub fn new(mut pos: P, eval: &'a P::Eval, control: &'a Control, id: usize) -> Self {
        pos.prepare_eval(eval);
        let cells = pos.cells();
        let lmr = (0..LMR_SIZE)
            .map(|d| {
                let mut row = [0u8; LMR_SIZE];
                for (m, r) in row.iter_mut().enumerate() {
                    if d > 0 && m > 0 {
                        *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as u8;
                    }
                }
                row
            })
            .collect();
        Worker {
            pos,
            eval,
            control,
            id,
            nodes: 0,
            seldepth: 0,
            root_depth: 1,
            root_score: 0,
            order: Ordering::new(cells, MAX_PLY),
            pv: vec![Vec::new(); MAX_PLY + 1],
            lmr,
            move_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            score_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            quiet_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pickers: if P::LONG_MOVE_LISTS {
                (0..=MAX_PLY).map(|_| Picker::default()).collect()
            } else {
                Vec::new()
            },
            eval_cache: vec![(0, 0); EVAL_CACHE],
            evals: vec![NO_EVAL; MAX_PLY + 2],
            line: vec![Move::NULL; MAX_PLY + 2],
        }
    }

    /// The static evaluation of the current position, from the cache when it is there.
    #[inline(always)]
    fn evaluate(&mut self) -> i32 {
        let key = self.pos.key();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        self.pos.settle_eval();
        let e = self.pos.evaluate(self.eval);
        *slot = (key, e);
        e
    }

    /// How far the static evaluation has erred, on average, with the side to move in this
    /// pawn-and-Home-Stone `structure` (0 for a game without a structure key).
    #[inline(always)]
    fn correction(&self, structure: u64) -> i32 {
        if structure == 0 {
            return 0;
        }
        let side = self.pos.side_to_move().index();
        self.control.tt.correction.get(side, structure)
    }

    /// Makes `mv` followed by the child's line the principal variation at `ply`.
    #[inline(always)]
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The principal variation found by the last completed root search.
    pub fn pv(&self) -> &[Move] {
        &self.pv[0]
    }

    /// True once the search must unwind (stopped, or out of time or nodes).
    #[inline(always)]
    fn stopped(&mut self) -> bool {
        if self.nodes.is_multiple_of(NODES_BETWEEN_CHECKS) {
            self.control.add_nodes(self.id, self.nodes);
            if self.id == 0 {
                self.control.check_limits();
            }
        }
        self.control.is_stopped()
    }

    /// The score of a decided game for the side to move, `ply` plies from the root.
    fn decided_score(&self, o: Outcome, ply: usize) -> i32 {
        match o.score_for(self.pos.side_to_move()) {
            1 => MATE - ply as i32,
            -1 => -(MATE - ply as i32),
            _ => Self::draw_score(ply),
        }
    }

    /// The score of a draw `ply` plies from the root: slightly bad for the side to move at
    /// the root (contempt), so the engine plays on rather than settle for a draw in an even
    /// position.
    #[inline(always)]
    fn draw_score(ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -CONTEMPT
        } else {
            CONTEMPT
        }
    }

    /// The score when the side to move has no legal move.
    fn no_move_score(&self, ply: usize) -> i32 {
        match self.pos.no_move_result() {
            0 => Self::draw_score(ply),
            r if r < 0 => -(MATE - ply as i32),
            _ => MATE - ply as i32,
        }
    }

    /// True when the position is drawn by history (repetition inside the tree, ply limit).
    fn history_draw(&self) -> bool {
        self.pos.history_draw()
    }

    /// Principal variation search of `depth` plies below the current position. `cut` marks
    /// an expected cut node (a null-window node whose parent expects it to fail high); late
    /// moves there are reduced more.
    pub fn search(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        root_moves: Option<&[Move]>,
        cut: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if ply > 0 {
            if let Some(o) = self.pos.decided() {
                return self.decided_score(o, ply);
            }
            if self.history_draw() {
                return Self::draw_score(ply);
            }
            // Mate distance pruning.
            let a = alpha.max(-(MATE - ply as i32));
            let b = beta.min(MATE - ply as i32 - 1);
            if a >= b {
                return a;
            }
            // The side to move wins with its next move (the line before lost the Home Stone).
            if self.pos.wins_at_once() {
                self.nodes += 1;
                return MATE - (ply as i32 + 1);
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let in_danger = self.pos.in_danger_here();
        if in_danger && (ply as i32) < DANGER_EXTENSION_REACH * self.root_depth {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.stopped() {
            return 0;
        }
        let key = self.pos.key();
        let tt = self.control.tt.probe(key);
        let mut hash_move = Move::NULL;
        let mut static_eval = None;
        if let Some(e) = tt {
            hash_move = e.mv;
            static_eval = Some(e.eval);
            let score = from_tt(e.score, ply);
            if !pv_node && ply > 0 && e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let raw_eval = static_eval.unwrap_or_else(|| self.evaluate());
        // The static evaluation corrected by how far it has erred in this structure.
        let structure = self.pos.structure_key();
        let static_eval = raw_eval + self.correction(structure);
        self.evals[ply] = if in_danger { NO_EVAL } else { static_eval };
        // Improving: better than two plies before (or that side was in danger then).
        let improving = !in_danger
            && ply >= 2
            && (self.evals[ply - 2] == NO_EVAL || static_eval > self.evals[ply - 2]);
        // For pruning, a table score that bounds the value on the far side of the static
        // evaluation is the better guess.
        let mut eval = static_eval;
        if let Some(e) = tt {
            let score = from_tt(e.score, ply);
            let tighter = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score > eval,
                Bound::Upper => score < eval,
            };
            if tighter && !is_decisive(score) {
                eval = score;
            }
        }
        if !pv_node && !in_danger && ply > 0 && !is_decisive(beta) {
            // Reverse futility pruning: far above beta at shallow depth.
            if depth <= RFP_DEPTH && eval - RFP_MARGIN * (depth - improving as i32) >= beta {
                return eval;
            }
            // Null-move pruning, where the game says it is sound; the further above beta,
            // the more it reduces.
            if depth >= NULL_MOVE_DEPTH && eval >= beta && self.pos.null_move_allowed() {
                let r = NULL_MOVE_REDUCTION
                    + depth / NULL_MOVE_DEPTH_PER_PLY
                    + ((eval - beta) / NULL_MOVE_MARGIN_PER_PLY).min(NULL_MOVE_MARGIN_PLIES);
                self.line[ply] = Move::NULL;
                self.pos.make_null();
                let score = -self.search(depth - 1 - r, -beta, -beta + 1, ply + 1, None, !cut);
                self.pos.unmake_null();
                if self.control.is_stopped() {
                    return 0;
                }
                if score >= beta {
                    return if is_decisive(score) { beta } else { score };
                }
            }
        }
        // The opponent's last move (`Move::NULL` at the root or after a null move).
        let prev = if ply > 0 {
            self.line[ply - 1]
        } else {
            Move::NULL
        };
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        let mut scores = std::mem::take(&mut self.score_lists[ply]);
        moves.clear();
        match root_moves {
            Some(r) => moves.extend_from_slice(r),
            None => self.pos.generate_pseudo(&mut moves),
        }
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            self.score_lists[ply] = scores;
            return self.no_move_score(ply);
        }
        if root_moves.is_some() {
            // Root moves come in the driver's order: keep it, best first.
            scores.clear();
            scores.extend((0..moves.len()).map(|i| -(i as i32)));
        } else {
            let counter = self.order.counter_of(prev);
            self.order.score(
                &self.pos,
                self.eval,
                &moves,
                [hash_move, counter],
                ply,
                &mut scores,
            );
        }
        let original_alpha = alpha;
        let mut best = -MATE - 1;
        let mut best_move = Move::NULL;
        let mut quiets_tried = std::mem::take(&mut self.quiet_lists[ply]);
        quiets_tried.clear();
        // Legal moves played so far (the list may hold illegal ones, refused by `try_make`).
        let mut played = 0;
        for i in 0..moves.len() {
            if P::LONG_MOVE_LISTS {
                self.pickers[ply].pick(&mut moves, &mut scores, i);
            } else {
                pick(&mut moves, &mut scores, i);
            }
            let mv = moves[i];
            let noisy = self.pos.is_noisy(mv);
            // Late-move and futility pruning of quiet moves at shallow depth, once a move has
            // kept the side out of a lost score; and of a quiet move likely to lose more
            // material than its reduced depth allows (judged once it is made).
            let shallow_quiet = !pv_node
                && ply > 0
                && !noisy
                && !in_danger
                && depth <= PRUNE_DEPTH
                && (best >= 0 || !is_decisive(best));
            let reduced = (depth
                - 1
                - self.lmr[(depth.max(0) as usize).min(LMR_SIZE - 1)][played.min(LMR_SIZE - 1)]
                    as i32)
                .max(0);
            let prunable = shallow_quiet
                && (played as i32 >= (LMP_BASE + depth * depth) / (LMP_DIVISOR - improving as i32)
                    || eval + FUTILITY_BASE + FUTILITY_PER_PLY * reduced <= alpha);
            // A pruned move is made only to ask whether it attacks the opponent's royal
            // piece (below); where the game can tell without making it, it is not made.
            if prunable && self.pos.gives_no_danger(mv) {
                continue;
            }
            if !self.pos.try_make(mv) {
                continue;
            }
            // Never a move that attacks the opponent's royal piece (this family's check),
            // asked as the child node itself will ask it: a game may derive the answer from
            // the move's legality test and keep it for the child.
            if (prunable
                || shallow_quiet
                    && self.pos.quiet_loss(self.eval, mv) > QUIET_LOSS * reduced * reduced)
                && !self.pos.in_danger_here()
            {
                self.pos.unmake();
                continue;
            }
            self.line[ply] = mv;
            played += 1;
            let mut score;
            if played == 1 {
                score = -self.search(depth - 1, -beta, -alpha, ply + 1, None, !pv_node && !cut);
            } else {
                let mut r = 0;
                let n = played - 1;
                if depth >= LMR_DEPTH
                    && !noisy
                    && !in_danger
                    && n >= LMR_FULL_MOVES + pv_node as usize
                {
                    r = self.lmr[(depth as usize).min(LMR_SIZE - 1)][n.min(LMR_SIZE - 1)] as i32;
                    if pv_node {
                        r -= LMR_LESS_AT_PV_NODE;
                    }
                    if scores[i] >= COUNTER {
                        r -= LMR_LESS_FOR_REFUTATION;
                    }
                    r -= (self.order.history_of(mv) / HISTORY_PER_PLY)
                        .clamp(-HISTORY_PLIES, HISTORY_PLIES);
                    if !improving {
                        r += LMR_MORE_NOT_IMPROVING;
                    }
                    if cut {
                        r += CUT_NODE_REDUCTION;
                    }
                    r = r.clamp(0, depth - 2);
                }
                score = -self.search(depth - 1 - r, -alpha - 1, -alpha, ply + 1, None, true);
                if score > alpha && r > 0 {
                    score = -self.search(depth - 1, -alpha - 1, -alpha, ply + 1, None, !cut);
                }
                if score > alpha && score < beta {
                    score = -self.search(depth - 1, -beta, -alpha, ply + 1, None, false);
                }
            }
            self.pos.unmake();
            if self.control.is_stopped() {
                self.move_lists[ply] = moves;
                self.score_lists[ply] = scores;
                self.quiet_lists[ply] = quiets_tried;
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if ply == 0 {
                        self.root_score = score;
                    }
                    if score >= beta {
                        if !noisy {
                            self.order.reward(mv, prev, depth, ply, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !noisy {
                quiets_tried.push(mv);
            }
        }
        self.move_lists[ply] = moves;
        self.score_lists[ply] = scores;
        self.quiet_lists[ply] = quiets_tried;
        if played == 0 {
            return self.no_move_score(ply);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The result says how far the evaluation erred (folded into the correction history)
        // when the node was not in danger, its best move is quiet (a capture's gain is no
        // error of the evaluation) and its bound lies on the side of the evaluation it
        // proved.
        if structure != 0
            && !in_danger
            && (best_move == Move::NULL || !self.pos.is_noisy(best_move))
            && !is_decisive(best)
            && (bound != Bound::Lower || best > static_eval)
            && (bound != Bound::Upper || best < static_eval)
        {
            let side = self.pos.side_to_move().index();
            self.control
                .tt
                .correction
                .update(side, structure, best - raw_eval, depth);
        }
        self.control.tt.store(
            key,
            Entry {
                mv: best_move,
                score: to_tt(best, ply),
                eval: raw_eval,
                depth,
                bound,
            },
        );
        best
    }

    /// Quiescence search: captures and promotions until the position is quiet.
    /// `qdepth` counts quiescence plies; only the first ones answer a threat to the Home
    /// Stone with every move, which bounds the tree.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, qdepth: u32) -> i32 {
        self.nodes += 1;
        self.pv[ply].clear();
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.stopped() {
            return 0;
        }
        if let Some(o) = self.pos.decided() {
            return self.decided_score(o, ply);
        }
        if ply > 0 && self.pos.wins_at_once() {
            return MATE - (ply as i32 + 1);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let in_danger = qdepth < QUIESCENCE_DANGER_PLIES && self.pos.in_danger_here();
        let mut best = -MATE - 1;
        if !in_danger {
            let stand = self.evaluate() + self.correction(self.pos.structure_key());
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        let mut scores = std::mem::take(&mut self.score_lists[ply]);
        moves.clear();
        if in_danger {
            self.pos.generate_pseudo(&mut moves);
        } else {
            self.pos.generate_noisy_pseudo(&mut moves);
        }
        self.order.score(
            &self.pos,
            self.eval,
            &moves,
            [Move::NULL; 2],
            ply,
            &mut scores,
        );
        let mut played = 0;
        for i in 0..moves.len() {
            if P::LONG_MOVE_LISTS {
                self.pickers[ply].pick(&mut moves, &mut scores, i);
            } else {
                pick(&mut moves, &mut scores, i);
            }
            // Standing pat, only the best-ordered captures are worth a look (a win of the
            // game always is), and never one likely to lose material.
            if !in_danger
                && (scores[i] < LOSING_CAPTURE / 2
                    || played >= QUIESCENCE_MOVES && scores[i] < WIN_ORDER)
            {
                break;
            }
            let mv = moves[i];
            if !self.pos.try_make(mv) {
                continue;
            }
            played += 1;
            let score = -self.quiesce(-beta, -alpha, ply + 1, qdepth + 1);
            self.pos.unmake();
            if self.control.is_stopped() {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.move_lists[ply] = moves;
        self.score_lists[ply] = scores;
        if in_danger && played == 0 {
            return self.no_move_score(ply);
        }
        best
    }

    /// Converts an internal score to the reported form.
    pub fn report_score(score: i32) -> Score {
        Score::from_internal(score)
    }
}
