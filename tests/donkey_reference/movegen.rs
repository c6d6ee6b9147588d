//! The reference's rules: DONKEY.md §5-§9 (the gorean rules on the six-wedge board), move by
//! move, by walking the cell graph.

use super::board::{
    Board, Dir, Sq, dir_of, enemy_edges, file_ends, forward, home_cells, name, vec_of,
};
use super::position::{Piece, Position};

/// The rule options of DONKEY.md and docs/RULES.md that change move generation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `centre_straight`: the centre diagonal goes straight across (built into the board).
    pub centre_straight: bool,
    /// `promotion_end`: Spearmen promote at the end of their own files.
    pub promotion_end: bool,
    /// `seven_turn_window`: the Home Stone must be placed within 7 turns.
    pub seven_turn_window: bool,
    /// `flight_captures_only`: the Tarnsman's flight only captures.
    pub flight_captures_only: bool,
}

/// A move: from-to (with a promotion letter) or a placement.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    /// A piece moves; `promote` is the upper-case letter it becomes.
    Step {
        from: Sq,
        to: Sq,
        promote: Option<char>,
    },
    /// The Home Stone is placed.
    Place { to: Sq },
}

impl Move {
    /// The engine's notation: `a32a34`, `f24f14t`, `H@a21`.
    pub fn text(self) -> String {
        match self {
            Move::Step { from, to, promote } => {
                let mut s = format!("{}{}", name(from), name(to));
                if let Some(p) = promote {
                    s.push(p.to_ascii_lowercase());
                }
                s
            }
            Move::Place { to } => format!("H@{}", name(to)),
        }
    }
}

/// The rules with their board.
pub struct Rules {
    /// The cell graph.
    pub board: Board,
    /// The options.
    pub opts: Options,
    /// Home Stone cells per side (read once from the spec's lists).
    home: [Vec<Sq>; 2],
    /// Promotion cells per side and wing.
    promotion: [[Vec<Sq>; 2]; 2],
}

impl Rules {
    /// The rules for a set of options.
    pub fn new(opts: Options) -> Rules {
        let promotion = [0, 1].map(|side| {
            [0, 1].map(|wing| {
                if opts.promotion_end {
                    file_ends(side, wing)
                } else {
                    enemy_edges(side)
                }
            })
        });
        Rules {
            board: Board::new(opts.centre_straight),
            opts,
            home: [home_cells(0), home_cells(1)],
            promotion,
        }
    }

    /// Last own turn of the Home Stone window.
    fn last_turn(&self) -> u32 {
        if self.opts.seven_turn_window { 7 } else { 10 }
    }

    fn stone_gone(pos: &Position, side: usize) -> bool {
        pos.hand[side] == 0
            && !pos
                .board
                .iter()
                .flatten()
                .any(|p| p.side == side && p.kind == 'H')
    }

    /// True when the position itself ends the game: a Home Stone gone, both Ubars gone, or
    /// the side to move holding its stone past (or at, with no free Home cell) its last turn.
    pub fn decided(&self, pos: &Position) -> bool {
        if Self::stone_gone(pos, 0) || Self::stone_gone(pos, 1) {
            return true;
        }
        let ubars = pos.board.iter().flatten().filter(|p| p.kind == 'U').count();
        if ubars == 0 {
            return true;
        }
        let us = pos.stm;
        if pos.hand[us] > 0 && pos.fullmove >= self.last_turn() {
            let free = self.home[us].iter().any(|&s| pos.board[s].is_none());
            if pos.fullmove > self.last_turn() || !free {
                return true;
            }
        }
        false
    }

    /// Every legal move of the side to move (none in a decided position).
    pub fn generate(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        if self.decided(pos) {
            return out;
        }
        let us = pos.stm;
        if pos.hand[us] > 0 && pos.fullmove <= self.last_turn() {
            for &s in &self.home[us] {
                if pos.board[s].is_none() {
                    out.push(Move::Place { to: s });
                }
            }
            if pos.fullmove == self.last_turn() {
                return out;
            }
        }
        for from in 0..96 {
            let Some(p) = pos.board[from] else { continue };
            if p.side != us {
                continue;
            }
            for (to, capture_ok, quiet_ok) in self.piece_moves(pos, from, p) {
                let target = pos.board[to];
                let ok = match target {
                    None => quiet_ok,
                    Some(t) => capture_ok && t.side != us,
                };
                if !ok {
                    continue;
                }
                if p.is_spearman() && self.promotes(us, p, to) {
                    for c in ['T', 'R'] {
                        out.push(Move::Step {
                            from,
                            to,
                            promote: Some(c),
                        });
                    }
                } else {
                    out.push(Move::Step {
                        from,
                        to,
                        promote: None,
                    });
                }
            }
        }
        out
    }

