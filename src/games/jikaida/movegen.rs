//! Legal moves of Jikaida and the ends of the game.
//!
//! Each piece's targets come from [`JikaidaPosition::reach`]; a Swod reaching its last rank
//! promotes (seven choices); the Fluttember is added when its conditions hold. Every move is
//! then made and kept only if the mover's King cannot be captured afterwards.

use super::flags::{EVERY_MOVE, LEGAL_ONLY, NOISY_ONLY, PSEUDO_LEGAL};
use super::position::JikaidaPosition;
use super::{CHUKTAR, KAPT, KING, PALLAN, PROMOTIONS, SWOD};
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::outcome::{DrawReason, Outcome, WinReason};

/// The original squares of the Fluttember on the 12 x 18 board: the King's, the Kapts' and
/// the Chuktars', per side (cell indices).
pub struct FlutterSquares {
    /// Where each King starts.
    pub king: [usize; 2],
    /// The partners' original squares, per side: two Kapt squares, then two Chuktar squares.
    pub partners: [[usize; 4]; 2],
}

/// The Fluttember squares on the Poron board (12 x 18), the only board with a published
/// array.
pub const PORON_FLUTTER: FlutterSquares = FlutterSquares {
    // h1 and f18.
    king: [7, 17 * 12 + 5],
    // Yellow: Kapts f1, i1; Chuktars a1, l1. Blue: Kapts d18, g18; Chuktars a18, l18.
    partners: [
        [5, 8, 0, 11],
        [17 * 12 + 3, 17 * 12 + 6, 17 * 12, 17 * 12 + 11],
    ],
};

