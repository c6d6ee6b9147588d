//! The move lists of positions met lately, kept for the search: a Jikaida generation costs
//! some forty thousand instructions (36 pieces a side, vaults, the Pallan's slide-then-vault),
//! and the search meets the same position again soon and often (a reduced move searched
//! again at full depth, a null window searched again as a full one, the next iteration). In
//! `go depth 7` on the three Jikaida bench positions, 13% of the full generations of
//! positions not in check and 9% of the captures-only ones found their list here (before
//! lists of positions in check were kept too).
//!
//! A list is a function of what the position key covers (pieces, first-move powers, side to
//! move, Fluttember rights), so it is kept under the key; each entry also keeps both sides'
//! occupancy, which a colliding key would have to match too before a list is taken for
//! another position's. A position in a check already found gets a shorter list, without the
//! moves that cannot answer the check, told by the check's cells, which depend on how the
//! check was found: its list is kept with those cells and given again only for the same
//! cells (a list with other illegal moves in it would order the legal ones otherwise where
//! their scores tie, and the search would not be the same).

use super::position::JikaidaPosition;
use crate::core::bitboard::Bitboard;
use crate::core::moves::Move;

/// Entries kept (a power of two). Most finds are of a position met a few hundred nodes
/// before: replaying those searches' sequence of positions, 1,024 entries found 15% of the
/// full lists again (positions in check included), 65,536 entries 18%.
const ENTRIES: usize = 1024;

/// One kept list.
#[derive(Debug)]
struct Entry<B> {
    key: u64,
    noisy: bool,
    occ: [B; 2],
    /// The cells of the check the list answers, for a position in a known check.
    check: Option<B>,
    moves: Vec<Move>,
}

