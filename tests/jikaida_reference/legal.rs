//! The reference generator's legal moves: pseudo-legal move lists with promotions, attacks
//! and check, the Fluttember, making a move, the legality filter and perft.

use std::collections::BTreeMap;

use super::position::Position;
use super::{Color, Kind, Move, PROMOTIONS, Piece};

impl Position {
    /// The moves of `color` by the pieces' powers alone (no Fluttember, no check test), with
    /// the ways each is made. Promotions are expanded.
    fn pseudo_moves(&self, color: Color) -> Vec<(Move, &'static str)> {
        let mut out = Vec::new();
        for from in 0..self.board.len() {
            let Some(p) = self.board[from] else {
                continue;
            };
            if p.color != color {
                continue;
            }
            for (to, how) in self.piece_moves(from) {
                if p.kind == Kind::Swod && self.rank(to) == self.last_rank(color) {
                    for k in PROMOTIONS {
                        let mv = Move {
                            from,
                            to,
                            promo: Some(k),
                            flutter: false,
                        };
                        out.push((mv, how));
                    }
                } else {
                    let mv = Move {
                        from,
                        to,
                        promo: None,
                        flutter: false,
                    };
                    out.push((mv, how));
                }
            }
        }
        out
    }

    /// Whether some move of `by` (any power) ends on `sq`.
    pub(super) fn attacked(&self, sq: usize, by: Color) -> bool {
        for from in 0..self.board.len() {
            if self.board[from].is_some_and(|p| p.color == by)
                && self.piece_moves(from).iter().any(|&(to, _)| to == sq)
            {
                return true;
            }
        }
        false
    }

    /// Whether `color`'s King could be taken by the other side.
    pub(super) fn king_capturable(&self, color: Color) -> bool {
        match self.king_square(color) {
            Some(k) => self.attacked(k, color.other()),
            None => false,
        }
    }

    /// The Fluttember moves of the side to move (before the check test).
    fn fluttember_moves(&self) -> Vec<Move> {
        let side = self.side;
        let mut out = Vec::new();
        if (self.files, self.ranks) != (12, 18) || !self.flutter[side.index()] {
            return out;
        }
        let (king, partners) = match side {
            Color::Yellow => (
                "h1",
                [
                    ("f1", Kind::Kapt),
                    ("i1", Kind::Kapt),
                    ("a1", Kind::Chuktar),
                    ("l1", Kind::Chuktar),
                ],
            ),
            Color::Blue => (
                "f18",
                [
                    ("d18", Kind::Kapt),
                    ("g18", Kind::Kapt),
                    ("a18", Kind::Chuktar),
                    ("l18", Kind::Chuktar),
                ],
            ),
        };
        let king = self.square(king).unwrap();
        if self.board[king]
            != Some(Piece {
                color: side,
                kind: Kind::King,
                moved: false,
            })
        {
            return out;
        }
        if self.attacked(king, side.other()) {
            return out;
        }
        for (name, kind) in partners {
            let sq = self.square(name).unwrap();
            if self.board[sq].is_some_and(|p| p.color == side && p.kind == kind)
                && !self.attacked(sq, side.other())
            {
                out.push(Move {
                    from: king,
                    to: sq,
                    promo: None,
                    flutter: true,
                });
            }
        }
        out
    }

    fn move_name(&self, mv: Move) -> String {
        let mut s = format!("{}{}", self.name(mv.from), self.name(mv.to));
        if let Some(k) = mv.promo {
            s.push(k.letter());
        }
        s
    }

    /// The position after `mv` (no legality test).
    pub(super) fn make(&self, mv: Move) -> Position {
        let mut next = self.clone();
        if mv.flutter {
            next.board.swap(mv.from, mv.to);
            next.flutter[self.side.index()] = false;
        } else {
            let mut piece = next.board[mv.from].take().expect("a piece to move");
            if piece.kind.has_first_move() {
                piece.moved = true;
            }
            if let Some(k) = mv.promo {
                piece.kind = k;
                piece.moved = k.has_first_move();
            }
            next.board[mv.to] = Some(piece);
        }
        if self.side == Color::Blue {
            next.fullmove += 1;
        }
        next.side = self.side.other();
        next
    }

    /// The legal moves, distinct by name, each with the ways it can be made; sorted by name.
    /// Empty when the side not to move is bare (the game has ended) or when there is no move.
    pub(super) fn legal(&self) -> BTreeMap<String, (Move, Vec<&'static str>)> {
        let mut out: BTreeMap<String, (Move, Vec<&'static str>)> = BTreeMap::new();
        if self.is_bare(self.side.other()) {
            return out;
        }
        let mut candidates = self.pseudo_moves(self.side);
        for mv in self.fluttember_moves() {
            candidates.push((mv, "fluttember"));
        }
        for (mv, how) in candidates {
            let name = self.move_name(mv);
            if let Some(entry) = out.get_mut(&name) {
                if !entry.1.contains(&how) {
                    entry.1.push(how);
                }
                continue;
            }
            out.insert(name, (mv, vec![how]));
        }
        let side = self.side;
        out.retain(|_, (mv, _)| !self.make(*mv).king_capturable(side));
        out
    }
}

pub(super) fn perft_pos(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .values()
        .map(|(mv, _)| perft_pos(&pos.make(*mv), depth - 1))
        .sum()
}
