//! The Kaissa-family evaluation's attack terms, read from both sides' attacks with the
//! board's occupation: safe mobility, threats (a piece attacked by a cheaper one, a piece
//! attacked and not defended), attacks on the cells of and around each Home Stone and how
//! many enemy pieces take part in them.
//!
//! One pass over the pieces builds each side's attacks by piece type; it is skipped when every
//! attack weight is zero (rule sets tuned before these terms existed play as they did).

use super::EvalTables;
use super::params::{Endgame, Params};
use super::phase::Phased;
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use crate::games::kaissa::game::MAX_TYPES;
use crate::games::kaissa::position::Position;

impl<B: Bitboard> EvalTables<B> {
    /// True when some attack weight of `p` is non-zero, so [`EvalTables::attack_terms`]
    /// counts (worked out once, when the tables are built).
    pub(super) fn uses_attacks(p: &Params) -> bool {
        p.mobility != 0
            || p.threat_by_lesser != 0
            || p.hanging != 0
            || p.stone_zone_attack != 0
            || p.stone_attackers != 0
    }

    /// True when some endgame attack weight of `e` is non-zero.
    pub(super) fn uses_attacks_eg(e: &Endgame) -> bool {
        e.mobility != 0 || e.stone_zone_attack != 0
    }

    /// The attack terms of each side (indexed by [`Color::index`]) in the middlegame and in
    /// the endgame, in centipawns.
    pub(super) fn attack_terms(&self, pos: &Position<B>) -> [Phased; 2] {
        let g = pos.game();
        let p = &self.params;
        let types = g.types();
        let mut by_type = [[B::EMPTY; 2]; MAX_TYPES];
        // Each side's Home Stone zone (the stone's cell and the cells next to it; empty
        // without exactly one stone, or when no weight counts the attackers), and how many
        // enemy pieces reach into it.
        let mut zone = [B::EMPTY; 2];
        if p.stone_attackers != 0 {
            for c in Color::BOTH {
                for &t in &g.end.capture_wins {
                    let stones = pos.pieces(c, t);
                    if stones.count() == 1 {
                        let s = stones.lowest();
                        zone[c.index()] |= self.near1[s] | B::single(s);
                    }
                }
            }
        }
        let mut attackers = [0i32; 2];
        // Cells each side's pawns attack, first: other pieces' moves there are not safe.
        let mut pawn_attacks = [B::EMPTY; 2];
        for c in Color::BOTH {
            for t in (0..types).filter(|&t| g.pieces[t].pawn && g.can_capture[t]) {
                for from in pos.pieces(c, t as u8).cells() {
                    let acc = pos.reach(c, t as u8, from);
                    let hit = acc[0] | acc[2];
                    by_type[t][c.index()] |= hit;
                    attackers[c.flip().index()] +=
                        i32::from(!(hit & zone[c.flip().index()]).is_empty());
                }
                pawn_attacks[c.index()] |= by_type[t][c.index()];
            }
        }
        let mut attacks = pawn_attacks;
        let mut score = [Phased::default(); 2];
        for c in Color::BOTH {
            let (ci, them) = (c.index(), c.flip().index());
            let own = pos.occupied_by(c);
            let enemy = pos.occupied_by(c.flip());
            let mut moves = 0;
            for t in (0..types).filter(|&t| !g.pieces[t].pawn) {
                let mobile = self.value[t] != 0;
                if !mobile && !g.can_capture[t] {
                    continue;
                }
                for from in pos.pieces(c, t as u8).cells() {
                    let acc = pos.reach(c, t as u8, from);
                    if g.can_capture[t] {
                        let hit = acc[0] | acc[2];
                        by_type[t][ci] |= hit;
                        attackers[them] += i32::from(!(hit & zone[them]).is_empty());
                    }
                    if mobile {
                        let targets =
                            (acc[0] & !own) | (acc[1] & !(own | enemy)) | (acc[2] & enemy);
                        moves += (targets & !pawn_attacks[them]).count() as i32;
                    }
                }
                attacks[ci] |= by_type[t][ci];
            }
            score[ci].mg += p.mobility * moves;
            score[ci].eg += self.eg.mobility * moves;
        }
        for c in Color::BOTH {
            let (ci, them) = (c.index(), c.flip().index());
            let mut threatened = 0;
            let mut valued = B::EMPTY;
            for t in (0..types).filter(|&t| self.value[t] != 0) {
                let ours = pos.pieces(c, t as u8);
                valued |= ours;
                if ours.is_empty() {
                    continue;
                }
                let mut cheaper = B::EMPTY;
                for (u, att) in by_type.iter().enumerate().take(types) {
                    if self.value[u] < self.value[t] {
                        cheaper |= att[them];
                    }
                }
                threatened += (ours & cheaper).count() as i32;
            }
            let hanging = (valued & attacks[them] & !attacks[ci]).count() as i32;
            score[ci].add(-(p.threat_by_lesser * threatened + p.hanging * hanging));
            for &t in &g.end.capture_wins {
                let stones = pos.pieces(c, t);
                if stones.count() == 1 {
                    let s = stones.lowest();
                    let zone = self.near1[s] | B::single(s);
                    let hits: u32 = by_type
                        .iter()
                        .take(types)
                        .map(|att| (att[them] & zone).count())
                        .sum();
                    score[ci].mg -= p.stone_zone_attack * hits as i32;
                    score[ci].eg -= self.eg.stone_zone_attack * hits as i32;
                }
            }
            let n = attackers[ci];
            score[ci].mg -= p.stone_attackers * n * (n - 1);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::super::params::{DEFAULT, OVERRIDES, Params};
    use super::*;
    use crate::core::moves::Move;
    use crate::games::kaissa::builtin;
    use crate::games::kaissa::game::Game;
    use std::sync::Arc;

    fn game(name: &str) -> Arc<Game<u128>> {
        Arc::new(Game::new(&builtin::def(name)).unwrap())
    }

    /// Positions of seeded random games of `name`, after both Home Stones are placed.
    fn positions(g: &Arc<Game<u128>>, seed: u64) -> Vec<Position<u128>> {
        let mut x = seed;
        let mut out = Vec::new();
        for _ in 0..6 {
            let mut pos = g.start_position();
            for _ in 0..120 {
                let mut list: Vec<Move> = Vec::new();
                pos.generate(&mut list);
                if list.is_empty() {
                    break;
                }
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.make(list[(x >> 33) as usize % list.len()]);
                if !pos.any_in_hand() && pos.decided().is_none() {
                    out.push(Position::from_fen(g, &pos.to_fen()).unwrap());
                }
            }
        }
        out
    }

    /// The FEN of the position mirrored top to bottom with the colours swapped.
    fn mirrored(fen: &str) -> String {
        // Letters change case (the other colour); digits and separators stay.
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    Color::of_letter(c)
                        .flip()
                        .letter_case(c.to_ascii_uppercase())
                })
                .collect()
        };
        let mut fields = fen.split(' ');
        let board = fields.next().unwrap();
        let (ranks, hands) = board.split_at(board.find('[').unwrap_or(board.len()));
        let ranks: Vec<String> = ranks.split('/').rev().map(swap).collect();
        let side = if fields.next() == Some("w") { "b" } else { "w" };
        let rest: Vec<&str> = fields.collect();
        format!(
            "{}{} {side} {}",
            ranks.join("/"),
            swap(hands),
            rest.join(" ")
        )
    }

    /// Only the named attack weight set (1), everything else 0.
    fn only(name: &str) -> Params {
        let mut p = DEFAULT.clone();
        for (n, v) in p.fields_mut() {
            *v = i32::from(n == name);
        }
        p
    }

    /// With every weight in play the evaluation of a position equals that of its mirror
    /// image (colours swapped): the attack terms treat both sides alike.
    #[test]
    fn attack_terms_are_symmetric() {
        // (gorean's FEN names unmoved cells, which this mirror does not rewrite)
        for name in ["merchants", "kaissa", "northern"] {
            let g = game(name);
            let t = EvalTables::new(&g, &DEFAULT);
            assert!(t.attacks);
            let all = positions(&g, 7);
            assert!(all.len() > 100, "{name}");
            for pos in all {
                let m = Position::from_fen(&g, &mirrored(&pos.to_fen())).unwrap();
                assert_eq!(t.evaluate(&pos), t.evaluate(&m), "{name}: {}", pos.to_fen());
                let (a, b) = (t.attack_terms(&pos), t.attack_terms(&m));
                assert_eq!((a[0], a[1]), (b[1], b[0]), "{name}: {}", pos.to_fen());
            }
        }
    }

    /// Threats and hanging pieces counted against the move generator: a piece is threatened
    /// when the opponent, to move, has a capture of it by a cheaper piece; hanging when it
    /// has any capture of it and no own piece attacks its cell.
    #[test]
    fn threats_and_hanging_pieces_match_the_captures() {
        let g = game("merchants");
        let threat = EvalTables::new(&g, &only("threat_by_lesser"));
        let hanging = EvalTables::new(&g, &only("hanging"));
        let mut seen = [0, 0];
        for mut pos in positions(&g, 11) {
            let us = pos.side_to_move();
            pos.make_null();
            let mut captures: Vec<Move> = Vec::new();
            pos.generate_noisy(&mut captures);
            pos.unmake_null();
            let mut cheaper = std::collections::BTreeSet::new();
            let mut attacked = std::collections::BTreeSet::new();
            for mv in captures {
                let Some((c, victim)) = pos.piece_at(mv.to()) else {
                    continue;
                };
                let (_, attacker) = pos.piece_at(mv.from()).unwrap();
                let value = |t: u8| threat.value[t as usize];
                if c == us && value(victim) != 0 {
                    attacked.insert(mv.to());
                    if value(attacker) < value(victim) {
                        cheaper.insert(mv.to());
                    }
                }
            }
            let loose = attacked
                .iter()
                .filter(|&&cell| !pos.attacked_by(cell, us))
                .count();
            let i = us.index();
            assert_eq!(
                -threat.attack_terms(&pos)[i].mg,
                cheaper.len() as i32,
                "{}",
                pos.to_fen()
            );
            assert_eq!(
                -hanging.attack_terms(&pos)[i].mg,
                loose as i32,
                "{}",
                pos.to_fen()
            );
            seen[0] += cheaper.len();
            seen[1] += loose;
        }
        assert!(seen[0] > 20 && seen[1] > 20, "{seen:?}");
    }

    /// Mobility counts the moves of pieces other than pawns and the Home Stone (to cells no
    /// enemy pawn attacks): with no pawns on the board it is the number of such moves the
    /// move generator lists.
    #[test]
    fn mobility_counts_the_pieces_moves() {
        let g = game("merchants");
        let t = EvalTables::new(&g, &only("mobility"));
        let pos = Position::from_fen(
            &g,
            "ibstuatsbi/xr6rx/10/4h5/10/10/5H4/10/XR6RX/IBSTUATSBI[] w - - 0 12",
        )
        .unwrap();
        let mut list: Vec<Move> = Vec::new();
        pos.generate(&mut list);
        let stone = |t: u8| g.end.capture_wins.contains(&t);
        let counted = list
            .iter()
            .filter(|m| !stone(pos.piece_at(m.from()).unwrap().1))
            .count();
        assert!(counted > 50);
        assert_eq!(
            t.attack_terms(&pos)[Color::First.index()].mg,
            counted as i32
        );
    }

    /// Each enemy piece type that reaches the Home Stone's cell or a cell next to it costs
    /// the weight once per cell.
    #[test]
    fn attacks_on_the_stone_zone_are_counted() {
        let g = game("merchants");
        let t = EvalTables::new(&g, &only("stone_zone_attack"));
        // Red's Bowman (B, a rook) on e9 sees down to Yellow's stone on e3: of the stone's
        // zone it attacks e4 and e3 (the stone stops it before e2); nothing else of Red
        // reaches the zone.
        let pos = Position::from_fen(&g, "4h5/4b5/10/10/10/10/10/4H5/10/10[] w - - 0 12").unwrap();
        assert_eq!(t.attack_terms(&pos)[Color::First.index()].mg, -2);
        assert_eq!(t.attack_terms(&pos)[Color::Second.index()].mg, 0);
    }

    /// Each ordered pair of enemy pieces that reach the Home Stone's zone costs the weight:
    /// one attacker alone costs nothing, two cost 2, three cost 6.
    #[test]
    fn attackers_of_the_stone_zone_count_in_pairs() {
        let g = game("merchants");
        let t = EvalTables::new(&g, &only("stone_attackers"));
        // Red's Bowman (a rook) on e9 reaches e4 and e3 of Yellow's zone around e3.
        let one = "4h5/4b5/10/10/10/10/10/4H5/10/10[] w - - 0 12";
        // and a second Bowman on a4 reaches d4, e4 and f4 along the fourth rank.
        let two = "4h5/4b5/10/10/10/10/b9/4H5/10/10[] w - - 0 12";
        // and a third on j2 reaches d2, e2 and f2 along the second rank.
        let three = "4h5/4b5/10/10/10/10/b9/4H5/9b/10[] w - - 0 12";
        for (fen, cost) in [(one, 0), (two, 2), (three, 6)] {
            let pos = Position::from_fen(&g, fen).unwrap();
            assert_eq!(
                t.attack_terms(&pos)[Color::First.index()].mg,
                -cost,
                "{fen}"
            );
            assert_eq!(t.attack_terms(&pos)[Color::Second.index()].mg, 0, "{fen}");
        }
    }

    /// Endgame weights count only as the pieces come off: with the middlegame's material on
    /// the board a position evaluates as with no endgame weights at all, and later positions
    /// move towards what the endgame weights say.
    #[test]
    fn endgame_weights_count_as_the_pieces_come_off() {
        let g = game("merchants");
        // Without the pieces' own shapes, whose middlegame and endgame values differ.
        let flat = EvalTables::with_overrides(&g, &DEFAULT, OVERRIDES, &[]);
        let mut e = DEFAULT.endgame_or_same();
        e.mobility += 20;
        e.stone_zone_attack += 30;
        e.pawn_advance[5] += 40;
        let tapered = EvalTables::with_overrides(
            &g,
            &Params {
                endgame: Some(e),
                ..DEFAULT.clone()
            },
            OVERRIDES,
            &[],
        );
        let (mut full, mut later) = (0, 0);
        for pos in positions(&g, 11) {
            let (a, m1) = flat.side(&pos, Color::First);
            let (b, m2) = flat.side(&pos, Color::Second);
            assert_eq!((a.mg, b.mg), (a.eg, b.eg), "no endgame weights: one score");
            if flat.phase(m1 + m2) == super::super::phase::FULL {
                full += 1;
                assert_eq!(
                    tapered.evaluate(&pos),
                    flat.evaluate(&pos),
                    "{}",
                    pos.to_fen()
                );
            } else if tapered.evaluate(&pos) != flat.evaluate(&pos) {
                later += 1;
            }
        }
        assert!(full > 0 && later > 0, "{full} {later}");
    }
}
