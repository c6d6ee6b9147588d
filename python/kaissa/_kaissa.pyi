"""Type stubs of the Rust module kaissa._kaissa (see kaissa/__init__.py)."""

from typing import Any, Dict, List, Optional, Tuple, Union

def variants() -> List[str]:
    """The names of the built-in variants, in the engine's order."""

def load_variants(toml_text: str) -> Dict[str, "Variant"]:
    """Reads a variants file's text (TOML, docs/variants.md); each variant it defines by name.

    Raises ValueError with the engine's one-line message for a bad text.
    """

class Variant:
    """A variant defined by a variants-file text, for ``Board`` or ``Engine``."""

    @property
    def name(self) -> str: ...
    def toml(self) -> str:
        """The definition written out whole as a variants file."""
    def options(self) -> List[str]:
        """The rule options the definition offers."""

class Board:
    """A position of one game, with the moves that led to it.

    ``variant`` is a built-in variant's name or a ``Variant``; ``fen`` a position (the
    start when None); ``options`` rule options to switch on. Raises ValueError for an unknown
    variant or option and for a bad FEN.
    """

    def __init__(
        self,
        variant: Union[str, Variant, None] = "kaissa",
        fen: Optional[str] = None,
        options: Optional[List[str]] = None,
    ) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def options(self) -> List[str]: ...
    @property
    def turn(self) -> str:
        """The player to move by the game's name for it (Yellow, Red, White, Black, Blue)."""
    @property
    def move_stack(self) -> List[str]:
        """The moves played on this board, first move first."""
    def legal_moves(self) -> List[str]:
        """The legal moves in engine notation."""
    def push(self, move: str) -> None:
        """Plays a move in engine notation; ValueError when it is not legal here."""
    def pop(self) -> str:
        """Takes back the last move and returns it; IndexError when there is none."""
    def fen(self) -> str: ...
    def is_game_over(self) -> bool: ...
    def result(self) -> str:
        """``1-0 {Yellow captures the Home Stone}`` and the like; ``*`` while it goes on."""
    def perft(self, depth: int) -> int:
        """Leaves of the legal-move tree ``depth`` plies deep."""
    def divide(self, depth: int) -> List[Tuple[str, int]]:
        """Perft split by the first move."""
    def copy(self) -> "Board": ...
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: Any) -> "Board": ...
    def _repr_svg_(self) -> str:
        """The board as SVG (notebooks show it)."""

class Line:
    """One line of a search."""

    @property
    def multipv(self) -> int: ...
    @property
    def score(self) -> str: ...
    @property
    def cp(self) -> Optional[int]: ...
    @property
    def mate(self) -> Optional[int]: ...
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def pv(self) -> List[str]: ...

class SearchResult(Line):
    """A finished search: the chosen move's line (score, depth, nodes, PV) and the move."""

    @property
    def best(self) -> Optional[str]: ...
    @property
    def ponder(self) -> Optional[str]: ...
    @property
    def lines(self) -> List[Line]:
        """The last report of each line, best first."""

class Engine:
    """The engine of one game, with its built-in net; ``level`` 0 (weakest) to 20 (full)."""

    def __init__(
        self,
        variant: Union[str, Variant, None] = "kaissa",
        threads: int = 1,
        hash_mb: int = 64,
        level: int = 20,
        options: Optional[List[str]] = None,
    ) -> None: ...
    @property
    def variant(self) -> str: ...
    def search(
        self,
        board: Board,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime_ms: Optional[int] = None,
        multipv: int = 1,
    ) -> SearchResult:
        """Searches the board's position, the GIL released; one second when no limit."""
    def clear_hash(self) -> None: ...
