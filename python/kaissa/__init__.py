"""The kaissa game engine in Python.

Boards, perft and the engine's search for every game kaissa plays: the five Kaissa rule
sets, Donkey Kaissa, Caïssa, Jikaida and its forms, and games of your own from a variants
file's text::

    import kaissa
    board = kaissa.Board("caissa")
    board.push(board.legal_moves()[0])
    result = kaissa.Engine("caissa").search(board, depth=6)
    print(result.best, result.score, result.pv)

Moves are written as the engine writes them (``e2e4``, ``H@c3``, ``h9i10r``).
"""

from ._kaissa import (
    Board,
    Engine,
    Line,
    SearchResult,
    Variant,
    load_variants,
    variants,
)

__all__ = [
    "Board",
    "Engine",
    "Line",
    "SearchResult",
    "Variant",
    "load_variants",
    "variants",
]
