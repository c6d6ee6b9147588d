//! The reference generator's piece moves: captures (propt), slides and steps, the Pallan's
//! slides with refraction, straight and bent vaults, leaps and the Pallan's move-then-vault;
//! each destination comes with the way the piece gets there.

use super::position::Position;
use super::{ALL_DIRS, DIAGONAL, DIRS, Fronts, KNIGHT, Kind, ORTHOGONAL, Piece};

impl Position {
    // ----- captures -----

    /// Whether the Swod on `sq` has a Deldar of its own colour on one of its 8 neighbours.
    pub(super) fn is_propt(&self, sq: usize) -> bool {
        let Some(swod) = self.board[sq] else {
            return false;
        };
        if swod.kind != Kind::Swod {
            return false;
        }
        DIRS.iter().any(|&d| {
            self.step(sq, d).is_some_and(|n| {
                self.board[n].is_some_and(|p| p.color == swod.color && p.kind == Kind::Deldar)
            })
        })
    }

    /// Whether `mover` may end its move by taking what stands on the occupied square `target`:
    /// an enemy piece (an enemy Swod propt by a Deldar is safe from Swods); the Pallan may
    /// also take a friendly piece other than its King.
    fn can_take(&self, mover: Piece, target: usize) -> bool {
        let Some(t) = self.board[target] else {
            return false;
        };
        if t.color == mover.color {
            return mover.kind == Kind::Pallan && t.kind != Kind::King;
        }
        !(mover.kind == Kind::Swod && t.kind == Kind::Swod && self.is_propt(target))
    }

    // ----- piece moves: each pushes (destination, how) -----