impl<B: Bitboard> Entry<B> {
    /// The entry of `key`'s list of the kind `noisy` (the two kinds of list of one position
    /// go to different entries).
    #[inline(always)]
    fn slot(key: u64, noisy: bool) -> usize {
        (key ^ (noisy as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) as usize & (ENTRIES - 1)
    }

    /// True when this entry holds the list of that kind for the position of `key` and `occ`
    /// in the known check `check`.
    #[inline(always)]
    fn holds(&self, key: u64, noisy: bool, occ: [B; 2], check: Option<B>) -> bool {
        self.key == key
            && self.noisy == noisy
            && self.occ == occ
            && self.check == check
            && !self.moves.is_empty()
    }
}

/// The kept lists, made on first use by the search (a position used otherwise carries none);
/// a copy of the position starts without them.
#[derive(Debug, Default)]
pub struct ListCache<B>(Option<Box<[Entry<B>]>>);

impl<B> Clone for ListCache<B> {
    fn clone(&self) -> Self {
        ListCache(None)
    }
}

impl<B: Bitboard> JikaidaPosition<B> {
    /// [`Self::generate_pseudo_fresh`] (or [`Self::generate_captures_pseudo_fresh`] if `noisy`), from the
    /// kept list when this position's was kept, keeping it otherwise.
    pub fn generate_pseudo_kept(&mut self, noisy: bool, list: &mut Vec<Move>) {
        let generate = |p: &Self, list: &mut Vec<Move>| {
            if noisy {
                p.generate_captures_pseudo_fresh(list);
            } else {
                p.generate_pseudo_fresh(list);
            }
        };
        let (key, occ, check) = (self.key(), self.occ, self.known_check());
        let mut lists = self.kept.lists.0.take().unwrap_or_else(|| {
            (0..ENTRIES)
                .map(|_| Entry {
                    key: 0,
                    noisy: false,
                    occ: [B::EMPTY; 2],
                    check: None,
                    moves: Vec::new(),
                })
                .collect()
        });
        let e = &mut lists[Entry::<B>::slot(key, noisy)];
        if e.holds(key, noisy, occ, check) {
            list.extend_from_slice(&e.moves);
        } else {
            let start = list.len();
            generate(self, list);
            e.key = key;
            e.noisy = noisy;
            e.occ = occ;
            e.check = check;
            e.moves.clear();
            e.moves.extend_from_slice(&list[start..]);
        }
        self.kept.lists.0 = Some(lists);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bitboard::Wide;
    use crate::core::rng::xorshift64;
    use crate::core::rules::Rules;
    use crate::games::jikaida::board::Board;
    use crate::games::jikaida::fen::START_FEN;
    use std::sync::Arc;

    impl<B: Bitboard> JikaidaPosition<B> {
        /// The list kept for this position (and its known check), if any.
        fn kept_list(&self, noisy: bool) -> Option<Vec<Move>> {
            let e = &self.kept.lists.0.as_ref()?[Entry::<B>::slot(self.key, noisy)];
            e.holds(self.key, noisy, self.occ, self.known_check())
                .then(|| e.moves.clone())
        }
    }

    /// Along random games played as the search plays them (the check answer asked first,
    /// moves tried and taken back), every list the search is given equals a fresh
    /// generation, though most positions are met again with slots reused by others, and
    /// each is asked for before its check is known and after (the lists differ in check);
    /// lists are kept and found again, those of positions in check too (for the same check).
    #[test]
    fn kept_lists_equal_fresh_ones() {
        let board = Arc::new(Board::<Wide<4>>::new(12, 18));
        let mut x = 0x0123_4567_89AB_CDEFu64;
        let (mut found, mut found_in_check, mut in_check) = (0, 0, 0);
        let fresh = |p: &JikaidaPosition<Wide<4>>, noisy: bool| {
            let mut l = Vec::new();
            if noisy {
                p.generate_captures_pseudo_fresh(&mut l);
            } else {
                JikaidaPosition::generate_pseudo_fresh(p, &mut l);
            }
            l
        };
        for _ in 0..6 {
            let mut p = JikaidaPosition::from_fen(board.clone(), START_FEN).unwrap();
            for _ in 0..150 {
                // Asked before the check is known (the whole list), then after.
                let mut early = Vec::new();
                p.generate_pseudo_kept(false, &mut early);
                assert_eq!(early, fresh(&p, false), "{}", p.to_fen());
                let check = p.in_danger_here();
                let mut list = Vec::new();
                for noisy in [false, true] {
                    let was_kept = p.kept_list(noisy).is_some();
                    let mut got = vec![Move::NULL];
                    p.generate_pseudo_kept(noisy, &mut got);
                    assert_eq!(got[1..], fresh(&p, noisy), "{}", p.to_fen());
                    found += was_kept as usize;
                    if got.len() > 1 {
                        assert_eq!(
                            p.kept_list(noisy).as_deref(),
                            Some(&got[1..]),
                            "{}",
                            p.to_fen()
                        );
                    }
                    if !noisy {
                        list = got[1..].to_vec();
                    }
                }
                in_check += check as usize;
                // A few children, each met twice, as a re-search meets them.
                for &mv in list.iter().step_by(7) {
                    for _ in 0..2 {
                        if p.try_make(mv) {
                            let check = p.in_danger_here();
                            let was_kept = p.kept_list(false).is_some();
                            found += was_kept as usize;
                            found_in_check += (was_kept && check) as usize;
                            let mut l = Vec::new();
                            Rules::generate_pseudo(&mut p, &mut l);
                            assert_eq!(l, fresh(&p, false), "{}", p.to_fen());
                            p.unmake();
                        }
                    }
                }
                let mut played = false;
                while !list.is_empty() {
                    let mv = list.swap_remove(xorshift64(&mut x) as usize % list.len());
                    if p.try_make(mv) {
                        played = true;
                        break;
                    }
                }
                if !played || p.decided().is_some() {
                    break;
                }
            }
        }
        assert!(found > 500, "only {found} lists found kept");
        assert!(in_check > 10, "only {in_check} positions in check");
        assert!(
            found_in_check > 10,
            "only {found_in_check} lists in check found kept"
        );
    }
}
