//! Slider mobility kept as the position changes, for the evaluation.
//!
//! A slider's mobility is the number of empty cells its straight rays pass before a piece,
//! the edge or (for the Jiktar and Hikdar) a front stops them: per line through it, the free
//! run up the line and the one down it, each cut at the ray's length. A piece arriving on or
//! leaving a cell changes its own runs and, on each of the four lines through the cell, the
//! runs of the nearest piece either way, if that piece slides along the line; no other run
//! reaches the cell. So make adds those changes to each side's sum (a few table reads per
//! line), unmake restores the sums it saved, and the evaluation reads them. Counting each
//! slider's runs in the evaluation instead cost about 1,400 instructions per side per call
//! on the Jikaida bench positions; the upkeep costs about 900 per move made.

use super::board::Board;
use super::position::{JikaidaPosition, decode};
use super::{CHUKTAR, HIKDAR, JIKTAR, KAPT, KINDS, PALLAN};
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use crate::core::nnue::feature::NetFeatures;

/// How a kind slides: bit `o` for each orientation of line it slides along, and [`LONG`]
/// for the long sliders (rays of [`Board::cray`]; the others' rays are [`Board::jray`],
/// stopped by fronts); 0 for pieces that do not slide.
#[inline(always)]
const fn slides(kind: u8) -> u8 {
    match kind {
        PALLAN | KAPT | CHUKTAR => LONG | 0b1111,
        JIKTAR => 0b0101,
        HIKDAR => 0b1010,
        _ => 0,
    }
}

/// In [`slides`]: a long slider.
const LONG: u8 = 16;

/// [`slides`] by mailbox code (the empty code included, as 0).
const SLIDES_BY_CODE: [u8; 256] = {
    let mut t = [0; 256];
    let mut k = 0;
    while k < KINDS {
        t[k] = slides(k as u8);
        t[KINDS + k] = slides(k as u8);
        k += 1;
    }
    t
};

/// The ray lengths per line place, built with the board: `[short up, short down, long up,
/// long down]` at `[l][i]` for place `i` of line `l` (up is the line's own direction).
pub(super) fn line_reach<B: Bitboard>(b: &Board<B>) -> Vec<[[u8; 4]; 64]> {
    let mut out = vec![[[0; 4]; 64]; b.line_len.len()];
    for cell in 0..b.cells {
        for (o, &(l, i)) in b.line[cell].iter().enumerate() {
            let len = &b.ray_len[cell];
            out[l as usize][i as usize] = [len[0][o], len[0][o + 4], len[1][o], len[1][o + 4]];
        }
    }
    out
}

/// The empty cells from place `i` up its line before a piece, at most `len`.
#[inline(always)]
fn run_up(bits: u64, i: usize, len: u8) -> i32 {
    (bits >> i >> 1).trailing_zeros().min(len as u32) as i32
}

/// The empty cells from place `i` down its line before a piece, at most `len`.
#[inline(always)]
fn run_down<B: Bitboard>(bits: u64, i: usize, len: u8) -> i32 {
    (Board::<B>::line_free_down(bits, i) as u32).min(len as u32) as i32
}

impl<B: Bitboard> JikaidaPosition<B> {
    /// The slider mobility of `color`: the empty cells its Pallans, Kapts and Chuktars (every
    /// way), Jiktars (files and ranks) and Hikdars (diagonals) could slide to in a straight
    /// line, the Jiktar and Hikdar stopped by fronts.
    #[inline(always)]
    pub fn mobility(&self, color: Color) -> i32 {
        if self.net_state().is_attached() {
            // Not kept while a net is attached (the net does not read it).
            self.mobility_slow(color)
        } else {
            self.mobility[color.index()]
        }
    }

    /// Adds `sign` times the mobility of a piece of `color` and `kind` on `cell` (its runs
    /// along each line, which do not depend on the cell's own occupancy) and, with
    /// `neighbors`, `sign` times what the cell being occupied rather than empty takes from the
    /// sliders next to it on its lines (the nearest piece each way; no other piece's run
    /// reaches the cell). So a piece arriving on an empty cell is `+1` with neighbors, one
    /// leaving it `-1` with neighbors, and one taking another's place (a capture: the
    /// occupancy stays) changes only the two pieces' own parts. The other cells must be as
    /// they are at that moment of the move.
    #[inline(always)]
    pub(super) fn mobility_cell(
        &mut self,
        cell: usize,
        color: Color,
        kind: u8,
        sign: i32,
        neighbors: bool,
    ) {
        let b = &*self.board;
        let own = slides(kind);
        if own == 0 && !neighbors {
            return;
        }
        let own_class = if own & LONG != 0 { 2 } else { 0 };
        let mut delta = [0i32; 2];
        for (o, &(l, p)) in b.line[cell].iter().enumerate() {
            let (l, p) = (l as usize, p as usize);
            let bits = self.lines[l];
            let reach = &b.line_reach[l];
            if own & (1 << o) != 0 {
                let len = reach[p];
                delta[color.index()] +=
                    run_up(bits, p, len[own_class]) + run_down::<B>(bits, p, len[own_class + 1]);
            }
            if !neighbors {
                continue;
            }
            let without = bits & !(1 << p);
            let below = bits & ((1u64 << p) - 1);
            if below != 0 {
                // Its run up the line stops before the cell, or goes on beyond it.
                let a = 63 - below.leading_zeros() as usize;
                if let Some((c, len)) = self.line_slider(l, o, a, 0) {
                    delta[c] += (p - a - 1).min(len as usize) as i32 - run_up(without, a, len);
                }
            }
            let above = bits >> p >> 1;
            if above != 0 {
                let z = p + 1 + above.trailing_zeros() as usize;
                if let Some((c, len)) = self.line_slider(l, o, z, 1) {
                    delta[c] +=
                        (z - p - 1).min(len as usize) as i32 - run_down::<B>(without, z, len);
                }
            }
        }
        self.mobility[0] += sign * delta[0];
        self.mobility[1] += sign * delta[1];
    }

