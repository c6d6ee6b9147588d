//! Static evaluation for the Kaissa family, from the side to move's point of view.
//!
//! Terms: material (values derived from mobility, see [`params`]), centralisation, the other
//! pieces' advancement by rank (both with each piece type's own correction,
//! [`params::PieceShape`]), pawn advancement towards promotion, Home Stone safety (enemy
//! pieces close to it, own pieces around it), the crowding of the placement rank while a stone
//! with a deadline is still in hand, and the attack terms of [`attacks`] (safe mobility,
//! threats, attacks on the stone's zone). The tables are built per game ([`EvalTables`]); the
//! evaluation is symmetric: a position mirrored top to bottom with colours swapped evaluates
//! the same.
//!
//! The evaluation is tapered ([`phase`]): centralisation, the pieces' and the pawns'
//! advancement, Home Stone safety, safe mobility and the attacks on the stone's zone each have
//! a middlegame and an endgame weight ([`params::Endgame`]), blended by the share of the
//! start's non-pawn material still on the board. A rule set whose weights have no endgame
//! values weighs each term alike in every phase.

mod attacks;
pub mod params;
mod phase;
mod tunable;

use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use crate::core::nnue::feature::NetFeatures;
use crate::core::nnue::network::Network;
use crate::games::kaissa::board::Board;
use crate::games::kaissa::donkey::to_bits;
use crate::games::kaissa::game::Game;
use crate::games::kaissa::nnue::builtin_net;
use crate::games::kaissa::position::Position;
use params::{Endgame, Params, PieceShape};
use phase::{Phased, start_material};
use std::sync::Arc;

/// Evaluation tables for one game.
#[derive(Clone, Debug)]
pub struct EvalTables<B> {
    /// Material value of each piece type (0 for pieces whose loss ends the game).
    pub value: Vec<i32>,
    /// `square[phase][type][color][cell]`: position bonus of a piece there, in the
    /// middlegame (phase 0) and in the endgame (phase 1).
    pub square: [Vec<[Vec<i32>; 2]>; 2],
    /// Cells next to each cell.
    near1: Vec<B>,
    /// Cells exactly two steps (king distance) from each cell.
    near2: Vec<B>,
    /// The weights.
    params: Params,
    /// Each piece type's own corrections of the square tables (built into `square`).
    shape: Vec<PieceShape>,
    /// Some attack weight is non-zero: the evaluation makes the attack pass.
    attacks: bool,
    /// The endgame values of the tapered weights (the middlegame's when the weights have
    /// none).
    eg: Endgame,
    /// Both sides' non-pawn material at the start: the full middlegame ([`phase`]).
    start_material: i32,
    /// The learned evaluation that replaces the hand-written one, when set: positions
    /// searched with these tables carry its sums ([`Position::attach_net`]).
    net: Option<Arc<Network>>,
}

/// Average number of moves a piece of type `t` has on the empty board (quiet-only and
/// capture-only moves count half).
fn mobility<B: Bitboard>(game: &Game<B>, t: usize) -> f64 {
    let pm = &game.moves[t][0];
    let cells = game.board.cell_count();
    let mut total = 0.0;
    for c in 0..cells {
        let mut acc = [pm.leaps[0][c], pm.leaps[1][c], pm.leaps[2][c]];
        for s in pm.slides.iter().filter(|s| !s.initial) {
            acc[s.mode.index()] |= s.rays[c];
        }
        for s in pm.bent.iter().filter(|s| !s.initial) {
            acc[s.mode.index()] |= s.rays[c];
        }
        let both = acc[0];
        total += both.count() as f64
            + 0.5 * (acc[1] & !both).count() as f64
            + 0.5 * (acc[2] & !both).count() as f64;
    }
    total / cells as f64
}

