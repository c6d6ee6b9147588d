//! Legal move generation and the rules that end a game.
//!
//! These games have no check, so every move a piece's pattern allows is legal; what remains
//! are the drop windows (a placement only on the owner's turns inside the window; on a
//! deadline turn only placements), promotion, and the positions where the game is already over.

use crate::core::bitboard::Bitboard;
use crate::core::definition::NoMoveResult;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::outcome::{DrawReason, Outcome, WinReason};
use crate::games::kaissa::betza::Mode;
use crate::games::kaissa::game::MoveText;
use crate::games::kaissa::position::Position;

impl<B: Bitboard> Position<B> {
    /// True when `color` has no piece left, on the board or in hand, of type `t`.
    #[inline(always)]
    fn lost_all(&self, color: Color, t: u8) -> bool {
        self.pieces(color, t).is_empty() && self.in_hand(color, t) == 0
    }

    /// The result decided by the position itself (a captured Home Stone, a missed deadline,
    /// both Ubars gone), ignoring history and whether a move exists. `None` while play goes on.
    pub fn decided(&self) -> Option<Outcome> {
        let g = self.game();
        let us = self.side_to_move();
        for &t in &g.end.capture_wins {
            for c in [us, us.flip()] {
                if self.lost_all(c, t) {
                    return Some(Outcome::Win(c.flip(), WinReason::Capture));
                }
            }
        }
        for &t in &g.end.both_lost_draw {
            if self.lost_all(Color::First, t) && self.lost_all(Color::Second, t) {
                return Some(Outcome::Draw(DrawReason::BothLost));
            }
        }
        let turn = self.fullmove();
        for d in &g.drops {
            if d.deadline && self.in_hand(us, d.ptype) > 0 && turn >= d.last {
                let free = d.zone[us.index()] & !self.occupied();
                if turn > d.last || free.is_empty() {
                    return Some(Outcome::Win(us.flip(), WinReason::MissedDeadline));
                }
            }
        }
        None
    }