    fn promotes(&self, side: usize, p: Piece, to: Sq) -> bool {
        self.promotion[side][usize::from(p.kind == 'L')].contains(&to)
    }

    /// Neighbours of `s` in direction `d` (two where a diagonal splits).
    fn step(&self, s: Sq, d: Dir) -> Vec<Sq> {
        self.board.next[s][d].iter().map(|&(t, _)| t).collect()
    }

    /// The cells a slider reaches from `from` in `d`, at most `range` per branch (0: any):
    /// empty cells and the first occupied one of each branch.
    fn slide(&self, pos: &Position, from: Sq, d: Dir, range: usize, out: &mut Vec<Sq>) {
        fn walk(r: &Rules, pos: &Position, s: Sq, d: Dir, left: usize, out: &mut Vec<Sq>) {
            if left == 0 {
                return;
            }
            for &(t, nd) in &r.board.next[s][d] {
                out.push(t);
                if pos.board[t].is_none() {
                    walk(r, pos, t, nd, left - 1, out);
                }
            }
        }
        walk(
            self,
            pos,
            from,
            d,
            if range == 0 { usize::MAX } else { range },
            out,
        );
    }

    /// A piece's candidate targets as (cell, may capture there, may move there quietly).
    fn piece_moves(&self, pos: &Position, from: Sq, p: Piece) -> Vec<(Sq, bool, bool)> {
        let mut out = Vec::new();
        let both = |v: Vec<Sq>, out: &mut Vec<(Sq, bool, bool)>| {
            out.extend(v.into_iter().map(|t| (t, true, true)))
        };
        let rays = |dirs: std::ops::Range<usize>, range: usize, out: &mut Vec<(Sq, bool, bool)>| {
            let mut v = Vec::new();
            for d in dirs {
                self.slide(pos, from, d, range, &mut v);
            }
            out.extend(v.into_iter().map(|t| (t, true, true)));
        };
        let king: Vec<Sq> = (0..8).flat_map(|d| self.step(from, d)).collect();
        match p.kind {
            'U' | 'A' => rays(0..8, 0, &mut out),
            'B' => rays(0..4, 0, &mut out),
            'M' => rays(0..4, 4, &mut out),
            'I' => rays(4..8, 0, &mut out),
            'S' => rays(4..8, 2, &mut out),
            'R' => both(king, &mut out),
            'H' => out.extend(king.into_iter().map(|t| (t, false, true))),
            'T' => {
                out.extend(king.into_iter().map(|t| (t, false, true)));
                let quiet = !self.opts.flight_captures_only;
                out.extend(self.board.flight[from].iter().map(|&t| (t, true, quiet)));
            }
            'P' | 'L' => self.spearman(pos, from, p, &mut out),
            other => panic!("unknown piece {other}"),
        }
        out
    }

    /// DONKEY.md §7: forward, diagonally forward (moves and captures), sideways; an unmoved
    /// Spearman also 2 or 3 straight forward over empty cells.
    fn spearman(&self, pos: &Position, from: Sq, p: Piece, out: &mut Vec<(Sq, bool, bool)>) {
        let wing = usize::from(p.kind == 'L');
        let fwd = forward(p.side, wing, from);
        let (fx, fy) = vec_of(fwd);
        for t in self.step(from, fwd) {
            out.push((t, false, true));
        }
        for (px, py) in [(fy, -fx), (-fy, fx)] {
            for t in self.step(from, dir_of(fx + px, fy + py)) {
                out.push((t, true, true));
            }
            for t in self.step(from, dir_of(px, py)) {
                out.push((t, false, true));
            }
        }
        if p.unmoved {
            let mut at = from;
            for n in 1..=3 {
                let Some(&next) = self.step(at, forward(p.side, wing, at)).first() else {
                    break;
                };
                if pos.board[next].is_some() {
                    break;
                }
                if n >= 2 {
                    out.push((next, false, true));
                }
                at = next;
            }
        }
    }

    /// The position after `mv`.
    pub fn make(&self, pos: &Position, mv: Move) -> Position {
        let mut n = pos.clone();
        let us = pos.stm;
        match mv {
            Move::Place { to } => {
                n.hand[us] -= 1;
                n.board[to] = Some(Piece {
                    side: us,
                    kind: 'H',
                    unmoved: false,
                });
                n.halfmove = 0;
            }
            Move::Step { from, to, promote } => {
                let mut p = n.board[from].take().expect("a piece to move");
                let captured = n.board[to].is_some();
                n.halfmove = if captured || p.is_spearman() {
                    0
                } else {
                    n.halfmove + 1
                };
                p.unmoved = false;
                if let Some(k) = promote {
                    p.kind = k;
                }
                n.board[to] = Some(p);
            }
        }
        if us == 1 {
            n.fullmove += 1;
        }
        n.stm = 1 - us;
        n
    }
}