/// `square[type][color][cell]` for one phase's weights: a pawn's bonus for how far it has
/// come (and for standing one step from a promotion), another piece's for being near the
/// centre and for how far it stands towards the enemy's camp (both in proportion to its
/// value, with each type's own `(advance, centre)` correction of `shape` on top), nothing for a
/// royal piece.
fn square_tables<B: Bitboard>(
    game: &Game<B>,
    value: &[i32],
    centre_per_1000: i32,
    pawn_advance: &[i32; 8],
    piece_advance: &[i32; 8],
    pawn_near_promotion: i32,
    shape: &[(i32, i32)],
) -> Vec<[Vec<i32>; 2]> {
    let b = &game.board;
    let cells = b.cell_count();
    let royal = |t: usize| game.end.capture_wins.contains(&(t as u8));
    let centre2: Vec<i32> = (0..cells).map(|c| b.centre_distance2(c)).collect();
    let max_d2 = centre2.iter().copied().max().unwrap_or(0);
    let mut square = Vec::new();
    for (t, p) in game.pieces.iter().enumerate() {
        let mut per_color: [Vec<i32>; 2] = [vec![0; cells], vec![0; cells]];
        for color in Color::BOTH {
            for (c, slot) in per_color[color.index()].iter_mut().enumerate() {
                let bonus = if p.pawn {
                    let (rel, span) = b.pawn_progress(c, color, p.wing);
                    let idx = ((rel - 1).max(0) * 7 / span).clamp(0, 7) as usize;
                    let near = game.promotion[t].as_ref().is_some_and(|z| match b {
                        Board::Rect(r) => rel == r.ranks as i32 - 2,
                        Board::Donkey(d) => p.wing.is_some_and(|w| {
                            let f = d.wings.field(color, w);
                            (to_bits::<B>(f.step[c]) & z.zone[color.index()]).any()
                        }),
                    });
                    pawn_advance[idx] + if near { pawn_near_promotion } else { 0 }
                } else if royal(t) {
                    0
                } else {
                    let steps_in = (max_d2 - centre2[c]) / 2;
                    let entry = match b {
                        Board::Rect(r) => {
                            let last = (r.ranks as i32 - 1).max(1);
                            let rel = r.relative_rank(c, color) as i32;
                            Some((rel * 7 / last).clamp(0, 7) as usize)
                        }
                        Board::Donkey(_) => None,
                    };
                    let advance = entry.map_or(0, |i| piece_advance[i]);
                    let (own_advance, own_centre) = shape[t];
                    (steps_in * centre_per_1000 + advance) * value[t] / 1000
                        + entry.map_or(0, |i| i as i32 * own_advance)
                        + steps_in * own_centre
                };
                *slot = bonus;
            }
        }
        square.push(per_color);
    }
    square
}

impl<B: Bitboard> EvalTables<B> {
    /// Builds the tables a game plays with: its rule set's weights
    /// ([`params::for_variant`] of [`params::rule_set_of`]) and the built-in value overrides.
    /// The rule set's embedded net, if it has one, evaluates in their place
    /// ([`EvalTables::set_net`]).
    pub fn for_game(game: &Game<B>) -> Self {
        let mut t = Self::new(game, params::for_variant(params::rule_set_of(&game.def)));
        t.net = builtin_net(game);
        t
    }

    /// The learned evaluation in use, if any.
    pub fn net(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
    }

    /// Evaluates with `net` (a net read for this game) in place of the hand-written terms, or
    /// with the hand-written terms again when `None`.
    pub fn set_net(&mut self, net: Option<Arc<Network>>) {
        self.net = net;
    }

    /// The weights the tables were built with.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Builds the tables of a game with the given weights and the built-in value overrides
    /// and piece shapes.
    pub fn new(game: &Game<B>, params: &Params) -> Self {
        Self::with_overrides(game, params, params::OVERRIDES, params::SHAPES)
    }