    /// Walks from `start` in direction `d` for at most `max` steps, obeying `fronts`, stopping at
    /// the first piece (taken if `capture` allows and `can_take` agrees).
    #[allow(clippy::too_many_arguments)]
    fn ride(
        &self,
        mover: Piece,
        start: usize,
        d: (i32, i32),
        max: u32,
        fronts: Fronts,
        capture: bool,
        how: &'static str,
        out: &mut Vec<(usize, &'static str)>,
    ) {
        let mut cur = start;
        let mut crossed = false;
        for step in 1..=max {
            let Some(next) = self.step(cur, d) else {
                return;
            };
            if self.crosses(cur, next) {
                match fronts {
                    Fronts::Free => {}
                    Fronts::OneCrossing => {
                        if crossed {
                            return;
                        }
                        crossed = true;
                    }
                    Fronts::FirstStepOnly => {
                        if step > 1 {
                            return;
                        }
                    }
                    Fronts::Never => return,
                }
            }
            if self.board[next].is_some() {
                if capture && self.can_take(mover, next) {
                    out.push((next, how));
                }
                return;
            }
            out.push((next, how));
            cur = next;
        }
    }

    /// The Pallan's slides from `from` with one crossing and one refraction.
    fn pallan_slides(&self, mover: Piece, from: usize, out: &mut Vec<(usize, &'static str)>) {
        for d in ALL_DIRS {
            self.pallan_walk(mover, from, from, d, false, false, out);
        }
    }

    /// One more step of a Pallan slide standing on `cur`, going in `DIRS[d]`.
    #[allow(clippy::too_many_arguments)]
    fn pallan_walk(
        &self,
        mover: Piece,
        origin: usize,
        cur: usize,
        d: usize,
        crossed: bool,
        bent: bool,
        out: &mut Vec<(usize, &'static str)>,
    ) {
        let Some(next) = self.step(cur, DIRS[d]) else {
            return;
        };
        if !self.crosses(cur, next) {
            self.pallan_enter(mover, origin, next, d, crossed, bent, out);
            return;
        }
        // The next step would cross a front.
        if crossed {
            return;
        }
        if !bent && cur != origin {
            // Refraction: turn by 45 degrees here instead. (On the start square a turn would
            // only be a plain move in the turned direction, so it is not tried there.)
            for nd in [(d + 1) % 8, (d + 7) % 8] {
                if let Some(n2) = self.step(cur, DIRS[nd]) {
                    let c2 = self.crosses(cur, n2);
                    self.pallan_enter(mover, origin, n2, nd, c2, true, out);
                }
            }
        }
        // Straight on across the front.
        self.pallan_enter(mover, origin, next, d, true, bent, out);
    }

    #[allow(clippy::too_many_arguments)]
    fn pallan_enter(
        &self,
        mover: Piece,
        origin: usize,
        sq: usize,
        d: usize,
        crossed: bool,
        bent: bool,
        out: &mut Vec<(usize, &'static str)>,
    ) {
        let how = if bent { "refraction" } else { "slide" };
        if self.board[sq].is_some() {
            if self.can_take(mover, sq) {
                out.push((sq, how));
            }
            return;
        }
        out.push((sq, how));
        self.pallan_walk(mover, origin, sq, d, crossed, bent, out);
    }

    /// Straight vaults from `from` in the directions `dirs`. With `no_front_start`, a line whose
    /// first piece lies across a front from `from` is not used.
    fn straight_vaults(
        &self,
        mover: Piece,
        from: usize,
        dirs: &[usize],
        no_front_start: bool,
        how: &'static str,
        out: &mut Vec<(usize, &'static str)>,
    ) {
        for &d in dirs {
            let Some(first) = self.step(from, DIRS[d]) else {
                continue;
            };
            if no_front_start && self.crosses(from, first) {
                continue;
            }
            let mut passed = 0;
            let mut cur = from;
            loop {
                let next = self.step(cur, DIRS[d]);
                match next {
                    Some(n) if self.board[n].is_some() => {
                        // Stopping on this piece: it is the (passed + 1)-th of the line.
                        if passed >= 3 && self.can_take(mover, n) {
                            out.push((n, how));
                        }
                        passed += 1;
                        cur = n;
                    }
                    Some(n) => {
                        if passed >= 3 {
                            out.push((n, how));
                        }
                        break;
                    }
                    None => break,
                }
            }
        }
    }

    /// The Pallan's bent vaults from `from`: along at least two pieces in one direction, a turn
    /// at one of them (the second or later) by 45, 90 or 135 degrees, then along at least one
    /// piece in the new direction; at least 3 pieces in all.
    fn bent_vaults(
        &self,
        mover: Piece,
        from: usize,
        no_front_start: bool,
        how: &'static str,
        out: &mut Vec<(usize, &'static str)>,
    ) {
        for d in ALL_DIRS {
            let Some(first) = self.step(from, DIRS[d]) else {
                continue;
            };
            if no_front_start && self.crosses(from, first) {
                continue;
            }
            // Walk the first leg; every piece from the second on may be the corner.
            let mut m = 0;
            let mut corner = from;
            loop {
                match self.step(corner, DIRS[d]) {
                    Some(n) if self.board[n].is_some() => {
                        m += 1;
                        corner = n;
                    }
                    _ => break,
                }
                if m < 2 {
                    continue;
                }
                for e in ALL_DIRS {
                    if e == d || e == (d + 4) % 8 {
                        continue;
                    }
                    // The second leg from the corner.
                    let mut n = 0;
                    let mut cur = corner;
                    loop {
                        match self.step(cur, DIRS[e]) {
                            Some(s) if self.board[s].is_some() => {
                                // This piece is number m + n + 1 of the bent line.
                                if m + n >= 3 && self.can_take(mover, s) {
                                    out.push((s, how));
                                }
                                n += 1;
                                cur = s;
                            }
                            Some(s) => {
                                if n >= 1 && m + n >= 3 {
                                    out.push((s, how));
                                }
                                break;
                            }
                            None => break,
                        }
                    }
                }
            }
        }
    }

    /// Every destination of the piece on `from` with the way it gets there (no Fluttember).
    pub(super) fn piece_moves(&self, from: usize) -> Vec<(usize, &'static str)> {
        let mover = self.board[from].expect("a piece");
        let mut out: Vec<(usize, &'static str)> = Vec::new();
        match mover.kind {
            Kind::King => {
                for d in DIRS {
                    self.ride(mover, from, d, 1, Fronts::Free, true, "step", &mut out);
                }
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
            }
            Kind::Chuktar | Kind::Kapt => {
                for d in DIRS {
                    self.ride(
                        mover,
                        from,
                        d,
                        u32::MAX,
                        Fronts::OneCrossing,
                        true,
                        "slide",
                        &mut out,
                    );
                }
                if mover.kind == Kind::Kapt {
                    self.leaps(mover, from, &mut out);
                }
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
            }
            Kind::Jiktar | Kind::Hikdar => {
                let dirs = if mover.kind == Kind::Jiktar {
                    ORTHOGONAL
                } else {
                    DIAGONAL
                };
                for d in dirs {
                    self.ride(
                        mover,
                        from,
                        DIRS[d],
                        u32::MAX,
                        Fronts::FirstStepOnly,
                        true,
                        "slide",
                        &mut out,
                    );
                }
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
            }
            Kind::Pallan => {
                self.pallan_slides(mover, from, &mut out);
                self.leaps(mover, from, &mut out);
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
                self.bent_vaults(mover, from, false, "bent-vault", &mut out);
                self.move_then_vault(mover, from, &mut out);
            }
            Kind::Paktun => {
                self.leaps(mover, from, &mut out);
                if !mover.moved {
                    for j1 in KNIGHT {
                        let Some(mid) = self.step(from, j1) else {
                            continue;
                        };
                        if self.board[mid].is_some() {
                            continue;
                        }
                        for j2 in KNIGHT {
                            let Some(to) = self.step(mid, j2) else {
                                continue;
                            };
                            if to == from {
                                continue;
                            }
                            if self.board[to].is_none() || self.can_take(mover, to) {
                                out.push((to, "double-leap"));
                            }
                        }
                    }
                }
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
            }
            Kind::Deldar => {
                for d in DIRS {
                    self.ride(
                        mover,
                        from,
                        d,
                        2,
                        Fronts::FirstStepOnly,
                        true,
                        "step",
                        &mut out,
                    );
                }
                if !mover.moved {
                    for d in ALL_DIRS {
                        // Straight on, 1 to 4 squares in all.
                        self.ride(
                            mover,
                            from,
                            DIRS[d],
                            4,
                            Fronts::FirstStepOnly,
                            true,
                            "deldar-double",
                            &mut out,
                        );
                        // Exactly 2 squares (both empty; only the first step may cross), then
                        // 1 or 2 in a new direction, crossing nothing.
                        let Some(s1) = self.step(from, DIRS[d]) else {
                            continue;
                        };
                        let Some(s2) = self.step(s1, DIRS[d]) else {
                            continue;
                        };
                        if self.board[s1].is_some()
                            || self.board[s2].is_some()
                            || self.crosses(s1, s2)
                        {
                            continue;
                        }
                        for e in ALL_DIRS {
                            if e == d {
                                continue;
                            }
                            self.ride(
                                mover,
                                s2,
                                DIRS[e],
                                2,
                                Fronts::Never,
                                true,
                                "deldar-double",
                                &mut out,
                            );
                        }
                    }
                }
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
            }
            Kind::Swod => {
                let fwd = Position::forward(mover.color);
                let reach = if mover.moved { 1 } else { 3 };
                let how = if mover.moved { "step" } else { "swod-first" };
                // Straight ahead: never a capture.
                self.ride(
                    mover,
                    from,
                    (0, fwd),
                    reach,
                    Fronts::FirstStepOnly,
                    false,
                    how,
                    &mut out,
                );
                for df in [-1, 1] {
                    self.ride(
                        mover,
                        from,
                        (df, fwd),
                        reach,
                        Fronts::FirstStepOnly,
                        true,
                        how,
                        &mut out,
                    );
                }
                let dirs: Vec<usize> = ALL_DIRS.into_iter().filter(|&d| DIRS[d].1 == fwd).collect();
                self.straight_vaults(mover, from, &dirs, false, "vault", &mut out);
            }
        }
        out.retain(|&(to, _)| to != from);
        out
    }

    /// Knight leaps (fronts ignored).
    fn leaps(&self, mover: Piece, from: usize, out: &mut Vec<(usize, &'static str)>) {
        for j in KNIGHT {
            if let Some(to) = self.step(from, j)
                && (self.board[to].is_none() || self.can_take(mover, to))
            {
                out.push((to, "leap"));
            }
        }
    }

    /// The Pallan's move-then-vault: a plain slide (no capture) to an empty square, then a
    /// straight or bent vault from there whose line does not begin across a front; the square
    /// left is empty during the vault.
    fn move_then_vault(&self, mover: Piece, from: usize, out: &mut Vec<(usize, &'static str)>) {
        let mut slides = Vec::new();
        self.pallan_slides(mover, from, &mut slides);
        let mut ends: Vec<usize> = slides
            .into_iter()
            .map(|(sq, _)| sq)
            .filter(|&sq| self.board[sq].is_none())
            .collect();
        ends.sort();
        ends.dedup();
        for t in ends {
            let mut moved = self.clone();
            moved.board[from] = None;
            moved.board[t] = Some(mover);
            let mut vaults = Vec::new();
            moved.straight_vaults(mover, t, &ALL_DIRS, true, "move-vault", &mut vaults);
            moved.bent_vaults(mover, t, true, "move-vault", &mut vaults);
            out.extend(vaults.into_iter().filter(|&(to, _)| to != from));
        }
    }
}
