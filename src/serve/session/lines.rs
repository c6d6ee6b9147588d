//! A game's side lines, as the session shows and changes them: the lines beside the shown
//! one, showing a side line, promoting and deleting one, and checking every line of a tree
//! read from a PGN on the rules. The tree itself is [`crate::serve::tree::MoveTree`].

use super::Session;
use crate::serve::tree::Branch;

/// Most moves a game's lines (main and side lines) may hold.
pub const MAX_TREE_MOVES: usize = 5_000;

impl Session {
    /// The side lines beside the shown line ([`crate::serve::tree::MoveTree::branches`]), and the ply at which
    /// the shown line leaves the main line (`None`: it is the main line).
    pub fn branches(&self) -> (Vec<Branch>, Option<usize>) {
        let departs = self.tree.departures(&self.line).first().map(|d| d + 1);
        (self.tree.branches(&self.line), departs)
    }

    /// Shows the line `line` of the tree, followed along its main continuation, at `ply`
    /// (which may be past `line`'s own moves, on that continuation).
    pub fn select(&mut self, line: &[String], ply: usize) -> Result<(), String> {
        if !self.tree.contains(line) {
            return Err("the game has no such line".into());
        }
        let whole = self.tree.extended(line);
        if ply > whole.len() {
            return Err(format!("the line has only {} moves", whole.len()));
        }
        if whole != self.line {
            self.quiet();
            let before = std::mem::replace(&mut self.line, whole);
            if let Err(e) = self.show(ply) {
                self.line = before;
                return Err(e);
            }
            self.scan = None;
            return Ok(());
        }
        self.goto(ply)
    }

    /// Makes the shown line the main continuation at the last point where it is a side line
    /// (one step; again to make it the main line).
    pub fn promote(&mut self) -> Result<(), String> {
        if !self.tree.promote(&self.line) {
            return Err("the shown line is the main line".into());
        }
        Ok(())
    }

    /// Deletes the shown line's `ply`-th move (1 the first) and everything played after it,
    /// side lines included; the board shows the line up to the move before.
    pub fn delete_from(&mut self, ply: usize) -> Result<(), String> {
        if self.clock.is_some() {
            return Err("the game is on a clock: no moves are taken back".into());
        }
        if ply == 0 || ply > self.line.len() {
            return Err(format!(
                "ply must be 1 to {} (the line's moves)",
                self.line.len()
            ));
        }
        self.quiet();
        self.scan = None;
        self.tree.delete(&self.line[..ply]);
        self.line = self.tree.extended(&self.line[..ply - 1]);
        if self.cursor >= ply {
            self.show(ply - 1)?;
        }
        Ok(())
    }

    /// Plays every line of the tree on a copy of the game, to refuse a side line with an
    /// illegal move (a PGN's), and a tree of more than [`MAX_TREE_MOVES`] moves.
    pub(super) fn check_lines(&self) -> Result<(), String> {
        if self.tree.len() > MAX_TREE_MOVES {
            return Err(format!("more than {MAX_TREE_MOVES} moves in all its lines"));
        }
        let mut probe = self.engine.state().clone();
        probe.set_position(self.start_fen.as_deref(), &[])?;
        for step in self.tree.walk() {
            match step {
                Some(mv) => probe.play(mv)?,
                None => {
                    probe.undo();
                }
            }
        }
        Ok(())
    }
}
