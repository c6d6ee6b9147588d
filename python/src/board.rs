//! `kaissa.Board`: a game's position with its moves, for every game and variant: legal moves,
//! push and pop in the engine's move text, FEN, the result in words, perft, and the board
//! drawn as SVG for notebooks.

use crate::error::value_error;
use crate::svg;
use crate::variant::Game;
use kaissa::engine::{AnyGame, new_state};
use kaissa::games::{color_name, result_line};
use pyo3::prelude::*;
use std::sync::{Mutex, MutexGuard};

/// The changing part of a board: the position, where it started and the moves played since.
pub struct Played {
    /// The game and position, with its history (repetitions count over it).
    pub state: AnyGame,
    /// The FEN the board started from; `None`: the variant's start position.
    pub start: Option<String>,
    /// The moves played from the start, in engine notation.
    pub moves: Vec<String>,
}

impl Played {
    /// A copy, for another board or for a search.
    pub fn duplicate(&self) -> Played {
        Played {
            state: self.state.clone(),
            start: self.start.clone(),
            moves: self.moves.clone(),
        }
    }
}

/// A position of one game, with the moves that led to it.
///
/// `Board(variant="kaissa", fen=None, options=None)`: `variant` is a built-in variant's name
/// (see `kaissa.variants()`) or a `kaissa.Variant` from `kaissa.load_variants`; `fen` a
/// position (the variant's start when None); `options` the variant's rule options to switch
/// on. Raises ValueError for an unknown variant or option and for a bad FEN.
#[pyclass(module = "kaissa")]
pub struct Board {
    pub(crate) game: Game,
    played: Mutex<Played>,
}

impl Board {
    /// The position and moves, for this call (a lock poisoned by a panic elsewhere still
    /// gives the data: every change to it is complete or not made).
    pub(crate) fn played(&self) -> MutexGuard<'_, Played> {
        self.played.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A board of `game` from `fen` (its start when `None`).
    fn start(game: Game, fen: Option<&str>) -> Result<Board, String> {
        let mut state = new_state(&game.def)?;
        if let Some(fen) = fen {
            state.set_position(Some(fen), &[])?;
        }
        Ok(Board {
            game,
            played: Mutex::new(Played {
                state,
                start: fen.map(str::to_string),
                moves: Vec::new(),
            }),
        })
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (variant=None, fen=None, options=None))]
    fn new(
        variant: Option<&Bound<'_, PyAny>>,
        fen: Option<&str>,
        options: Option<Vec<String>>,
    ) -> PyResult<Board> {
        let game = Game::from_arg(variant, options)?;
        Board::start(game, fen).map_err(value_error)
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &str {
        &self.game.name
    }

    /// The rule options switched on.
    #[getter]
    fn options(&self) -> Vec<String> {
        self.game.options.clone()
    }

    /// The player to move, by the game's name for it (`Yellow`, `Red`, `White`, `Blue`...).
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(&self.game.def, self.played().state.side_to_move())
    }

    /// The moves played on this board, in engine notation, first move first.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.played().moves.clone()
    }

    /// The legal moves of the side to move, in engine notation (`e2e4`, `H@c3`, `h9i10r`).
    fn legal_moves(&self) -> Vec<String> {
        self.played().state.legal_moves()
    }

    /// Plays a move given in engine notation. Raises ValueError (the engine's message) when it
    /// is not legal here; the board is then unchanged.
    fn push(&self, r#move: &str) -> PyResult<()> {
        let mut p = self.played();
        p.state.play(r#move).map_err(value_error)?;
        p.moves.push(r#move.to_string());
        Ok(())
    }

    /// Takes back the last move and returns it. Raises IndexError when no move was played.
    fn pop(&self) -> PyResult<String> {
        let mut p = self.played();
        if p.moves.is_empty() || !p.state.undo() {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "pop from a board with no moves played",
            ));
        }
        Ok(p.moves.pop().unwrap_or_default())
    }

    /// The position as FEN.
    fn fen(&self) -> String {
        self.played().state.fen()
    }

    /// True when the game has ended (by its rules, repetition or the move limit).
    fn is_game_over(&self) -> bool {
        self.played().state.outcome().is_some()
    }

    /// The result with its reason in words, as the engine writes it in PGN
    /// (`1-0 {Yellow captures the Home Stone}`); `*` while the game goes on.
    fn result(&self) -> String {
        let p = self.played();
        match p.state.outcome() {
            Some(o) => result_line(&self.game.def, o, p.state.side_to_move()),
            None => "*".to_string(),
        }
    }

    /// The number of leaves of the legal-move tree `depth` plies deep (the GIL is released
    /// while it counts).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let played = &self.played;
        py.detach(|| {
            let mut p = played.lock().unwrap_or_else(|e| e.into_inner());
            p.state.perft(depth)
        })
    }

    /// Perft split by the first move: each legal move with the leaves under it.
    fn divide(&self, py: Python<'_>, depth: u32) -> Vec<(String, u64)> {
        let played = &self.played;
        py.detach(|| {
            let mut p = played.lock().unwrap_or_else(|e| e.into_inner());
            p.state.divide(depth)
        })
    }

    /// An independent copy of the board, its moves included.
    fn copy(&self) -> Board {
        Board {
            game: self.game.clone(),
            played: Mutex::new(self.played().duplicate()),
        }
    }

    fn __copy__(&self) -> Board {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.copy()
    }

    /// The board as text, as the engine's `d` command prints it.
    fn __str__(&self) -> String {
        self.played().state.board_text()
    }

    fn __repr__(&self) -> String {
        format!(
            "kaissa.Board({:?}, fen={:?})",
            self.game.label(),
            self.fen()
        )
    }

    /// The board drawn as SVG: every cell where the game places it, in its own outline
    /// (Donkey Kaissa's kites, with the hexagon and the wedges' borders), its looks, the
    /// pieces, the hands and the notes. Notebooks show a board with it.
    fn _repr_svg_(&self) -> String {
        let p = self.played();
        let colors = [
            color_name(&self.game.def, kaissa::core::geometry::Color::First),
            color_name(&self.game.def, kaissa::core::geometry::Color::Second),
        ];
        svg::draw(&p.state.board_view(), colors)
    }
}