    /// For the piece at place `at` of line `l` (of orientation `o`), if it slides along the
    /// line: its side's index and the length of its ray up the line (`dir` 0) or down it
    /// (`dir` 1).
    #[inline(always)]
    fn line_slider(&self, l: usize, o: usize, at: usize, dir: usize) -> Option<(usize, u8)> {
        let code = self.mailbox[self.board.line_cell(l, at)];
        let s = SLIDES_BY_CODE[code as usize];
        (s & (1 << o) != 0).then(|| {
            let class = ((s >> 3) & 2) as usize;
            (
                decode(code).0.index(),
                self.board.line_reach[l][at][class + dir],
            )
        })
    }

    /// The mobility of `color` worked out afresh from each slider (tests compare it with the
    /// kept sum).
    pub fn mobility_slow(&self, color: Color) -> i32 {
        let mut n = 0;
        for kind in [PALLAN, KAPT, CHUKTAR, JIKTAR, HIKDAR] {
            let s = slides(kind);
            for from in self.pieces(color, kind).cells() {
                n += self.slider_mobility(from, s & 0b1111, s & LONG == 0) as i32;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bitboard::Wide;
    use crate::core::moves::Move;
    use crate::core::rng::xorshift64;

    const START: &str = "cjhapkannhjc/dddddddddddd/ssssssssssss/12/12/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1";

    /// Random games from the start and from random positions: after every make and unmake
    /// the kept mobility equals the one worked out afresh (promotions, captures by vault and
    /// the Fluttember included where the games reach them).
    #[test]
    fn kept_mobility_matches_the_slow_count() {
        fn check<B: Bitboard>(files: usize, ranks: usize, games: usize) {
            let board = std::sync::Arc::new(Board::<B>::new(files, ranks));
            let mut x = 0x5EED_0B11_1770_0001u64 ^ files as u64;
            let mut next = || xorshift64(&mut x);
            let mut checked = 0;
            for game in 0..games {
                let mut seed = next();
                let mut p = if game % 4 == 0 && files == 12 {
                    JikaidaPosition::from_fen(board.clone(), START).expect("the start position")
                } else {
                    crate::games::jikaida::reach::tests::random_position(
                        &board,
                        1 + game as u64 % 5,
                        &mut seed,
                    )
                };
                for c in Color::BOTH {
                    if p.pieces(c, crate::games::jikaida::KING).is_empty() {
                        let cell = (!p.occupied()).lowest();
                        p.put(c, crate::games::jikaida::KING, cell, false);
                    }
                }
                let same = |p: &JikaidaPosition<B>| {
                    for c in Color::BOTH {
                        assert_eq!(p.mobility(c), p.mobility_slow(c), "{}", p.to_fen());
                    }
                };
                same(&p);
                let mut played = Vec::new();
                for _ in 0..60 {
                    let mut list: Vec<Move> = Vec::new();
                    p.generate_pseudo_fresh(&mut list);
                    if list.is_empty() || p.decided().is_some() {
                        break;
                    }
                    list.retain(|m| {
                        !matches!(p.piece_at(m.to()), Some((_, crate::games::jikaida::KING)))
                    });
                    if list.is_empty() {
                        break;
                    }
                    let mv = list[next() as usize % list.len()];
                    p.make(mv);
                    same(&p);
                    played.push(mv);
                    checked += 1;
                }
                while played.pop().is_some() {
                    p.unmake();
                    same(&p);
                }
            }
            assert!(checked > 1000, "only {checked} moves checked");
        }
        check::<Wide<4>>(12, 18, 120);
        check::<Wide<7>>(18, 24, 80);
    }

    /// With a net attached the sums are not kept, yet `mobility` answers right; detaching the
    /// net mid-game brings the kept sums back, and they stay right move by move.
    #[test]
    fn mobility_is_right_with_a_net_and_kept_again_without_it() {
        let net = crate::games::jikaida::nnue::builtin_net("jikaida").expect("the built-in net");
        let board = std::sync::Arc::new(Board::<Wide<4>>::new(12, 18));
        let mut p = JikaidaPosition::from_fen(board, START).unwrap();
        let mut x = 0x0B11_17E5_0000_0003u64;
        let same = |p: &JikaidaPosition<Wide<4>>| {
            for c in Color::BOTH {
                assert_eq!(p.mobility(c), p.mobility_slow(c), "{}", p.to_fen());
            }
        };
        let mut moved = 0;
        for round in 0..6 {
            p.attach_net(if round % 2 == 0 { Some(&net) } else { None });
            assert_eq!(p.net_state().is_attached(), round % 2 == 0);
            same(&p);
            for _ in 0..20 {
                let mut list: Vec<Move> = Vec::new();
                p.generate(&mut list);
                if list.is_empty() || p.decided().is_some() {
                    break;
                }
                p.make(list[xorshift64(&mut x) as usize % list.len()]);
                same(&p);
                moved += 1;
            }
            // The kept sums of the positions made with the net are stale; the answer is not.
            p.attach_net(None);
            same(&p);
            assert_eq!(p.mobility, Color::BOTH.map(|c| p.mobility_slow(c)));
        }
        assert!(moved >= 100, "only {moved} moves");
    }
}
