//! [`PlayState`]: any [`Playable`] position as the engine's width-free [`GameState`];
//! [`AnyGame`], the handle that holds one and builds it anew when a FEN is for another board
//! (as Jikaida's FEN may be); and [`new_state`], which builds it for any definition through
//! the games registry.

use super::{GameState, SearchOutcome, SearchRequest};
use crate::core::board_view::BoardView;
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::outcome::Outcome;
use crate::core::playable::Playable;
use crate::core::ruleset::PositionVisitor;
use crate::core::tunable::Tunable;
use crate::games;
use crate::search::{AnswerSink, SearchParams, SearchResult, search};
use std::sync::Arc;

/// A game in progress: its definition, evaluation weights, start position and current
/// position.
pub struct PlayState<P: Playable> {
    def: VariantDef,
    eval: Arc<P::Eval>,
    start: P,
    pos: P,
}

impl<P: Playable> Clone for PlayState<P> {
    fn clone(&self) -> Self {
        PlayState {
            def: self.def.clone(),
            eval: self.eval.clone(),
            start: self.start.clone(),
            pos: self.pos.clone(),
        }
    }
}

impl<P: Playable> PlayState<P> {
    /// A game at `start`.
    pub fn new(def: VariantDef, eval: Arc<P::Eval>, start: P) -> Self {
        PlayState {
            def,
            eval,
            pos: start.clone(),
            start,
        }
    }

    /// The current position.
    pub fn position(&self) -> &P {
        &self.pos
    }
}

impl<P: Playable> GameState for PlayState<P> {
    fn def(&self) -> &VariantDef {
        &self.def
    }

    fn play(&mut self, mv: &str) -> Result<(), String> {
        let m = self.pos.parse_move(mv)?;
        self.pos.make(m);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.pos.moves_played() == 0 {
            return false;
        }
        self.pos.unmake();
        true
    }

    fn fen(&self) -> String {
        self.pos.write_fen()
    }

    fn key(&self) -> u64 {
        self.pos.key()
    }

    fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut list = Vec::new();
        self.pos.generate(&mut list);
        list.into_iter().map(|m| self.pos.move_text(m)).collect()
    }

    fn legal_moves_with_text(&self) -> Vec<(Move, String)> {
        let mut list = Vec::new();
        self.pos.generate(&mut list);
        list.into_iter()
            .map(|m| (m, self.pos.move_text(m)))
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome(&self.def)
    }

    fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        let rows = crate::search::perft::divide(&mut self.pos, depth);
        let mut rows: Vec<(String, u64)> = rows
            .into_iter()
            .map(|(m, n)| (self.pos.move_text(m), n))
            .collect();
        rows.sort();
        rows
    }

    fn perft(&mut self, depth: u32) -> u64 {
        crate::search::perft::perft(&mut self.pos, depth)
    }

    fn board_text(&self) -> String {
        self.pos.board_text()
    }

    fn named_board_text(&self) -> Option<String> {
        self.pos.named_board_text()
    }

    fn board_view(&self) -> BoardView {
        self.pos.board_view()
    }

    fn eval(&self) -> (Vec<(String, i32, i32)>, i32) {
        let mut pos = self.pos.clone();
        pos.prepare_eval(&self.eval);
        (pos.eval_terms(&self.eval), pos.evaluate(&self.eval))
    }

    fn net_name(&self) -> Option<String> {
        self.pos.net_name(&self.eval)
    }

    fn search(&self, request: SearchRequest<'_>) -> SearchOutcome {
        let SearchRequest {
            tt,
            limits,
            overhead,
            threads,
            signals,
            mut report,
            start,
            pool,
            answer,
        } = request;
        let pos = &self.pos;
        let outcome = move |r: &SearchResult| SearchOutcome {
            best: r.best.map(|m| pos.move_text(m)),
            ponder: r.ponder.map(|m| pos.move_text(m)),
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
        };
        let r = search(
            pos,
            SearchParams {
                eval: &*self.eval,
                tt,
                limits,
                overhead,
                threads,
                signals,
                start,
                pool,
                answer: answer
                    .map(|a| -> AnswerSink<'_> { Box::new(move |r: &SearchResult| a(outcome(r))) }),
            },
            &mut |i: &crate::search::Info| report(&i.map_pv(|m| pos.move_text(*m))),
        );
        outcome(&r)
    }
}