impl<B: Bitboard> JikaidaPosition<B> {
    /// The Fluttember squares of this board, if it has them.
    pub fn flutter_squares(&self) -> Option<&'static FlutterSquares> {
        (self.board.rect.files == 12 && self.board.rect.ranks == 18).then_some(&PORON_FLUTTER)
    }

    /// Every legal move.
    pub fn generate(&self, list: &mut Vec<Move>) {
        self.generate_filtered::<EVERY_MOVE, LEGAL_ONLY>(list);
    }

    /// Legal captures and promotions.
    pub fn generate_captures(&self, list: &mut Vec<Move>) {
        self.generate_filtered::<NOISY_ONLY, LEGAL_ONLY>(list);
    }

    /// Every legal move, and moves that would leave the King capturable, which
    /// [`Self::try_make`] refuses (the search tests only the moves it plays).
    pub fn generate_pseudo_fresh(&self, list: &mut Vec<Move>) {
        self.generate_filtered::<EVERY_MOVE, PSEUDO_LEGAL>(list);
    }

    /// [`Self::generate_captures`] without the check test, as [`Self::generate_pseudo_fresh`].
    pub fn generate_captures_pseudo_fresh(&self, list: &mut Vec<Move>) {
        self.generate_filtered::<NOISY_ONLY, PSEUDO_LEGAL>(list);
    }

    /// Plays a move of [`Self::generate_pseudo_fresh`] if it leaves the mover's King safe and
    /// returns true; otherwise returns false with the position unchanged.
    pub fn try_make(&mut self, mv: Move) -> bool {
        let us = self.side;
        let g = self.guard();
        let (from, to) = (mv.from(), mv.to());
        let deps = g.deps();
        if !deps.has(from) && !deps.has(to) && !self.pieces(us, KING).has(from) {
            if g.check {
                return false;
            }
            // The answer stands: the mover's King is safe, for the same reasons, and is kept
            // for the next position.
            self.make(mv);
            let carried = self.carried(g, mv, self.king(us));
            self.set_threat(carried);
            return true;
        }
        let king_moved = self.pieces(us, KING).has(from);
        // A Fluttember comes unchecked from the pseudo-legal generator: its King must not be
        // attacked. (Its partner's square must not be attacked either, which the test below
        // tells: the swap leaves every cell's occupancy as it was, and the King stands there.)
        if king_moved && g.check && self.is_flutter(mv) {
            return false;
        }
        // In check, another capture of the King already found here may stand too; the cells
        // of one found after this move are kept if the move touched none of them.
        let learn = g.check && !king_moved;
        if learn && self.route_stands(from, to) {
            return false;
        }
        let describe = learn && self.route_room();
        self.make(mv);
        let threat = if king_moved || g.check {
            self.tested_guard(self.king(us), describe)
        } else {
            self.reread_guard(g, mv, self.king(us))
        };
        if threat.check {
            self.unmake();
            let cells = threat.deps();
            if describe && !cells.has(from) && !cells.has(to) {
                self.learn_route(cells);
            }
            false
        } else {
            self.set_threat(threat);
            true
        }
    }

    /// The moves of every piece, captures and promotions only if `NOISY`, legal ones only if
    /// `LEGAL` (otherwise moves that leave the King capturable are kept too).
    fn generate_filtered<const NOISY: bool, const LEGAL: bool>(&self, list: &mut Vec<Move>) {
        if self.decided().is_some() {
            return;
        }
        let us = self.side;
        let propt = self.propt(us.flip());
        let mut probe = if LEGAL { Some(self.scratch()) } else { None };
        let enemy = self.occupied_by(us.flip());
        let king = self.king(us);
        // Whether the King is attacked now, and the cells that answer depends on: a move that
        // touches none of them (and is not the King's) leaves it as it is.
        let mut deps = B::EMPTY;
        let check = LEGAL && self.attacked_deps(king, us.flip(), &mut deps);
        // Pseudo-legal moves in a check already found (the search asks before it generates):
        // only the King's moves and those touching the attack can answer it, and
        // `try_make` refuses the rest unread, so they are left out. The legal moves are
        // the same, in the same order.
        let evasion = if LEGAL { None } else { self.known_check() };
        let last = self.board.last_rank[us.index()];
        for from in self.occupied_by(us).cells() {
            let mut targets = match evasion {
                Some(cells) if from != king && !cells.has(from) => {
                    if self.pieces(us, PALLAN).has(from) {
                        self.pallan_reach_into(from, self.pallan_takes(us), cells)
                    } else if (self.board.reach_any[from] & cells).is_empty() {
                        // Nowhere this piece could ever go touches the attack.
                        continue;
                    } else {
                        self.reach_for::<NOISY>(from, propt) & cells
                    }
                }
                _ => self.reach_for::<NOISY>(from, propt),
            };
            let swod = self.pieces(us, SWOD).has(from);
            if NOISY {
                let own = self.occupied_by(us);
                targets &= enemy | own | if swod { last } else { B::EMPTY };
            }
            let from_free = from != king && !deps.has(from);
            for to in targets.cells() {
                let promote = swod && last.has(to);
                let mv = if promote {
                    Move::promotion(from, to, PROMOTIONS[0])
                } else {
                    Move::normal(from, to)
                };
                if let Some(probe) = probe.as_mut() {
                    let legal = if from_free && !deps.has(to) {
                        !check
                    } else {
                        probe.legal_after(mv)
                    };
                    if !legal {
                        continue;
                    }
                }
                if promote {
                    list.extend(PROMOTIONS.iter().map(|&p| Move::promotion(from, to, p)));
                } else {
                    list.push(mv);
                }
            }
        }
        if !NOISY && !check && evasion.is_none() {
            self.flutter_moves(probe.as_mut(), list);
        }
    }

    /// Makes `mv` on this scratch copy and tells whether the mover's King is then safe.
    #[inline(always)]
    fn legal_after(&mut self, mv: Move) -> bool {
        let us = self.side;
        self.make_probe(mv);
        let ok = !self.attacked(self.king(us), us.flip());
        self.unmake();
        ok
    }

    /// The Fluttember, when the side still has it, its King stands on its original square
    /// and is not attacked, and the partner's square is not attacked; with a `probe`, only if
    /// the King is safe afterwards. Without one (pseudo-legal generation) the two attack
    /// tests are left to [`Self::try_make`], which has the first answer already and finds
    /// the second in its legality test: the search seldom plays a Fluttember, and the tests
    /// cost as much as the rest of the generation.
    fn flutter_moves(&self, mut probe: Option<&mut Self>, list: &mut Vec<Move>) {
        let us = self.side;
        if !self.flutter[us.index()] {
            return;
        }
        let Some(sq) = self.flutter_squares() else {
            return;
        };
        let king = sq.king[us.index()];
        let legal = probe.is_some();
        if !self.pieces(us, KING).has(king) || (legal && self.attacked(king, us.flip())) {
            return;
        }
        for (i, &p) in sq.partners[us.index()].iter().enumerate() {
            let kind = if i < 2 { KAPT } else { CHUKTAR };
            if !self.pieces(us, kind).has(p) || (legal && self.attacked(p, us.flip())) {
                continue;
            }
            let mv = Move::normal(king, p);
            if probe.as_mut().is_none_or(|probe| probe.legal_after(mv)) {
                list.push(mv);
            }
        }
    }

    /// True when the move is a Fluttember (a King moving onto a friend).
    pub fn is_flutter(&self, mv: Move) -> bool {
        matches!(self.piece_at(mv.from()), Some((c, KING)) if matches!(self.piece_at(mv.to()), Some((t, _)) if t == c))
    }

    /// True when the move captures (an enemy, or the Pallan taking a friend) or promotes.
    pub fn is_capture(&self, mv: Move) -> bool {
        (self.mailbox[mv.to()] != super::position::EMPTY && !self.is_flutter(mv))
            || mv.promotes_to().is_some()
    }

    /// The game decided by the position alone: the side not to move has a bare King (its
    /// one reply is made), which wins for the side to move unless that side is bare too.
    pub fn decided(&self) -> Option<Outcome> {
        let us = self.side;
        if !self.bare(us.flip()) {
            return None;
        }
        if self.bare(us) {
            Some(Outcome::Draw(DrawReason::BothBare))
        } else {
            Some(Outcome::Win(us, WinReason::BareKing))
        }
    }

    /// The result if the game has ended: a bare King, no legal move (checkmate or
    /// stalemate, both lost by the side to move), or threefold repetition.
    pub fn outcome(&self, repetition: u32) -> Option<Outcome> {
        if let Some(o) = self.decided() {
            return Some(o);
        }
        let mut list = Vec::new();
        self.generate(&mut list);
        let us = self.side;
        if list.is_empty() {
            let why = if self.in_check() {
                WinReason::Checkmate
            } else {
                WinReason::Stalemate
            };
            return Some(Outcome::Win(us.flip(), why));
        }
        if repetition > 0 && self.repetitions() + 1 >= repetition as usize {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        None
    }

    /// The move in notation: from-to, with a promotion's lower-case letter.
    pub fn move_text(&self, mv: Move) -> String {
        let r = &self.board.rect;
        let mut s = format!("{}{}", r.name(mv.from()), r.name(mv.to()));
        if let Some(p) = mv.promotes_to() {
            s.push(super::LETTERS[p as usize].to_ascii_lowercase());
        }
        s
    }

    /// Reads a move in notation and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let r = &self.board.rect;
        let bad = || format!("illegal or malformed move: {text}");
        let (from, n) = r.parse_prefix(text).ok_or_else(bad)?;
        let rest = &text[n..];
        let (to, m) = r.parse_prefix(rest).ok_or_else(bad)?;
        let promo = match &rest[m..] {
            "" => None,
            p if p.len() == 1 => {
                let c = p.chars().next().unwrap_or(' ');
                Some(
                    super::LETTERS
                        .iter()
                        .position(|&l| l.to_ascii_lowercase() == c)
                        .ok_or_else(bad)? as u8,
                )
            }
            _ => return Err(bad()),
        };
        let mv = match promo {
            Some(p) => Move::promotion(from, to, p),
            None => Move::normal(from, to),
        };
        let mut list = Vec::new();
        self.generate(&mut list);
        if list.contains(&mv) {
            Ok(mv)
        } else {
            Err(bad())
        }
    }
}

/// The player's colour as written in FEN.
pub fn side_letter(c: Color) -> char {
    match c {
        Color::First => 'y',
        Color::Second => 'b',
    }
}