    /// Builds the tables with explicit per-rule-set piece values (variant, letter, value) and
    /// piece shapes (variant, letter, [`PieceShape`]): the game's own entries first, then those
    /// of the rule set it plays as ([`params::rule_set_of`]).
    pub fn with_overrides(
        game: &Game<B>,
        params: &Params,
        overrides: &[(&str, char, i32)],
        shapes: &[(&str, char, PieceShape)],
    ) -> Self {
        let b = &game.board;
        let cells = b.cell_count();
        let royal = |t: usize| game.end.capture_wins.contains(&(t as u8));
        let mut value = Vec::new();
        for (t, p) in game.pieces.iter().enumerate() {
            let derived = if royal(t) {
                0
            } else if p.pawn {
                params.pawn
            } else {
                params.base + (params.per_move as f64 * mobility(game, t)).round() as i32
            };
            let by_name = |name: &str| {
                overrides
                    .iter()
                    .find(|(v, l, _)| *v == name && *l == p.letter)
                    .map(|o| o.2)
            };
            let over = by_name(&game.def.name).or_else(|| by_name(params::rule_set_of(&game.def)));
            value.push(over.unwrap_or(derived));
        }
        let shape: Vec<PieceShape> = game
            .pieces
            .iter()
            .map(|p| {
                let by_name = |name: &str| {
                    shapes
                        .iter()
                        .find(|(v, l, _)| *v == name && *l == p.letter)
                        .map(|o| o.2)
                };
                by_name(&game.def.name)
                    .or_else(|| by_name(params::rule_set_of(&game.def)))
                    .unwrap_or_default()
            })
            .collect();
        let eg = params.endgame_or_same();
        let square = square_tables(
            game,
            &value,
            params.centre_per_1000,
            &params.pawn_advance,
            &params.piece_advance,
            params.pawn_near_promotion,
            &shape
                .iter()
                .map(|s| (s.advance, s.centre))
                .collect::<Vec<_>>(),
        );
        let square_eg = square_tables(
            game,
            &value,
            eg.centre_per_1000,
            &eg.pawn_advance,
            &eg.piece_advance,
            eg.pawn_near_promotion,
            &shape
                .iter()
                .map(|s| (s.advance_eg, s.centre_eg))
                .collect::<Vec<_>>(),
        );
        let start_material = start_material(game, &value);
        let mut near1 = vec![B::EMPTY; cells];
        let mut near2 = vec![B::EMPTY; cells];
        // King steps away (on a rectangle the larger of the file and rank distances).
        for (c, dist) in b.king_distance_table().iter().enumerate() {
            for (t, &d) in dist.iter().enumerate() {
                match d {
                    1 => near1[c].set(t),
                    2 => near2[c].set(t),
                    _ => {}
                }
            }
        }
        EvalTables {
            value,
            square: [square, square_eg],
            near1,
            near2,
            attacks: Self::uses_attacks(params) || Self::uses_attacks_eg(&eg),
            eg,
            start_material,
            params: params.clone(),
            shape,
            net: None,
        }
    }

    /// The score of one side's pieces (material, squares, stone safety) in the middlegame and
    /// in the endgame, in centipawns, and its non-pawn material (for the phase).
    fn side(&self, pos: &Position<B>, us: Color) -> (Phased, i32) {
        let g = pos.game();
        let them = us.flip();
        let mut score = Phased::default();
        let mut material = 0;
        for t in 0..g.types() {
            let bb = pos.pieces(us, t as u8);
            if bb.is_empty() {
                continue;
            }
            let pawn = g.pieces[t].pawn;
            let worth = self.value[t] * bb.count() as i32;
            score.add(worth);
            if !pawn {
                material += worth;
            }
            let (mg, eg) = (
                &self.square[0][t][us.index()],
                &self.square[1][t][us.index()],
            );
            let guards = &g.attackers[t][us.index()];
            for c in bb.cells() {
                score.mg += mg[c];
                score.eg += eg[c];
                // Pawn structure: a pawn another pawn of its type could recapture on.
                if pawn && (bb & guards[c]).any() {
                    score.add(self.params.pawn_guarded);
                }
            }
        }
        let (p, e) = (&self.params, &self.eg);
        for &t in &g.end.capture_wins {
            let stones = pos.pieces(us, t);
            if stones.count() == 1 {
                let c = stones.lowest();
                let adjacent = (pos.occupied_by(them) & self.near1[c]).count() as i32;
                let near = (pos.occupied_by(them) & self.near2[c]).count() as i32;
                let shield = (pos.occupied_by(us) & self.near1[c]).count() as i32;
                score.mg += p.stone_shield * shield
                    - p.stone_adjacent_enemy * adjacent
                    - p.stone_near_enemy * near;
                score.eg += e.stone_shield * shield
                    - e.stone_adjacent_enemy * adjacent
                    - e.stone_near_enemy * near;
            }
        }
        for d in &g.drops {
            if d.deadline && pos.in_hand(us, d.ptype) > 0 {
                let free = (d.zone[us.index()] & !pos.occupied()).count() as i32;
                let turns_left = d.last as i32 - pos.next_turn(us) as i32;
                let urgency = (4 - turns_left).clamp(0, 4);
                score.add(-p.unplaced_crowding * (3 - free).max(0) * urgency);
            }
        }
        (score, material)
    }