/// What [`AnyGame`] asks of a [`PlayState`] beyond [`GameState`]: the changes that may
/// take the game to another board or evaluation, which only [`AnyGame`] makes.
trait Position: GameState {
    /// A copy.
    fn clone_box(&self) -> Box<dyn Position>;
    /// [`Playable::same_board`] of the current position.
    fn same_board(&self, fen: &str) -> Result<bool, String>;
    /// Sets the position on this board from a FEN (or the start) and moves; on error nothing
    /// changes.
    fn set_here(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    /// Chooses the learned evaluation (see [`AnyGame::set_net`]).
    fn choose_net(&mut self, use_net: bool, file: Option<&[u8]>) -> Result<(), String>;
}

impl<P: Playable> Position for PlayState<P> {
    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn same_board(&self, fen: &str) -> Result<bool, String> {
        self.pos.same_board(fen)
    }

    fn set_here(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut pos = match fen {
            Some(f) => self
                .start
                .read_fen(f)
                .map_err(|e| format!("bad FEN: {e}"))?,
            None => self.start.clone(),
        };
        for m in moves {
            let mv = pos.parse_move(m)?;
            pos.make(mv);
        }
        self.pos = pos;
        Ok(())
    }

    fn choose_net(&mut self, use_net: bool, file: Option<&[u8]>) -> Result<(), String> {
        if let Some(e) = self.pos.choose_net(&self.eval, use_net, file)? {
            self.eval = Arc::new(e);
        }
        Ok(())
    }
}

/// The visit that makes a game state of a definition's position.
struct ToState<'a>(&'a VariantDef);

impl PositionVisitor for ToState<'_> {
    type Output = Box<dyn Position>;
    fn visit<P: Playable + Tunable>(self, pos: P, eval: P::Eval) -> Box<dyn Position> {
        Box::new(PlayState::new(self.0.clone(), Arc::new(eval), pos))
    }
}

/// Builds the game of a definition at its start position, whatever game plays it.
pub fn new_state(def: &VariantDef) -> Result<AnyGame, String> {
    let inner = games::build(def, None, ToState(def))?;
    Ok(AnyGame { inner, net: None })
}

/// Any game of the registry in progress, the engine's one handle on it: everything a position
/// does through [`GameState`] (by `Deref`), and the two changes that may take the game to
/// another position type, made here. A FEN for another board (another size of Jikaida board)
/// builds the game anew on that board, kept only if the FEN and moves are good; `position
/// startpos` returns to the definition's own board. The learned evaluation last chosen goes
/// with it to the new board (where a board without nets plays the hand-written evaluation).
pub struct AnyGame {
    inner: Box<dyn Position>,
    /// The last net choice accepted: `Use NNUE` and the net file's bytes.
    net: Option<(bool, Option<Arc<[u8]>>)>,
}

impl Clone for AnyGame {
    fn clone(&self) -> Self {
        AnyGame {
            inner: self.inner.clone_box(),
            net: self.net.clone(),
        }
    }
}

impl std::ops::Deref for AnyGame {
    type Target = dyn GameState;
    fn deref(&self) -> &(dyn GameState + 'static) {
        &*self.inner
    }
}

impl std::ops::DerefMut for AnyGame {
    fn deref_mut(&mut self) -> &mut (dyn GameState + 'static) {
        &mut *self.inner
    }
}

impl AnyGame {
    /// Sets the position from a FEN (or the start) and moves, on the FEN's board; on error
    /// nothing changes.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let text = fen.unwrap_or(&self.inner.def().start_fen);
        if self
            .inner
            .same_board(text)
            .map_err(|e| format!("bad FEN: {e}"))?
        {
            return self.inner.set_here(fen, moves);
        }
        let def = self.inner.def();
        let mut inner =
            games::build(def, Some(text), ToState(def)).map_err(|e| format!("bad FEN: {e}"))?;
        if let Some((use_net, file)) = &self.net {
            inner.choose_net(*use_net, file.as_deref())?;
        }
        inner.set_here(fen, moves)?;
        self.inner = inner;
        Ok(())
    }

    /// Chooses the learned evaluation: none (`use_net` false), the game's built-in net
    /// (`file` None) or the net of a file's bytes. An error, the evaluation unchanged, when
    /// the bytes are not a net for this game.
    pub fn set_net(&mut self, use_net: bool, file: Option<&[u8]>) -> Result<(), String> {
        self.inner.choose_net(use_net, file)?;
        self.net = Some((use_net, file.map(Arc::from)));
        Ok(())
    }
}