    /// The full result including history: rule-decided ends, no legal move, repetition and
    /// the ply limit. `None` while play goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.decided() {
            return Some(o);
        }
        if self.count_moves() == 0 {
            let us = self.side_to_move();
            return Some(match self.game().end.no_moves {
                NoMoveResult::Draw => Outcome::Draw(DrawReason::NoMoves),
                NoMoveResult::Loss => Outcome::Win(us.flip(), WinReason::NoMoves),
                NoMoveResult::Win => Outcome::Win(us, WinReason::NoMoves),
            });
        }
        let end = &self.game().end;
        if end.repetition > 0 && self.repetitions() + 1 >= end.repetition {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if end.ply_limit > 0 && self.halfmove_clock() >= end.ply_limit {
            return Some(Outcome::Draw(DrawReason::PlyLimit));
        }
        None
    }

    /// Calls `drop(type, targets)` for each placement the side to move may make; returns true
    /// when a deadline forces a placement (then no other move is legal).
    #[inline(always)]
    fn for_each_drop(&self, mut drop: impl FnMut(u8, B)) -> bool {
        let g = self.game();
        let us = self.side_to_move();
        let turn = self.fullmove();
        let mut forced = false;
        for d in &g.drops {
            if self.in_hand(us, d.ptype) > 0 && turn >= d.first && turn <= d.last {
                drop(d.ptype, d.zone[us.index()] & !self.occupied());
                forced |= d.deadline && turn == d.last;
            }
        }
        forced
    }

    /// What a piece of `color` and type `t` on `from` reaches, by mode (see
    /// [`crate::games::kaissa::betza::Mode::index`]): slides stop at (and include) the first piece; nothing
    /// is filtered by occupation yet.
    #[inline(always)]
    pub fn reach(&self, color: Color, t: u8, from: usize) -> [B; 3] {
        let g = self.game();
        let pm = &g.moves[t as usize][color.index()];
        let occ = self.occupied();
        let mut acc = [pm.leaps[0][from], pm.leaps[1][from], pm.leaps[2][from]];
        let unmoved = pm.has_initial && self.unmoved().has(from);
        if unmoved {
            for (i, a) in acc.iter_mut().enumerate() {
                *a |= pm.initial_leaps[i][from];
            }
        }
        for s in &pm.slides {
            if s.initial && !unmoved {
                continue;
            }
            let mut r = s.rays[from];
            let blockers = r & occ;
            if blockers.any() {
                let b = if s.increasing {
                    blockers.lowest()
                } else {
                    blockers.highest()
                };
                r &= !g.rays.full[s.dir][b];
            }
            acc[s.mode.index()] |= r;
        }
        for s in &pm.bent {
            if s.initial && !unmoved {
                continue;
            }
            acc[s.mode.index()] |= g
                .bent_rays
                .cut(from, s.dirs[from] as usize, s.rays[from], occ);
        }
        for l in &pm.lame {
            if l.initial && !unmoved {
                continue;
            }
            for &(to, path) in &l.paths[from] {
                if (path & occ).is_empty() {
                    acc[l.mode.index()].set(to);
                }
            }
        }
        acc
    }

    /// True when a piece of `color` and type `t` on `from` could capture on `cell` with the
    /// cells `occ` occupied and the pieces on `unmoved` not yet moved: `cell` is in the
    /// capturing part of what [`Position::reach`] would give on such a board (modes both and
    /// capture), worked out for that one cell (a slide reaching it is only asked whether the
    /// cells before it are empty; quiet-only moves are skipped).
    #[inline(always)]
    fn captures_on(
        &self,
        color: Color,
        t: u8,
        from: usize,
        cell: usize,
        occ: B,
        unmoved: B,
    ) -> bool {
        let g = self.game();
        let pm = &g.moves[t as usize][color.index()];
        if (pm.leaps[0][from] | pm.leaps[2][from]).has(cell) {
            return true;
        }
        let unmoved = pm.has_initial && unmoved.has(from);
        if unmoved && (pm.initial_leaps[0][from] | pm.initial_leaps[2][from]).has(cell) {
            return true;
        }
        for s in &pm.slides {
            if s.mode == Mode::Quiet || s.initial && !unmoved {
                continue;
            }
            let r = s.rays[from];
            if r.has(cell) {
                // The ray's cells before `cell`: neither it nor those beyond it.
                let before = r & !g.rays.full[s.dir][cell] & !B::single(cell);
                if (before & occ).is_empty() {
                    return true;
                }
            }
        }
        for s in &pm.bent {
            if s.mode == Mode::Quiet || s.initial && !unmoved || !s.rays[from].has(cell) {
                continue;
            }
            if g.bent_rays
                .cut(from, s.dirs[from] as usize, s.rays[from], occ)
                .has(cell)
            {
                return true;
            }
        }
        for l in &pm.lame {
            if l.mode == Mode::Quiet || l.initial && !unmoved {
                continue;
            }
            if l.paths[from]
                .iter()
                .any(|&(to, path)| to == cell && (path & occ).is_empty())
            {
                return true;
            }
        }
        false
    }

    /// The cells a piece of type `t` of the side to move on `from` may move to.
    #[inline(always)]
    pub fn targets(&self, t: u8, from: usize) -> B {
        let us = self.side_to_move();
        let acc = self.reach(us, t, from);
        let own = self.occupied_by(us);
        let enemy = self.occupied_by(us.flip());
        (acc[0] & !own) | (acc[1] & !(own | enemy)) | (acc[2] & enemy)
    }

    /// True when a piece of `by` could capture on `cell` if an enemy piece stood there.
    pub fn attacked_by(&self, cell: usize, by: Color) -> bool {
        (0..self.game().types() as u8).any(|t| self.type_attacks(cell, by, t))
    }

    /// The value (by `value`, per piece type) of the cheapest piece of `by` that could
    /// capture on `cell`, or `None` when none could.
    pub fn cheapest_attacker(&self, cell: usize, by: Color, value: &[i32]) -> Option<i32> {
        let mut cheapest: Option<i32> = None;
        for t in 0..self.game().types() as u8 {
            if cheapest.is_none_or(|c| c > value[t as usize]) && self.type_attacks(cell, by, t) {
                cheapest = Some(value[t as usize]);
            }
        }
        cheapest
    }

    /// True when a piece of type `t` of `by` could capture on `cell`.
    #[inline(always)]
    fn type_attacks(&self, cell: usize, by: Color, t: u8) -> bool {
        let g = self.game();
        if !g.can_capture[t as usize] {
            return false;
        }
        let candidates = self.pieces(by, t) & g.attackers[t as usize][by.index()][cell];
        let (occ, unmoved) = (self.occupied(), self.unmoved());
        candidates
            .cells()
            .any(|from| self.captures_on(by, t, from, cell, occ, unmoved))
    }

    /// The cell of `color`'s piece of type `t`, a type whose capture ends the game, when it
    /// stands alone on the board with none in hand (only then can it be taken to end the
    /// game).
    #[inline(always)]
    fn lone_royal(&self, color: Color, t: u8) -> Option<usize> {
        let stones = self.pieces(color, t);
        (stones.count() == 1 && self.in_hand(color, t) == 0).then(|| stones.lowest())
    }

    /// True when a piece whose capture loses the game (the Home Stone) of the side to move
    /// stands attacked: the nearest thing these games have to check.
    pub fn royal_attacked(&self) -> bool {
        let us = self.side_to_move();
        self.game().end.capture_wins.iter().any(|&t| {
            self.lone_royal(us, t)
                .is_some_and(|cell| self.attacked_by(cell, us.flip()))
        })
    }

    /// True when the quiet move `mv` of the side to move (a move to an empty cell, neither a
    /// placement nor a promotion) leaves every opponent's piece whose capture ends the game
    /// unattacked: [`Position::royal_attacked`] of the position after it, told without making
    /// it (the search prunes late quiet moves that threaten no Home Stone, and making each
    /// only to ask would cost more than the rest of its work). False for any other move.
    pub fn quiet_move_attacks_no_royal(&self, mv: Move) -> bool {
        if mv.is_drop() || mv.promotes_to().is_some() {
            return false;
        }
        let (from, to) = (mv.from(), mv.to());
        if self.piece_at(to).is_some() {
            return false;
        }
        let Some((us, moved)) = self.piece_at(from) else {
            return false;
        };
        let g = self.game();
        let them = us.flip();
        let (vacated, entered) = (B::single(from), B::single(to));
        let occ = (self.occupied() & !vacated) | entered;
        let unmoved = self.unmoved() & !(vacated | entered);
        g.end.capture_wins.iter().all(|&royal| {
            self.lone_royal(them, royal).is_none_or(|cell| {
                (0..g.types() as u8).all(|t| {
                    if !g.can_capture[t as usize] {
                        return true;
                    }
                    let mut candidates = self.pieces(us, t) & !vacated;
                    if t == moved {
                        candidates |= entered;
                    }
                    candidates &= g.attackers[t as usize][us.index()][cell];
                    candidates
                        .cells()
                        .all(|c| !self.captures_on(us, t, c, cell, occ, unmoved))
                })
            })
        })
    }

    /// True when the side to move may capture the opponent's last piece whose loss ends the
    /// game (its Home Stone): no placement is owed this turn and the piece stands attacked.
    /// In a position not yet [decided](Self::decided), some legal move then wins at once (the
    /// search asks only there, so this does not test it again).
    pub fn can_take_royal(&self) -> bool {
        if self.for_each_drop(|_, _| {}) {
            return false;
        }
        let us = self.side_to_move();
        let them = us.flip();
        self.game().end.capture_wins.iter().any(|&t| {
            self.lone_royal(them, t)
                .is_some_and(|cell| self.attacked_by(cell, us))
        })
    }

    /// Appends the captures and promotions (the moves quiescence search looks at).
    pub fn generate_noisy(&self, list: &mut Vec<Move>) {
        if self.decided().is_some() {
            return;
        }
        if self.for_each_drop(|_, _| {}) {
            return;
        }
        let g = self.game();
        let us = self.side_to_move();
        let enemy = self.occupied_by(us.flip());
        self.for_each_piece(|t, from, targets| match &g.promotion[t as usize] {
            None => {
                for to in (targets & enemy).cells() {
                    list.push(Move::normal(from, to));
                }
            }
            Some(p) => {
                let promo = targets & p.zone[us.index()];
                for to in (targets & enemy & !promo).cells() {
                    list.push(Move::normal(from, to));
                }
                for to in promo.cells() {
                    for &c in &p.choices {
                        list.push(Move::promotion(from, to, c));
                    }
                }
            }
        });
    }

    /// Calls `f(type, from, targets)` for every piece of the side to move that has targets.
    #[inline(always)]
    fn for_each_piece(&self, mut f: impl FnMut(u8, usize, B)) {
        let us = self.side_to_move();
        for t in 0..self.game().types() as u8 {
            for from in self.pieces(us, t).cells() {
                let targets = self.targets(t, from);
                if targets.any() {
                    f(t, from, targets);
                }
            }
        }
    }

    /// Appends every legal move to `list`. Adds nothing when the game is decided.
    pub fn generate(&self, list: &mut Vec<Move>) {
        if self.decided().is_some() {
            return;
        }
        let forced = self.for_each_drop(|t, targets| {
            for to in targets.cells() {
                list.push(Move::drop(t, to));
            }
        });
        if forced {
            return;
        }
        let g = self.game();
        let us = self.side_to_move().index();
        self.for_each_piece(|t, from, targets| match &g.promotion[t as usize] {
            None => {
                for to in targets.cells() {
                    list.push(Move::normal(from, to));
                }
            }
            Some(p) => {
                let promo = targets & p.zone[us];
                let plain = if p.mandatory {
                    targets & !promo
                } else {
                    targets
                };
                for to in plain.cells() {
                    list.push(Move::normal(from, to));
                }
                for to in promo.cells() {
                    for &c in &p.choices {
                        list.push(Move::promotion(from, to, c));
                    }
                }
            }
        });
    }

    /// The number of legal moves, counted without listing them (perft's last ply).
    pub fn count_moves(&self) -> u64 {
        if self.decided().is_some() {
            return 0;
        }
        let mut n = 0u64;
        let forced = self.for_each_drop(|_, targets| n += targets.count() as u64);
        if forced {
            return n;
        }
        let g = self.game();
        let us = self.side_to_move().index();
        self.for_each_piece(|t, _, targets| {
            n += targets.count() as u64;
            if let Some(p) = &g.promotion[t as usize] {
                let promo = (targets & p.zone[us]).count() as u64;
                let extra = p.choices.len() as u64 - u64::from(p.mandatory);
                n += promo * extra;
            }
        });
        n
    }

    /// The legal move written `text` in the engine's notation, if there is one.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let mut list = Vec::new();
        self.generate(&mut list);
        let g = self.game();
        list.into_iter()
            .find(|m| m.to_text(g) == text)
            .ok_or_else(|| {
                if self.decided().is_some() {
                    format!("move {text}: the game is over")
                } else {
                    format!("move {text} is not legal in this position")
                }
            })
    }
}