    /// The game phase of a position with `material` non-pawn material on the board (both
    /// sides): [`phase::FULL`] while all of the start's is there, 0 when none is.
    fn phase(&self, material: i32) -> i32 {
        phase::of(material, self.start_material)
    }

    /// The evaluation of `pos` for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position<B>) -> i32 {
        if self.net.is_some()
            && let Some(v) = pos.net_eval()
        {
            return v;
        }
        self.hand_written(pos)
    }

    /// The hand-written evaluation of `pos` for the side to move, in centipawns.
    pub fn hand_written(&self, pos: &Position<B>) -> i32 {
        let us = pos.side_to_move();
        let (ours, m1) = self.side(pos, us);
        let (theirs, m2) = self.side(pos, us.flip());
        let mut score = ours.minus(theirs);
        if self.attacks {
            let a = self.attack_terms(pos);
            score = score.plus(a[us.index()]).minus(a[us.flip().index()]);
        }
        score.blend(self.phase(m1 + m2)) + self.params.tempo
    }

    /// The evaluation split into terms, for the `eval` command: (name, Yellow, Red), each
    /// blended by the game phase as the evaluation blends it.
    pub fn breakdown(&self, pos: &Position<B>) -> Vec<(String, i32, i32)> {
        let g = pos.game();
        let total = [self.side(pos, Color::First), self.side(pos, Color::Second)];
        let phase = self.phase(total[0].1 + total[1].1);
        let mut material = [Phased::default(); 2];
        let mut squares = [Phased::default(); 2];
        for c in Color::BOTH {
            for t in 0..g.types() {
                let bb = pos.pieces(c, t as u8);
                material[c.index()].add(self.value[t] * bb.count() as i32);
                for x in bb.cells() {
                    squares[c.index()].mg += self.square[0][t][c.index()][x];
                    squares[c.index()].eg += self.square[1][t][c.index()][x];
                }
            }
        }
        let blend = |p: [Phased; 2]| (p[0].blend(phase), p[1].blend(phase));
        let row = |name: &str, (y, r): (i32, i32)| (name.to_string(), y, r);
        let attacks = if self.attacks {
            self.attack_terms(pos)
        } else {
            [Phased::default(); 2]
        };
        let pieces = [total[0].0, total[1].0];
        let rest = [0, 1].map(|i| pieces[i].minus(material[i]).minus(squares[i]));
        vec![
            row("game phase (256 middlegame, 0 endgame)", (phase, phase)),
            row("material", blend(material)),
            row("squares", blend(squares)),
            row("guards, stone, placement", blend(rest)),
            row("mobility, threats, stone zone", blend(attacks)),
            row(
                "total (without tempo)",
                blend([0, 1].map(|i| pieces[i].plus(attacks[i]))),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kaissa::builtin;
    use std::sync::Arc;

    fn tables(name: &str) -> (Arc<Game<u128>>, EvalTables<u128>) {
        let g = Arc::new(Game::new(&builtin::def(name)).unwrap());
        let t = EvalTables::new(&g, &params::DEFAULT);
        (g, t)
    }

    /// A variant loaded from a file plays with its parent's tuned weights and piece values
    /// when the parent is tuned and it is not; otherwise with the untuned ones.
    #[test]
    fn a_child_of_a_tuned_rule_set_plays_with_its_weights() {
        let file = "[[variant]]\nname = \"mf\"\nparent = \"merchants\"\n\
             drops = [{ piece = \"H\", ranks = \"3\", window = [1, 1], deadline = true }]\n\
             [[variant]]\nname = \"mf2\"\nparent = \"mf\"\n";
        let built = |name: &str| {
            let g = Game::<u128>::new(&builtin::def_with(file, name)).unwrap();
            let t = EvalTables::for_game(&g);
            (g, t)
        };
        let (g, child) = built("mf");
        let (_, parent) = built("merchants");
        assert_eq!(params::rule_set_of(&g.def), "merchants");
        assert_eq!(child.params(), parent.params());
        assert_eq!(child.value, parent.value);
        let (g2, grandchild) = built("mf2");
        assert_eq!(params::rule_set_of(&g2.def), "mf2");
        assert_eq!(grandchild.params(), &params::DEFAULT);
        assert_ne!(grandchild.value, parent.value);
    }

    #[test]
    fn derived_values_are_ordered_sensibly() {
        let (g, _) = tables("kaissa");
        let t = EvalTables::with_overrides(&g, &params::DEFAULT, &[], &[]);
        let v = |l: char| t.value[g.pieces.iter().position(|p| p.letter == l).unwrap()];
        assert!(v('U') > v('A') && v('A') > v('B') && v('B') > v('I'));
        assert!(v('I') > v('R') && v('R') > v('P'));
        assert_eq!(v('H'), 0);
        assert_eq!(v('P'), params::DEFAULT.pawn);
    }

    #[test]
    fn overrides_replace_derived_values() {
        let (g, _) = tables("kaissa");
        let t = EvalTables::with_overrides(&g, &params::DEFAULT, &[("kaissa", 'R', 777)], &[]);
        let r = g.pieces.iter().position(|p| p.letter == 'R').unwrap();
        assert_eq!(t.value[r], 777);
        let other = EvalTables::with_overrides(&g, &params::DEFAULT, &[("gorean", 'R', 777)], &[]);
        assert_ne!(other.value[r], 777);
    }

    #[test]
    fn tuned_weights_name_real_rule_sets_and_pieces() {
        for (name, _) in params::TUNED {
            assert!(builtin::try_def(name).is_ok(), "{name}");
        }
        for (name, letter, value) in params::OVERRIDES {
            let g = Game::<u128>::new(&builtin::def(name)).unwrap();
            assert!(
                g.pieces.iter().any(|p| p.letter == *letter),
                "{name} {letter}"
            );
            assert!(*value > 0, "{name} {letter}");
        }
        for (name, letter, _) in params::SHAPES {
            let g = Game::<u128>::new(&builtin::def(name)).unwrap();
            let t = g.pieces.iter().position(|p| p.letter == *letter);
            assert!(t.is_some(), "{name} {letter}");
            let royal = t.is_some_and(|t| g.end.capture_wins.contains(&(t as u8)));
            assert!(!royal && !g.pieces[t.unwrap()].pawn, "{name} {letter}");
        }
        // A tuned rule set plays with its own weights, the others with the defaults.
        for (name, tuned) in params::TUNED {
            assert_eq!(params::for_variant(name), tuned);
        }
        assert_eq!(params::for_variant("no such rule set"), &params::DEFAULT);
        let (g, t) = tables("kaissa");
        let played = EvalTables::for_game(&g);
        let u = g.pieces.iter().position(|p| p.letter == 'U').unwrap();
        let want = params::OVERRIDES
            .iter()
            .find(|o| o.0 == "kaissa" && o.1 == 'U')
            .map_or(t.value[u], |o| o.2);
        assert_eq!(played.value[u], want);
    }

    /// A piece that is neither a pawn nor royal earns `piece_advance` for its relative rank
    /// (ten ranks spread over the eight entries), in proportion to its value, for each side
    /// counted from its own first rank; pawns and the Home Stone earn none of it.
    #[test]
    fn pieces_earn_their_advancement_by_relative_rank() {
        let (g, _) = tables("merchants");
        let mut p = params::DEFAULT.clone();
        p.centre_per_1000 = 0;
        p.piece_advance = [0, 100, 200, 300, 400, 500, 600, 700];
        // Without the pieces' own shapes (a_pieces_shape_corrects_its_own_tables).
        let t = EvalTables::with_overrides(&g, &p, params::OVERRIDES, &[]);
        let base = EvalTables::with_overrides(&g, &params::DEFAULT, params::OVERRIDES, &[]);
        let r = g.pieces.iter().position(|q| q.letter == 'R').unwrap();
        let Board::Rect(rect) = &g.board else {
            unreachable!("merchants is played on a rectangle")
        };
        // Relative rank 0..9 -> entry rank * 7 / 9.
        let want = [0, 0, 100, 200, 300, 300, 400, 500, 600, 700];
        for (rank, w) in want.iter().enumerate() {
            let first = rect.cell(3, rank);
            let second = rect.cell(3, rect.ranks - 1 - rank);
            let v = t.value[r];
            assert_eq!(t.square[0][r][0][first], w * v / 1000, "rank {rank}");
            assert_eq!(t.square[0][r][1][second], w * v / 1000, "rank {rank}");
        }
        for (q, piece) in g.pieces.iter().enumerate() {
            if piece.pawn || t.value[q] == 0 {
                assert_eq!(t.square[0][q], base.square[0][q], "{}", piece.letter);
            }
        }
    }

    /// A piece's own shape adds `advance` per entry of the rank scale and `centre` per step
    /// towards the centre, for both colours and in its own phase only; other pieces keep
    /// their tables.
    #[test]
    fn a_pieces_shape_corrects_its_own_tables() {
        let (g, _) = tables("merchants");
        let p = params::DEFAULT.clone();
        let base = EvalTables::with_overrides(&g, &p, &[], &[]);
        let shape = PieceShape {
            advance: 10,
            advance_eg: -3,
            centre: 0,
            centre_eg: 7,
        };
        let t = EvalTables::with_overrides(&g, &p, &[], &[("merchants", 'R', shape)]);
        let r = g.pieces.iter().position(|q| q.letter == 'R').unwrap();
        let Board::Rect(rect) = &g.board else {
            unreachable!("merchants is played on a rectangle")
        };
        let want = [0, 0, 1, 2, 3, 3, 4, 5, 6, 7];
        for (rank, w) in want.iter().enumerate() {
            for (color, cell) in [
                (0, rect.cell(3, rank)),
                (1, rect.cell(3, rect.ranks - 1 - rank)),
            ] {
                let mg = t.square[0][r][color][cell] - base.square[0][r][color][cell];
                assert_eq!(mg, 10 * w, "rank {rank}");
            }
        }
        let centre2: Vec<i32> = (0..rect.ranks * rect.files)
            .map(|c| g.board.centre_distance2(c))
            .collect();
        let max_d2 = *centre2.iter().max().unwrap();
        for (c, d2) in centre2.iter().enumerate() {
            let w = want[rect.relative_rank(c, Color::First)];
            let eg = t.square[1][r][0][c] - base.square[1][r][0][c];
            assert_eq!(eg, -3 * w + 7 * ((max_d2 - d2) / 2), "cell {c}");
        }
        for (q, piece) in g.pieces.iter().enumerate() {
            if q != r {
                assert_eq!(t.square[0][q], base.square[0][q], "{}", piece.letter);
                assert_eq!(t.square[1][q], base.square[1][q], "{}", piece.letter);
            }
        }
    }

    #[test]
    fn start_position_is_balanced_and_mirrors() {
        for name in ["merchants", "northern", "gc", "kaissa"] {
            let (g, t) = tables(name);
            let pos = g.start_position();
            assert_eq!(t.evaluate(&pos), params::DEFAULT.tempo, "{name}");
        }
        let (g, t) = tables("kaissa");
        let a = Position::from_fen(
            &g,
            "ibstuatsbi/mr1pppppr1/p1p6p/10/7m2/10/5P4/P8P/MRPPP1PPRM/IBSTUATSBI[Hh] w - - 0 3",
        )
        .unwrap();
        let b = Position::from_fen(
            &g,
            "ibstuatsbi/mrppp1pprm/p8p/5p4/10/7M2/10/P1P6P/MR1PPPPPR1/IBSTUATSBI[Hh] b - - 0 3",
        )
        .unwrap();
        assert_eq!(t.evaluate(&a), t.evaluate(&b));
    }
}
